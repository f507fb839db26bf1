//! A* on the race graph, with petgraph doing the search and [`Counted`] counting expansions.

use super::counted::Counted;
use super::path::GraphPath;
use crate::cost::Cost;
use crate::encoding::graph::RaceGraph;
use petgraph::algo::astar;
use petgraph::graph::NodeIndex;
use std::cell::Cell;

/// The least-cost path from `start` to `goal` by petgraph's A* with estimate `h` of the cost from a
/// node to `goal`. Optimal when `h` never overestimates (see [`super::heuristic`]); with an
/// overestimating `h` it returns some path, usually after fewer expansions. `expanded` counts the
/// nodes whose edges were followed; ties between equal paths go wherever petgraph's heap sends them.
pub fn shortest_path<C: Cost>(
    graph: &RaceGraph<C>,
    start: NodeIndex,
    goal: NodeIndex,
    h: impl FnMut(NodeIndex) -> C,
) -> Option<GraphPath<C>> {
    let expanded = Cell::new(0);
    let (length, nodes) = astar(
        Counted {
            graph,
            expanded: &expanded,
        },
        start,
        |n| n == goal,
        |e| e.weight().cost,
        h,
    )?;
    // Between two steps there is one edge at most (its roll is their difference).
    let rolls = nodes
        .windows(2)
        .map(|w| {
            graph
                .edges_connecting(w[0], w[1])
                .next()
                .map(|e| e.weight().roll)
        })
        .collect::<Option<Vec<u32>>>()?;
    Some(GraphPath {
        length,
        nodes,
        rolls,
        expanded: expanded.get(),
    })
}
