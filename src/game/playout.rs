//! A uniformly random game, for tests and speed measurements (policies live elsewhere).

use super::{Game, State, apply, legal_moves};
use crate::random::SplitMix64;

/// How a random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The winner, or `None` if the roll limit was reached first.
    pub winner: Option<usize>,
    /// Rolls made.
    pub rolls: u64,
    /// Moves made (rolls that were not passes).
    pub moves: u64,
    /// Pieces captured.
    pub captures: u64,
}

/// Plays from `state` with uniformly random rolls and moves until someone wins or `max_rolls`
/// rolls are made; `state` is left at the end position.
pub fn random_playout(
    game: &Game,
    state: &mut State,
    rng: &mut SplitMix64,
    max_rolls: u64,
) -> Playout {
    let faces = game.faces();
    let mut moves = Vec::with_capacity(8);
    let mut out = Playout {
        winner: state.winner(game),
        rolls: 0,
        moves: 0,
        captures: 0,
    };
    while out.winner.is_none() && out.rolls < max_rolls {
        let roll = faces[below(rng, faces.len())];
        out.rolls += 1;
        legal_moves(game, state, roll, &mut moves);
        let p = state.to_move();
        let mv = (!moves.is_empty()).then(|| moves[below(rng, moves.len())]);
        if let Some(m) = &mv {
            out.moves += 1;
            out.captures += m.capture.is_some() as u64;
        }
        apply(game, state, roll, mv.as_ref());
        if mv.is_some() && state.has_won(game, p) {
            out.winner = Some(p);
        }
    }
    out
}

/// A uniform number in `0..n` by multiply-and-shift (Lemire): no division in the loop; the bias,
/// at most n / 2^64, is far below anything a game measures.
#[inline]
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}
