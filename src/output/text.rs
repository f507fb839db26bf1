//! Text output: a table of pieces per player, the enter cost and the total.

use crate::board::{Board, goal_label};
use crate::cost::Cost;
use crate::solve::{Solution, Solved};
use std::fmt::Write;

/// The name of relative step `step` of `player` on `board`: the track tile index, or the goal
/// tile's letter; with its grid cell when the board has a grid.
pub fn tile_name(board: &Board, player: usize, step: usize) -> String {
    let p = &board.players[player];
    let (name, point) = if step < p.track_steps {
        let idx = (p.start + step) % board.track.len();
        (idx.to_string(), board.track[idx])
    } else {
        let g = step - p.track_steps;
        (goal_label(g), p.goal[g])
    };
    match board.grid.and_then(|g| g.cell(point)) {
        Some((c, r)) => format!("{name}({c},{r})"),
        None => name,
    }
}

/// A readable report of one player's solution.
pub fn solved(board: &Board, player: usize, s: &Solved) -> String {
    match s {
        Solved::PerMove(s) => solution(board, player, s),
        Solved::Exact(s) => solution(board, player, s),
    }
}

/// A readable report of one player's solution, in its cost type.
pub fn solution<C: Cost>(board: &Board, player: usize, s: &Solution<C>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: player {}", s.board, s.player);
    let _ = writeln!(out, "rules:  {}", s.rules);
    let _ = writeln!(
        out,
        "solver: {} ({}), {} nodes",
        s.method,
        s.algorithm,
        crate::text::thousands(s.nodes)
    );
    let _ = writeln!(out);
    let width = s
        .pieces
        .iter()
        .map(|p| p.length.show().len())
        .chain([s.total.show().len(), 6])
        .max()
        .unwrap_or(6);
    let _ = writeln!(out, "piece  goal  {:>width$}  moves  rolls", "length");
    for (i, p) in s.pieces.iter().enumerate() {
        let rolls: Vec<String> = p.rolls.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "{:>5}  {:>4}  {:>width$}  {:>5}  {}",
            i + 1,
            goal_label(p.target),
            p.length.show(),
            p.rolls.len(),
            rolls.join(" ")
        );
        let tiles: Vec<String> = p
            .steps
            .iter()
            .map(|&st| tile_name(board, player, st))
            .collect();
        let _ = writeln!(
            out,
            "{:>width$}  tiles: {}",
            "",
            tiles.join(" > "),
            width = 13 + width
        );
    }
    let _ = writeln!(
        out,
        "enter  {:>4}  {:>width$}  (every piece from its waiting tile onto the start tile)",
        "",
        s.enter.show()
    );
    let cm = s
        .total_cm
        .map(|cm| format!(" = {cm:.4} cm"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "total  {:>4}  {:>width$}  {}{}",
        "",
        s.total.show(),
        s.unit,
        cm
    );
    out
}
