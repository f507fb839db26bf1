//! The comparison table: one row per board, player and method.

use super::timing::Timing;
use crate::board::rules::die_text;
use crate::board::{Board, BoardRules};
use crate::solve::Method;
use crate::solve::MethodObjective;
use serde::Serialize;

/// How a method's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It answered.
    Ok,
    /// Not run: left out of the default list on this board (see the note).
    Skipped,
    /// Stopped by the node budget.
    GaveUp,
    /// The method cannot represent this board (see the note).
    Unsupported,
    /// An error (a bug; see the note).
    Failed,
    /// Not run: the rules asked for are not valid on this board, or a piece cannot finish under
    /// them (see the note).
    Invalid,
}

impl Status {
    /// The status as written in CSV and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Skipped => "skipped",
            Status::GaveUp => "gave-up",
            Status::Unsupported => "unsupported",
            Status::Failed => "failed",
            Status::Invalid => "invalid",
        }
    }
}

/// One method on one board and player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareRow {
    /// Board as named on the command line (embedded short name or path).
    pub board: String,
    /// SHA-256 of the board file's bytes: rows from different runs on different files with the
    /// same name stay apart.
    pub board_sha256: String,
    /// Player name.
    pub player: String,
    /// The rules in force (the board's, with any command-line overrides).
    pub rules: BoardRules,
    /// The length unit.
    pub unit: String,
    /// Method name (see `--method`).
    pub method: String,
    /// Whether the method is guaranteed optimal.
    pub exact: bool,
    /// What the method minimises, `length` or `rolls`: `optimal` and `exact` are about that.
    pub minimises: &'static str,
    /// How the run ended.
    pub status: Status,
    /// Enter cost plus every piece's length, for methods that answer a length (a JSON integer when
    /// whole).
    #[serde(serialize_with = "whole_or_float")]
    pub length: Option<f64>,
    /// `length` as the cost type prints it (whole units, or four decimals).
    #[serde(skip)]
    pub length_text: Option<String>,
    /// How far `length` is above the optimum (0 when optimal, negative below it).
    #[serde(serialize_with = "whole_or_float")]
    pub excess: Option<f64>,
    /// `excess` as the cost type prints it, signed (`+151`, `0`).
    #[serde(skip)]
    pub excess_text: Option<String>,
    /// Whether the answer is the optimum found by the exact methods (the fewest rolls, for BFS).
    pub optimal: Option<bool>,
    /// Rolls of the paths found, summed over pieces (the fewest possible, for BFS).
    pub rolls: Option<u64>,
    /// The fewest rolls any path of this player takes, summed over pieces.
    pub fewest_rolls: Option<u64>,
    /// Nodes expanded, summed over pieces (the budget reached, when it gave up).
    pub nodes: Option<u64>,
    /// Time per run.
    pub time: Option<Timing>,
    /// Why it was skipped, unsupported or failed.
    pub note: String,
}

impl CompareRow {
    /// The row of `method` on player `player` of `board` (called `label`), not run yet: status ok
    /// and no results.
    pub fn new(board: &Board, label: &str, player: &str, method: &Method) -> CompareRow {
        CompareRow {
            board: label.to_string(),
            board_sha256: board.sha256.clone(),
            player: player.to_string(),
            rules: board.rules.clone(),
            unit: board.unit.clone(),
            method: method.name.to_string(),
            exact: method.exact,
            minimises: match method.minimises {
                MethodObjective::Length => "length",
                MethodObjective::Rolls => "rolls",
            },
            status: Status::Ok,
            length: None,
            length_text: None,
            excess: None,
            excess_text: None,
            optimal: None,
            rolls: None,
            fewest_rolls: None,
            nodes: None,
            time: None,
            note: String::new(),
        }
    }
}

/// One rule as a column: CSV writes every rule, the text and markdown tables those asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleColumn {
    /// [`BoardRules::metric`].
    Metric,
    /// [`BoardRules::rounding`].
    Rounding,
    /// [`BoardRules::goal_mode`].
    GoalMode,
    /// [`BoardRules::moves_in_goal`].
    MovesInGoal,
    /// [`BoardRules::die`].
    Die,
}

