//! Layered Gauss-Seidel interval iteration for a [`ChanceGame`]: a lower and an upper bound on
//! every value, iterated together until they meet, deterministic on any number of threads.
//!
//! Every position starts with the bounds `[0, 1]`. An update computes both bounds from the
//! successors' bounds: a move that keeps the mover takes the successor's bound of the same kind,
//! a move that hands the turn over (worth `1 - v`) takes the other kind (`1 - upper` into the
//! lower bound, `1 - lower` into the upper). The update is monotone, so bounds that hold before
//! it hold after it, and the true values stay inside them from the first sweep to the last; a
//! layer is done when every position's upper bound is within the tolerance of its lower bound.
//! The certificate needs no contraction constant, only that the game ends with probability 1
//! (which makes the two bounds meet). The arithmetic is `f64` rounded to nearest, so each bound
//! holds up to the rounding of its last update (a few units of `2^-53`).
//!
//! Layers are solved in the game's order. Inside a layer, each sweep visits the positions by
//! descending [`ChanceGame::sweep_key`] in buckets of equal key; a bucket is updated from the
//! bounds as they stand before it (in parallel, then written back), so the result does not
//! depend on the thread count or scheduling. Moves that capture nothing lead to larger keys,
//! already updated in the same sweep: one sweep settles the race, and only captures need more.
//!
//! A position whose gap falls to half the tolerance is frozen: it leaves the sweep order and
//! keeps its bounds (which hold, and are close enough) while the rest of its layer converges. The
//! gaps of a layer span many orders of magnitude (a race near its end settles in one sweep, a
//! position among capture cycles takes dozens), so later sweeps visit a fraction of the layer.
//!
//! A roll whose only move keeps the same position with the same mover (a self-loop) or hands the
//! turn over without changing the pieces (a pass to a partner position) is solved in closed form
//! with that partner, so positions where both sides can only pass (all pieces waiting) converge in
//! one step instead of `(5/6)^2` a sweep.

use super::storage::{OrderBuf, huge_vec};
use super::{BoundsTable, ChanceGame, Expansion, MoveOutcome, Slot};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

/// How [`solve`] stops; `S` is how the bounds are stored ([`Slot`]), which the checkpoint
/// must store alike.
#[derive(Clone, Copy)]
pub struct ValueIterationOptions<'a, S: Slot = Bounds> {
    /// A layer is done when every position's upper bound is at most this above its lower bound
    /// (at least `S::FINEST`).
    pub tolerance: f64,
    /// The most sweeps a layer may take.
    pub max_sweeps: u32,
    /// Called after every sweep: layer index (in solving order), layers, sweep, and the largest
    /// gap between a position's bounds.
    pub progress: Option<&'a (dyn Fn(usize, usize, u32, f64) + Sync)>,
    /// Set from elsewhere (Ctrl-C) to stop after the current bucket.
    pub cancel: Option<&'a AtomicBool>,
    /// Where finished layers are kept, so that a solve that stops resumes after the last one.
    pub checkpoint: Option<&'a dyn Checkpoint<S>>,
}

/// A store of finished layers: a solve restores each layer it finds there instead of solving it,
/// and saves each layer it solves. Restored bounds are the saved bytes, and the iteration is
/// deterministic, so a resumed solve ends with the same bounds as one that never stopped.
pub trait Checkpoint<S: Slot = Bounds>: Sync {
    /// Layer `index` (in solving order, positions `layer`) into `bounds[layer]`, with its report,
    /// if it was saved; an error where what is saved is not this solve's or is damaged.
    fn load(
        &self,
        index: usize,
        layer: &Range<u64>,
        bounds: &mut [S],
    ) -> Result<Option<LayerReport>, String>;
    /// Saves a finished layer (`bounds` are the layer's own).
    fn save(&self, index: usize, bounds: &[S], report: &LayerReport) -> Result<(), String>;
    /// A file for layer `index`'s sweep order while it is solved out of core (its contents are
    /// replaced), so that the order's pages are the file's, not anonymous memory; `None`: the
    /// order stays in memory.
    fn scratch(&self, _index: usize) -> Result<Option<std::fs::File>, String> {
        Ok(None)
    }
    /// Called after layer `index` is saved or restored: a store whose files hold its bounds
    /// maps them over the table's ([`BoundsTable::map_file`]; out of core only).
    fn keep(
        &self,
        _index: usize,
        _layer: &Range<u64>,
        _bounds: &mut BoundsTable<S>,
    ) -> Result<(), String> {
        Ok(())
    }
}

impl<S: Slot> Default for ValueIterationOptions<'_, S> {
    fn default() -> Self {
        ValueIterationOptions {
            tolerance: 1e-12,
            max_sweeps: 10_000,
            progress: None,
            cancel: None,
            checkpoint: None,
        }
    }
}

