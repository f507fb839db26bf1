//! Dynamic programming over a keyed DAG: one pass over the keys in increasing order.
//!
//! Keys strictly increase along every edge, so once every key below `k` has been expanded the
//! cost kept at `k` is final: one pass in key order relaxes every edge exactly once, with no
//! priority queue and no visited set. That is the speed limit the other searches are measured
//! against.

use super::{NONE, Offer, SearchOutcome, Stats, Stop, Table};
use crate::cost::Cost;

/// The cheapest path from `start` to a state satisfying `success`, by one pass over the keys.
///
/// `successors(n)` yields `(next, cost)` with non-negative costs; `key(n)` is below `keys` and
/// strictly increases along every edge (children whose key is not below `keys` are ignored, so a
/// caller may map a move it does not want to a key past the end; a start whose key is not below
/// `keys` is [`NoPath`](super::Stop::NoPath)). Each reached key is expanded once, in increasing
/// order, unless its state is a goal; the pass ends after the highest key reached. Among
/// equal-cost paths (to one goal or several) the one with the lexicographically greatest key
/// sequence is returned.
///
/// Stats: `expanded` counts keys expanded; `cut_short` counts children discarded because their key
/// already held a path at least as good. When expanding would exceed `budget` keys it returns
/// [`GaveUp`](super::Stop::GaveUp) with no `bound`.
pub fn dp<N, C, FN, IN, FK, FS>(
    start: N,
    mut successors: FN,
    mut key: FK,
    keys: usize,
    mut success: FS,
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
    let mut stats = Stats::default();
    let first = key(&start);
    if first >= keys {
        return SearchOutcome::stopped(Stop::NoPath, stats);
    }
    let mut table = Table::new(keys);
    table.set(first, C::zero(), NONE, start);
    let mut highest = first;
    let mut found = None;
    let mut at = first;
    while at <= highest {
        if let Some(g) = table.cost(at) {
            if success(table.node(at)) {
                found = table.best_goal(found, at);
            } else {
                if stats.expanded == budget {
                    return SearchOutcome::stopped(
                        Stop::GaveUp {
                            budget,
                            bound: None,
                        },
                        stats,
                    );
                }
                stats.expanded += 1;
                for (child, cost) in successors(table.node(at)) {
                    let next = key(&child);
                    if next >= keys {
                        continue;
                    }
                    debug_assert!(next > at, "dp: key {at} -> {next} does not increase");
                    highest = highest.max(next);
                    if table.offer(next, g + cost, at, child) == Offer::Discarded {
                        stats.cut_short += 1;
                    }
                }
            }
        }
        at += 1;
    }
    table.outcome(found, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Path;

    /// Runs the pass on states `0..edges.len()` (the state is its key) to `goal`.
    fn run<C: Cost>(edges: &[&[(usize, C)]], goal: usize, budget: u64) -> SearchOutcome<usize, C> {
        dp(
            0usize,
            |&n| edges.get(n).copied().unwrap_or(&[]).iter().copied(),
            |&n| n,
            16,
            |&n| n == goal,
            budget,
        )
    }

    #[test]
    fn picks_the_cheapest_and_breaks_ties_by_greatest_keys() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 3, 0 -> 3 costs 5.
        let edges: [&[(usize, u64)]; 3] = [&[(1, 2), (2, 1), (3, 5)], &[(3, 2)], &[(3, 3)]];
        let out = run(&edges, 3, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 2, 3],
                cost: 4
            }),
            "0 2 3 is greater than 0 1 3"
        );
        // Keys 0, 1, 2 expanded; 3 is the goal. 3 from 1 (4 < 5) is cheaper and 3 from 2 ties
        // and wins: nothing discarded.
        assert_eq!(
            out.stats,
            Stats {
                expanded: 3,
                cut_short: 0,
                iterations: 0
            }
        );
    }

    #[test]
    fn a_tie_with_a_longer_path_through_the_same_key_keeps_the_greater() {
        // 0 5 9 and 0 5 7 9 both cost 9; 0 5 9 is greater (9 > 7 after 5), found first.
        let edges: [&[(usize, u64)]; 8] = [
            &[(5, 5)],
            &[],
            &[],
            &[],
            &[],
            &[(7, 2), (9, 4)],
            &[],
            &[(9, 2)],
        ];
        let out = run(&edges, 9, 100);
        assert_eq!(out.result.unwrap().nodes, vec![0, 5, 9]);
        // 0 2 9 is found first (key 2 is expanded before key 5); the equal 0 5 9 replaces it.
        let edges: [&[(usize, f64)]; 6] = [
            &[(2, 1.0), (5, 5.0)],
            &[],
            &[(9, 8.0)],
            &[],
            &[],
            &[(9, 4.0)],
        ];
        let out = run(&edges, 9, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 5, 9],
                cost: 9.0
            })
        );
    }

    #[test]
    fn several_goals_compare_by_cost_then_keys() {
        // Goals 4 and 5: 0 1 5 and 0 2 4 both cost 2, 0 2 4 is greater; 0 3 costs 3.
        let edges: [&[(usize, u64)]; 3] = [&[(1, 1), (2, 1), (3, 3)], &[(5, 1)], &[(4, 1)]];
        let out = dp(
            0usize,
            |&n| edges.get(n).copied().unwrap_or(&[]).iter().copied(),
            |&n| n,
            6,
            |&n| n >= 3,
            100,
        );
        assert_eq!(out.result.unwrap().nodes, vec![0, 2, 4]);
    }

    #[test]
    fn no_path_and_gave_up() {
        let out = run::<u64>(&[&[(2, 1)], &[], &[(4, 1)]], 3, 100);
        assert_eq!(out.result, Err(Stop::NoPath));
        assert_eq!(out.stats.expanded, 3, "keys 0, 2 and 4");
        let out = run::<u64>(&[&[(2, 1)], &[], &[(4, 1)]], 4, 1);
        assert_eq!(
            out.result,
            Err(Stop::GaveUp {
                budget: 1,
                bound: None
            })
        );
    }
}
