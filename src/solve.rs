//! Solving a player: enter cost plus each piece's least-cost path, with any encoding.

use crate::board::{Board, Rules, goal_label};
use crate::cost::Cost;
use crate::encoding::bitboard::{BitboardSolver, Bound};
use crate::encoding::graph::GraphSolver;
use crate::encoding::{PiecePath, StateEncoding};
use crate::race::Race;
use serde::Serialize;
use std::fmt;

/// Why a board could not be solved.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// A piece cannot reach its target goal tile.
    Unreachable {
        /// Player name.
        player: String,
        /// Piece number in finishing order, from 1.
        piece: usize,
        /// Target goal tile index.
        target: usize,
        /// Why, in words.
        reason: String,
    },
    /// No player of that name.
    UnknownPlayer {
        /// The name asked for.
        name: String,
        /// The board's player names.
        known: Vec<String>,
    },
    /// The encoding cannot represent this board or these rules.
    Unsupported {
        /// Encoding name.
        encoding: &'static str,
        /// What it cannot represent and what to do instead.
        reason: String,
    },
    /// A broken invariant: a bug, reported rather than panicking.
    Internal(String),
}

impl SolveError {
    /// An internal error with `what` happened.
    pub fn internal(what: &str) -> Self {
        SolveError::Internal(what.to_string())
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Unreachable {
                player,
                piece,
                target,
                reason,
            } => write!(
                f,
                "player \"{player}\", piece {piece} (target goal tile {}) cannot finish: {reason}",
                goal_label(*target)
            ),
            SolveError::UnknownPlayer { name, known } => {
                write!(
                    f,
                    "no player \"{name}\" on this board; players are: {}, or \"all\"",
                    known.join(", ")
                )
            }
            SolveError::Unsupported { encoding, reason } => {
                write!(f, "the {encoding} encoding cannot solve this: {reason}")
            }
            SolveError::Internal(what) => write!(f, "internal error (please report): {what}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Which state encoding (and for the bit-board, which bound) to solve with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingChoice {
    /// The (step, target) graph with petgraph's Dijkstra.
    Graph,
    /// The paper's bit-board with its branch-and-bound search.
    Bitboard(Bound),
}

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
    /// Encoding used.
    pub encoding: String,
    /// Algorithm used.
    pub algorithm: String,
    /// Nodes expanded, summed over pieces.
    pub nodes: u64,
    /// Rules in force.
    pub rules: Rules,
    /// Caveats about the result (e.g. a bound not proven admissible on this board).
    pub warnings: Vec<String>,
}

/// Finds a player by name; the error lists the valid names.
pub fn player_index(board: &Board, name: &str) -> Result<usize, SolveError> {
    board
        .players
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| SolveError::UnknownPlayer {
            name: name.to_string(),
            known: board.players.iter().map(|p| p.name.clone()).collect(),
        })
}

/// Solves player `player` of `board` with the chosen encoding.
pub fn solve<C: Cost>(
    board: &Board,
    player: usize,
    choice: EncodingChoice,
) -> Result<Solution<C>, SolveError> {
    let race = Race::<C>::new(board, player);
    race.check_reachable()?;
    match choice {
        EncodingChoice::Graph => solve_with(board, &race, &mut GraphSolver::new(&race)),
        EncodingChoice::Bitboard(bound) => {
            solve_with(board, &race, &mut BitboardSolver::new(board, &race, bound)?)
        }
    }
}

/// Solves `race` with any encoding: the enter cost plus each piece's path in finishing order.
pub fn solve_with<C: Cost>(
    board: &Board,
    race: &Race<C>,
    encoding: &mut dyn StateEncoding<C>,
) -> Result<Solution<C>, SolveError> {
    let pieces = race
        .targets()
        .into_iter()
        .map(|t| encoding.solve_piece(t))
        .collect::<Result<Vec<_>, _>>()?;
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
        pieces,
        encoding: encoding.name().to_string(),
        algorithm: encoding.algorithm(),
        rules: board.rules.clone(),
        warnings: encoding.warning().into_iter().collect(),
    })
}
