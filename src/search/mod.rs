//! Generic shortest-path searches over DAGs, in the style of the `pathfinding` crate.
//!
//! Every search is a free function over states `N` and costs `C` ([`Cost`]): `successors(n)` yields
//! `(next, cost)` in the order to try them (the caller's tie-break order: for a race, the highest
//! roll first) and `success(n)` says whether `n` is a goal. Goals are never expanded: a path ends at
//! the first goal on it.
//!
//! The graphs are DAGs with a *key*: `key(n)` is a `usize` below `keys` that strictly increases
//! along every edge, and two states with the same key are interchangeable for the future (same
//! successors, same costs). The table-based searches ([`dijkstra`], [`astar`], [`dp`], [`bfs`])
//! therefore keep one entry per key in dense tables indexed by key (no hashing), and ignore a child
//! whose key is not below `keys`.
//!
//! Tie-break, for every search but [`bfs`]: among paths of equal cost the one returned is the one
//! whose key sequence, read from the start, is lexicographically greatest. The table searches
//! compare predecessor chains to get it; the depth-first searches ([`ida_star`],
//! [`branch_and_bound`]) return the first optimal path in successor order, which is the same path
//! when successors come in decreasing key order.
//!
//! [`dijkstra`]: dijkstra::dijkstra
//! [`astar`]: astar::astar
//! [`dp`]: dp::dp
//! [`bfs`]: bfs::bfs
//! [`ida_star`]: ida_star::ida_star
//! [`branch_and_bound`]: branch_and_bound::branch_and_bound

use crate::cancel;
use crate::cost::Cost;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering as Atomic};

pub mod astar;
pub mod bfs;
pub mod bit_bfs;
pub mod branch_and_bound;
pub mod dijkstra;
pub mod dp;
pub mod ida_star;

/// A path found by a search: states from start to goal, and its cost (sum of edge costs).
#[derive(Clone, Debug, PartialEq)]
pub struct Path<N, C> {
    /// States from the start to the goal, both included.
    pub nodes: Vec<N>,
    /// The sum of the costs of its edges.
    pub cost: C,
}

/// Counters every search reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States expanded (their successors generated); each search documents exactly what it counts.
    pub expanded: u64,
    /// States or children discarded without being expanded (pruned, dominated, already reached);
    /// each search documents exactly what it counts.
    pub cut_short: u64,
    /// Iterations of an iterative-deepening search; 0 for the single-pass searches.
    pub iterations: u64,
}

/// A node counter a search adds to as it runs, for a display on another thread: the searches that
/// can run for minutes (branch and bound, IDA*) add [`Progress::EVERY`] each time they are about to
/// expand a node past a multiple of it.
#[derive(Debug, Default)]
pub struct Progress(AtomicU64);

impl Progress {
    /// Nodes between two reports.
    pub const EVERY: u64 = 1 << 16;

    /// Nodes reported so far, by every search given this counter (short of the true count by at
    /// most [`Progress::EVERY`] per search).
    pub fn nodes(&self) -> u64 {
        self.0.load(Atomic::Relaxed)
    }
}

/// A search's node budget with its progress reports folded in: the next count at which either is
/// due, so that a node costs the one comparison the budget alone cost (a separate test for the
/// reports added 5 to 9 % to the instructions of branch and bound and IDA*).
struct Meter<'p> {
    budget: u64,
    progress: Option<&'p Progress>,
    next: u64,
}

impl<'p> Meter<'p> {
    fn new(budget: u64, progress: Option<&'p Progress>) -> Self {
        // Every EVERY nodes either way: a stop request (see [`cancel`]) is looked at there.
        let next = budget.min(Progress::EVERY);
        Meter {
            budget,
            progress,
            next,
        }
    }

    /// Whether the budget is spent, asked with the nodes expanded so far before expanding another;
    /// reports progress when a multiple of [`Progress::EVERY`] is passed.
    #[inline]
    fn spent(&mut self, expanded: u64) -> bool {
        if expanded != self.next {
            return false;
        }
        if expanded == self.budget {
            return true;
        }
        if let Some(p) = self.progress {
            p.0.fetch_add(Progress::EVERY, Atomic::Relaxed);
        }
        if cancel::requested() {
            return true;
        }
        self.next = self.budget.min(expanded.saturating_add(Progress::EVERY));
        false
    }
}

