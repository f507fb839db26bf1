//! `--plot FILE.svg` of `compare` and `sweep`: one chart of a report, chosen from its rows.
//!
//! - [`Chart::Time`], for a scaling study: time per run against the board's track tiles, both axes
//!   logarithmic, one line per method (and per player or rule variant, where those differ). Chosen
//!   when the rows cover two or more boards, no two with the same number of track tiles, each under
//!   one set of rules.
//! - [`Chart::Nodes`], for the paper's search: nodes expanded, a horizontal bar per method on a
//!   logarithmic axis, grouped by board, player and rule variant where those differ; a run that
//!   gave up at the node budget is drawn outlined. Chosen when every method that expanded nodes is
//!   a branch and bound on the bit-board (`bnb-exact/bitboard`, `bnb-paper/bitboard`, ...: the
//!   same search under different bounds) and there are two or more of them.
//! - [`Chart::Length`], for rule variants: the length found, a horizontal bar per method from
//!   zero, grouped by board, player and rule variant where those differ. Chosen otherwise.

use super::table::{CompareRow, Report, RuleColumn, Status};
use super::timing::show_ns;
use crate::board::BoardRules;
use crate::output::plot::{Area, Drawn, PlotError, colour, legend, legend_width, svg};
use crate::solve::{Encoding, Method};
use crate::text::{name_in, thousands};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::{BTreeMap, BTreeSet};

/// The charts `--plot` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    /// Time per run against track tiles, log-log, a line per method.
    Time,
    /// Nodes expanded per method, bars on a log scale.
    Nodes,
    /// Length per method, bars from zero.
    Length,
}

impl Chart {
    /// Every chart with its name on the command line.
    pub const ALL: [(&'static str, Chart); 3] = [
        ("time", Chart::Time),
        ("nodes", Chart::Nodes),
        ("length", Chart::Length),
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        name_in(&Chart::ALL, self)
    }

    /// The chart that suits `report` (see the module's documentation); `tiles` gives each board's
    /// track tiles by its name in the rows.
    pub fn choose(report: &Report, tiles: &BTreeMap<String, usize>) -> Chart {
        let searches: BTreeSet<&str> = report
            .rows
            .iter()
            .filter(|r| r.nodes.is_some())
            .map(|r| r.method.as_str())
            .collect();
        if searches.len() >= 2 && searches.iter().all(|m| is_paper_search(m)) {
            return Chart::Nodes;
        }
        let mut rules: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
        for r in &report.rows {
            let all = RuleColumn::ALL.map(|c| c.text(&r.rules)).join(" ");
            rules.entry(&r.board).or_default().insert(all);
        }
        let sizes: BTreeSet<usize> = rules
            .keys()
            .filter_map(|b| tiles.get(*b))
            .copied()
            .collect();
        if rules.len() >= 2 && sizes.len() == rules.len() && rules.values().all(|s| s.len() == 1) {
            Chart::Time
        } else {
            Chart::Length
        }
    }
}

/// Whether `method` is the paper's search (branch and bound on the bit-board) under some bound.
fn is_paper_search(method: &str) -> bool {
    Method::find(method)
        .is_ok_and(|m| m.algorithm == "branch-and-bound" && m.encoding == Encoding::Bitboard)
}

/// What tells rows apart in a chart's labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Board,
    Player,
    Rule(RuleColumn),
    Method,
}

/// The fields that group bars, or label lines beside the method.
const GROUPS: [Field; 7] = [
    Field::Board,
    Field::Player,
    Field::Rule(RuleColumn::Metric),
    Field::Rule(RuleColumn::Rounding),
    Field::Rule(RuleColumn::GoalMode),
    Field::Rule(RuleColumn::MovesInGoal),
    Field::Rule(RuleColumn::Die),
];

impl Field {
    /// The field of `r` in words.
    fn of(self, r: &CompareRow) -> String {
        match self {
            Field::Board => r.board.clone(),
            Field::Player => r.player.clone(),
            Field::Method => r.method.clone(),
            Field::Rule(c) => rule_words(c, &r.rules),
        }
    }

    /// What the field is, in a title.
    fn what(self) -> &'static str {
        match self {
            Field::Board => "board",
            Field::Player => "player",
            Field::Rule(_) => "rule variant",
            Field::Method => "method",
        }
    }
}

/// A rule in words that say which rule it is: `manhattan`, `exact rounding`, `die 1-8`.
fn rule_words(c: RuleColumn, rules: &BoardRules) -> String {
    match c {
        RuleColumn::Metric => c.text(rules),
        RuleColumn::Rounding => format!("{} rounding", c.text(rules)),
        RuleColumn::GoalMode => format!("{} goal", c.text(rules)),
        RuleColumn::MovesInGoal if rules.moves_in_goal => "moves in goal".into(),
        RuleColumn::MovesInGoal => "no moves in goal".into(),
        RuleColumn::Die => format!("die {}", c.text(rules)),
    }
}

