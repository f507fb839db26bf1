//! Exact solutions of two-player, zero-sum chance games: the probability that the player to move
//! wins under optimal play by both, for every position, and the optimal move for every roll.
//!
//! The shape follows `search/`: a small trait ([`ChanceGame`]: positions ranked `0..n`, rolls with
//! probabilities, the outcomes of every legal move for a roll) and free functions over it
//! ([`solve`], [`residual`], [`best_move`]). [`Maedn2`] ranks the positions of two-player
//! Mensch ärgere Dich nicht under OpenSpiel's `maedn` rules with `K` pieces a side; any other game
//! that implements the trait solves the same way (the tests solve hand-derived tiny races).
//!
//! Positions are seen from the side of the player to move: a position with the other player to
//! move is read from that player's side and worth `1 - v` to the first. Captures make the position
//! graph cyclic, so the values are a fixed point, found by Gauss-Seidel value iteration, layer by
//! layer (see [`solve`] and `docs/game-solve.md`).

mod cache;
mod engine;
mod fixed;
pub mod graph;
mod maedn2;
mod ranking;
mod slot;
mod storage;
pub mod table;
mod value_iteration;

pub use cache::Cached;
pub use engine::EngineGame;
pub use fixed::{Choice, FixedGame, UNIFORM, best_choices};
pub use ranking::SideRanking;
pub use slot::{Packed, Slot};
pub use storage::{
    BOUNDS_BYTES, BoundsTable, FILE_ALIGN, GROUP_BYTES, OutOfCoreMinimum, PROGRAM_BYTES,
    bytes_in_words, data_offset, group_bytes, out_of_core_minimum,
};
pub use value_iteration::solve_into;

pub use maedn2::{
    MAX_PIECES, Maedn2, Maedn2Step, Moves, Position, Side, action, describe_geometry, is_standard,
    moves,
};
pub use value_iteration::{
    Bounds, Checkpoint, GameSolution, GameSolveError, LayerReport, UpdateCost,
    ValueIterationOptions, best_move, check_tolerance, residual, solve, update_cost,
};

use std::ops::Range;

/// The memory this machine has available for a solve, in bytes (`MemAvailable` of
/// `/proc/meminfo`); `None` where the system does not say.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The most pieces a side whose [`solve`] fits in `available` bytes ([`Maedn2::bytes_needed`];
/// every count up to [`MAX_PIECES`] when `available` is `None`, 0 when not even one fits).
pub fn most_pieces_within(available: Option<u64>) -> usize {
    (1..=MAX_PIECES)
        .take_while(|&k| available.is_none_or(|a| Maedn2::bytes_needed(k) <= a))
        .last()
        .unwrap_or(0)
}

/// `bytes` in gigabytes (10^9 bytes), one decimal: `2.1 GB`.
pub fn gigabytes(bytes: u64) -> String {
    format!("{:.1} GB", bytes as f64 / 1e9)
}

/// Where one legal move of the player to move leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The game ends and the mover has won.
    Win,
    /// The game ends and the mover has lost.
    Loss,
    /// The same player moves next, in position `.0` (OpenSpiel: a 6 rolls again).
    Same(u64),
    /// The other player moves next, in position `.0` seen from its side: worth `1 - v`.
    Flip(u64),
}

/// The outcomes of the legal moves of one position, grouped by roll.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// Every legal move's outcome, the moves of roll 0 first, in the game's move order.
    pub outcomes: Vec<MoveOutcome>,
    /// `ends[r]`: one past the last outcome of roll `r` (roll `r`'s moves are
    /// `outcomes[ends[r - 1]..ends[r]]`, with `ends[-1] = 0`).
    pub ends: Vec<usize>,
    /// Bit `r` set: the mover does not choose after roll `r` but picks uniformly at random
    /// (the roll is worth its moves' mean, not their best); for rolls below 64.
    pub mean: u64,
    /// Bit `r` set: roll `r`'s only move is a pass (nothing moves); for rolls below 64. The solver
    /// solves a pass that hands the turn over in closed form with the position it leads to (see
    /// `solve`); a game that never sets it solves alike, in more sweeps where both sides pass.
    pub pass: u64,
}

impl Expansion {
    /// Empties it for the next position, keeping the allocations.
    #[inline]
    pub fn clear(&mut self) {
        self.outcomes.clear();
        self.ends.clear();
        self.mean = 0;
        self.pass = 0;
    }

    /// Whether roll `r`'s moves are averaged (see [`Expansion::mean`]).
    #[inline]
    pub fn is_mean(&self, r: usize) -> bool {
        r < 64 && self.mean >> r & 1 == 1
    }

    /// Whether roll `r`'s only move is a pass (see [`Expansion::pass`]).
    #[inline]
    pub fn is_pass(&self, r: usize) -> bool {
        r < 64 && self.pass >> r & 1 == 1
    }

    /// The outcomes of roll `r`.
    #[inline]
    pub fn roll(&self, r: usize) -> &[MoveOutcome] {
        let start = if r == 0 { 0 } else { self.ends[r - 1] };
        &self.outcomes[start..self.ends[r]]
    }

    /// Closes the moves of the current roll (call once per roll, after pushing its outcomes).
    #[inline]
    pub fn end_roll(&mut self) {
        self.ends.push(self.outcomes.len());
    }
}

/// A two-player, zero-sum game with chance whose positions are ranked `0..positions()`.
///
/// Every position has the player to move about to roll. For each roll the mover chooses one of
/// the legal moves (a pass is a move with one outcome); the game must end with probability 1
/// under every pair of policies, which makes the win probability a contraction's fixed point.
pub trait ChanceGame: Sync {
    /// How many positions are ranked.
    fn positions(&self) -> u64;
    /// The probability of every roll, summing to 1.
    fn roll_probabilities(&self) -> &[f64];
    /// The layers in solving order: every move from a layer leads into it or into a layer solved
    /// before it (with races: pieces home never decrease, so the last layers come first). Their
    /// union is `0..positions()`.
    fn layers(&self) -> Vec<Range<u64>>;
    /// Fills `out` with the outcomes of every legal move of `position`, roll by roll (at least
    /// one per roll).
    fn expand(&self, position: u64, out: &mut Expansion);
    /// A sweep key: positions with larger keys are updated first within a layer. Moves that do
    /// not capture should lead to larger keys (race progress), so one sweep settles them.
    fn sweep_key(&self, _position: u64) -> u32 {
        0
    }
}