impl RuleColumn {
    /// Every rule, in the order of the CSV columns.
    pub const ALL: [RuleColumn; 5] = [
        RuleColumn::Metric,
        RuleColumn::Rounding,
        RuleColumn::GoalMode,
        RuleColumn::MovesInGoal,
        RuleColumn::Die,
    ];

    /// The heading in the text and markdown tables.
    pub fn heading(self) -> &'static str {
        match self {
            RuleColumn::Metric => "metric",
            RuleColumn::Rounding => "rounding",
            RuleColumn::GoalMode => "goal mode",
            RuleColumn::MovesInGoal => "moves in goal",
            RuleColumn::Die => "die",
        }
    }

    /// The CSV column name (the board file's key).
    pub fn key(self) -> &'static str {
        match self {
            RuleColumn::Metric => "metric",
            RuleColumn::Rounding => "rounding",
            RuleColumn::GoalMode => "goal_mode",
            RuleColumn::MovesInGoal => "moves_in_goal",
            RuleColumn::Die => "die",
        }
    }

    /// The value in words, as the command line takes it: `manhattan`, `yes`, `1-6`.
    pub fn text(self, rules: &BoardRules) -> String {
        match self {
            RuleColumn::MovesInGoal => if rules.moves_in_goal { "yes" } else { "no" }.into(),
            RuleColumn::Die => die_text(&rules.die),
            _ => self.csv(rules),
        }
    }

    /// The value in a CSV field: `moves_in_goal` as `true` or `false`, the die's faces separated by
    /// spaces (`1 2 3 4 5 6`).
    pub fn csv(self, rules: &BoardRules) -> String {
        match self {
            RuleColumn::Metric => rules.metric.name().into(),
            RuleColumn::Rounding => rules.rounding.name().into(),
            RuleColumn::GoalMode => rules.goal_mode.name().into(),
            RuleColumn::MovesInGoal => rules.moves_in_goal.to_string(),
            RuleColumn::Die => {
                let faces: Vec<String> = rules.die.iter().map(u32::to_string).collect();
                faces.join(" ")
            }
        }
    }

    /// The rules whose value differs between `rows`.
    pub fn varying(rows: &[CompareRow]) -> Vec<RuleColumn> {
        RuleColumn::ALL
            .into_iter()
            .filter(|c| {
                let first = rows.first().map(|r| c.text(&r.rules));
                rows.iter().any(|r| Some(c.text(&r.rules)) != first)
            })
            .collect()
    }
}

/// Columns of the table in order, as headings.
pub(crate) const COLUMNS: [&str; 12] = [
    "board",
    "player",
    "method",
    "minimises",
    "exact",
    "length",
    "optimal",
    "rolls",
    "fewest rolls",
    "nodes",
    "time",
    "note",
];

/// The results of a comparison: every row, and every disagreement of an exact method.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// One row per board, player and method.
    pub rows: Vec<CompareRow>,
    /// Each exact method whose answer differs from the optimum, in words; empty when all agree.
    pub mismatches: Vec<String>,
    /// Whether the methods ran untimed (`repeat` 0): the text and markdown tables then leave the
    /// time column out, so the table is the same on every machine.
    #[serde(skip)]
    pub untimed: bool,
}

impl Report {
    /// Adds another report's rows and mismatches.
    pub fn extend(&mut self, other: Report) {
        self.rows.extend(other.rows);
        self.mismatches.extend(other.mismatches);
        self.untimed |= other.untimed;
    }
}

/// Serializes a whole number below 2^53 as an integer, anything else as a float.
fn whole_or_float<S: serde::Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match *v {
        Some(x) if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 => {
            s.serialize_some(&(x as i64))
        }
        Some(x) => s.serialize_some(&x),
        None => s.serialize_none(),
    }
}