/// One solved layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    /// Its positions.
    pub positions: Range<u64>,
    /// Sweeps taken (after the last one every gap was within the tolerance).
    pub sweeps: u32,
    /// Position updates over all sweeps: frozen positions are not updated, so this is less than
    /// `sweeps` times the positions.
    pub updates: u64,
    /// The largest gap `upper - lower` of any position of the layer.
    pub gap: f64,
    /// Largest Bellman residual `|T(v) - v|` of the midpoints `v = (lower + upper) / 2`.
    pub residual: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A lower and an upper bound on a value.
pub type Bounds = [f64; 2];

/// The bounds of every position and how they were reached.
#[derive(Clone, Debug)]
pub struct GameSolution<S: Slot = Bounds> {
    /// `bounds[p]`: the lower and the upper bound on the probability that the player to move in
    /// position `p` wins, as stored ([`GameSolution::bounds_of`] reads them).
    pub bounds: BoundsTable<S>,
    /// Per layer, in solving order.
    pub layers: Vec<LayerReport>,
}

impl<S: Slot> GameSolution<S> {
    /// Position `p`'s bounds.
    #[inline]
    pub fn bounds_of(&self, p: u64) -> Bounds {
        self.bounds[p as usize].get()
    }

    /// Position `p`'s value: the middle of its bounds, within half the gap of the true value.
    #[inline]
    pub fn value(&self, p: u64) -> f64 {
        mid(self.bounds_of(p))
    }
}

impl GameSolution {
    /// Every position's value ([`GameSolution::value`]), by rank; the bounds' memory is reused.
    pub fn into_values(self) -> Vec<f64> {
        let n = self.bounds.len();
        let mut flat = self.bounds.into_vec().into_flattened();
        for i in 0..n {
            flat[i] = (flat[2 * i] + flat[2 * i + 1]) / 2.0;
        }
        flat.truncate(n);
        flat.shrink_to_fit();
        flat
    }
}

impl<S: Slot> GameSolution<S> {
    /// The largest Bellman residual of any layer's midpoints.
    pub fn residual(&self) -> f64 {
        self.layers.iter().map(|l| l.residual).fold(0.0, f64::max)
    }

    /// The largest gap between any position's bounds.
    pub fn gap(&self) -> f64 {
        self.layers.iter().map(|l| l.gap).fold(0.0, f64::max)
    }

    /// Sweeps over all layers.
    pub fn sweeps(&self) -> u64 {
        self.layers.iter().map(|l| u64::from(l.sweeps)).sum()
    }

    /// Position updates over all layers.
    pub fn updates(&self) -> u64 {
        self.layers.iter().map(|l| l.updates).sum()
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
    /// A layer's bounds were still further apart than the tolerance after `max_sweeps`.
    NotConverged {
        /// The layer's positions.
        positions: Range<u64>,
        /// Its largest gap after the last sweep.
        change: f64,
    },
    /// A layer holds more positions than a `u32` sweep order can index.
    LayerTooLarge(u64),
    /// The checkpoint could not be read or written.
    Checkpoint(String),
    /// The tolerance is finer than the bounds' encoding can reach ([`Slot::FINEST`]).
    ToleranceTooFine {
        /// The tolerance asked for.
        tolerance: f64,
        /// The finest the encoding reaches.
        finest: f64,
        /// The encoding ([`Slot::NAME`]).
        encoding: &'static str,
    },
}

impl std::fmt::Display for GameSolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameSolveError::Cancelled => write!(f, "cancelled"),
            GameSolveError::NotConverged { positions, change } => write!(
                f,
                "layer {}..{}: bounds still {change:e} apart after the sweep limit",
                positions.start, positions.end
            ),
            GameSolveError::LayerTooLarge(n) => {
                write!(f, "a layer of {n} positions is more than 2^32")
            }
            GameSolveError::Checkpoint(what) => write!(f, "checkpoint: {what}"),
            GameSolveError::ToleranceTooFine {
                tolerance,
                finest,
                encoding,
            } => write!(
                f,
                "a gap of {tolerance:e} is finer than bounds stored {encoding} reach \
                 ({finest:e} at the finest)"
            ),
        }
    }
}

impl std::error::Error for GameSolveError {}

#[inline]
fn mid(b: Bounds) -> f64 {
    (b[0] + b[1]) / 2.0
}

/// What a move is worth given every position's value `values(j)`.
#[inline]
fn value(values: impl Fn(usize) -> f64, o: MoveOutcome) -> f64 {
    match o {
        MoveOutcome::Win => 1.0,
        MoveOutcome::Loss => 0.0,
        MoveOutcome::Same(j) => values(j as usize),
        MoveOutcome::Flip(j) => 1.0 - values(j as usize),
    }
}

