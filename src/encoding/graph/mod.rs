//! The graph encoding: a petgraph graph whose nodes are (step, target goal tile) pairs and whose
//! edges are legal rolls. Besides presenting the graph to the generic algorithms, it keeps
//! petgraph's own Dijkstra and A* as native methods ([`native`]).
//!
//! One graph serves one piece, so every node has the same target, and node `i` is step `i`: the
//! pair is the node's index and the graph's target, and neither is stored with the node. An edge
//! stores which face of the die it is (its index in [`Race::faces`]); its cost is read from the
//! race's table, through the edge-cost function every petgraph algorithm takes. That keeps a node
//! at 8 bytes and an edge at 20 (petgraph's links included), where a stored (step, target) and a
//! roll and cost took 24 and 32: 128 MB instead of 216 MB for a 1,000,000-tile track with a
//! six-sided die.

pub mod native;
mod path;

use super::{EncodingError, PiecePath, StateEncoding};
use crate::cost::Cost;
use crate::race::{Piece, Race};
use petgraph::graph::{DiGraph, EdgeReference, NodeIndex};
use petgraph::visit::EdgeRef;
use std::cell::RefCell;

thread_local! {
    /// The allocation of the last graph dropped on this thread, reused by the next one: a
    /// 1,000,000-tile track's graph is 128 MB, and allocating it afresh for each piece cost more
    /// in page faults than building it (0.05 s a piece).
    static SPARE: RefCell<RaceGraph> = RefCell::new(RaceGraph::default());
}

/// The race as a petgraph graph: node `i` is step `i`, an edge's weight the index of its die face
/// in [`Race::faces`].
pub(crate) type RaceGraph = DiGraph<(), u32>;

/// One piece's race as a petgraph graph: node `i` is step `i`.
#[derive(Clone, Debug)]
pub struct GraphEncoding<'r, C> {
    race: &'r Race<C>,
    /// The graph.
    pub graph: RaceGraph,
    target: usize,
}

impl<'r, C: Cost> GraphEncoding<'r, C> {
    /// Builds the graph of `piece`'s race: every step up to its target, every legal roll.
    pub fn new(race: &'r Race<C>, piece: &Piece) -> Self {
        let target = piece.target;
        let last = race.target_step(target);
        // Room for every node and every roll from it: growing edge by edge reallocated dozens of
        // times and was a third of a standard-board Dijkstra solve.
        let mut graph = Self::spare(last, race.faces.len());
        for step in 0..last {
            // petgraph lists a node's edges newest first: adding the lowest roll first makes
            // them come out highest roll first, the tie-break order.
            for m in race.moves(step, target).rev() {
                graph.add_edge(NodeIndex::new(step), NodeIndex::new(m.to), m.face as u32);
            }
        }
        GraphEncoding {
            race,
            graph,
            target,
        }
    }

    /// Every piece of `race` in one graph: every step up to the deepest target, every move some
    /// piece may make. A piece's own graph is this one's edges onto steps it may land on
    /// ([`GraphEncoding::keeps`]), listed in the same order, so petgraph's algorithms run on it
    /// through `EdgeFiltered` as on the piece's own graph: built once for a board's pieces
    /// instead of once for each.
    pub fn shared(race: &'r Race<C>) -> Self {
        let targets = race.distinct_targets();
        let deepest = targets.iter().copied().max().unwrap_or(0);
        let last = race.target_step(deepest);
        // Whether some piece may land on each goal step (every track step: yes).
        let landable: Vec<bool> = (race.track_steps..=last)
            .map(|s| race.nested() || targets.iter().any(|&t| race.can_land(s, t)))
            .collect();
        let lands = |to: usize| to < race.track_steps || landable[to - race.track_steps];
        let mut graph = Self::spare(last, race.faces.len());
        for step in 0..last {
            for (face, &roll) in race.faces.iter().enumerate().rev() {
                let to = step + roll as usize;
                if to <= last && lands(to) {
                    graph.add_edge(NodeIndex::new(step), NodeIndex::new(to), face as u32);
                }
            }
        }
        GraphEncoding {
            race,
            graph,
            target: deepest,
        }
    }

