//! Lower bounds on the cost still to pay from a step to a piece's target: the estimates of A*,
//! IDA* and branch and bound, as tables indexed by step.
//!
//! [`Estimate`] names them: the paper's 193 units per tile (two versions), the board's least cost
//! per tile ([`Estimate::Admissible`]), the exact remaining distance ([`remaining`]) and the
//! straight-line distance ([`StraightLine`]), admissible or weighted.
//!
//! # The straight-line estimate
//!
//! ## Why it never overestimates
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

use super::Race;
use crate::board::Point;
use crate::cost::Cost;

/// The paper's `min_units_per_tile`.
pub(crate) const PAPER_UNITS_PER_TILE: u64 = 193;

/// The factor of the inadmissible weighted straight-line estimate.
pub const WEIGHT: f64 = 1.5;

/// A lower bound (or, weighted, an estimate) of the cost from a step to the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// Zero everywhere: no pruning beyond the best path so far (the paper's 660,449,985 calls).
    None,
    /// 193 units per tile, counting the target tile once more: the paper's preprint (14,282,614 calls).
    Paper,
    /// 193 units per tile left, as Listing 9 prints it (`tiles_left--`): the paper's final version
    /// (18,526,851 calls, 15,422,842 cut short).
    Listing,
    /// The board's least cost per tile over all legal moves, times the tiles left: a true lower bound.
    Admissible,
    /// The exact remaining distance: the tightest bound.
    Exact,
    /// The straight-line distance to the target, made admissible under rounding.
    StraightLine,
    /// The straight-line distance times [`WEIGHT`], with no slack: not admissible.
    Weighted,
}

impl Estimate {
    /// The bounds of the paper's search, with their `--bound` names.
    pub const BOUNDS: [(&'static str, Estimate); 5] = [
        ("none", Estimate::None),
        ("paper", Estimate::Paper),
        ("listing", Estimate::Listing),
        ("admissible", Estimate::Admissible),
        ("exact", Estimate::Exact),
    ];

    /// Whether the estimate never exceeds the true remaining cost on every board.
    pub const fn is_admissible(self) -> bool {
        !matches!(
            self,
            Estimate::Paper | Estimate::Listing | Estimate::Weighted
        )
    }

    /// A short name: `paper`, `straight-line`, ...
    pub fn name(self) -> &'static str {
        match self {
            Estimate::StraightLine => "straight-line",
            Estimate::Weighted => "weighted-straight-line",
            other => crate::text::name_in(&Estimate::BOUNDS, other),
        }
    }

    /// The estimate for a piece of `race` heading for goal tile `target`, for every step from 0
    /// to the target's: `None` where the target cannot be reached (only [`Estimate::Exact`] knows).
    pub fn table<C: Cost>(self, race: &Race<C>, target: usize) -> Vec<Option<C>> {
        let t = race.target_step(target);
        let per_tile = |units: u64, tiles: u64| Some(C::from_length((units * tiles) as f64));
        match self {
            Estimate::None => vec![Some(C::zero()); t + 1],
            Estimate::Paper => (0..=t)
                .map(|s| per_tile(PAPER_UNITS_PER_TILE, (t - s) as u64 + 1))
                .collect(),
            Estimate::Listing => (0..=t)
                .map(|s| per_tile(PAPER_UNITS_PER_TILE, (t - s) as u64))
                .collect(),
            Estimate::Admissible => {
                let ratio = Ratio::of(race);
                (0..=t).map(|s| Some(ratio.times((t - s) as u64))).collect()
            }
            Estimate::Exact => remaining(race, target),
            Estimate::StraightLine => {
                let h = StraightLine::admissible(race, target);
                (0..=t).map(|s| Some(h.estimate(s))).collect()
            }
            Estimate::Weighted => {
                let h = StraightLine::weighted(race, target, WEIGHT);
                (0..=t).map(|s| Some(h.estimate(s))).collect()
            }
        }
    }
}

/// The least cost per tile over every legal move from a step some piece can reach, as the
/// fraction `cost / tiles` of the move attaining it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio<C> {
    /// The move's cost, `None` if the race has no legal move.
    pub cost: Option<C>,
    /// The move's roll.
    pub tiles: u64,
}

