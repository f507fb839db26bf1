//! Why a player's race cannot be compiled or finished.

use crate::board::goal_label;
use std::fmt;

/// Why a race could not be built, or cannot be won.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceError {
    /// A piece cannot reach its target goal tile.
    Unreachable {
        /// Player name.
        player: String,
        /// Piece number in finishing order, from 1.
        piece: usize,
        /// Target goal tile index.
        target: usize,
        /// Why, in words.
        reason: String,
    },
    /// No player of that name.
    UnknownPlayer {
        /// The name asked for.
        name: String,
        /// The board's player names.
        known: Vec<String>,
    },
    /// A cost, or the largest total, is beyond what the cost type holds exactly.
    Cost {
        /// Player name.
        player: String,
        /// Which move or sum, in words.
        what: String,
        /// Its length in units.
        length: f64,
        /// The largest the cost type holds exactly.
        limit: f64,
    },
    /// The race has more (step, face) pairs than [`MAX_MOVES`](super::MAX_MOVES).
    TooLarge {
        /// Player name.
        player: String,
        /// Steps of the race.
        steps: usize,
        /// Die faces.
        faces: usize,
        /// The limit on steps x faces.
        limit: usize,
    },
    /// The cost type asked for does not follow the board's rounding (a library misuse: use
    /// [`crate::solve::solve`], which picks the cost type from the board).
    CostType {
        /// The board's rounding.
        rounding: &'static str,
        /// The rounding the cost type implements.
        asked: &'static str,
    },
}

impl fmt::Display for RaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceError::Unreachable {
                player,
                piece,
                target,
                reason,
            } => write!(
                f,
                "player \"{player}\", piece {piece} (target goal tile {}) cannot finish: {reason}",
                goal_label(*target)
            ),
            RaceError::UnknownPlayer { name, known } => write!(
                f,
                "no player \"{name}\" on this board; players are: {}, or \"all\"",
                known.join(", ")
            ),
            RaceError::Cost {
                player,
                what,
                length,
                limit,
            } => write!(
                f,
                "player \"{player}\": {what} is {length:e} units, beyond {limit:e}, the largest this board's rounding counts exactly; bring the coordinates closer together"
            ),
            RaceError::TooLarge {
                player,
                steps,
                faces,
                limit,
            } => write!(
                f,
                "player \"{player}\": {steps} steps x {faces} die faces is more moves than the {limit} a race may have; use fewer tiles or faces"
            ),
            RaceError::CostType { rounding, asked } => write!(
                f,
                "the board's rounding is \"{rounding}\" but its race was compiled with the cost type of \"{asked}\""
            ),
        }
    }
}

impl std::error::Error for RaceError {}
