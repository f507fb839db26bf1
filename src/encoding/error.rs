//! Why an encoding cannot represent a race.

use std::fmt;

/// An encoding cannot represent this board or these rules, or a path does not decode.
#[derive(Clone, Debug, PartialEq)]
pub enum EncodingError {
    /// The board or rules are beyond what the encoding can represent.
    Unsupported {
        /// Encoding name.
        encoding: &'static str,
        /// What it cannot represent and what to do instead.
        reason: String,
    },
    /// A path of states is not a legal path of the race (a bug, reported rather than panicking).
    BadPath {
        /// Encoding name.
        encoding: &'static str,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::Unsupported { encoding, reason } => {
                write!(f, "the {encoding} encoding cannot solve this: {reason}")
            }
            EncodingError::BadPath { encoding, reason } => {
                write!(f, "internal error (please report): {encoding}: {reason}")
            }
        }
    }
}

impl std::error::Error for EncodingError {}