/// What a move is worth, as bounds: a flip takes the other kind of bound.
#[inline]
fn bound<S: Slot>(bounds: &[S], o: MoveOutcome) -> Bounds {
    match o {
        MoveOutcome::Win => [1.0, 1.0],
        MoveOutcome::Loss => [0.0, 0.0],
        MoveOutcome::Same(j) => bounds[j as usize].get(),
        MoveOutcome::Flip(j) => {
            let [lo, hi] = bounds[j as usize].get();
            [1.0 - hi, 1.0 - lo]
        }
    }
}

/// What roll `r` of an expansion is worth under `values`: its best move, or its moves' mean
/// where the mover picks at random ([`Expansion::mean`]).
fn roll_value(values: &impl Fn(usize) -> f64, e: &Expansion, r: usize) -> f64 {
    let outcomes = e.roll(r);
    let each = outcomes.iter().map(|&o| value(values, o));
    if e.is_mean(r) {
        each.sum::<f64>() / outcomes.len() as f64
    } else {
        each.fold(f64::NEG_INFINITY, f64::max)
    }
}

/// What a roll with these `outcomes` is worth, as bounds: the best (or with `mean`, the mean)
/// of each kind separately, which keeps both bounds (the maximum and the mean are monotone).
#[inline]
fn roll_bounds<S: Slot>(bounds: &[S], outcomes: &[MoveOutcome], mean: bool) -> Bounds {
    if mean {
        let n = outcomes.len() as f64;
        let [lo, hi] = outcomes.iter().fold([0.0, 0.0], |[l, h], &o| {
            let [a, b] = bound(bounds, o);
            [l + a, h + b]
        });
        [lo / n, hi / n]
    } else {
        // A plain comparison: bounds are never NaN, and `f64::max` spends three instructions
        // on NaN where this takes one.
        outcomes
            .iter()
            .fold([f64::NEG_INFINITY, f64::NEG_INFINITY], |[l, h], &o| {
                let [a, b] = bound(bounds, o);
                [if a > l { a } else { l }, if b > h { b } else { h }]
            })
    }
}

/// The Bellman backup of an expanded position under `values`: the expected best value over the
/// rolls.
fn backup(probs: &[f64], values: &impl Fn(usize) -> f64, e: &Expansion) -> f64 {
    (0..probs.len())
        .map(|r| probs[r] * roll_value(values, e, r))
        .sum()
}

/// A position's bounds split as `rest + stay * v(p) + pass * (1 - v(partner))`: `stay` is the
/// chance of rolls whose only move keeps the position, `pass` of rolls whose only move hands
/// `partner` the turn; `rest` holds both kinds of bound.
struct Split {
    rest: Bounds,
    stay: f64,
    pass: f64,
}

fn split<S: Slot>(
    bounds: &[S],
    probs: &[f64],
    p: u64,
    e: &Expansion,
    partner: Option<u64>,
) -> Split {
    let mut s = Split {
        rest: [0.0, 0.0],
        stay: 0.0,
        pass: 0.0,
    };
    // Each roll's outcomes follow the last's (`Expansion::roll` without its look-ups).
    debug_assert_eq!(e.ends.len(), probs.len(), "one end a roll");
    let mut start = 0;
    for (r, (&pr, &end)) in probs.iter().zip(&e.ends).enumerate() {
        let outcomes = &e.outcomes[start..end];
        start = end;
        if let [only] = outcomes {
            match *only {
                MoveOutcome::Same(j) if j == p => {
                    s.stay += pr;
                    continue;
                }
                MoveOutcome::Flip(j) if partner == Some(j) => {
                    s.pass += pr;
                    continue;
                }
                _ => {}
            }
        }
        let [lo, hi] = roll_bounds(bounds, outcomes, e.is_mean(r));
        s.rest[0] += pr * lo;
        s.rest[1] += pr * hi;
    }
    s
}

/// The partner of a position whose expansion is `e`: the position its first pass that hands the
/// turn over leads to ([`Expansion::pass`]; see [`split`]).
///
/// Only a pass: a forced move (a roll with a single move) also hands the turn over, but pairing
/// it expands its successor again for nothing, since a race step's successor was updated earlier
/// in the sweep. Pairing those was nearly half of all expansions (8.9 million beside 19.9 million
/// updates with 2 pieces), and finding passes by the partner's sweep key instead cost an
/// `unrank` a candidate (11% of a profile).
#[inline]
fn partner_of(e: &Expansion, rolls: usize) -> Option<u64> {
    (0..rolls).find_map(|r| match e.roll(r) {
        [MoveOutcome::Flip(j)] if e.is_pass(r) => Some(*j),
        _ => None,
    })
}

