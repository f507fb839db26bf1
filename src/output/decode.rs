//! The paper's Visualizer in the terminal: a bit-board value drawn onto its board.

use crate::board::{Board, Grid, goal_label};
use crate::encoding::bitboard::{Layout, Reading};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The widest run of empty cells drawn as blanks; a wider one is drawn as `…`.
const GAP: usize = 16;

/// A bit-board value seen on its board: which waiting, track and goal tiles are set, and the
/// distance. `Display` draws it on the board's grid, or lists the set tiles where there is none.
pub struct BitboardView<'a> {
    board: &'a Board,
    player: usize,
    layout: Layout,
    value: u128,
    reading: Reading,
}

impl<'a> BitboardView<'a> {
    /// Checks that `value` fits `layout` (the layout of `player` on `board`).
    pub fn new(
        board: &'a Board,
        player: usize,
        layout: Layout,
        value: u128,
    ) -> Result<Self, String> {
        let used = 128 - value.leading_zeros();
        if used > layout.used_bits() {
            return Err(format!(
                "bit-board value has {used} significant bits, but a bit-board of player \"{}\" on {} is {} bits wide ({}: {} waiting + {} track + {} goal + {} distance bits)",
                board.players[player].name,
                board.name,
                layout.used_bits(),
                layout.width.name(),
                layout.waiting,
                layout.track,
                layout.goal,
                layout.distance
            ));
        }
        Ok(BitboardView {
            board,
            player,
            layout,
            value,
            reading: layout.read(value),
        })
    }

    /// What the value says: the set tiles and the distance ([`Layout::read`]).
    pub fn reading(&self) -> &Reading {
        &self.reading
    }

    /// The distance field.
    pub fn distance(&self) -> u128 {
        self.reading.distance
    }

    /// Every set tile: (kind, label, position).
    pub(crate) fn set_tiles(&self) -> Vec<(&'static str, String, crate::board::Point)> {
        let p = &self.board.players[self.player];
        let n = self.board.track.len();
        let mut out = Vec::new();
        let r = &self.reading;
        for (i, &b) in p.base.iter().enumerate() {
            if r.has_waiting(i) {
                out.push(("waiting", format!("w{i}"), b));
            }
        }
        for s in (0..p.track_steps + p.goal.len()).filter(|&s| r.has_step(s)) {
            out.push(if s < p.track_steps {
                let idx = (p.start + s) % n;
                (
                    "track",
                    format!("step {s} = track tile {idx}"),
                    self.board.track[idx],
                )
            } else {
                let g = s - p.track_steps;
                (
                    "goal",
                    format!("step {s} = goal tile {}", goal_label(g)),
                    p.goal[g],
                )
            });
        }
        out
    }

    /// One character per occupied cell of `grid`, by (row, column): what the tile is, upper case
    /// when its bit is set.
    fn cells(&self, grid: Grid) -> BTreeMap<(i64, i64), char> {
        let (r, p) = (&self.reading, &self.board.players[self.player]);
        // By (row, column), the last tile put on a cell winning; only occupied cells are kept.
        let mut cells: BTreeMap<(i64, i64), char> = BTreeMap::new();
        let mut put = |pt, c| {
            if let Some((col, row)) = grid.cell(pt) {
                cells.insert((row, col), c);
            }
        };
        for q in &self.board.players {
            for &b in q.base.iter().chain(&q.goal) {
                put(b, '+');
            }
        }
        for &tp in &self.board.track {
            put(tp, 'o');
        }
        let n = self.board.track.len();
        for s in 0..p.track_steps {
            let c = if r.has_step(s) {
                '#'
            } else if s == 0 {
                'a'
            } else {
                'o'
            };
            put(self.board.track[(p.start + s) % n], c);
        }
        for (j, &gp) in p.goal.iter().enumerate() {
            put(
                gp,
                if r.has_step(p.track_steps + j) {
                    'G'
                } else {
                    'g'
                },
            );
        }
        for (i, &bp) in p.base.iter().enumerate() {
            put(bp, if r.has_waiting(i) { 'W' } else { 'w' });
        }
        cells
    }
}

impl fmt::Display for BitboardView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = &self.layout;
        let p = &self.board.players[self.player];
        writeln!(
            f,
            "{}, player {}: {} bit-board = {} waiting + {} track + {} goal + {} distance bits",
            self.board.name,
            p.name,
            l.width.name(),
            l.waiting,
            l.track,
            l.goal,
            l.distance
        )?;
        let [w, t, g, d] = l.fields(self.value);
        writeln!(f, "waiting {w} | track {t} | goal {g} | distance {d}")?;
        if let Some(grid) = self.board.grid {
            let cells = self.cells(grid);
            writeln!(f)?;
            draw_cells(f, &cells)?;
            writeln!(f)?;
            writeln!(
                f,
                "  # visited track tile   o track tile   a start tile (unvisited)   G/g goal tile set/unset"
            )?;
            writeln!(
                f,
                "  W/w waiting tile set/unset   + another player's waiting or goal tile"
            )?;
        } else {
            for (kind, label, pt) in self.set_tiles() {
                writeln!(f, "  {kind:<7} {label:<28} at {pt}")?;
            }
        }
        write!(f, "distance: {} {}", self.distance(), self.board.unit)?;
        if let Some(scale) = self.board.scale {
            write!(f, " = {:.4} cm", scale.to_cm(self.distance() as f64))?;
        }
        writeln!(f)
    }
}

/// Draws `cells` row by row, from the leftmost column of any row.
fn draw_cells(f: &mut fmt::Formatter<'_>, cells: &BTreeMap<(i64, i64), char>) -> fmt::Result {
    let c0 = cells.keys().map(|&(_, c)| c).min().unwrap_or(0);
    // Row by row, only what is there: an empty stretch of more than GAP cells is drawn as
    // one `…`, and rows with no tile are left out (marked once), so a board with one far
    // cell is a few lines, not a page of blanks.
    let mut last_row: Option<i64> = None;
    let rows: BTreeSet<i64> = cells.keys().map(|&(r, _)| r).collect();
    for r in rows {
        if last_row.is_some_and(|l| r > l + 1 + GAP as i64) {
            writeln!(f, "  \u{22ee}")?;
        } else if let Some(l) = last_row {
            for _ in l + 1..r {
                writeln!(f)?;
            }
        }
        last_row = Some(r);
        let mut row = String::new();
        let mut at = c0;
        for (&(_, c), &ch) in cells.range((r, i64::MIN)..=(r, i64::MAX)) {
            if c - at > GAP as i64 {
                row.push_str("\u{2026} ");
            } else {
                for _ in at..c {
                    row.push_str("  ");
                }
            }
            row.push(ch);
            row.push(' ');
            at = c + 1;
        }
        writeln!(f, "  {}", row.trim_end())?;
    }
    Ok(())
}
