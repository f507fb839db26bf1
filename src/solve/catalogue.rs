//! The method catalogue: every way of solving a race, named once as `algorithm/encoding`.
//!
//! A method is an [`Algorithm`] on an [`Encoding`] with its [`Tuning`]. `solve --method`,
//! `compare --method`, `boardpath methods`, the `--help` texts, the README's table and the
//! cross-check tests all read [`METHODS`], so an entry added here is offered, documented and
//! tested with no other change.

use super::algorithms::{
    AStar, Algorithm, Bfs, BranchAndBound, Budget, Dijkstra, Dp, IdaStar, SearchJob, Tuning,
    search_piece,
};
use super::error::PlayerSolveError;
use crate::board::Board;
use crate::board::embedded::is_paper_board;
use crate::cost::Cost;
use crate::encoding::bitboard::{BitboardEncoding, Layout, Width};
use crate::encoding::graph::{GraphEncoding, native};
use crate::encoding::step::StepEncoding;
use crate::encoding::{PiecePath, StateEncoding};
use crate::race::estimate::Estimate;
use crate::race::{Piece, Race};
use crate::search::Stop;
use crate::search::bit_bfs::fewest_path;
use serde::Serialize;

/// The state encodings a method can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// [`StepEncoding`]: the step index.
    Step,
    /// [`GraphEncoding`]: a petgraph graph over (step, target) nodes.
    Graph,
    /// [`BitboardEncoding`]: the paper's bit-board, `u64` or `u128`.
    Bitboard,
}

impl Encoding {
    /// The encoding's name, as in method names.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Step => <StepEncoding<'_, u64> as StateEncoding<u64>>::NAME,
            Encoding::Graph => <GraphEncoding<'_, u64> as StateEncoding<u64>>::NAME,
            Encoding::Bitboard => <BitboardEncoding<'_, u64, u64> as StateEncoding<u64>>::NAME,
        }
    }
}

/// What a method minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MethodObjective {
    /// The total length (the physical movement).
    Length,
    /// The number of rolls.
    Rolls,
}

/// Whether `compare` runs a method when no `--method` list is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Always runs.
    Never,
    /// Runs on the paper's board only, where its cost is known; elsewhere it can explode.
    OffPaperBoard(&'static str),
    /// Only when named.
    Always(&'static str),
}

/// Solves one piece.
pub(crate) type Runner<C> =
    fn(&Method, &Race<C>, &Piece, Budget) -> Result<PiecePath<C>, PlayerSolveError>;

/// The least distance of every step of one piece's race, by a search not stopped at its target:
/// for a method whose pieces can share one search when their races are nested (see
/// `solve::nested`).
pub type DistanceRunner<C> = fn(&Race<C>, &Piece) -> Result<Vec<Option<C>>, PlayerSolveError>;

/// Solves one piece of the race it was made for.
pub type PieceRunner<'r, C> =
    Box<dyn FnMut(&Method, &Piece, Budget) -> Result<PiecePath<C>, PlayerSolveError> + 'r>;

/// Prepares what a method's pieces of one race share (a graph built once), and solves them with it.
pub type Prepare<C> = for<'r> fn(&'r Race<C>) -> PieceRunner<'r, C>;

/// What a method's pieces can share, in each cost type.
#[derive(Clone, Copy, Debug)]
struct Shared {
    /// One search for every piece of a nested race.
    distances: (DistanceRunner<u64>, DistanceRunner<f64>),
    /// Each piece's own search, on what the race's pieces share.
    pieces: (Prepare<u64>, Prepare<f64>),
}

/// One entry of the catalogue.
#[derive(Clone, Copy, Debug)]
pub struct Method {
    /// `algorithm/encoding`, as given to `--method`.
    pub name: &'static str,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The encoding it runs on.
    pub encoding: Encoding,
    /// What it minimises.
    pub minimises: MethodObjective,
    /// Whether it is guaranteed to find the optimum of what it minimises on every board.
    pub exact: bool,
    /// Whether `compare` runs it by default.
    pub skip: Skip,
    /// One line for tables and `--help`.
    pub summary: &'static str,
    /// Its options.
    pub tuning: Tuning,
    per_move: Runner<u64>,
    exact_rounding: Runner<f64>,
    shared: Option<Shared>,
}

/// A cost type a method runs in: `u64` for per-move rounding, `f64` for exact.
pub trait MethodCost: Cost {
    /// The method's runner for this cost type.
    fn runner(method: &Method) -> Runner<Self>;

