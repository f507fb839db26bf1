//! Moves as action ids, chance outcomes and returns, in OpenSpiel's scheme (for bindings).
//!
//! Action 0 passes, 1 brings a piece in, `2 + s` moves the piece on the mover's relative step
//! `s`: on the standard board with 4 goal tiles that is exactly OpenSpiel `maedn`'s 45 actions.

use super::{Game, GameError, Move, State, legal_moves};

/// The action that passes (the only one when no move is legal).
pub const PASS: usize = 0;
/// The action that brings a waiting piece onto the start tile.
pub const ENTER: usize = 1;
/// Action `FIELD_OFFSET + s` moves the piece on relative step `s`.
pub const FIELD_OFFSET: usize = 2;

/// The action id of a move.
#[inline]
pub fn action_id(m: &Move) -> usize {
    if m.enters() {
        ENTER
    } else {
        FIELD_OFFSET + m.from as usize
    }
}

/// How many action ids the game uses: pass, enter, and one per step a piece can move from.
pub fn num_distinct_actions(game: &Game) -> usize {
    let most = (0..game.players())
        .map(|p| game.steps(p))
        .max()
        .unwrap_or(0);
    // The last goal tile is never moved from.
    FIELD_OFFSET + most.saturating_sub(1)
}

/// The legal action ids after `roll`, ascending; `[PASS]` when nothing can move.
pub fn legal_actions(game: &Game, state: &State, roll: u32) -> Vec<usize> {
    let mut moves = Vec::new();
    legal_moves(game, state, roll, &mut moves);
    if moves.is_empty() {
        vec![PASS]
    } else {
        moves.iter().map(action_id).collect()
    }
}

/// The move action `action` stands for after `roll` (`None` for a legal pass), or why it is
/// not legal.
pub fn move_for_action(
    game: &Game,
    state: &State,
    roll: u32,
    action: usize,
) -> Result<Option<Move>, GameError> {
    let mut moves = Vec::new();
    legal_moves(game, state, roll, &mut moves);
    if moves.is_empty() && action == PASS {
        return Ok(None);
    }
    moves
        .iter()
        .find(|m| action_id(m) == action)
        .map(|m| Some(*m))
        .ok_or_else(|| {
            let legal: Vec<String> = if moves.is_empty() {
                vec![PASS.to_string()]
            } else {
                moves.iter().map(|m| action_id(m).to_string()).collect()
            };
            GameError::Move(format!(
                "action {action} is not legal for player {} after rolling {roll} (legal: {})",
                state.to_move(),
                legal.join(", ")
            ))
        })
}

/// The chance outcomes of a roll: outcome `i` is face `game.faces()[i]`, all equally likely.
pub fn chance_outcomes(game: &Game) -> Vec<(usize, f64)> {
    let n = game.faces().len();
    (0..n).map(|i| (i, 1.0 / n as f64)).collect()
}

/// OpenSpiel's returns: at the end `players - 1` for the winner and -1 for everyone else (zero
/// sum); all zero before.
pub fn returns(game: &Game, state: &State) -> Vec<f64> {
    let n = game.players();
    match state.winner(game) {
        Some(w) => (0..n)
            .map(|p| if p == w { n as f64 - 1.0 } else { -1.0 })
            .collect(),
        None => vec![0.0; n],
    }
}
