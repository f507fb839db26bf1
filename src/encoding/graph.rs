//! The graph formulation: nodes are (step, target goal tile) pairs, edges are legal rolls.

use super::{PiecePath, StateEncoding};
use crate::cost::Cost;
use crate::race::Race;
use crate::search::dijkstra;
use crate::solve::SolveError;
use petgraph::graph::{DiGraph, NodeIndex};

/// A node: a piece on `step` heading for goal tile `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Relative step (track steps, then goal tiles).
    pub step: usize,
    /// Target goal tile index.
    pub target: usize,
}

/// An edge: one legal roll and its cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge<C> {
    /// The die face.
    pub roll: u32,
    /// The move's cost.
    pub cost: C,
}

/// The race as a petgraph graph.
pub type RaceGraph<C> = DiGraph<Node, Edge<C>>;

/// The graph encoding: one petgraph graph holding a component per distinct target.
#[derive(Clone, Debug)]
pub struct GraphEncoding<C> {
    /// The graph.
    pub graph: RaceGraph<C>,
    /// For each target goal tile, the index of its step-0 node (steps follow consecutively).
    offsets: Vec<Option<usize>>,
}

impl<C: Cost> GraphEncoding<C> {
    /// Builds the graph for every target a piece of `race` heads for.
    pub fn new(race: &Race<C>) -> Self {
        let mut offsets = vec![None; race.goal_len];
        // Reserve room for every node and (at most) every roll from it: growing the graph edge by
        // edge reallocated it dozens of times and was a third of a standard-board Dijkstra solve.
        let mut targets = race.targets();
        targets.sort_unstable();
        targets.dedup();
        let nodes: usize = targets.iter().map(|&t| race.target_step(t) + 1).sum();
        let mut graph = RaceGraph::with_capacity(nodes, nodes * race.faces.len());
        for target in race.targets() {
            if offsets[target].is_some() {
                continue;
            }
            let first = graph.node_count();
            offsets[target] = Some(first);
            let last = race.target_step(target);
            for step in 0..=last {
                graph.add_node(Node { step, target });
            }
            for step in 0..last {
                for m in race.moves(step, target) {
                    let (a, b) = (NodeIndex::new(first + step), NodeIndex::new(first + m.to));
                    graph.add_edge(
                        a,
                        b,
                        Edge {
                            roll: m.roll,
                            cost: m.cost,
                        },
                    );
                }
            }
        }
        GraphEncoding { graph, offsets }
    }

    /// The node of a piece on `step` heading for `target`, if the graph has it.
    pub fn node(&self, step: usize, target: usize) -> Option<NodeIndex> {
        let first = self.offsets.get(target).copied().flatten()?;
        let idx = NodeIndex::new(first + step);
        (idx.index() < self.graph.node_count() && self.graph[idx].target == target).then_some(idx)
    }

    /// The start node (step 0) and the finish node (the target's step) for `target`.
    pub fn endpoints(
        &self,
        race_track_steps: usize,
        target: usize,
    ) -> Option<(NodeIndex, NodeIndex)> {
        Some((
            self.node(0, target)?,
            self.node(race_track_steps + target, target)?,
        ))
    }
}

/// The graph encoding bound to its race, solving each piece with petgraph's Dijkstra.
pub struct GraphSolver<'r, C> {
    race: &'r Race<C>,
    encoding: GraphEncoding<C>,
}

impl<'r, C: Cost> GraphSolver<'r, C> {
    /// Builds the graph of `race`.
    pub fn new(race: &'r Race<C>) -> Self {
        GraphSolver {
            race,
            encoding: GraphEncoding::new(race),
        }
    }
}

impl<C: Cost> StateEncoding<C> for GraphSolver<'_, C> {
    fn name(&self) -> &'static str {
        "graph"
    }

    fn algorithm(&self) -> String {
        "dijkstra".into()
    }

    fn solve_piece(&mut self, target: usize) -> Result<PiecePath<C>, SolveError> {
        let unreachable = || {
            self.race
                .check_reachable()
                .err()
                .unwrap_or_else(|| SolveError::internal("dijkstra found no path"))
        };
        let (start, goal) = self
            .encoding
            .endpoints(self.race.track_steps, target)
            .ok_or_else(unreachable)?;
        let found =
            dijkstra::shortest_path(&self.encoding.graph, start, goal).ok_or_else(unreachable)?;
        Ok(PiecePath {
            target,
            length: found.length,
            steps: found
                .nodes
                .iter()
                .map(|&n| self.encoding.graph[n].step)
                .collect(),
            rolls: found.rolls,
            nodes: found.expanded,
            bitboard: None,
        })
    }
}
