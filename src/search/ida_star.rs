//! Iterative deepening A* (Korf 1985): depth-first searches under a growing cost bound.
//!
//! Each iteration is a depth-first search that abandons a state whose `g + h` exceeds the bound;
//! the next bound is the least `g + h` that exceeded it. With an admissible `h` the first goal
//! reached is optimal. It keeps no table of visited states, so memory is only the current path, but
//! a state reached by many paths is searched once per path and once per iteration: on a race, where
//! move costs are all different, nearly every whole unit between `h(start)` and the optimum costs
//! an iteration. A budget of entered states stops it.
//!
//! With `growth > 1` the bound grows at least by that factor per iteration (Sarkar et al. 1991,
//! IDA*_CR), so iterations are logarithmic in the gap, and the search stays exact by finishing the
//! iteration as a depth-first branch and bound: a goal costing at most the least `g + h` that
//! exceeded the previous bound is optimal at once; a dearer one becomes the incumbent, prunes
//! every state with `g + h >=` it, and is returned when the iteration ends.
//!
//! The search is iterative (an explicit stack of states with their successor iterators), so paths
//! millions of states deep do not overflow the call stack.

use super::{Meter, Path, Progress, SearchOutcome, Stats, Stop};
use crate::cost::Cost;

/// How [`ida_star`] grows its bound and when it gives up.
#[derive(Clone, Copy, Debug)]
pub struct Schedule<'p> {
    /// Least factor by which the bound grows per iteration; `1.0` is textbook IDA* (the next bound
    /// is the least `g + h` that exceeded the last).
    pub growth: f64,
    /// States to enter, over all iterations, before giving up.
    pub budget: u64,
    /// Where to report the states entered as the search runs.
    pub progress: Option<&'p Progress>,
}

/// A state on the current path with the successors not yet tried.
struct Frame<N, C, I> {
    /// The state.
    node: N,
    /// Its cost from the start along the current path.
    g: C,
    /// Its successors not yet tried.
    children: I,
}

/// The cheapest path from `start` to a state satisfying `success`, by IDA* (IDA*_CR when
/// `schedule.growth > 1`).
///
/// `successors(n)` yields `(next, cost)` with non-negative costs, in the order to try them;
/// `heuristic(n)` is an admissible estimate of the cost from `n` to a goal. The graph must be
/// acyclic. Goals are not expanded. Among equal-cost optimal paths the first in successor order is
/// returned (with successors in decreasing key order: the greatest key sequence).
///
/// Stats: `expanded` counts states entered over all iterations (each one like a call of a
/// recursive search, pruned ones and goals included); `cut_short` counts entered states pruned by
/// the bound or the incumbent; `iterations` counts the depth-first searches begun. When entering
/// would exceed `schedule.budget` states it returns [`GaveUp`](super::Stop::GaveUp) with `bound`
/// the bound of the iteration under way (with `growth` 1.0 no path is cheaper).
pub fn ida_star<N, C, FN, IN, FH, FS>(
    start: N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    schedule: Schedule<'_>,
) -> SearchOutcome<N, C>
where
    N: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    let mut meter = Meter::new(schedule.budget, schedule.progress);
    // `floor`: no path costs less (the least `g + h` that exceeded the previous bound).
    let mut floor = heuristic(&start);
    let mut bound = floor;
    let mut stack: Vec<Frame<N, C, IN::IntoIter>> = Vec::new();
    loop {
        stats.iterations += 1;
        let mut next_bound: Option<C> = None;
        let mut incumbent: Option<Path<N, C>> = None;
        stack.clear();
        let mut candidate = Some((start.clone(), C::zero()));
        loop {
            if let Some((node, g)) = candidate.take() {
                // Enter `node`: prune, stop at a goal, or open its successors.
                if meter.spent(stats.expanded) {
                    return gave_up(schedule.budget, bound, stats);
                }
                stats.expanded += 1;
                let f = g + heuristic(&node);
                if f > bound {
                    stats.cut_short += 1;
                    if next_bound.is_none_or(|least| f < least) {
                        next_bound = Some(f);
                    }
                } else if incumbent.as_ref().is_some_and(|best| f >= best.cost) {
                    stats.cut_short += 1; // Cannot beat the incumbent.
                } else if success(&node) {
                    let path = path_through(&stack, node, g);
                    if g <= floor {
                        return SearchOutcome::found(path, stats);
                    }
                    incumbent = Some(path);
                } else {
                    let children = successors(&node).into_iter();
                    stack.push(Frame { node, g, children });
                }
            }
            let Some(top) = stack.last_mut() else {
                break;
            };
            match top.children.next() {
                Some((next, cost)) => candidate = Some((next, top.g + cost)),
                None => {
                    stack.pop();
                }
            }
        }
        if let Some(path) = incumbent {
            return SearchOutcome::found(path, stats);
        }
        let Some(least) = next_bound else {
            return SearchOutcome::stopped(Stop::NoPath, stats);
        };
        floor = least;
        bound = grown(bound, least, schedule.growth);
    }
}

