//! A game in which a seat's moves are fixed in advance: each seat maximises its win probability,
//! picks uniformly at random, or plays a table of choices. Solving it ([`super::solve`]) gives the
//! exact worth of a pair of policies; a maximising seat plays the best response to the other.

use super::{ChanceGame, Expansion, MoveOutcome};
use std::ops::Range;

/// How one seat picks its moves.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// The move that maximises its own win probability: against a fixed other seat its best
    /// response, against another maximiser the game's optimal play.
    Best,
    /// Uniformly at random among the legal moves (a pass when there is none).
    Uniform,
    /// `table[position * rolls + roll]`: the index of the move it plays, among the roll's legal
    /// moves in the game's order, or [`UNIFORM`] for a uniform pick (read only at positions
    /// where this seat moves).
    Table(Vec<u8>),
}

/// In a [`Choice::Table`]: this roll's move is picked uniformly at random.
pub const UNIFORM: u8 = u8::MAX;

/// A seat-aware game with each seat's [`Choice`]: a [`ChanceGame`] whose maximisation runs over the
/// choices left.
pub struct FixedGame<'a, G> {
    game: &'a G,
    seat_of: &'a (dyn Fn(u64) -> usize + Sync),
    choices: [&'a Choice; 2],
}

impl<'a, G: ChanceGame> FixedGame<'a, G> {
    /// `game`, whose position `p` has seat `seat_of(p)` (0 or 1) to move, seat `s` picking by
    /// `choices[s]`.
    pub fn new(
        game: &'a G,
        seat_of: &'a (dyn Fn(u64) -> usize + Sync),
        choices: [&'a Choice; 2],
    ) -> Self {
        FixedGame {
            game,
            seat_of,
            choices,
        }
    }
}

impl<G: ChanceGame> ChanceGame for FixedGame<'_, G> {
    fn positions(&self) -> u64 {
        self.game.positions()
    }

    fn roll_probabilities(&self) -> &[f64] {
        self.game.roll_probabilities()
    }

    fn layers(&self) -> Vec<Range<u64>> {
        self.game.layers()
    }

    fn expand(&self, position: u64, out: &mut Expansion) {
        self.game.expand(position, out);
        match self.choices[(self.seat_of)(position)] {
            Choice::Best => {}
            Choice::Uniform => out.mean = u64::MAX,
            Choice::Table(table) => {
                let rolls = out.ends.len();
                let row = &table[position as usize * rolls..(position as usize + 1) * rolls];
                // Kept in place: roll r's pick moves down to the roll's new start.
                let (mut start, mut kept) = (0, 0);
                for (r, &pick) in row.iter().enumerate() {
                    let end = out.ends[r];
                    if pick == UNIFORM {
                        out.outcomes.copy_within(start..end, kept);
                        kept += end - start;
                        out.mean |= 1 << r;
                    } else {
                        out.outcomes[kept] =
                            out.outcomes[(start + usize::from(row[r])).min(end - 1)];
                        kept += 1;
                    }
                    out.ends[r] = kept;
                    start = end;
                }
                out.outcomes.truncate(kept);
            }
        }
    }

    fn sweep_key(&self, position: u64) -> u32 {
        self.game.sweep_key(position)
    }
}

/// The choice table of a seat that plays the best move by `values` (the game's solved values),
/// the first in the game's order among those within `tie` of the best, at every position where
/// `seat_of` says `seat` moves (0 elsewhere).
pub fn best_choices(
    game: &impl ChanceGame,
    values: &[f64],
    seat_of: &(dyn Fn(u64) -> usize + Sync),
    seat: usize,
    tie: f64,
) -> Vec<u8> {
    use rayon::prelude::*;
    let rolls = game.roll_probabilities().len();
    let mut table = vec![0u8; game.positions() as usize * rolls];
    table
        .par_chunks_mut(rolls)
        .enumerate()
        .for_each_init(Expansion::default, |e, (p, row)| {
            if seat_of(p as u64) != seat {
                return;
            }
            game.expand(p as u64, e);
            for (r, slot) in row.iter_mut().enumerate() {
                let worth: Vec<f64> = e
                    .roll(r)
                    .iter()
                    .map(|&o| match o {
                        MoveOutcome::Win => 1.0,
                        MoveOutcome::Loss => 0.0,
                        MoveOutcome::Same(j) => values[j as usize],
                        MoveOutcome::Flip(j) => 1.0 - values[j as usize],
                    })
                    .collect();
                let top = worth.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                *slot = worth.iter().position(|&w| w >= top - tie).unwrap_or(0) as u8;
            }
        });
    table
}
