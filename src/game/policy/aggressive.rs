//! Aggressive: capture whenever a move can; otherwise front-most.

use super::{Policy, PolicyError, front_most};
use crate::game::{Game, Move, State};
use crate::random::SplitMix64;

/// Captures when it can, the victim furthest along first (it costs its owner the most);
/// otherwise moves the front-most piece.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aggressive;

impl Policy for Aggressive {
    fn name(&self) -> String {
        "aggressive".into()
    }

    fn choose(
        &self,
        _: &Game,
        _: &State,
        _: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        let best = (0..moves.len())
            .filter_map(|i| moves[i].capture.map(|c| (c.step, i)))
            .max();
        Ok(best.map_or_else(|| front_most(moves), |(_, i)| i))
    }
}