/// Those of `fields` that tell `rows` apart: the board if there are several, any other field if
/// it differs between rows of one board (a board's own rules and first player differ from another
/// board's, and its name already says so).
fn varying(rows: &[&CompareRow], fields: &[Field]) -> Vec<Field> {
    fields
        .iter()
        .copied()
        .filter(|&f| {
            let mut seen: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
            for r in rows {
                let within = if f == Field::Board { "" } else { &r.board };
                seen.entry(within).or_default().insert(f.of(r));
            }
            seen.values().any(|v| v.len() > 1)
        })
        .collect()
}

/// The label of `r` by `fields`.
fn label(r: &CompareRow, fields: &[Field]) -> String {
    let parts: Vec<String> = fields.iter().map(|f| f.of(r)).collect();
    parts.join(", ")
}

/// Distinct values in order of first appearance.
fn distinct(values: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for v in values {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Draws `report` as `chart` and returns the SVG; `tiles` gives each board's track tiles by its
/// name in the rows. Fails when no row has what the chart shows.
pub fn draw(
    report: &Report,
    chart: Chart,
    tiles: &BTreeMap<String, usize>,
) -> Result<String, PlotError> {
    match chart {
        Chart::Time => time(report, tiles),
        Chart::Nodes => {
            let gave_up = report.rows.iter().any(|r| r.status == Status::GaveUp);
            let axis = if gave_up {
                "nodes expanded, log scale (outlined: gave up at the node budget)"
            } else {
                "nodes expanded, log scale"
            };
            let value = |r: &CompareRow| r.nodes.map(|n| n as f64);
            bars(&report.rows, "Nodes expanded", axis, Scale::Log, &value)
        }
        Chart::Length => {
            let units = distinct(report.rows.iter().map(|r| r.unit.clone()));
            let axis = match &units[..] {
                [unit] => format!("length ({unit})"),
                _ => "length (each board's units)".into(),
            };
            let value = |r: &CompareRow| r.length.filter(|_| r.status == Status::Ok);
            bars(&report.rows, "Length", &axis, Scale::Linear, &value)
        }
    }
}

/// Canvas width in pixels.
const WIDTH: u32 = 960;
/// Font of titles, and of labels and axis descriptions.
const TITLE: (&str, u32) = ("sans-serif", 20);
const LABEL: (&str, u32) = ("sans-serif", 14);

/// `v` as an axis label: whole numbers grouped in thousands.
fn number(v: f64) -> String {
    thousands(v.max(0.0).round() as u64)
}

/// A logarithmic axis around `lo..hi`, a little beyond both ends.
fn log_range(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = lo.max(1e-9);
    lo / 1.5..hi.max(lo) * 1.5
}

/// The time chart: a line per method (and varying player or rules) against track tiles.
fn time(report: &Report, tiles: &BTreeMap<String, usize>) -> Result<String, PlotError> {
    let rows: Vec<(&CompareRow, f64, f64)> = report
        .rows
        .iter()
        .filter(|r| r.status == Status::Ok)
        .filter_map(|r| Some((r, *tiles.get(&r.board)? as f64, r.time?.median_ns)))
        .collect();
    if rows.is_empty() {
        return Err(PlotError(
            "no run has a time to draw (every one was skipped, invalid, unsupported or gave up)"
                .into(),
        ));
    }
    let plain: Vec<&CompareRow> = rows.iter().map(|(r, _, _)| *r).collect();
    let mut fields = vec![Field::Method];
    fields.extend(varying(&plain, &GROUPS[1..]));
    let names = distinct(plain.iter().map(|r| label(r, &fields)));
    let mut series: Vec<Vec<(f64, f64)>> = vec![Vec::new(); names.len()];
    for (r, x, y) in &rows {
        let i = names
            .iter()
            .position(|n| *n == label(r, &fields))
            .unwrap_or(0);
        series[i].push((*x, *y));
    }
    for s in &mut series {
        s.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    let range = |v: Vec<f64>| {
        log_range(
            v.iter().copied().fold(f64::MAX, f64::min),
            v.iter().copied().fold(0.0, f64::max),
        )
    };
    let x = range(rows.iter().map(|r| r.1).collect());
    let y = range(rows.iter().map(|r| r.2).collect());
    let legend_w = legend_width(&names);
    svg(WIDTH + legend_w, 560, |root| {
        let (left, right) = root.split_horizontally(WIDTH);
        let mut chart = ChartBuilder::on(&left)
            .caption("Time per run against track tiles", TITLE)
            .margin(15)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(x.log_scale(), y.log_scale())?;
        chart
            .configure_mesh()
            .x_desc("track tiles (log scale)")
            .y_desc("time per run, median (log scale)")
            .axis_desc_style(LABEL)
            .label_style(LABEL)
            .x_label_formatter(&|v| number(*v))
            .y_label_formatter(&|v| show_ns(*v))
            .draw()?;
        for (i, points) in series.iter().enumerate() {
            let c = colour(i);
            chart.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))?;
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, c.filled())))?;
        }
        legend(&right, &names)
    })
}

