//! Where the board lands in the picture: board units to pixels, tile size, and sizes derived from it.

use crate::board::{Board, Point};

/// The longer side of the board's drawing, in pixels.
const BOARD_PX: f64 = 720.0;
/// The smallest tile radius drawn, in pixels.
const MIN_TILE_R: f64 = 4.0;
/// The longest side a board picture grows to, in pixels.
const MAX_SIDE_PX: f64 = 16_384.0;

/// The mapping from board units to the pixels of one board drawing (its top-left is `(0, 0)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The board point drawn at pixel `(0, 0)`.
    origin: Point,
    /// Pixels per board unit.
    pub scale: f64,
    /// Width of the board drawing in pixels.
    pub width: f64,
    /// Height of the board drawing in pixels.
    pub height: f64,
    /// Radius of a tile circle in pixels.
    pub tile_r: f64,
}

impl View {
    /// The view of `board`: every tile inside, a margin of most of a tile spacing around them, tiles
    /// as large as the closest pair of tiles allows without touching.
    pub fn of(board: &Board) -> View {
        let points = all_points(board);
        let (mut lo, mut hi) = (
            Point::new(f64::MAX, f64::MAX),
            Point::new(f64::MIN, f64::MIN),
        );
        for p in &points {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        let closest = closest_pair(&points).unwrap_or(1.0);
        let spacing = board.grid.map_or(closest, |g| g.spacing);
        let margin = 0.8 * spacing;
        let w = hi.x - lo.x + 2.0 * margin;
        let h = hi.y - lo.y + 2.0 * margin;
        // The picture is BOARD_PX wide, unless that would shrink tiles below MIN_TILE_R: a big
        // board gets a bigger picture rather than tiles and labels piled on each other.
        // Never beyond MAX_SIDE_PX, though: a board as long as a road stays a picture.
        let scale = (BOARD_PX / w.max(h))
            .max(MIN_TILE_R / (0.38 * closest.min(spacing)))
            .min(MAX_SIDE_PX / w.max(h));
        View {
            origin: Point::new(lo.x - margin, lo.y - margin),
            scale,
            width: w * scale,
            height: h * scale,
            tile_r: 0.38 * closest.min(spacing) * scale,
        }
    }

    /// The pixel position of board point `p`.
    pub fn px(&self, p: Point) -> (f64, f64) {
        (
            (p.x - self.origin.x) * self.scale,
            (p.y - self.origin.y) * self.scale,
        )
    }

    /// Font size of the letters inside goal tiles.
    pub(crate) fn tile_font(&self) -> f64 {
        (0.85 * self.tile_r).clamp(8.0, 16.0)
    }

    /// Radius of the disc a roll number sits in.
    pub fn label_r(&self) -> f64 {
        (0.36 * self.tile_r).clamp(6.5, 9.0)
    }

    /// Width of a path's stroke.
    pub fn stroke(&self) -> f64 {
        (0.11 * self.tile_r).clamp(2.0, 3.0)
    }

    /// Distance between the parallel lanes of pieces drawn together.
    pub(crate) fn lane(&self) -> f64 {
        (0.16 * self.tile_r).clamp(2.5, 4.0)
    }

    /// Length of an arrowhead.
    pub fn arrow(&self) -> f64 {
        (0.45 * self.tile_r).clamp(7.0, 11.0)
    }
}

/// Every tile position: track, then each player's waiting and goal tiles.
fn all_points(board: &Board) -> Vec<Point> {
    let mut v = board.track.clone();
    for p in &board.players {
        v.extend_from_slice(&p.base);
        v.extend_from_slice(&p.goal);
    }
    v
}

/// The smallest distance between two tiles at different positions.
fn closest_pair(points: &[Point]) -> Option<f64> {
    // Sorted by x, a point only needs the points after it that are closer in x than the best
    // distance so far: about n log n on a board, instead of comparing every pair.
    let mut sorted: Vec<Point> = points.to_vec();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut best: Option<f64> = None;
    for (i, a) in sorted.iter().enumerate() {
        for b in &sorted[i + 1..] {
            if best.is_some_and(|m| b.x - a.x >= m) {
                break;
            }
            if best.is_some_and(|m| (b.y - a.y).abs() >= m) {
                continue;
            }
            let d = (a.x - b.x).hypot(a.y - b.y);
            if d > 1e-9 && best.is_none_or(|m| d < m) {
                best = Some(d);
            }
        }
    }
    best
}
