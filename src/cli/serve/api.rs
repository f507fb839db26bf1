//! The workbench's HTTP API. Every endpoint takes the board's TOML as the request body and the
//! options of its command as query parameters (their names without the dashes:
//! `?player=all&goal-mode=stack&moves-in-goal=true`), plus `file`, the name the board's messages
//! and provenance give it (default `board.toml`):
//!
//! - `POST /api/solve`: what `solve FILE --format json` prints for that file;
//! - `POST /api/render`: the SVG `render FILE -o x.svg` writes;
//! - `POST /api/compare`: what `compare FILE --repeat 1 --format json` prints;
//! - `POST /api/dice`: what `dice FILE --format json` prints;
//! - `POST /api/play`: what `play FILE --format json` prints: a tournament of the real game
//!   (`players`, `pieces`, `rules` in the syntax `PRESET[,SWITCH=VALUE...]`, `policy`, `games`,
//!   `seed`, `adjacent`), the policies those that read no file and solve nothing first
//!   ([`PLAY_POLICIES`]).
//!
//! The query is parsed by the command's own argument parser, so it means exactly what the command
//! line does, and a JSON document's `provenance.command` is that command line. A board with
//! problems is answered with 422 and every problem as `[{file, line, column, message}]` (`line`
//! and `column` from 1, `null` where the problem has no place in the file); other failures use the
//! same shape: 400 for a bad query, 413 for a body over the limit, 404, 405, and 403 for a `Host`
//! that is not this server's.
//!
//! Every request is bounded before its work starts: the body (`serve --max-body`, else 413), nodes
//! per player (`serve --budget`: a query may ask for fewer, not more, else 400), the tries of
//! `dice` (at most [`MAX_TRIES`], else 400), the games of `play` (`serve --max-games`, else
//! 400), the board's pieces and tiles (`serve --max-pieces`,
//! `--max-tiles`, else 422), the answer's estimated size (`serve --max-answer`, else 413), the
//! states of a dice model (`serve --max-dice-states`, else 422). Work that runs past
//! `serve --timeout` is cancelled (see [`cancel`]) and answered 503; the server goes on with the
//! next request. A board's warnings (legal but most likely a mistake) come in the header
//! `Boardpath-Warnings`, in the problems' shape, so that the body stays what the command prints.

use super::super::compare;
use super::super::dice;
use super::super::play::{self, PlayArgs};
use super::super::render::{self, DEFAULT_METHOD, RenderArgs};
use super::super::solve::{self, SolveArgs, solutions};
use super::super::{Error, RuleArgs, players, with_rules};
use boardpath::board::embedded::decode_text;
use boardpath::board::{Board, BoardError, GoalMode, Metric, Rounding};
use boardpath::cancel;
use boardpath::dice::Analysis;
use boardpath::jobs::{self, CompareBoard, DiceJob, JobError};
use boardpath::solve::{METHODS, PlayerSolveError};
use clap::Parser;
use serde::Serialize;
use serde_json::json;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use super::http::{Connection, Head};

/// The most `tries` a `dice` query may ask for: the dice solver's time grows with them (the
/// standard rules give 3).
pub const MAX_TRIES: u64 = 100;

/// The policies `/api/play` plays: those that need nothing but the game (no file read, no
/// solution computed first, so that the request's work is the games, bounded by `--max-games`).
pub const PLAY_POLICIES: [&str; 5] = ["random", "front", "rear", "aggressive", "defensive"];

/// Bytes a move takes at most in an answer (a `solve` JSON move, a drawn move in SVG).
const ANSWER_PER_MOVE: u64 = 400;
/// Bytes a drawn tile takes at most in an answer.
const ANSWER_PER_TILE: u64 = 400;