/// The value axis of a bar chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scale {
    Linear,
    Log,
}

/// One bar, or the place of one.
struct Bar<'a> {
    /// Group, from the top.
    group: usize,
    /// Series (method).
    series: usize,
    /// The value drawn; `None` where the run has none (its status is written instead).
    value: Option<f64>,
    /// The run's status.
    status: &'a str,
    /// Drawn outlined: the run gave up, the value is where it stopped.
    outlined: bool,
}

/// A horizontal bar chart of `value` for `rows`: a bar per method, grouped by what else tells the
/// rows apart; a run without a value gets its status written in place of its bar.
fn bars(
    rows: &[CompareRow],
    what: &str,
    axis: &str,
    scale: Scale,
    value: &dyn Fn(&CompareRow) -> Option<f64>,
) -> Result<String, PlotError> {
    let all: Vec<&CompareRow> = rows.iter().collect();
    let mut groups = varying(&all, &GROUPS);
    if groups.is_empty() {
        groups.push(Field::Board);
    }
    let names = distinct(rows.iter().map(|r| label(r, &groups)));
    let methods = distinct(rows.iter().map(|r| r.method.clone()));
    let bars: Vec<Bar> = rows
        .iter()
        .map(|r| Bar {
            group: names
                .iter()
                .position(|n| *n == label(r, &groups))
                .unwrap_or(0),
            series: methods.iter().position(|m| *m == r.method).unwrap_or(0),
            value: value(r),
            status: r.status.name(),
            outlined: r.status == Status::GaveUp,
        })
        .collect();
    let values: Vec<f64> = bars.iter().filter_map(|b| b.value).collect();
    if values.is_empty() {
        return Err(PlotError(format!(
            "no run has a value to draw on the {} chart (every one was skipped, invalid, unsupported or gave up)",
            what.to_lowercase()
        )));
    }
    let per = distinct(groups.iter().map(|f| f.what().to_string()));
    let mut title = format!("{what} per method, grouped by {}", per.join(", "));
    // One board the labels do not name: the title does.
    if let ([board], false) = (
        &distinct(rows.iter().map(|r| r.board.clone()))[..],
        groups.contains(&Field::Board),
    ) {
        title = format!("{board}: {title}");
    }
    let lo = values.iter().copied().fold(f64::MAX, f64::min);
    let hi = values.iter().copied().fold(0.0, f64::max);
    let label_w = 20 + 7 * names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as u32;
    let height = (130 + 18 * bars.len() + 10 * names.len()).max(320) as u32;
    let legend_w = legend_width(&methods);
    svg(WIDTH + legend_w, height, |root| {
        let (left, right) = root.split_horizontally(WIDTH);
        let layout = Layout {
            title: &title,
            axis,
            label_w,
            names: &names,
            methods: methods.len(),
        };
        match scale {
            Scale::Linear => draw_bars(&left, 0.0..hi.max(1.0) * 1.05, 0.0, &layout, &bars)?,
            Scale::Log => {
                let x = log_range(lo.max(1.0), hi);
                let base = x.start;
                draw_bars(&left, x.log_scale(), base, &layout, &bars)?
            }
        }
        legend(&right, &methods)
    })
}

/// The text and shape of a bar chart.
struct Layout<'a> {
    title: &'a str,
    axis: &'a str,
    /// Width of the group labels, pixels.
    label_w: u32,
    /// Group labels, from the top.
    names: &'a [String],
    /// Series per group.
    methods: usize,
}

