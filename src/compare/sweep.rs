//! Sweeping rule variants: every board under every combination of the rule values asked for, each
//! compared with [`compare_player`], as one long table with one row per board, rule combination,
//! player and method.
//!
//! A combination that cannot be played (slots mode on a board with fewer goal tiles than pieces, a
//! die with which a piece cannot finish) is a row per method with status
//! [`Status::Invalid`] and the reason, not an error: a sweep reports every cell of its grid.
//! Combinations run in parallel on the current rayon pool; the rows come out in the same order
//! whatever the number of threads.

use super::{CompareOptions, CompareRow, Report, RunningMethod, Selection, Status, compare_player};
use crate::board::{Board, BoardError, GoalMode, Metric, Rounding, RuleOverrides};
use crate::solve::{METHODS, Method, PlayerSolveError};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The values of each rule to try; an empty list keeps each board's own value.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Axes {
    /// Metrics.
    pub metric: Vec<Metric>,
    /// Roundings.
    pub rounding: Vec<Rounding>,
    /// Goal modes.
    pub goal_mode: Vec<GoalMode>,
    /// Whether moves inside the goal are allowed.
    pub moves_in_goal: Vec<bool>,
    /// Dice, each its faces.
    pub die: Vec<Vec<u32>>,
}

/// Each value of `values` as an override, or no override when there are none.
fn axis<T: Clone>(values: &[T]) -> Vec<Option<T>> {
    if values.is_empty() {
        vec![None]
    } else {
        values.iter().cloned().map(Some).collect()
    }
}

impl Axes {
    /// Every combination of the values, in order: metric varies slowest, then rounding, goal mode,
    /// moves in goal, and the die fastest. With no values at all, one combination that overrides
    /// nothing.
    pub fn combinations(&self) -> Vec<RuleOverrides> {
        let mut out = Vec::new();
        for metric in axis(&self.metric) {
            for rounding in axis(&self.rounding) {
                for goal_mode in axis(&self.goal_mode) {
                    for moves_in_goal in axis(&self.moves_in_goal) {
                        for die in axis(&self.die) {
                            out.push(RuleOverrides {
                                die,
                                metric,
                                rounding,
                                goal_mode,
                                moves_in_goal,
                            });
                        }
                    }
                }
            }
        }
        out
    }
}

/// One board of a sweep.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    /// The board as named on the command line (the rows' `board`).
    pub label: &'a str,
    /// The board, with its own rules.
    pub board: &'a Board,
    /// The players to compare (indices into the board's players).
    pub players: &'a [usize],
}

/// The rows a sweep will produce: entries x combinations x players x methods (every method of
/// the catalogue for [`Selection::Default`]).
pub fn size(entries: &[Entry], axes: &Axes, options: &CompareOptions) -> usize {
    let players: usize = entries.iter().map(|e| e.players.len()).sum();
    players * axes.combinations().len() * methods(&options.selection).len()
}

/// Every method a selection may produce a row for.
fn methods(selection: &Selection) -> Vec<&'static Method> {
    match selection {
        Selection::Default => METHODS.iter().collect(),
        Selection::Only(list) => list.clone(),
    }
}

/// Compares every entry under every combination of `axes`: rows in the order of the entries,
/// then [`Axes::combinations`], then players, then methods. `progress` is told of each row before
/// its method runs, from whichever thread runs it.
pub fn sweep(
    entries: &[Entry],
    axes: &Axes,
    options: &CompareOptions,
    progress: &(dyn Fn(RunningMethod) + Sync),
) -> Report {
    let combinations = axes.combinations();
    let cases: Vec<(&Entry, &RuleOverrides, usize)> = entries
        .iter()
        .flat_map(|e| {
            combinations
                .iter()
                .flat_map(move |c| e.players.iter().map(move |&p| (e, c, p)))
        })
        .collect();
    // `collect` on an indexed parallel iterator keeps the input order.
    let parts: Vec<Report> = cases
        .par_iter()
        .map(|&(entry, overrides, player)| case(entry, overrides, player, options, progress))
        .collect();
    let mut report = Report::default();
    for part in parts {
        report.extend(part);
    }
    report
}

