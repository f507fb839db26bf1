//! The plan of a solve of the standard board (`solve-game --plan`): its layers and groups, the
//! bytes each takes in memory and on disk, and, measured on this machine, the time it is
//! expected to take.
//!
//! The time is `updates * cost / threads` for each group:
//! - `cost`: the core-seconds of one update, timed on a sample of the largest layer of the game
//!   (of 3 pieces for 4: the 4-piece table does not fit here), with bounds held for every position
//!   so that the successors are read from as far away as in the solve, stored as the plan's
//!   [`BoundsEncoding`] says;
//! - `updates`: the group's positions times the updates a position takes, measured by solving the
//!   game with 1 and 2 pieces (each, where the plan is for 1 or 2 pieces, the game itself; with
//!   the plan's encoding, whose rounding can add an update here and there) and
//!   extrapolated along the line through them for more pieces. The updates a position takes grow
//!   with the pieces (more captures before a layer is left); the 3-piece run on record
//!   (`docs/runs/`) holds the line to account.
//!
//! The threads are assumed to divide the work evenly, which holds while the memory keeps up (see
//! `docs/game-solve.md`); the measurement says how far it held here: the sample's updates timed
//! again on the threads together and on one thread, in wall-clock time.

use super::{BoundsEncoding, CERTIFIED_GAP, JobError, thread_pool};
use crate::game::exact::{
    BoundsTable, ChanceGame, Maedn2, Packed, Slot, ValueIterationOptions, group_bytes, solve_into,
    update_cost,
};
use serde::Serialize;

/// What to plan.
#[derive(Clone, Debug, Default)]
pub struct PlanJob {
    /// Pieces a side, 1 to 4.
    pub pieces: usize,
    /// Whether to measure the cost of an update and the updates a position takes (seconds to a
    /// minute), giving each group's expected time.
    pub measure: bool,
    /// Worker threads of the solve planned for (and of the measuring solves); `None`: one per
    /// core.
    pub threads: Option<usize>,
    /// How the solve planned for stores its bounds.
    pub bounds: BoundsEncoding,
}

/// The plan of a standard solve.
#[derive(Clone, Debug, Serialize)]
pub struct SolvePlan {
    /// Pieces a side.
    pub pieces: usize,
    /// Ranked positions.
    pub positions: u64,
    /// Bytes of the value table's values (4 a position), after its header line.
    pub table_bytes: u64,
    /// Bytes of the bounds a solve holds in memory (16 a position, 8 packed).
    pub bounds_bytes: u64,
    /// How the bounds are stored.
    pub bounds: BoundsEncoding,
    /// Every layer in rank order.
    pub layers: Vec<PlanLayer>,
    /// The groups in solving order.
    pub groups: Vec<PlanGroup>,
    /// What was measured, with `PlanJob::measure`.
    pub measured: Option<PlanMeasurement>,
}

/// One layer of the ranking.
#[derive(Clone, Debug, Serialize)]
pub struct PlanLayer {
    /// Pieces home: the mover's, the other's.
    pub home: [u32; 2],
    /// Its first rank.
    pub offset: u64,
    /// Its positions.
    pub positions: u64,
    /// The group that solves it, from 1, in solving order.
    pub group: usize,
}

/// One group of layers, solved together.
#[derive(Clone, Debug, Serialize)]
pub struct PlanGroup {
    /// Its positions.
    pub positions: u64,
    /// Bytes it holds in anonymous memory while it is solved out of core ([`group_bytes`] a
    /// position: its bounds and a bucket's new bounds; the sweep order is in a file); the
    /// finished groups wait on disk.
    pub memory_bytes: u64,
    /// Bytes on disk once it is solved: its checkpoint (its bounds, 16 or 8 a position) and its
    /// share of the table (4 a position).
    pub disk_bytes: u64,
    /// Its expected seconds on the planned threads, with `PlanJob::measure`.
    pub seconds: Option<f64>,
}

