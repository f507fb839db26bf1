//! Breadth-first search over a keyed DAG: the fewest edges, one table entry per key.

use super::{NONE, SearchOutcome, Stats, Stop, Table};
use crate::cost::Cost;
use std::collections::VecDeque;

/// A path from `start` to a state satisfying `success` with the fewest edges, by breadth-first
/// search.
///
/// `successors(n)` yields `(next, cost)`; `key(n)` is below `keys` and strictly increases along
/// every edge (children whose key is not below `keys` are ignored, and a start whose key is not is
/// [`NoPath`](super::Stop::NoPath)). A key is kept with the first path that reaches it (plain FIFO
/// order), so among the paths with the fewest edges the first found in successor order is
/// returned (with successors in decreasing key order: the greatest key sequence). Goals are
/// recognised when reached and not expanded. The path's cost is the sum of the costs along it
/// (not necessarily the least).
///
/// Stats: `expanded` counts states dequeued and expanded; `cut_short` counts children whose key
/// was already reached. When expanding would exceed `budget` states it returns
/// [`GaveUp`](super::Stop::GaveUp) with no `bound`.
pub fn bfs<N, C, FN, IN, FK, FS>(
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
    let goal = success(&start);
    table.set(first, C::zero(), NONE, start);
    if goal {
        return table.outcome(Some(first), stats);
    }
    let mut queue = VecDeque::from([first]);
    while let Some(at) = queue.pop_front() {
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
        let g = table.cost(at).expect("bfs: queued key not reached");
        for (child, cost) in successors(table.node(at)) {
            let next = key(&child);
            if next >= keys {
                continue;
            }
            if table.cost(next).is_some() {
                stats.cut_short += 1;
                continue;
            }
            let goal = success(&child);
            table.set(next, g + cost, at, child);
            if goal {
                return table.outcome(Some(next), stats);
            }
            queue.push_back(next);
        }
    }
    table.outcome(None, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Path;

    /// Runs BFS on states `0..edges.len()` (the state is its key) to `goal`.
    fn run<C: Cost>(edges: &[&[(usize, C)]], goal: usize, budget: u64) -> SearchOutcome<usize, C> {
        bfs(
            0usize,
            |&n| edges[n].iter().copied(),
            |&n| n,
            edges.len(),
            |&n| n == goal,
            budget,
        )
    }

    #[test]
    fn fewest_edges_first_in_successor_order() {
        // 0 -> 4 costs 9 but has one edge; 0 -> 1 -> 4 costs 2.
        let edges: [&[(usize, u64)]; 5] = [&[(1, 1), (4, 9)], &[(4, 1)], &[], &[], &[]];
        let out = run(&edges, 4, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 4],
                cost: 9
            })
        );
        assert_eq!(out.stats.expanded, 1);
        // 0 2 4 and 0 3 4: the first found in successor order wins.
        let edges: [&[(usize, f64)]; 5] =
            [&[(3, 1.0), (2, 1.0)], &[], &[(4, 1.0)], &[(4, 2.5)], &[]];
        let out = run(&edges, 4, 100);
        assert_eq!(
            out.result,
            Ok(Path {
                nodes: vec![0, 3, 4],
                cost: 3.5
            })
        );
        assert_eq!(
            out.stats,
            Stats {
                expanded: 2,
                cut_short: 0,
                iterations: 0
            }
        );
    }

    #[test]
    fn no_path_and_gave_up() {
        let edges: [&[(usize, u64)]; 4] = [&[(1, 1), (2, 1)], &[(2, 1)], &[], &[]];
        let out = run(&edges, 3, 100);
        assert_eq!(out.result, Err(Stop::NoPath));
        assert_eq!(
            out.stats,
            Stats {
                expanded: 3,
                cut_short: 1,
                iterations: 0
            }
        );
        assert_eq!(
            run(&edges, 3, 2).result,
            Err(Stop::GaveUp {
                budget: 2,
                bound: None
            })
        );
        assert_eq!(run(&edges, 0, 0).result.unwrap().nodes, vec![0]);
    }
}
