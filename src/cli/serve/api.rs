//! The workbench's HTTP API. Every endpoint takes the board's TOML as the request body and the
//! options of its command as query parameters (their names without the dashes:
//! `?player=all&goal-mode=stack&moves-in-goal=true`), plus `file`, the name the board's messages
//! and provenance give it (default `board.toml`):
//!
//! - `POST /api/solve`: what `solve FILE --format json` prints for that file;
//! - `POST /api/render`: the SVG `render FILE -o x.svg` writes;
//! - `POST /api/compare`: what `compare FILE --repeat 1 --format json` prints;
//! - `POST /api/dice`: what `dice FILE --format json` prints.
//!
//! The query is parsed by the command's own argument parser, so it means exactly what the command
//! line does, and a JSON document's `provenance.command` is that command line. A board with
//! problems is answered with 422 and every problem as `[{file, line, column, message}]` (`line`
//! and `column` from 1, `null` where the problem has no place in the file); other failures use the
//! same shape: 400 for a bad query, 413 for a body over the limit, 404, 405, and 403 for a `Host`
//! that is not this server's.
//!
//! Limits: the body (`serve --max-body`), nodes per player (`serve --budget`: a query may ask for
//! fewer, not more), the states of a dice model (`serve --max-dice-states`).

use super::super::compare;
use super::super::dice::{self, dice_error};
use super::super::render::{self, DEFAULT_METHOD, RenderArgs};
use super::super::solve::{self, SolveArgs, solutions};
use super::super::{Error, RuleArgs, players, with_rules};
use boardpath::board::embedded::decode_text;
use boardpath::board::{Board, BoardError, GoalMode, Metric, Rounding};
use boardpath::dice::{Model, analyse};
use boardpath::solve::{METHODS, SolveError};
use clap::Parser;
use serde::Serialize;
use serde_json::json;
use std::io::{Cursor, Read};

/// What one request may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest body, in bytes.
    pub max_body: u64,
    /// The most nodes a method may expand per player.
    pub budget: u64,
    /// The most states of a dice model.
    pub max_dice_states: u64,
}

/// The server's state: the page and the limits.
pub struct Api {
    /// The workbench page.
    pub page: String,
    /// What one request may use.
    pub limits: Limits,
    /// The port listened on, which the `Host` header must name.
    pub port: u16,
}

/// An answer.
pub struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Reply {
    fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.into(),
        }
    }

    /// The answer as tiny_http sends it.
    pub fn into_response(self) -> tiny_http::Response<Cursor<Vec<u8>>> {
        let header = |name: &str, value: &str| {
            tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
        };
        // The length is known: say so, rather than send large answers in chunks.
        let mut response = tiny_http::Response::from_data(self.body)
            .with_status_code(self.status)
            .with_chunked_threshold(usize::MAX);
        for h in [
            header("Content-Type", self.content_type),
            header("Cache-Control", "no-store"),
            header("X-Content-Type-Options", "nosniff"),
        ]
        .into_iter()
        .flatten()
        {
            response.add_header(h);
        }
        response
    }
}

/// One problem, as the API reports it.
#[derive(Debug, Serialize)]
struct Problem {
    /// The board's file name, or `null` for a problem with the request itself.
    file: Option<String>,
    /// 1-based line in the board's text, when the problem has a place.
    line: Option<usize>,
    /// 1-based column (in characters), when the problem has a place.
    column: Option<usize>,
    /// What is wrong and what would be valid: the command line's message.
    message: String,
}

/// A request that failed: its status and its problems.
#[derive(Debug)]
struct Failure {
    status: u16,
    problems: Vec<Problem>,
}

impl Failure {
    /// A failure with one problem that has no place in the board.
    fn new(status: u16, file: Option<&str>, message: impl Into<String>) -> Failure {
        Failure {
            status,
            problems: vec![Problem {
                file: file.map(String::from),
                line: None,
                column: None,
                message: message.into(),
            }],
        }
    }

