//! Reading one deterministic path out of a shortest-path distance map.

use super::RaceGraph;
use crate::cost::Cost;
use petgraph::Direction;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

/// The shortest path from `start` to `goal` whose roll sequence is greatest, given `dist`, the
/// shortest distance from `start` of every node on a shortest path to `goal` (nodes off it may be
/// missing or carry any achievable distance).
///
/// An edge `u -> v` is tight when `dist(u) + cost == dist(v)`. First the nodes that reach `goal`
/// over tight edges are marked, walking backwards; then the path is read forwards from `start`,
/// taking at each node the highest roll whose tight edge leads to a marked node.
pub fn greatest_tight_path<C: Cost>(
    graph: &RaceGraph<C>,
    start: NodeIndex,
    goal: NodeIndex,
    dist: impl Fn(NodeIndex) -> Option<C>,
) -> Option<Vec<NodeIndex>> {
    let tight = |u: NodeIndex, v: NodeIndex, cost: C| matches!((dist(u), dist(v)), (Some(du), Some(dv)) if du + cost == dv);
    let mut marked = vec![false; graph.node_count()];
    marked[goal.index()] = true;
    let mut stack = vec![goal];
    while let Some(v) = stack.pop() {
        for e in graph.edges_directed(v, Direction::Incoming) {
            let u = e.source();
            if !marked[u.index()] && tight(u, v, e.weight().cost) {
                marked[u.index()] = true;
                stack.push(u);
            }
        }
    }
    if !marked[start.index()] {
        return None;
    }
    let mut nodes = vec![start];
    let mut at = start;
    while at != goal {
        let e = graph
            .edges(at)
            .filter(|e| marked[e.target().index()] && tight(at, e.target(), e.weight().cost))
            .max_by_key(|e| e.weight().roll)?;
        at = e.target();
        nodes.push(at);
    }
    Some(nodes)
}
