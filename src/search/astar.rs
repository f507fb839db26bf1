//! A* over a keyed DAG, with a binary heap and one table entry per key.
//!
//! The heap pops the least `g + h` (ties: smallest key, so that every predecessor that ties is
//! expanded first); entries made stale by a cheaper path to their key are skipped when popped
//! (lazy deletion), and a key reached again strictly cheaper is reopened, so an admissible
//! heuristic gives the optimum even when it is not consistent.

use super::{SearchOutcome, best_first};
use crate::cost::Cost;

/// The cheapest path from `start` to a state satisfying `success`, by A*.
///
/// `successors(n)` yields `(next, cost)` with non-negative costs; `heuristic(n)` is an admissible
/// estimate of the cost from `n` to a goal (never more than it, zero at a goal); `key(n)` is below
/// `keys` and strictly increases along every edge (children whose key is not below `keys` are
/// ignored, and a start whose key is not is [`NoPath`](super::Stop::NoPath)). Goals are not
/// expanded. Among equal-cost paths the one with the lexicographically greatest key sequence is
/// returned (guaranteed when the heuristic is consistent). The search stops once a goal has been
/// popped and no entry with `g + h` as small is left (more goals as cheap are then compared).
///
/// Stats: `expanded` counts states popped and expanded (a reopened key counts again); `cut_short`
/// counts children discarded because their key already held a path at least as good. When
/// expanding would exceed `budget` expansions it returns [`GaveUp`](super::Stop::GaveUp) with
/// `bound` the `g + h` popped: no path is cheaper.
pub fn astar<N, C, FN, IN, FH, FK, FS>(
    start: N,
    successors: FN,
    heuristic: FH,
    key: FK,
    keys: usize,
    success: FS,
    budget: u64,
) -> SearchOutcome<N, C>
where
    N: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FK: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
{
    best_first(
        start, successors, heuristic, key, keys, success, budget, true,
    )
}

/// A* that expands each key at most once: [`astar`] without reopening, for an estimate that is
/// not admissible (weighted A*). Linear in the keys whatever the estimate; the optimum when the
/// estimate is consistent, otherwise a path whose cost the estimate's inflation bounds.
///
/// Stats as [`astar`]'s; a child whose key was already expanded also counts as cut short.
pub fn astar_closed<N, C, FN, IN, FH, FK, FS>(
    start: N,
    successors: FN,
    heuristic: FH,
    key: FK,
    keys: usize,
    success: FS,
    budget: u64,
) -> SearchOutcome<N, C>
where
    N: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FK: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
{
    best_first(
        start, successors, heuristic, key, keys, success, budget, false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Path, Stop};

    /// Runs A* on states `0..edges.len()` (the state is its key) to `goal`, heuristic `h[n]`.
    fn run<C: Cost>(
        edges: &[&[(usize, C)]],
        h: &[C],
        goal: usize,
        budget: u64,
    ) -> SearchOutcome<usize, C> {
        astar(
            0usize,
            |&n| edges[n].iter().copied(),
            |&n| h[n],
            |&n| n,
            edges.len(),
            |&n| n == goal,
            budget,
        )
    }

    /// 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 4, 0 -> 3 costs 5.
    const EDGES: [&[(usize, u64)]; 4] = [&[(3, 5), (1, 2), (2, 1)], &[(3, 2)], &[(3, 4)], &[]];

    #[test]
    fn finds_the_cheapest_path_and_the_heuristic_saves_work() {
        let zero = run(&EDGES, &[0, 0, 0, 0], 3, 100);
        let exact = run(&EDGES, &[4, 2, 4, 0], 3, 100);
        for out in [&zero, &exact] {
            assert_eq!(
                out.result,
                Ok(Path {
                    nodes: vec![0, 1, 3],
                    cost: 4
                })
            );
        }
        assert_eq!(zero.stats.expanded, 3);
        // Exact h: f(1) = 4, f(2) = 5: pops 0, 1, then goal 3 (f 4), and stops before 2.
        assert_eq!(exact.stats.expanded, 2);
    }

    #[test]
    fn without_reopening_each_key_is_expanded_once() {
        // The graph of `an_inconsistent_heuristic_reopens`: 2 is expanded at g 3 and, when 1
        // finds it at g 2, not again: the path keeps 0 -> 2 -> 3 at 8, one expansion fewer.
        let edges: [&[(usize, u64)]; 4] = [&[(1, 1), (2, 3)], &[(2, 1)], &[(3, 5)], &[]];
        let h = [0, 4, 0, 0];
        let out = astar_closed(
            0usize,
            |&n| edges[n].iter().copied(),
            |&n| h[n],
            |&n| n,
            edges.len(),
            |&n| n == 3,
            100,
        );
        let path = Path {
            nodes: vec![0, 2, 3],
            cost: 8,
        };
        assert_eq!(out.result, Ok(path));
        assert_eq!((out.stats.expanded, out.stats.cut_short), (3, 1));
    }

    #[test]
    fn an_inconsistent_heuristic_reopens() {
        // 0 -> 1 (1), 0 -> 2 (3), 1 -> 2 (1), 2 -> 3 (5). h(1) = 4 is admissible (true 6) but not
        // consistent with h(0) = 0: 2 is first expanded at g 3, then reopened at g 2.
        let edges: [&[(usize, u64)]; 4] = [&[(1, 1), (2, 3)], &[(2, 1)], &[(3, 5)], &[]];
        let out = run(&edges, &[0, 4, 0, 0], 3, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 1, 2, 3],
                cost: 7
            })
        );
        assert_eq!(out.stats.expanded, 4);
    }

    #[test]
    fn ties_go_to_the_greatest_key_sequence() {
        let edges: [&[(usize, f64)]; 5] = [
            &[(1, 1.0), (3, 3.0), (2, 2.0)],
            &[(4, 3.0)],
            &[(4, 2.0)],
            &[(4, 1.0)],
            &[],
        ];
        let out = run(&edges, &[4.0, 3.0, 2.0, 1.0, 0.0], 4, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 3, 4],
                cost: 4.0
            })
        );
    }

    #[test]
    fn no_path_and_gave_up() {
        let edges: [&[(usize, u64)]; 4] = [&[(1, 1)], &[(2, 1)], &[], &[]];
        assert_eq!(run(&edges, &[0; 4], 3, 100).result, Err(Stop::NoPath));
        let out = run(&edges, &[2, 1, 0, 0], 2, 1);
        assert_eq!(
            out.result,
            Err(Stop::GaveUp {
                budget: 1,
                bound: Some(2)
            })
        );
    }
}
