//! Solving a player: the enter cost plus each piece's least-cost path, with any method of the
//! [`catalogue`].
//!
//! [`solve`] is the entry point: it compiles the race with the cost type the board's rounding
//! calls for (whole units or floats), so the library cannot be asked for the wrong one, and
//! returns a [`Solved`]. [`solve_race`] does the same for a race already compiled.

mod algorithms;
pub mod catalogue;
mod error;
mod nested;

pub use algorithms::{
    AStar, Algorithm, Bfs, BranchAndBound, Budget, Dijkstra, Dp, IdaStar, SearchJob, Tuning,
    search_piece,
};
pub use catalogue::{
    DistanceRunner, Encoding, METHODS, Method, MethodCost, MethodObjective, PieceRunner, Prepare,
    Skip,
};
pub use error::PlayerSolveError;

use crate::board::{Board, BoardRules, Rounding, embedded};
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
pub struct PlayerSolution<C> {
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
    /// BoardRules in force.
    pub rules: BoardRules,
    /// Caveats about the result (e.g. a bound not proven admissible on this board).
    pub warnings: Vec<String>,
}

/// A solution in the cost type of the board's rounding.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Solved {
    /// `rounding = "per-move"`: whole units.
    PerMove(PlayerSolution<u64>),
    /// `rounding = "exact"`: floating point.
    Exact(PlayerSolution<f64>),
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
) -> Result<Solved, PlayerSolveError> {
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

/// Compiles the race of player `player` for `method` in cost type `C`, refusing first a board too
/// large for the method's encoding (as [`solve`] does); `C` must be the board's rounding's.
pub fn compile<C: Cost>(
    board: &Board,
    player: usize,
    method: &Method,
) -> Result<Race<C>, PlayerSolveError> {
    check_bitboard(board, player, method.encoding)?;
    Ok(Race::new(board, player)?)
}

/// Refuses a board too large for the bit-board before its race is compiled (a second on a
/// 1,000,000-tile board): how many bits it needs depends only on the tile counts.
fn check_bitboard(
    board: &Board,
    player: usize,
    encoding: Encoding,
) -> Result<(), PlayerSolveError> {
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
pub fn bitboard_layout(board: &Board, player: usize) -> Result<Layout, PlayerSolveError> {
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
) -> Result<PlayerSolution<C>, PlayerSolveError> {
    solve_streamed(board, race, method, budget)?.into_solution()
}

/// One piece's result without its path: what is known of every piece before any path is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline<C> {
    /// Target goal tile index (0 = a).
    pub target: usize,
    /// Total cost of the path.
    pub length: C,
    /// Nodes the search expanded for this piece.
    pub nodes: u64,
    /// Calls that returned at once (branch and bound).
    pub cut_short: u64,
}

/// A player's solution whose pieces' paths are made one at a time as they are read
/// ([`solve_streamed`]): the paths of thousands of pieces add up to about n^2/12 moves (20 bytes
/// each held as [`PiecePath`]s: 670 MB for 20,000 pieces), and a writer needs one at a time.
#[derive(Debug)]
pub struct Streamed<'r, C> {
    /// The solution without its paths: `pieces` is empty; totals, nodes and warnings are final.
    pub solution: PlayerSolution<C>,
    /// Where the paths come from, and each piece's [`Outline`].
    pub paths: Paths<'r, C>,
}

/// The paths of a [`Streamed`] solution, each made or handed over when it is read.
#[derive(Debug)]
pub struct Paths<'r, C> {
    race: RaceHeld<'r, C>,
    /// The paths of the pieces searched on their own, until read.
    held: Vec<Option<PiecePath<C>>>,
    /// The tight moves onto each step of the shared search (see `nested`), from which the other
    /// paths are read.
    tight: Vec<u64>,
    /// Scratch marks of the walk that reads a path off `dist`.
    marks: Vec<u32>,
    /// Each piece's target, length and nodes, in finishing order.
    outline: Vec<Outline<C>>,
}

/// The race a [`Paths`] reads its paths from: the caller's ([`solve_streamed`]), or its own
/// ([`solve_streamed_owned`], for a solution that outlives the function that compiled the race).
#[derive(Debug)]
enum RaceHeld<'r, C> {
    Borrowed(&'r Race<C>),
    Owned(Box<Race<C>>),
}

impl<C> std::ops::Deref for RaceHeld<'_, C> {
    type Target = Race<C>;

    fn deref(&self) -> &Race<C> {
        match self {
            RaceHeld::Borrowed(r) => r,
            RaceHeld::Owned(r) => r,
        }
    }
}

impl<C: Cost> Paths<'_, C> {
    /// Each piece's target, length and nodes, in finishing order: known before any path is read.
    pub(crate) fn outline(&self) -> &[Outline<C>] {
        &self.outline
    }

    /// The path of piece `index` (from 0, in finishing order); each is made once: a second read
    /// of a piece searched on its own finds nothing.
    pub fn path(&mut self, index: usize) -> Result<PiecePath<C>, PlayerSolveError> {
        if let Some(p) = self.held.get_mut(index).and_then(Option::take) {
            return Ok(p);
        }
        let line = *self.outline.get(index).ok_or_else(|| {
            PlayerSolveError::Internal(format!("no piece {} to read a path of", index + 1))
        })?;
        let stamp = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let mut p = nested::path(&self.race, &self.tight, line.target, &mut self.marks, stamp)
            .ok_or_else(|| {
                PlayerSolveError::Internal(format!(
                    "no path for piece {} in the shared search's distances",
                    index + 1
                ))
            })?;
        p.nodes = line.nodes;
        Ok(p)
    }
}

