//! The review of a two-player game against its exact solution: every turn's best move, the win
//! probability the move made gave away, errors marked as chess sites mark them, the luck of the
//! rolls, and a summary per player (see `docs/game-record.md`).
//!
//! All values are the mover's probability of winning under optimal play by both from the
//! position in question ([`Optimal`]): `position_value` before the roll, `best_value` after the
//! best move for the roll, `value` after the move made. The loss is `best_value - value`; the
//! luck of a roll is `best_value - position_value` (what the roll gave against the average roll).
//!
//! ```
//! use boardpath::game::policy::optimal::Optimal;
//! use boardpath::game::record::GameRecord;
//! use boardpath::game::review::{Thresholds, review};
//!
//! let record = GameRecord::parse(r#"{"format": "boardpath.game-record/1", "pieces": 1,
//!     "turns": [{"roll": 6, "action": 1}, {"roll": 4, "action": 2}]}"#).unwrap();
//! let replay = record.replay().unwrap();
//! let optimal = Optimal::new(&replay.board, &replay.game, None).unwrap();
//! let r = review(&replay, &optimal, &Thresholds::default());
//! assert_eq!(r.turns.len(), 2);
//! assert!(r.turns.iter().all(|t| t.loss == 0.0)); // each move was the only one
//! ```

use super::State;
use super::policy::optimal::Optimal;
use super::record::{GameRecord, Ply, RecordError, Replay, position_id};
use serde::Serialize;

/// Losses of winning chance (probability, 0 to 1) from which a move is an inaccuracy, a mistake
/// or a blunder; lichess's 5, 10 and 15 percentage points by default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    /// An inaccuracy loses at least this much.
    pub inaccuracy: f64,
    /// A mistake loses at least this much.
    pub mistake: f64,
    /// A blunder loses at least this much.
    pub blunder: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            inaccuracy: 0.05,
            mistake: 0.10,
            blunder: 0.15,
        }
    }
}

/// Two values closer than this are equal: the solver's values agree to about 1e-12.
pub const EQUAL: f64 = 1e-9;

/// What a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// Every legal move (or the only one, or a pass) is worth the same: no choice was made.
    Forced,
    /// A move of the best value.
    Best,
    /// A loss below the inaccuracy threshold.
    Good,
    /// A loss of at least [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// A loss of at least [`Thresholds::mistake`].
    Mistake,
    /// A loss of at least [`Thresholds::blunder`].
    Blunder,
}

/// One legal action and the mover's win probability after it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// OpenSpiel's action id from the mover's side.
    pub action: usize,
    /// The mover's win probability after it.
    pub value: f64,
}

/// The review of one turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnReview {
    /// The turn's number, from 1.
    pub turn: usize,
    /// The player who rolled.
    pub seat: usize,
    /// The position before the roll ([`position_id`]).
    pub position: String,
    /// The face rolled.
    pub roll: u32,
    /// The action made.
    pub action: usize,
    /// The best action (the made one where it is among the best).
    pub best_action: usize,
    /// The mover's win probability before the roll.
    pub position_value: f64,
    /// The mover's win probability after the best move.
    pub best_value: f64,
    /// The mover's win probability after the move made.
    pub value: f64,
    /// `best_value - value`.
    pub loss: f64,
    /// `best_value - position_value`: what the roll gave against the average roll.
    pub luck: f64,
    /// Seat 0's win probability after the move (for the chart of the game).
    pub first_seat_value: f64,
    /// What the move was.
    pub judgement: Judgement,
    /// Every legal action with its value, ascending by action.
    pub options: Vec<MoveValue>,
}

/// One player's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerReview {
    /// The seat.
    pub seat: usize,
    /// Who sat there, if the record says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Turns rolled.
    pub turns: usize,
    /// Turns with a choice (not [`Judgement::Forced`]).
    pub decisions: usize,
    /// Sum of the losses (probability).
    pub loss: f64,
    /// Count of inaccuracies.
    pub inaccuracies: usize,
    /// Count of mistakes.
    pub mistakes: usize,
    /// Count of blunders.
    pub blunders: usize,
    /// Mean over decisions of [`accuracy`] (100 with no decision).
    pub accuracy: f64,
    /// Sum of the luck of the rolls (probability).
    pub luck: f64,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// Seat 0's win probability at the start, under optimal play by both.
    pub start_value: f64,
    /// The thresholds used.
    pub thresholds: Thresholds,
    /// Every turn.
    pub turns: Vec<TurnReview>,
    /// Per seat.
    pub players: Vec<PlayerReview>,
    /// The winner, if the game is over.
    pub winner: Option<usize>,
    /// The final position ([`position_id`]).
    pub end: String,
}

