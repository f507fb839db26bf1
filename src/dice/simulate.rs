//! A seeded Monte Carlo player: the same rules and the same policy as the exact solver, games played
//! in parallel (rayon) in fixed chunks, each chunk with its own generator, so a seed gives the same
//! result on any number of cores.

use super::exact::{ENTER, Exact, PASS};
use super::state::{Action, DiceMove, Model};
use super::{DiceError, DicePolicy};
use crate::cancel;
use crate::random::SplitMix64;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games per chunk: each chunk is one task with its own generator.
const CHUNK: u64 = 1024;

/// Rolls after which a game is declared stuck (a policy that never finishes).
const MAX_ROLLS: u64 = 10_000_000;

/// A sample mean with its 95% confidence interval (normal approximation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    /// Sample mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Interval {
    fn from_sums(n: f64, sum: f64, squares: f64) -> Interval {
        let mean = sum / n;
        let var = if n > 1.0 {
            ((squares - sum * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n).sqrt();
        Interval {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// Whether `x` lies inside the interval, up to float rounding (a policy that always moves the
    /// same distance has an interval of width 0).
    pub fn contains(&self, x: f64) -> bool {
        let slack = 1e-9 * self.low.abs().max(self.high.abs()).max(1.0);
        self.low - slack <= x && x <= self.high + slack
    }
}

/// What a simulation measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Simulation {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Turns per game.
    pub turns: Interval,
    /// Rolls per game.
    pub rolls: Interval,
    /// Distance per game, board units.
    pub distance: Interval,
}

/// Plays one game; `None` if it did not finish within [`MAX_ROLLS`].
fn play(
    model: &Model,
    exact: &Exact,
    policy: DicePolicy,
    rng: &mut SplitMix64,
) -> Option<[f64; 3]> {
    let f = model.faces.len();
    let mut s = model.initial();
    let (mut turns, mut rolls, mut dist) = (0u64, 0u64, 0.0);
    let mut moves: Vec<DiceMove> = Vec::new();
    if model.finished(&s) {
        return Some([0.0, 0.0, 0.0]);
    }
    loop {
        turns += 1;
        let mut failed = 0;
        loop {
            rolls += 1;
            if rolls > MAX_ROLLS {
                return None;
            }
            let face = rng.range(0, f as u64 - 1) as usize;
            model.moves(&s, face, &mut moves);
            if moves.is_empty() {
                if model.bonus[face] {
                    failed = 0;
                    continue;
                }
                failed += 1;
                let tries = if model.tries_here(&s) {
                    model.rules.tries
                } else {
                    1
                };
                if failed < tries {
                    continue;
                }
                break;
            }
            let mv = if policy == DicePolicy::Random {
                moves[rng.range(0, moves.len() as u64 - 1) as usize]
            } else {
                let want = exact.choice[model.index(&s) * f + face];
                if want == PASS {
                    if model.bonus[face] {
                        failed = 0;
                        continue;
                    }
                    break;
                }
                let code = |m: &DiceMove| match m.action {
                    Action::Enter => ENTER,
                    Action::Step { from, .. } => from as u8,
                };
                moves
                    .iter()
                    .copied()
                    .find(|m| code(m) == want)
                    .unwrap_or(moves[0])
            };
            dist += mv.cost;
            s = mv.next;
            if model.finished(&s) {
                return Some([turns as f64, rolls as f64, dist]);
            }
            if !model.bonus[face] {
                break;
            }
            failed = 0;
        }
    }
}

/// Plays `games` games of `policy` (its table from `exact`) from the model's start, seeded by `seed`.
pub fn simulate(
    model: &Model,
    exact: &Exact,
    policy: DicePolicy,
    games: u64,
    seed: u64,
) -> Result<Simulation, DiceError> {
    simulate_with(model, exact, policy, games, seed, None)
}

/// [`simulate`], which adds each chunk's games to `played` when done (for a display on another thread), and stops with
/// [`DiceError::Cancelled`] at the next chunk after a [`cancel`] request.
pub(crate) fn simulate_with(
    model: &Model,
    exact: &Exact,
    policy: DicePolicy,
    games: u64,
    seed: u64,
    played: Option<&AtomicU64>,
) -> Result<Simulation, DiceError> {
    let chunks = games.div_ceil(CHUNK);
    let sums = (0..chunks)
        .into_par_iter()
        .map(|c| {
            if cancel::requested() {
                return Err(DiceError::Cancelled);
            }
            let mut rng = SplitMix64::new(seed ^ c.wrapping_mul(0xD1B5_4A32_D192_ED03));
            let mut acc = [0.0f64; 6];
            let n = CHUNK.min(games - c * CHUNK);
            for _ in 0..n {
                let Some(g) = play(model, exact, policy, &mut rng) else {
                    return Err(DiceError::NeverFinishes {
                        policy: policy.name(),
                    });
                };
                for k in 0..3 {
                    acc[2 * k] += g[k];
                    acc[2 * k + 1] += g[k] * g[k];
                }
            }
            if let Some(p) = played {
                p.fetch_add(n, Ordering::Relaxed);
            }
            Ok(acc)
        })
        .try_reduce(|| [0.0; 6], |a, b| Ok(std::array::from_fn(|k| a[k] + b[k])))?;
    let n = games as f64;
    Ok(Simulation {
        games,
        seed,
        turns: Interval::from_sums(n, sums[0], sums[1]),
        rolls: Interval::from_sums(n, sums[2], sums[3]),
        distance: Interval::from_sums(n, sums[4], sums[5]),
    })
}
