//! The uniformly random policy: every legal move equally likely.

use super::{Policy, PolicyError};
use crate::game::{Game, Move, State, uniform_index};
use crate::random::SplitMix64;

/// Draws one legal move, each with the same probability.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Policy for Random {
    fn name(&self) -> String {
        "random".into()
    }

    fn is_uniform_random(&self) -> bool {
        true
    }

    #[inline]
    fn choose(
        &self,
        _: &Game,
        _: &State,
        _: u32,
        moves: &[Move],
        rng: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        Ok(if moves.len() == 1 {
            0
        } else {
            uniform_index(rng, moves.len())
        })
    }
}