    /// The method's shared search for this cost type, if its pieces can share one.
    fn shared(method: &Method) -> Option<DistanceRunner<Self>>;

    /// The method's runner for the pieces of one race, if they share something.
    fn prepare(method: &Method) -> Option<Prepare<Self>>;
}

impl MethodCost for u64 {
    fn runner(method: &Method) -> Runner<u64> {
        method.per_move
    }

    fn shared(method: &Method) -> Option<DistanceRunner<u64>> {
        method.shared.map(|s| s.distances.0)
    }

    fn prepare(method: &Method) -> Option<Prepare<u64>> {
        method.shared.map(|s| s.pieces.0)
    }
}

impl MethodCost for f64 {
    fn runner(method: &Method) -> Runner<f64> {
        method.exact_rounding
    }

    fn shared(method: &Method) -> Option<DistanceRunner<f64>> {
        method.shared.map(|s| s.distances.1)
    }

    fn prepare(method: &Method) -> Option<Prepare<f64>> {
        method.shared.map(|s| s.pieces.1)
    }
}

impl Method {
    /// Solves one piece of `race`, giving up after `budget.nodes` nodes.
    pub fn run<C: MethodCost>(
        &self,
        race: &Race<C>,
        piece: &Piece,
        budget: Budget,
    ) -> Result<PiecePath<C>, PlayerSolveError> {
        C::runner(self)(self, race, piece, budget)
    }

    /// Finds a method by name; the error lists the names.
    pub fn find(name: &str) -> Result<&'static Method, PlayerSolveError> {
        METHODS
            .iter()
            .find(|m| m.name == name)
            .ok_or_else(|| PlayerSolveError::UnknownMethod {
                name: name.to_string(),
                known: METHODS.iter().map(|m| m.name).collect(),
            })
    }

    /// The algorithm with its options, e.g. `branch-and-bound (estimate admissible, dominance)`.
    pub fn describe(&self) -> String {
        let t = &self.tuning;
        let mut opts = Vec::new();
        if t.estimate != Estimate::None || self.algorithm == "branch-and-bound" {
            opts.push(format!("estimate {}", t.estimate.name()));
        }
        if t.growth != 1.0 {
            opts.push(format!("growth {}", t.growth));
        }
        if t.dominance {
            opts.push("dominance".into());
        }
        if t.tie_safe {
            opts.push("tie-safe".into());
        }
        if opts.is_empty() {
            self.algorithm.to_string()
        } else {
            format!("{} ({})", self.algorithm, opts.join(", "))
        }
    }

    /// Why `compare` leaves this method out on `board` by default, if it does.
    pub fn skipped_on(&self, board: &Board) -> Option<String> {
        match self.skip {
            Skip::Never => None,
            Skip::OffPaperBoard(why) if !is_paper_board(board) => Some(format!(
                "skipped by default off the paper's board: {why}; name it in --method to run it"
            )),
            Skip::OffPaperBoard(_) => None,
            Skip::Always(why) => Some(format!(
                "skipped by default: {why}; name it in --method to run it"
            )),
        }
    }
}

/// A catalogue entry running algorithm `A` on `encoding`.
#[allow(clippy::too_many_arguments)]
const fn entry<A: Algorithm>(
    name: &'static str,
    algorithm: &'static str,
    encoding: Encoding,
    minimises: MethodObjective,
    exact: bool,
    tuning: Tuning,
    skip: Skip,
    summary: &'static str,
) -> Method {
    Method {
        name,
        algorithm,
        encoding,
        minimises,
        exact: exact && tuning.estimate.is_admissible(),
        skip,
        summary,
        tuning,
        per_move: run::<A, u64>,
        exact_rounding: run::<A, f64>,
        shared: None,
    }
}

/// A native method of the graph encoding.
const fn native(
    name: &'static str,
    algorithm: &'static str,
    tuning: Tuning,
    summary: &'static str,
    per_move: Runner<u64>,
    exact_rounding: Runner<f64>,
) -> Method {
    Method {
        name,
        algorithm,
        encoding: Encoding::Graph,
        minimises: MethodObjective::Length,
        exact: tuning.estimate.is_admissible(),
        skip: Skip::Never,
        summary,
        tuning,
        per_move,
        exact_rounding,
        shared: None,
    }
}