    /// `e`, met working on the board named `file`: 422 for the board's problems (each at its
    /// place), 400 for a bad query, 500 for a bug.
    fn of(e: Error, file: &str, limits: &Limits) -> Failure {
        match e {
            Error::Board(BoardError::Invalid(diags)) => Failure {
                status: 422,
                problems: diags
                    .into_iter()
                    .map(|d| Problem {
                        file: Some(d.origin),
                        line: d.position.map(|p| p.0),
                        column: d.position.map(|p| p.1),
                        message: d.message,
                    })
                    .collect(),
            },
            Error::Usage(m) => Failure::new(400, None, m),
            Error::Internal(_) => Failure::new(500, None, e.to_string()),
            Error::Solve(SolveError::GaveUp { .. }) => Failure::new(
                422,
                Some(file),
                format!(
                    "{e} (this server allows at most {} nodes per player: serve --budget)",
                    limits.budget
                ),
            ),
            e => Failure::new(422, Some(file), e.to_string()),
        }
    }

    fn reply(self) -> Reply {
        Reply {
            status: self.status,
            content_type: "application/json",
            body: serde_json::to_vec_pretty(&self.problems).unwrap_or_default(),
        }
    }
}

/// One endpoint: the command it answers as and the query parameters it takes.
struct Endpoint {
    /// The command.
    command: &'static str,
    /// Parameters with a value: the command's options without their dashes.
    options: &'static [&'static str],
    /// Switches: `true` (or no value) gives the option, `false` leaves it out.
    switches: &'static [&'static str],
    /// Options the server adds, after the query's.
    fixed: &'static [&'static str],
    /// Whether the command has `--budget`, which the server caps.
    budget: bool,
    /// Runs the command on a board's bytes.
    run: fn(&Api, Command, Vec<u8>) -> Result<Reply, Stop>,
}

const SOLVE: Endpoint = Endpoint {
    command: "solve",
    options: &[
        "player",
        "method",
        "encoding",
        "bound",
        "budget",
        "metric",
        "rounding",
        "goal-mode",
        "die",
    ],
    switches: &["moves-in-goal", "no-moves-in-goal"],
    fixed: &["--format", "json"],
    budget: true,
    run: Api::solve,
};

const RENDER: Endpoint = Endpoint {
    command: "render",
    options: &[
        "player",
        "piece",
        "method",
        "budget",
        "metric",
        "rounding",
        "goal-mode",
        "die",
    ],
    switches: &["moves-in-goal", "no-moves-in-goal", "labels"],
    fixed: &["-o", "board.svg"],
    budget: true,
    run: Api::render,
};

const COMPARE: Endpoint = Endpoint {
    command: "compare",
    options: &[
        "player",
        "method",
        "budget",
        "metric",
        "rounding",
        "goal-mode",
        "die",
    ],
    switches: &["moves-in-goal", "no-moves-in-goal"],
    fixed: &["--repeat", "1", "--format", "json"],
    budget: true,
    run: Api::compare,
};

const DICE: Endpoint = Endpoint {
    command: "dice",
    options: &[
        "player",
        "objective",
        "policy",
        "start",
        "tries",
        "enter-faces",
        "metric",
        "rounding",
        "goal-mode",
        "die",
    ],
    switches: &[
        "no-goal-jump",
        "may-pass",
        "moves-in-goal",
        "no-moves-in-goal",
    ],
    fixed: &["--format", "json"],
    budget: false,
    run: Api::dice,
};

/// The command line a query stands for: `boardpath COMMAND FILE --option value ...`.
struct Command {
    /// The board's file name.
    file: String,
    /// The whole command line, program name first.
    argv: Vec<String>,
}

