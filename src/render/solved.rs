//! A player's solution reduced to what the pictures need, whatever the cost type.

use crate::board::{Board, GoalMode, goal_label};
use crate::cost::Cost;
use crate::solve::{self, PlayerSolution};

/// One piece's path, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedPiece {
    /// Target goal tile index.
    pub target: usize,
    /// Relative steps visited, from the start tile to the target.
    pub steps: Vec<usize>,
    /// Die face of each move.
    pub rolls: Vec<u32>,
    /// Cost of each move with its unit (and centimetres, when the board has a scale).
    pub costs: Vec<String>,
    /// The length as the solver prints it.
    pub length: String,
    /// The length in centimetres, when the board has a scale.
    pub length_cm: Option<f64>,
}

/// One player's solution, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionSummary {
    /// Player index.
    pub player: usize,
    /// Length unit.
    pub unit: String,
    /// Pieces in finishing order.
    pub pieces: Vec<SolvedPiece>,
    /// The enter cost as printed.
    pub enter: String,
    /// The enter cost in centimetres, when the board has a scale.
    pub enter_cm: Option<f64>,
    /// The total as printed.
    pub total: String,
    /// The total in centimetres, when the board has a scale.
    pub total_cm: Option<f64>,
}

/// What the pictures need of player `player`'s solution `s`; fails, saying why, when `s` is not a
/// solution of that player on that board (another board's, another player's, or steps the player
/// does not have).
pub fn summary(board: &Board, player: usize, s: &solve::Solved) -> Result<SolutionSummary, String> {
    match s {
        solve::Solved::PerMove(s) => fits(board, player, s).map(|()| summarise(board, player, s)),
        solve::Solved::Exact(s) => fits(board, player, s).map(|()| summarise(board, player, s)),
    }
}

fn fits<C: Cost>(board: &Board, player: usize, s: &PlayerSolution<C>) -> Result<(), String> {
    let Some(p) = board.players.get(player) else {
        return Err(format!("the board has no player #{player}"));
    };
    let steps = p.track_steps + p.goal.len();
    if s.board != board.name || s.player != p.name {
        return Err(format!(
            "the solution given is of player \"{}\" on {}, not of player \"{}\" on {}",
            s.player, s.board, p.name, board.name
        ));
    }
    let bad = s
        .pieces
        .iter()
        .any(|piece| piece.steps.iter().any(|&st| st >= steps) || piece.target >= p.goal.len());
    if bad || s.pieces.len() != p.base.len() {
        return Err(format!(
            "the solution given for player \"{}\" does not fit the board (its {} pieces, {steps} steps)",
            p.name,
            p.base.len()
        ));
    }
    Ok(())
}

fn summarise<C: Cost>(board: &Board, player: usize, s: &PlayerSolution<C>) -> SolutionSummary {
    let cm = |c: C| board.scale.map(|sc| sc.to_cm(c.to_f64()));
    SolutionSummary {
        player,
        unit: s.unit.clone(),
        pieces: s
            .pieces
            .iter()
            .map(|p| SolvedPiece {
                target: p.target,
                steps: p.steps.clone(),
                rolls: p.rolls.clone(),
                costs: p
                    .costs
                    .iter()
                    .map(|&c| with_cm(&c.show(), &s.unit, cm(c)))
                    .collect(),
                length: p.length.show(),
                length_cm: cm(p.length),
            })
            .collect(),
        enter: s.enter.show(),
        enter_cm: cm(s.enter),
        total: s.total.show(),
        total_cm: s.total_cm,
    }
}

/// The waiting tile piece `index` (in finishing order) leaves from: the bit-board search empties
/// the waiting tiles from the last one backwards, so the first piece to finish leaves the last tile.
pub fn waiting_tile(pieces: usize, index: usize) -> usize {
    pieces.saturating_sub(index + 1)
}

/// A short description of the rules, in two lines that fit a legend.
pub(crate) fn rules_lines(board: &Board) -> [String; 2] {
    let r = &board.rules;
    let faces: Vec<String> = r.die.iter().map(u32::to_string).collect();
    let goal = match (r.goal_mode, r.moves_in_goal) {
        (GoalMode::Slots, true) => "slots goal, moves in goal".to_string(),
        (mode, _) => format!("{} goal", mode.name()),
    };
    [
        format!("die [{}], {} metric", faces.join(", "), r.metric.name()),
        format!("{} rounding, {goal}", r.rounding.name()),
    ]
}

/// A length with its unit, and centimetres when known: `19462 units = 70.0632 cm`.
pub fn with_cm(value: &str, unit: &str, cm: Option<f64>) -> String {
    match cm {
        Some(cm) => format!("{value} {unit} = {cm:.4} cm"),
        None => format!("{value} {unit}"),
    }
}

/// `piece 1 → d`: the piece's number and its target goal tile.
pub(crate) fn piece_title(index: usize, target: usize) -> String {
    format!("piece {} \u{2192} {}", index + 1, goal_label(target))
}
