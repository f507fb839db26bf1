//! State encodings: interchangeable representations of one piece's race as a state space.
//!
//! An encoding presents the race of one [`Piece`](crate::race::Piece) as states and successors: a start state, the
//! successors of a state with the roll and cost of each move (highest roll first: the tie-break
//! order of every algorithm), a goal test, the *position* of a state (the step the piece stands
//! on, which orders states, keys dominance pruning and indexes estimates) and a decoder from a
//! path of states to a [`PiecePath`]. The algorithms of [`crate::search`] run on any of them.
//!
//! - [`step::StepEncoding`]: the state is the step index, the simplest reference.
//! - [`graph::GraphEncoding`]: a petgraph graph over (step, target) nodes, with petgraph's own
//!   Dijkstra and A* as native methods.
//! - [`bitboard::BitboardEncoding`]: the paper's bit-board, one integer per path.

pub mod bitboard;
mod error;
pub mod graph;
pub mod step;

pub use error::EncodingError;

use crate::cost::Cost;
use crate::race::Race;
use crate::search::branch_and_bound::Edge;
use serde::Serialize;
use std::fmt::Debug;

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
    /// Cost of each move, as the race charges it (`length` is their sum).
    pub costs: Vec<C>,
    /// Nodes the search expanded (for branch and bound: calls of the recursive function).
    pub nodes: u64,
    /// Calls that returned at once (branch and bound: bound or dominance cut-offs).
    pub cut_short: u64,
    /// The paper's `full_path` bit-board of this piece, in hex, when the bit-board encoding solved it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bitboard: Option<String>,
}

impl<C: Cost> PiecePath<C> {
    /// The path through `steps` of a piece heading for `target` in `race`, its length summed from
    /// the race's move costs; `None` if a move is not legal.
    pub fn from_steps(race: &Race<C>, target: usize, steps: Vec<usize>) -> Option<Self> {
        let mut length = C::zero();
        let mut rolls = Vec::with_capacity(steps.len().saturating_sub(1));
        let mut costs = Vec::with_capacity(steps.len().saturating_sub(1));
        for w in steps.windows(2) {
            let m = race.moves(w[0], target).find(|m| m.to == w[1])?;
            length = length + m.cost;
            rolls.push(m.roll);
            costs.push(m.cost);
        }
        Some(PiecePath {
            target,
            length,
            steps,
            rolls,
            costs,
            nodes: 0,
            cut_short: 0,
            bitboard: None,
        })
    }
}

/// A representation of one piece's race as a state space that any algorithm of
/// [`crate::search`] can search.
///
/// Every implementation must present the same problem: the same moves, with the same rolls and
/// costs, from equal positions; so for the same race every one gives the same least length. Ties
/// between equal-length paths are broken by the algorithms, through the order of
/// [`StateEncoding::successors`] (highest roll first) and the positions.
pub trait StateEncoding<C: Cost> {
    /// Short name, as in method names (`step`, `graph`, `bitboard`).
    const NAME: &'static str;

    /// A state: at least where the piece stands. Small and copied by value.
    type State: Copy + Debug;

    /// The piece on the start tile.
    fn start(&self) -> Self::State;

    /// The legal moves from `state`: `(next state, roll, cost)`, highest roll first.
    fn successors(&self, state: Self::State) -> impl Iterator<Item = (Self::State, u32, C)>;

    /// The legal moves from `state` as [`Edge`]s for [`branch_and_bound`], in the order of
    /// [`StateEncoding::successors`]. By default the built `(next state, cost)` pairs; an encoding
    /// whose moves know their goal test and estimate before the next state is built says so here.
    ///
    /// [`branch_and_bound`]: crate::search::branch_and_bound::branch_and_bound
    fn edges(&self, state: Self::State) -> impl Iterator<Item = impl Edge<Self::State, C>> {
        self.successors(state).map(|(next, _, cost)| (next, cost))
    }

    /// A copy whose [`StateEncoding::edges`] carry `estimate[position]` of the state each lands on,
    /// so that branch and bound tests a child's bound before building it; `None` (the default)
    /// when the encoding does not offer it.
    fn with_estimates(&self, estimate: &[Option<C>]) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = estimate;
        None
    }

    /// Whether the piece has reached its target.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// The step the piece stands on in `state`: strictly increases along every move, and states
    /// with equal positions have the same future.
    fn position(&self, state: &Self::State) -> usize;

    /// The number of positions (`0..positions()`), for tables indexed by position.
    fn positions(&self) -> usize;

    /// Paths must cost less than this to be represented (the bit-board's distance field), if
    /// there is a limit.
    fn limit(&self) -> Option<C> {
        None
    }

    /// The piece's path from a path of states from [`StateEncoding::start`] to a goal.
    fn decode(&self, path: &[Self::State]) -> Result<PiecePath<C>, EncodingError>;
}
