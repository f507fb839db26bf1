//! Playing a move (or a pass) and taking it back.

use super::{Game, Move, PieceStep, State};

/// What [`apply`] changed, for [`undo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    to_move: u8,
    tries: u8,
    streak: u8,
    /// The mover, its piece and where the piece was.
    moved: Option<(u8, u8, PieceStep)>,
    /// The captured piece's owner, index and step.
    captured: Option<(u8, u8, PieceStep)>,
}

/// Plays `mv` (one of [`super::legal_moves`] for `roll`; `None` to pass when there is none) for
/// the player to roll, then passes the turn on: the same player rolls again after the bonus
/// roll ([`super::Rules::bonus_roll`], unless it is the third in a row under
/// [`super::Rules::three_bonus_forfeit`]) or while it has tries left ([`super::Rules::tries`]:
/// a pass with every piece waiting or in the goal); otherwise the next player rolls.
/// `mv` is trusted: check a move from outside with [`super::move_for_action`].
#[inline]
pub fn apply(game: &Game, state: &mut State, roll: u32, mv: Option<&Move>) -> Undo {
    let p = state.to_move();
    let mut undo = Undo {
        to_move: p as u8,
        tries: state.tries(),
        streak: state.streak(),
        moved: None,
        captured: None,
    };
    if let Some(m) = mv {
        undo.moved = Some((p as u8, m.piece as u8, m.from));
        if let Some(c) = m.capture {
            undo.captured = Some((c.player as u8, c.piece as u8, c.step));
            state.set_step(c.player, c.piece, super::WAITING);
        }
        state.set_step(p, m.piece, m.to);
    }
    let bonus = game.rules.bonus_roll && roll == game.bonus_face();
    if bonus && !forfeits(game, undo.streak) {
        // Counted only where a rule reads it, so that positions under other rules stay equal.
        let streak = if game.rules.three_bonus_forfeit {
            undo.streak.saturating_add(1)
        } else {
            0
        };
        state.set_turn(p, 0, streak);
    } else if !bonus && mv.is_none() && undo.tries + 1 < game.rules.tries && stuck(game, state, p) {
        state.set_turn(p, undo.tries + 1, undo.streak);
    } else {
        state.set_turn((p + 1) % game.players(), 0, 0);
    }
    undo
}

/// Whether a bonus roll after `streak` of them in a row is the one that ends the turn
/// ([`super::Rules::three_bonus_forfeit`]).
#[inline]
pub(crate) fn forfeits(game: &Game, streak: u8) -> bool {
    game.rules.three_bonus_forfeit && streak >= 2
}

/// Whether player `p` has no piece on the track, and some waiting: the case in which
/// [`super::Rules::tries`] gives it more rolls.
#[inline]
fn stuck(game: &Game, state: &State, p: usize) -> bool {
    let track = game.track_steps(p) as PieceStep;
    let own = state.pieces_of(p);
    own.contains(&super::WAITING) && own.iter().all(|&s| s == super::WAITING || s >= track)
}

/// Takes back the [`apply`] that returned `undo` (the last one applied to `state`).
#[inline]
pub fn undo(state: &mut State, undo: &Undo) {
    if let Some((p, i, from)) = undo.moved {
        state.set_step(p as usize, i as usize, from);
    }
    if let Some((q, j, step)) = undo.captured {
        state.set_step(q as usize, j as usize, step);
    }
    state.set_turn(undo.to_move as usize, undo.tries, undo.streak);
}
