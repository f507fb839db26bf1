//! The methods `compare` runs, each solving a whole player's race (every piece, plus the enter cost)
//! with one algorithm of [`crate::search`] or one encoding.

use crate::board::Board;
use crate::board::embedded::is_paper_board;
use crate::cost::Cost;
use crate::encoding::bitboard::{BitboardSolver, Bound};
use crate::encoding::graph::{GraphEncoding, GraphSolver};
use crate::race::Race;
use crate::search::astar;
use crate::search::bit_bfs::fewest_moves;
use crate::search::dp::Dp;
use crate::search::heuristic::StraightLine;
use crate::search::ida_star::{IdaOutcome, Schedule, ida_star};
use crate::solve::{Solution, SolveError, solve_with};
use crate::text::thousands;

/// The factor of the inadmissible A*'s estimate.
pub const WEIGHT: f64 = 1.5;

/// One way of solving a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Dynamic programming in step order ([`crate::search::dp`]).
    Dp,
    /// petgraph's Dijkstra on the graph encoding ([`crate::search::dijkstra`]).
    Dijkstra,
    /// petgraph's A* with the admissible straight-line estimate ([`crate::search::astar`]).
    AStar,
    /// A* with the straight-line estimate times [`WEIGHT`]: inadmissible.
    WeightedAStar,
    /// Iterative deepening A* with the admissible estimate ([`crate::search::ida_star`]), the
    /// bound growing to the least estimate that exceeded it (textbook).
    IdaStar,
    /// Iterative deepening A* whose bound at least doubles per iteration, finishing the last one as
    /// a branch and bound (IDA*_CR): exact, with few iterations.
    IdaStarDoubling,
    /// Bit-parallel BFS for the fewest rolls ([`crate::search::bit_bfs`]); answers rolls, not length.
    BitBfs,
    /// The paper's branch and bound on the bit-board with a bound.
    Bitboard(Bound),
}

/// What a method answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The least total length.
    Length,
    /// The fewest rolls.
    Rolls,
}

/// What a method found for a whole player.
#[derive(Clone, Debug, PartialEq)]
pub struct Found<C> {
    /// Enter cost plus every piece's length (methods answering [`Answer::Length`]).
    pub length: Option<C>,
    /// Rolls of the paths found, summed over pieces (the fewest, for [`Method::BitBfs`]).
    pub rolls: u64,
    /// Nodes expanded, summed over pieces.
    pub nodes: u64,
}

/// Why a method has no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// The node budget ran out.
    GaveUp {
        /// Nodes expanded before giving up.
        nodes: u64,
        /// Where it was, in words.
        at: String,
    },
    /// The method cannot represent this board (e.g. the bit-board beyond 128 bits).
    Unsupported(String),
    /// Anything else (a bug, reported).
    Failed(String),
}

/// A solution of one of the project's encodings, as a method's answer.
impl<C: Cost> From<Solution<C>> for Found<C> {
    fn from(s: Solution<C>) -> Self {
        Found {
            length: Some(s.total),
            rolls: s.pieces.iter().map(|p| p.rolls.len() as u64).sum(),
            nodes: s.nodes,
        }
    }
}

impl From<SolveError> for Stop {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Unsupported { reason, .. } => Stop::Unsupported(reason),
            other => Stop::Failed(other.to_string()),
        }
    }
}

impl Method {
    /// Every method with its name, in table order: the speed limit first, the paper last.
    pub const ALL: [(&'static str, Method); 12] = [
        ("dp", Method::Dp),
        ("dijkstra", Method::Dijkstra),
        ("astar", Method::AStar),
        ("weighted-astar", Method::WeightedAStar),
        ("idastar", Method::IdaStar),
        ("idastar-doubling", Method::IdaStarDoubling),
        ("bit-bfs", Method::BitBfs),
        ("bitboard-exact", Method::Bitboard(Bound::Exact)),
        ("bitboard-admissible", Method::Bitboard(Bound::Admissible)),
        ("bitboard-paper", Method::Bitboard(Bound::Paper)),
        ("bitboard-listing", Method::Bitboard(Bound::Listing)),
        ("bitboard-none", Method::Bitboard(Bound::None)),
    ];

    /// The name given to `--method`.
    pub fn name(self) -> &'static str {
        crate::text::name_in(&Method::ALL, self)
    }