/// Draws `bars` on value axis `x`, each from `base`.
fn draw_bars<X>(area: &Area, x: X, base: f64, layout: &Layout, bars: &[Bar]) -> Drawn
where
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
{
    let n = layout.names.len();
    // Group i is centred on y = n - 1 - i, so that the first is at the top.
    let mut chart = ChartBuilder::on(area)
        .caption(layout.title, TITLE)
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(layout.label_w)
        .build_cartesian_2d(x, -0.5..n as f64 - 0.5)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .max_light_lines(2)
        .y_labels(0)
        .x_desc(layout.axis)
        .axis_desc_style(LABEL)
        .label_style(LABEL)
        .x_label_formatter(&|v| number(*v))
        .draw()?;
    // The group labels, beside the axis at the middle of each group (plotters would place axis
    // labels at round numbers).
    let style = TextStyle::from(LABEL.into_font()).pos(Pos::new(HPos::Right, VPos::Center));
    for (i, name) in layout.names.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(base, (n - 1 - i) as f64));
        area.draw(&Text::new(name.clone(), (px - 8, py), style.clone()))?;
    }
    let band = 0.8 / layout.methods as f64;
    // Top and bottom of a bar's place.
    let place = |b: &Bar| {
        let top = (n - 1 - b.group) as f64 + 0.4 - b.series as f64 * band;
        (top - band * 0.85, top)
    };
    chart.draw_series(bars.iter().filter_map(|b| {
        let value = b.value?;
        let (bottom, top) = place(b);
        let c = colour(b.series);
        let style = if b.outlined {
            c.stroke_width(2)
        } else {
            c.filled()
        };
        Some(Rectangle::new([(base, bottom), (value, top)], style))
    }))?;
    let note = TextStyle::from(("sans-serif", 11).into_font())
        .color(&RGBColor(110, 110, 110))
        .pos(Pos::new(HPos::Left, VPos::Center));
    for b in bars.iter().filter(|b| b.value.is_none()) {
        let (bottom, top) = place(b);
        let (px, py) = chart.backend_coord(&(base, (bottom + top) / 2.0));
        area.draw(&Text::new(b.status.to_string(), (px + 4, py), note.clone()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Metric};

    /// A row of `method` on `label` (the standard board under `metric`), with `nodes`.
    fn row(label: &str, player: &str, metric: Metric, method: &str, nodes: u64) -> CompareRow {
        let mut board = Board::load("maedn").unwrap();
        board.rules.metric = metric;
        let mut r = CompareRow::new(&board, label, player, Method::find(method).unwrap());
        r.nodes = Some(nodes);
        r
    }

    fn report(rows: Vec<CompareRow>) -> Report {
        Report {
            rows,
            ..Report::default()
        }
    }

    #[test]
    fn the_chart_suits_the_rows() {
        let e = Metric::Euclidean;
        let tiles: BTreeMap<String, usize> =
            [("a".into(), 100), ("b".into(), 1000), ("c".into(), 100)].into();
        let choose = |rows| Chart::choose(&report(rows), &tiles);
        // The paper's search under two bounds.
        let bounds = vec![
            row("a", "p", e, "bnb-exact/bitboard", 877),
            row("a", "p", e, "bnb-paper/bitboard", 14_282_614),
        ];
        assert_eq!(choose(bounds.clone()), Chart::Nodes);
        assert_eq!(choose(bounds[..1].to_vec()), Chart::Length, "one bound");
        let mut mixed = bounds.clone();
        mixed.push(row("a", "p", e, "dp/step", 160));
        assert_eq!(choose(mixed), Chart::Length);
        // Boards of different sizes, each under one set of rules.
        let sizes = vec![
            row("a", "p", e, "dp/step", 1),
            row("b", "p", e, "dp/step", 1),
        ];
        assert_eq!(choose(sizes.clone()), Chart::Time);
        let mut same_size = sizes.clone();
        same_size.push(row("c", "p", e, "dp/step", 1));
        assert_eq!(choose(same_size), Chart::Length, "a and c have 100 tiles");
        let mut variants = sizes;
        variants.push(row("b", "p", Metric::Manhattan, "dp/step", 1));
        assert_eq!(choose(variants), Chart::Length, "rules vary on b");
    }

    #[test]
    fn labels_name_only_what_tells_rows_apart() {
        let rows = [
            row("a", "black", Metric::Euclidean, "dp/step", 1),
            row("a", "black", Metric::Manhattan, "dp/step", 1),
            row("b", "green", Metric::Euclidean, "dp/step", 1),
        ];
        let refs: Vec<&CompareRow> = rows.iter().collect();
        // Each board's own first player differs between boards only: the board names it.
        assert_eq!(
            varying(&refs, &GROUPS),
            [Field::Board, Field::Rule(RuleColumn::Metric)]
        );
        assert_eq!(label(&rows[1], &varying(&refs, &GROUPS)), "a, manhattan");
        let mut die = rows[0].clone();
        die.rules.die = vec![1, 2, 3, 4, 6];
        die.rules.moves_in_goal = true;
        assert_eq!(Field::Rule(RuleColumn::Die).of(&die), "die 1-4,6");
        assert_eq!(
            Field::Rule(RuleColumn::MovesInGoal).of(&die),
            "moves in goal"
        );
        assert_eq!(
            Field::Rule(RuleColumn::Rounding).of(&die),
            "per-move rounding"
        );
    }

    #[test]
    fn an_empty_report_has_nothing_to_draw() {
        let e = draw(&Report::default(), Chart::Length, &BTreeMap::new()).unwrap_err();
        assert!(e.to_string().contains("no run has a value"), "{e}");
        let e = draw(&Report::default(), Chart::Time, &BTreeMap::new()).unwrap_err();
        assert!(e.to_string().contains("no run has a time"), "{e}");
    }
}
