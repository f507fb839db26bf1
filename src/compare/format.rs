//! Printing a comparison: an aligned text table, a markdown table, CSV or JSON.

use super::table::{COLUMNS, CompareRow, Report, RuleColumn, Status};
use super::timing::show_ns;
use crate::text::thousands;
use std::fmt::Write;

/// Output formats of `compare`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableFormat {
    /// Aligned columns for a terminal.
    #[default]
    Text,
    /// A GitHub markdown table.
    Markdown,
    /// Comma-separated values with raw numbers (nanoseconds, no separators), one tidy row per
    /// board, player and method, with every rule in force: rows of several runs concatenate.
    Csv,
}

/// The report in `format`, ending with a newline.
pub fn render(report: &Report, format: TableFormat) -> String {
    render_with(report, format, &[])
}

/// The report in `format`, the text and markdown tables with a column for each rule of `rules`
/// after the player (CSV and JSON always carry every rule).
pub fn render_with(report: &Report, format: TableFormat, rules: &[RuleColumn]) -> String {
    match format {
        TableFormat::Text => text(report, rules),
        TableFormat::Markdown => markdown(report, rules),
        TableFormat::Csv => csv(report),
    }
}

/// Where the rule columns go: after board and player.
const RULES_AT: usize = 2;

/// Where the time column is among [`COLUMNS`].
const TIME_AT: usize = 10;

/// `columns` (in [`COLUMNS`] order) with `rules` inserted after the player, and without the time
/// column when the report is untimed.
fn layout<T>(mut columns: Vec<T>, rules: impl Iterator<Item = T>, untimed: bool) -> Vec<T> {
    if untimed {
        columns.remove(TIME_AT);
    }
    columns.splice(RULES_AT..RULES_AT, rules);
    columns
}

/// The headings, with `rules` inserted.
fn headings(report: &Report, rules: &[RuleColumn]) -> Vec<String> {
    layout(
        COLUMNS.iter().map(|c| c.to_string()).collect(),
        rules.iter().map(|r| r.heading().to_string()),
        report.untimed,
    )
}

/// Which columns are flush right (numbers), with `rules` inserted (flush left).
fn right(report: &Report, rules: &[RuleColumn]) -> Vec<bool> {
    layout(RIGHT.to_vec(), rules.iter().map(|_| false), report.untimed)
}

/// The display cells of a row, in [`headings`] order.
fn cells(report: &Report, r: &CompareRow, rules: &[RuleColumn]) -> Vec<String> {
    layout(
        base_cells(r).to_vec(),
        rules.iter().map(|k| k.text(&r.rules)),
        report.untimed,
    )
}

/// The display cells of a row, in [`COLUMNS`] order.
fn base_cells(r: &CompareRow) -> [String; 12] {
    let dash = || "—".to_string();
    let ok = r.status == Status::Ok;
    let optimal = match (r.optimal, &r.excess_text) {
        (Some(true), _) => "yes".to_string(),
        (Some(false), Some(e)) => format!("no ({e})"),
        (Some(false), None) => "no".to_string(),
        (None, _) => dash(),
    };
    [
        r.board.clone(),
        r.player.clone(),
        r.method.clone(),
        r.minimises.to_string(),
        if r.exact { "yes" } else { "no" }.to_string(),
        r.length_text.clone().filter(|_| ok).unwrap_or_else(dash),
        optimal,
        r.rolls.map_or_else(dash, |v| v.to_string()),
        r.fewest_rolls.map_or_else(dash, |v| v.to_string()),
        r.nodes.map_or_else(dash, thousands),
        r.time.map_or_else(dash, |t| show_ns(t.median_ns)),
        r.note.clone(),
    ]
}

/// Columns printed flush right (numbers).
const RIGHT: [bool; 12] = [
    false, false, false, false, false, true, false, true, true, true, true, false,
];

fn text(report: &Report, rules: &[RuleColumn]) -> String {
    let heads = headings(report, rules);
    let right = right(report, rules);
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|r| cells(report, r, rules))
        .collect();
    let mut width: Vec<usize> = heads.iter().map(|c| c.chars().count()).collect();
    for r in &rows {
        for (w, c) in width.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = " ".repeat(width[i] - c.chars().count());
            if i > 0 {
                s.push_str("  ");
            }
            if right[i] {
                s.push_str(&pad);
                s.push_str(c);
            } else if i + 1 < cells.len() {
                s.push_str(c);
                s.push_str(&pad);
            } else {
                s.push_str(c);
            }
        }
        s.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", line(&heads));
    for r in &rows {
        let _ = writeln!(out, "{}", line(r));
    }
    mismatches(&mut out, report);
    out
}

