//! boardpath: shortest *physical* paths on race board games.
//!
//! If every die roll is moved in a straight line from tile to tile and the dice are perfect, what is
//! the least total movement needed to win? Boards are TOML data ([`board`]), each player's race is
//! compiled into steps and move costs ([`race`]), interchangeable state encodings ([`encoding`])
//! present it as a state space, and the generic algorithms of [`search`] run on any of them. The
//! [`solve::METHODS`] catalogue names every algorithm x encoding pair once.
//!
//! # The modules
//!
//! - [`board`]: the board model (tiles, players, [`board::BoardRules`]) and its TOML file format,
//!   with file:line:column errors; the embedded boards.
//! - [`cost`]: the [`cost::Cost`] trait: whole units (`u64`) under per-move rounding, `f64` under
//!   exact rounding.
//! - [`race`]: one player's race compiled into relative steps, legal rolls and their costs, and
//!   the lower bounds of [`race::estimate`].
//! - [`search`]: the generic algorithms (Dijkstra, A*, dynamic programming, breadth-first, IDA*,
//!   the paper's branch and bound) as free functions over a successor closure, knowing only costs.
//! - [`encoding`]: the [`encoding::StateEncoding`] trait and its three implementations: the step
//!   index, a petgraph graph and the paper's bit-board (with the one reader of bit-board values,
//!   [`encoding::bitboard::Layout::read`]).
//! - [`solve`]: the method catalogue ([`solve::METHODS`]) and [`solve::solve`], one player's
//!   [`solve::PlayerSolution`].
//! - [`compare`]: every method side by side ([`compare::CompareOptions`]), rule sweeps and their
//!   charts.
//! - [`output`]: text and JSON of solutions and boards, the envelope of every JSON document, the
//!   terminal view of a bit-board value, the chart canvas.
//! - [`render`]: pictures (SVG, PNG, the HTML viewer) of the solutions it is handed.
//! - [`paper`]: the paper's reported numbers and their reproduction.
//! - [`dice`]: real dice for one player alone: the exact expectations under a
//!   [`dice::DicePolicy`], the distribution of turns, a seeded simulation.
//! - [`game`]: the real game with opponents and captures: a compiled [`game::Game`] and its
//!   [`game::State`], rule sets ([`game::Rules`]), policies ([`game::policy`]), tournaments
//!   ([`game::tournament`]) and the exact two-player solution ([`game::exact`]).
//! - [`jobs`]: one function per job a user asks for, each taking one options value:
//!   [`jobs::solve`], [`jobs::compare`], [`jobs::sweep`], [`jobs::dice`], [`jobs::play`] (and
//!   [`jobs::play_records`]), [`jobs::solve_game`], [`jobs::evaluate_strategies`],
//!   [`jobs::review`].
//!   The command line, the server and Python only translate their inputs into the options and the
//!   result into their outputs.
//! - [`generate`]: random valid boards from a seed.
//! - [`random`]: the project's seeded generator ([`random::SplitMix64`]), the same numbers on every
//!   machine; [`cancel`]: the process-wide stop request the long loops ask; [`text`]: small text
//!   helpers. These three use nothing of the crate.
//!
//! Layers, each using only those below it (peers on one layer may use each other, without a
//! cycle); `tests/layers.rs` enforces this order and reads it from `docs/architecture.md`:
//!
//! ```text
//! text, random, cancel -> board -> cost -> race, search -> generate, encoding -> solve
//!   -> output, paper, dice -> compare, render, game -> jobs -> cli
//! ```
//!
//! # Three faces
//!
//! The `boardpath` binary (`src/main.rs` and `src/cli/`, with the workbench's server in
//! `src/cli/serve/`) is built with the `cli` feature, on by default; it alone brings clap,
//! clap_complete, indicatif and form_urlencoded. The Python package (`python/`, a crate of its
//! own built with maturin, `boardpath._native`) takes the library with `default-features = false`.
//! All three faces call the library as any user would, through the public items listed above, and
//! run each job through the same function of [`jobs`].
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
pub mod file;
pub mod game;
pub mod generate;
pub mod jobs;
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
