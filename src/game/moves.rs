//! The legal moves of the player to roll, for one roll.

use super::{Game, PieceStep, State, WAITING};
use serde::Serialize;

/// A piece knocked back to its waiting tile by a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Capture {
    /// Its owner (game player).
    pub player: usize,
    /// Its piece index: it returns to its owner's waiting tile of that index.
    pub piece: usize,
    /// Its step before the capture (its owner's relative step).
    pub step: PieceStep,
    /// The board track tile it was captured on.
    pub tile: usize,
}

/// One legal move of the player to roll: a piece from one step to another, possibly capturing.
/// A turn with no legal move is a pass (no `Move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The piece's index among its owner's pieces.
    pub piece: usize,
    /// Its step before the move; [`WAITING`] when it enters.
    pub from: PieceStep,
    /// Its step after the move (0 when it enters).
    pub to: PieceStep,
    /// The piece it knocks out, if any.
    pub capture: Option<Capture>,
}

impl Move {
    /// Whether the move brings a waiting piece onto the start tile.
    #[inline]
    pub fn enters(&self) -> bool {
        self.from == WAITING
    }
}

/// The piece of another player than `p` on board track tile `tile`, unless the tile is safe.
#[inline]
pub fn occupant(game: &Game, state: &State, p: usize, tile: usize) -> Option<Capture> {
    if game.is_safe(tile) {
        return None;
    }
    for q in 0..game.players() {
        if q == p {
            continue;
        }
        let Some(rel) = game.step_at(q, tile) else {
            continue;
        };
        // Waiting pieces never match: `rel` is a step on the track.
        if let Some(i) = state.pieces_of(q).iter().position(|&s| s == rel) {
            return Some(Capture {
                player: q,
                piece: i,
                step: rel,
                tile,
            });
        }
    }
    None
}

/// The move of player `p`'s piece `i` from `from` by `roll`, if the rules allow it (not past the
/// goal, not onto an own piece, not over an own piece in the goal unless jumps are allowed).
#[inline(always)]
fn advance(
    game: &Game,
    state: &State,
    p: usize,
    i: usize,
    from: PieceStep,
    roll: u32,
) -> Option<Move> {
    let to = from.checked_add(roll)?;
    if to as usize >= game.steps(p) {
        return None;
    }
    let own = state.pieces_of(p);
    if own.contains(&to) {
        return None;
    }
    let track = game.track_steps(p) as PieceStep;
    if to >= track
        && !game.rules.jump_in_goal
        && own
            .iter()
            .any(|&s| s != WAITING && s >= track && s > from && s < to)
    {
        return None;
    }
    let capture = game.tile(p, to).and_then(|t| occupant(game, state, p, t));
    Some(Move {
        piece: i,
        from,
        to,
        capture,
    })
}

/// The move that brings a waiting piece of `p` onto its start tile, if one waits and no own
/// piece stands there.
#[inline]
fn enter(game: &Game, state: &State, p: usize) -> Option<Move> {
    let own = state.pieces_of(p);
    let i = own.iter().position(|&s| s == WAITING)?;
    if own.contains(&0) {
        return None;
    }
    let capture = game.tile(p, 0).and_then(|t| occupant(game, state, p, t));
    Some(Move {
        piece: i,
        from: WAITING,
        to: 0,
        capture,
    })
}

/// Writes into `out` (cleared first) the legal moves of the player to roll in `state` after
/// rolling `roll`, in action order: entering first, then by the step moved from. Empty: the
/// player passes. The order of the rules (as in OpenSpiel's `LegalActions`):
/// 1. [`Rules::clear_start`](super::Rules::clear_start): pieces wait and an own piece stands on the start tile
///    and can move: that move only.
/// 2. The entry roll, a piece waits and the start tile is free of own pieces: entering, and
///    under [`Rules::must_enter`](super::Rules::must_enter) only that.
/// 3. Otherwise every piece on the board that may move `roll` steps.
///
/// Under [`Rules::compulsory_capture`](super::Rules::compulsory_capture) only capturing moves
/// remain when there are any; under [`Rules::three_bonus_forfeit`](super::Rules::three_bonus_forfeit) a third bonus roll in a
/// row has no legal move.
pub fn legal_moves(game: &Game, state: &State, roll: u32, out: &mut Vec<Move>) {
    out.clear();
    let p = state.to_move();
    let rules = &game.rules;
    if roll == game.bonus_face() && super::apply::forfeits(game, state.streak()) {
        return;
    }
    let own = state.pieces_of(p);
    let waits = own.contains(&WAITING);
    if waits
        && rules.clear_start
        && let Some(i) = own.iter().position(|&s| s == 0)
        && let Some(m) = advance(game, state, p, i, 0, roll)
    {
        out.push(m);
        return;
    }
    if roll == game.enter_roll()
        && let Some(m) = enter(game, state, p)
    {
        out.push(m);
        if rules.must_enter {
            return;
        }
    }
    for (i, &s) in own.iter().enumerate() {
        if s != WAITING
            && let Some(m) = advance(game, state, p, i, s, roll)
        {
            out.push(m);
        }
    }
    // Waiting (entering) sorts first: WAITING + 1 wraps to 0.
    if !out.is_sorted_by_key(|m| m.from.wrapping_add(1)) {
        out.sort_unstable_by_key(|m| m.from.wrapping_add(1));
    }
    if rules.compulsory_capture && out.iter().any(|m| m.capture.is_some()) {
        out.retain(|m| m.capture.is_some());
    }
}