    /// Whether edge `e` is in the own graph of a piece heading for goal tile `target`.
    pub fn keeps(&self, target: usize, e: EdgeReference<'_, u32>) -> bool {
        self.race.can_land(e.target().index(), target)
    }

    /// The race the graph was built from.
    pub fn race(&self) -> &'r Race<C> {
        self.race
    }

    /// The kept allocation of this thread (see `SPARE`), cleared, with room for `last + 1` nodes
    /// and `faces` edges from each, and the nodes.
    fn spare(last: usize, faces: usize) -> RaceGraph {
        let mut graph = SPARE.with(|spare| std::mem::take(&mut *spare.borrow_mut()));
        graph.clear();
        graph.reserve_nodes((last + 1).saturating_sub(graph.node_count()));
        graph.reserve_edges(((last + 1) * faces).saturating_sub(graph.edge_count()));
        for _ in 0..=last {
            graph.add_node(());
        }
        graph
    }

    /// The node of the target.
    pub fn goal(&self) -> NodeIndex {
        NodeIndex::new(self.race.target_step(self.target))
    }

    /// The die face an edge rolls.
    pub fn roll(&self, edge: EdgeReference<'_, u32>) -> u32 {
        self.race.faces[*edge.weight() as usize]
    }

    /// The cost of an edge's move, from the race's table.
    pub fn cost(&self, edge: EdgeReference<'_, u32>) -> C {
        // An edge is a legal move, so it stays on the board and the race has its cost.
        self.race
            .cost(edge.source().index(), *edge.weight() as usize)
            .unwrap_or_else(C::zero)
    }

    fn bad_path(&self, why: String) -> EncodingError {
        EncodingError::BadPath {
            encoding: "graph",
            reason: why,
        }
    }
}

/// Hands the graph's allocation to the next graph built on this thread (see `SPARE`), unless a
/// bigger one is already kept.
impl<C> Drop for GraphEncoding<'_, C> {
    fn drop(&mut self) {
        let graph = std::mem::take(&mut self.graph);
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if graph.capacity().1 >= spare.capacity().1 {
                *spare = graph;
            }
        });
    }
}

impl<C: Cost> StateEncoding<C> for GraphEncoding<'_, C> {
    const NAME: &'static str = "graph";
    type State = NodeIndex;

    fn start(&self) -> NodeIndex {
        NodeIndex::new(0)
    }

    fn successors(&self, node: NodeIndex) -> impl Iterator<Item = (NodeIndex, u32, C)> {
        self.graph
            .edges(node)
            .map(|e| (e.target(), self.roll(e), self.cost(e)))
    }

    fn is_goal(&self, &node: &NodeIndex) -> bool {
        node == self.goal()
    }

    fn position(&self, &node: &NodeIndex) -> usize {
        node.index()
    }

    fn positions(&self) -> usize {
        self.graph.node_count()
    }

    fn decode(&self, path: &[NodeIndex]) -> Result<PiecePath<C>, EncodingError> {
        let mut out = PiecePath {
            target: self.target,
            length: C::zero(),
            steps: path.iter().map(|n| n.index()).collect(),
            rolls: Vec::with_capacity(path.len().saturating_sub(1)),
            costs: Vec::with_capacity(path.len().saturating_sub(1)),
            nodes: 0,
            cut_short: 0,
            bitboard: None,
        };
        for w in path.windows(2) {
            let e = self
                .graph
                .edges(w[0])
                .find(|e| e.target() == w[1])
                .ok_or_else(|| self.bad_path(format!("no edge {:?} -> {:?}", w[0], w[1])))?;
            let cost = self.cost(e);
            out.length = out.length + cost;
            out.rolls.push(self.roll(e));
            out.costs.push(cost);
        }
        Ok(out)
    }
}