/// What one request may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest body, in bytes.
    pub max_body: u64,
    /// The most nodes a method may expand per player.
    pub budget: u64,
    /// The most states of a dice model.
    pub max_dice_states: u64,
    /// The most pieces of a board, all players together.
    pub max_pieces: u64,
    /// The most tiles of a board (track, waiting and goal tiles).
    pub max_tiles: u64,
    /// The largest answer, in bytes, estimated before the work and checked after it.
    pub max_answer: u64,
    /// The most games of one `/api/play` tournament.
    pub max_games: u64,
    /// How long one request's work may run before it is cancelled.
    pub timeout: Duration,
}

/// The server's state: the page, the limits, and the lock that lets one request work at a time.
pub struct Api {
    /// The workbench page.
    pub page: String,
    /// What one request may use.
    pub limits: Limits,
    /// The port listened on, which the `Host` header must name.
    pub port: u16,
    /// Held while a request works: a request's memory is freed before the next one's work starts.
    pub work: Mutex<()>,
    /// The play page's games (`/play`, `/api/game/...`).
    pub games: std::sync::Arc<super::game::Games>,
    /// The play page.
    pub play_page: String,
}

/// An answer.
pub struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    /// The board's warnings, as JSON problems, when it has any.
    warnings: Option<String>,
}

impl Reply {
    fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.into(),
            warnings: None,
        }
    }

    /// The answer with `board`'s warnings, if it has any.
    fn warn(mut self, board: &Board) -> Reply {
        if !board.warnings.is_empty() {
            let problems: Vec<Problem> = board.warnings.iter().map(Problem::from).collect();
            self.warnings = Some(header_json(&problems));
        }
        self
    }

    /// Sends the answer on `connection` (the headers alone for `HEAD`).
    pub fn send(self, connection: Connection, head_only: bool) {
        let mut headers = vec![
            ("Content-Type", self.content_type.to_string()),
            ("Cache-Control", "no-store".to_string()),
            ("X-Content-Type-Options", "nosniff".to_string()),
        ];
        if let Some(w) = self.warnings {
            headers.push(("Boardpath-Warnings", w));
        }
        // A client that went away before its answer is no error of the server's.
        let _ = connection.respond(self.status, &headers, &self.body, head_only);
    }
}

/// A refusal to read a request, in the API's shape.
pub fn refusal(r: super::http::Refusal) -> Reply {
    Failure::new(r.status, None, r.message).reply()
}

