//! Dynamic programming over a graph whose nodes are numbered in topological order.
//!
//! Moves only go forward (a die face is positive), so once every edge into a node has been
//! relaxed its cost from the start is final: one pass in node order relaxes every edge exactly
//! once, with no priority queue and no visited set. That is the speed limit the other methods are
//! measured against.
//!
//! The pass can also be split: relax a shared prefix once, then, for each of several goals,
//! [`Dp::forget_from`] the end of the prefix and relax a goal-specific rest. A race uses this for
//! its pieces: the track is the same for all of them, only the goal tiles they may stop on differ.

use crate::cost::Cost;

/// No predecessor: the start, or a node not reached.
const NONE: usize = usize::MAX;

/// A least-cost path found by [`Dp::shortest_path`].
#[derive(Clone, Debug, PartialEq)]
pub struct DpPath<C> {
    /// Its cost.
    pub length: C,
    /// Nodes from start to goal.
    pub nodes: Vec<usize>,
    /// Nodes whose edges were relaxed.
    pub expanded: u64,
}

/// The forward dynamic program's tables, kept between solves so that a solve allocates only the
/// path it returns.
///
/// Among equal-cost paths to a node it keeps the one whose node sequence is lexicographically
/// greatest; on a race (nodes are steps) that is the greatest roll sequence, the tie-break of
/// every other solver.
#[derive(Clone, Debug, Default)]
pub struct Dp<C> {
    /// Least cost from the start, `C::max_value()` if not reached.
    cost: Vec<C>,
    /// Predecessor on the chosen path, [`NONE`] for the start and unreached nodes.
    pred: Vec<usize>,
    /// Nodes whose edges were relaxed since [`Dp::reset`].
    expanded: u64,
}

impl<C: Cost> Dp<C> {
    /// Empty tables.
    pub fn new() -> Self {
        Dp {
            cost: Vec::new(),
            pred: Vec::new(),
            expanded: 0,
        }
    }

    /// Starts over with nodes `0..len`, all unreached but `start` (cost zero).
    pub fn reset(&mut self, len: usize, start: usize) {
        self.cost.clear();
        self.cost.resize(len, C::max_value());
        self.pred.clear();
        self.pred.resize(len, NONE);
        if start < len {
            self.cost[start] = C::zero();
        }
        self.expanded = 0;
    }

    /// Makes every node from `from` on unreached again, keeping what was found before it: to run
    /// several different ends after one shared beginning. Nodes below `from` must not have been
    /// reached through nodes at or above it (true when `from` is where the shared part ends).
    pub fn forget_from(&mut self, from: usize) {
        let from = from.min(self.cost.len());
        self.cost[from..].fill(C::max_value());
        self.pred[from..].fill(NONE);
    }

    /// Relaxes the edges out of every reached node in `from..to`, in order, in the style of the
    /// `pathfinding` crate: `successors(n)` yields `(next, cost)` for edges out of `n`, every
    /// `next` greater than `n`; successors past the last node are ignored, so a caller may map a
    /// move it does not want to `usize::MAX` rather than filter it out. A node's cost is final
    /// once every node before it has been relaxed with all its edges.
    pub fn relax<FN, IN>(&mut self, from: usize, to: usize, mut successors: FN)
    where
        FN: FnMut(usize) -> IN,
        IN: IntoIterator<Item = (usize, C)>,
    {
        let inf = C::max_value();
        let len = self.cost.len();
        for n in from..to.min(len) {
            let here = self.cost[n];
            if here == inf {
                continue;
            }
            self.expanded += 1;
            for (next, step) in successors(n) {
                debug_assert!(next > n, "dp: edge {n} -> {next} does not go forward");
                if next >= len {
                    continue;
                }
                let cand = here + step;
                let known = self.cost[next];
                if cand < known || (cand == known && self.greater_via(n, next)) {
                    self.cost[next] = cand;
                    self.pred[next] = n;
                }
            }
        }
    }