/// A move's accuracy in percent from the winning chance it gave away, lichess's formula:
/// `103.1668 * exp(-0.04354 * (100 * loss)) - 3.1669`, clamped to 0..=100 (100 for no loss,
/// about 76 for a 5-point loss, 0 past about 76 points).
pub fn accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * 100.0 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Reviews every turn of `replay` with the exact values of `optimal` (made for the same game).
pub fn review(replay: &Replay, optimal: &Optimal, thresholds: &Thresholds) -> Review {
    let turns: Vec<TurnReview> = replay
        .plies
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let options = optimal
                .move_values(&ply.before, ply.roll)
                .into_iter()
                .map(|(action, value)| MoveValue { action, value })
                .collect();
            judge(i + 1, ply, optimal.value(&ply.before), options, thresholds)
        })
        .collect();
    let start = super::State::initial(&replay.game);
    Review {
        start_value: optimal.value(&start),
        thresholds: *thresholds,
        players: (0..replay.game.players())
            .map(|seat| PlayerReview {
                name: replay.names.get(seat).cloned(),
                ..summarise(seat, &turns)
            })
            .collect(),
        turns,
        winner: replay.winner(),
        end: position_id(&replay.end),
    }
}

/// Turn `turn`'s figures from the value before its roll and its options.
fn judge(
    turn: usize,
    ply: &Ply,
    position_value: f64,
    options: Vec<MoveValue>,
    t: &Thresholds,
) -> TurnReview {
    let (seat, action) = (ply.seat, ply.action);
    let value = options
        .iter()
        .find(|o| o.action == action)
        .map_or(f64::NAN, |o| o.value);
    let best = best(&options);
    let worst = options
        .iter()
        .map(|o| o.value)
        .fold(f64::INFINITY, f64::min);
    let loss = (best.value - value).max(0.0);
    let best_action = if loss <= EQUAL { action } else { best.action };
    let judgement = if best.value - worst <= EQUAL {
        Judgement::Forced
    } else if loss <= EQUAL {
        Judgement::Best
    } else if loss >= t.blunder {
        Judgement::Blunder
    } else if loss >= t.mistake {
        Judgement::Mistake
    } else if loss >= t.inaccuracy {
        Judgement::Inaccuracy
    } else {
        Judgement::Good
    };
    TurnReview {
        turn,
        seat,
        position: position_id(&ply.before),
        roll: ply.roll,
        action,
        best_action,
        position_value,
        best_value: best.value,
        value,
        loss,
        luck: best.value - position_value,
        first_seat_value: if seat == 0 { value } else { 1.0 - value },
        judgement,
        options,
    }
}

/// The summary of `seat`'s turns.
fn summarise(seat: usize, turns: &[TurnReview]) -> PlayerReview {
    let mine: Vec<&TurnReview> = turns.iter().filter(|t| t.seat == seat).collect();
    let count = |j: Judgement| mine.iter().filter(|t| t.judgement == j).count();
    let decisions: Vec<&&TurnReview> = mine
        .iter()
        .filter(|t| t.judgement != Judgement::Forced)
        .collect();
    let accuracy = if decisions.is_empty() {
        100.0
    } else {
        decisions.iter().map(|t| accuracy(t.loss)).sum::<f64>() / decisions.len() as f64
    };
    PlayerReview {
        seat,
        name: None,
        turns: mine.len(),
        decisions: decisions.len(),
        loss: mine.iter().map(|t| t.loss).sum(),
        inaccuracies: count(Judgement::Inaccuracy),
        mistakes: count(Judgement::Mistake),
        blunders: count(Judgement::Blunder),
        accuracy,
        luck: mine.iter().map(|t| t.luck).sum(),
    }
}

/// The first option of the largest value (`options` is never empty: a pass is an option).
pub fn best(options: &[MoveValue]) -> MoveValue {
    options
        .iter()
        .fold(options[0], |b, o| if o.value > b.value { *o } else { b })
}

/// Replays `record` and reviews it against the exact solution: values from the table at `table`
/// (written by `solve-game --out`) or solved now (1 or 2 pieces a side). The one review job
/// behind `boardpath review`, Python's `review` and the play page.
pub fn review_record(
    record: &GameRecord,
    table: Option<&str>,
    thresholds: &Thresholds,
) -> Result<Review, RecordError> {
    let replay = record.replay()?;
    let optimal =
        Optimal::new(&replay.board, &replay.game, table).map_err(|e| RecordError(e.to_string()))?;
    Ok(review(&replay, &optimal, thresholds))
}

/// One position's value and every roll's moves with their values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionReview {
    /// The position's short id ([`position_id`]).
    pub position: String,
    /// The player to roll.
    pub to_move: usize,
    /// Its win probability before the roll.
    pub value: f64,
    /// Every face of the die, in order.
    pub rolls: Vec<RollReview>,
}

/// One roll's moves in a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollReview {
    /// The face.
    pub roll: u32,
    /// The first action of the largest value.
    pub best_action: usize,
    /// The mover's win probability after it.
    pub best_value: f64,
    /// Every legal action with its value, ascending by action.
    pub options: Vec<MoveValue>,
}

/// The analysis of `state` (not over) with the exact values of `optimal`.
pub fn review_position(state: &State, optimal: &Optimal) -> PositionReview {
    let rolls = optimal
        .game()
        .faces()
        .iter()
        .map(|&roll| {
            let options: Vec<MoveValue> = optimal
                .move_values(state, roll)
                .into_iter()
                .map(|(action, value)| MoveValue { action, value })
                .collect();
            let b = best(&options);
            RollReview {
                roll,
                best_action: b.action,
                best_value: b.value,
                options,
            }
        })
        .collect();
    PositionReview {
        position: position_id(state),
        to_move: state.to_move(),
        value: optimal.value(state),
        rolls,
    }
}
