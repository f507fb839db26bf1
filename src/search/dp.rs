//! Dynamic programming over a graph whose nodes are numbered in topological order.
//!
//! Moves only go forward (a die face is positive), so the least cost from a step to the goal
//! depends only on later steps: one pass from the goal back to the start relaxes every edge exactly
//! once, with no priority queue and no visited set. That is the speed limit the other methods are
//! measured against.

use crate::cost::Cost;

/// A least-cost path found by [`Dp::shortest_path`].
#[derive(Clone, Debug, PartialEq)]
pub struct DpPath<C> {
    /// Its cost.
    pub length: C,
    /// Nodes from start to goal.
    pub nodes: Vec<usize>,
    /// Nodes whose edges were relaxed (every node from the start up to the goal).
    pub expanded: u64,
}

/// The dynamic program with its scratch table, kept between solves so that a solve allocates only
/// the path it returns.
#[derive(Clone, Debug, Default)]
pub struct Dp<C> {
    /// `rest[n - start]`: least cost from node `n` to the goal, `C::max_value()` if none.
    rest: Vec<C>,
}

impl<C: Cost> Dp<C> {
    /// An empty scratch table.
    pub fn new() -> Self {
        Dp { rest: Vec::new() }
    }

    /// The least-cost path from `start` to `goal`, in the style of the `pathfinding` crate:
    /// `successors(n)` yields `(next, cost)` for each edge out of `n`, and every `next` must be
    /// greater than `n` (successors past `goal` are ignored). Among equal-cost paths the one
    /// taking, at each node, the earliest-listed tight edge wins: for a race listing the highest
    /// roll first, the greatest roll sequence, as with every other solver.
    pub fn shortest_path<FN, IN>(
        &mut self,
        start: usize,
        goal: usize,
        mut successors: FN,
    ) -> Option<DpPath<C>>
    where
        FN: FnMut(usize) -> IN,
        IN: IntoIterator<Item = (usize, C)>,
    {
        if goal < start {
            return None;
        }
        let inf = C::max_value();
        let rest = &mut self.rest;
        rest.clear();
        rest.resize(goal - start + 1, inf);
        rest[goal - start] = C::zero();
        for n in (start..goal).rev() {
            let mut best = inf;
            for (next, cost) in successors(n) {
                debug_assert!(next > n, "dp: edge {n} -> {next} does not go forward");
                if next > goal {
                    continue;
                }
                let r = rest[next - start];
                if r != inf && cost + r < best {
                    best = cost + r;
                }
            }
            rest[n - start] = best;
        }
        let length = rest[0];
        if length == inf {
            return None;
        }
        // Walk forward along tight edges, taking the first listed at each node.
        let mut nodes = vec![start];
        let mut at = start;
        while at != goal {
            let want = rest[at - start];
            let (next, _) = successors(at).into_iter().find(|&(next, cost)| {
                next <= goal && rest[next - start] != inf && cost + rest[next - start] == want
            })?;
            nodes.push(next);
            at = next;
        }
        Some(DpPath {
            length,
            nodes,
            expanded: (goal - start) as u64,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_cheapest_and_breaks_ties_by_listing_order() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 3, 0 -> 3 costs 5.
        let edges: [&[(usize, u64)]; 3] = [&[(3, 5), (2, 1), (1, 2)], &[(3, 2)], &[(3, 3)]];
        let p = Dp::new()
            .shortest_path(0, 3, |n| edges[n].iter().copied())
            .unwrap();
        assert_eq!(p.length, 4);
        assert_eq!(p.nodes, vec![0, 2, 3], "(2, 1) is listed before (1, 2)");
        assert_eq!(p.expanded, 3);
    }

    #[test]
    fn no_path_is_none() {
        let p = Dp::<u64>::new().shortest_path(0, 3, |n| [(n + 2, 1)]);
        assert_eq!(p, None);
    }
}
