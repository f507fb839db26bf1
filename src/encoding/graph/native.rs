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
//! A* is petgraph's own `petgraph::algo::astar`; it returns one path, whichever it met first.
//!
//! Both stop at a node budget: Dijkstra counts its own expansions; A* runs on a view of the graph
//! that lists no more edges once the budget is spent, so petgraph's loop only drains its queue.

use super::GraphEncoding;
use super::counted::Counted;
use super::path::greatest_tight_path;
use crate::cost::Cost;
use crate::search::Stop;
use petgraph::graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoEdges, NodeIndexable, VisitMap, Visitable};
use std::cell::Cell;
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
struct MinScored<C>(C, NodeIndex);

impl<C: Cost> PartialEq for MinScored<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for MinScored<C> {}

impl<C: Cost> PartialOrd for MinScored<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> Ord for MinScored<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: BinaryHeap is a max-heap. Costs are never NaN.
        other.0.partial_cmp(&self.0).unwrap_or(Ordering::Equal)
    }
}

/// Distances from `start` by petgraph's Dijkstra (`with_dynamic_goal`: lazy deletion, a visited
/// map, stop when `goal` is popped), over any petgraph graph whose node ids index a table.
/// Returns the table (settled and tentative distances) and the nodes expanded, or the stop.
fn dense_dijkstra<G, C>(
    graph: G,
    start: NodeIndex,
    goal: NodeIndex,
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
        if node == goal {
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
    Err(NativeStop {
        stop: Stop::NoPath,
        expanded,
    })
}

/// petgraph's Dijkstra from the start to the target, stopping once the target is settled or
/// `budget` nodes have been expanded.
pub fn dijkstra<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    budget: u64,
) -> Result<NativePath<C>, NativeStop<C>> {
    let graph = &encoding.graph;
    let (start, goal) = (NodeIndex::new(0), encoding.goal());
    let (dist, expanded) = dense_dijkstra(graph, start, goal, |e| encoding.cost(e), budget)?;
    let no_path = || NativeStop {
        stop: Stop::NoPath,
        expanded,
    };
    let cost = dist[goal.index()].ok_or_else(no_path)?;
    let nodes = greatest_tight_path(encoding, start, goal, |n| dist[n.index()]).ok_or_else(no_path)?;
    Ok(NativePath {
        nodes,
        cost,
        expanded,
    })
}

/// petgraph's A* from the start to the target with the estimate `h` of each node, giving up
/// before expanding more than `budget` nodes.
pub fn astar<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    h: impl FnMut(NodeIndex) -> C,
    budget: u64,
) -> Result<NativePath<C>, NativeStop<C>> {
    let goal = encoding.goal();
    let expanded = Cell::new(0);
    let found = petgraph::algo::astar(
        Counted {
            graph: &encoding.graph,
            expanded: &expanded,
            budget,
        },
        NodeIndex::new(0),
        |n| n == goal,
        |e| encoding.cost(e),
        h,
    );
    let expanded_now = expanded.get();
    if expanded_now > budget {
        let stop = Stop::GaveUp {
            budget,
            bound: None,
        };
        return Err(NativeStop {
            stop,
            expanded: budget,
        });
    }
    let (cost, nodes) = found.ok_or(NativeStop {
        stop: Stop::NoPath,
        expanded: expanded_now,
    })?;
    Ok(NativePath {
        nodes,
        cost,
        expanded: expanded_now,
    })
}
