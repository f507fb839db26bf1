//! The board itself: the lines joining the tiles, and every tile as a circle styled by its role.

use super::palette::{self, Rgb};
use super::svg::{El, Svg};
use super::view::View;
use crate::board::{Board, Point, goal_label};

/// What a tile is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// A plain track tile.
    Track,
    /// A track tile that is player `.0`'s start tile.
    Start(usize),
    /// Waiting tile `.1` of player `.0`.
    Waiting(usize, usize),
    /// Goal tile `.1` of player `.0`.
    Goal(usize, usize),
}

impl Role {
    /// The `class` of the tile's circle: `tile` plus the role.
    pub fn class(self) -> &'static str {
        match self {
            Role::Track => "tile track",
            Role::Start(_) => "tile start",
            Role::Waiting(..) => "tile waiting",
            Role::Goal(..) => "tile goal",
        }
    }
}

/// One tile of the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tile {
    /// Position in board units.
    pub point: Point,
    /// Its role.
    pub role: Role,
}

/// Every tile of `board`, once each: the track in move order, then each player's waiting and goal
/// tiles. A track tile that is several players' start is drawn for the first of them.
pub fn tiles(board: &Board) -> Vec<Tile> {
    let mut out: Vec<Tile> = board
        .track
        .iter()
        .enumerate()
        .map(|(i, &point)| Tile {
            point,
            role: board
                .players
                .iter()
                .position(|p| p.start == i)
                .map_or(Role::Track, Role::Start),
        })
        .collect();
    for (pi, p) in board.players.iter().enumerate() {
        out.extend(p.base.iter().enumerate().map(|(i, &point)| Tile {
            point,
            role: Role::Waiting(pi, i),
        }));
        out.extend(p.goal.iter().enumerate().map(|(i, &point)| Tile {
            point,
            role: Role::Goal(pi, i),
        }));
    }
    out
}

/// Draws the board: background, joining lines, tiles, goal letters, and with `labels` each track
/// tile's index (the number `start` and the track's move order count by). `colours[i]` is player
/// `i`'s.
pub fn draw(svg: &mut Svg, board: &Board, view: &View, colours: &[Rgb], labels: bool) {
    svg.empty(
        El::new("rect")
            .a("class", "board")
            .a("x", 0.0)
            .a("y", 0.0)
            .a("width", view.width)
            .a("height", view.height)
            .a("rx", view.tile_r * 0.6)
            .a("fill", palette::BOARD.hex()),
    );
    draw_lines(svg, board, view);
    let font = view.tile_font();
    for (index, t) in tiles(board).into_iter().enumerate() {
        let (x, y) = view.px(t.point);
        let (fill, stroke, width) = match t.role {
            Role::Track => (palette::TRACK_FILL, palette::TILE_STROKE, 1.5),
            Role::Start(p) => (colours[p].tint(), colours[p], 4.0),
            Role::Waiting(p, _) => (colours[p], palette::TILE_STROKE, 1.5),
            Role::Goal(p, _) => (colours[p].tint(), colours[p], 2.5),
        };
        svg.empty(
            El::new("circle")
                .a("class", t.role.class())
                .a("cx", x)
                .a("cy", y)
                .a("r", view.tile_r)
                .a("fill", fill.hex())
                .a("stroke", stroke.hex())
                .a("stroke-width", width),
        );
        if let Role::Goal(_, g) = t.role {
            svg.text(
                El::new("text")
                    .a("class", "goal-letter")
                    .a("x", x)
                    .a("y", y + 0.35 * font)
                    .a("font-size", font)
                    .a("text-anchor", "middle")
                    .a("fill", palette::INK.hex()),
                &goal_label(g),
            );
        }
        if labels && matches!(t.role, Role::Track | Role::Start(_)) {
            // The track comes first in `tiles`, so the tile's place there is its track index.
            let text = index.to_string();
            let size = if text.len() > 2 { 0.75 * font } else { font };
            svg.text(
                El::new("text")
                    .a("class", "tile-label")
                    .a("x", x)
                    .a("y", y + 0.35 * size)
                    .a("font-size", size)
                    .a("text-anchor", "middle")
                    .a("fill", palette::INK.hex()),
                &text,
            );
        }
    }
}

/// The printed lines: around the track, and from each player's last track tile through its goal.
fn draw_lines(svg: &mut Svg, board: &Board, view: &View) {
    let n = board.track.len();
    let mut d = String::new();
    let mut poly = |points: &[Point], closed: bool| {
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = view.px(p);
            let cmd = if i == 0 { 'M' } else { 'L' };
            d.push_str(&format!(
                "{cmd}{} {} ",
                super::svg::num(x),
                super::svg::num(y)
            ));
        }
        if closed {
            d.push_str("Z ");
        }
    };
    poly(&board.track, true);
    for p in &board.players {
        let mut lane = vec![board.track[(p.start + p.track_steps + n - 1) % n]];
        lane.extend_from_slice(&p.goal);
        poly(&lane, false);
    }
    svg.empty(
        El::new("path")
            .a("class", "board-lines")
            .a("d", d.trim_end().to_string())
            .a("fill", "none")
            .a("stroke", palette::BOARD_LINE.hex())
            .a("stroke-width", (0.12 * view.tile_r).clamp(1.5, 3.0))
            .a("stroke-linejoin", "round"),
    );
}