/// `problems` as JSON that may stand in a header: one line, ASCII only (`\uXXXX` escapes).
fn header_json(problems: &[Problem]) -> String {
    let text = serde_json::to_string(problems).unwrap_or_default();
    let mut ascii = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !c.is_ascii_control() {
            ascii.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                ascii.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    ascii
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

impl From<&boardpath::board::Diagnostic> for Problem {
    fn from(d: &boardpath::board::Diagnostic) -> Problem {
        Problem {
            file: Some(d.origin.clone()),
            line: d.position.map(|p| p.0),
            column: d.position.map(|p| p.1),
            message: d.message.clone(),
        }
    }
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
                problems: diags.iter().map(Problem::from).collect(),
            },
            Error::Usage(m) => Failure::new(400, None, m),
            Error::Internal(_) => Failure::new(500, None, e.to_string()),
            Error::Solve(PlayerSolveError::GaveUp { .. }) => Failure::new(
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
            warnings: None,
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

const PLAY: Endpoint = Endpoint {
    command: "play",
    options: &["players", "pieces", "rules", "policy", "games", "seed"],
    switches: &["adjacent"],
    fixed: &["--format", "json"],
    budget: false,
    run: Api::play,
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
                capped_count(&key, &value, limits)?;
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
        if self.budget && budget.is_none() {
            options.push(format!("--budget={}", limits.budget));
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

/// Refuses a count the server caps below the command line's own limit (`tries`, `budget`) unless
/// it is a whole number from 1 to the cap, naming the parameter, the value and the range (the
/// command's parser would name its own, wider range).
fn capped_count(key: &str, value: &str, limits: &Limits) -> Result<(), Failure> {
    let (most, why) = match key {
        "tries" => (
            MAX_TRIES,
            format!(
                "this server allows at most {MAX_TRIES} tries per turn (the standard rules give 3)"
            ),
        ),
        "games" => (
            limits.max_games,
            format!(
                "this server plays at most {} games a request (serve --max-games)",
                limits.max_games
            ),
        ),
        "budget" => (
            limits.budget,
            format!(
                "this server allows at most {} nodes per player (serve --budget)",
                limits.budget
            ),
        ),
        _ => return Ok(()),
    };
    match value.parse::<u64>() {
        Ok(n) if (1..=most).contains(&n) => Ok(()),
        _ => Err(Failure::new(
            400,
            None,
            format!("{key}={value}: valid is 1 to {most}; {why}"),
        )),
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
    /// The answer to the request `head` on `connection` (whose body is read only once the query
    /// is known to be good).
    pub fn answer(&self, head: &Head, connection: &mut Connection) -> Reply {
        match self.route(head, connection) {
            Ok(reply) => reply,
            Err(f) => f.reply(),
        }
    }

    fn route(&self, head: &Head, connection: &mut Connection) -> Result<Reply, Failure> {
        self.check_host(head)?;
        let url = head.target.as_str();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        if path == "/play" || path.starts_with("/api/game/") {
            return self.game(head, connection, path);
        }
        let endpoint = match path {
            "/api/solve" => &SOLVE,
            "/api/render" => &RENDER,
            "/api/compare" => &COMPARE,
            "/api/dice" => &DICE,
            "/api/play" => &PLAY,
            "/" => {
                return match head.method.as_str() {
                    "GET" | "HEAD" => Ok(Reply::ok("text/html; charset=utf-8", self.page.clone())),
                    m => Err(Failure::new(405, None, format!("{m} /: use GET"))),
                };
            }
            _ => {
                return Err(Failure::new(
                    404,
                    None,
                    format!(
                        "no such page: {path}; the workbench is at /, the play page at /play, the API at /api/solve, /api/render, /api/compare, /api/dice, /api/play, /api/game/state and /api/game/review"
                    ),
                ));
            }
        };
        if head.method != "POST" {
            return Err(Failure::new(
                405,
                None,
                format!(
                    "{} {path}: use POST, with the board's TOML as the body",
                    head.method
                ),
            ));
        }
        let command = endpoint.command(query, &self.limits)?;
        let body = self.body(head, connection, "the board")?;
        let file = command.file.clone();
        let reply = self.work(|| (endpoint.run)(self, command, body));
        let fail = |stop| match stop {
            Stop::Command(e) => Failure::of(e, &file, &self.limits),
            Stop::Request(f) => f,
        };
        let reply = reply.map_err(fail)?;
        if reply.body.len() as u64 > self.limits.max_answer {
            return Err(Failure::new(
                413,
                Some(&file),
                format!(
                    "the answer is {} bytes, more than the {} this server sends (serve --max-answer)",
                    reply.body.len(),
                    self.limits.max_answer
                ),
            ));
        }
        Ok(reply)
    }

    /// The request's body, at most `serve --max-body` bytes (`what` names it in the refusal).
    fn body(
        &self,
        head: &Head,
        connection: &mut Connection,
        what: &str,
    ) -> Result<Vec<u8>, Failure> {
        let max = self.limits.max_body;
        connection
            .body(
                head,
                max,
                &format!(
                    "{what} is larger than {max} bytes, the most this server takes (serve --max-body)"
                ),
            )
            .map_err(|r| Failure::new(r.status, None, r.message))
    }

    /// The play page (`GET /play`) and its API (`POST /api/game/state`, `/api/game/review`): not
    /// under the work lock, since a look-up is a replay of at most
    /// [`super::game::MAX_TURNS`] turns and the solving runs on a thread of its own.
    fn game(&self, head: &Head, connection: &mut Connection, path: &str) -> Result<Reply, Failure> {
        if path == "/play" {
            return match head.method.as_str() {
                "GET" | "HEAD" => Ok(Reply::ok(
                    "text/html; charset=utf-8",
                    self.play_page.clone(),
                )),
                m => Err(Failure::new(405, None, format!("{m} /play: use GET"))),
            };
        }
        if head.method != "POST" {
            return Err(Failure::new(
                405,
                None,
                format!("{} {path}: use POST, with a JSON body", head.method),
            ));
        }
        let body = self.body(head, connection, "the request")?;
        let what = path.trim_start_matches("/api/game/");
        let answer = self.games.answer(what, &body);
        Ok(Reply {
            status: answer.status,
            content_type: "application/json",
            body: serde_json::to_vec(&answer.body).unwrap_or_default(),
            warnings: None,
        })
    }

    /// Runs `work` alone (one request works at a time), cancelling it (see [`cancel`]) when it
    /// runs past the deadline: its answer is then 503, whatever it returned.
    fn work(&self, work: impl FnOnce() -> Result<Reply, Stop>) -> Result<Reply, Stop> {
        let _alone = self.work.lock().unwrap_or_else(|p| p.into_inner());
        cancel::reset();
        let timeout = self.limits.timeout;
        let result = std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let watchdog = scope.spawn(move || {
                if finished.recv_timeout(timeout) == Err(RecvTimeoutError::Timeout) {
                    cancel::request();
                }
            });
            let result = work();
            drop(done);
            let _ = watchdog.join();
            result
        });
        if cancel::requested() {
            cancel::reset();
            return Err(Stop::Request(Failure::new(
                503,
                None,
                format!(
                    "the request ran past {} s, the most this server gives one request (serve --timeout), and was stopped; ask for less (a smaller budget, fewer players or methods)",
                    timeout.as_secs_f64()
                ),
            )));
        }
        result
    }

    /// Refuses a request whose `Host` is not this server's address: a page from elsewhere whose
    /// name was made to point at 127.0.0.1 (DNS rebinding) gets nothing.
    fn check_host(&self, head: &Head) -> Result<(), Failure> {
        let ours = [
            format!("127.0.0.1:{}", self.port),
            format!("localhost:{}", self.port),
        ];
        match head.header("Host") {
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

    /// Refuses a board larger than the limits (422) or whose answer would be (413), before any
    /// work on it; `moves` says whether the answer lists each piece's moves (solve, render).
    fn check_size(
        &self,
        board: &Board,
        file: &str,
        players: &[usize],
        moves: bool,
    ) -> Result<(), Stop> {
        let l = &self.limits;
        let pieces: usize = board.players.iter().map(|p| p.pieces()).sum();
        let tiles = board.tile_count();
        let refuse = |status, m: String| Err(Stop::Request(Failure::new(status, Some(file), m)));
        if pieces as u64 > l.max_pieces {
            return refuse(
                422,
                format!(
                    "the board has {pieces} pieces, more than the {} this server takes (serve --max-pieces)",
                    l.max_pieces
                ),
            );
        }
        if tiles as u64 > l.max_tiles {
            return refuse(
                422,
                format!(
                    "the board has {tiles} tiles, more than the {} this server takes (serve --max-tiles)",
                    l.max_tiles
                ),
            );
        }
        if moves {
            // Each move is at least one step, so a piece makes at most its route's steps; a move
            // takes under ANSWER_PER_MOVE bytes of JSON or SVG, a drawn tile under ANSWER_PER_TILE.
            let steps: u64 = players
                .iter()
                .map(|&p| {
                    let p = &board.players[p];
                    p.pieces() as u64 * (p.track_steps + p.goal.len()) as u64
                })
                .sum();
            let estimate =
                steps * ANSWER_PER_MOVE + (players.len() * tiles) as u64 * ANSWER_PER_TILE;
            if estimate > l.max_answer {
                return refuse(
                    413,
                    format!(
                        "the answer could take {estimate} bytes ({steps} moves at most), more than the {} this server sends (serve --max-answer); ask for fewer players",
                        l.max_answer
                    ),
                );
            }
        }
        Ok(())
    }

    /// `/api/solve`.
    fn solve(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: SolveArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let job = args.job()?;
        let players = players(&board, args.player.as_deref())?;
        self.check_size(&board, &command.file, &players, true)?;
        let solved = solutions(&board, &job)?;
        let text = solve::json(&board, &solved, command.argv)?;
        Ok(Reply::ok("application/json", text).warn(&board))
    }

    /// `/api/render`.
    fn render(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: RenderArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let shown = players(&board, args.player.as_deref())?;
        self.check_size(&board, &command.file, &shown, true)?;
        let (request, _) = render::request(&args, &board)?;
        let svg = boardpath::render::svg(&board, &request).map_err(Error::from)?;
        Ok(Reply::ok("image/svg+xml", svg).warn(&board))
    }

    /// `/api/compare`.
    fn compare(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: compare::CompareArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let players = players(&board, args.table.player.as_deref())?;
        self.check_size(&board, &command.file, &players, false)?;
        let warnings = Reply::ok("", "").warn(&board).warnings;
        let entry = CompareBoard {
            label: &command.file,
            board: &board,
            player: args.table.player.as_deref(),
        };
        let report = jobs::compare(&[entry], &args.table.job(), &mut |_| {
            ControlFlow::Continue(())
        })?;
        let text = compare::json([&board], &report, command.argv)?;
        let mut reply = Reply::ok("application/json", text);
        reply.warnings = warnings;
        Ok(reply)
    }

    /// `/api/dice`: refuses a model of more states than the limit before solving it.
    fn dice(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let args: dice::DiceArgs = command.parse()?;
        let board = board(body, &command.file, &args.rules)?;
        let players = players(&board, args.player.as_deref())?;
        self.check_size(&board, &command.file, &players, false)?;
        let job = DiceJob {
            max_states: Some(self.limits.max_dice_states),
            ..dice::job(&args)
        };
        let analyses: Vec<Analysis> = match jobs::dice(&board, &job, None) {
            Err(JobError::DiceStates {
                player,
                states,
                most,
            }) => {
                return Err(Stop::Request(Failure::new(
                    422,
                    Some(&command.file),
                    format!(
                        "player {player}: the dice model has {states} states, more than the {most} this server allows (serve --max-dice-states)"
                    ),
                )));
            }
            done => done?.into_iter().map(|a| a.analysis).collect(),
        };
        let text = dice::json(&board, &analyses, command.argv)?;
        Ok(Reply::ok("application/json", text).warn(&board))
    }
}

impl Api {
    /// `/api/play`: a tournament of at most `--max-games` games (the command's default, 10,000,
    /// capped there too), of the policies in [`PLAY_POLICIES`].
    fn play(&self, command: Command, body: Vec<u8>) -> Result<Reply, Stop> {
        let mut args: PlayArgs = command.parse()?;
        if !command.argv.iter().any(|a| a.starts_with("--games=")) {
            args.games = args.games.min(self.limits.max_games);
        }
        let board = board(body, &command.file, &RuleArgs::default())?;
        let all: Vec<usize> = (0..board.players.len()).collect();
        self.check_size(&board, &command.file, &all, false)?;
        for name in args.policy.split(',').map(str::trim) {
            if !PLAY_POLICIES.contains(&name) {
                return Err(Stop::Request(Failure::new(
                    400,
                    None,
                    format!(
                        "policy \"{name}\": this server plays {}; the others read files or solve first (use the command line)",
                        PLAY_POLICIES.join(", ")
                    ),
                )));
            }
        }
        let report = jobs::play(&board, &play::job(&args), &|_| {})?;
        let text = super::super::out::json_document_of("play", command.argv, [&board], &report)?;
        Ok(Reply::ok("application/json", text).warn(&board))
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

impl From<JobError> for Stop {
    fn from(e: JobError) -> Self {
        Stop::Command(e.into())
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
        "max_games": limits.max_games,
        "play_policies": PLAY_POLICIES,
    })
}
