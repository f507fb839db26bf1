//! Every position's moves computed once and kept: a [`ChanceGame`] whose sweeps read a table
//! instead of generating moves. Worth it where generating moves costs more than reading memory
//! (the engine's general rule book: [`super::EngineGame`]) and the table fits: about 8 bytes an
//! outcome plus 9 a position with a 6-faced die.

use super::{ChanceGame, Expansion, MoveOutcome};
use rayon::prelude::*;
use std::ops::Range;

/// `Win`, `Loss`, `Same(j)` and `Flip(j)` in one word: the two top values for the ends, else
/// `j << 1` plus 1 for a flip.
const WIN: u64 = u64::MAX;
const LOSS: u64 = u64::MAX - 1;

fn encode(o: MoveOutcome) -> u64 {
    match o {
        MoveOutcome::Win => WIN,
        MoveOutcome::Loss => LOSS,
        MoveOutcome::Same(j) => j << 1,
        MoveOutcome::Flip(j) => j << 1 | 1,
    }
}

#[inline]
fn decode(w: u64) -> MoveOutcome {
    match w {
        WIN => MoveOutcome::Win,
        LOSS => MoveOutcome::Loss,
        _ if w & 1 == 0 => MoveOutcome::Same(w >> 1),
        _ => MoveOutcome::Flip(w >> 1),
    }
}

/// A game with every expansion stored (see the module documentation).
pub struct Cached<G> {
    inner: G,
    rolls: usize,
    /// `first[p]`: index of position `p`'s first outcome; `first[positions]` the total.
    first: Vec<u64>,
    /// `counts[p * rolls + r]`: moves of roll `r` in position `p`, with [`PASS`] set where the
    /// roll's only move is a pass ([`Expansion::pass`]).
    counts: Vec<u8>,
    outcomes: Vec<u64>,
    keys: Vec<u32>,
}

/// The bit of a count that marks a pass.
const PASS: u8 = 0x80;

/// Positions expanded by one task while the table is built.
const CHUNK: u64 = 1 << 14;

impl<G: ChanceGame> Cached<G> {
    /// Expands every position of `inner` once (in parallel on the current rayon pool).
    ///
    /// # Panics
    /// If a roll has more than 127 moves.
    pub fn new(inner: G) -> Cached<G> {
        let n = inner.positions();
        let rolls = inner.roll_probabilities().len();
        let chunks: Vec<(Vec<u64>, Vec<u8>, Vec<u32>)> = (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .map_init(Expansion::default, |e, c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(n);
                let mut outcomes = Vec::new();
                let mut counts = Vec::with_capacity((range.end - range.start) as usize * rolls);
                let mut keys = Vec::with_capacity((range.end - range.start) as usize);
                for p in range {
                    inner.expand(p, e);
                    debug_assert_eq!(e.mean, 0);
                    for r in 0..rolls {
                        let moves = e.roll(r);
                        let count = u8::try_from(moves.len())
                            .ok()
                            .filter(|&c| c < PASS)
                            .expect("at most 127 moves a roll");
                        counts.push(if e.is_pass(r) { count | PASS } else { count });
                        outcomes.extend(moves.iter().map(|&o| encode(o)));
                    }
                    keys.push(inner.sweep_key(p));
                }
                (outcomes, counts, keys)
            })
            .collect();
        let total: usize = chunks.iter().map(|c| c.0.len()).sum();
        let mut outcomes = Vec::with_capacity(total);
        let mut counts = Vec::with_capacity(n as usize * rolls);
        let mut keys = Vec::with_capacity(n as usize);
        for (o, c, k) in chunks {
            outcomes.extend_from_slice(&o);
            counts.extend_from_slice(&c);
            keys.extend_from_slice(&k);
        }
        let mut first = Vec::with_capacity(n as usize + 1);
        let mut at = 0u64;
        first.push(0);
        for p in counts.chunks(rolls) {
            at += p.iter().map(|&c| u64::from(c & !PASS)).sum::<u64>();
            first.push(at);
        }
        Cached {
            inner,
            rolls,
            first,
            counts,
            outcomes,
            keys,
        }
    }

    /// The game it stores.
    pub fn inner(&self) -> &G {
        &self.inner
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> u64 {
        (self.outcomes.len() * 8 + self.first.len() * 8 + self.counts.len() + self.keys.len() * 4)
            as u64
    }

    /// The bytes a table of `positions` positions and about `outcomes` outcomes takes.
    pub fn bytes_for(positions: u64, rolls: usize, outcomes: u64) -> u64 {
        positions
            .saturating_mul(8 + 4 + rolls as u64)
            .saturating_add(outcomes.saturating_mul(8))
    }
}

impl<G: ChanceGame> ChanceGame for Cached<G> {
    fn positions(&self) -> u64 {
        self.inner.positions()
    }

    fn roll_probabilities(&self) -> &[f64] {
        self.inner.roll_probabilities()
    }

    fn layers(&self) -> Vec<Range<u64>> {
        self.inner.layers()
    }

    #[inline]
    fn expand(&self, position: u64, out: &mut Expansion) {
        out.clear();
        let p = position as usize;
        let mut at = self.first[p] as usize;
        for (r, &c) in self.counts[p * self.rolls..(p + 1) * self.rolls]
            .iter()
            .enumerate()
        {
            if c & PASS != 0 {
                out.pass |= 1 << r;
            }
            let end = at + usize::from(c & !PASS);
            out.outcomes
                .extend(self.outcomes[at..end].iter().map(|&w| decode(w)));
            out.end_roll();
            at = end;
        }
    }

    fn sweep_key(&self, position: u64) -> u32 {
        self.keys[position as usize]
    }
}