/// The update of one position's bounds from its expansion `own` (and its partner's, where it has
/// one) with its self-loops and pass partner solved in closed form: `v(p) = a1 - b1 v(q)` and
/// `v(q) = a2 - b2 v(p)`, the lower bound of `p` from the upper bound of `q` and the other way
/// round.
fn settle<S: Slot>(
    bounds: &[S],
    probs: &[f64],
    p: u64,
    own: &Expansion,
    partner: Option<(u64, &Expansion)>,
) -> Bounds {
    let s = split(bounds, probs, p, own, partner.map(|(q, _)| q));
    if s.stay >= 1.0 {
        return bounds[p as usize].get();
    }
    let keep = 1.0 - s.stay;
    let a1 = [(s.rest[0] + s.pass) / keep, (s.rest[1] + s.pass) / keep];
    let b1 = s.pass / keep;
    let Some((q, theirs)) = partner else {
        return a1;
    };
    let t = split(bounds, probs, q, theirs, Some(p));
    if t.stay >= 1.0 {
        let [lo, hi] = bounds[q as usize].get();
        return [a1[0] - b1 * hi, a1[1] - b1 * lo];
    }
    let keep = 1.0 - t.stay;
    let a2 = [(t.rest[0] + t.pass) / keep, (t.rest[1] + t.pass) / keep];
    let b2 = t.pass / keep;
    let d = 1.0 - b1 * b2;
    [(a1[0] - b1 * a2[1]) / d, (a1[1] - b1 * a2[0]) / d]
}

/// Positions expanded together before any of their bounds is read: the successors' bounds are
/// asked of memory (prefetched) while the next positions expand, so the misses of a large table
/// overlap instead of stalling one update after another.
const STAGE: usize = 16;

/// The expansions of one stage: `2 i` is position `i`'s own, `2 i + 1` its partner's.
struct Stage {
    expansions: Vec<Expansion>,
    partners: [Option<u64>; STAGE],
}

impl Stage {
    fn new() -> Self {
        Stage {
            expansions: (0..2 * STAGE).map(|_| Expansion::default()).collect(),
            partners: [None; STAGE],
        }
    }
}

thread_local! {
    /// Each worker's stage, made once: rayon splits a bucket into many jobs.
    static STAGE_BUFFERS: std::cell::RefCell<Stage> = std::cell::RefCell::new(Stage::new());
}

/// Asks for a successor's bounds (or value) ahead of their use.
#[inline(always)]
fn prefetch<T>(bounds: &[T], e: &Expansion) {
    #[cfg(target_arch = "x86_64")]
    for &o in &e.outcomes {
        if let MoveOutcome::Same(j) | MoveOutcome::Flip(j) = o
            && let Some(slot) = bounds.get(j as usize)
        {
            // SAFETY: a prefetch reads nothing; the address is an element of `bounds`.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    (slot as *const T).cast(),
                )
            };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bounds, e);
}

/// New bounds of `positions` into `out`, from `bounds` as they stand.
fn update_stage<S: Slot>(
    game: &impl ChanceGame,
    bounds: &[S],
    positions: impl ExactSizeIterator<Item = u64> + Clone,
    stage: &mut Stage,
    out: &mut [S],
) {
    let probs = game.roll_probabilities();
    let rolls = probs.len();
    for (i, p) in positions.clone().enumerate() {
        let (own, rest) = stage.expansions[2 * i..].split_at_mut(1);
        game.expand(p, &mut own[0]);
        prefetch(bounds, &own[0]);
        stage.partners[i] = partner_of(&own[0], rolls);
        if let Some(q) = stage.partners[i] {
            game.expand(q, &mut rest[0]);
            prefetch(bounds, &rest[0]);
        }
    }
    for ((i, p), slot) in positions.enumerate().zip(out) {
        let partner = stage.partners[i].map(|q| (q, &stage.expansions[2 * i + 1]));
        *slot = S::put(settle(bounds, probs, p, &stage.expansions[2 * i], partner));
    }
}

/// Positions a job of [`sweep_order`] keys at a time, at least: a layer is cut into at most
/// [`ORDER_CHUNKS`] chunks, so that the counts (a `usize` per chunk and key) stay a few megabytes
/// for any layer.
const ORDER_CHUNK: u64 = 1 << 16;

/// The most chunks [`sweep_order`] cuts a layer into.
const ORDER_CHUNKS: u64 = 1 << 10;

