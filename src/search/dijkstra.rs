//! Dijkstra's algorithm over a keyed DAG, with a binary heap and one table entry per key.
//!
//! The heap pops the cheapest state (ties: smallest key, so that every predecessor that ties is
//! expanded first); entries made stale by a cheaper path to their key are skipped when popped
//! (lazy deletion). It is [`astar`](super::astar::astar) with a zero heuristic.

use super::{SearchOutcome, best_first};
use crate::cost::Cost;

/// The cheapest path from `start` to a state satisfying `success`, by Dijkstra's algorithm.
///
/// `successors(n)` yields `(next, cost)` with non-negative costs; `key(n)` is below `keys` and
/// strictly increases along every edge (children whose key is not below `keys` are ignored, and a
/// start whose key is not is [`NoPath`](super::Stop::NoPath)). Goals are not expanded. Among
/// equal-cost paths the one with the lexicographically greatest key sequence is returned. The
/// search stops once a goal has been popped and no entry as cheap is left (more goals as cheap are
/// then compared).
///
/// Stats: `expanded` counts states popped and expanded; `cut_short` counts children discarded
/// because their key already held a path at least as good. When expanding would exceed `budget`
/// expansions it returns [`GaveUp`](super::Stop::GaveUp) with `bound` the cost popped: no path is
/// cheaper.
pub fn dijkstra<N, C, FN, IN, FK, FS>(
    start: N,
    successors: FN,
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
    FK: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
{
    best_first(
        start,
        successors,
        |_: &N| C::zero(),
        key,
        keys,
        success,
        budget,
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Path, Stats, Stop};

    /// Runs Dijkstra on states `0..edges.len()` (the state is its key), goal `goal`.
    fn run<C: Cost>(edges: &[&[(usize, C)]], goal: usize, budget: u64) -> SearchOutcome<usize, C> {
        dijkstra(
            0usize,
            |&n| edges[n].iter().copied(),
            |&n| n,
            edges.len(),
            |&n| n == goal,
            budget,
        )
    }

    #[test]
    fn finds_the_cheapest_path() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 4, 0 -> 3 costs 5.
        let edges: [&[(usize, u64)]; 4] = [&[(3, 5), (1, 2), (2, 1)], &[(3, 2)], &[(3, 4)], &[]];
        let out = run(&edges, 3, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 1, 3],
                cost: 4
            })
        );
        // Pops 0 (g 0), 2 (g 1), 1 (g 2), then goal 3 (g 4): three expansions; children
        // discarded: 3 from 2 (5 >= 5).
        assert_eq!(
            out.stats,
            Stats {
                expanded: 3,
                cut_short: 1,
                iterations: 0
            }
        );
    }

    #[test]
    fn ties_go_to_the_greatest_key_sequence() {
        // 0 1 4, 0 2 4 and 0 3 4 all cost 4; 0 3 4 is the greatest, whatever the order.
        let edges: [&[(usize, u64)]; 5] = [
            &[(1, 1), (3, 3), (2, 2)],
            &[(4, 3)],
            &[(4, 2)],
            &[(4, 1)],
            &[],
        ];
        assert_eq!(run(&edges, 4, 100).result.unwrap().nodes, vec![0, 3, 4]);
        // Two goals as cheap: 0 1 5 (goal 5) and 0 2 4 (goal 4): 0 2 4 is greater.
        let edges: [&[(usize, f64)]; 6] = [
            &[(1, 1.0), (2, 1.5)],
            &[(5, 1.0)],
            &[(4, 0.5)],
            &[],
            &[],
            &[],
        ];
        let out = dijkstra(
            0usize,
            |&n| edges[n].iter().copied(),
            |&n| n,
            6,
            |&n| n >= 4,
            100,
        );
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 2, 4],
                cost: 2.0
            })
        );
    }

    #[test]
    fn zero_cost_ties_expand_the_smaller_key_first() {
        // 0 1 4 6, 0 1 5 6 and 0 2 4 6 all cost 4; 0 2 4 6 is the greatest. At g 2 keys 2, 4 and
        // 5 tie: popping 2 first lets 4 take 0 2 4 before 4 (and 6 through it) is settled; popping
        // the larger key first would leave 6 on 0 1 5 6.
        let edges: [&[(usize, u64)]; 7] = [
            &[(1, 1), (2, 2)],
            &[(4, 1), (5, 1)],
            &[(4, 0)],
            &[],
            &[(6, 2)],
            &[(6, 2)],
            &[],
        ];
        let out = run(&edges, 6, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 2, 4, 6],
                cost: 4
            })
        );
    }

    #[test]
    fn f64_costs() {
        let edges: [&[(usize, f64)]; 3] = [&[(2, 1.5), (1, 0.25)], &[(2, 1.0)], &[]];
        let out = run(&edges, 2, 100);
        assert_eq!(out.result.unwrap().nodes, vec![0, 1, 2]);
    }

    #[test]
    fn no_path_and_gave_up() {
        let edges: [&[(usize, u64)]; 4] = [&[(1, 1)], &[(2, 1)], &[], &[]];
        assert_eq!(run(&edges, 3, 100).result, Err(Stop::NoPath));
        let out = run(&edges, 2, 1);
        assert_eq!(
            out.result,
            Err(Stop::GaveUp {
                budget: 1,
                bound: Some(1)
            })
        );
        assert_eq!(out.stats.expanded, 1);
    }

    #[test]
    fn start_is_a_goal_and_big_keys_are_ignored() {
        let edges: [&[(usize, u64)]; 2] = [&[(1, 1), (7, 0)], &[]];
        let out = run(&edges, 0, 100);
        assert_eq!(out.result.unwrap().nodes, vec![0]);
        assert_eq!(run(&edges, 1, 100).result.unwrap().nodes, vec![0, 1]);
    }
}
