//! Defensive: leave no piece where an opponent can capture it with its next roll, when a move
//! allows that; among equally safe moves, capture, then move the front-most piece.

use super::{Policy, PolicyError, progress};
use crate::game::{Game, Move, State, WAITING, apply};
use crate::random::SplitMix64;

/// Minimises the own pieces left under threat: standing on a track tile (not safe) that an
/// opponent's piece reaches with one face of the die, or the opponent's start tile while it
/// has a piece waiting (the entry roll). The threat ignores the opponent's own constraints
/// (clearing its start tile, compulsory entry): a tile it could reach counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Defensive;

/// Own pieces of `p` in `state` that some opponent can hit with its next roll.
pub(crate) fn threatened(game: &Game, state: &State, p: usize) -> usize {
    let mut count = 0;
    for &s in state.pieces_of(p) {
        if s == WAITING {
            continue;
        }
        let Some(tile) = game.tile(p, s) else {
            continue;
        };
        if game.is_safe(tile) {
            continue;
        }
        if (0..game.players()).any(|q| q != p && reaches(game, state, q, tile)) {
            count += 1;
        }
    }
    count
}

/// Whether a piece of `q` lands on board track tile `tile` with one roll.
fn reaches(game: &Game, state: &State, q: usize, tile: usize) -> bool {
    let Some(target) = game.step_at(q, tile) else {
        return false;
    };
    state.pieces_of(q).iter().any(|&s| {
        if s == WAITING {
            target == 0
        } else {
            target > s && game.faces().contains(&(target - s))
        }
    })
}

impl Policy for Defensive {
    fn name(&self) -> String {
        "defensive".into()
    }

    fn choose(
        &self,
        game: &Game,
        state: &State,
        roll: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        let p = state.to_move();
        let key = |i: usize| {
            let mut next = *state;
            apply(game, &mut next, roll, Some(&moves[i]));
            let risk = threatened(game, &next, p);
            // Fewest threatened, then a capture, then the furthest along.
            (
                std::cmp::Reverse(risk),
                moves[i].capture.is_some(),
                progress(&moves[i]),
            )
        };
        Ok((0..moves.len()).max_by_key(|&i| key(i)).unwrap_or(0))
    }
}