/// The layer's positions (offsets from its start) by descending sweep key, ascending rank inside
/// a key, written into `order` (a `u32` a position); where each key's bucket ends is returned.
///
/// Two passes, each key computed twice and none kept: the first counts every key in each chunk of
/// the layer, which gives each chunk's first slot in each bucket; the second writes each chunk's
/// positions there. Chunks write disjoint slots, so both passes run in parallel, and the order
/// is the same on any number of threads.
fn sweep_order(game: &impl ChanceGame, layer: &Range<u64>, order: &mut [u32]) -> Vec<usize> {
    let n = layer.end - layer.start;
    let size = ORDER_CHUNK.max(n.div_ceil(ORDER_CHUNKS));
    let chunks = n.div_ceil(size);
    let chunk = |c: u64| layer.start + c * size..(layer.start + (c + 1) * size).min(layer.end);
    let counts: Vec<Vec<usize>> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut count = Vec::new();
            for p in chunk(c) {
                let k = game.sweep_key(p) as usize;
                if k >= count.len() {
                    count.resize(k + 1, 0);
                }
                count[k] += 1;
            }
            count
        })
        .collect();
    let keys = counts.iter().map(Vec::len).max().unwrap_or(0);
    // starts[c][k]: chunk c's first slot among key k's, buckets by descending key.
    let mut starts = vec![vec![0usize; keys]; counts.len()];
    let mut ends = Vec::new();
    let mut sum = 0;
    for k in (0..keys).rev() {
        let before = sum;
        for (c, count) in counts.iter().enumerate() {
            starts[c][k] = sum;
            sum += count.get(k).copied().unwrap_or(0);
        }
        if sum > before {
            ends.push(sum);
        }
    }
    debug_assert_eq!(sum as u64, n);
    // Chunks write disjoint slots (each its own run of each bucket); as atomics, a game whose
    // keys changed between the passes would garble the order, never memory.
    // SAFETY: `AtomicU32` has the size and alignment of `u32`, and `order` is borrowed
    // exclusively for as long as `slots` lives.
    let slots: &[AtomicU32] = unsafe { &*(order as *mut [u32] as *const [AtomicU32]) };
    starts
        .into_par_iter()
        .enumerate()
        .for_each(|(c, mut next)| {
            for p in chunk(c as u64) {
                let k = game.sweep_key(p) as usize;
                slots[next[k]].store((p - layer.start) as u32, Ordering::Relaxed);
                next[k] += 1;
            }
        });
    ends
}

/// The largest Bellman residual `|T(v)(p) - v(p)|` over `positions`.
pub fn residual(game: &impl ChanceGame, values: &[f64], positions: Range<u64>) -> f64 {
    residual_of(game, values, |&v| v, positions)
}

/// [`residual`] where position `j`'s value is `value(&slots[j])`.
///
/// Staged like the sweeps: a stage's positions are expanded and their successors prefetched
/// before any is backed up. One backup at a time, every successor a miss in the 2.7 GB of the
/// 3-piece bounds, the fifth group's residual and checkpoint took 25 CPU-seconds after its last
/// sweep on one thread; staged, 16.
fn residual_of<T: Sync>(
    game: &impl ChanceGame,
    slots: &[T],
    value: impl Fn(&T) -> f64 + Sync,
    positions: Range<u64>,
) -> f64 {
    let probs = game.roll_probabilities();
    let values = |j: usize| value(&slots[j]);
    let stages = (positions.end - positions.start).div_ceil(STAGE as u64);
    (0..stages)
        .into_par_iter()
        .map_init(
            || vec![Expansion::default(); STAGE],
            |expansions, s| {
                let first = positions.start + s * STAGE as u64;
                let stage = first..(first + STAGE as u64).min(positions.end);
                for (p, e) in stage.clone().zip(expansions.iter_mut()) {
                    game.expand(p, e);
                    prefetch(slots, e);
                }
                stage
                    .zip(expansions.iter())
                    .map(|(p, e)| (backup(probs, &values, e) - values(p as usize)).abs())
                    .fold(0.0, f64::max)
            },
        )
        .reduce(|| 0.0, f64::max)
}

/// Solves every position: bounds on the probability that the player to move wins under optimal
/// play, at most `options.tolerance` apart.
///
/// Runs on the current rayon pool. The bounds are the same for any number of threads.
pub fn solve(
    game: &impl ChanceGame,
    options: &ValueIterationOptions,
) -> Result<GameSolution, GameSolveError> {
    let bounds = huge_vec(game.positions() as usize, [0.0, 1.0]);
    solve_into(game, bounds.into(), options)
}

/// Whether bounds stored as `S` can meet within `tolerance`: refused
/// ([`GameSolveError::ToleranceTooFine`]) where it is finer than [`Slot::FINEST`] or NaN.
/// [`solve_into`] checks it; a caller may check before it allocates the bounds.
///
/// ```
/// use boardpath::game::exact::{Bounds, Packed, check_tolerance};
/// assert!(check_tolerance::<Bounds>(1e-12).is_ok());
/// assert!(check_tolerance::<Packed>(1e-11).is_ok());
/// assert!(check_tolerance::<Packed>(1e-12).is_err());
/// assert!(check_tolerance::<Bounds>(f64::NAN).is_err());
/// ```
pub fn check_tolerance<S: Slot>(tolerance: f64) -> Result<(), GameSolveError> {
    if tolerance.is_nan() || tolerance < S::FINEST {
        return Err(GameSolveError::ToleranceTooFine {
            tolerance,
            finest: S::FINEST,
            encoding: S::NAME,
        });
    }
    Ok(())
}