/// Why a search returned no path.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop<C> {
    /// No goal is reachable (within the searched graph).
    NoPath,
    /// The budget ran out first.
    GaveUp {
        /// The budget that ran out.
        budget: u64,
        /// The search's bound when it stopped, if it has one (each search documents whether it is
        /// a lower bound on the optimum or the incumbent's cost).
        bound: Option<C>,
    },
}

/// What every search returns.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome<N, C> {
    /// The path found, or why there is none.
    pub result: Result<Path<N, C>, Stop<C>>,
    /// What the search did.
    pub stats: Stats,
}

impl<N, C> SearchOutcome<N, C> {
    /// An outcome with a path.
    fn found(path: Path<N, C>, stats: Stats) -> Self {
        SearchOutcome {
            result: Ok(path),
            stats,
        }
    }

    /// An outcome when the `budget` ran out, with the search's `bound` then.
    #[cold]
    fn gave_up(budget: u64, bound: Option<C>, stats: Stats) -> Self {
        Self::stopped(Stop::GaveUp { budget, bound }, stats)
    }

    /// An outcome without a path.
    fn stopped(stop: Stop<C>, stats: Stats) -> Self {
        SearchOutcome {
            result: Err(stop),
            stats,
        }
    }
}

/// No predecessor: the start, or a key not reached.
const NONE: usize = usize::MAX;

/// What [`Table::offer`] did with a path to a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Offer {
    /// Strictly cheaper than what the key held (or the key was not reached): taken.
    Cheaper,
    /// As cheap, with a greater key sequence: taken (cost unchanged).
    TieWon,
    /// Dearer, or as cheap with a key sequence not greater: discarded.
    Discarded,
}

/// Dense per-key tables of the table-based searches: for each key the cheapest path found so far
/// (its cost, the key before it on the path, and the state standing there).
///
/// The chosen predecessors form a tree rooted at the start's key, and every key's predecessor is a
/// smaller key, so a path is read by walking predecessors back.
struct Table<N, C> {
    /// Cost from the start, `None` if not reached.
    cost: Vec<Option<C>>,
    /// Key before this one on the chosen path; [`NONE`] for the start and unreached keys.
    pred: Vec<usize>,
    /// The state kept at this key (all states at a key are interchangeable for the future).
    node: Vec<Option<N>>,
}

impl<N: Clone, C: Cost> Table<N, C> {
    /// Tables for keys `0..keys`, all unreached.
    fn new(keys: usize) -> Self {
        Table {
            cost: vec![None; keys],
            pred: vec![NONE; keys],
            node: std::iter::repeat_with(|| None).take(keys).collect(),
        }
    }

    /// Cost of the path kept at `key`, if reached.
    fn cost(&self, key: usize) -> Option<C> {
        self.cost[key]
    }

    /// The state kept at a reached `key`.
    fn node(&self, key: usize) -> &N {
        self.node[key]
            .as_ref()
            .expect("search table: key not reached")
    }

    /// Keeps `node` at `key`, reached at `cost` from the key `pred` ([`NONE`] for the start).
    fn set(&mut self, key: usize, cost: C, pred: usize, node: N) {
        debug_assert!(
            pred == NONE || pred < key,
            "key {pred} -> {key} does not increase"
        );
        self.cost[key] = Some(cost);
        self.pred[key] = pred;
        self.node[key] = Some(node);
    }

    /// Offers a path to `key` costing `cost` whose last edge comes from key `pred`: kept if it is
    /// cheaper than the one kept, or as cheap with a greater key sequence.
    fn offer(&mut self, key: usize, cost: C, pred: usize, node: N) -> Offer {
        let verdict = match self.cost[key] {
            None => Offer::Cheaper,
            Some(known) if cost < known => Offer::Cheaper,
            Some(known) if cost == known && self.greater_via(pred, key) => Offer::TieWon,
            Some(_) => Offer::Discarded,
        };
        if verdict != Offer::Discarded {
            self.set(key, cost, pred, node);
        }
        verdict
    }

    /// On a tie: whether the path to `key` through `via` has a greater key sequence than the one
    /// kept.
    fn greater_via(&self, via: usize, key: usize) -> bool {
        self.chain_greater(via, self.pred[key], Some(key))
    }

