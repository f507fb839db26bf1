//! A petgraph adaptor that counts node expansions, so petgraph's own algorithms report nodes and
//! stop at a budget.

use petgraph::visit::{
    Data, GraphBase, GraphRef, IntoEdgeReferences, IntoEdges, IntoNeighbors, Visitable,
};
use std::cell::Cell;

/// Wraps a graph reference; every call of `edges(node)` (one per expanded node in Dijkstra and A*)
/// adds one to `expanded`. Once `expanded` exceeds `budget` a node has no edges: the algorithm
/// then only empties its queue, and the caller, seeing `expanded > budget`, reports that it gave
/// up.
#[derive(Clone, Copy)]
pub struct Counted<'c, G> {
    /// The wrapped graph.
    pub graph: G,
    /// Number of nodes expanded so far.
    pub expanded: &'c Cell<u64>,
    /// Expansions that list their edges.
    pub budget: u64,
}

impl<G: GraphBase> GraphBase for Counted<'_, G> {
    type EdgeId = G::EdgeId;
    type NodeId = G::NodeId;
}

impl<G: GraphRef> GraphRef for Counted<'_, G> {}

impl<G: Data> Data for Counted<'_, G> {
    type NodeWeight = G::NodeWeight;
    type EdgeWeight = G::EdgeWeight;
}

impl<G: IntoNeighbors> IntoNeighbors for Counted<'_, G> {
    type Neighbors = G::Neighbors;
    fn neighbors(self, a: Self::NodeId) -> Self::Neighbors {
        self.graph.neighbors(a)
    }
}

impl<G: IntoEdgeReferences> IntoEdgeReferences for Counted<'_, G> {
    type EdgeRef = G::EdgeRef;
    type EdgeReferences = G::EdgeReferences;
    fn edge_references(self) -> Self::EdgeReferences {
        self.graph.edge_references()
    }
}

impl<G: IntoEdges> IntoEdges for Counted<'_, G> {
    type Edges = std::iter::Take<G::Edges>;
    fn edges(self, a: Self::NodeId) -> Self::Edges {
        let n = self.expanded.get().saturating_add(1);
        self.expanded.set(n);
        // Past the budget the edges are cut off: no more is pushed, nothing more is expanded.
        self.graph
            .edges(a)
            .take(if n > self.budget { 0 } else { usize::MAX })
    }
}

impl<G: Visitable> Visitable for Counted<'_, G> {
    type Map = G::Map;
    fn visit_map(&self) -> Self::Map {
        self.graph.visit_map()
    }
    fn reset_map(&self, map: &mut Self::Map) {
        self.graph.reset_map(map)
    }
}