/// [`solve`] in `bounds` (a bound per position): out of core where they are
/// [`BoundsTable::reserve`]d, each layer's bounds set to `[0, 1]` as it starts
/// ([`BoundsTable::prepare`]) and mapped from the checkpoint once saved ([`Checkpoint::keep`]).
///
/// `S` is how the bounds are stored: two `f64` ([`Bounds`]), or 8 bytes
/// ([`Packed`](super::Packed)) for a tolerance of at least its [`Slot::FINEST`] (a finer one is
/// refused: [`GameSolveError::ToleranceTooFine`]).
pub fn solve_into<S: Slot>(
    game: &impl ChanceGame,
    mut bounds: BoundsTable<S>,
    options: &ValueIterationOptions<S>,
) -> Result<GameSolution<S>, GameSolveError> {
    assert_eq!(
        bounds.len() as u64,
        game.positions(),
        "a bound per position"
    );
    check_tolerance::<S>(options.tolerance)?;
    let layers = game.layers();
    let mut reports = Vec::with_capacity(layers.len());
    for (index, layer) in layers.iter().enumerate() {
        if let Some(store) = options.checkpoint
            && let Some(report) = store
                .load(index, layer, &mut bounds)
                .map_err(GameSolveError::Checkpoint)?
        {
            store
                .keep(index, layer, &mut bounds)
                .map_err(GameSolveError::Checkpoint)?;
            reports.push(report);
            continue;
        }
        bounds.prepare(layer);
        let started = Instant::now();
        let out_of_core = bounds.is_out_of_core();
        let (sweeps, gap, updates) = solve_layer(
            game,
            &mut bounds,
            out_of_core,
            layer,
            index,
            layers.len(),
            options,
        )?;
        let residual = residual_of(game, &bounds[..], |b| mid(b.get()), layer.clone());
        let report = LayerReport {
            positions: layer.clone(),
            sweeps,
            updates,
            gap,
            residual,
            seconds: started.elapsed().as_secs_f64(),
        };
        if let Some(store) = options.checkpoint {
            let own = &bounds[layer.start as usize..layer.end as usize];
            store
                .save(index, own, &report)
                .map_err(GameSolveError::Checkpoint)?;
            store
                .keep(index, layer, &mut bounds)
                .map_err(GameSolveError::Checkpoint)?;
        }
        reports.push(report);
    }
    Ok(GameSolution {
        bounds,
        layers: reports,
    })
}

/// A position whose gap is at most this share of the tolerance is frozen (see the module
/// documentation): it is not updated again in its layer.
const FREEZE_SHARE: f64 = 0.5;

/// Sweeps one layer until its bounds meet: the sweeps taken, the largest gap left and the
/// position updates made.
fn solve_layer<S: Slot>(
    game: &impl ChanceGame,
    bounds: &mut [S],
    out_of_core: bool,
    layer: &Range<u64>,
    index: usize,
    layers: usize,
    options: &ValueIterationOptions<S>,
) -> Result<(u32, f64, u64), GameSolveError> {
    let n = layer.end - layer.start;
    if n > u64::from(u32::MAX) {
        return Err(GameSolveError::LayerTooLarge(n));
    }
    let scratch = match options.checkpoint {
        Some(store) if out_of_core => store.scratch(index).map_err(GameSolveError::Checkpoint)?,
        _ => None,
    };
    let mut order = OrderBuf::new(n as usize, scratch)
        .map_err(|e| GameSolveError::Checkpoint(format!("the sweep order's file: {e}")))?;
    let mut ends = sweep_order(game, layer, &mut order);
    // Made once at the largest bucket's size: its memory is counted (`group_bytes`).
    let largest = ends
        .iter()
        .scan(0, |before, &end| Some(end - std::mem::replace(before, end)))
        .max()
        .unwrap_or(0);
    let mut fresh: Vec<S> = Vec::with_capacity(largest);
    let (mut sweeps, mut updates) = (0, 0);
    // The largest gap of a frozen position: frozen gaps never change again.
    let mut frozen = 0.0f64;
    let freeze = options.tolerance * FREEZE_SHARE;
    loop {
        if sweeps == options.max_sweeps {
            return Err(GameSolveError::NotConverged {
                positions: layer.clone(),
                change: f64::NAN,
            });
        }
        sweeps += 1;
        updates += order.len() as u64;
        let active = Sweep {
            layer,
            order: &mut order,
            ends: &mut ends,
            freeze,
        };
        let gaps = active.run(game, bounds, &mut fresh, options.cancel)?;
        frozen = frozen.max(gaps.frozen);
        let gap = gaps.open.max(frozen);
        if let Some(report) = options.progress {
            report(index, layers, sweeps, gap);
        }
        if gap <= options.tolerance {
            return Ok((sweeps, gap, updates));
        }
    }
}

/// The positions a sweep updates: offsets into `layer`, by buckets ending at `ends` (see
/// [`sweep_order`]); a position whose new gap is at most `freeze` is dropped from them.
struct Sweep<'a> {
    layer: &'a Range<u64>,
    order: &'a mut OrderBuf,
    ends: &'a mut Vec<usize>,
    freeze: f64,
}