    /// Whether the kept path to key `a`, followed by `after`, has a greater key sequence than the
    /// kept path to key `b` followed by `after`. The two paths share a beginning and then part for
    /// good (the chosen predecessors form a tree): walking both back, always the one on the higher
    /// key, finds where they part, and the keys just after it decide. A path that is a beginning
    /// of the other (`after` being `None`) is the smaller. A tie between keys a few steps apart
    /// costs a few steps.
    fn chain_greater(&self, mut a: usize, mut b: usize, after: Option<usize>) -> bool {
        let (mut after_a, mut after_b) = (after, after);
        while a != b {
            if a > b {
                after_a = Some(a);
                a = self.pred[a];
            } else {
                after_b = Some(b);
                b = self.pred[b];
            }
        }
        after_a > after_b
    }

    /// Whether goal key `a` is better than goal key `b`: cheaper, or as cheap with a greater key
    /// sequence.
    fn better_goal(&self, a: usize, b: usize) -> bool {
        match (self.cost[a], self.cost[b]) {
            (Some(ca), Some(cb)) => ca < cb || (ca == cb && self.chain_greater(a, b, None)),
            (Some(_), None) => true,
            _ => false,
        }
    }

    /// Of two goal keys, the better (see [`Table::better_goal`]).
    fn best_goal(&self, found: Option<usize>, key: usize) -> Option<usize> {
        match found {
            Some(b) if !self.better_goal(key, b) => Some(b),
            _ => Some(key),
        }
    }

    /// The kept path to a reached `key`.
    fn path(&self, key: usize) -> Path<N, C> {
        let mut nodes = Vec::new();
        let mut at = key;
        while at != NONE {
            nodes.push(self.node(at).clone());
            at = self.pred[at];
        }
        nodes.reverse();
        Path {
            nodes,
            cost: self.cost[key].expect("search table: key not reached"),
        }
    }

    /// The outcome of a search that ends with the best goal `found`, if any.
    fn outcome(&self, found: Option<usize>, stats: Stats) -> SearchOutcome<N, C> {
        SearchOutcome {
            result: found.map(|k| self.path(k)).ok_or(Stop::NoPath),
            stats,
        }
    }
}

/// A heap entry of [`best_first`]: ordered so that [`BinaryHeap`] pops the least `f` first, and
/// among equal `f` the smallest key (so that every predecessor that ties on `f` is expanded before
/// its successor, which keeps the key-sequence tie-break exact).
#[derive(Clone, Copy, Debug)]
struct Entry<C> {
    /// Priority: `g + h`.
    f: C,
    /// Cost from the start when pushed (stale if the table now holds less).
    g: C,
    /// Key of the state.
    key: usize,
}

impl<C: Cost> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for Entry<C> {}

impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: the heap is a max-heap. Costs are never NaN.
        other
            .f
            .partial_cmp(&self.f)
            .unwrap_or(Ordering::Equal)
            .then_with(|| other.key.cmp(&self.key))
    }
}

/// Best-first search with one table entry per key: A*, and Dijkstra with a zero heuristic.
///
/// Pops the least `f = g + h` (ties: smallest key), skips stale entries (lazy deletion), expands
/// the popped state unless it is a goal, and reopens a key reached again strictly cheaper (so an
/// admissible but inconsistent heuristic still gives the optimum). Once a goal has been popped at
/// cost `g*` it keeps popping entries with `f <= g*` (more goals as cheap, possibly with a greater
/// key sequence, found through them), then returns the best goal. `expanded` counts expanded
/// states, `cut_short` children discarded because their key held a path at least as good.
///
/// With `reopen` false a key is expanded at most once (a cheaper path found to a key already
/// expanded is discarded): linear work whatever the heuristic, the optimum only when it is
/// consistent. That is the usual weighted A*: reopening under the inflated estimate expanded
/// 91 million nodes on a 1,000,000-tile track.
#[allow(clippy::too_many_arguments)]
fn best_first<N, C, FN, IN, FH, FK, FS>(
    start: N,
    mut successors: FN,
    mut heuristic: FH,
    mut key: FK,
    keys: usize,
    mut success: FS,
    budget: u64,
    reopen: bool,
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
    let mut stats = Stats::default();
    // Keys expanded so far (only kept when they are not reopened).
    let mut closed = vec![false; if reopen { 0 } else { keys }];
    let first = key(&start);
    if first >= keys {
        return SearchOutcome::stopped(Stop::NoPath, stats);
    }
    let mut table = Table::new(keys);
    let mut heap = BinaryHeap::new();
    heap.push(Entry {
        f: heuristic(&start),
        g: C::zero(),
        key: first,
    });
    table.set(first, C::zero(), NONE, start);
    let mut found: Option<usize> = None;
    while let Some(Entry { f, g, key: at }) = heap.pop() {
        if let Some(best) = found.and_then(|k| table.cost(k))
            && f > best
        {
            break;
        }
        if table.cost(at).is_none_or(|kept| kept < g) {
            continue; // Stale: the key was reached cheaper since.
        }
        if closed.get(at).copied().unwrap_or(false) {
            continue; // Expanded before, and not reopened.
        }
        if success(table.node(at)) {
            found = table.best_goal(found, at);
            continue;
        }
        if stats.expanded == budget {
            return SearchOutcome::gave_up(budget, Some(f), stats);
        }
        stats.expanded += 1;
        if let Some(done) = closed.get_mut(at) {
            *done = true;
        }
        let children = successors(table.node(at));
        let open = Open {
            table: &mut table,
            heap: &mut heap,
            closed: &closed,
            keys,
        };
        open.relax(at, g, children, &mut key, &mut heuristic, &mut stats);
    }
    table.outcome(found, stats)
}

