//! Why a player could not be solved: the race's and the encoding's errors, wrapped, and the
//! search's own.

use crate::encoding::EncodingError;
use crate::race::RaceError;
use crate::text::thousands;
use std::fmt;

/// Why a board could not be solved.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSolveError {
    /// The race cannot be compiled or won.
    Race(RaceError),
    /// The encoding cannot represent this board.
    Encoding(EncodingError),
    /// The method ran out of its node budget.
    GaveUp {
        /// Method name.
        method: &'static str,
        /// Piece number, from 1.
        piece: usize,
        /// Nodes expanded when it stopped, summed over the pieces so far.
        nodes: u64,
        /// Where it was (e.g. the last bound), in words.
        at: String,
    },
    /// No method of that name.
    UnknownMethod {
        /// The name asked for.
        name: String,
        /// The catalogue's names.
        known: Vec<&'static str>,
    },
    /// A broken invariant: a bug, reported rather than panicking.
    Internal(String),
}

impl PlayerSolveError {
    /// An internal error with `what` happened.
    pub fn internal(what: &str) -> Self {
        PlayerSolveError::Internal(what.to_string())
    }
}

impl fmt::Display for PlayerSolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSolveError::Race(e) => write!(f, "{e}"),
            PlayerSolveError::Encoding(e) => write!(f, "{e}"),
            PlayerSolveError::GaveUp {
                method,
                piece,
                nodes,
                at,
            } => write!(
                f,
                "{method} gave up on piece {piece} after {} {} ({at}); raise --budget or choose another method (see `boardpath methods`)",
                thousands(*nodes),
                if *nodes == 1 { "node" } else { "nodes" }
            ),
            PlayerSolveError::UnknownMethod { name, known } => {
                write!(
                    f,
                    "unknown method \"{name}\"; expected one of {}",
                    known.join(", ")
                )
            }
            PlayerSolveError::Internal(what) => write!(f, "internal error (please report): {what}"),
        }
    }
}

impl std::error::Error for PlayerSolveError {}

impl From<RaceError> for PlayerSolveError {
    fn from(e: RaceError) -> Self {
        PlayerSolveError::Race(e)
    }
}

impl From<EncodingError> for PlayerSolveError {
    fn from(e: EncodingError) -> Self {
        PlayerSolveError::Encoding(e)
    }
}