impl Sweep<'_> {
    /// Updates every position bucket by bucket, each bucket from the bounds as they stand before
    /// it (in parallel, then written back in parallel), and drops the frozen positions from the
    /// order (compacting it in place). Returns the largest gaps seen.
    fn run<S: Slot>(
        self,
        game: &impl ChanceGame,
        bounds: &mut [S],
        fresh: &mut Vec<S>,
        cancel: Option<&AtomicBool>,
    ) -> Result<Gaps, GameSolveError> {
        let start = self.layer.start;
        let (mut begin, mut kept) = (0, 0);
        let mut gaps = Gaps::default();
        let mut kept_ends = Vec::with_capacity(self.ends.len());
        for &end in self.ends.iter() {
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(GameSolveError::Cancelled);
            }
            let bucket = &self.order[begin..end];
            let read: &[S] = bounds;
            fresh.resize(bucket.len(), S::UNKNOWN);
            bucket
                .par_chunks(STAGE)
                .zip(fresh.par_chunks_mut(STAGE))
                .for_each(|(chunk, out)| {
                    let positions = chunk.iter().map(|&o| start + u64::from(o));
                    STAGE_BUFFERS.with_borrow_mut(|stage| {
                        update_stage(game, read, positions, stage, out);
                    });
                });
            let bucket = &mut self.order[begin..end];
            gaps = gaps.max(write_back(bounds, start, bucket, fresh, self.freeze));
            // `kept <= i`, so the compaction never overwrites an offset before it is read.
            for i in begin..end {
                let o = self.order[i];
                if o != DROPPED {
                    self.order[kept] = o;
                    kept += 1;
                }
            }
            if kept_ends.last() != Some(&kept) && kept > 0 {
                kept_ends.push(kept);
            }
            begin = end;
        }
        self.order.truncate(kept);
        *self.ends = kept_ends;
        Ok(gaps)
    }
}

/// The largest gaps a sweep left: among the positions still swept, and among those frozen.
#[derive(Clone, Copy, Debug, Default)]
struct Gaps {
    open: f64,
    frozen: f64,
}

impl Gaps {
    fn max(self, other: Gaps) -> Gaps {
        Gaps {
            open: self.open.max(other.open),
            frozen: self.frozen.max(other.frozen),
        }
    }
}

/// An offset [`write_back`] marks as frozen; no layer offset takes it ([`solve_layer`] refuses
/// layers of more than `u32::MAX` positions, so offsets stay below it).
const DROPPED: u32 = u32::MAX;

/// Positions a job of [`write_back`] takes.
const WRITE_CHUNK: usize = 1 << 12;

/// A table written at distinct indices from several threads.
struct Scatter<S>(*mut S, usize);

// SAFETY: `Scatter` is only written through at distinct indices (see `write_back`), each by one
// thread, while nothing else borrows the table.
unsafe impl<S: Slot> Sync for Scatter<S> {}

/// Writes a bucket's new bounds (`fresh`, in the order of `offsets`) into `bounds`, in parallel,
/// marks the offsets of the positions it freezes (a gap at most `freeze`) [`DROPPED`], and returns
/// the gaps seen.
fn write_back<S: Slot>(
    bounds: &mut [S],
    start: u64,
    offsets: &mut [u32],
    fresh: &[S],
    freeze: f64,
) -> Gaps {
    let table = Scatter(bounds.as_mut_ptr(), bounds.len());
    let table = &table;
    offsets
        .par_chunks_mut(WRITE_CHUNK)
        .zip(fresh.par_chunks(WRITE_CHUNK))
        .map(|(offsets, slots)| {
            let mut gaps = Gaps::default();
            for (o, &slot) in offsets.iter_mut().zip(slots) {
                let i = (start + u64::from(*o)) as usize;
                assert!(i < table.1, "an offset past the table");
                // SAFETY: `i` is in the table, and a bucket's offsets are distinct (the sweep
                // order is a permutation of the layer's), so no two threads write one slot; the
                // table is borrowed mutably for the whole call.
                unsafe { table.0.add(i).write(slot) };
                let b = slot.get();
                let gap = b[1] - b[0];
                if gap <= freeze {
                    gaps.frozen = gaps.frozen.max(gap);
                    *o = DROPPED;
                } else {
                    gaps.open = gaps.open.max(gap);
                }
            }
            gaps
        })
        .reduce(Gaps::default, Gaps::max)
}

/// What [`update_cost`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UpdateCost {
    /// Core-seconds one update takes: processor time of the calling thread, which does not
    /// count the time other processes held the core.
    pub core_seconds: f64,
    /// Updates timed (each pass).
    pub updates: u64,
    /// Wall-clock seconds an update took on the calling thread alone, in a second pass over the
    /// same positions.
    pub wall_one: f64,
    /// Wall-clock seconds an update took with the current rayon pool's threads updating the same
    /// positions in parallel, as a sweep's bucket does, the caches as the first pass left them.
    pub wall_pool: f64,
}

