//! Dijkstra and A* on the graph encoding through petgraph: the graph's native methods, measured
//! against the generic algorithms of [`crate::search`] on the same graph.
//!
//! Dijkstra is petgraph's own (`petgraph::algo::dijkstra`, the same pops in the same order, so the
//! same node counts), written over petgraph's visit traits with its distances in a table indexed by
//! [`NodeIndexable::to_index`] instead of petgraph's hash map: on a 1,000,000-tile board the map's
//! entries outgrew the cache and the search took 2.5 times dynamic programming's time. It returns
//! distances, not paths: the path is rebuilt from them with a greatest-tight-path walk, which also
//! applies the shared tie-break (the greatest roll sequence among equal-length paths).
//!
//! A* is petgraph's `petgraph::algo::astar` written the same way (same queue order, same node
//! counts), with tables by node for its scores and predecessors; it returns one path, whichever it
//! met first. Both stop at a node budget.

use super::GraphEncoding;
use super::path::greatest_tight_path;
use crate::cost::Cost;
use crate::search::Stop;
use petgraph::graph::{EdgeReference, NodeIndex};
use petgraph::visit::{EdgeFiltered, EdgeRef, IntoEdges, NodeIndexable, VisitMap, Visitable};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A least-cost path found by a native method: its nodes, cost and nodes expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct NativePath<C> {
    /// Nodes from the start to the target.
    pub nodes: Vec<NodeIndex>,
    /// Its cost.
    pub cost: C,
    /// Nodes whose edges were listed.
    pub expanded: u64,
    /// The roll and cost of each move, when the search read them off its edges as it found the
    /// path (Dijkstra); `None`: decode the nodes.
    pub moves: Option<(Vec<u32>, Vec<C>)>,
}

/// Why a native method returned no path, and the nodes it expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct NativeStop<C> {
    /// No path, or the budget ran out ([`Stop::GaveUp`]'s bound: Dijkstra's least distance not yet
    /// settled, a lower bound on the optimum; none for A*).
    pub stop: Stop<C>,
    /// Nodes whose edges were listed.
    pub expanded: u64,
}

/// A queue entry ordered as petgraph's `MinScored`: least score first, ties equal (so that the
/// heap pops them in exactly petgraph's order).
#[derive(Clone, Copy)]
struct MinScored<K>(K, NodeIndex);

impl<K: PartialOrd> PartialEq for MinScored<K> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<K: PartialOrd> Eq for MinScored<K> {}

impl<K: PartialOrd> PartialOrd for MinScored<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<K: PartialOrd> Ord for MinScored<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: BinaryHeap is a max-heap. Costs are never NaN.
        other.0.partial_cmp(&self.0).unwrap_or(Ordering::Equal)
    }
}

/// Distances from `start` by petgraph's Dijkstra (`with_dynamic_goal`: lazy deletion, a visited
/// map, stop when `goal` is popped; with no goal, every node reachable is settled), over any
/// petgraph graph whose node ids index a table. Returns the table (settled and tentative
/// distances) and the nodes expanded, or the stop.
fn dense_dijkstra<G, C>(
    graph: G,
    start: NodeIndex,
    goal: Option<NodeIndex>,
    mut edge_cost: impl FnMut(G::EdgeRef) -> C,
    budget: u64,
) -> Result<(Vec<Option<C>>, u64), NativeStop<C>>
where
    G: IntoEdges<NodeId = NodeIndex> + NodeIndexable + Visitable,
    C: Cost,
{
    let mut visited = graph.visit_map();
    let mut scores: Vec<Option<C>> = vec![None; graph.node_bound()];
    let mut queue = BinaryHeap::new();
    let mut expanded = 0u64;
    scores[graph.to_index(start)] = Some(C::zero());
    queue.push(MinScored(C::zero(), start));
    while let Some(MinScored(score, node)) = queue.pop() {
        if visited.is_visited(&node) {
            continue;
        }
        if Some(node) == goal {
            return Ok((scores, expanded));
        }
        if expanded == budget {
            let stop = Stop::GaveUp {
                budget,
                bound: Some(score),
            };
            return Err(NativeStop { stop, expanded });
        }
        expanded += 1;
        for edge in graph.edges(node) {
            let next = edge.target();
            if visited.is_visited(&next) {
                continue;
            }
            let candidate = score + edge_cost(edge);
            let slot = &mut scores[graph.to_index(next)];
            if slot.is_none_or(|old| candidate < old) {
                *slot = Some(candidate);
                queue.push(MinScored(candidate, next));
            }
        }
        visited.visit(node);
    }
    match goal {
        None => Ok((scores, expanded)),
        Some(_) => Err(NativeStop {
            stop: Stop::NoPath,
            expanded,
        }),
    }
}

