//! A board as data (`boardpath boards`): every tile with its coordinates and grid cell, the
//! players, rules, scale and sources, as JSON and as text.

use crate::board::{Board, BoardRules, Grid, Point, Scale, embedded, goal_label};
use serde::Serialize;
use std::fmt::Write;

/// A tile's position: board units, and the grid cell when the board has a grid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TilePosition {
    /// Horizontal position in units.
    pub x: f64,
    /// Vertical position in units (0 is the top edge).
    pub y: f64,
    /// Grid cell `[col, row]`, when the board has a grid and the tile lies on a cell.
    pub cell: Option<[i64; 2]>,
}

impl TilePosition {
    /// `point` on `board`.
    pub fn at(board: &Board, point: Point) -> TilePosition {
        TilePosition {
            x: point.x,
            y: point.y,
            cell: board.grid.and_then(|g| g.cell(point)).map(|(c, r)| [c, r]),
        }
    }

    /// `(x, y)`, then the cell if any: `(4170, 9170) [4, 10]`.
    fn text(&self) -> String {
        let point = Point::new(self.x, self.y);
        match self.cell {
            Some([c, r]) => format!("{point} [{c}, {r}]"),
            None => point.to_string(),
        }
    }
}

/// A track tile and its index in move order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackTile {
    /// Index into the track (0 is the file's first tile).
    pub index: usize,
    /// Where it lies.
    #[serde(flatten)]
    pub tile: TilePosition,
}

/// A goal tile and its letter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoalTile {
    /// `a` for the tile reached first, then `b`, ...
    pub letter: String,
    /// Where it lies.
    #[serde(flatten)]
    pub tile: TilePosition,
}

/// One player of an exported board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerTiles {
    /// The player's name.
    pub name: String,
    /// Drawing colour, if the file names one.
    pub color: Option<String>,
    /// Index into the track of the start tile.
    pub start: usize,
    /// Track tiles a piece visits, the start tile included, before turning into the goal.
    pub track_steps: usize,
    /// Number of pieces (one waiting tile each).
    pub pieces: usize,
    /// Number of goal tiles.
    pub goal_tiles: usize,
    /// The waiting tiles, in file order.
    pub base: Vec<TilePosition>,
    /// The goal tiles, `a` first.
    pub goal: Vec<GoalTile>,
}

/// A whole board: the JSON object of `boards --format json`, field for field (`docs/json.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardTiles {
    /// The name `solve` accepts for an embedded board, else `None`.
    pub short_name: Option<String>,
    /// The file path as given, `<stdin>`, or `embedded:NAME`.
    pub origin: String,
    /// SHA-256 of the file's bytes.
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
    /// The rules as `solve` prints them on its `rules:` line.
    pub rules_text: String,
    /// The real game's rules the file names (`[game] rules`), as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_rules: Option<String>,
    /// Number of track tiles.
    pub track_length: usize,
    /// The track in move order.
    pub track: Vec<TrackTile>,
    /// The players, in file order.
    pub players: Vec<PlayerTiles>,
}

