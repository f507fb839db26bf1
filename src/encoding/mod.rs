//! State encodings: interchangeable representations of one piece's race, each able to solve it.
//!
//! [`graph::GraphEncoding`] is a petgraph graph over (step, target goal tile) nodes;
//! [`bitboard::BitboardEncoding`] is the paper's bit-board with its recursive search.

pub mod bitboard;
pub mod graph;

use crate::cost::Cost;
use crate::solve::SolveError;
use serde::Serialize;

/// One piece's least-cost path from the start tile to its target goal tile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PiecePath<C> {
    /// Target goal tile index (0 = a).
    pub target: usize,
    /// Total cost of the path.
    pub length: C,
    /// Relative steps visited, from 0 to the target's step.
    pub steps: Vec<usize>,
    /// Die face of each move (`steps.len() - 1` of them).
    pub rolls: Vec<u32>,
    /// Nodes the search expanded (for the bit-board search: calls of the recursive function).
    pub nodes: u64,
    /// The paper's `full_path` bit-board of this piece, in hex, when the bit-board encoding solved it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bitboard: Option<String>,
}

/// A state encoding: a representation of the race that can solve one piece at a time.
///
/// Implementations are interchangeable: for the same race every one gives the same length for every
/// target. Ties between equal-length paths are broken the same way by all of them: the path whose
/// roll sequence, read from the start, is greatest (highest first roll, then highest second, ...),
/// which is the path the paper's search, trying 6 before 5 and keeping only strict improvements,
/// records first.
pub trait StateEncoding<C: Cost> {
    /// Short name, as given to `--encoding`.
    fn name(&self) -> &'static str;

    /// The search algorithm this encoding runs, with its options (e.g. `branch-and-bound (bound admissible)`).
    fn algorithm(&self) -> String;

    /// A caveat about this encoding's result on this board (e.g. an unproven bound), if any.
    fn warning(&self) -> Option<String> {
        None
    }

    /// Solves one piece heading for goal tile `target`.
    fn solve_piece(&mut self, target: usize) -> Result<PiecePath<C>, SolveError>;
}
