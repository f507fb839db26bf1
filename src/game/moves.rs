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
    find_occupant(game, state, p, tile)
}

/// [`occupant`], inlined into the move generator (its hottest loop).
#[inline(always)]
fn find_occupant(game: &Game, state: &State, p: usize, tile: usize) -> Option<Capture> {
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
        if let Some(i) = position(state.pieces_of(q), rel) {
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

/// The index of the first of `own` on step `step`.
#[inline(always)]
fn position(own: &[PieceStep], step: PieceStep) -> Option<usize> {
    if let Ok(four) = <&[PieceStep; 4]>::try_from(own) {
        // The usual four pieces compared at once, without a branch for each.
        let hits = four
            .iter()
            .enumerate()
            .fold(0u32, |m, (i, &s)| m | (u32::from(s == step) << i));
        return (hits != 0).then(|| hits.trailing_zeros() as usize);
    }
    own.iter().position(|&s| s == step)
}

/// Whether `own` holds a piece on step `step`.
#[inline(always)]
fn holds(own: &[PieceStep], step: PieceStep) -> bool {
    if let Ok(four) = <&[PieceStep; 4]>::try_from(own) {
        return four.iter().fold(false, |any, &s| any | (s == step));
    }
    own.contains(&step)
}

/// Four pieces as keys `step << 8 | index`, ascending (waiting pieces last): the optimal sorting
/// network, on values in registers.
#[inline(always)]
fn by_step(own: &[PieceStep; 4]) -> [u64; 4] {
    let [mut a, mut b, mut c, mut d] = [0, 1, 2, 3].map(|i| u64::from(own[i]) << 8 | i as u64);
    let order = |x: &mut u64, y: &mut u64| {
        let (lo, hi) = ((*x).min(*y), (*x).max(*y));
        *x = lo;
        *y = hi;
    };
    order(&mut a, &mut b);
    order(&mut c, &mut d);
    order(&mut a, &mut c);
    order(&mut b, &mut d);
    order(&mut b, &mut c);
    [a, b, c, d]
}

/// What the moves of the player to roll share: its pieces and the extent of its path, read once
/// for all of them.
struct Mover<'a> {
    p: usize,
    own: &'a [PieceStep],
    /// Its steps in all (a piece's step is below this) and on the track.
    steps: usize,
    track: PieceStep,
}

impl<'a> Mover<'a> {
    #[inline(always)]
    fn new(game: &Game, state: &'a State) -> Mover<'a> {
        let p = state.to_move();
        Mover {
            p,
            own: state.pieces_of(p),
            steps: game.steps(p),
            track: game.track_steps(p) as PieceStep,
        }
    }
}

/// The move of the mover's piece `i` from `from` by `roll`, if the rules allow it (not past the
/// goal, not onto an own piece, not over an own piece in the goal unless jumps are allowed).
#[inline(always)]
fn advance(
    game: &Game,
    state: &State,
    mover: &Mover<'_>,
    i: usize,
    from: PieceStep,
    roll: u32,
) -> Option<Move> {
    let to = from.checked_add(roll)?;
    if to as usize >= mover.steps || holds(mover.own, to) {
        return None;
    }
    let track = mover.track;
    if to >= track
        && !game.rules.jump_in_goal
        && mover
            .own
            .iter()
            .any(|&s| s != WAITING && s >= track && s > from && s < to)
    {
        return None;
    }
    let capture = game
        .tile(mover.p, to)
        .and_then(|t| find_occupant(game, state, mover.p, t));
    Some(Move {
        piece: i,
        from,
        to,
        capture,
    })
}

/// The move that brings a waiting piece of the mover onto its start tile, if one waits and no
/// own piece stands there.
#[inline]
fn enter(game: &Game, state: &State, mover: &Mover<'_>) -> Option<Move> {
    let i = mover.own.iter().position(|&s| s == WAITING)?;
    if holds(mover.own, 0) {
        return None;
    }
    let capture = game
        .tile(mover.p, 0)
        .and_then(|t| find_occupant(game, state, mover.p, t));
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
    let rules = &game.rules;
    if roll == game.bonus_face() && super::apply::forfeits(game, state.streak()) {
        return;
    }
    let mover = Mover::new(game, state);
    let own = mover.own;
    let waits = holds(own, WAITING);
    if waits
        && rules.clear_start
        && let Some(i) = position(own, 0)
        && let Some(m) = advance(game, state, &mover, i, 0, roll)
    {
        out.push(m);
        return;
    }
    if waits
        && roll == game.enter_roll()
        && let Some(m) = enter(game, state, &mover)
    {
        out.push(m);
        if rules.must_enter {
            return;
        }
    }
    // Entering (at most one move, first) stays first; the others go by the step moved from.
    if let Ok(four) = <&[PieceStep; 4]>::try_from(own) {
        // The usual four pieces visited in step order, so that their moves need no sorting.
        for key in by_step(four) {
            let (s, i) = ((key >> 8) as PieceStep, (key & 0xff) as usize);
            if s == WAITING {
                break;
            }
            if let Some(m) = advance(game, state, &mover, i, s, roll) {
                out.push(m);
            }
        }
    } else {
        let entering = out.len();
        for (i, &s) in own.iter().enumerate() {
            if s != WAITING
                && let Some(m) = advance(game, state, &mover, i, s, roll)
            {
                out.push(m);
            }
        }
        let board = &mut out[entering..];
        if !board.is_sorted_by_key(|m| m.from) {
            board.sort_unstable_by_key(|m| m.from);
        }
    }
    if rules.compulsory_capture && out.iter().any(|m| m.capture.is_some()) {
        out.retain(|m| m.capture.is_some());
    }
}
