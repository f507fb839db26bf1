//! JSON of solutions: the [`Solution`] fields, and every piece's stops placed on the board (track
//! index or goal letter, coordinates, grid cell).

use super::board::Tile;
use crate::board::{Board, goal_label};
use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::solve::{Solution, Solved};
use serde::Serialize;

/// One tile a piece stops on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    /// The player's relative step (0 = the start tile).
    pub step: usize,
    /// Index into the board's track, for a track tile.
    pub track: Option<usize>,
    /// The goal tile's letter (`a` first reached), for a goal tile.
    pub goal: Option<String>,
    /// Position in board units.
    pub x: f64,
    /// Position in board units.
    pub y: f64,
    /// Grid cell `[col, row]`, when the board has a grid and the tile lies on a cell.
    pub cell: Option<[i64; 2]>,
}

/// Where relative step `step` of `player` lies on `board`; `None` past the deepest goal tile.
pub fn stop(board: &Board, player: usize, step: usize) -> Option<Stop> {
    let p = board.players.get(player)?;
    let (track, goal, point) = if step < p.track_steps {
        let i = (p.start + step) % board.track.len().max(1);
        (Some(i), None, *board.track.get(i)?)
    } else {
        let g = step - p.track_steps;
        (None, Some(goal_label(g)), *p.goal.get(g)?)
    };
    Some(Stop {
        step,
        track,
        goal,
        x: point.x,
        y: point.y,
        cell: Tile::at(board, point).cell,
    })
}

/// A piece's path with its stops on the board.
#[derive(Debug, Serialize)]
struct Piece<'a, C: Serialize> {
    /// The target goal tile's letter.
    goal: String,
    #[serde(flatten)]
    path: &'a PiecePath<C>,
    stops: Vec<Stop>,
}

fn placed<C: Cost + Serialize>(
    board: &Board,
    player: usize,
    s: &Solution<C>,
) -> Result<serde_json::Value, serde_json::Error> {
    let pieces: Vec<Piece<C>> = s
        .pieces
        .iter()
        .map(|path| Piece {
            goal: goal_label(path.target),
            path,
            stops: path
                .steps
                .iter()
                .filter_map(|&st| stop(board, player, st))
                .collect(),
        })
        .collect();
    let mut v = serde_json::to_value(s)?;
    v["pieces"] = serde_json::to_value(&pieces)?;
    Ok(v)
}

/// One solution of player `player` (an index into `board.players`) as a JSON value: `board`,
/// `player`, `unit`, `total`, `total_cm`, `enter`, `pieces` (each with `goal`, `target`, `length`,
/// `steps`, `rolls`, `costs`, `stops`, `nodes`, `cut_short`, `bitboard`), `method`, `encoding`,
/// `algorithm`, `nodes`, `cut_short`, `rules`, `warnings`.
pub fn solution(
    board: &Board,
    player: usize,
    s: &Solved,
) -> Result<serde_json::Value, serde_json::Error> {
    match s {
        Solved::PerMove(s) => placed(board, player, s),
        Solved::Exact(s) => placed(board, player, s),
    }
}
