//! boardpath: shortest *physical* paths on race board games.
//!
//! If every die roll is moved in a straight line from tile to tile and the dice are perfect, what is
//! the least total movement needed to win? Boards are TOML data ([`board`]), each player's race is
//! compiled into steps and move costs ([`race`]), interchangeable state encodings ([`encoding`])
//! present it as a state space, and the generic algorithms of [`search`] run on any of them. The
//! [`solve::METHODS`] catalogue names every algorithm x encoding pair once.
//!
//! Layers, each using only those below it: [`board`] -> [`cost`] -> [`race`] -> [`search`] ->
//! [`encoding`] -> [`solve`] -> [`compare`], [`output`], [`render`], [`paper`], [`dice`] (and the
//! binary's `cli`). `tests/layers.rs` fails on a file-level import cycle or a use against the layers.
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::solve::{solve, Method, Solved, DEFAULT_BUDGET};
//!
//! let board = Board::load("maedn").unwrap();
//! for name in ["petgraph-dijkstra/graph", "bnb-paper/bitboard", "dp/step"] {
//!     let method = Method::find(name).unwrap();
//!     // The cost type follows the board's rounding: whole units here.
//!     let Solved::PerMove(s) = solve(&board, 0, method, DEFAULT_BUDGET).unwrap() else {
//!         panic!("the standard board rounds per move")
//!     };
//!     assert_eq!(s.total, 83047);
//! }
//! ```
//!
//! [`guide`] shows how to add an algorithm or an encoding.

#![warn(missing_docs)]

/// This crate's version (`Cargo.toml`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The git commit this build was made from, or `unknown` outside a git checkout (see `build.rs`).
pub const COMMIT: &str = env!("BOARDPATH_COMMIT");
/// What `boardpath --version` prints after the program name: the version and the commit.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("BOARDPATH_COMMIT"),
    ")"
);

pub mod board;
pub mod cancel;
pub mod compare;
pub mod cost;
pub mod dice;
pub mod encoding;
pub mod game;
pub mod generate;
pub mod output;
pub mod paper;
pub mod race;
pub mod random;
pub mod render;
pub mod search;
pub mod solve;
pub mod text;

#[doc = include_str!("../docs/extending.md")]
pub mod guide {}
