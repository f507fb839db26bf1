//! Depth-first branch and bound, exactly as the paper's `handle_piece` counts its calls.
//!
//! The search walks the tree of paths depth first, in successor order, and records every goal
//! strictly cheaper than the best so far. A child is entered only while it can still do as well as
//! the best (`g + h <= best`, the paper's rule) or, with [`Options::tie_safe`] once a path has been
//! recorded, strictly better; with [`Options::dominance`] a child is also cut when its key was
//! entered before at a cost no greater. It is iterative (an explicit stack of states with their
//! successor iterators, which is also the current path), allocates only when the stack grows or a
//! path is recorded, and keeps every closure monomorphized: it is the hot loop of runs of hundreds
//! of millions of calls.

use super::{Meter, Outcome, Path, Progress, Stats, Stop};
use crate::cost::Cost;

/// Options of [`branch_and_bound`].
#[derive(Clone, Copy, Debug)]
pub struct Options<'p, C> {
    /// Initial best: only paths strictly cheaper than this are recorded (None = no limit).
    pub upper: Option<C>,
    /// Tie-safe cut-off: once a path has been recorded, a child is entered only if
    /// g + cost + h(child) < best (strictly); otherwise (the paper's rule) if
    /// g + cost + h(child) <= best.
    pub tie_safe: bool,
    /// Dominance pruning over `keys` keys: a child whose g + cost is not strictly less than the
    /// least g + cost seen before at its key is cut (counted as a call and as cut short).
    pub dominance: bool,
    /// Calls to make before giving up.
    pub budget: u64,
    /// Where to report the calls made as the search runs.
    pub progress: Option<&'p Progress>,
}

/// A child as the successor function yields it: its cost, whether it is a goal, its estimate, and
/// the child itself, each asked for only when the search needs it.
///
/// A `(child, cost)` pair is an edge whose child is already built: it answers through the
/// search's `success` and `heuristic`. An encoding that knows more about a move than the state it
/// lands on (the bit-board's precomputed rolls) answers before building the child, so a child cut
/// by its bound is never built: the capability that makes the paper's search as cheap as its
/// hand-written recursion. Its answers must be those of `success` and `heuristic` on the child.
pub trait Edge<N, C> {
    /// The move's cost.
    fn cost(&self) -> C;
    /// Whether the child is a goal (`success` on the child, or what the edge already knows).
    fn is_goal(&self, parent: &N, success: &mut impl FnMut(&N) -> bool) -> bool;
    /// The child's estimate (`heuristic` on the child, or what the edge already knows).
    fn estimate(&self, parent: &N, heuristic: &mut impl FnMut(&N) -> Option<C>) -> Option<C>;
    /// The child, from its parent.
    fn node(&self, parent: &N) -> N;
}

