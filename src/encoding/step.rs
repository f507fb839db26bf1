//! The plainest encoding: the state is the step the piece stands on. The reference the others are
//! checked against.

use super::{EncodingError, PiecePath, StateEncoding};
use crate::cost::Cost;
use crate::race::{Piece, Race};

/// A piece's race with the step index as the state.
#[derive(Clone, Copy, Debug)]
pub struct StepEncoding<'r, C> {
    race: &'r Race<C>,
    target: usize,
    target_step: usize,
}

impl<'r, C: Cost> StepEncoding<'r, C> {
    /// The race of `piece`.
    pub fn new(race: &'r Race<C>, piece: &Piece) -> Self {
        StepEncoding {
            race,
            target: piece.target,
            target_step: race.target_step(piece.target),
        }
    }
}

impl<C: Cost> StateEncoding<C> for StepEncoding<'_, C> {
    const NAME: &'static str = "step";
    type State = usize;

    fn start(&self) -> usize {
        0
    }

    fn successors(&self, step: usize) -> impl Iterator<Item = (usize, u32, C)> {
        self.race
            .moves(step, self.target)
            .map(|m| (m.to, m.roll, m.cost))
    }

    fn is_goal(&self, &step: &usize) -> bool {
        step == self.target_step
    }

    fn position(&self, &step: &usize) -> usize {
        step
    }

    fn positions(&self) -> usize {
        self.target_step + 1
    }

    fn decode(&self, path: &[usize]) -> Result<PiecePath<C>, EncodingError> {
        PiecePath::from_steps(self.race, self.target, path.to_vec()).ok_or_else(|| {
            EncodingError::BadPath {
                encoding: "step",
                reason: format!("{path:?} is not a legal path"),
            }
        })
    }
}
