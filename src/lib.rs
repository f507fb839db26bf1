//! boardpath: shortest *physical* paths on race board games.
//!
//! If every die roll is moved in a straight line from tile to tile and the dice are perfect, what is
//! the least total movement needed to win? Boards are TOML data ([`board`]), each player's race is
//! compiled into steps and move costs ([`race`]), and interchangeable state encodings
//! ([`encoding`]) solve it with the algorithms in [`search`].
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::solve::{solve, EncodingChoice};
//!
//! let board = Board::load("maedn").unwrap();
//! let s = solve::<u64>(&board, 0, EncodingChoice::Graph).unwrap();
//! assert_eq!(s.total, 83047);
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod compare;
pub mod cost;
pub mod encoding;
pub mod generate;
pub mod output;
pub mod paper;
pub mod race;
pub mod render;
pub mod search;
pub mod solve;
pub mod text;
