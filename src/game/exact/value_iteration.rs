//! Layered Gauss-Seidel value iteration for a [`ChanceGame`], deterministic on any number of
//! threads.
//!
//! Layers are solved in the game's order. Inside a layer, each sweep visits the positions by
//! descending [`ChanceGame::sweep_key`] in buckets of equal key; a bucket is updated from the values
//! as they stand before it (in parallel, then written back), so the result does not depend on the
//! thread count or scheduling. Moves that capture nothing lead to larger keys, already updated in
//! the same sweep: one sweep settles the race, and only captures need further sweeps.
//!
//! A roll whose only move keeps the same position with the same mover (a self-loop) or hands the
//! turn over without changing the pieces (a pass to a partner position) is solved in closed form
//! with that partner, so positions where both sides can only pass (all pieces waiting) converge in
//! one step instead of `(5/6)^2` a sweep.

use super::{ChanceGame, Expansion, MoveOutcome};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How [`solve`] stops.
#[derive(Clone, Copy)]
pub struct ValueIterationOptions<'a> {
    /// A layer is done when a sweep changes no value by more than this and a separate pass finds
    /// the largest Bellman residual below it.
    pub tolerance: f64,
    /// The most sweeps a layer may take.
    pub max_sweeps: u32,
    /// Called after every sweep: layer index (in solving order), layers, sweep, largest change.
    pub progress: Option<&'a (dyn Fn(usize, usize, u32, f64) + Sync)>,
    /// Set from elsewhere (Ctrl-C) to stop after the current bucket.
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for ValueIterationOptions<'_> {
    fn default() -> Self {
        ValueIterationOptions {
            tolerance: 1e-12,
            max_sweeps: 10_000,
            progress: None,
            cancel: None,
        }
    }
}

/// One solved layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    /// Its positions.
    pub positions: Range<u64>,
    /// Sweeps taken (the last one's change was below the tolerance).
    pub sweeps: u32,
    /// Largest Bellman residual `|T(v) - v|` over the layer after the last sweep.
    pub residual: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The values of every position and how they were reached.
#[derive(Clone, Debug)]
pub struct GameSolution {
    /// `values[p]`: the probability that the player to move in position `p` wins.
    pub values: Vec<f64>,
    /// Per layer, in solving order.
    pub layers: Vec<LayerReport>,
}

impl GameSolution {
    /// The largest Bellman residual of any layer.
    pub fn residual(&self) -> f64 {
        self.layers.iter().map(|l| l.residual).fold(0.0, f64::max)
    }

    /// Sweeps over all layers.
    pub fn sweeps(&self) -> u64 {
        self.layers.iter().map(|l| u64::from(l.sweeps)).sum()
    }

    /// The most sweeps any layer took.
    pub fn max_sweeps(&self) -> u32 {
        self.layers.iter().map(|l| l.sweeps).max().unwrap_or(0)
    }
}

/// Why [`solve`] gave up.
#[derive(Clone, Debug, PartialEq)]
pub enum GameSolveError {
    /// The cancel flag was set.
    Cancelled,
    /// A layer still changed by more than the tolerance after `max_sweeps`.
    NotConverged {
        /// The layer's positions.
        positions: Range<u64>,
        /// Its largest change in the last sweep.
        change: f64,
    },
    /// A layer holds more positions than a `u32` sweep order can index.
    LayerTooLarge(u64),
}

impl std::fmt::Display for GameSolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameSolveError::Cancelled => write!(f, "cancelled"),
            GameSolveError::NotConverged { positions, change } => write!(
                f,
                "layer {}..{} still changed by {change:e} after the sweep limit",
                positions.start, positions.end
            ),
            GameSolveError::LayerTooLarge(n) => {
                write!(f, "a layer of {n} positions is more than 2^32")
            }
        }
    }
}

impl std::error::Error for GameSolveError {}

fn value(values: &[f64], o: MoveOutcome) -> f64 {
    match o {
        MoveOutcome::Win => 1.0,
        MoveOutcome::Loss => 0.0,
        MoveOutcome::Same(j) => values[j as usize],
        MoveOutcome::Flip(j) => 1.0 - values[j as usize],
    }
}

