//! petgraph's own Dijkstra and A* on the graph encoding: the graph's native methods, measured
//! against the generic algorithms of [`crate::search`] on the same graph.
//!
//! petgraph's Dijkstra returns distances, not paths: the path is rebuilt from them with
//! a greatest-tight-path walk, which also applies the shared tie-break (the greatest
//! roll sequence among equal-length paths). Its A* returns one path, whichever it met first.

use super::GraphEncoding;
use super::counted::Counted;
use super::path::greatest_tight_path;
use crate::cost::Cost;
use petgraph::graph::NodeIndex;
use std::cell::Cell;

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

/// petgraph's Dijkstra from the start to the target, stopping once the target is settled.
pub fn dijkstra<C: Cost>(encoding: &GraphEncoding<'_, C>) -> Option<NativePath<C>> {
    let graph = &encoding.graph;
    let (start, goal) = (NodeIndex::new(0), encoding.goal());
    let expanded = Cell::new(0);
    let scores = petgraph::algo::dijkstra(
        Counted {
            graph,
            expanded: &expanded,
        },
        start,
        Some(goal),
        |e| encoding.cost(e),
    );
    // The path walk looks distances up a few million times on a large board: a table by node
    // index is several times faster than petgraph's hash map.
    let mut dist = vec![None; graph.node_count()];
    for (node, score) in scores {
        dist[node.index()] = Some(score);
    }
    let cost = dist[goal.index()]?;
    let nodes = greatest_tight_path(encoding, start, goal, |n| dist[n.index()])?;
    Some(NativePath {
        nodes,
        cost,
        expanded: expanded.get(),
    })
}

/// petgraph's A* from the start to the target with the estimate `h` of each node.
pub fn astar<C: Cost>(
    encoding: &GraphEncoding<'_, C>,
    h: impl FnMut(NodeIndex) -> C,
) -> Option<NativePath<C>> {
    let goal = encoding.goal();
    let expanded = Cell::new(0);
    let (cost, nodes) = petgraph::algo::astar(
        Counted {
            graph: &encoding.graph,
            expanded: &expanded,
        },
        NodeIndex::new(0),
        |n| n == goal,
        |e| encoding.cost(e),
        h,
    )?;
    Some(NativePath {
        nodes,
        cost,
        expanded: expanded.get(),
    })
}
