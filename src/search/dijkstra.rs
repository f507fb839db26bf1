//! Dijkstra's algorithm on the race graph, with petgraph doing the search.

use super::counted::Counted;
use super::path::{GraphPath, greatest_tight_path};
use crate::cost::Cost;
use crate::encoding::graph::RaceGraph;
use petgraph::algo::dijkstra;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::cell::Cell;

/// The least-cost path from `start` to `goal`, stopping as soon as `goal` is settled; `expanded`
/// counts the nodes whose edges were relaxed. Ties go to the greatest roll sequence.
pub fn shortest_path<C: Cost>(
    graph: &RaceGraph<C>,
    start: NodeIndex,
    goal: NodeIndex,
) -> Option<GraphPath<C>> {
    let expanded = Cell::new(0);
    let scores = dijkstra(
        Counted {
            graph,
            expanded: &expanded,
        },
        start,
        Some(goal),
        |e| e.weight().cost,
    );
    let length = *scores.get(&goal)?;
    let (nodes, rolls) = greatest_tight_path(graph, start, goal, |n| scores.get(&n).copied())?;
    Some(GraphPath {
        length,
        nodes,
        rolls,
        expanded: expanded.get(),
    })
}

/// The least cost from every node to `goal` (nodes that cannot reach it are absent), by petgraph's
/// Dijkstra on the reversed graph.
pub fn distances_to<C: Cost>(graph: &RaceGraph<C>, goal: NodeIndex) -> Vec<Option<C>> {
    let scores = dijkstra(petgraph::visit::Reversed(graph), goal, None, |e| {
        e.weight().cost
    });
    (0..graph.node_count())
        .map(|i| scores.get(&NodeIndex::new(i)).copied())
        .collect()
}
