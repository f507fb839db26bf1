//! The straight-line heuristic of A* and IDA*: the metric distance from a step's tile to the target
//! tile, made admissible under per-move rounding.
//!
//! # Why it never overestimates
//!
//! A piece on step `s` heading for target step `t` moves `s = p0 < p1 < ... < pk = t`, paying for
//! each move the length `len(p_i, p_i+1)` under the board's metric, rounded or not.
//!
//! 1. Every metric here (euclidean, manhattan, chebyshev) is a norm, so by the triangle inequality
//!    the move lengths add up to at least the straight distance `d(s) = len(s, t)`.
//! 2. Exact costs: the path costs at least `d(s)` ([`Cost::at_least`] for `f64` only shaves a
//!    relative 1e-9 off for float error).
//! 3. Per-move rounding: each move costs `round(len) > len - 1/2` (ties round up), so a path of `k`
//!    moves costs more than `d(s) - k/2`. Every move advances at least the lowest face `m`, so
//!    `k <= K(s) = (t - s) / m` (whole division), and the path costs more than `d(s) - K(s)/2`;
//!    being a whole number, at least `floor(d(s) - K(s)/2)` ([`Cost::at_least`] for `u64`).
//!
//! Note the bound needs the *most* moves a path can take, not the fewest (`ceil((t - s) / max
//! face)`): more moves mean more rounding slack. With the fewest, a run of short moves each
//! rounded down would beat the estimate; `tests/compare.rs` checks the bound above against the
//! exact remaining distance of every step on every embedded board and on random boards.
//!
//! It is also consistent: for a move `s -> s'` of `r >= m` steps and cost `c > len(s, s') - 1/2`,
//! `K(s) >= K(s') + 1` and `d(s) <= len(s, s') + d(s')`, so `d(s) - K(s)/2 < c + d(s') - K(s')/2`,
//! and taking floors (`c` is whole) `h(s) <= c + h(s')`: A* never reopens a node.
//!
//! The weighted variant multiplies `d(s)` by a factor above one and is *not* admissible: it trades
//! optimality for fewer expanded nodes, which `compare` shows.

use crate::board::{Metric, Point};
use crate::cost::Cost;
use crate::race::Race;

/// The straight-line estimate of the cost from any step to one target goal tile.
#[derive(Clone, Debug)]
pub struct StraightLine<'r, C> {
    race: &'r Race<C>,
    metric: Metric,
    target_step: usize,
    goal: Point,
    lowest_face: usize,
    weight: Option<f64>,
}

impl<'r, C: Cost> StraightLine<'r, C> {
    /// The admissible estimate for a piece of `race` heading for goal tile `target`, lengths
    /// measured with `metric` (the board's).
    pub fn admissible(race: &'r Race<C>, metric: Metric, target: usize) -> Self {
        let target_step = race.target_step(target);
        StraightLine {
            race,
            metric,
            target_step,
            goal: race.positions[target_step],
            lowest_face: race.faces.last().map_or(1, |&f| f.max(1) as usize),
            weight: None,
        }
    }

    /// The straight distance times `weight`, with no rounding slack: inadmissible for `weight > 1`.
    pub fn weighted(race: &'r Race<C>, metric: Metric, target: usize, weight: f64) -> Self {
        StraightLine {
            weight: Some(weight),
            ..StraightLine::admissible(race, metric, target)
        }
    }

    /// The estimate of the cost from `step` to the target (0 at or beyond it).
    pub fn estimate(&self, step: usize) -> C {
        if step >= self.target_step {
            return C::zero();
        }
        let d = self.metric.length(self.race.positions[step], self.goal);
        match self.weight {
            Some(w) => C::from_length(w * d),
            None => C::at_least(d, ((self.target_step - step) / self.lowest_face) as u64),
        }
    }

    /// The estimate of every step from the start to the target, as a table.
    pub fn table(&self) -> Vec<C> {
        (0..=self.target_step).map(|s| self.estimate(s)).collect()
    }
}
