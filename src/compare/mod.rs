//! Comparing algorithms: every method of the [`crate::solve::catalogue`] on the same board and player, with the
//! answer, whether it is optimal, nodes expanded and time, as one table ([`table::Report`]) that
//! [`format`](mod@format) prints as text, markdown, CSV or JSON.
//!
//! The optimum every row is checked against comes from the dynamic program, run once more outside
//! the timings, and the fewest rolls from the same program with every move costing one. A method
//! marked exact that disagrees is a mismatch (the command exits 1).
//!
//! Timed, per run: everything a method does from the compiled [`Race`] (shared input, built once
//! per board and player) to the whole player's answer, including building its own structure
//! (petgraph graph, bit-board tables, estimate tables).

pub mod format;
pub mod plot;
pub mod sweep;
mod table;
mod timing;

use crate::board::{Board, Rounding};
use crate::cost::{Cost, same};
use crate::race::Race;
pub use crate::solve::DEFAULT_BUDGET;
use crate::solve::catalogue::MethodCost;
use crate::solve::{
    METHODS, Method, MethodObjective, PlayerSolution, PlayerSolveError, solve_race,
};
use crate::text::thousands;
pub use table::{CompareRow, Report, RuleColumn, Status};
pub use timing::Timing;
use timing::measure;

/// The method whose answer every other is checked against.
pub const REFERENCE: &str = "dp/step";

/// Which methods to run.
#[derive(Clone, Debug)]
pub enum Selection {
    /// Every method of the catalogue, except those it marks to skip on a board.
    Default,
    /// Exactly these, on every board.
    Only(Vec<&'static Method>),
}

/// How to compare.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// Methods to run.
    pub selection: Selection,
    /// Timing samples per method (the median is reported; see [`Timing`]); 0 runs each method
    /// once, untimed, and leaves the time column out of the tables.
    pub repeat: usize,
    /// Node budget per method and player.
    pub budget: u64,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            selection: Selection::Default,
            repeat: 5,
            budget: DEFAULT_BUDGET,
        }
    }
}

/// The method about to run, for progress display.
#[derive(Clone, Copy, Debug)]
pub struct RunningMethod<'a> {
    /// Board label.
    pub board: &'a str,
    /// Player name.
    pub player: &'a str,
    /// The method.
    pub method: &'static Method,
}

/// Runs the selected methods on player `player` of `board` (called `label` in the table);
/// `progress` is told of each method before it runs. Fails only if the board cannot be solved at
/// all (a piece cannot finish).
pub fn compare_player(
    board: &Board,
    label: &str,
    player: usize,
    options: &CompareOptions,
    progress: &mut dyn FnMut(RunningMethod),
) -> Result<Report, PlayerSolveError> {
    match board.rules.rounding {
        Rounding::PerMove => compare_as::<u64>(board, label, player, options, progress),
        Rounding::Exact => compare_as::<f64>(board, label, player, options, progress),
    }
}

