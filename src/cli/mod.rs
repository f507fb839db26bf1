//! Command-line plumbing shared by the commands: rule overrides, board loading, player selection.

pub mod boards;
pub mod compare;
pub mod completions;
pub mod decode;
pub mod dice;
mod error;
pub mod generate;
pub mod methods;
pub mod out;
pub mod play;
pub mod progress;
pub mod range;
pub mod records;
pub mod render;
pub mod reproduce;
pub mod review;
pub mod serve;
pub mod solve;
pub mod solve_game;
pub mod strategies;
pub mod sweep;
pub mod validate;

use boardpath::board::rules::{parse_choice, parse_die_list};
use boardpath::board::{Board, GoalMode, Metric, Rounding, RuleOverrides};
use boardpath::solve::METHODS;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
pub use error::Error;

/// Rule overrides shared by every command that solves.
#[derive(Args, Default, Clone)]
pub struct RuleArgs {
    /// Override the metric: euclidean, manhattan or chebyshev.
    #[arg(long, value_parser = |s: &str| parse_choice("metric", s, &Metric::ALL))]
    pub metric: Option<Metric>,
    /// Override the rounding: per-move or exact.
    #[arg(long, value_parser = |s: &str| parse_choice("rounding", s, &Rounding::ALL))]
    pub rounding: Option<Rounding>,
    /// Override the goal mode: slots or stack.
    #[arg(long, value_parser = |s: &str| parse_choice("goal_mode", s, &GoalMode::ALL))]
    pub goal_mode: Option<GoalMode>,
    /// Allow moves inside the goal (slots mode).
    #[arg(long, conflicts_with = "no_moves_in_goal")]
    pub moves_in_goal: bool,
    /// Forbid moves inside the goal (slots mode).
    #[arg(long)]
    pub no_moves_in_goal: bool,
    /// Override the die faces, e.g. `1,2,3,4,5,6,7,8`, or as a range, `1-8`.
    #[arg(long, value_parser = |s: &str| parse_die_list(s).map(Faces))]
    pub die: Option<Faces>,
}

/// Die faces from `--die`, one value (a `Vec` would make clap expect several arguments).
#[derive(Clone, Debug)]
pub struct Faces(pub Vec<u32>);

impl RuleArgs {
    /// The overrides given.
    pub fn overrides(&self) -> RuleOverrides {
        RuleOverrides {
            die: self.die.as_ref().map(|f| f.0.clone()),
            metric: self.metric,
            rounding: self.rounding,
            goal_mode: self.goal_mode,
            moves_in_goal: match (self.moves_in_goal, self.no_moves_in_goal) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
        }
    }
}

/// Output format of `solve` and `boards`.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum Format {
    /// Human-readable tables.
    #[default]
    Text,
    /// One JSON document: `schema` (`boardpath.COMMAND/1`), `provenance` (version, commit,
    /// command line, each board's SHA-256) and `results` (see docs/json.md).
    Json,
}

/// Prints a board's warnings (see [`Board::warnings`]) on standard error.
pub fn print_warnings(board: &Board) {
    for w in &board.warnings {
        say(format_args!("warning: {w}"));
    }
}

/// Writes a line on standard error as `eprintln!` does, but where standard error is closed (`2>&1
/// | head -1`) or failing the line is dropped: `eprintln!` would panic, and the panic's own message
/// to the same place would abort the program.
pub fn say(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Loads a board (file or embedded name), printing its warnings on standard error.
pub fn load_board(name: &str) -> Result<Board, Error> {
    let board = Board::load(name)?;
    print_warnings(&board);
    Ok(board)
}

/// Loads a board (file or embedded name), as [`load_board`] does, and applies rule overrides.
pub fn load(name: &str, rules: &RuleArgs) -> Result<Board, Error> {
    with_rules(load_board(name)?, rules)
}

/// `board` with the rule overrides applied.
pub fn with_rules(board: Board, rules: &RuleArgs) -> Result<Board, Error> {
    let overrides = rules.overrides();
    Ok(if overrides.is_empty() {
        board
    } else {
        board.with_overrides(&overrides)?
    })
}

/// The players selected by `--player NAME|all` (default: the first), as every job selects them.
pub fn players(board: &Board, player: Option<&str>) -> Result<Vec<usize>, Error> {
    Ok(boardpath::jobs::players(board, player)?)
}

/// A `--method` value parser over the catalogue: `--help` lists every method with its summary.
pub fn method_parser(with_all: bool) -> impl TypedValueParser<Value = String> {
    let mut values: Vec<PossibleValue> = METHODS
        .iter()
        .map(|m| PossibleValue::new(m.name).help(m.summary))
        .collect();
    if with_all {
        values.push(PossibleValue::new("all").help("every method of the catalogue"));
    }
    PossibleValuesParser::new(values)
}