/// petgraph's Dijkstra on the graph encoding, whose pieces share one search when their races are
/// nested.
const fn petgraph_dijkstra_method() -> Method {
    Method {
        shared: Some(Shared {
            distances: (petgraph_distances::<u64>, petgraph_distances::<f64>),
            pieces: (petgraph_pieces::<u64>, petgraph_pieces::<f64>),
        }),
        ..native(
            "petgraph-dijkstra/graph",
            "petgraph-dijkstra",
            Tuning::PLAIN,
            "petgraph's Dijkstra on the graph, distances in a table by node: the default of `solve`",
            petgraph_dijkstra::<u64>,
            petgraph_dijkstra::<f64>,
        )
    }
}

/// A native method minimising rolls on the step encoding.
const fn native_rolls(
    name: &'static str,
    algorithm: &'static str,
    summary: &'static str,
    per_move: Runner<u64>,
    exact_rounding: Runner<f64>,
) -> Method {
    Method {
        encoding: Encoding::Step,
        minimises: MethodObjective::Rolls,
        ..native(
            name,
            algorithm,
            Tuning::PLAIN,
            summary,
            per_move,
            exact_rounding,
        )
    }
}

/// Runs `A` on the method's encoding for one piece.
fn run<A: Algorithm, C: Cost>(
    m: &Method,
    race: &Race<C>,
    piece: &Piece,
    budget: Budget,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let estimate = m.tuning.estimate.table(race, piece.target);
    let job = SearchJob {
        race,
        piece,
        tuning: &m.tuning,
        estimate: &estimate,
        budget: budget.nodes,
        progress: budget.progress,
    };
    match m.encoding {
        Encoding::Step => search_piece::<A, C, _>(&StepEncoding::new(race, piece), &job, m.name),
        Encoding::Graph => search_piece::<A, C, _>(&GraphEncoding::new(race, piece), &job, m.name),
        Encoding::Bitboard => {
            let layout = Layout::for_race(race)?;
            match layout.width {
                Width::U64 => search_piece::<A, C, _>(
                    &BitboardEncoding::<C, u64>::new(race, piece, layout)?,
                    &job,
                    m.name,
                ),
                Width::U128 => search_piece::<A, C, _>(
                    &BitboardEncoding::<C, u128>::new(race, piece, layout)?,
                    &job,
                    m.name,
                ),
            }
        }
    }
}

/// petgraph's Dijkstra on the graph encoding (distances in a table by node), within the budget.
fn petgraph_dijkstra<C: Cost>(
    m: &Method,
    race: &Race<C>,
    piece: &Piece,
    budget: Budget,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let graph = GraphEncoding::new(race, piece);
    let found = native::dijkstra(&graph, budget.nodes).map_err(|s| native_stop(m, piece, s))?;
    native_path(m, piece, &graph, found)
}

/// petgraph's Dijkstra over `piece`'s graph, settling every step: the distances the pieces of a
/// nested race share.
fn petgraph_distances<C: Cost>(
    race: &Race<C>,
    piece: &Piece,
) -> Result<Vec<Option<C>>, PlayerSolveError> {
    let graph = GraphEncoding::new(race, piece);
    native::distances(&graph, u64::MAX)
        .map(|(dist, _)| dist)
        .map_err(|_| {
            PlayerSolveError::Internal(
                "petgraph-dijkstra/graph: a search with no budget gave up".into(),
            )
        })
}

/// petgraph's Dijkstra for each piece of `race` on one graph built for them all
/// ([`GraphEncoding::shared`], on the first piece asked for): each piece's search is the one on its
/// own graph, and the graph is built once instead of once a piece.
fn petgraph_pieces<C: Cost>(race: &Race<C>) -> PieceRunner<'_, C> {
    let mut graph = None;
    Box::new(move |m: &Method, piece: &Piece, budget: Budget| {
        let graph = graph.get_or_insert_with(|| GraphEncoding::shared(race));
        let found = native::dijkstra_for(graph, piece.target, budget.nodes)
            .map_err(|s| native_stop(m, piece, s))?;
        native_path(m, piece, graph, found)
    })
}

/// petgraph's A* on the graph encoding with the method's estimate, within the budget.
fn petgraph_astar<C: Cost>(
    m: &Method,
    race: &Race<C>,
    piece: &Piece,
    budget: Budget,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let graph = GraphEncoding::new(race, piece);
    let h = m.tuning.estimate.table(race, piece.target);
    let found = native::astar(
        &graph,
        |n| h.get(n.index()).copied().flatten().unwrap_or(C::zero()),
        budget.nodes,
    )
    .map_err(|s| native_stop(m, piece, s))?;
    native_path(m, piece, &graph, found)
}

