//! `solve-game --policy P0,P1`, `--exploitability P` and `--matrix LIST`: the exact worth of
//! strategies, evaluated by [`jobs::evaluate_strategies`]; this face reads the options into a
//! [`StrategiesJob`] and prints its report.

use super::{Error, out};
use boardpath::board::Board;
use boardpath::jobs::{
    self, JobError, NAMED_STRATEGIES, StrategiesJob, StrategiesReport, StrategyList, StrategyPair,
};

/// The `--format` values of `solve-game`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameFormat {
    /// Human-readable lines.
    Text,
    /// One JSON document.
    Json,
    /// Comma-separated values (the strategies' worth only).
    Csv,
}

/// What `solve-game` asks of the strategies: `--policy`, `--exploitability`, `--matrix`,
/// `--format`, and the game's and the machine's options.
pub struct Wanted<'a> {
    /// `--policy P0,P1`.
    pub policy: Option<&'a str>,
    /// `--exploitability P`.
    pub exploitability: Option<&'a str>,
    /// `--matrix LIST`.
    pub matrix: Option<&'a str>,
    /// `--format`.
    pub format: GameFormat,
    /// `--pieces`.
    pub pieces: usize,
    /// `--rules`.
    pub rules: Option<&'a str>,
    /// `--memory` (bytes).
    pub memory: Option<u64>,
    /// `--threads`.
    pub threads: Option<usize>,
}

impl Wanted<'_> {
    /// The option and the list as given, for an error about one of its strategies.
    fn given(&self, list: StrategyList) -> (&'static str, &str) {
        match list {
            StrategyList::Pair => ("--policy", self.policy.unwrap_or_default()),
            StrategyList::Exploitability => {
                ("--exploitability", self.exploitability.unwrap_or_default())
            }
            StrategyList::Matrix => ("--matrix", self.matrix.unwrap_or_default()),
        }
    }

    /// The job these options ask for; a list with an empty name or the wrong count is refused.
    fn job(&self) -> Result<StrategiesJob, Error> {
        let pair = match self.policy {
            Some(list) => match names(list, "--policy")?.as_slice() {
                [a, b] => Some([a.to_string(), b.to_string()]),
                s => {
                    return Err(Error::Usage(format!(
                        "--policy {list}: two strategies P0,P1 (seat 0's, then seat 1's), {} given",
                        s.len()
                    )));
                }
            },
            None => None,
        };
        let exploitability = match self.exploitability {
            Some(list) => match names(list, "--exploitability")?.as_slice() {
                [one] => Some(one.to_string()),
                s => {
                    return Err(Error::Usage(format!(
                        "--exploitability {list}: one strategy, {} given",
                        s.len()
                    )));
                }
            },
            None => None,
        };
        let matrix = match self.matrix {
            // `named` is the job's own word for the named strategies.
            Some("named") => Some(vec!["named".to_string()]),
            Some(list) => Some(
                names(list, "--matrix")?
                    .iter()
                    .map(|n| n.to_string())
                    .collect(),
            ),
            None => None,
        };
        Ok(StrategiesJob {
            pieces: self.pieces,
            rules: self.rules.map(str::to_string),
            pair,
            exploitability,
            matrix,
            memory: self.memory,
            threads: self.threads,
        })
    }

    /// A job's error as `solve-game` words it: a strategy with its option and list (a misspelt
    /// name is a malformed option, exit 2; a file that cannot be read is data, exit 1), the board
    /// named with a game it cannot set up.
    fn error(&self, e: JobError, board: &Board) -> Error {
        match e {
            JobError::Strategy {
                list,
                unknown,
                error,
            } => {
                let (option, given) = self.given(list);
                let message = format!("{option} {given}: {error}");
                if unknown {
                    Error::Usage(message)
                } else {
                    Error::Input(message)
                }
            }
            JobError::Game(e) => Error::Input(format!("{}: {e}", board.name)),
            e => e.into(),
        }
    }
}

