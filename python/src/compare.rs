//! `compare` and `sweep`: every method on the same boards, as the rows of
//! `boardpath compare --format json` and `boardpath sweep --format json`.

use crate::board::{NativeBoard, die_arg};
use crate::convert::serialized;
use crate::errors::{argument, detached, job_error};
use boardpath::board::{Board, GoalMode, Metric, Rounding};
use boardpath::compare::sweep::Axes;
use boardpath::jobs::{self as lib, CompareBoard, CompareJob, CompareProgress, SweepJob};
use boardpath::text::parse_choice;
use pyo3::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;

/// One board to compare on: its label in the rows, the board, and the player selection.
type Job = (String, Py<NativeBoard>, Option<String>);

/// A job's board out of its Python object: its label, the board, and the player selection.
type Loaded = (String, Arc<Board>, Option<String>);

/// The comparison: `methods` None runs the default selection, `["all"]` every method.
fn job(methods: Option<Vec<String>>, repeat: usize, budget: u64) -> PyResult<CompareJob> {
    if !(1..=10_000).contains(&repeat) {
        return Err(argument(format!(
            "repeat {repeat} is out of range; give 1 to 10000 timing samples"
        )));
    }
    Ok(CompareJob {
        methods,
        repeat,
        budget,
    })
}

/// The boards of `jobs`, taken out of their Python objects so that the job can run without the
/// GIL: (label, board, player selection).
fn boards(py: Python<'_>, jobs: &[Job]) -> Vec<Loaded> {
    jobs.iter()
        .map(|(label, board, player)| {
            (
                label.clone(),
                board.bind(py).get().board.clone(),
                player.clone(),
            )
        })
        .collect()
}

/// The boards as the jobs take them.
fn entries(boards: &[Loaded]) -> Vec<CompareBoard<'_>> {
    boards
        .iter()
        .map(|(label, board, player)| CompareBoard {
            label,
            board,
            player: player.as_deref(),
        })
        .collect()
}

/// Runs the methods on each board and player: `{"rows": [...], "mismatches": [...]}`.
#[pyfunction]
#[pyo3(signature = (jobs, methods=None, repeat=5, budget=boardpath::compare::DEFAULT_BUDGET))]
pub fn compare<'py>(
    py: Python<'py>,
    jobs: Vec<Job>,
    methods: Option<Vec<String>>,
    repeat: usize,
    budget: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let job = job(methods, repeat, budget)?;
    let boards = boards(py, &jobs);
    let mut interrupted: Option<PyErr> = None;
    let report = detached(py, || {
        let entries = entries(&boards);
        // Ctrl-C is honoured between players: the job asks before each method, and stops once
        // the player it is comparing is done.
        let mut ask = |_: CompareProgress<'_>| match Python::attach(|py| py.check_signals()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                interrupted = Some(e);
                ControlFlow::Break(())
            }
        };
        lib::compare(&entries, &job, &mut ask).map_err(|e| job_error(&e))
    });
    match (report, interrupted) {
        (_, Some(e)) => Err(e),
        (report, None) => serialized(py, &report?),
    }
}

/// Parses each value of a rule axis, refusing repeats (they would only repeat rows).
fn axis<T: Copy + PartialEq>(
    what: &str,
    values: Vec<String>,
    all: &[(&'static str, T)],
) -> PyResult<Vec<T>> {
    let mut out = Vec::new();
    for v in &values {
        let parsed = parse_choice(what, v, all).map_err(argument)?;
        if out.contains(&parsed) {
            return Err(argument(format!(
                "{what} lists {v} twice; give each value once"
            )));
        }
        out.push(parsed);
    }
    Ok(out)
}

/// Every board under every combination of the rule values: the rows of `sweep --format json`.
#[pyfunction]
#[pyo3(signature = (jobs, metric, rounding, goal_mode, moves_in_goal, die, methods=None, repeat=5, budget=boardpath::compare::DEFAULT_BUDGET, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn sweep<'py>(
    py: Python<'py>,
    jobs: Vec<Job>,
    metric: Vec<String>,
    rounding: Vec<String>,
    goal_mode: Vec<String>,
    moves_in_goal: Vec<bool>,
    die: Vec<Bound<'py, PyAny>>,
    methods: Option<Vec<String>>,
    repeat: usize,
    budget: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let compare = job(methods, repeat, budget)?;
    let mut dice: Vec<Vec<u32>> = Vec::new();
    for d in &die {
        let faces = die_arg(d)?;
        if dice.contains(&faces) {
            return Err(argument(format!(
                "die lists {} twice; give each die once",
                boardpath::board::rules::die_text(&faces)
            )));
        }
        dice.push(faces);
    }
    let mut in_goal = Vec::new();
    for b in moves_in_goal {
        if in_goal.contains(&b) {
            return Err(argument(format!(
                "moves_in_goal lists {b} twice; give each value once"
            )));
        }
        in_goal.push(b);
    }
    let axes = Axes {
        metric: axis("metric", metric, &Metric::ALL)?,
        rounding: axis("rounding", rounding, &Rounding::ALL)?,
        goal_mode: axis("goal_mode", goal_mode, &GoalMode::ALL)?,
        moves_in_goal: in_goal,
        die: dice,
    };
    if threads == Some(0) || threads.is_some_and(|t| t > 1024) {
        return Err(argument(
            "threads must be 1 to 1024, or None for one per core",
        ));
    }
    let job = SweepJob {
        compare,
        axes,
        threads,
    };
    let boards = boards(py, &jobs);
    let report = detached(py, || {
        let entries = entries(&boards);
        lib::sweep(&entries, &job, &|_| {}).map_err(|e| job_error(&e))
    })?;
    serialized(py, &report)
}