/// A native method's stop as the error every method reports.
fn native_stop<C: Cost>(m: &Method, piece: &Piece, s: native::NativeStop<C>) -> PlayerSolveError {
    match s.stop {
        Stop::NoPath => no_path(m, piece),
        Stop::GaveUp { bound, .. } => PlayerSolveError::GaveUp {
            method: m.name,
            piece: piece.number,
            nodes: s.expanded,
            at: match bound {
                Some(b) => format!("no path is shorter than {}", b.show()),
                None => "no path yet".into(),
            },
        },
    }
}

/// The bit-parallel breadth-first search over the step encoding's positions (the steps a piece
/// may stop on as a bit set, advanced by one shift per die face per round): the fewest rolls.
fn bit_bfs<C: Cost>(
    m: &Method,
    race: &Race<C>,
    piece: &Piece,
    _budget: Budget,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let t = race.target_step(piece.target);
    let mut landable = vec![0u64; (t + 1).div_ceil(64)];
    for s in (0..=t).filter(|&s| s == 0 || race.can_land(s, piece.target)) {
        landable[s / 64] |= 1 << (s % 64);
    }
    let jumps: Vec<usize> = race.faces.iter().map(|&f| f as usize).collect();
    let (steps, reached) = fewest_path(&landable, &jumps, 0, t).ok_or_else(|| no_path(m, piece))?;
    let mut p = PiecePath::from_steps(race, piece.target, steps).ok_or_else(|| {
        PlayerSolveError::Internal(format!("{}: the path found is not a legal path", m.name))
    })?;
    p.nodes = reached;
    Ok(p)
}

fn native_path<C: Cost>(
    m: &Method,
    piece: &Piece,
    graph: &GraphEncoding<'_, C>,
    found: native::NativePath<C>,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let mut p = match found.moves {
        // Node i is step i: the path is its nodes, with the moves the search read off its edges.
        Some((rolls, costs)) => PiecePath {
            target: piece.target,
            length: costs.iter().fold(C::zero(), |sum, &c| sum + c),
            steps: found.nodes.iter().map(|n| n.index()).collect(),
            rolls,
            costs,
            nodes: 0,
            cut_short: 0,
            bitboard: None,
        },
        None => graph.decode(&found.nodes)?,
    };
    if !crate::cost::same(p.length, found.cost) {
        return Err(PlayerSolveError::Internal(format!(
            "{}: petgraph says {} but the path costs {}",
            m.name,
            found.cost.show(),
            p.length.show()
        )));
    }
    p.nodes = found.expanded;
    Ok(p)
}

fn no_path(m: &Method, piece: &Piece) -> PlayerSolveError {
    PlayerSolveError::Internal(format!(
        "{} found no path for piece {} on a race every piece can finish",
        m.name, piece.number
    ))
}

use Encoding::{Bitboard, Graph, Step};
use MethodObjective::{Length, Rolls};

const PAPER_CUT_OFF: &str = "the paper's cut-off explores every path within the bound, which off the paper's board can take hours";
const IDA_TEXTBOOK: &str =
    "textbook IDA* runs an iteration per whole unit between estimate and optimum and gives up";
const IDA_DOUBLING: &str = "its last iteration's branch and bound grows with the race: 34,718,547 nodes (0.6 s) on maedn, 842 million on maedn-6, over a billion on Ludo and Parcheesi";
const ADMISSIBLE_ABLATION: &str = "an ablation of the paper's search (its cut-off with a true lower bound): 31,773,455 calls (0.3 s) on maedn, hours elsewhere";
const NO_BOUND: &str = "no bound: 660,449,985 calls on the standard board, exponential in the race";