/// A built child and its cost.
impl<N: Clone, C: Copy> Edge<N, C> for (N, C) {
    #[inline]
    fn cost(&self) -> C {
        self.1
    }
    #[inline]
    fn is_goal(&self, _: &N, success: &mut impl FnMut(&N) -> bool) -> bool {
        success(&self.0)
    }
    #[inline]
    fn estimate(&self, _: &N, heuristic: &mut impl FnMut(&N) -> Option<C>) -> Option<C> {
        heuristic(&self.0)
    }
    #[inline]
    fn node(&self, _: &N) -> N {
        self.0.clone()
    }
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

/// Whether a child with `f = g + cost + h` is entered under the best cost `best` (`None`: no
/// limit): `f <= best`, or `f < best` when `strict`.
#[inline]
fn within<C: Cost>(f: C, best: Option<C>, strict: bool) -> bool {
    match best {
        None => true,
        Some(best) if strict => f < best,
        Some(best) => f <= best,
    }
}

/// Whether a child of cost `g` at key `at` is dominated: a key entered before at a cost no
/// greater. A key out of range has no entry: it is never pruned by dominance.
#[inline]
fn dominated<C: Cost>(seen: &[Option<C>], at: usize, g: C) -> bool {
    seen.get(at)
        .copied()
        .flatten()
        .is_some_and(|least| g >= least)
}

/// The nodes of the current path, then `child`: the path to a goal just found.
fn path_to<N: Clone, C, I>(stack: &[Frame<N, C, I>], child: N, into: &mut Vec<N>) {
    into.clear();
    into.extend(stack.iter().map(|frame| frame.node.clone()));
    into.push(child);
}

/// The cheapest path from `start` to a success child, by the paper's depth-first branch and bound.
///
/// `successors(n)` yields [`Edge`]s (`(next, cost)` pairs, or an encoding's own) with
/// non-negative costs, in the order to try them;
/// `heuristic(n)` is a lower bound on the cost from `n` to a goal, `None` when no goal is
/// reachable (the child is pruned); `key(n)` is below `keys` and is called only when
/// `options.dominance` is set (then `keys` sizes the table of least costs seen per key; otherwise
/// it may be 0). `success(n)` says whether a child is a goal; the start itself is never tested.
/// `stop_after_success(parent)` is called with the parent each time one of its children is a goal
/// (recorded or not) and says whether to skip the parent's remaining children.
///
/// Semantics (the paper's `handle_piece`): the root counts as one call and is entered iff
/// `h(start)` is `Some` and `<= best` (`options.upper`, or no limit); otherwise `cut_short` is 1
/// and the result [`NoPath`](super::Stop::NoPath). Entering a state with cost `g`, for each child
/// `(c, cost)` in order:
/// - a goal is never entered nor counted: if `g + cost < best` it is recorded as the best path;
///   then if `stop_after_success(parent)` the parent's remaining children are skipped;
/// - otherwise it is a call (`expanded += 1`); with dominance, if `g + cost >=` the least cost
///   recorded at `key(c)` it is cut (`cut_short += 1`); else if `h(c)` is `None` or
///   `g + cost + h(c)` exceeds `best` (or equals it, when `tie_safe` and a path has been recorded)
///   it is cut; else (with dominance recording `g + cost` at `key(c)`) `c` is entered, depth first,
///   before the next sibling.
///
/// The result is the best recorded path (from `start` to the goal), or `NoPath`. Among equal-cost
/// paths the first in successor order is kept. `iterations` stays 0. When a call would make
/// `expanded` exceed `options.budget` it stops with [`GaveUp`](super::Stop::GaveUp), `bound` the
/// best cost at that moment (the recorded path's, or `options.upper`): an upper bound.
#[allow(clippy::too_many_arguments)]
pub fn branch_and_bound<N, C, FN, IN, FH, FK, FS, FC>(
    start: N,
    mut successors: FN,
    mut heuristic: FH,
    mut key: FK,
    keys: usize,
    mut success: FS,
    mut stop_after_success: FC,
    options: Options<'_, C>,
) -> Outcome<N, C>
where
    N: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator,
    IN::Item: Edge<N, C>,
    FH: FnMut(&N) -> Option<C>,
    FK: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
    FC: FnMut(&N) -> bool,
{
    let Options {
        upper,
        tie_safe,
        dominance,
        budget,
        progress,
    } = options;
    let mut stats = Stats::default();
    let mut meter = Meter::new(budget, progress);
    let mut best = upper;
    let gave_up = |best, stats| {
        Outcome::stopped(
            Stop::GaveUp {
                budget,
                bound: best,
            },
            stats,
        )
    };
    if budget == 0 {
        return gave_up(best, stats);
    }
    stats.expanded = 1;
    if !heuristic(&start).is_some_and(|h| within(h, best, false)) {
        stats.cut_short = 1;
        return Outcome::stopped(Stop::NoPath, stats);
    }
    // Least cost entered per key (dominance only).
    let mut seen: Vec<Option<C>> = if dominance {
        vec![None; keys]
    } else {
        Vec::new()
    };
    let mut best_nodes: Vec<N> = Vec::new();
    let mut recorded = false;
    let mut stack: Vec<Frame<N, C, IN::IntoIter>> = Vec::new();
    let children = successors(&start).into_iter();
    stack.push(Frame {
        node: start,
        g: C::zero(),
        children,
    });
    while let Some(top) = stack.last_mut() {
        let Some(edge) = top.children.next() else {
            stack.pop();
            continue;
        };
        let g = top.g + edge.cost();
        if edge.is_goal(&top.node, &mut success) {
            let stop = stop_after_success(&top.node);
            if best.is_none_or(|best| g < best) {
                best = Some(g);
                recorded = true;
                let child = edge.node(&top.node);
                path_to(&stack, child, &mut best_nodes);
            }
            if stop {
                stack.pop();
            }
            continue;
        }
        if meter.spent(stats.expanded) {
            return gave_up(best, stats);
        }
        stats.expanded += 1;
        // The bound first: a child cut by it is never built (unless dominance needs its key).
        let at = if dominance {
            let at = key(&edge.node(&top.node));
            if dominated(&seen, at, g) {
                stats.cut_short += 1;
                continue;
            }
            at
        } else {
            0
        };
        let h = edge.estimate(&top.node, &mut heuristic);
        if !h.is_some_and(|h| within(g + h, best, tie_safe && recorded)) {
            stats.cut_short += 1;
            continue;
        }
        if let Some(least) = seen.get_mut(at) {
            *least = Some(g);
        }
        let child = edge.node(&top.node);
        let children = successors(&child).into_iter();
        stack.push(Frame {
            node: child,
            g,
            children,
        });
    }
    let result = match best {
        Some(cost) if recorded => Ok(Path {
            nodes: best_nodes,
            cost,
        }),
        _ => Err(Stop::NoPath),
    };
    Outcome { result, stats }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The traced example: goal 5; successors in decreasing key order.
    ///
    /// ```text
    /// 0 -> 2 (1), 0 -> 1 (1)
    /// 1 -> 3 (2), 1 -> 2 (1)
    /// 2 -> 5 (4), 2 -> 3 (1)
    /// 3 -> 5 (2)
    /// ```
    /// Paths: 0 2 5 = 5, 0 2 3 5 = 4 (the optimum), 0 1 3 5 = 5, 0 1 2 5 = 6, 0 1 2 3 5 = 5.
    const EDGES: [&[(usize, u64)]; 4] = [
        &[(2, 1), (1, 1)],
        &[(3, 2), (2, 1)],
        &[(5, 4), (3, 1)],
        &[(5, 2)],
    ];

    fn options(
        upper: Option<u64>,
        tie_safe: bool,
        dominance: bool,
        budget: u64,
    ) -> Options<'static, u64> {
        Options {
            upper,
            tie_safe,
            dominance,
            budget,
            progress: None,
        }
    }