/// The measurements behind the expected times.
#[derive(Clone, Debug, Serialize)]
pub struct PlanMeasurement {
    /// Core-seconds of one update.
    pub seconds_per_update: f64,
    /// The pieces of the game whose largest layer was timed.
    pub timed_pieces: usize,
    /// Updates timed.
    pub updates_timed: u64,
    /// Wall-clock seconds an update took on one thread, and with the `threads` updating in
    /// parallel (the same positions, after a first pass that left the caches alike for both).
    pub wall_per_update: [f64; 2],
    /// Updates a position took, `(pieces, updates)`, in the solves measured.
    pub updates_per_position: Vec<(usize, f64)>,
    /// Updates a position is expected to take in the game planned.
    pub expected_updates_per_position: f64,
    /// Threads the time is for.
    pub threads: usize,
    /// Expected core-seconds of the whole solve.
    pub core_seconds: f64,
    /// Expected seconds of the whole solve on `threads`.
    pub seconds: f64,
}

/// The updates timed for the cost of one: enough to average over the layer's kinds of position,
/// few enough to take about a second.
const SAMPLE: u64 = 1 << 20;

/// The plan of `job.pieces` pieces a side on the standard board.
///
/// # Panics
/// If `job.pieces` is not 1 to [`MAX_PIECES`](crate::game::exact::MAX_PIECES) (a face checks it
/// first, as for [`Maedn2::new`]).
pub fn plan(job: &PlanJob) -> Result<SolvePlan, JobError> {
    let game = Maedn2::new(job.pieces);
    let order = game.layers();
    let layers: Vec<PlanLayer> = game
        .layer_table()
        .into_iter()
        .map(|(home, offset, positions)| PlanLayer {
            home,
            offset,
            positions,
            group: order.iter().position(|r| r.contains(&offset)).unwrap_or(0) + 1,
        })
        .collect();
    let mut groups: Vec<PlanGroup> = order
        .iter()
        .map(|r| {
            let n = r.end - r.start;
            PlanGroup {
                positions: n,
                memory_bytes: group_bytes(job.bounds.bytes()) * n,
                disk_bytes: (job.bounds.bytes() + 4) * n,
                seconds: None,
            }
        })
        .collect();
    let measured = if job.measure {
        let m = measure(job)?;
        for g in &mut groups {
            g.seconds = Some(
                g.positions as f64 * m.expected_updates_per_position * m.seconds_per_update
                    / m.threads as f64,
            );
        }
        Some(m)
    } else {
        None
    };
    let n = game.positions();
    Ok(SolvePlan {
        pieces: job.pieces,
        positions: n,
        table_bytes: 4 * n,
        bounds_bytes: job.bounds.bytes() * n,
        bounds: job.bounds,
        layers,
        groups,
        measured,
    })
}

/// The cost of an update and the updates a position takes (see the module documentation), with
/// the bounds stored as the job says.
fn measure(job: &PlanJob) -> Result<PlanMeasurement, JobError> {
    match job.bounds {
        BoundsEncoding::F64 => measure_with::<[f64; 2]>(job),
        BoundsEncoding::Packed => measure_with::<Packed>(job),
    }
}

fn measure_with<S: Slot>(job: &PlanJob) -> Result<PlanMeasurement, JobError> {
    let pool = thread_pool(job.threads)?;
    let timed_pieces = job.pieces.min(3);
    let cost = pool.install(|| update_cost::<S>(&Maedn2::new(timed_pieces), SAMPLE));
    let options = ValueIterationOptions::<S> {
        tolerance: CERTIFIED_GAP,
        ..ValueIterationOptions::default()
    };
    let solved: Vec<usize> = if job.pieces <= 2 {
        vec![job.pieces]
    } else {
        vec![1, 2]
    };
    let mut per_position = Vec::new();
    for k in solved {
        let game = Maedn2::new(k);
        let s = pool
            .install(|| solve_into(&game, BoundsTable::unknown(game.positions()), &options))
            .map_err(JobError::GameSolve)?;
        per_position.push((k, s.updates() as f64 / game.positions() as f64));
    }
    let expected = match per_position[..] {
        [(_, u)] => u,
        [(k1, u1), (k2, u2)] => u2 + (job.pieces - k2) as f64 * (u2 - u1) / (k2 - k1) as f64,
        _ => unreachable!("one or two solves"),
    };
    let threads = pool.current_num_threads();
    let seconds_per_update = cost.core_seconds;
    let core_seconds = Maedn2::new(job.pieces).positions() as f64 * expected * seconds_per_update;
    Ok(PlanMeasurement {
        seconds_per_update,
        timed_pieces,
        updates_timed: cost.updates,
        wall_per_update: [cost.wall_one, cost.wall_pool],
        updates_per_position: per_position,
        expected_updates_per_position: expected,
        threads,
        core_seconds,
        seconds: core_seconds / threads as f64,
    })
}