/// The cost of an update: `sample` positions of the game's largest layer updated on the calling
/// thread, in blocks of [`STAGE`] spread evenly over the layer, with bounds held for every
/// position (so that successors are read from as far away as in a solve): its processor time is
/// the cost. Then the same positions again on the current rayon pool's threads in parallel and
/// once more on the calling thread, timed by the clock. Where the layer has fewer positions, all
/// of them. `S` is how the bounds are stored, as in [`solve_into`]: reading and rounding them is
/// part of an update's cost.
pub fn update_cost<S: Slot>(game: &impl ChanceGame, sample: u64) -> UpdateCost {
    let layers = game.layers();
    let Some(layer) = layers.iter().max_by_key(|l| l.end - l.start) else {
        return UpdateCost {
            core_seconds: 0.0,
            updates: 0,
            wall_one: 0.0,
            wall_pool: 0.0,
        };
    };
    let bounds = huge_vec(game.positions() as usize, S::UNKNOWN);
    let n = layer.end - layer.start;
    let blocks = sample.min(n).div_ceil(STAGE as u64).max(1);
    let stride = n / blocks;
    let block = |b: u64| {
        let from = layer.start + b * stride;
        let to = (from + STAGE as u64).min(layer.end);
        STAGE_BUFFERS.with_borrow_mut(|stage| {
            let mut out = [S::UNKNOWN; STAGE];
            let positions = (0..(to - from) as usize).map(|i| from + i as u64);
            update_stage(game, &bounds, positions, stage, &mut out);
        });
        to - from
    };
    let started = thread_seconds();
    let updates: u64 = (0..blocks).map(block).sum();
    let core_seconds = (thread_seconds() - started) / updates.max(1) as f64;
    // The same updates again, on the pool and then on one thread, both finding the caches as the
    // first pass left them: the ratio is the threads' alone.
    let wall = Instant::now();
    let pooled: u64 = (0..blocks).into_par_iter().map(block).sum();
    let wall_pool = wall.elapsed().as_secs_f64() / pooled.max(1) as f64;
    let wall = Instant::now();
    let again: u64 = (0..blocks).map(block).sum();
    let wall_one = wall.elapsed().as_secs_f64() / again.max(1) as f64;
    UpdateCost {
        core_seconds,
        updates,
        wall_one,
        wall_pool,
    }
}

/// Seconds of processor time this thread has run (so that a measurement does not count the time
/// other processes held the core); wall-clock seconds where the system does not say.
fn thread_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to fill.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_secs_f64()
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
        let v = value(|j| values[j], o);
        if v > choice.1 {
            choice = (i, v);
        }
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::exact::Maedn2;

    /// The staged residual is the plain one, position by position, over ranges that end inside
    /// a stage, from values that are not a solution (so the residuals are large and differ).
    #[test]
    fn the_staged_residual_is_the_plain_one() {
        let game = Maedn2::new(2);
        let values: Vec<f64> = (0..game.positions())
            .map(|p| (p % 1000) as f64 / 1000.0)
            .collect();
        let mut e = Expansion::default();
        let mut plain = |range: Range<u64>| {
            range
                .map(|p| {
                    game.expand(p, &mut e);
                    let v = backup(game.roll_probabilities(), &|j| values[j], &e);
                    (v - values[p as usize]).abs()
                })
                .fold(0.0, f64::max)
        };
        let n = game.positions();
        for range in [0..n, 5..5 + 3 * STAGE as u64 + 7, n - 1..n, 7..7] {
            let staged = residual(&game, &values, range.clone());
            assert_eq!(staged, plain(range.clone()), "{range:?}");
        }
        assert!(residual(&game, &values, 0..n) > 0.5);
    }

    /// The two-pass order is the plain sort: descending key, ascending rank within a key, with a
    /// bucket ending where the key changes, for a layer of one chunk and one of many.
    #[test]
    fn the_sweep_order_is_the_sort_by_descending_key() {
        let game = Maedn2::new(2);
        for layer in game.layers() {
            let n = (layer.end - layer.start) as usize;
            let mut order = vec![0u32; n];
            let ends = sweep_order(&game, &layer, &mut order);
            let mut want: Vec<u32> = (0..n as u32).collect();
            want.sort_by_key(|&o| {
                (
                    std::cmp::Reverse(game.sweep_key(layer.start + u64::from(o))),
                    o,
                )
            });
            assert_eq!(order, want);
            let key = |i: usize| game.sweep_key(layer.start + u64::from(order[i]));
            let mut want_ends: Vec<usize> = (1..n).filter(|&i| key(i) != key(i - 1)).collect();
            want_ends.push(n);
            assert_eq!(ends, want_ends);
        }
        // The (0,0) group spans ten chunks.
        assert!(game.largest_layer() > 9 * ORDER_CHUNK);
    }
}
