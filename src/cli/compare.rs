//! `boardpath compare`: every method on the same boards, one table; and what `sweep` shares with
//! it: the options of the table, the progress bar, printing and plotting the report.

use super::Error;
use super::out;
use super::progress::progress_bar;
use super::range::{at_least, whole};
use super::{RuleArgs, load, method_parser};
use boardpath::board::Board;
use boardpath::board::embedded;
use boardpath::board::rules::parse_choice;
use boardpath::compare::format::{TableFormat, render_with};
use boardpath::compare::plot::{Chart, draw};
use boardpath::compare::{DEFAULT_BUDGET, Report, RuleColumn};
use boardpath::jobs::{self, CompareBoard, CompareJob};
use clap::{Args, ValueEnum};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::Path;

/// The most timing samples per method.
const MAX_REPEAT: u64 = 10_000;

/// Arguments of `compare`.
#[derive(Args)]
pub struct CompareArgs {
    /// Board files or embedded board names; default: every embedded board.
    pub boards: Vec<String>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The options `compare` and `sweep` share: players, methods, timing, output and plot.
#[derive(Args)]
pub struct TableArgs {
    /// Player to compare on, or `all`; default: each board's first player.
    #[arg(long)]
    pub player: Option<String>,
    /// Comma-separated methods (see `boardpath methods`), or `all`. Default: every method,
    /// except those the catalogue marks as exploding on a board (listed as skipped); named
    /// methods always run.
    #[arg(long, value_delimiter = ',', value_parser = method_parser(true))]
    pub method: Option<Vec<String>>,
    /// Timing samples per method (1 to 10,000); each sample lasts at least 1 ms, and no sample
    /// is started that would end (as long as the last) after the method has run for 0.5 s.
    #[arg(long, default_value_t = 5, allow_negative_numbers = true, value_parser = whole(1, MAX_REPEAT))]
    pub repeat: u64,
    /// Run each method once, untimed, and leave the time column out: a table that is the same on
    /// every machine (the docs' tables are made so).
    #[arg(long, conflicts_with = "repeat")]
    pub no_time: bool,
    /// Nodes a method may expand per player (1 or more); it reports "gave up" when they run out.
    #[arg(long, default_value_t = DEFAULT_BUDGET, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub budget: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// Also draw the results as a chart, SVG or PNG by the name's extension: time against track
    /// tiles for boards of different sizes, nodes per bound for the paper's search, length per
    /// rule variant and method otherwise (see --chart).
    #[arg(long, value_name = "FILE.svg", value_parser = plot_path)]
    pub plot: Option<String>,
    /// The chart --plot draws: time (log-log, against track tiles), nodes (log scale) or length;
    /// default: chosen from the results.
    #[arg(long, requires = "plot", value_parser = |s: &str| parse_choice("chart", s, &Chart::ALL))]
    pub chart: Option<Chart>,
}

/// The `--format` values.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum FormatArg {
    /// Aligned columns.
    #[default]
    Text,
    /// A markdown table.
    Markdown,
    /// CSV with raw numbers.
    Csv,
    /// JSON: rows and mismatches.
    Json,
}

impl TableArgs {
    /// The comparison asked for: the methods, the timing samples (none with `--no-time`) and the
    /// budget.
    pub fn job(&self) -> CompareJob {
        CompareJob {
            methods: self.method.clone(),
            repeat: if self.no_time {
                0
            } else {
                self.repeat as usize
            },
            budget: self.budget,
        }
    }

    /// Prints `report` of `kind` (computed on `boards`, the text and markdown tables with a column
    /// per rule of `rules`), draws it if `--plot` asks, and fails (after both) if an exact method
    /// disagreed.
    pub fn finish<'a>(
        &self,
        kind: &str,
        report: &Report,
        boards: impl IntoIterator<Item = (&'a String, &'a Board)> + Clone,
        rules: &[RuleColumn],
    ) -> Result<(), Error> {
        let text = match self.format {
            FormatArg::Text => render_with(report, TableFormat::Text, rules),
            FormatArg::Markdown => render_with(report, TableFormat::Markdown, rules),
            FormatArg::Csv => render_with(report, TableFormat::Csv, rules),
            FormatArg::Json => {
                out::json_document(kind, boards.clone().into_iter().map(|(_, b)| b), report)?
            }
        };
        out::print(&text)?;
        if let Some(path) = &self.plot {
            let tiles: BTreeMap<String, usize> = boards
                .into_iter()
                .map(|(name, b)| (name.clone(), b.track.len()))
                .collect();
            let chart = self.chart.unwrap_or_else(|| Chart::choose(report, &tiles));
            let svg = draw(report, chart, &tiles)
                .map_err(|e| Error::Input(format!("--plot {path}: {e}")))?;
            write_plot(path, &svg)?;
        }
        if report.mismatches.is_empty() {
            Ok(())
        } else {
            Err(Error::Mismatch(format!(
                "{} exact method result(s) disagree with the optimum",
                report.mismatches.len()
            )))
        }
    }
}

/// The message of `bar` while `job` runs.
pub fn describe(job: &boardpath::compare::RunningMethod) -> String {
    format!("{} {} {}", job.board, job.player, job.method.name)
}

/// Runs `compare`; exits 1 (after printing the table) if an exact method disagrees.
pub fn run(args: &CompareArgs) -> Result<(), Error> {
    let names: Vec<String> = if args.boards.is_empty() {
        embedded::names().into_iter().map(String::from).collect()
    } else {
        args.boards.clone()
    };
    // Load everything first: a bad board fails before any search runs (and the job finds every
    // player before it runs one).
    let boards = names
        .into_iter()
        .map(|name| Ok((load(&name, &args.rules)?, name)))
        .collect::<Result<Vec<_>, Error>>()?;
    let entries: Vec<CompareBoard> = boards
        .iter()
        .map(|(board, name)| CompareBoard {
            label: name,
            board,
            player: args.table.player.as_deref(),
        })
        .collect();
    let bar = progress_bar(0);
    let report = jobs::compare(&entries, &args.table.job(), &mut |p| {
        bar.set_length(p.total as u64);
        bar.set_position(p.started as u64);
        bar.set_message(describe(&p.running));
        ControlFlow::Continue(())
    });
    bar.finish_and_clear();
    let report = report?;
    args.table.finish(
        "compare",
        &report,
        boards.iter().map(|(board, name)| (name, board)),
        &[],
    )
}

/// The `compare --format json` document of `report` on `boards`, with `command` as its command
/// line.
pub fn json<'a>(
    boards: impl IntoIterator<Item = &'a Board>,
    report: &Report,
    command: Vec<String>,
) -> Result<String, Error> {
    out::json_document_of("compare", command, boards, report)
}

/// A `--plot` file name: it must end in `.svg` or `.png` (any case), which chooses the format.
pub fn plot_path(name: &str) -> Result<String, String> {
    let ext = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg" | "png") => Ok(name.to_string()),
        _ => Err(format!(
            "{name:?}: the chart's file name must end in .svg or .png (that chooses the format), e.g. chart.svg"
        )),
    }
}

/// Writes the chart `svg` to `path`: as is for `.svg`, rasterised for `.png`.
pub fn write_plot(path: &str, svg: &str) -> Result<(), Error> {
    let png = path.to_ascii_lowercase().ends_with(".png");
    let bytes = if png {
        boardpath::render::png::rasterise(svg)
            .map_err(|e| Error::Input(format!("--plot {path}: {e}")))?
    } else {
        svg.as_bytes().to_vec()
    };
    out::write_file(Path::new(path), &bytes)
}
