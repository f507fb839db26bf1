//! Front-most: move the piece that is furthest along (entering counts as the rear-most).

use super::{Policy, PolicyError, front_most};
use crate::game::{Game, Move, State};
use crate::random::SplitMix64;

/// Moves the front-most movable piece: race it home.
#[derive(Clone, Copy, Debug, Default)]
pub struct Front;

impl Policy for Front {
    fn name(&self) -> String {
        "front".into()
    }

    fn choose(
        &self,
        _: &Game,
        _: &State,
        _: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        Ok(front_most(moves))
    }
}
