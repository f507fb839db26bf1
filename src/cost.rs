//! Move costs: whole units under `per-move` rounding, floating point under `exact`.

use crate::board::Rounding;
use num_traits::{Bounded, Zero};
use serde::Serialize;
use std::fmt::{Debug, Display};
use std::iter::Sum;
use std::ops::Add;

/// A cost type the solvers are written over once: `u64` (per-move rounding) or `f64` (exact).
pub trait Cost:
    Copy
    + PartialOrd
    + Debug
    + Display
    + Default
    + Zero
    + Bounded
    + Add<Output = Self>
    + Sum
    + Serialize
    + Send
    + Sync
    + 'static
{
    /// The board rounding this cost type implements: a race refuses to compile with the wrong one.
    const ROUNDING: Rounding;

    /// The largest length this cost type holds exactly: 2^53 whole units (beyond it `f64`, which
    /// lengths are measured in, skips integers), or the largest finite float.
    const LARGEST: f64;

    /// The cost of a move of length `len` units.
    fn from_length(len: f64) -> Self;

    /// The cost as a float, for unit conversion.
    fn to_f64(self) -> f64;

    /// The cost as text: whole units exactly, floats to four decimals.
    fn show(self) -> String;

    /// The cost as whole units, if it is one (integer searches such as the bit-board need this).
    fn whole_units(self) -> Option<u64>;

    /// A lower bound on the cost of any sequence of at most `moves` moves whose lengths add up to at
    /// least `straight` units (see [`crate::race::estimate`] for the proof and its use).
    fn at_least(straight: f64, moves: u64) -> Self;
}

impl Cost for u64 {
    const ROUNDING: Rounding = Rounding::PerMove;
    const LARGEST: f64 = 9_007_199_254_740_992.0;

    /// Rounds half away from zero, as the paper's 12143 requires.
    fn from_length(len: f64) -> Self {
        len.round() as u64
    }

    fn to_f64(self) -> f64 {
        self as f64
    }

    fn show(self) -> String {
        self.to_string()
    }

    fn whole_units(self) -> Option<u64> {
        Some(self)
    }

    /// Each move costs `round(len) > len - 1/2`, so `k <= moves` moves cost more than
    /// `straight - moves/2`; the cost is whole, and the floor also absorbs float error below one unit.
    fn at_least(straight: f64, moves: u64) -> Self {
        (straight - 0.5 * moves as f64).floor().max(0.0) as u64
    }
}

impl Cost for f64 {
    const ROUNDING: Rounding = Rounding::Exact;
    const LARGEST: f64 = f64::MAX;

    fn from_length(len: f64) -> Self {
        len
    }

    fn to_f64(self) -> f64 {
        self
    }

    fn show(self) -> String {
        format!("{self:.4}")
    }

    fn whole_units(self) -> Option<u64> {
        // Exactly representable whole numbers only: 2^53 is where f64 stops counting by one.
        (self >= 0.0 && self.fract() == 0.0 && self < 9_007_199_254_740_992.0)
            .then_some(self as u64)
    }

    /// No rounding, so only float error separates the sum of lengths from `straight`: a relative
    /// 1e-9 covers the error of summing up to millions of moves.
    fn at_least(straight: f64, _moves: u64) -> Self {
        (straight * (1.0 - 1e-9)).max(0.0)
    }
}

/// Whether two answers are the same: equal whole units, or floats equal up to summation order.
pub fn same<C: Cost>(a: C, b: C) -> bool {
    if a == b {
        return true;
    }
    let (x, y) = (a.to_f64(), b.to_f64());
    (a.whole_units().is_none() || b.whole_units().is_none())
        && (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_move_rounds_half_away_from_zero() {
        assert_eq!(u64::from_length(2687.5), 2688);
        assert_eq!(u64::from_length(2687.49), 2687);
        assert_eq!(f64::from_length(2687.49), 2687.49);
    }
}