/// What [`best_first`] has open, borrowed while a state's children are offered: the per-key
/// table, the heap of entries to pop, and the keys expanded so far (only kept when they are not
/// reopened).
struct Open<'a, N, C> {
    table: &'a mut Table<N, C>,
    heap: &'a mut BinaryHeap<Entry<C>>,
    closed: &'a [bool],
    /// Keys below this have an entry.
    keys: usize,
}

impl<N: Clone, C: Cost> Open<'_, N, C> {
    /// Offers each of the `children` of the state expanded at key `at`, reached at cost `g`, to
    /// the table: pushes those reached strictly cheaper, counts as cut short those whose key is
    /// closed or held a path as good, and ignores those whose key is not below `keys`.
    #[inline(always)]
    fn relax<IN, FH, FK>(
        self,
        at: usize,
        g: C,
        children: IN,
        key: &mut FK,
        heuristic: &mut FH,
        stats: &mut Stats,
    ) where
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FK: FnMut(&N) -> usize,
    {
        for (child, cost) in children {
            let next = key(&child);
            if next >= self.keys {
                continue;
            }
            if self.closed.get(next).copied().unwrap_or(false) {
                stats.cut_short += 1;
                continue;
            }
            let g = g + cost;
            match self.table.offer(next, g, at, child) {
                Offer::Cheaper => self.heap.push(Entry {
                    f: g + heuristic(self.table.node(next)),
                    g,
                    key: next,
                }),
                Offer::TieWon => {}
                Offer::Discarded => stats.cut_short += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_compare_where_they_part() {
        // Tree: 0 -> 2 -> 5, 0 -> 3 -> 4, 0 -> 3 -> 6.
        let mut t = Table::<usize, u64>::new(8);
        t.set(0, 0, NONE, 0);
        t.set(2, 1, 0, 2);
        t.set(3, 1, 0, 3);
        t.set(5, 2, 2, 5);
        t.set(4, 2, 3, 4);
        t.set(6, 2, 3, 6);
        assert!(t.chain_greater(4, 5, None), "0 3 4 > 0 2 5");
        assert!(!t.chain_greater(5, 4, None));
        assert!(t.chain_greater(6, 4, None), "0 3 6 > 0 3 4");
        assert!(!t.chain_greater(3, 6, None), "0 3 is a beginning of 0 3 6");
        assert!(t.chain_greater(3, 6, Some(7)), "0 3 7 > 0 3 6 7");
        assert!(!t.chain_greater(4, 4, Some(7)));
        assert_eq!(t.path(6).nodes, vec![0, 3, 6]);
        assert_eq!(t.path(6).cost, 2);
    }

    #[test]
    fn heap_pops_least_f_then_smallest_key() {
        let mut heap = BinaryHeap::new();
        for (f, key) in [(2.0, 1), (1.0, 5), (1.0, 3), (0.5, 9)] {
            heap.push(Entry { f, g: 0.0, key });
        }
        let order: Vec<usize> = std::iter::from_fn(|| heap.pop().map(|e| e.key)).collect();
        assert_eq!(order, vec![9, 3, 5, 1]);
    }
}
