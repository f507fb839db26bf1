//! Solving a player: the enter cost plus each piece's least-cost path, with any method of the
//! [`catalogue`].
//!
//! [`solve`] is the entry point: it compiles the race with the cost type the board's rounding
//! calls for (whole units or floats), so the library cannot be asked for the wrong one, and
//! returns a [`Solved`]. [`solve_race`] does the same for a race already compiled.

mod algorithms;
pub mod catalogue;
mod error;

pub use algorithms::{
    AStar, Algorithm, Bfs, BranchAndBound, Budget, Dijkstra, Dp, IdaStar, Job, Tuning, search_piece,
};
pub use catalogue::{Encoding, METHODS, Method, MethodCost, Objective, Skip};
pub use error::SolveError;

use crate::board::{Board, Rounding, Rules, embedded};
use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::encoding::bitboard::Layout;
use crate::race::Race;
use crate::race::estimate::{Estimate, Ratio};
use serde::Serialize;

/// The default node budget per player: far above what any exact method needs on the embedded
/// boards, low enough that a method that explodes stops within seconds to minutes.
pub const DEFAULT_BUDGET: u64 = 1_000_000_000;

/// The answer for one player.
#[derive(Clone, Debug, Serialize)]
pub struct Solution<C> {
    /// Board name.
    pub board: String,
    /// Player name.
    pub player: String,
    /// Length unit.
    pub unit: String,
    /// Enter cost plus every piece's length.
    pub total: C,
    /// The total in centimetres, when the board has a scale.
    pub total_cm: Option<f64>,
    /// Cost of moving every piece from its waiting tile onto the start tile.
    pub enter: C,
    /// Pieces in finishing order (the first fills the deepest goal tile).
    pub pieces: Vec<PiecePath<C>>,
    /// Method used (its catalogue name).
    pub method: String,
    /// Encoding used.
    pub encoding: String,
    /// Algorithm used, with its options.
    pub algorithm: String,
    /// Nodes expanded, summed over pieces.
    pub nodes: u64,
    /// Calls that returned at once, summed over pieces (branch and bound).
    pub cut_short: u64,
    /// Rules in force.
    pub rules: Rules,
    /// Caveats about the result (e.g. a bound not proven admissible on this board).
    pub warnings: Vec<String>,
}

/// A solution in the cost type of the board's rounding.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Solved {
    /// `rounding = "per-move"`: whole units.
    PerMove(Solution<u64>),
    /// `rounding = "exact"`: floating point.
    Exact(Solution<f64>),
}

impl Solved {
    /// The total as text, as the cost type prints it.
    pub fn total_text(&self) -> String {
        match self {
            Solved::PerMove(s) => s.total.show(),
            Solved::Exact(s) => s.total.show(),
        }
    }

    /// The total as a float.
    pub fn total_f64(&self) -> f64 {
        match self {
            Solved::PerMove(s) => s.total.to_f64(),
            Solved::Exact(s) => s.total,
        }
    }

    /// Nodes expanded, summed over the pieces.
    pub fn nodes(&self) -> u64 {
        match self {
            Solved::PerMove(s) => s.nodes,
            Solved::Exact(s) => s.nodes,
        }
    }

    /// Warnings about the result.
    pub fn warnings(&self) -> &[String] {
        match self {
            Solved::PerMove(s) => &s.warnings,
            Solved::Exact(s) => &s.warnings,
        }
    }
}

/// Solves player `player` (an index into `board.players`) of `board` with `method`, giving up
/// after `budget` nodes (a number, or a [`Budget`] with a progress counter); the cost type follows
/// the board's rounding.
pub fn solve<'a>(
    board: &Board,
    player: usize,
    method: &Method,
    budget: impl Into<Budget<'a>>,
) -> Result<Solved, SolveError> {
    let budget = budget.into();
    check_bitboard(board, player, method.encoding)?;
    Ok(match board.rules.rounding {
        Rounding::PerMove => Solved::PerMove(solve_race(
            board,
            &Race::new(board, player)?,
            method,
            budget,
        )?),
        Rounding::Exact => Solved::Exact(solve_race(
            board,
            &Race::new(board, player)?,
            method,
            budget,
        )?),
    })
}

/// Refuses a board too large for the bit-board before its race is compiled (a second on a
/// 1,000,000-tile board): how many bits it needs depends only on the tile counts.
fn check_bitboard(board: &Board, player: usize, encoding: Encoding) -> Result<(), SolveError> {
    match board.players.get(player) {
        Some(p) if encoding == Encoding::Bitboard => Ok(Layout::check_tiles(
            p.pieces(),
            p.track_steps,
            p.goal.len(),
        )?),
        _ => Ok(()),
    }
}

/// The bit-board layout of player `player`: its distance field depends on the costs, so the race
/// is compiled in the cost type of the board's rounding, as [`solve`] does.
pub fn bitboard_layout(board: &Board, player: usize) -> Result<Layout, SolveError> {
    check_bitboard(board, player, Encoding::Bitboard)?;
    Ok(match board.rules.rounding {
        Rounding::PerMove => Layout::for_race(&Race::<u64>::new(board, player)?)?,
        Rounding::Exact => Layout::for_race(&Race::<f64>::new(board, player)?)?,
    })
}

/// Solves `race` (a player of `board`) with `method`: the enter cost plus each piece's path in
/// finishing order, giving up after `budget` nodes over all pieces (a number, or a [`Budget`]
/// with a progress counter).
pub fn solve_race<'a, C: MethodCost>(
    board: &Board,
    race: &Race<C>,
    method: &Method,
    budget: impl Into<Budget<'a>>,
) -> Result<Solution<C>, SolveError> {
    let budget = budget.into();
    let mut pieces: Vec<PiecePath<C>> = Vec::new();
    let mut used = 0u64;
    for piece in race.pieces() {
        let left = Budget {
            nodes: budget.nodes.saturating_sub(used),
            ..budget
        };
        let path = method.run(race, &piece, left).map_err(|e| match e {
            SolveError::GaveUp {
                method,
                piece,
                nodes,
                at,
            } => SolveError::GaveUp {
                method,
                piece,
                nodes: used + nodes,
                at,
            },
            other => other,
        })?;
        used = used.saturating_add(path.nodes);
        pieces.push(path);
    }
    let enter: C = race.enter.iter().copied().sum();
    let total = pieces.iter().fold(enter, |acc, p| acc + p.length);
    Ok(Solution {
        board: board.name.clone(),
        player: race.player.clone(),
        unit: board.unit.clone(),
        total,
        total_cm: board.scale.map(|s| s.to_cm(total.to_f64())),
        enter,
        nodes: pieces.iter().map(|p| p.nodes).sum(),
        cut_short: pieces.iter().map(|p| p.cut_short).sum(),
        pieces,
        method: method.name.to_string(),
        encoding: method.encoding.name().to_string(),
        algorithm: method.describe(),
        rules: board.rules.clone(),
        warnings: warning(board, race, method).into_iter().collect(),
    })
}

/// The caveat of a method on a board: the paper's 193 units per tile is a lower bound on the
/// paper's board only.
fn warning<C: Cost>(board: &Board, race: &Race<C>, method: &Method) -> Option<String> {
    let e = method.tuning.estimate;
    (matches!(e, Estimate::Paper | Estimate::Listing) && !embedded::is_paper_board(board)).then(
        || {
            format!(
                "{} uses the paper's 193 units per tile, which is not a proven lower bound on {} (the admissible value here is {}); the result may not be optimal",
                method.name,
                board.name,
                Ratio::of(race).text()
            )
        },
    )
}