/// petgraph's Dijkstra from the start over the whole graph, not stopped at the target: the least
/// distance of every node reachable (`None` where none is), and the nodes expanded. One such run
/// serves every piece whose race is a prefix of the graph's ([`crate::race::Race::nested`]).
pub fn distances<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    budget: u64,
) -> Result<(Vec<Option<C>>, u64), NativeStop<C>> {
    let cost = |e| encoding.cost(e);
    dense_dijkstra(&encoding.graph, NodeIndex::new(0), None, cost, budget)
}

/// petgraph's Dijkstra from the start to the target, stopping once the target is settled or
/// `budget` nodes have been expanded.
pub fn dijkstra<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    budget: u64,
) -> Result<NativePath<C>, NativeStop<C>> {
    let goal = encoding.goal();
    let cost = |e| encoding.cost(e);
    let start = NodeIndex::new(0);
    let (dist, expanded) = dense_dijkstra(&encoding.graph, start, Some(goal), cost, budget)?;
    tight_path(encoding, goal, dist, expanded, |_| true)
}

/// [`dijkstra`] for the piece heading for goal tile `target` on a graph built for every piece
/// ([`GraphEncoding::shared`]): petgraph's Dijkstra on the edges the piece's own graph has
/// (`EdgeFiltered`), met in the same order, so the same pops, node count and path.
pub(crate) fn dijkstra_for<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    target: usize,
    budget: u64,
) -> Result<NativePath<C>, NativeStop<C>> {
    let keep = |e: EdgeReference<'_, u32>| encoding.keeps(target, e);
    let graph = EdgeFiltered::from_fn(&encoding.graph, keep);
    let goal = NodeIndex::new(encoding.race().target_step(target));
    let cost = |e| encoding.cost(e);
    let start = NodeIndex::new(0);
    let (dist, expanded) = dense_dijkstra(&graph, start, Some(goal), cost, budget)?;
    tight_path(encoding, goal, dist, expanded, keep)
}

/// The path [`dijkstra`] returns, read off its distances over the edges `keep` keeps.
fn tight_path<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    goal: NodeIndex,
    dist: Vec<Option<C>>,
    expanded: u64,
    keep: impl Fn(EdgeReference<'_, u32>) -> bool,
) -> Result<NativePath<C>, NativeStop<C>> {
    let no_path = || NativeStop {
        stop: Stop::NoPath,
        expanded,
    };
    let cost = dist[goal.index()].ok_or_else(no_path)?;
    let start = NodeIndex::new(0);
    let (nodes, rolls, costs) =
        greatest_tight_path(encoding, start, goal, |n| dist[n.index()], keep)
            .ok_or_else(no_path)?;
    Ok(NativePath {
        nodes,
        cost,
        expanded,
        moves: Some((rolls, costs)),
    })
}

/// petgraph's A* (`petgraph::algo::astar`: the queue ordered by `(f, h, g)`, a node skipped when
/// popped at a greater `g` than its best, re-expanded at an equal one, the path read back through
/// predecessors) with its scores and predecessors in tables by node instead of hash maps, from the
/// start to the target with the estimate `h` of each node, giving up before expanding more than
/// `budget` nodes.
pub fn astar<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    mut h: impl FnMut(NodeIndex) -> C,
    budget: u64,
) -> Result<NativePath<C>, NativeStop<C>> {
    let graph = &encoding.graph;
    let (start, goal) = (NodeIndex::new(0), encoding.goal());
    let n = graph.node_count();
    let mut g_best: Vec<Option<C>> = vec![None; n];
    let mut pred: Vec<Option<NodeIndex>> = vec![None; n];
    let mut queue = BinaryHeap::new();
    let mut expanded = 0u64;
    let h0 = h(start);
    g_best[start.index()] = Some(C::zero());
    queue.push(MinScored((h0, h0, C::zero()), start));
    while let Some(MinScored((_, _, g), node)) = queue.pop() {
        if node == goal {
            let mut nodes = vec![goal];
            let mut at = goal;
            while let Some(p) = pred[at.index()] {
                nodes.push(p);
                at = p;
            }
            nodes.reverse();
            let cost = g_best[goal.index()].unwrap_or(g);
            return Ok(NativePath {
                nodes,
                cost,
                expanded,
                moves: None,
            });
        }
        if g_best[node.index()].is_some_and(|best| best < g) {
            continue;
        }
        if expanded == budget {
            let stop = Stop::GaveUp {
                budget,
                bound: None,
            };
            return Err(NativeStop { stop, expanded });
        }
        expanded += 1;
        for edge in graph.edges(node) {
            let next = edge.target();
            let next_g = g + encoding.cost(edge);
            let slot = &mut g_best[next.index()];
            if slot.is_some_and(|old| next_g >= old) {
                continue;
            }
            *slot = Some(next_g);
            pred[next.index()] = Some(node);
            let next_h = h(next);
            queue.push(MinScored((next_g + next_h, next_h, next_g), next));
        }
    }
    Err(NativeStop {
        stop: Stop::NoPath,
        expanded,
    })
}