    /// Runs the example with heuristic `h[n]` and stopping after a success iff `stop`.
    fn run(h: [Option<u64>; 4], stop: bool, options: Options<u64>) -> Outcome<usize, u64> {
        branch_and_bound(
            0usize,
            |&n| EDGES[n].iter().copied(),
            |&n| h[n],
            |&n| n,
            6,
            |&n| n == 5,
            |_| stop,
            options,
        )
    }

    fn stats(expanded: u64, cut_short: u64) -> Stats {
        Stats {
            expanded,
            cut_short,
            iterations: 0,
        }
    }

    fn optimum() -> Result<Path<usize, u64>, Stop<u64>> {
        Ok(Path {
            nodes: vec![0, 2, 3, 5],
            cost: 4,
        })
    }

    #[test]
    fn zero_heuristic_trace() {
        // h = 0, no upper, paper's rule, no dominance:
        // root 0 (call 1), entered.
        //   2 g1 (call 2): 1 <= inf, entered.
        //     5 g5: goal, recorded (best 5).
        //     3 g2 (call 3): 2 <= 5, entered.
        //       5 g4: goal, recorded (best 4).
        //   1 g1 (call 4): 1 <= 4, entered.
        //     3 g3 (call 5): 3 <= 4, entered.
        //       5 g5: goal, not recorded.
        //     2 g2 (call 6): 2 <= 4, entered.
        //       5 g6: goal, not recorded.
        //       3 g3 (call 7): 3 <= 4, entered.
        //         5 g5: goal, not recorded.
        let zero = [Some(0); 4];
        let out = run(zero, false, options(None, false, false, 100));
        assert_eq!((out.result, out.stats), (optimum(), stats(7, 0)));
        // Tie-safe changes nothing here (no f equals the best).
        let out = run(zero, false, options(None, true, false, 100));
        assert_eq!((out.result, out.stats), (optimum(), stats(7, 0)));
        // Dominance: entering 2 at g1 and 3 at g2 records them; under 1, 3 g3 (call 5, 3 >= 2)
        // and 2 g2 (call 6, 2 >= 1) are cut.
        let out = run(zero, false, options(None, false, true, 100));
        assert_eq!((out.result, out.stats), (optimum(), stats(6, 2)));
    }