fn markdown(report: &Report, rules: &[RuleColumn]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| {} |", headings(report, rules).join(" | "));
    let rule: Vec<&str> = right(report, rules)
        .iter()
        .map(|&r| if r { "---:" } else { "---" })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for r in &report.rows {
        let c: Vec<String> = cells(report, r, rules)
            .iter()
            .map(|c| c.replace('|', "\\|"))
            .collect();
        let _ = writeln!(out, "| {} |", c.join(" | "));
    }
    mismatches(&mut out, report);
    out
}

fn mismatches(out: &mut String, report: &Report) {
    if !report.mismatches.is_empty() {
        let _ = writeln!(out, "\nMISMATCH: exact methods disagree:");
        for m in &report.mismatches {
            let _ = writeln!(out, "- {m}");
        }
    }
}

/// The CSV columns before the rules, and after them.
const CSV_HEAD: [&str; 3] = ["board", "board_sha256", "player"];
const CSV_TAIL: [&str; 13] = [
    "unit",
    "method",
    "exact",
    "status",
    "length",
    "excess",
    "optimal",
    "rolls",
    "fewest_rolls",
    "nodes",
    "time_ns",
    "samples",
    "runs",
];

/// The CSV header line: `board,board_sha256,player,metric,...,runs,note`.
pub(crate) fn csv_header() -> String {
    let rules = RuleColumn::ALL.map(RuleColumn::key);
    [&CSV_HEAD[..], &rules, &CSV_TAIL, &["note"]]
        .concat()
        .join(",")
}

fn csv(report: &Report) -> String {
    let mut out = csv_header();
    out.push('\n');
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &report.rows {
        let mut fields = vec![r.board.clone(), r.board_sha256.clone(), r.player.clone()];
        fields.extend(RuleColumn::ALL.map(|c| c.csv(&r.rules)));
        fields.extend([
            r.unit.clone(),
            r.method.clone(),
            r.exact.to_string(),
            r.status.name().to_string(),
            opt(r.length_text.clone()),
            opt(r
                .excess_text
                .as_ref()
                .map(|e| e.trim_start_matches('+').to_string())),
            opt(r.optimal.map(|v| v.to_string())),
            opt(r.rolls.map(|v| v.to_string())),
            opt(r.fewest_rolls.map(|v| v.to_string())),
            opt(r.nodes.map(|v| v.to_string())),
            opt(r.time.map(|t| format!("{:.0}", t.median_ns))),
            opt(r.time.map(|t| t.samples.to_string())),
            opt(r.time.map(|t| t.runs.to_string())),
            r.note.clone(),
        ]);
        let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        let _ = writeln!(out, "{}", quoted.join(","));
    }
    out
}

/// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
pub(crate) fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header `compare` and `sweep` share: changing it breaks concatenating older results.
    #[test]
    fn the_csv_header_is_stable() {
        assert_eq!(
            csv_header(),
            "board,board_sha256,player,metric,rounding,goal_mode,moves_in_goal,die,unit,method,exact,status,length,excess,optimal,rolls,fewest_rolls,nodes,time_ns,samples,runs,note"
        );
    }

    #[test]
    fn an_untimed_report_has_no_time_column() {
        assert_eq!(COLUMNS[TIME_AT], "time");
        let board = crate::board::Board::load("maedn").unwrap();
        let options = crate::compare::CompareOptions {
            selection: crate::compare::Selection::Only(vec![
                crate::solve::Method::find("dp/step").unwrap(),
            ]),
            repeat: 0,
            budget: 1_000,
        };
        let report =
            crate::compare::compare_player(&board, "maedn", 0, &options, &mut |_| {}).unwrap();
        assert!(report.untimed && report.rows[0].time.is_none());
        assert_eq!(
            render(&report, TableFormat::Markdown),
            "| board | player | method | minimises | exact | length | optimal | rolls | fewest rolls | nodes | note |\n\
             |---|---|---|---|---|---:|---|---:|---:|---:|---|\n\
             | maedn | black | dp/step | length | yes | 83047 | yes | 32 | 29 | 160 |  |\n"
        );
        let timed = crate::compare::CompareOptions {
            repeat: 1,
            ..options
        };
        let report =
            crate::compare::compare_player(&board, "maedn", 0, &timed, &mut |_| {}).unwrap();
        assert!(render(&report, TableFormat::Text).contains(" time "));
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }
}