/// Every method, in table order: the speed limit first, the paper last. One entry a line (the
/// table is kept unformatted so that it stays one).
#[rustfmt::skip]
pub const METHODS: &[Method] = &[
    entry::<Dp>("dp/step", "dp", Step, Length, true, Tuning::PLAIN, Skip::Never, "dynamic programming in step order: one pass, no queue; the speed limit"),
    entry::<Dp>("dp/graph", "dp", Graph, Length, true, Tuning::PLAIN, Skip::Never, "dynamic programming over the petgraph graph's nodes"),
    entry::<Dp>("dp/bitboard", "dp", Bitboard, Length, true, Tuning::PLAIN, Skip::Never, "dynamic programming over bit-board states, one kept per position"),
    entry::<Dijkstra>("dijkstra/step", "dijkstra", Step, Length, true, Tuning::PLAIN, Skip::Never, "Dijkstra's algorithm (binary heap) over steps"),
    entry::<Dijkstra>("dijkstra/graph", "dijkstra", Graph, Length, true, Tuning::PLAIN, Skip::Never, "the generic Dijkstra on the petgraph graph"),
    entry::<Dijkstra>("dijkstra/bitboard", "dijkstra", Bitboard, Length, true, Tuning::PLAIN, Skip::Never, "Dijkstra over bit-board states, one kept per position"),
    petgraph_dijkstra_method(),
    entry::<AStar>("astar/step", "astar", Step, Length, true, Tuning::with(Estimate::StraightLine), Skip::Never, "A* with the admissible straight-line estimate"),
    entry::<AStar>("astar/graph", "astar", Graph, Length, true, Tuning::with(Estimate::StraightLine), Skip::Never, "the generic A* on the petgraph graph"),
    entry::<AStar>("astar/bitboard", "astar", Bitboard, Length, true, Tuning::with(Estimate::StraightLine), Skip::Never, "A* over bit-board states"),
    native("petgraph-astar/graph", "petgraph-astar", Tuning::with(Estimate::StraightLine), "petgraph's own A* with the straight-line estimate", petgraph_astar::<u64>, petgraph_astar::<f64>),
    entry::<AStar>("weighted-astar/step", "astar", Step, Length, true, Tuning::with(Estimate::Weighted), Skip::Never, "A* with the straight-line estimate times 1.5: fewer nodes, not always optimal"),
    entry::<IdaStar>("idastar/step", "idastar", Step, Length, true, Tuning::with(Estimate::StraightLine), Skip::Always(IDA_TEXTBOOK), "textbook iterative deepening A*: memory only for the path"),
    entry::<IdaStar>("idastar-doubling/step", "idastar", Step, Length, true, Tuning::growing(Estimate::StraightLine, 2.0), Skip::Always(IDA_DOUBLING), "IDA* whose bound at least doubles, the last iteration finished as branch and bound"),
    entry::<Bfs>("bfs/step", "bfs", Step, Rolls, true, Tuning::PLAIN, Skip::Never, "breadth-first search: the fewest rolls, not the least length"),
    entry::<Bfs>("bfs/bitboard", "bfs", Bitboard, Rolls, true, Tuning::PLAIN, Skip::Never, "breadth-first search over bit-board states"),
    native_rolls("bit-bfs/step", "bit-bfs", "bit-parallel breadth-first search over the steps: a few word shifts per die face per round", bit_bfs::<u64>, bit_bfs::<f64>),
    entry::<BranchAndBound>("bnb/step", "branch-and-bound", Step, Length, true, Tuning::BNB, Skip::Never, "depth-first branch and bound with dominance pruning over steps"),
    entry::<BranchAndBound>("bnb/graph", "branch-and-bound", Graph, Length, true, Tuning::BNB, Skip::Never, "depth-first branch and bound with dominance pruning on the petgraph graph"),
    entry::<BranchAndBound>("bnb/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::BNB, Skip::Never, "the paper's search on its bit-board, with dominance pruning and a tie-safe cut-off: works everywhere"),
    entry::<BranchAndBound>("bnb-exact/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::paper(Estimate::Exact), Skip::OffPaperBoard(PAPER_CUT_OFF), "the paper's search with the exact remaining distance as its bound"),
    entry::<BranchAndBound>("bnb-admissible/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::paper(Estimate::Admissible), Skip::Always(ADMISSIBLE_ABLATION), "the paper's search with the board's least cost per tile as its bound"),
    entry::<BranchAndBound>("bnb-paper/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::paper(Estimate::Paper), Skip::OffPaperBoard(PAPER_CUT_OFF), "the paper's search as its preprint ran it: 193 units per tile, 14,282,614 calls"),
    entry::<BranchAndBound>("bnb-listing/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::paper(Estimate::Listing), Skip::OffPaperBoard(PAPER_CUT_OFF), "the paper's search as its final version ran it (Listing 9's tiles_left--): 18,526,851 calls"),
    entry::<BranchAndBound>("bnb-none/bitboard", "branch-and-bound", Bitboard, Length, true, Tuning::paper(Estimate::None), Skip::Always(NO_BOUND), "the paper's search without a bound"),
];
