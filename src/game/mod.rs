//! The real game: 2 to 6 players on one board, captures, rule sets as switches, checked move for
//! move against OpenSpiel's `maedn` (see `docs/game.md`).
//!
//! Shaped like [`crate::search`]: a small compiled [`Game`] (board + rules + seats), a `Copy`
//! [`State`], and free functions over them: [`legal_moves`], [`apply`], [`undo`], and
//! OpenSpiel-style [`action`] ids for bindings.
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::game::{Game, GameConfig, State, apply, legal_moves};
//!
//! let board = Board::load("maedn").unwrap();
//! let game = Game::new(&board, &GameConfig::new(2)).unwrap();
//! let mut state = State::initial(&game);
//! let mut moves = Vec::new();
//! legal_moves(&game, &state, 6, &mut moves);
//! assert!(moves.len() == 1 && moves[0].enters()); // a 6 must bring a piece in
//! apply(&game, &mut state, 6, Some(&moves[0]));
//! assert_eq!((state.to_move(), state.pieces_of(0)), (0, &[0, u32::MAX, u32::MAX, u32::MAX][..]));
//! ```

pub mod action;
mod apply;
pub mod distance;
mod error;
pub mod exact;
mod fast;
mod moves;
mod playout;
pub mod policy;
pub mod record;
pub mod review;
mod roller;
mod rules;
mod setup;
mod state;
pub mod strategy;
pub mod tournament;

pub use action::{chance_outcomes, legal_actions, move_for_action, returns};
pub use apply::{Undo, apply, undo};
pub use error::GameError;
pub use moves::{Capture, Move, legal_moves, occupant};
pub use playout::{Playout, random_playout};
pub use roller::{Roller, uniform_index};
pub use rules::{RuleSet, Rules, Seating};
pub use setup::{Game, GameConfig};
pub use state::{MAX_PIECES, PieceStep, State, WAITING};

/// The fewest players of a game.
pub const MIN_PLAYERS: usize = 2;
/// The most players of a game.
pub const MAX_PLAYERS: usize = 6;
