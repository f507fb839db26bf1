//! Points on the board and the metrics that measure one move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A position on the board in board units, `y` growing downwards as in the paper.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Horizontal coordinate in units.
    pub x: f64,
    /// Vertical coordinate in units (0 is the top edge).
    pub y: f64,
}

impl Point {
    /// A point at `(x, y)` units.
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// How the length of one straight move is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// Straight-line length, the paper's choice.
    Euclidean,
    /// Sum of the horizontal and vertical differences.
    Manhattan,
    /// The larger of the horizontal and vertical differences.
    Chebyshev,
}

impl Metric {
    /// Every metric with its name in board files and on the command line.
    pub const ALL: [(&'static str, Metric); 3] = [
        ("euclidean", Metric::Euclidean),
        ("manhattan", Metric::Manhattan),
        ("chebyshev", Metric::Chebyshev),
    ];

    /// Length of the straight move from `a` to `b`, unrounded.
    pub fn length(self, a: Point, b: Point) -> f64 {
        let dx = (a.x - b.x).abs();
        let dy = (a.y - b.y).abs();
        match self {
            Metric::Euclidean => dx.hypot(dy),
            Metric::Manhattan => dx + dy,
            Metric::Chebyshev => dx.max(dy),
        }
    }

    /// The name used in board files.
    pub fn name(self) -> &'static str {
        crate::text::name_in(&Metric::ALL, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_on_a_3_4_triangle() {
        let a = Point::new(0.0, 0.0);
        let b = Point::new(3.0, -4.0);
        assert_eq!(Metric::Euclidean.length(a, b), 5.0);
        assert_eq!(Metric::Manhattan.length(a, b), 7.0);
        assert_eq!(Metric::Chebyshev.length(a, b), 4.0);
    }
}
