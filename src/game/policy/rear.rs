//! Rear-most: move the piece that is furthest behind (entering first of all).

use super::{Policy, PolicyError, progress};
use crate::game::{Game, Move, State};
use crate::random::SplitMix64;

/// Moves the rear-most movable piece: keep the pieces together.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rear;

impl Policy for Rear {
    fn name(&self) -> String {
        "rear".into()
    }

    fn choose(
        &self,
        _: &Game,
        _: &State,
        _: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        Ok((0..moves.len())
            .min_by_key(|&i| progress(&moves[i]))
            .unwrap_or(0))
    }
}
