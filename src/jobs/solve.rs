//! The solve job: the least movement of each selected player, every piece's path made as it is
//! read.

use super::{JobError, players};
use crate::board::{Board, Rounding};
use crate::search::Progress;
use crate::solve::{
    Budget, DEFAULT_BUDGET, Method, MethodCost, PlayerSolution, Solved, Streamed, compile,
    solve_streamed_owned,
};
use serde::{Deserialize, Serialize};

/// The method the faces use when none is named: the fastest exact one on the embedded boards.
pub const DEFAULT_METHOD: &str = "petgraph-dijkstra/graph";

/// What to solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolveJob {
    /// The players: `None` the first, `all` every one, else a player's name.
    pub player: Option<String>,
    /// The method's name in the catalogue ([`crate::solve::METHODS`]).
    pub method: String,
    /// Nodes the method may expand per player before it gives up.
    pub budget: u64,
}

impl Default for SolveJob {
    fn default() -> Self {
        SolveJob {
            player: None,
            method: DEFAULT_METHOD.to_string(),
            budget: DEFAULT_BUDGET,
        }
    }
}

/// Each selected player's solution, by player index, in the cost type of the board's rounding;
/// the pieces' paths are made as they are read ([`Streamed`]), so that a face can write a board
/// of thousands of pieces without holding every path.
#[derive(Debug)]
pub enum Solutions {
    /// `rounding = "per-move"`: whole units.
    PerMove(Vec<(usize, Streamed<'static, u64>)>),
    /// `rounding = "exact"`: floating point.
    Exact(Vec<(usize, Streamed<'static, f64>)>),
}

impl Solutions {
    /// Every solution with every piece's path made, held.
    pub fn held(self) -> Result<Vec<(usize, Solved)>, JobError> {
        fn all<C: MethodCost>(
            solved: Vec<(usize, Streamed<'static, C>)>,
            wrap: fn(PlayerSolution<C>) -> Solved,
        ) -> Result<Vec<(usize, Solved)>, JobError> {
            solved
                .into_iter()
                .map(|(p, s)| Ok((p, wrap(s.into_solution()?))))
                .collect()
        }
        match self {
            Solutions::PerMove(s) => all(s, Solved::PerMove),
            Solutions::Exact(s) => all(s, Solved::Exact),
        }
    }
}

/// Solves the players `job` selects on `board` with its method, within its budget per player.
/// Every race is compiled before any is solved, so that a board too large for the method fails
/// at once; `nodes` (if given) counts the nodes of the long searches as they run, and `each` is
/// told each player's name before it is solved.
pub fn solve(
    board: &Board,
    job: &SolveJob,
    nodes: Option<&Progress>,
    each: &mut dyn FnMut(&str),
) -> Result<Solutions, JobError> {
    let method = Method::find(&job.method)?;
    let players = players(board, job.player.as_deref())?;
    let budget = Budget {
        nodes: job.budget,
        progress: nodes,
    };
    Ok(match board.rules.rounding {
        Rounding::PerMove => Solutions::PerMove(solve_all(board, &players, method, budget, each)?),
        Rounding::Exact => Solutions::Exact(solve_all(board, &players, method, budget, each)?),
    })
}

/// [`solve`] in the cost type `C` of the board's rounding.
fn solve_all<C: MethodCost>(
    board: &Board,
    players: &[usize],
    method: &Method,
    budget: Budget<'_>,
    each: &mut dyn FnMut(&str),
) -> Result<Vec<(usize, Streamed<'static, C>)>, JobError> {
    let races = players
        .iter()
        .map(|&p| compile::<C>(board, p, method))
        .collect::<Result<Vec<_>, _>>()?;
    races
        .into_iter()
        .zip(players)
        .map(|(race, &p)| {
            each(&board.players[p].name);
            Ok((p, solve_streamed_owned(board, race, method, budget)?))
        })
        .collect()
}
