//! JSON of solutions: the [`PlayerSolution`] fields, and every piece's stops placed on the board (track
//! index or goal letter, coordinates, grid cell).

use super::board::TilePosition;
use crate::board::{Board, goal_label};
use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::solve::{Paths, PlayerSolution, Solved, Streamed};
use serde::ser::{Error as _, SerializeStruct};
use serde::{Serialize, Serializer};
use std::cell::RefCell;

/// One tile a piece stops on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathStop {
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
pub fn stop(board: &Board, player: usize, step: usize) -> Option<PathStop> {
    let p = board.players.get(player)?;
    let (track, goal, point) = if step < p.track_steps {
        let i = (p.start + step) % board.track.len().max(1);
        (Some(i), None, *board.track.get(i)?)
    } else {
        let g = step - p.track_steps;
        (None, Some(goal_label(g)), *p.goal.get(g)?)
    };
    Some(PathStop {
        step,
        track,
        goal,
        x: point.x,
        y: point.y,
        cell: TilePosition::at(board, point).cell,
    })
}

/// A piece's path with its stops on the board.
#[derive(Debug, Serialize)]
struct Piece<'a, C: Serialize> {
    /// The target goal tile's letter.
    goal: String,
    #[serde(flatten)]
    path: &'a PiecePath<C>,
    stops: Stops<'a>,
}

/// A piece's stops, placed as they are written (never held for every piece at once).
#[derive(Debug)]
struct Stops<'a> {
    board: &'a Board,
    player: usize,
    steps: &'a [usize],
}

impl Serialize for Stops<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.steps
                .iter()
                .filter_map(|&st| stop(self.board, self.player, st)),
        )
    }
}

/// A solution's pieces with their stops, each made as it is written.
struct Pieces<'a, C> {
    board: &'a Board,
    player: usize,
    pieces: &'a [PiecePath<C>],
}

impl<C: Cost + Serialize> Serialize for Pieces<'_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.pieces.iter().map(|path| Piece {
            goal: goal_label(path.target),
            path,
            stops: Stops {
                board: self.board,
                player: self.player,
                steps: &path.steps,
            },
        }))
    }
}

/// The paths of a [`Streamed`] solution's pieces with their stops, each path made as it is
/// written and dropped after it.
struct Made<'a, 'r, C> {
    board: &'a Board,
    player: usize,
    paths: RefCell<&'a mut Paths<'r, C>>,
}

impl<C: Cost + Serialize> Serialize for Made<'_, '_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let pieces = self.paths.borrow().outline().len();
        serializer.collect_seq((0..pieces).map(|index| MadePiece { made: self, index }))
    }
}

/// Piece `index` of [`Made`], its path made when it is written.
struct MadePiece<'m, 'a, 'r, C> {
    made: &'m Made<'a, 'r, C>,
    index: usize,
}

impl<C: Cost + Serialize> Serialize for MadePiece<'_, '_, '_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Made {
            board,
            player,
            paths,
        } = self.made;
        let path = paths
            .borrow_mut()
            .path(self.index)
            .map_err(S::Error::custom)?;
        Piece {
            goal: goal_label(path.target),
            path: &path,
            stops: Stops {
                board,
                player: *player,
                steps: &path.steps,
            },
        }
        .serialize(serializer)
    }
}

/// The fields of `s` in its own order, with its pieces placed on the board.
fn placed<C: Cost + Serialize, S: Serializer>(
    board: &Board,
    player: usize,
    s: &PlayerSolution<C>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let pieces = Pieces {
        board,
        player,
        pieces: &s.pieces,
    };
    placed_with(s, pieces, serializer)
}

/// The fields of `s` in its own order, with `pieces` as its pieces.
fn placed_with<C: Cost + Serialize, S: Serializer>(
    s: &PlayerSolution<C>,
    pieces: impl Serialize,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut out = serializer.serialize_struct("Solution", 14)?;
    out.serialize_field("board", &s.board)?;
    out.serialize_field("player", &s.player)?;
    out.serialize_field("unit", &s.unit)?;
    out.serialize_field("total", &s.total)?;
    out.serialize_field("total_cm", &s.total_cm)?;
    out.serialize_field("enter", &s.enter)?;
    out.serialize_field("pieces", &pieces)?;
    out.serialize_field("method", &s.method)?;
    out.serialize_field("encoding", &s.encoding)?;
    out.serialize_field("algorithm", &s.algorithm)?;
    out.serialize_field("nodes", &s.nodes)?;
    out.serialize_field("cut_short", &s.cut_short)?;
    out.serialize_field("rules", &s.rules)?;
    out.serialize_field("warnings", &s.warnings)?;
    out.end()
}

/// One solution of player `player` as [`solution`] writes it, serialized straight to its writer:
/// a solution of thousands of pieces (gigabytes of JSON) is never built as a value in memory.
#[derive(Clone, Copy, Debug)]
pub struct Placed<'a> {
    board: &'a Board,
    player: usize,
    solved: &'a Solved,
}

impl<'a> Placed<'a> {
    /// Player `player`'s solution `solved` on `board`.
    pub fn new(board: &'a Board, player: usize, solved: &'a Solved) -> Placed<'a> {
        Placed {
            board,
            player,
            solved,
        }
    }
}

impl Serialize for Placed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.solved {
            Solved::PerMove(s) => placed(self.board, self.player, s, serializer),
            Solved::Exact(s) => placed(self.board, self.player, s, serializer),
        }
    }
}

/// A [`Streamed`] solution of player `player` as [`solution`] writes it, serialized straight to
/// its writer with each piece's path made as it is written: the paths of thousands of pieces are
/// never all held. Its paths are made once: it serializes once.
pub struct PlacedStreamed<'a, 'r, C> {
    board: &'a Board,
    player: usize,
    streamed: RefCell<Streamed<'r, C>>,
}

impl<'a, 'r, C> PlacedStreamed<'a, 'r, C> {
    /// Player `player`'s solution `streamed` on `board`.
    pub fn new(board: &'a Board, player: usize, streamed: Streamed<'r, C>) -> Self {
        PlacedStreamed {
            board,
            player,
            streamed: RefCell::new(streamed),
        }
    }
}

impl<C: Cost + Serialize> Serialize for PlacedStreamed<'_, '_, C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut streamed = self.streamed.borrow_mut();
        let Streamed { solution, paths } = &mut *streamed;
        let made = Made {
            board: self.board,
            player: self.player,
            paths: RefCell::new(paths),
        };
        placed_with(solution, made, serializer)
    }
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
    serde_json::to_value(Placed::new(board, player, s))
}
