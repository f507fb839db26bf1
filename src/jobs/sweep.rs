//! The sweep job: the comparison of every board under every combination of rule values, the
//! combinations run in parallel (see [`crate::compare::sweep`]).

use super::{CompareBoard, CompareJob, CompareProgress, JobError, players, thread_pool};
use crate::compare::sweep::{Axes, Entry, size, sweep as sweep_entries};
use crate::compare::{Report, RunningMethod};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How to sweep.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SweepJob {
    /// The comparison run under each combination: the methods, timing samples and budget.
    pub compare: CompareJob,
    /// The rule values to try; an empty axis keeps each board's own value.
    pub axes: Axes,
    /// Combinations run at once, each on its own thread; `None`: one per core.
    pub threads: Option<usize>,
}

/// Runs the comparison of `job` on every board and selected player under every combination of
/// its axes: rows in the order of the boards, then [`Axes::combinations`], then players, then
/// methods, the same whatever the number of threads. Every player is found before any method
/// runs. `progress` is told of each row before its method runs, from whichever thread runs it
/// (`started` counts the rows told before it, so it says how far the sweep has come, not which
/// row this is).
pub fn sweep(
    boards: &[CompareBoard<'_>],
    job: &SweepJob,
    progress: &(dyn Fn(CompareProgress<'_>) + Sync),
) -> Result<Report, JobError> {
    let options = job.compare.options()?;
    let chosen = boards
        .iter()
        .map(|b| players(b.board, b.player))
        .collect::<Result<Vec<_>, _>>()?;
    let entries: Vec<Entry> = boards
        .iter()
        .zip(&chosen)
        .map(|(b, players)| Entry {
            label: b.label,
            board: b.board,
            players,
        })
        .collect();
    let pool = thread_pool(job.threads)?;
    let total = size(&entries, &job.axes, &options);
    let started = AtomicUsize::new(0);
    let told = |running: RunningMethod<'_>| {
        progress(CompareProgress {
            running,
            started: started.fetch_add(1, Ordering::Relaxed),
            total,
        })
    };
    Ok(pool.install(|| sweep_entries(&entries, &job.axes, &options, &told)))
}