    /// Whether the method is guaranteed to find the optimum (of what it answers) on every board.
    pub fn is_exact(self) -> bool {
        match self {
            Method::WeightedAStar => false,
            Method::Bitboard(b) => b.is_exact(),
            _ => true,
        }
    }

    /// What the method answers.
    pub fn answer(self) -> Answer {
        match self {
            Method::BitBfs => Answer::Rolls,
            _ => Answer::Length,
        }
    }

    /// Why the default method list leaves this method out on `board`, if it does; naming a method
    /// in `--method` runs it regardless. The bit-board search without a bound is left out
    /// everywhere: hundreds of millions of calls on the standard board, and exponential in the
    /// race. Its admissible, paper and listing bounds run by default on the paper's board only,
    /// where their cost is known: elsewhere it depends on the geometry and can be billions of
    /// calls on a 40-tile random board. With the exact bound the search stays small everywhere.
    pub fn skipped_by_default(self, board: &Board) -> Option<String> {
        match self {
            Method::Bitboard(Bound::None) => Some(
                "skipped by default: no pruning bound, exponential in the race; name it in --method to run it".into(),
            ),
            Method::Bitboard(b) if b != Bound::Exact && !is_paper_board(board) => Some(format!(
                "skipped by default off the paper's board: the {} bound's search can take hours, depending on the geometry; name it in --method to run it",
                b.name()
            )),
            _ => None,
        }
    }

    /// Solves every piece of `race` (a player of `board`); IDA* gives up after `budget` nodes.
    pub fn run<C: Cost>(
        self,
        board: &Board,
        race: &Race<C>,
        budget: u64,
    ) -> Result<Found<C>, Stop> {
        match self {
            Method::Dp => {
                // One pass over the track, shared by every piece (any track step may be stopped
                // on, whatever the target), then per piece a short pass into its goal tiles.
                let track = race.track_steps;
                let reach = race.faces.first().map_or(0, |&f| f as usize);
                let mut dp = Dp::new();
                dp.reset(race.steps(), 0);
                // Every track step may be stopped on: no landing rule to check, and a move
                // leaving the track maps to `usize::MAX`, which `relax` skips.
                dp.relax(0, track, |s| {
                    race.faces.iter().enumerate().map(move |(i, &f)| {
                        let to = s + f as usize;
                        match race.cost(s, i) {
                            Some(c) if to < track => (to, c),
                            _ => (usize::MAX, C::zero()),
                        }
                    })
                });
                let mut found = each_piece(race, |target| {
                    let t = race.target_step(target);
                    dp.forget_from(track);
                    dp.relax(track.saturating_sub(reach), t, |s| {
                        race.moves(s, target)
                            .filter(move |m| m.to >= track)
                            .map(|m| (m.to, m.cost))
                    });
                    let (length, path) = dp
                        .cost(t)
                        .zip(dp.path(t))
                        .ok_or_else(|| unreachable(race, "dp"))?;
                    Ok((Some(length), path.len() as u64 - 1, 0))
                })?;
                found.nodes = dp.expanded();
                Ok(found)
            }
            Method::Dijkstra => Ok(solve_with(board, race, &mut GraphSolver::new(race))?.into()),
            Method::AStar | Method::WeightedAStar => {
                let graph = GraphEncoding::new(race);
                each_piece(race, |target| {
                    let (start, goal) = graph
                        .endpoints(race.track_steps, target)
                        .ok_or_else(|| unreachable(race, "astar"))?;
                    let h = if self == Method::AStar {
                        StraightLine::admissible(race, board.rules.metric, target)
                    } else {
                        StraightLine::weighted(race, board.rules.metric, target, WEIGHT)
                    };
                    // One estimate per step, not one per edge relaxed.
                    let h = h.table();
                    let p =
                        astar::shortest_path(&graph.graph, start, goal, |n| h[graph.graph[n].step])
                            .ok_or_else(|| unreachable(race, "astar"))?;
                    Ok((Some(p.length), p.rolls.len() as u64, p.expanded))
                })
            }
            Method::IdaStar | Method::IdaStarDoubling => {
                let growth = if self == Method::IdaStar { 1.0 } else { 2.0 };
                let mut used = 0u64;
                let mut piece = 0;
                each_piece(race, |target| {
                    piece += 1;
                    let t = race.target_step(target);
                    let h = StraightLine::admissible(race, board.rules.metric, target).table();
                    let out = ida_star(
                        0usize,
                        |&s| race.moves(s, target).map(|m| (m.to, m.cost)),
                        |&s| h[s],
                        |&s| s == t,
                        Schedule {
                            growth,
                            budget: budget - used,
                        },
                    );
                    match out {
                        IdaOutcome::Found(p) => {
                            used += p.expanded;
                            Ok((Some(p.length), p.nodes.len() as u64 - 1, p.expanded))
                        }
                        IdaOutcome::GaveUp {
                            expanded,
                            iterations,
                            bound,
                        } => Err(Stop::GaveUp {
                            nodes: used + expanded,
                            at: format!(
                                "piece {piece}, iteration {}, bound {}",
                                thousands(iterations),
                                bound.show()
                            ),
                        }),
                        IdaOutcome::NoPath { .. } => Err(unreachable(race, "idastar")),
                    }
                })
            }
            Method::BitBfs => {
                let jumps: Vec<usize> = race.faces.iter().map(|&f| f as usize).collect();
                // No length: `each_piece` leaves the total empty.
                each_piece(race, |target| {
                    let t = race.target_step(target);
                    let r = fewest_moves(&landable(race, target), &jumps, 0, t)
                        .ok_or_else(|| unreachable(race, "bit-bfs"))?;
                    Ok((None, u64::from(r.moves), r.reached))
                })
            }
            Method::Bitboard(bound) => {
                let mut solver = BitboardSolver::new(board, race, bound)?;
                Ok(solve_with(board, race, &mut solver)?.into())
            }
        }
    }
}

