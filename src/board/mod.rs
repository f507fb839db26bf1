//! The board model: tiles, players and rules, loaded from TOML board files (see `docs/board-format.md`).

pub mod embedded;
mod error;
pub mod format;
mod geometry;
pub mod rules;
mod tiles;

pub use embedded::MAX_BOARD_BYTES;
pub use error::{BoardError, Diagnostic};
pub use geometry::{Metric, Point};
pub use rules::{BoardRules, GoalMode, Rounding, RuleOverrides};

use serde::Serialize;

/// How many board units are how many centimetres on a physical board.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Scale {
    /// A length in units ...
    pub units: f64,
    /// ... and the same length in centimetres.
    pub cm: f64,
}

impl Scale {
    /// `units` converted to centimetres.
    pub fn to_cm(&self, units: f64) -> f64 {
        units * self.cm / self.units
    }
}

/// A square grid: cell `[col, row]` lies at `origin + [col, row] * spacing` units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grid {
    /// Position of cell `[0, 0]` in units.
    pub origin: Point,
    /// Distance between neighbouring cells in units.
    pub spacing: f64,
}

impl Grid {
    /// The position of a cell.
    pub fn point(&self, col: f64, row: f64) -> Point {
        Point::new(
            self.origin.x + col * self.spacing,
            self.origin.y + row * self.spacing,
        )
    }

    /// The cell a point lies on, if it lies exactly on one.
    pub fn cell(&self, p: Point) -> Option<(i64, i64)> {
        let c = (p.x - self.origin.x) / self.spacing;
        let r = (p.y - self.origin.y) / self.spacing;
        let (ci, ri) = (c.round(), r.round());
        ((c - ci).abs() < 1e-9 && (r - ri).abs() < 1e-9).then_some((ci as i64, ri as i64))
    }
}

/// One player (colour): where its pieces wait, start, run and finish.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Player {
    /// Unique name, e.g. `black`.
    pub name: String,
    /// Index into the track of this player's start tile.
    pub start: usize,
    /// Track tiles a piece visits, start tile included, before turning into the goal.
    pub track_steps: usize,
    /// Waiting tiles, one per piece.
    pub base: Vec<Point>,
    /// Goal tiles from the first reached (a) to the deepest.
    pub goal: Vec<Point>,
    /// Drawing colour (any SVG colour), if the file names one.
    pub color: Option<String>,
}

impl Player {
    /// Number of pieces.
    pub fn pieces(&self) -> usize {
        self.base.len()
    }
}

/// A board file's `[game] rules`: the rules the real game is played under on this board, as
/// written (`PRESET[,SWITCH=VALUE...]`). The board layer keeps the text and its place; the game
/// layer parses it (`game::Rules::for_board`), naming this place in its errors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRules {
    /// The rule set as written, e.g. `ludo` or `openspiel,tries=3`.
    pub text: String,
    /// 1-based line and column of the value in the file, where it came from one.
    #[serde(skip)]
    pub position: Option<(usize, usize)>,
}

/// A validated board: geometry, players and rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Where the board came from: a path or `embedded:NAME`.
    pub origin: String,
    /// SHA-256 of the board file's bytes, in lower-case hex: which exact file a result came from.
    pub sha256: String,
    /// Full name.
    pub name: String,
    /// Free-text description.
    pub description: Option<String>,
    /// Citation or provenance of the geometry.
    pub source: Option<String>,
    /// Name of the length unit.
    pub unit: String,
    /// Physical size, when known.
    pub scale: Option<Scale>,
    /// The grid positions were given on, if any.
    pub grid: Option<Grid>,
    /// The rules in force.
    pub rules: BoardRules,
    /// The shared loop, in move order.
    pub track: Vec<Point>,
    /// Safe track tiles (indices into `track`, ascending): the game's safe squares, where no piece
    /// is captured (`[track] safe`; empty when the file names none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub safe: Vec<usize>,
    /// The players, in file order.
    pub players: Vec<Player>,
    /// The rules the real game is played under on this board (`[game] rules`), unless the
    /// command line names others; `None`: the file names none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_rules: Option<GameRules>,
    /// What is legal but most likely a mistake (a goal tile on the track), each at its place in
    /// the file: commands print them as warnings.
    #[serde(skip)]
    pub warnings: Vec<Diagnostic>,
}

impl Board {
    /// Parses and validates board TOML; `origin` names the file in messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<Board, BoardError> {
        format::parse(text, origin)
    }

    /// Loads a board by embedded short name (`maedn`) or by path.
    pub fn load(name_or_path: &str) -> Result<Board, BoardError> {
        embedded::load(name_or_path)
    }

    /// The player named `name`, if any.
    pub fn player(&self, name: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.name == name)
    }

    /// This board with `overrides` applied to its rules, re-checked for consistency.
    pub fn with_overrides(&self, overrides: &RuleOverrides) -> Result<Board, BoardError> {
        let mut board = self.clone();
        board.rules = overrides.apply(&self.rules);
        if board.rules.goal_mode == GoalMode::Slots {
            let diags: Vec<Diagnostic> = board
                .players
                .iter()
                .filter(|p| p.goal.len() != p.base.len())
                .map(|p| Diagnostic {
                    origin: self.origin.clone(),
                    position: None,
                    message: format!(
                        "goal_mode \"slots\" needs one goal tile per piece, but player \"{}\" has {} for {}; use goal_mode \"stack\"",
                        p.name,
                        crate::text::plural(p.goal.len(), "goal tile", "goal tiles"),
                        crate::text::plural(p.base.len(), "piece", "pieces")
                    ),
                })
                .collect();
            if !diags.is_empty() {
                return Err(BoardError::Invalid(diags));
            }
        }
        Ok(board)
    }

    /// Number of distinct tiles on the board: track, every waiting and every goal tile.
    pub fn tile_count(&self) -> usize {
        self.track.len()
            + self
                .players
                .iter()
                .map(|p| p.base.len() + p.goal.len())
                .sum::<usize>()
    }
}

/// Name of goal tile `index`: `a`, `b`, ... as in the paper, numbers past `z`.
pub fn goal_label(index: usize) -> String {
    if index < 26 {
        ((b'a' + index as u8) as char).to_string()
    } else {
        format!("g{index}")
    }
}
