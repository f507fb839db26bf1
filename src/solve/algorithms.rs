//! The algorithms of [`crate::search`] as [`Algorithm`]s: each adapter hands an encoding's start,
//! successors, positions and goal test, and the method's estimate, to one generic function.

use super::error::PlayerSolveError;
use crate::cost::Cost;
use crate::encoding::{PiecePath, StateEncoding};
use crate::race::estimate::{Estimate, finish_cut, remaining};
use crate::race::{Piece, Race};
use crate::search::branch_and_bound::Edge;
use crate::search::{self, Progress, SearchOutcome, Stop};

/// A method's options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// The estimate of the cost left (A*, IDA*, branch and bound).
    pub estimate: Estimate,
    /// IDA*'s least bound growth per iteration (1 = textbook).
    pub growth: f64,
    /// Branch and bound: cut a state reaching a position no shorter than one seen there before.
    pub dominance: bool,
    /// Branch and bound: once a path is known, enter only children that could be strictly shorter.
    pub tie_safe: bool,
    /// Branch and bound: try a state's children least bound (cost + estimate) first, ties in
    /// successor order; otherwise in successor order, as the paper does.
    pub ordered: bool,
}

impl Tuning {
    /// No estimate, nothing switched on.
    pub const PLAIN: Tuning = Tuning {
        estimate: Estimate::None,
        growth: 1.0,
        dominance: false,
        tie_safe: false,
        ordered: false,
    };

    /// The paper's search with `estimate`: no dominance, the paper's `<=` cut-off.
    pub const fn paper(estimate: Estimate) -> Tuning {
        Tuning {
            estimate,
            ..Tuning::PLAIN
        }
    }

    /// `estimate`, nothing else.
    pub const fn with(estimate: Estimate) -> Tuning {
        Tuning::paper(estimate)
    }

    /// `estimate`, and IDA*'s bound growing at least by `growth` per iteration.
    pub const fn growing(estimate: Estimate, growth: f64) -> Tuning {
        Tuning {
            growth,
            ..Tuning::paper(estimate)
        }
    }

    /// The branch and bound that works everywhere, in time linear in the race: the exact remaining
    /// distance as its bound (one backward pass over the steps), children least bound first,
    /// dominance, tie-safe. The first dive follows the optimal path with the greatest rolls and
    /// every other child is then cut at once. (With the board's least cost per tile as its bound
    /// and children in roll order, it made 50 million calls on a 1,000-tile track and gave up at a
    /// billion on 10,000 tiles.)
    pub const BNB: Tuning = Tuning {
        estimate: Estimate::Exact,
        growth: 1.0,
        dominance: true,
        tie_safe: true,
        ordered: true,
    };
}

/// What a solve may spend: a node budget, and a counter the long searches report their nodes to
/// as they run (for a progress display). A plain number is a budget with no counter.
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// Nodes to expand before giving up.
    pub nodes: u64,
    /// Where branch and bound and IDA* report their nodes.
    pub progress: Option<&'a Progress>,
}

impl From<u64> for Budget<'_> {
    fn from(nodes: u64) -> Self {
        Budget {
            nodes,
            progress: None,
        }
    }
}

/// What an algorithm gets besides the encoding: the race, the piece, the method's tuning, the
/// estimate table (by position) and the node budget.
#[derive(Clone, Copy, Debug)]
pub struct SearchJob<'a, C> {
    /// The race.
    pub race: &'a Race<C>,
    /// The piece being solved.
    pub piece: &'a Piece,
    /// The method's options.
    pub tuning: &'a Tuning,
    /// The method's estimate of the cost left from each position (`None`: the target is out of
    /// reach).
    pub estimate: &'a [Option<C>],
    /// Nodes to expand before giving up.
    pub budget: u64,
    /// Where the long searches (branch and bound, IDA*) report their nodes as they run.
    pub progress: Option<&'a Progress>,
}

impl<C: Cost> SearchJob<'_, C> {
    /// The estimate at `position`, zero where it is unknown.
    pub fn h(&self, position: usize) -> C {
        self.estimate
            .get(position)
            .copied()
            .flatten()
            .unwrap_or(C::zero())
    }
}

/// A search algorithm that runs on any [`StateEncoding`]: one line of glue from the encoding to a
/// generic function of [`crate::search`].
pub trait Algorithm {
    /// Searches one piece's race as `encoding` presents it.
    fn search<C: Cost, E: StateEncoding<C>>(
        encoding: &E,
        job: &SearchJob<'_, C>,
    ) -> SearchOutcome<E::State, C>;
}

/// Runs `A` on `encoding` for one piece and decodes the path, checking its cost against the
/// search's.
pub fn search_piece<A: Algorithm, C: Cost, E: StateEncoding<C>>(
    encoding: &E,
    job: &SearchJob<'_, C>,
    method: &'static str,
) -> Result<PiecePath<C>, PlayerSolveError> {
    let out = A::search(encoding, job);
    match out.result {
        Ok(path) => {
            let mut p = encoding.decode(&path.nodes)?;
            if !crate::cost::same(p.length, path.cost) {
                return Err(PlayerSolveError::Internal(format!(
                    "{method}: the search says {} but the path it returned costs {}",
                    path.cost.show(),
                    p.length.show()
                )));
            }
            p.nodes = out.stats.expanded;
            p.cut_short = out.stats.cut_short;
            Ok(p)
        }
        Err(Stop::NoPath) => Err(PlayerSolveError::Internal(format!(
            "{method} found no path for piece {} on a race every piece can finish",
            job.piece.number
        ))),
        Err(Stop::GaveUp { bound, .. }) => Err(PlayerSolveError::GaveUp {
            method,
            piece: job.piece.number,
            nodes: out.stats.expanded,
            at: match bound {
                Some(b) if out.stats.iterations > 0 => {
                    format!("iteration {}, bound {}", out.stats.iterations, b.show())
                }
                Some(b) => format!("best so far {}", b.show()),
                None => "no path yet".into(),
            },
        }),
    }
}