impl Endpoint {
    /// The command line `query` stands for, the budget capped at `limits`.
    fn command(&self, query: &str, limits: &Limits) -> Result<Command, Failure> {
        let mut file = "board.toml".to_string();
        let mut options: Vec<String> = Vec::new();
        let mut budget = None;
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            let bad = |m: String| Failure::new(400, None, m);
            if key == "file" {
                if value.is_empty() || value.starts_with('-') {
                    return Err(bad(format!(
                        "file \"{value}\": give the board's file name, e.g. file=ludo.toml"
                    )));
                }
                file = value.into_owned();
            } else if self.options.contains(&key.as_ref()) {
                if key == "budget" {
                    budget = Some(value.to_string());
                }
                // `--key=value`: a value that starts with a dash stays a value.
                options.push(format!("--{key}={value}"));
            } else if self.switches.contains(&key.as_ref()) {
                match value.as_ref() {
                    "" | "true" => options.push(format!("--{key}")),
                    "false" => {}
                    _ => {
                        return Err(bad(format!("{key}={value}: a switch is true or false")));
                    }
                }
            } else {
                let mut known = vec!["file"];
                known.extend(self.options);
                known.extend(self.switches);
                return Err(bad(format!(
                    "unknown query parameter \"{key}\"; /api/{} takes {}",
                    self.command,
                    known.join(", ")
                )));
            }
        }
        if self.budget {
            match budget.map(|b| b.parse::<u64>()) {
                // Not a number: the command's own parser says so.
                Some(Err(_)) => {}
                Some(Ok(n)) if n > limits.budget => {
                    return Err(Failure::new(
                        400,
                        None,
                        format!(
                            "budget {n}: this server allows at most {} nodes per player (serve --budget)",
                            limits.budget
                        ),
                    ));
                }
                Some(Ok(_)) => {}
                None => options.push(format!("--budget={}", limits.budget)),
            }
        }
        let mut argv = vec![
            "boardpath".to_string(),
            self.command.to_string(),
            file.clone(),
        ];
        argv.extend(options);
        argv.extend(self.fixed.iter().map(|s| s.to_string()));
        Ok(Command { file, argv })
    }
}

/// A command's arguments alone, to parse a query with the command's own definitions.
#[derive(Parser)]
#[command(name = "boardpath")]
struct Line<T: clap::Args> {
    #[command(flatten)]
    args: T,
}

impl Command {
    /// The arguments, parsed as the command line parses them.
    fn parse<T: clap::Args>(&self) -> Result<T, Failure> {
        // The command's name is not an argument of its own parser.
        let args = std::iter::once(&self.argv[0]).chain(&self.argv[2..]);
        Line::<T>::try_parse_from(args)
            .map(|l| l.args)
            .map_err(|e| {
                // clap's message and what would be valid, without the usage and the pointer to
                // `--help`, which are for a terminal.
                let text = e.to_string();
                let message = text
                    .lines()
                    .map(str::trim)
                    .take_while(|l| {
                        !l.starts_with("Usage:") && !l.starts_with("For more information")
                    })
                    .filter(|l| !l.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
                Failure::new(400, None, message.trim_start_matches("error: ").to_string())
            })
    }
}

impl Api {
    /// The answer to `request`.
    pub fn answer(&self, request: &mut tiny_http::Request) -> Reply {
        match self.route(request) {
            Ok(reply) => reply,
            Err(f) => f.reply(),
        }
    }

    fn route(&self, request: &mut tiny_http::Request) -> Result<Reply, Failure> {
        self.check_host(request)?;
        let url = request.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let endpoint = match path {
            "/api/solve" => &SOLVE,
            "/api/render" => &RENDER,
            "/api/compare" => &COMPARE,
            "/api/dice" => &DICE,
            "/" => {
                return match request.method() {
                    tiny_http::Method::Get | tiny_http::Method::Head => {
                        Ok(Reply::ok("text/html; charset=utf-8", self.page.clone()))
                    }
                    m => Err(Failure::new(405, None, format!("{m} /: use GET"))),
                };
            }
            _ => {
                return Err(Failure::new(
                    404,
                    None,
                    format!(
                        "no such page: {path}; the workbench is at /, the API at /api/solve, /api/render, /api/compare and /api/dice"
                    ),
                ));
            }
        };
        if *request.method() != tiny_http::Method::Post {
            return Err(Failure::new(
                405,
                None,
                format!(
                    "{} {path}: use POST, with the board's TOML as the body",
                    request.method()
                ),
            ));
        }
        let command = endpoint.command(query, &self.limits)?;
        let body = self.body(request)?;
        let file = command.file.clone();
        (endpoint.run)(self, command, body).map_err(|stop| match stop {
            Stop::Command(e) => Failure::of(e, &file, &self.limits),
            Stop::Request(f) => f,
        })
    }