fn best(values: &[f64], outcomes: &[MoveOutcome]) -> f64 {
    outcomes
        .iter()
        .map(|&o| value(values, o))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// What roll `r` of an expansion is worth: its best move, or its moves' mean where the mover
/// picks at random ([`Expansion::mean`]).
fn roll_value(values: &[f64], e: &Expansion, r: usize) -> f64 {
    let outcomes = e.roll(r);
    if e.is_mean(r) {
        outcomes.iter().map(|&o| value(values, o)).sum::<f64>() / outcomes.len() as f64
    } else {
        best(values, outcomes)
    }
}

/// The Bellman update of one position: the expected best value over the rolls.
fn bellman(game: &impl ChanceGame, values: &[f64], p: u64, e: &mut Expansion) -> f64 {
    game.expand(p, e);
    let probs = game.roll_probabilities();
    (0..probs.len())
        .map(|r| probs[r] * roll_value(values, e, r))
        .sum()
}

/// A position's value split as `rest + stay * v(p) + pass * (1 - v(partner))`: `stay` is the
/// chance of rolls whose only move keeps the position, `pass` of rolls whose only move hands
/// `partner` the turn.
struct Split {
    rest: f64,
    stay: f64,
    pass: f64,
    partner: Option<u64>,
}

fn split(values: &[f64], probs: &[f64], p: u64, e: &Expansion, partner: Option<u64>) -> Split {
    let mut s = Split {
        rest: 0.0,
        stay: 0.0,
        pass: 0.0,
        partner,
    };
    for (r, &pr) in probs.iter().enumerate() {
        let outcomes = e.roll(r);
        if let [only] = outcomes {
            match *only {
                MoveOutcome::Same(j) if j == p => {
                    s.stay += pr;
                    continue;
                }
                MoveOutcome::Flip(j) if s.partner.is_none_or(|q| q == j) => {
                    s.partner = Some(j);
                    s.pass += pr;
                    continue;
                }
                _ => {}
            }
        }
        s.rest += pr * roll_value(values, e, r);
    }
    s
}

/// The update of one position with its self-loops and pass partner solved in closed form.
fn update(game: &impl ChanceGame, values: &[f64], p: u64, e: &mut Expansion) -> f64 {
    let probs = game.roll_probabilities();
    game.expand(p, e);
    let s = split(values, probs, p, e, None);
    if s.stay >= 1.0 {
        return values[p as usize];
    }
    let (a1, b1) = ((s.rest + s.pass) / (1.0 - s.stay), s.pass / (1.0 - s.stay));
    let Some(q) = s.partner else {
        return a1;
    };
    // v(p) = a1 - b1 v(q), v(q) = a2 - b2 v(p) (when q passes back to p).
    game.expand(q, e);
    let t = split(values, probs, q, e, Some(p));
    if t.stay >= 1.0 {
        return a1 - b1 * values[q as usize];
    }
    let (a2, b2) = ((t.rest + t.pass) / (1.0 - t.stay), t.pass / (1.0 - t.stay));
    (a1 - b1 * a2) / (1.0 - b1 * b2)
}

/// The layer's positions (offsets from its start) by descending sweep key, ascending rank inside
/// a key, and where each key's bucket ends.
fn sweep_order(game: &impl ChanceGame, layer: &Range<u64>) -> (Vec<u32>, Vec<usize>) {
    let keys: Vec<u32> = (layer.start..layer.end)
        .into_par_iter()
        .map(|p| game.sweep_key(p))
        .collect();
    let top = keys.iter().copied().max().unwrap_or(0) as usize;
    let mut count = vec![0usize; top + 1];
    for &k in &keys {
        count[top - k as usize] += 1;
    }
    let mut ends = Vec::new();
    let mut start = vec![0usize; top + 1];
    let mut sum = 0;
    for (i, c) in count.iter().enumerate() {
        start[i] = sum;
        sum += c;
        if *c > 0 {
            ends.push(sum);
        }
    }
    let mut order = vec![0u32; keys.len()];
    for (i, &k) in keys.iter().enumerate() {
        let slot = &mut start[top - k as usize];
        order[*slot] = i as u32;
        *slot += 1;
    }
    (order, ends)
}

/// The largest Bellman residual `|T(v)(p) - v(p)|` over `positions`.
pub fn residual(game: &impl ChanceGame, values: &[f64], positions: Range<u64>) -> f64 {
    positions
        .into_par_iter()
        .map_init(Expansion::default, |e, p| {
            (bellman(game, values, p, e) - values[p as usize]).abs()
        })
        .reduce(|| 0.0, f64::max)
}

/// Solves every position: the probability that the player to move wins under optimal play.
///
/// Runs on the current rayon pool. The values are the same for any number of threads.
pub fn solve(
    game: &impl ChanceGame,
    options: &ValueIterationOptions,
) -> Result<GameSolution, GameSolveError> {
    let layers = game.layers();
    let mut values = vec![0.5f64; game.positions() as usize];
    let mut reports = Vec::with_capacity(layers.len());
    for (index, layer) in layers.iter().enumerate() {
        let started = Instant::now();
        let n = layer.end - layer.start;
        if n > u64::from(u32::MAX) {
            return Err(GameSolveError::LayerTooLarge(n));
        }
        let (order, ends) = sweep_order(game, layer);
        let mut fresh: Vec<f64> = Vec::new();
        let mut sweeps = 0;
        let residual = loop {
            if sweeps == options.max_sweeps {
                return Err(GameSolveError::NotConverged {
                    positions: layer.clone(),
                    change: f64::NAN,
                });
            }
            sweeps += 1;
            let mut change = 0.0f64;
            let mut begin = 0;
            for &end in &ends {
                if options.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return Err(GameSolveError::Cancelled);
                }
                let bucket = &order[begin..end];
                bucket
                    .par_iter()
                    .map_init(Expansion::default, |e, &o| {
                        update(game, &values, layer.start + u64::from(o), e)
                    })
                    .collect_into_vec(&mut fresh);
                for (&o, &v) in bucket.iter().zip(&fresh) {
                    let slot = &mut values[(layer.start + u64::from(o)) as usize];
                    let delta = v - *slot;
                    change = change.max(delta.abs());
                    *slot = v;
                }
                begin = end;
            }
            if let Some(report) = options.progress {
                report(index, layers.len(), sweeps, change);
            }
            if change < options.tolerance {
                let r = residual(game, &values, layer.clone());
                if r < options.tolerance {
                    break r;
                }
            }
        };
        reports.push(LayerReport {
            positions: layer.clone(),
            sweeps,
            residual,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    Ok(GameSolution {
        values,
        layers: reports,
    })
}

/// The optimal move of `position` for roll index `roll`: the index of the first move with the
/// highest value among the roll's moves (in the game's move order), and that value.
pub fn best_move(
    game: &impl ChanceGame,
    values: &[f64],
    position: u64,
    roll: usize,
) -> (usize, f64) {
    let mut e = Expansion::default();
    game.expand(position, &mut e);
    let mut choice = (0, f64::NEG_INFINITY);
    for (i, &o) in e.roll(roll).iter().enumerate() {
        let v = value(values, o);
        if v > choice.1 {
            choice = (i, v);
        }
    }
    choice
}