    #[test]
    fn heuristic_trace_and_tie_safe() {
        // h(0) = 4, h(1) = 3, h(2) = 3, h(3) = 2 (admissible; h(1) is below its true 4):
        // root 0 (call 1): 4 <= inf, entered.
        //   2 g1 (call 2): 1 + 3 <= inf, entered.
        //     5 g5: recorded (best 5).
        //     3 g2 (call 3): 2 + 2 <= 5, entered.
        //       5 g4: recorded (best 4).
        //   1 g1 (call 4): 1 + 3 <= 4, entered (paper's rule).
        //     3 g3 (call 5): 3 + 2 > 4, cut.
        //     2 g2 (call 6): 2 + 3 > 4, cut.
        let h = [Some(4), Some(3), Some(3), Some(2)];
        let out = run(h, false, options(None, false, false, 100));
        assert_eq!((out.result, out.stats), (optimum(), stats(6, 2)));
        // Tie-safe: 1 g1 (call 4): 1 + 3 < 4 fails, cut; nothing more.
        let out = run(h, false, options(None, true, false, 100));
        assert_eq!((out.result, out.stats), (optimum(), stats(4, 1)));
        // h = None at 1 prunes it like a failed bound.
        let out = run(
            [Some(4), None, Some(3), Some(2)],
            false,
            options(None, false, false, 100),
        );
        assert_eq!((out.result, out.stats), (optimum(), stats(4, 1)));
    }