    /// Refuses a request whose `Host` is not this server's address: a page from elsewhere whose
    /// name was made to point at 127.0.0.1 (DNS rebinding) gets nothing.
    fn check_host(&self, request: &tiny_http::Request) -> Result<(), Failure> {
        let host = request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Host"))
            .map(|h| h.value.as_str());
        let ours = [
            format!("127.0.0.1:{}", self.port),
            format!("localhost:{}", self.port),
        ];
        match host {
            Some(h) if !ours.iter().any(|o| o == h) => Err(Failure::new(
                403,
                None,
                format!(
                    "Host {h}: this server answers requests for http://127.0.0.1:{}/ only",
                    self.port
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The request's body, at most `max_body` bytes.
    fn body(&self, request: &mut tiny_http::Request) -> Result<Vec<u8>, Failure> {
        let max = self.limits.max_body;
        let too_large = || {
            Failure::new(
                413,
                None,
                format!(
                    "the board is larger than {max} bytes, the most this server takes (serve --max-body)"
                ),
            )
        };
        if request.body_length().is_some_and(|n| n as u64 > max) {
            return Err(too_large());
        }
        let mut body = Vec::new();
        request
            .as_reader()
            .take(max + 1)
            .read_to_end(&mut body)
            .map_err(|e| Failure::new(400, None, format!("cannot read the request: {e}")))?;
        if body.len() as u64 > max {
            return Err(too_large());
        }
        Ok(body)
    }

    /// `/api/solve`.
    fn solve(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: SolveArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let method = args.method()?;
        let players = players(&board, args.player.as_deref())?;
        let solved = solutions(&board, &players, method, args.budget, |_| {})?;
        let text = solve::json(&board, &solved, command.argv)?;
        Ok(Reply::ok("application/json", text))
    }

    /// `/api/render`.
    fn render(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: RenderArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let (request, _) = render::request(&args, &board)?;
        let svg = boardpath::render::svg(&board, &request).map_err(Error::from)?;
        Ok(Reply::ok("image/svg+xml", svg))
    }

    /// `/api/compare`.
    fn compare(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: compare::CompareArgs = command.parse()?;
        let options = compare::options(&args)?;
        let board = board(body, &command.file, &args.rules)?;
        let players = players(&board, args.table.player.as_deref())?;
        let jobs = vec![(command.file.clone(), board, players)];
        let report = compare::report(&jobs, &options, |_| {})?;
        let text = compare::json(&jobs, &report, command.argv)?;
        Ok(Reply::ok("application/json", text))
    }

    /// `/api/dice`: refuses a model of more states than the limit before solving it.
    fn dice(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: dice::DiceArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let players = players(&board, args.player.as_deref())?;
        let (objective, policy, rules) = dice::settings(&args);
        let mut analyses = Vec::new();
        for p in players {
            let states = Model::new(&board, p, &rules).map_err(dice_error)?.len();
            if states as u64 > self.limits.max_dice_states {
                return Err(Stop::Request(Failure::new(
                    422,
                    Some(&command.file),
                    format!(
                        "player {}: the dice model has {states} states, more than the {} this server allows (serve --max-dice-states)",
                        board.players[p].name, self.limits.max_dice_states
                    ),
                )));
            }
            let (_, _, analysis) =
                analyse(&board, p, &rules, objective, policy, None).map_err(dice_error)?;
            analyses.push(analysis);
        }
        let text = dice::json(&board, &analyses, command.argv)?;
        Ok(Reply::ok("application/json", text))
    }
}

/// Why an endpoint stopped: the command failed, or the request itself is refused.
enum Stop {
    Command(Error),
    Request(Failure),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Command(e)
    }
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Self {
        Stop::Request(f)
    }
}

/// The board in `body`, named `file`, with the rule overrides.
fn board(body: Vec<u8>, file: &str, rules: &RuleArgs) -> Result<Board, Error> {
    let text = decode_text(body, file)?;
    with_rules(Board::from_toml(&text, file)?, rules)
}

/// The names of a rule's values.
fn names<T>(all: &[(&'static str, T)]) -> Vec<&'static str> {
    all.iter().map(|(n, _)| *n).collect()
}

/// What the workbench's controls offer: the methods, the rule values and the limits.
pub fn choices(limits: &Limits) -> serde_json::Value {
    json!({
        "methods": METHODS
            .iter()
            .map(|m| json!({"name": m.name, "summary": m.summary, "exact": m.exact}))
            .collect::<Vec<_>>(),
        "default_method": DEFAULT_METHOD,
        "metric": names(&Metric::ALL),
        "rounding": names(&Rounding::ALL),
        "goal-mode": names(&GoalMode::ALL),
        "max_body": limits.max_body,
        "budget": limits.budget,
        "max_dice_states": limits.max_dice_states,
    })
}