impl BoardTiles {
    /// Every tile and fact of `board`.
    pub fn new(board: &Board) -> BoardTiles {
        BoardTiles {
            short_name: embedded::short_name(board).map(str::to_string),
            origin: board.origin.clone(),
            sha256: board.sha256.clone(),
            name: board.name.clone(),
            description: board.description.clone(),
            source: board.source.clone(),
            unit: board.unit.clone(),
            scale: board.scale,
            grid: board.grid,
            rules: board.rules.clone(),
            rules_text: board.rules.to_string(),
            game_rules: board.game_rules.as_ref().map(|g| g.text.clone()),
            track_length: board.track.len(),
            track: board
                .track
                .iter()
                .enumerate()
                .map(|(index, &p)| TrackTile {
                    index,
                    tile: TilePosition::at(board, p),
                })
                .collect(),
            players: board
                .players
                .iter()
                .map(|p| PlayerTiles {
                    name: p.name.clone(),
                    color: p.color.clone(),
                    start: p.start,
                    track_steps: p.track_steps,
                    pieces: p.pieces(),
                    goal_tiles: p.goal.len(),
                    base: p.base.iter().map(|&t| TilePosition::at(board, t)).collect(),
                    goal: p
                        .goal
                        .iter()
                        .enumerate()
                        .map(|(i, &t)| GoalTile {
                            letter: goal_label(i),
                            tile: TilePosition::at(board, t),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    /// The listing's block: the short name (or origin) and full name, players, track, rules and
    /// source, every line after the first indented to one column.
    pub fn summary_text(&self) -> String {
        let label = self.short_name.as_deref().unwrap_or(&self.origin);
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        let pad = "";
        // Two spaces at least: a file path may be longer than the column.
        let mut out = format!("{label:<14}  {}\n", self.name);
        let _ = writeln!(
            out,
            "{pad:16}players: {} ({})",
            self.players.len(),
            names.join(", ")
        );
        let _ = writeln!(
            out,
            "{pad:16}track:   {} tiles; visited: {}; pieces: {}; goal tiles: {}",
            self.track_length,
            per_player(self.players.iter().map(|p| p.track_steps)),
            per_player(self.players.iter().map(|p| p.pieces)),
            per_player(self.players.iter().map(|p| p.goal_tiles)),
        );
        let _ = writeln!(out, "{pad:16}rules:   {}", self.rules_text);
        if let Some(game) = &self.game_rules {
            let _ = writeln!(out, "{pad:16}game:    rules {game}");
        }
        if let Some(source) = &self.source {
            let _ = writeln!(out, "{pad:16}source:  {source}");
        }
        out
    }

    /// The summary, then every tile: the track in move order with indices, and each player's
    /// start, waiting and goal tiles, with coordinates in units and grid cells.
    pub fn tiles_text(&self) -> String {
        let mut out = self.summary_text();
        let pad = "";
        if let Some(d) = &self.description {
            let _ = writeln!(out, "{pad:16}about:   {d}");
        }
        let mut geometry = self.unit.clone();
        if let Some(s) = self.scale {
            let _ = write!(geometry, "; {} {} = {} cm", s.units, self.unit, s.cm);
        }
        if let Some(g) = self.grid {
            let _ = write!(
                geometry,
                "; grid cell [0, 0] at {}, {} {} apart",
                g.origin, g.spacing, self.unit
            );
        }
        let _ = writeln!(out, "{pad:16}unit:    {geometry}");
        let _ = writeln!(out, "{pad:16}sha256:  {}", self.sha256);
        let _ = writeln!(out, "\ntrack, in move order");
        for t in &self.track {
            let _ = writeln!(out, "  {:>5}  {}", t.index, t.tile.text());
        }
        for p in &self.players {
            let colour = p
                .color
                .as_ref()
                .map(|c| format!(" ({c})"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "\nplayer {}{colour}: start {} {}, visits {} track tiles",
                p.name,
                p.start,
                self.track
                    .get(p.start)
                    .map(|t| t.tile.text())
                    .unwrap_or_default(),
                p.track_steps
            );
            for (i, t) in p.base.iter().enumerate() {
                let _ = writeln!(out, "  waiting {:>3}  {}", i + 1, t.text());
            }
            for g in &p.goal {
                let _ = writeln!(out, "  goal    {:>3}  {}", g.letter, g.tile.text());
            }
        }
        out
    }
}

/// `4 each` when every player has the same count, else the counts in player order.
fn per_player(counts: impl Iterator<Item = usize>) -> String {
    let counts: Vec<usize> = counts.collect();
    match counts.first() {
        Some(&n) if counts.iter().all(|&c| c == n) => format!("{n} each"),
        _ => counts
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_of_the_standard_board() {
        let board = embedded::embedded("maedn").unwrap().unwrap();
        let t = BoardTiles::new(&board);
        assert_eq!(t.short_name.as_deref(), Some("maedn"));
        assert_eq!(t.track.len(), 40);
        // Cell [4, 10] is black's start tile A at (4170, 9170) units: grid origin (770, 670),
        // 850 units apart.
        let a = &t.track[0].tile;
        assert_eq!((a.x, a.y, a.cell), (4170.0, 9170.0, Some([4, 10])));
        let letters: Vec<&str> = t.players[0]
            .goal
            .iter()
            .map(|g| g.letter.as_str())
            .collect();
        assert_eq!(letters, ["a", "b", "c", "d"]);
        assert_eq!(t.players[1].start, 10);
        let text = t.tiles_text();
        assert!(text.contains("\n      0  (4170, 9170) [4, 10]\n"), "{text}");
        assert!(
            text.contains("\n  goal      d  (5020, 5770) [5, 6]\n"),
            "{text}"
        );
    }
}