fn compare_as<C: MethodCost>(
    board: &Board,
    label: &str,
    player: usize,
    options: &CompareOptions,
    progress: &mut dyn FnMut(RunningMethod),
) -> Result<Report, PlayerSolveError> {
    let race = Race::<C>::new(board, player)?;
    let optimum = solve_race(board, &race, Method::find(REFERENCE)?, options.budget)?.total;
    let fewest = fewest_rolls(&race);
    let methods: Vec<(&'static Method, Option<String>)> = match &options.selection {
        Selection::Default => METHODS.iter().map(|m| (m, m.skipped_on(board))).collect(),
        Selection::Only(list) => list.iter().map(|&m| (m, None)).collect(),
    };
    let mut report = Report {
        untimed: options.repeat == 0,
        ..Report::default()
    };
    for (method, skip) in methods {
        progress(RunningMethod {
            board: label,
            player: &race.player,
            method,
        });
        let mut row = CompareRow::new(board, label, &race.player, method);
        row.fewest_rolls = Some(fewest);
        if let Some(reason) = skip {
            row.status = Status::Skipped;
            row.note = reason;
            report.rows.push(row);
            continue;
        }
        // A method that cannot run here (or fails) is not timed.
        let (result, timing) = measure(
            options.repeat,
            || solve_race(board, &race, method, options.budget),
            |r| matches!(r, Ok(_) | Err(PlayerSolveError::GaveUp { .. })),
        );
        let who = format!("{label}, player {}: {}", race.player, method.name);
        match result {
            Ok(found) => {
                row.time = timing;
                let mismatches = &mut report.mismatches;
                judge(&mut row, &found, optimum, fewest, method, &who, mismatches);
            }
            Err(PlayerSolveError::GaveUp {
                nodes, at, piece, ..
            }) => {
                row.status = Status::GaveUp;
                row.time = timing;
                row.nodes = Some(nodes);
                // `at` is the piece's own figure (its bound or best path), not the player's total.
                row.note = format!(
                    "gave up after {} nodes (--budget); piece {piece} alone, not the total: {at}",
                    thousands(nodes)
                );
            }
            Err(PlayerSolveError::Encoding(e)) => {
                row.status = Status::Unsupported;
                row.note = format!("unsupported: {e}");
            }
            Err(e) => {
                row.status = Status::Failed;
                report.mismatches.push(format!("{who} failed: {e}"));
                row.note = format!("failed: {e}");
            }
        }
        report.rows.push(row);
    }
    Ok(report)
}

/// Fills `row` from what `method` found, and records in `mismatches` (each starting with `who`)
/// where it contradicts the reference: the `optimum` length or the `fewest` rolls.
fn judge<C: MethodCost>(
    row: &mut CompareRow,
    found: &PlayerSolution<C>,
    optimum: C,
    fewest: u64,
    method: &Method,
    who: &str,
    mismatches: &mut Vec<String>,
) {
    let rolls: u64 = found.pieces.iter().map(|p| p.rolls.len() as u64).sum();
    row.rolls = Some(rolls);
    row.nodes = Some(found.nodes);
    let len = found.total;
    row.length = Some(len.to_f64());
    row.length_text = Some(len.show());
    row.excess = Some(len.to_f64() - optimum.to_f64());
    row.excess_text = Some(excess(len, optimum));
    match method.minimises {
        MethodObjective::Length => {
            let ok = same(len, optimum);
            row.optimal = Some(ok);
            if !ok && method.exact {
                mismatches.push(format!(
                    "{who} found {}, but the optimum ({REFERENCE}) is {}",
                    len.show(),
                    optimum.show()
                ));
            }
            if rolls < fewest {
                mismatches.push(format!(
                    "{who} found paths of {rolls} rolls in all, fewer than the fewest possible {fewest}"
                ));
            }
        }
        MethodObjective::Rolls => {
            let ok = rolls == fewest;
            row.optimal = Some(ok);
            if !ok && method.exact {
                mismatches.push(format!(
                    "{who} found {rolls} rolls, but the fewest (dp, every move costing one) is {fewest}"
                ));
            }
        }
    }
}

/// The fewest rolls for every piece of `race`, by a forward pass with every move costing one:
/// the reference the breadth-first searches are checked against.
pub fn fewest_rolls<C: Cost>(race: &Race<C>) -> u64 {
    race.pieces()
        .iter()
        .map(|piece| {
            let t = race.target_step(piece.target);
            let mut rolls: Vec<Option<u64>> = vec![None; t + 1];
            rolls[0] = Some(0);
            for s in 0..t {
                let Some(here) = rolls[s] else { continue };
                for m in race.moves(s, piece.target) {
                    if rolls[m.to].is_none_or(|r| here + 1 < r) {
                        rolls[m.to] = Some(here + 1);
                    }
                }
            }
            rolls[t].unwrap_or(0)
        })
        .sum()
}

/// `len - optimum` as the cost type prints it, signed.
fn excess<C: Cost>(len: C, optimum: C) -> String {
    let (x, y) = (len.to_f64(), optimum.to_f64());
    if same(len, optimum) {
        "0".into()
    } else if x > y {
        format!("+{}", C::from_length(x - y).show())
    } else {
        format!("-{}", C::from_length(y - x).show())
    }
}