/// The strategy names of the comma-separated `list` given to `option`, trimmed; an empty one is
/// refused with the valid names.
fn names<'a>(list: &'a str, option: &str) -> Result<Vec<&'a str>, Error> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(Error::Usage(format!(
            "{option} {list}: an empty strategy name (valid: {}, best-response, file:PATH)",
            NAMED_STRATEGIES.join(", ")
        )));
    }
    Ok(names)
}

/// Runs the strategies' part of `solve-game`: the job, then its report in the format asked.
pub fn run(args: &Wanted<'_>, board: &Board) -> Result<(), Error> {
    let job = args.job()?;
    let expanding = |_positions| {
        super::say(format_args!(
            "expanding every position of {} ({}, both movers)",
            board.name,
            boardpath::text::plural(job.pieces, "piece", "pieces")
        ))
    };
    let report =
        jobs::evaluate_strategies(board, &job, &expanding).map_err(|e| args.error(e, board))?;
    match args.format {
        GameFormat::Json => out::print(&out::json_document("solve-game", [board], &report)?),
        GameFormat::Csv => out::print(&csv(&report)),
        GameFormat::Text => out::print(&text(&report, args.matrix.is_some())),
    }
}

fn text(r: &StrategiesReport, matrix: bool) -> String {
    let mut s = format!(
        "{}: two players, rules {}, {} each; {} positions (one table per mover)\n\
         game value          {:.9} (first player, optimal play by both)\n",
        r.board,
        r.rules,
        boardpath::text::plural(r.pieces, "piece", "pieces"),
        r.positions,
        r.first_player_wins
    );
    if matrix {
        s += &matrix_text(&r.pairs);
    } else {
        for p in &r.pairs {
            s += &format!(
                "{} vs {}: first player wins {:.9}, second {:.9} (residual {:.1e})\n",
                p.first, p.second, p.first_player_wins, p.second_player_wins, p.residual
            );
        }
    }
    if let Some(l) = &r.exploitability {
        s += &format!(
            "{} as first player:  wins {:.9} against a best response (gives away {:.9})\n\
             {} as second player: wins {:.9} against a best response (gives away {:.9})\n\
             exploitability      {:.9} (the mean of the two)\n",
            l.strategy,
            l.as_first,
            l.loss_as_first,
            l.strategy,
            l.as_second,
            l.loss_as_second,
            l.mean_loss
        );
    }
    s
}

/// The pairs as a square table: rows seat 0's strategy, columns seat 1's, seat 0's win
/// probability in each cell.
fn matrix_text(pairs: &[StrategyPair]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for p in pairs {
        if !names.contains(&p.first.as_str()) {
            names.push(&p.first);
        }
    }
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(11);
    let mut s = format!(
        "first player's win probability (rows: the first player's strategy, columns: the second's)\n{:width$}",
        ""
    );
    for n in &names {
        s += &format!(" {n:>width$}");
    }
    s += "\n";
    for a in &names {
        s += &format!("{a:width$}");
        for b in &names {
            let cell = pairs
                .iter()
                .find(|p| p.first == *a && p.second == *b)
                .map_or(f64::NAN, |p| p.first_player_wins);
            s += &format!(" {cell:>width$.9}");
        }
        s += "\n";
    }
    s
}

fn csv(r: &StrategiesReport) -> String {
    let mut s = String::from(
        "board,rules,pieces,first,second,first_player_wins,second_player_wins,residual\n",
    );
    let q = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    for p in &r.pairs {
        s += &format!(
            "{},{},{},{},{},{:.12},{:.12},{:e}\n",
            q(&r.board),
            q(&r.rules),
            r.pieces,
            q(&p.first),
            q(&p.second),
            p.first_player_wins,
            p.second_player_wins,
            p.residual
        );
    }
    if let Some(l) = &r.exploitability {
        for (first, second, v) in [
            (l.strategy.as_str(), "best-response", l.as_first),
            ("best-response", l.strategy.as_str(), 1.0 - l.as_second),
        ] {
            s += &format!(
                "{},{},{},{},{},{:.12},{:.12},\n",
                q(&r.board),
                q(&r.rules),
                r.pieces,
                q(first),
                q(second),
                v,
                1.0 - v
            );
        }
    }
    s
}