impl<C: Cost> Streamed<'_, C> {
    /// The solution with every piece's path.
    pub(crate) fn into_solution(mut self) -> Result<PlayerSolution<C>, PlayerSolveError> {
        self.solution.pieces = (0..self.paths.outline.len())
            .map(|i| self.paths.path(i))
            .collect::<Result<_, _>>()?;
        Ok(self.solution)
    }
}

/// [`solve_race`] with the pieces' paths made as they are read: a method whose pieces can share
/// one search ([`MethodCost::shared`]: petgraph's Dijkstra) searches a [nested](Race::nested)
/// race once, and each path is read off its distances when asked for, with the length and node
/// count each piece's own search gives (see `nested`); every other piece is searched on its own
/// here, its path held until read.
pub fn solve_streamed<'a, 'r, C: MethodCost>(
    board: &Board,
    race: &'r Race<C>,
    method: &Method,
    budget: impl Into<Budget<'a>>,
) -> Result<Streamed<'r, C>, PlayerSolveError> {
    streamed(board, RaceHeld::Borrowed(race), method, budget.into())
}

/// [`solve_streamed`] of a race the solution keeps: it outlives the code that compiled the race
/// (a job hands its solutions back to the face that writes them).
pub fn solve_streamed_owned<'a, C: MethodCost>(
    board: &Board,
    race: Race<C>,
    method: &Method,
    budget: impl Into<Budget<'a>>,
) -> Result<Streamed<'static, C>, PlayerSolveError> {
    streamed(
        board,
        RaceHeld::Owned(Box::new(race)),
        method,
        budget.into(),
    )
}

/// [`solve_streamed`] of a race borrowed or owned.
fn streamed<'r, C: MethodCost>(
    board: &Board,
    owner: RaceHeld<'r, C>,
    method: &Method,
    budget: Budget<'_>,
) -> Result<Streamed<'r, C>, PlayerSolveError> {
    let race: &Race<C> = &owner;
    let pieces = race.pieces();
    let shared = C::shared(method)
        .filter(|_| race.nested() && pieces.len() > 1 && race.faces.len() <= nested::MAX_FACES);
    let (tight, counted) = match (shared, pieces.iter().max_by_key(|p| p.target)) {
        (Some(distances), Some(deepest)) => {
            let dist = distances(race, deepest)?;
            let counted = nested::counts(race, &dist, &pieces);
            (
                nested::tight_moves(race, &dist).unwrap_or_default(),
                counted,
            )
        }
        _ => (Vec::new(), vec![None; pieces.len()]),
    };
    let mut own = C::prepare(method).map(|prepare| prepare(race));
    let mut outline = Vec::with_capacity(pieces.len());
    let mut held = Vec::with_capacity(pieces.len());
    let mut used = 0u64;
    for (piece, counted) in pieces.iter().zip(counted) {
        let left = budget.nodes.saturating_sub(used);
        let (line, path) = match counted {
            Some((length, nodes)) if nodes <= left => (
                Outline {
                    target: piece.target,
                    length,
                    nodes,
                    cut_short: 0,
                },
                None,
            ),
            _ => {
                let left = Budget {
                    nodes: left,
                    ..budget
                };
                let path = match own.as_mut() {
                    Some(run) => run(method, piece, left),
                    None => method.run(race, piece, left),
                };
                let path = path.map_err(|e| counting_from(e, used))?;
                let line = Outline {
                    target: path.target,
                    length: path.length,
                    nodes: path.nodes,
                    cut_short: path.cut_short,
                };
                (line, Some(path))
            }
        };
        used = used.saturating_add(line.nodes);
        outline.push(line);
        held.push(path);
    }
    let solution = streamed_solution(board, race, method, &outline);
    // The prepared search borrows the race, which the paths are about to keep.
    drop(own);
    let paths = Paths {
        race: owner,
        held,
        tight,
        marks: Vec::new(),
        outline,
    };
    Ok(Streamed { solution, paths })
}

/// A piece's search that gave up, its node count made to include the `used` nodes of the pieces
/// before it, as the budget it ran out of did.
fn counting_from(e: PlayerSolveError, used: u64) -> PlayerSolveError {
    match e {
        PlayerSolveError::GaveUp {
            method,
            piece,
            nodes,
            at,
        } => PlayerSolveError::GaveUp {
            method,
            piece,
            nodes: used + nodes,
            at,
        },
        other => other,
    }
}

/// The solution of [`solve_streamed`] without its paths: totals and counts from the `outline`.
fn streamed_solution<C: MethodCost>(
    board: &Board,
    race: &Race<C>,
    method: &Method,
    outline: &[Outline<C>],
) -> PlayerSolution<C> {
    let enter: C = race.enter.iter().copied().sum();
    let total = outline.iter().fold(enter, |acc, p| acc + p.length);
    PlayerSolution {
        board: board.name.clone(),
        player: race.player.clone(),
        unit: board.unit.clone(),
        total,
        total_cm: board.scale.map(|s| s.to_cm(total.to_f64())),
        enter,
        nodes: outline.iter().map(|p| p.nodes).sum(),
        cut_short: outline.iter().map(|p| p.cut_short).sum(),
        pieces: Vec::new(),
        method: method.name.to_string(),
        encoding: method.encoding.name().to_string(),
        algorithm: method.describe(),
        rules: board.rules.clone(),
        warnings: warning(board, race, method).into_iter().collect(),
    }
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
