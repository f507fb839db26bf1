//! One search for every piece whose race is a prefix of the first piece's ([`Race::nested`]:
//! `stack`, or `slots` with `moves_in_goal`), for `petgraph-dijkstra/graph`, with the results each
//! piece's own search gives: the same path, length and node count.
//!
//! Every move leads to a later step, and a shallower piece may land on every step up to its
//! target that the deepest piece may, so the least distance of a step does not depend on which
//! of these pieces walks there. One Dijkstra over the deepest piece's graph, run until every step
//! is settled, gives every piece's distances; then for each piece:
//!
//! - **Its node count.** Its own search pops steps in order of distance, expanding each once, and
//!   stops when its target comes out: it expands exactly the steps up to its target that are
//!   strictly nearer than the target, unless another step lies at the target's very distance (a
//!   tie, popped before or after the target as the heap happens to order them). So the count is
//!   read off the distances ([`counts`], one sweep with a Fenwick tree over the distances' ranks),
//!   and a piece with a tie is searched on its own, as before.
//! - **Its path** ([`path`]): the greatest-tight-path walk of the graph encoding
//!   (`encoding::graph::path`), on these distances, over the piece's own steps. Without a tie,
//!   every step its own search left unsettled is farther than the target and lies on no tight path
//!   to it, so the walk marks the same steps and takes the same moves.
//!
//! With 10,000 pieces the searches expanded 50 million steps; now 10,040 and a sweep.

use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::race::{Piece, Race};

/// For each piece: its length and the nodes its own Dijkstra expands, read off `dist` (every
/// step's least distance, `None` where unreachable, over at least the deepest target's steps);
/// `None` where a step other than the target lies at the target's distance (a tie: search it on
/// its own) or the target is unreachable.
pub fn counts<C: Cost>(
    race: &Race<C>,
    dist: &[Option<C>],
    pieces: &[Piece],
) -> Vec<Option<(C, u64)>> {
    // Distances as exact floats (whole units up to 2^53 are), ranked.
    let key = |c: C| c.to_f64();
    let mut ranks: Vec<f64> = dist.iter().flatten().map(|&c| key(c)).collect();
    ranks.sort_unstable_by(f64::total_cmp);
    ranks.dedup_by(|a, b| a.total_cmp(b).is_eq());
    let rank = |c: C| ranks.partition_point(|r| r.total_cmp(&key(c)).is_lt());
    // Pieces by target step, shallowest first; steps enter the tree as the sweep passes them.
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| pieces[i].target);
    let mut tree = Fenwick::new(ranks.len());
    let mut entered = 0;
    let mut out = vec![None; pieces.len()];
    for i in order {
        let t = race.target_step(pieces[i].target);
        while entered < t.min(dist.len()) {
            if let Some(d) = dist[entered] {
                tree.add(rank(d));
            }
            entered += 1;
        }
        let Some(goal) = dist.get(t).copied().flatten() else {
            continue;
        };
        let r = rank(goal);
        // Steps before the target strictly nearer, and those at its distance.
        let nearer = tree.below(r);
        let tied = tree.below(r + 1) - nearer;
        if tied == 0 {
            out[i] = Some((goal, nearer));
        }
    }
    out
}

/// The most die faces a shared search handles: each step keeps its tight moves in a `u64`.
pub const MAX_FACES: usize = 64;

/// For each step, the faces (bit `i` for `race.faces[i]`) of the moves onto it that are tight
/// (`dist[from] + cost == dist[step]`): the moves of the shortest paths, the same for every piece
/// whose race holds the step. `None` when the die has more than [`MAX_FACES`] faces.
pub(crate) fn tight_moves<C: Cost>(race: &Race<C>, dist: &[Option<C>]) -> Option<Vec<u64>> {
    if race.faces.len() > MAX_FACES {
        return None;
    }
    let mut tight = vec![0u64; dist.len()];
    for (v, bits) in tight.iter_mut().enumerate() {
        let Some(dv) = dist[v] else { continue };
        for (face, &roll) in race.faces.iter().enumerate() {
            let Some(u) = v.checked_sub(roll as usize) else {
                continue;
            };
            if let (Some(du), Some(c)) = (dist[u], race.cost(u, face))
                && du + c == dv
            {
                *bits |= 1 << face;
            }
        }
    }
    Some(tight)
}

