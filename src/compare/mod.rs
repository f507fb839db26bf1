//! Comparing algorithms: every method of [`method::Method`] on the same board and player, with the
//! answer, whether it is optimal, nodes expanded and time, as one table ([`table::Report`]) that
//! [`format`] prints as text, markdown, CSV or JSON.
//!
//! The optimum every row is checked against comes from the dynamic program, run once more outside
//! the timings, and the fewest rolls from the same program with every move costing one. A method
//! marked exact that disagrees is a mismatch (the command exits 1).
//!
//! Timed, per run: everything a method does from the compiled [`Race`] (shared input, built once
//! per board and player) to the whole player's answer, including building its own structure
//! (petgraph graph, bit-board tables, estimate tables).

pub mod format;
pub mod method;
pub mod table;
pub mod timing;

use crate::board::{Board, Rounding};
use crate::cost::Cost;
use crate::race::Race;
use crate::solve::SolveError;
use crate::text::thousands;
pub use method::Method;
use method::{Answer, Stop, fewest_rolls};
pub use table::{Report, Row, Status};
use timing::measure;

/// The default node budget of the searches that can give up (IDA*): enough for IDA* with a doubling
/// bound on the standard board.
pub const DEFAULT_BUDGET: u64 = 50_000_000;

/// Which methods to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every method, except those [`Method::skipped_by_default`] leaves out on a board.
    Default,
    /// Exactly these, on every board.
    Only(Vec<Method>),
}

/// How to compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Methods to run.
    pub selection: Selection,
    /// Timing samples per method (see [`timing::measure`]).
    pub repeat: usize,
    /// Node budget of the searches that can give up.
    pub budget: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            selection: Selection::Default,
            repeat: 5,
            budget: DEFAULT_BUDGET,
        }
    }
}

/// The method about to run, for progress display.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    /// Board label.
    pub board: &'a str,
    /// Player name.
    pub player: &'a str,
    /// The method.
    pub method: Method,
}

/// Runs the selected methods on player `player` of `board` (called `label` in the table);
/// `progress` is told of each method before it runs. Fails only if the board cannot be solved at
/// all (a piece cannot finish).
pub fn compare_player(
    board: &Board,
    label: &str,
    player: usize,
    options: &Options,
    progress: &mut dyn FnMut(Job),
) -> Result<Report, SolveError> {
    match board.rules.rounding {
        Rounding::PerMove => compare_as::<u64>(board, label, player, options, progress),
        Rounding::Exact => compare_as::<f64>(board, label, player, options, progress),
    }
}

fn compare_as<C: Cost>(
    board: &Board,
    label: &str,
    player: usize,
    options: &Options,
    progress: &mut dyn FnMut(Job),
) -> Result<Report, SolveError> {
    let race = Race::<C>::new(board, player);
    race.check_reachable()?;
    let optimum = Method::Dp
        .run(board, &race, options.budget)
        .ok()
        .and_then(|f| f.length)
        .ok_or_else(|| SolveError::internal("dp found no path on a solvable race"))?;
    let fewest = fewest_rolls(&race);
    let methods: Vec<(Method, Option<String>)> = match &options.selection {
        Selection::Default => Method::ALL
            .iter()
            .map(|&(_, m)| (m, m.skipped_by_default(board)))
            .collect(),
        Selection::Only(list) => list.iter().map(|&m| (m, None)).collect(),
    };
    let mut report = Report::default();
    for (method, skip) in methods {
        progress(Job {
            board: label,
            player: &race.player,
            method,
        });
        let mut row = Row {
            board: label.to_string(),
            player: race.player.clone(),
            method: method.name().to_string(),
            exact: method.is_exact(),
            status: Status::Ok,
            length: None,
            length_text: None,
            excess: None,
            optimal: None,
            rolls: None,
            fewest_rolls: fewest,
            nodes: None,
            time: None,
            note: String::new(),
        };
        if let Some(reason) = skip {
            row.status = Status::Skipped;
            row.note = reason;
            report.rows.push(row);
            continue;
        }
        // A method that cannot run here (or fails) is not timed.
        let (result, timing) = measure(
            options.repeat,
            || method.run(board, &race, options.budget),
            |r| matches!(r, Ok(_) | Err(Stop::GaveUp { .. })),
        );
        let who = format!("{label}, player {}: {}", race.player, method.name());
        match result {
            Ok(found) => {
                row.time = timing;
                row.rolls = Some(found.rolls);
                row.nodes = Some(found.nodes);
                match (method.answer(), found.length) {
                    (Answer::Length, Some(len)) => {
                        let ok = same(len, optimum);
                        row.length = Some(len.to_f64());
                        row.length_text = Some(len.show());
                        row.excess = Some(excess(len, optimum));
                        row.optimal = Some(ok);
                        if !ok && method.is_exact() {
                            report.mismatches.push(format!(
                                "{who} found {}, but the optimum (dp) is {}",
                                len.show(),
                                optimum.show()
                            ));
                        }
                        if fewest.is_some_and(|f| found.rolls < f) {
                            report.mismatches.push(format!(
                                "{who} found paths of {} rolls in all, fewer than the fewest possible {}",
                                found.rolls,
                                fewest.unwrap_or(0)
                            ));
                        }
                    }
                    _ => {
                        let ok = Some(found.rolls) == fewest;
                        row.optimal = Some(ok);
                        if !ok {
                            report.mismatches.push(format!(
                                "{who} found {} rolls, but the fewest (dp, every move costing one) is {}",
                                found.rolls,
                                fewest.map_or("unknown".into(), |f| f.to_string())
                            ));
                        }
                    }
                }
            }
            Err(Stop::GaveUp { nodes, at }) => {
                row.status = Status::GaveUp;
                row.time = timing;
                row.nodes = Some(nodes);
                row.note = format!(
                    "gave up after {} nodes (--budget), at {at}",
                    thousands(nodes)
                );
            }
            Err(Stop::Unsupported(reason)) => {
                row.status = Status::Unsupported;
                row.note = format!("unsupported: {reason}");
            }
            Err(Stop::Failed(reason)) => {
                row.status = Status::Failed;
                report.mismatches.push(format!("{who} failed: {reason}"));
                row.note = format!("failed: {reason}");
            }
        }
        report.rows.push(row);
    }
    Ok(report)
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