/// Solves each piece with `piece(target) -> (length, rolls, nodes)` and adds them up, with the
/// enter cost.
fn each_piece<C: Cost>(
    race: &Race<C>,
    mut piece: impl FnMut(usize) -> Result<(Option<C>, u64, u64), Stop>,
) -> Result<Found<C>, Stop> {
    let mut found = Found {
        length: Some(race.enter.iter().copied().sum()),
        rolls: 0,
        nodes: 0,
    };
    for target in race.targets() {
        let (length, rolls, nodes) = piece(target)?;
        found.length = found.length.zip(length).map(|(a, b)| a + b);
        found.rolls += rolls;
        found.nodes += nodes;
    }
    Ok(found)
}

/// The steps a piece heading for `target` may stop on, as a bit set (step 0, the start, included).
pub fn landable<C: Cost>(race: &Race<C>, target: usize) -> Vec<u64> {
    let t = race.target_step(target);
    let mut words = vec![0u64; (t + 1).div_ceil(64)];
    for s in (0..=t).filter(|&s| s == 0 || race.can_land(s, target)) {
        words[s / 64] |= 1 << (s % 64);
    }
    words
}

/// The fewest rolls for every piece of `race`, by dynamic programming with every move costing one:
/// the reference the bit-parallel BFS is checked against.
pub fn fewest_rolls<C: Cost>(race: &Race<C>) -> Option<u64> {
    let mut dp = Dp::<u64>::new();
    race.targets()
        .into_iter()
        .map(|target| {
            dp.shortest_path(0, race.target_step(target), |s| {
                race.moves(s, target).map(|m| (m.to, 1))
            })
            .map(|p| p.length)
        })
        .sum()
}

/// A method found no path although the race was checked to be solvable: a bug, reported.
fn unreachable<C: Cost>(race: &Race<C>, method: &str) -> Stop {
    Stop::Failed(match race.check_reachable() {
        Err(e) => e.to_string(),
        Ok(()) => format!("{method} found no path on a solvable race (please report)"),
    })
}
