//! Printing a comparison: an aligned text table, a markdown table, CSV or JSON.

use super::table::{COLUMNS, Report, Row, Status};
use super::timing::show_ns;
use crate::text::thousands;
use std::fmt::Write;

/// Output formats of `compare`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
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
pub fn render(report: &Report, format: Format) -> String {
    match format {
        Format::Text => text(report),
        Format::Markdown => markdown(report),
        Format::Csv => csv(report),
    }
}

/// The display cells of a row, in [`COLUMNS`] order.
fn cells(r: &Row) -> [String; 11] {
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
const RIGHT: [bool; 11] = [
    false, false, false, false, true, false, true, true, true, true, false,
];

fn text(report: &Report) -> String {
    let rows: Vec<[String; 11]> = report.rows.iter().map(cells).collect();
    let mut width = COLUMNS.map(|c| c.chars().count());
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
            if RIGHT[i] {
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
    let _ = writeln!(out, "{}", line(&COLUMNS.map(String::from)));
    for r in &rows {
        let _ = writeln!(out, "{}", line(r));
    }
    mismatches(&mut out, report);
    out
}

fn markdown(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| {} |", COLUMNS.join(" | "));
    let rule: Vec<&str> = RIGHT
        .iter()
        .map(|&r| if r { "---:" } else { "---" })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for r in &report.rows {
        let c = cells(r).map(|c| c.replace('|', "\\|"));
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

fn csv(report: &Report) -> String {
    let mut out = String::from(
        "board,board_sha256,player,metric,rounding,goal_mode,moves_in_goal,die,unit,method,exact,status,length,excess,optimal,rolls,fewest_rolls,nodes,time_ns,samples,runs,note\n",
    );
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &report.rows {
        let fields = [
            r.board.clone(),
            r.board_sha256.clone(),
            r.player.clone(),
            r.rules.metric.name().to_string(),
            r.rules.rounding.name().to_string(),
            r.rules.goal_mode.name().to_string(),
            r.rules.moves_in_goal.to_string(),
            die_field(&r.rules.die),
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
        ];
        let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        let _ = writeln!(out, "{}", quoted.join(","));
    }
    out
}

/// Die faces in one CSV field: `1 2 3 4 5 6`.
pub fn die_field(faces: &[u32]) -> String {
    let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
    faces.join(" ")
}

/// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
pub fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}
