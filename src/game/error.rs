//! Why a game cannot be set up, or a state or move is not one of the game's.

use crate::text::plural;
use std::fmt;

/// Why a game could not be set up from a board, or why a state or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The number of players is outside what the engine plays.
    Players {
        /// Players asked for.
        asked: usize,
        /// Players the board has.
        board: usize,
    },
    /// Pieces per player outside `1..=` what every seated player's base holds.
    Pieces {
        /// Pieces asked for.
        asked: usize,
        /// The most the seated players all have.
        most: usize,
    },
    /// More pieces in all than a [`State`](super::State) holds.
    TooManyPieces {
        /// Players times pieces per player.
        total: usize,
        /// The limit.
        limit: usize,
    },
    /// A seat list that does not name distinct board players.
    Seats(String),
    /// A board the engine cannot play, in words (too long a track, a player without goal tiles...).
    Board(String),
    /// A state that is not a position of this game, in words.
    State(String),
    /// A move or action that is not legal here, in words.
    Move(String),
    /// An unknown rule-set name.
    UnknownRules {
        /// The name asked for.
        name: String,
    },
    /// A rule set in the syntax `PRESET[,SWITCH=VALUE...]` that does not parse.
    Rules {
        /// The text as given.
        text: String,
        /// What is wrong with it and what would be valid.
        why: String,
    },
    /// A board file's `[game] rules` that do not parse, at its place in the file: the message
    /// is `game.rules "TEXT": why, and what is valid`.
    BoardRules(crate::board::Diagnostic),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Players { asked, board } if *asked < super::MIN_PLAYERS => write!(
                f,
                "{}: a game needs at least {} (valid: {} to {})",
                plural(*asked, "player", "players"),
                super::MIN_PLAYERS,
                super::MIN_PLAYERS,
                (*board).clamp(super::MIN_PLAYERS, super::MAX_PLAYERS)
            ),
            GameError::Players { asked, board } if *asked > super::MAX_PLAYERS => write!(
                f,
                "{asked} players: the engine plays at most {} (valid: {} to {})",
                super::MAX_PLAYERS,
                super::MIN_PLAYERS,
                (*board).clamp(super::MIN_PLAYERS, super::MAX_PLAYERS)
            ),
            GameError::Players { asked, board } => write!(
                f,
                "{asked} players, but the board has only {board} (valid: {} to {board})",
                super::MIN_PLAYERS
            ),
            GameError::Pieces { asked, most } => write!(
                f,
                "{} per player: valid is 1 to {most} (the fewest waiting tiles of a seated player)",
                plural(*asked, "piece", "pieces")
            ),
            GameError::TooManyPieces { total, limit } => write!(
                f,
                "{total} pieces in all: a game state holds at most {limit}; use fewer players or --pieces"
            ),
            GameError::Seats(why) => write!(f, "seats: {why}"),
            GameError::Board(why) => write!(f, "board: {why}"),
            GameError::State(why) => write!(f, "state: {why}"),
            GameError::Move(why) => write!(f, "move: {why}"),
            GameError::UnknownRules { name } => write!(
                f,
                "unknown rules \"{name}\" (valid: {})",
                super::RuleSet::NAMES.join(", ")
            ),
            GameError::Rules { text, why } => write!(f, "rules \"{text}\": {why}"),
            GameError::BoardRules(d) => write!(f, "{d}"),
        }
    }
}

impl std::error::Error for GameError {}