/// An adapter for a search that takes `(start, successors, key, keys, success, budget)`: the
/// encoding's successors without their rolls, its positions as keys, its goal test.
macro_rules! keyed {
    ($(#[$doc:meta])* $name:ident => $search:path) => {
        $(#[$doc])*
        pub struct $name;
        impl Algorithm for $name {
            fn search<C: Cost, E: StateEncoding<C>>(
                e: &E,
                job: &SearchJob<'_, C>,
            ) -> SearchOutcome<E::State, C> {
                $search(
                    e.start(),
                    |&s| e.successors(s).map(|(n, _, c)| (n, c)),
                    |s| e.position(s),
                    e.positions(),
                    |s| e.is_goal(s),
                    job.budget,
                )
            }
        }
    };
}

keyed!(
    /// Dijkstra's algorithm ([`search::dijkstra`]).
    Dijkstra => search::dijkstra::dijkstra
);
keyed!(
    /// Dynamic programming in position order ([`search::dp`]).
    Dp => search::dp::dp
);
keyed!(
    /// Breadth-first search: the fewest rolls ([`search::bfs`]).
    Bfs => search::bfs::bfs
);

/// A* with the method's estimate ([`search::astar`]); an estimate that is not admissible
/// (weighted) runs without reopening ([`search::astar::astar_closed`]), in linear time.
pub struct AStar;
impl Algorithm for AStar {
    fn search<C: Cost, E: StateEncoding<C>>(
        e: &E,
        job: &SearchJob<'_, C>,
    ) -> SearchOutcome<E::State, C> {
        let successors = |&s: &E::State| e.successors(s).map(|(n, _, c)| (n, c));
        let h = |s: &E::State| job.h(e.position(s));
        let key = |s: &E::State| e.position(s);
        let goal = |s: &E::State| e.is_goal(s);
        if job.tuning.estimate.is_admissible() {
            search::astar::astar(
                e.start(),
                successors,
                h,
                key,
                e.positions(),
                goal,
                job.budget,
            )
        } else {
            search::astar::astar_closed(
                e.start(),
                successors,
                h,
                key,
                e.positions(),
                goal,
                job.budget,
            )
        }
    }
}

/// Iterative deepening A* with the method's estimate and growth ([`search::ida_star`]).
pub struct IdaStar;
impl Algorithm for IdaStar {
    fn search<C: Cost, E: StateEncoding<C>>(
        e: &E,
        job: &SearchJob<'_, C>,
    ) -> SearchOutcome<E::State, C> {
        search::ida_star::ida_star(
            e.start(),
            |&s| e.successors(s).map(|(n, _, c)| (n, c)),
            |s| job.h(e.position(s)),
            |s| e.is_goal(s),
            search::ida_star::Schedule {
                growth: job.tuning.growth,
                budget: job.budget,
                progress: job.progress,
            },
        )
    }
}

/// The paper's depth-first branch and bound ([`search::branch_and_bound`]), with the method's
/// estimate, and dominance pruning, the tie-safe cut-off and children least bound first when the
/// method asks for them.
pub struct BranchAndBound;
impl Algorithm for BranchAndBound {
    fn search<C: Cost, E: StateEncoding<C>>(
        e: &E,
        job: &SearchJob<'_, C>,
    ) -> SearchOutcome<E::State, C> {
        let estimate = job.estimate;
        let h = |s: &E::State| estimate.get(e.position(s)).copied().flatten();
        if job.tuning.ordered {
            // A stable sort on cost + estimate (unreachable last) keeps roll order among ties.
            let bound = |(s, c): &(E::State, C)| h(s).map(|h| (*c + h).to_f64());
            branch_and_bound(e, job, |s| {
                let mut children: Vec<(E::State, C)> =
                    e.successors(*s).map(|(n, _, c)| (n, c)).collect();
                children.sort_by(|a, b| match (bound(a), bound(b)) {
                    (Some(x), Some(y)) => x.total_cmp(&y),
                    (x, y) => x.is_none().cmp(&y.is_none()),
                });
                children
            })
        } else if let Some(bounded) = e.with_estimates(estimate) {
            // The encoding's moves carry their estimate: each bound is tested before its child
            // is built.
            branch_and_bound(&bounded, job, |s| bounded.edges(*s))
        } else {
            branch_and_bound(e, job, |s| e.edges(*s))
        }
    }
}

/// [`search::branch_and_bound`] on `e` with the job's options and children from `successors`.
fn branch_and_bound<C, E, FN, IN>(
    e: &E,
    job: &SearchJob<'_, C>,
    successors: FN,
) -> SearchOutcome<E::State, C>
where
    C: Cost,
    E: StateEncoding<C>,
    FN: FnMut(&E::State) -> IN,
    IN: IntoIterator,
    IN::Item: Edge<E::State, C>,
{
    let rest = remaining(job.race, job.piece.target);
    let cut = finish_cut(job.race, job.piece.target, &rest);
    let estimate = job.estimate;
    search::branch_and_bound::branch_and_bound(
        e.start(),
        successors,
        |s| estimate.get(e.position(s)).copied().flatten(),
        |s| e.position(s),
        e.positions(),
        |s| e.is_goal(s),
        |parent| cut.get(e.position(parent)).copied().unwrap_or(false),
        search::branch_and_bound::BranchAndBoundOptions {
            upper: e.limit(),
            tie_safe: job.tuning.tie_safe,
            dominance: job.tuning.dominance,
            budget: job.budget,
            progress: job.progress,
        },
    )
}