impl<C: Cost> Ratio<C> {
    /// The least ratio of `race`.
    pub fn of(race: &Race<C>) -> Self {
        let mut best: Ratio<C> = Ratio {
            cost: None,
            tiles: 1,
        };
        for target in race.distinct_targets() {
            let t = race.target_step(target);
            let mut reach = vec![false; t + 1];
            reach[0] = true;
            for s in 0..t {
                if !reach[s] {
                    continue;
                }
                for m in race.moves(s, target) {
                    reach[m.to] = true;
                    // c / r < best.c / best.r, cross-multiplied (exact for whole units).
                    let better = match best.cost {
                        None => true,
                        Some(b) => {
                            m.cost.to_f64() * (best.tiles as f64) < b.to_f64() * f64::from(m.roll)
                        }
                    };
                    if better {
                        best = Ratio {
                            cost: Some(m.cost),
                            tiles: u64::from(m.roll),
                        };
                    }
                }
            }
        }
        best
    }

    /// A lower bound on the cost of moving `tiles` tiles: `ceil(tiles * cost / ratio tiles)` in
    /// whole units, a hair below the product for floats.
    pub fn times(&self, tiles: u64) -> C {
        let Some(cost) = self.cost else {
            return C::zero();
        };
        match cost.whole_units() {
            Some(c) => C::from_length(
                (u128::from(tiles) * u128::from(c)).div_ceil(u128::from(self.tiles)) as f64,
            ),
            None => C::at_least(tiles as f64 * cost.to_f64() / self.tiles as f64, 0),
        }
    }

    /// The ratio as text, e.g. `170` or `170.500`.
    pub fn text(&self) -> String {
        match self.cost {
            None => "undefined (no legal move)".into(),
            Some(c) => match c.whole_units() {
                Some(w) if w % self.tiles == 0 => format!("{}", w / self.tiles),
                _ => format!("{:.3}", c.to_f64() / self.tiles as f64),
            },
        }
    }
}

/// The exact least cost from every step to goal tile `target` (`None` where it cannot be
/// reached), by one backward pass: moves only go forward.
pub fn remaining<C: Cost>(race: &Race<C>, target: usize) -> Vec<Option<C>> {
    let t = race.target_step(target);
    let mut rest: Vec<Option<C>> = vec![None; t + 1];
    rest[t] = Some(C::zero());
    for s in (0..t).rev() {
        for m in race.moves(s, target) {
            if let Some(r) = rest[m.to] {
                let c = m.cost + r;
                if rest[s].is_none_or(|b| c < b) {
                    rest[s] = Some(c);
                }
            }
        }
    }
    rest
}

/// For every step before the target: whether, once a roll from it lands on the target, the lower
/// rolls may be skipped (the paper's early return after a finish). It is safe only when no lower
/// roll leads to a cheaper finish; the paper takes this for granted, here it is checked per step.
pub(crate) fn finish_cut<C: Cost>(
    race: &Race<C>,
    target: usize,
    remaining: &[Option<C>],
) -> Vec<bool> {
    let t = race.target_step(target);
    (0..=t)
        .map(|s| {
            let mut finish = None;
            for m in race.moves(s, target) {
                if let Some(fc) = finish
                    && remaining
                        .get(m.to)
                        .copied()
                        .flatten()
                        .is_some_and(|rest| m.cost + rest < fc)
                {
                    return false;
                }
                if m.to == t {
                    finish = Some(m.cost);
                }
            }
            true
        })
        .collect()
}

/// The straight-line estimate of the cost from any step to one target goal tile.
#[derive(Clone, Debug)]
pub struct StraightLine<'r, C> {
    race: &'r Race<C>,
    target_step: usize,
    goal: Point,
    lowest_face: usize,
    weight: Option<f64>,
}

impl<'r, C: Cost> StraightLine<'r, C> {
    /// The admissible estimate for a piece of `race` heading for goal tile `target`.
    pub fn admissible(race: &'r Race<C>, target: usize) -> Self {
        let target_step = race.target_step(target);
        StraightLine {
            race,
            target_step,
            goal: race.positions[target_step],
            lowest_face: race.faces.last().map_or(1, |&f| f.max(1) as usize),
            weight: None,
        }
    }

    /// The straight distance times `weight`, with no rounding slack: inadmissible for `weight > 1`.
    pub fn weighted(race: &'r Race<C>, target: usize, weight: f64) -> Self {
        StraightLine {
            weight: Some(weight),
            ..StraightLine::admissible(race, target)
        }
    }

    /// The estimate of the cost from `step` to the target (0 at or beyond it).
    pub fn estimate(&self, step: usize) -> C {
        if step >= self.target_step {
            return C::zero();
        }
        let d = self
            .race
            .metric
            .length(self.race.positions[step], self.goal);
        match self.weight {
            Some(w) => C::from_length(w * d),
            None => C::at_least(d, ((self.target_step - step) / self.lowest_face) as u64),
        }
    }
}
