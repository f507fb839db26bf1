//! The compare job: every selected method on every board and selected player, one table.

use super::{JobError, players};
use crate::board::Board;
use crate::compare::{CompareOptions, Report, RunningMethod, Selection, compare_player};
use crate::solve::{METHODS, Method};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// How to compare.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CompareJob {
    /// The methods by catalogue name; a list holding `all` runs every method; `None` runs every
    /// method except those the catalogue marks as exploding on a board.
    pub methods: Option<Vec<String>>,
    /// Timing samples per method; 0 runs each once, untimed.
    pub repeat: usize,
    /// Nodes a method may expand per player.
    pub budget: u64,
}

impl Default for CompareJob {
    fn default() -> Self {
        let options = CompareOptions::default();
        CompareJob {
            methods: None,
            repeat: options.repeat,
            budget: options.budget,
        }
    }
}

impl CompareJob {
    /// The comparison's options: the methods found in the catalogue (`sweep` takes the same).
    pub fn options(&self) -> Result<CompareOptions, JobError> {
        let selection = match &self.methods {
            None => Selection::Default,
            Some(list) if list.iter().any(|m| m == "all") => {
                Selection::Only(METHODS.iter().collect())
            }
            Some(list) => Selection::Only(
                list.iter()
                    .map(|m| Method::find(m))
                    .collect::<Result<_, _>>()?,
            ),
        };
        Ok(CompareOptions {
            selection,
            repeat: self.repeat,
            budget: self.budget,
        })
    }
}

/// One board to compare on.
#[derive(Clone, Copy, Debug)]
pub struct CompareBoard<'a> {
    /// Its label in the table (the name it was given).
    pub label: &'a str,
    /// The board.
    pub board: &'a Board,
    /// Its players: `None` the first, `all` every one, else a player's name.
    pub player: Option<&'a str>,
}

/// The method about to run, with how many ran before it and how many will run in all.
#[derive(Clone, Copy, Debug)]
pub struct CompareProgress<'a> {
    /// The method, board and player.
    pub running: RunningMethod<'a>,
    /// Runs started before this one.
    pub started: usize,
    /// Runs in all.
    pub total: usize,
}

/// Runs the methods of `job` on every board and selected player, in order. Every player is
/// found before any method runs; `progress` is told of each method before it runs, and a
/// [`ControlFlow::Break`] from it stops the job once the player being compared is done
/// ([`JobError::Stopped`]).
pub fn compare(
    boards: &[CompareBoard<'_>],
    job: &CompareJob,
    progress: &mut dyn FnMut(CompareProgress<'_>) -> ControlFlow<()>,
) -> Result<Report, JobError> {
    let options = job.options()?;
    let chosen = boards
        .iter()
        .map(|b| players(b.board, b.player))
        .collect::<Result<Vec<_>, _>>()?;
    let per_player = match &options.selection {
        Selection::Default => METHODS.len(),
        Selection::Only(list) => list.len(),
    };
    let total = chosen.iter().map(Vec::len).sum::<usize>() * per_player;
    let mut started = 0;
    let mut stop = false;
    let mut report = Report::default();
    for (b, selected) in boards.iter().zip(&chosen) {
        for &p in selected {
            let mut told = |running: RunningMethod<'_>| {
                stop |= progress(CompareProgress {
                    running,
                    started,
                    total,
                })
                .is_break();
                started += 1;
            };
            let part =
                compare_player(b.board, b.label, p, &options, &mut told).map_err(|error| {
                    // Several boards may be compared: say which one failed.
                    JobError::Compare {
                        label: b.label.to_string(),
                        error,
                    }
                })?;
            if stop {
                return Err(JobError::Stopped);
            }
            report.extend(part);
        }
    }
    Ok(report)
}