    /// On a tie: whether the path to `next` through `via` has a greater node sequence than the
    /// one kept. Chosen paths form a tree, so the two paths share a beginning and then part for
    /// good: walking both back (always the one on the higher node) finds where they part, and the
    /// nodes just after it decide. A tie between moves a few steps apart costs a few steps.
    fn greater_via(&self, via: usize, next: usize) -> bool {
        let (mut a, mut b) = (via, self.pred[next]);
        let (mut after_a, mut after_b) = (next, next);
        while a != b {
            if a > b {
                after_a = a;
                a = self.pred[a];
            } else {
                after_b = b;
                b = self.pred[b];
            }
        }
        after_a > after_b
    }

    /// The least cost from the start to `node`, if reached.
    pub fn cost(&self, node: usize) -> Option<C> {
        self.cost
            .get(node)
            .copied()
            .filter(|&c| c != C::max_value())
    }

    /// The chosen path from the start to `node`, if reached.
    pub fn path(&self, node: usize) -> Option<Vec<usize>> {
        self.cost(node)?;
        let mut nodes = vec![node];
        let mut at = node;
        while self.pred[at] != NONE {
            at = self.pred[at];
            nodes.push(at);
        }
        nodes.reverse();
        Some(nodes)
    }

    /// Nodes whose edges were relaxed since the last [`Dp::reset`].
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The least-cost path from `start` to `goal` in one pass over `start..goal` (see
    /// [`Dp::relax`] for `successors`).
    pub fn shortest_path<FN, IN>(
        &mut self,
        start: usize,
        goal: usize,
        successors: FN,
    ) -> Option<DpPath<C>>
    where
        FN: FnMut(usize) -> IN,
        IN: IntoIterator<Item = (usize, C)>,
    {
        if goal < start {
            return None;
        }
        self.reset(goal + 1, start);
        self.relax(start, goal, successors);
        Some(DpPath {
            length: self.cost(goal)?,
            nodes: self.path(goal)?,
            expanded: self.expanded,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_cheapest_and_breaks_ties_by_greatest_nodes() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 3, 0 -> 3 costs 5.
        let edges: [&[(usize, u64)]; 3] = [&[(1, 2), (2, 1), (3, 5)], &[(3, 2)], &[(3, 3)]];
        let p = Dp::new()
            .shortest_path(0, 3, |n| edges[n].iter().copied())
            .unwrap();
        assert_eq!(p.length, 4);
        assert_eq!(p.nodes, vec![0, 2, 3], "0 2 3 is greater than 0 1 3");
        assert_eq!(p.expanded, 3);
    }

    #[test]
    fn a_tie_with_a_longer_path_through_the_same_node_keeps_the_greater() {
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
        let p = Dp::new()
            .shortest_path(0, 9, |n| {
                edges.get(n).copied().unwrap_or(&[]).iter().copied()
            })
            .unwrap();
        assert_eq!((p.length, p.nodes), (9, vec![0, 5, 9]));
        // 0 2 9 is found first (node 2 is relaxed before node 5); the equal 0 5 9 replaces it.
        let edges: [&[(usize, u64)]; 6] = [&[(2, 1), (5, 5)], &[], &[(9, 8)], &[], &[], &[(9, 4)]];
        let p = Dp::new()
            .shortest_path(0, 9, |n| {
                edges.get(n).copied().unwrap_or(&[]).iter().copied()
            })
            .unwrap();
        assert_eq!((p.length, p.nodes), (9, vec![0, 5, 9]));
    }

    #[test]
    fn no_path_is_none() {
        let p = Dp::<u64>::new().shortest_path(0, 3, |n| [(n + 2, 1)]);
        assert_eq!(p, None);
    }

    #[test]
    fn a_shared_beginning_serves_two_ends() {
        // Nodes 0..=2 shared; end A is node 3 reached from 1 or 2, end B node 4 only from 2.
        let mut dp = Dp::<u64>::new();
        dp.reset(5, 0);
        dp.relax(0, 2, |n| {
            [(n + 1, 10), (n + 2, 25)].into_iter().filter(|e| e.0 < 3)
        });
        dp.relax(1, 3, |n| [(3, 7)].into_iter().filter(move |_| n < 3));
        assert_eq!((dp.cost(3), dp.path(3)), (Some(17), Some(vec![0, 1, 3])));
        dp.forget_from(3);
        dp.relax(2, 4, |_| [(4, 1)]);
        assert_eq!(dp.cost(3), None);
        assert_eq!((dp.cost(4), dp.path(4)), (Some(21), Some(vec![0, 1, 2, 4])));
    }
}
