//! The one error type the command line reports, wrapping each concern's own error.

use boardpath::board::BoardError;
use boardpath::game::GameError;
use boardpath::jobs::JobError;
use boardpath::race::RaceError;
use boardpath::render::RenderError;
use boardpath::solve::PlayerSolveError;
use boardpath::text::plural;
use std::fmt;

/// Anything that stops a command; every variant exits 1 except [`Error::Usage`] (exit 2).
#[derive(Debug)]
pub enum Error {
    /// A board could not be loaded.
    Board(BoardError),
    /// A board could not be solved.
    Solve(PlayerSolveError),
    /// A picture could not be drawn.
    Render(RenderError),
    /// A value on the command line is invalid (bad bit-board value, unknown option value).
    Input(String),
    /// The command line itself is wrong.
    Usage(String),
    /// An output file could not be written.
    Output {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
    /// Results disagree with what was expected (e.g. `reproduce` found a mismatch).
    Mismatch(String),
    /// A bug: something that cannot happen did (e.g. a result that does not serialize).
    Internal(String),
    /// Standard output was closed by its reader (`| head`): the program ends quietly.
    ClosedPipe,
}

impl Error {
    /// The process exit code for this error, one policy for every command: 2 when the command line
    /// itself is malformed (an unknown option, a value of the wrong syntax or outside its range,
    /// options that do not combine), 1 when it is well-formed but the data is wrong or cannot be
    /// used (a board file, a player the board lacks, a bit-board value that does not fit the board,
    /// an unsolvable board, a failed write), 0 for a closed pipe (the reader has what it wanted).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            Error::ClosedPipe => 0,
            _ => 1,
        }
    }
}

impl Error {
    /// The same error with `prefix` before an input message (other errors unchanged).
    pub fn prefixed(self, prefix: &str) -> Error {
        match self {
            Error::Input(m) => Error::Input(format!("{prefix}{m}")),
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Board(e) => write!(f, "{e}"),
            Error::Solve(e) => write!(f, "{e}"),
            Error::Render(e) => write!(f, "{e}"),
            Error::Input(m) | Error::Usage(m) | Error::Mismatch(m) => write!(f, "{m}"),
            Error::Output { path, reason } => write!(f, "{path}: cannot write output: {reason}"),
            Error::Internal(m) => write!(f, "internal error (please report): {m}"),
            Error::ClosedPipe => write!(f, "standard output was closed"),
        }
    }
}

impl std::error::Error for Error {}

impl From<BoardError> for Error {
    fn from(e: BoardError) -> Self {
        Error::Board(e)
    }
}

impl From<PlayerSolveError> for Error {
    fn from(e: PlayerSolveError) -> Self {
        Error::Solve(e)
    }
}

impl From<RenderError> for Error {
    fn from(e: RenderError) -> Self {
        Error::Render(e)
    }
}

impl From<RaceError> for Error {
    fn from(e: RaceError) -> Self {
        Error::Solve(PlayerSolveError::Race(e))
    }
}

/// A job's error as the command line words it (a command whose options name it differently maps
/// that variant itself first: `solve-game` names its board and `--pieces`).
impl From<JobError> for Error {
    fn from(e: JobError) -> Self {
        match e {
            JobError::Player(e) => Error::from(e),
            JobError::Solve(e) => Error::Solve(e),
            // The board's own `[game] rules`: at their place in its file.
            JobError::Rules(GameError::BoardRules(d)) => Error::Board(BoardError::Invalid(vec![d])),
            JobError::PolicyCount { given, seats } => Error::Usage(format!(
                "--policy names {} for {}: give one policy for all seats, or one for each of the \
                 {seats} seats, comma-separated",
                plural(given, "policy", "policies"),
                plural(seats, "player", "players"),
            )),
            // A misspelt strategy is a malformed option; one that cannot be made is data.
            JobError::Strategy { unknown: true, .. } => Error::Usage(e.to_string()),
            JobError::Threads(e) => Error::Internal(e),
            e @ (JobError::Compare { .. }
            | JobError::Dice(_)
            | JobError::DiceStates { .. }
            | JobError::Rules(_)
            | JobError::Game(_)
            | JobError::Policy(_)
            | JobError::Memory(_)
            | JobError::Strategy { .. }
            | JobError::StrategiesMemory { .. }
            | JobError::OutOfCore(_)
            | JobError::Table(_)
            | JobError::GameSolve(_)
            | JobError::Graph(_)
            | JobError::NoTable { .. }
            | JobError::Stopped) => Error::Input(e.to_string()),
        }
    }
}