/// The next iteration's bound: at least `growth` times the last one, and at least the least
/// `g + h` that exceeded it (textbook IDA* with `growth` 1).
fn grown<C: Cost>(bound: C, least: C, growth: f64) -> C {
    let grown = C::from_length(bound.to_f64() * growth);
    if grown > least { grown } else { least }
}

/// The path to a goal `node` reached at cost `g`: the states on the `stack`, then the goal.
#[cold]
fn path_through<N: Clone, C, I>(stack: &[Frame<N, C, I>], node: N, g: C) -> Path<N, C> {
    let nodes = stack.iter().map(|frame| frame.node.clone());
    Path {
        nodes: nodes.chain(std::iter::once(node)).collect(),
        cost: g,
    }
}

/// The outcome when entering a state would exceed the `budget`, in the iteration under `bound`.
#[cold]
fn gave_up<N, C>(budget: u64, bound: C, stats: Stats) -> SearchOutcome<N, C> {
    let stop = Stop::GaveUp {
        budget,
        bound: Some(bound),
    };
    SearchOutcome::stopped(stop, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(growth: f64, budget: u64) -> Schedule<'static> {
        Schedule {
            growth,
            budget,
            progress: None,
        }
    }

    #[test]
    fn finds_the_cheapest_path_in_a_small_dag() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 3, 0 -> 3 costs 5; h = 0. The two paths
        // costing 4 tie; the first in successor order (0 1 3) wins.
        let edges: [&[(usize, u64)]; 4] = [&[(3, 5), (1, 2), (2, 1)], &[(3, 2)], &[(3, 3)], &[]];
        for growth in [1.0, 1.5, 10.0] {
            let out = ida_star(
                0usize,
                |&n| edges[n].iter().copied(),
                |_| 0,
                |&n| n == 3,
                schedule(growth, 1000),
            );
            let path = out.result.unwrap();
            assert_eq!(
                (path.cost, path.nodes),
                (4, vec![0, 1, 3]),
                "growth {growth}"
            );
        }
    }

    #[test]
    fn counts_entries_and_iterations() {
        // 0 -> 1 (1), 0 -> 2 (3), 1 -> 2 (3); goal 2; h = 0. Textbook:
        // bound 0: enter 0, 1 (f 1 > 0, cut), 2 (f 3, cut): next bound 1.
        // bound 1: enter 0, 1, 2 via 1 (f 4, cut), 2 (f 3, cut): next bound 3.
        // bound 3: enter 0, 1, 2 via 1 (cut), 2 (goal, 3 <= floor 3).
        let edges: [&[(usize, u64)]; 3] = [&[(1, 1), (2, 3)], &[(2, 3)], &[]];
        let out = ida_star(
            0usize,
            |&n| edges[n].iter().copied(),
            |_| 0,
            |&n| n == 2,
            schedule(1.0, 1000),
        );
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 2],
                cost: 3
            })
        );
        assert_eq!(
            out.stats,
            Stats {
                expanded: 11,
                cut_short: 5,
                iterations: 3
            }
        );
    }

    #[test]
    fn growth_finishes_as_branch_and_bound() {
        // f64 costs; 0 -> 1 (1.0) -> 3 (2.0) costs 3, 0 -> 2 (0.5) -> 3 (2.0) costs 2.5; h = 0.
        // Bounds: 0, then 0.5 (10 * 0 is less than the least f over 0), then 10 * 0.5 = 5 with
        // floor 1: goal 0 1 3 (3 > floor) becomes the incumbent, 0 2 3 (2.5) replaces it, and is
        // returned when the iteration ends.
        let edges: [&[(usize, f64)]; 4] = [&[(1, 1.0), (2, 0.5)], &[(3, 2.0)], &[(3, 2.0)], &[]];
        let out = ida_star(
            0usize,
            |&n| edges[n].iter().copied(),
            |_| 0.0,
            |&n| n == 3,
            schedule(10.0, 1000),
        );
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 2, 3],
                cost: 2.5
            })
        );
        assert_eq!(out.stats.iterations, 3);
    }

    #[test]
    fn reports_no_path_and_gives_up() {
        let out = ida_star(
            0usize,
            |&n| [(n + 2, 1u64)],
            |_| 0,
            |&n| n == 3,
            schedule(1.0, 10),
        );
        assert_eq!(
            out.result,
            Err(Stop::GaveUp {
                budget: 10,
                bound: Some(3)
            })
        );
        assert_eq!(out.stats.expanded, 10);
        let out = ida_star(
            0usize,
            |&n| if n < 4 { vec![(n + 2, 1u64)] } else { vec![] },
            |_| 0,
            |&n| n == 3,
            schedule(1.0, 100),
        );
        assert_eq!(out.result, Err(Stop::NoPath));
    }

    #[test]
    fn a_million_deep_path_does_not_overflow() {
        let n = 1_000_000usize;
        let out = ida_star(
            0usize,
            |&k| [(k + 1, 1u64)],
            |&k| (n - k) as u64,
            |&k| k == n,
            schedule(1.0, u64::MAX),
        );
        let path = out.result.unwrap();
        assert_eq!((path.cost, path.nodes.len()), (n as u64, n + 1));
    }
}