    /// An edge of the example that knows its goal test and estimate, and counts the children built.
    struct Known<'a> {
        to: usize,
        cost: u64,
        h: Option<u64>,
        built: &'a std::cell::Cell<u32>,
    }

    impl Edge<usize, u64> for Known<'_> {
        fn cost(&self) -> u64 {
            self.cost
        }
        fn is_goal(&self, _: &usize, _: &mut impl FnMut(&usize) -> bool) -> bool {
            self.to == 5
        }
        fn estimate(&self, _: &usize, _: &mut impl FnMut(&usize) -> Option<u64>) -> Option<u64> {
            self.h
        }
        fn node(&self, _: &usize) -> usize {
            self.built.set(self.built.get() + 1);
            self.to
        }
    }

    #[test]
    fn edges_that_know_their_bound_are_built_only_when_entered() {
        // The heuristic trace again (6 calls, 2 cut), through edges that answer the goal test and
        // the estimate themselves: the same counts and path, and only the 3 children entered and
        // the 2 goals recorded are built, never the 2 cut ones.
        let h = [Some(4), Some(3), Some(3), Some(2), None, Some(0)];
        let built = std::cell::Cell::new(0);
        let out = branch_and_bound(
            0usize,
            |&n| {
                EDGES[n].iter().map(|&(to, cost)| Known {
                    to,
                    cost,
                    h: h[to],
                    built: &built,
                })
            },
            // Asked of the root only: the edges know their children's estimates.
            |&n: &usize| {
                assert_eq!(n, 0, "the edges know their estimates");
                h[n]
            },
            |&n| n,
            6,
            |_: &usize| -> bool { panic!("the edges know their goals") },
            |_| false,
            options(None, false, false, 100),
        );
        assert_eq!((out.result, out.stats), (optimum(), stats(6, 2)));
        assert_eq!(built.get(), 5);
    }

    #[test]
    fn stop_after_success_skips_the_siblings() {
        // h = 0, stop after a success:
        // root (call 1); 2 g1 (call 2): 5 g5 recorded, stop: 3 under 2 is skipped.
        // 1 g1 (call 3); 3 g3 (call 4): 5 g5 not recorded, stop; 2 g2 (call 5): 5 g6, stop.
        let out = run([Some(0); 4], true, options(None, false, false, 100));
        let path = Path {
            nodes: vec![0, 2, 5],
            cost: 5,
        };
        assert_eq!((out.result, out.stats), (Ok(path), stats(5, 0)));
    }

    #[test]
    fn upper_bound_root_cut_and_budget() {
        let zero = [Some(0); 4];
        // Only paths strictly cheaper than 4 are recorded: none. Every call is entered (f <= 4).
        let out = run(zero, false, options(Some(4), false, false, 100));
        assert_eq!((out.result, out.stats), (Err(Stop::NoPath), stats(7, 0)));
        let out = run(zero, false, options(Some(5), false, false, 100));
        assert_eq!(out.result, optimum());
        // The root is not entered: h(start) = 4 > 3, or None.
        let h = [Some(4), Some(3), Some(3), Some(2)];
        let out = run(h, false, options(Some(3), false, false, 100));
        assert_eq!((out.result, out.stats), (Err(Stop::NoPath), stats(1, 1)));
        let out = run([None; 4], false, options(None, false, false, 100));
        assert_eq!((out.result, out.stats), (Err(Stop::NoPath), stats(1, 1)));
        // Budget 3: calls 1-3 are made (best is 4 by then); call 4 would exceed it.
        let out = run(zero, false, options(None, false, false, 3));
        let stop = Stop::GaveUp {
            budget: 3,
            bound: Some(4),
        };
        assert_eq!((out.result, out.stats), (Err(stop), stats(3, 0)));
        let out = run(zero, false, options(Some(9), false, false, 0));
        let stop = Stop::GaveUp {
            budget: 0,
            bound: Some(9),
        };
        assert_eq!((out.result, out.stats), (Err(stop), stats(0, 0)));
    }

    #[test]
    fn f64_costs_and_no_key_without_dominance() {
        let edges: [&[(usize, f64)]; 3] = [&[(2, 2.5), (1, 0.5)], &[(2, 1.5)], &[]];
        let out = branch_and_bound(
            0usize,
            |&n| edges[n].iter().copied(),
            |_| Some(0.0),
            |_: &usize| -> usize { panic!("key is not needed without dominance") },
            0,
            |&n| n == 2,
            |_| false,
            Options {
                upper: None,
                tie_safe: true,
                dominance: false,
                budget: 100,
                progress: None,
            },
        );
        let path = Path {
            nodes: vec![0, 1, 2],
            cost: 2.0,
        };
        assert_eq!((out.result, out.stats), (Ok(path), stats(2, 0)));
    }

    #[test]
    fn a_million_deep_path_does_not_overflow() {
        let n = 1_000_000usize;
        let out = branch_and_bound(
            0usize,
            |&k| [(k + 1, 1u64)],
            |&k| Some((n - k) as u64),
            |&k| k,
            n + 1,
            |&k| k == n,
            |_| false,
            Options {
                upper: None,
                tie_safe: true,
                dominance: true,
                budget: u64::MAX,
                progress: None,
            },
        );
        let path = out.result.unwrap();
        assert_eq!((path.cost, path.nodes.len()), (n as u64, n + 1));
        assert_eq!(out.stats.expanded, n as u64);
    }
}
