//! Why a real-dice analysis could not be made.

use crate::race::RaceError;
use std::fmt;

/// Why a board could not be analysed under real dice.
#[derive(Clone, Debug, PartialEq)]
pub enum DiceError {
    /// The race cannot be compiled or won.
    Race(RaceError),
    /// The state space is too large for the exact solver.
    TooLarge {
        /// Number of states, or the reason the count is out of range.
        what: String,
    },
    /// A rule option is invalid for this board.
    Rules(String),
    /// The player cannot be sure to finish under this policy: some reachable position never ends.
    NeverFinishes {
        /// The policy, by name.
        policy: String,
    },
    /// The work was stopped by a [`cancel`](crate::cancel) request.
    Cancelled,
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::Race(e) => write!(f, "{e}"),
            DiceError::TooLarge { what } => {
                write!(f, "the real-dice state space is too large: {what}")
            }
            DiceError::Rules(m) => write!(f, "invalid dice rules: {m}"),
            DiceError::NeverFinishes { policy } => write!(
                f,
                "under the {policy} policy a reachable position can never finish (expected turns are infinite)"
            ),
            DiceError::Cancelled => write!(f, "stopped before the end (cancelled)"),
        }
    }
}

impl std::error::Error for DiceError {}

impl From<RaceError> for DiceError {
    fn from(e: RaceError) -> Self {
        DiceError::Race(e)
    }
}