/// The path of a piece heading for `target`, as the graph encoding's greatest-tight-path walk
/// reads it off the least distances (see the module): the shortest path whose roll sequence is
/// greatest, given `tight` ([`tight_moves`] of the distances). The walk marks the steps with a
/// tight path to the target, then goes forwards from the start taking the highest roll onto a
/// marked step. Where no step has two tight moves onto it the path is read back from the target
/// alone, in proportion to its length; otherwise the marking is one sweep down over every step
/// before the target (quadratic over a race's pieces, the one such pass left). `marks` is scratch
/// space kept between calls (a step is marked for this piece when it holds `stamp`, which must
/// differ from every stamp used on it before), so that nothing is cleared between pieces.
pub fn path<C: Cost>(
    race: &Race<C>,
    tight: &[u64],
    target: usize,
    marks: &mut Vec<u32>,
    stamp: u32,
) -> Option<PiecePath<C>> {
    let goal = race.target_step(target);
    if goal >= tight.len() {
        return None;
    }
    let steps = match single_chain(race, tight, goal) {
        Some(steps) => steps,
        None => branching_path(race, tight, goal, marks, stamp)?,
    };
    let mut out = PiecePath {
        target,
        length: C::zero(),
        rolls: Vec::with_capacity(steps.len() - 1),
        costs: Vec::with_capacity(steps.len() - 1),
        steps,
        nodes: 0,
        cut_short: 0,
        bitboard: None,
    };
    for w in out.steps.windows(2) {
        let roll = (w[1] - w[0]) as u32;
        let face = race.faces.iter().position(|&f| f == roll)?;
        let cost = race.cost(w[0], face)?;
        out.rolls.push(roll);
        out.costs.push(cost);
        out.length = out.length + cost;
    }
    Some(out)
}

/// The steps back from `goal` to the start when each has exactly one tight move onto it (the
/// usual case: one shortest path), in order; `None` at the first step with two or none.
fn single_chain<C>(race: &Race<C>, tight: &[u64], goal: usize) -> Option<Vec<usize>> {
    let mut steps = vec![goal];
    let mut at = goal;
    while at > 0 {
        let bits = tight[at];
        if bits.count_ones() != 1 {
            return None;
        }
        at -= race.faces[bits.trailing_zeros() as usize] as usize;
        steps.push(at);
    }
    steps.reverse();
    Some(steps)
}

/// The walk where some step has two tight moves onto it: mark every step with a tight path to
/// `goal`, then from the start take the highest roll onto a marked step by a tight move.
fn branching_path<C>(
    race: &Race<C>,
    tight: &[u64],
    goal: usize,
    marks: &mut Vec<u32>,
    stamp: u32,
) -> Option<Vec<usize>> {
    if marks.len() <= goal {
        marks.resize(goal + 1, 0);
    }
    // Every tight move leads to a later step: one sweep down from the goal marks them all (on
    // the many-pieces boards nearly every step before the goal is marked, and a sweep reads the
    // marks in order).
    marks[goal] = stamp;
    for v in (1..=goal).rev() {
        if marks[v] != stamp {
            continue;
        }
        let mut bits = tight[v];
        while bits != 0 {
            let face = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            marks[v - race.faces[face] as usize] = stamp;
        }
    }
    if marks[0] != stamp {
        return None;
    }
    let mut steps = vec![0];
    let mut at = 0;
    while at != goal {
        // Faces run highest roll first.
        at = race.faces.iter().enumerate().find_map(|(face, &roll)| {
            let v = at + roll as usize;
            (v <= goal && marks[v] == stamp && tight[v] & (1 << face) != 0).then_some(v)
        })?;
        steps.push(at);
    }
    Some(steps)
}

/// A Fenwick tree of counts by rank.
struct Fenwick(Vec<u64>);

impl Fenwick {
    fn new(len: usize) -> Self {
        Fenwick(vec![0; len + 1])
    }

    /// Counts one more at rank `r`.
    fn add(&mut self, r: usize) {
        let mut i = r + 1;
        while i < self.0.len() {
            self.0[i] += 1;
            i += i & i.wrapping_neg();
        }
    }

    /// How many were counted at ranks below `r`.
    fn below(&self, r: usize) -> u64 {
        let mut i = r.min(self.0.len() - 1);
        let mut sum = 0;
        while i > 0 {
            sum += self.0[i];
            i &= i - 1;
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::Fenwick;

    #[test]
    fn fenwick_counts_below_a_rank() {
        let mut f = Fenwick::new(5);
        for r in [0, 2, 2, 4] {
            f.add(r);
        }
        let below: Vec<u64> = (0..=6).map(|r| f.below(r)).collect();
        assert_eq!(below, [0, 1, 1, 3, 3, 4, 4]);
    }
}