/// One board under one combination, for one player.
fn case(
    entry: &Entry,
    overrides: &RuleOverrides,
    player: usize,
    options: &CompareOptions,
    progress: &(dyn Fn(RunningMethod) + Sync),
) -> Report {
    let board = match entry.board.with_overrides(overrides) {
        Ok(board) => board,
        Err(e) => {
            let mut asked = entry.board.clone();
            asked.rules = overrides.apply(&entry.board.rules);
            let reason = invalid_reason(&e, &entry.board.players[player].name);
            let note = format!("invalid: {reason}");
            return not_run(
                &asked,
                entry,
                player,
                Status::Invalid,
                &note,
                options,
                progress,
            );
        }
    };
    match compare_player(&board, entry.label, player, options, &mut |job| {
        progress(job)
    }) {
        Ok(report) => report,
        // A piece cannot finish under these rules.
        Err(e @ PlayerSolveError::Race(_)) => not_run(
            &board,
            entry,
            player,
            Status::Invalid,
            &format!("invalid: {e}"),
            options,
            progress,
        ),
        // The reference run before the methods ran out of nodes.
        Err(e @ PlayerSolveError::GaveUp { .. }) => not_run(
            &board,
            entry,
            player,
            Status::GaveUp,
            &format!("not run: the reference {e}"),
            options,
            progress,
        ),
        Err(e) => {
            let mut report = not_run(
                &board,
                entry,
                player,
                Status::Failed,
                &format!("failed: {e}"),
                options,
                progress,
            );
            report.mismatches.push(format!(
                "{}, player {}: {e}",
                entry.label, board.players[player].name
            ));
            report
        }
    }
}

/// Why a board is invalid under a combination, in one line: about the row's player (`name`)
/// where the board has a problem per player.
fn invalid_reason(e: &BoardError, name: &str) -> String {
    match e {
        BoardError::Invalid(diagnostics) if !diagnostics.is_empty() => {
            let own = format!("player \"{name}\"");
            let d = diagnostics
                .iter()
                .find(|d| d.message.contains(&own))
                .unwrap_or(&diagnostics[0]);
            match diagnostics.len() - 1 {
                0 => d.message.clone(),
                others => format!("{} (and {others} more like it)", d.message),
            }
        }
        _ => e.to_string(),
    }
}

/// A row per selected method with `status` and `note`, none of them run.
fn not_run(
    board: &Board,
    entry: &Entry,
    player: usize,
    status: Status,
    note: &str,
    options: &CompareOptions,
    progress: &(dyn Fn(RunningMethod) + Sync),
) -> Report {
    let name = &board.players[player].name;
    let rows = methods(&options.selection)
        .into_iter()
        .map(|method| {
            progress(RunningMethod {
                board: entry.label,
                player: name,
                method,
            });
            let mut row = CompareRow::new(board, entry.label, name, method);
            row.status = status;
            row.note = note.to_string();
            row
        })
        .collect();
    Report {
        rows,
        ..Report::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_vary_the_metric_slowest_and_the_die_fastest() {
        assert_eq!(Axes::default().combinations(), [RuleOverrides::default()]);
        let axes = Axes {
            metric: vec![Metric::Manhattan, Metric::Chebyshev],
            moves_in_goal: vec![false, true],
            die: vec![vec![1, 2], vec![3]],
            ..Axes::default()
        };
        let m = |metric, goal, die: &[u32]| RuleOverrides {
            metric: Some(metric),
            moves_in_goal: Some(goal),
            die: Some(die.to_vec()),
            ..RuleOverrides::default()
        };
        assert_eq!(
            axes.combinations(),
            [
                m(Metric::Manhattan, false, &[1, 2]),
                m(Metric::Manhattan, false, &[3]),
                m(Metric::Manhattan, true, &[1, 2]),
                m(Metric::Manhattan, true, &[3]),
                m(Metric::Chebyshev, false, &[1, 2]),
                m(Metric::Chebyshev, false, &[3]),
                m(Metric::Chebyshev, true, &[1, 2]),
                m(Metric::Chebyshev, true, &[3]),
            ]
        );
    }

    #[test]
    fn every_row_is_counted_and_reported_once() {
        let board = Board::load("maedn").unwrap();
        let players = [0, 2];
        let entries = [Entry {
            label: "maedn",
            board: &board,
            players: &players,
        }];
        let axes = Axes {
            die: vec![vec![1, 2, 3, 4, 5, 6], vec![9]],
            ..Axes::default()
        };
        let options = CompareOptions {
            selection: Selection::Only(vec![Method::find("dp/step").unwrap()]),
            repeat: 1,
            budget: 1_000,
        };
        assert_eq!(size(&entries, &axes, &options), 4);
        let seen = std::sync::Mutex::new(Vec::new());
        let report = sweep(&entries, &axes, &options, &|job| {
            seen.lock().unwrap().push(job.player.to_string())
        });
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, ["black", "black", "green", "green"]);
        let rows: Vec<(&str, &[u32], Status, Option<f64>)> = report
            .rows
            .iter()
            .map(|r| (r.player.as_str(), &r.rules.die[..], r.status, r.length))
            .collect();
        let d6: &[u32] = &[1, 2, 3, 4, 5, 6];
        assert_eq!(
            rows,
            [
                ("black", d6, Status::Ok, Some(83047.0)),
                ("green", d6, Status::Ok, Some(83047.0)),
                ("black", &[9][..], Status::Invalid, None),
                ("green", &[9][..], Status::Invalid, None),
            ]
        );
        assert!(report.mismatches.is_empty());
    }
}
