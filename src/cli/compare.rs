//! `boardpath compare`: every method on the same boards, one table.

use super::Error;
use super::out;
use super::{RuleArgs, load, method, method_parser, players};
use boardpath::board::{Board, embedded};
use boardpath::compare::format::{Format, render};
use boardpath::compare::{DEFAULT_BUDGET, Options, Report, Selection, compare_player};
use boardpath::output::document::Provenance;
use boardpath::solve::METHODS;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Duration;

/// Arguments of `compare`.
#[derive(Args)]
pub struct CompareArgs {
    /// Board files or embedded board names; default: every embedded board.
    pub boards: Vec<String>,
    /// Player to compare on, or `all`; default: each board's first player.
    #[arg(long)]
    pub player: Option<String>,
    /// Comma-separated methods (see `boardpath methods`), or `all`. Default: every method,
    /// except those the catalogue marks as exploding on a board (listed as skipped); named
    /// methods always run.
    #[arg(long, value_delimiter = ',', value_parser = method_parser(true))]
    pub method: Option<Vec<String>>,
    /// Timing samples per method (1 to 10,000); each sample lasts at least 1 ms, and a method
    /// stops being sampled once it has run for 0.5 s.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub repeat: u64,
    /// Nodes a method may expand per player; it reports "gave up" when they run out.
    #[arg(long, default_value_t = DEFAULT_BUDGET)]
    pub budget: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    #[command(flatten)]
    pub rules: RuleArgs,
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

/// A board to compare on: its name as given, the board, and the players chosen.
pub type Job = (String, Board, Vec<usize>);

/// Runs `compare`; exits 1 (after printing the table) if an exact method disagrees.
pub fn run(args: &CompareArgs) -> Result<(), Error> {
    let names: Vec<String> = if args.boards.is_empty() {
        embedded::names().into_iter().map(String::from).collect()
    } else {
        args.boards.clone()
    };
    let options = options(args)?;
    // Load everything first: a bad board or player name fails before any search runs.
    let mut jobs: Vec<Job> = Vec::new();
    for name in names {
        let board = load(&name, &args.rules)?;
        let selected = players(&board, args.player.as_deref())?;
        jobs.push((name, board, selected));
    }
    let methods_per_player = match &options.selection {
        Selection::Default => METHODS.len(),
        Selection::Only(list) => list.len(),
    };
    let total: usize = jobs.iter().map(|(_, _, p)| p.len()).sum::<usize>() * methods_per_player;
    // indicatif draws on standard error only when it is a terminal; piped, it stays silent.
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{spinner} [{elapsed}] {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let mut started = 0u64;
    let report = report(&jobs, &options, |job| {
        bar.set_position(started);
        bar.set_message(format!("{} {} {}", job.board, job.player, job.method.name));
        started += 1;
    });
    bar.finish_and_clear();
    let report = report?;
    let text = match args.format {
        FormatArg::Text => render(&report, Format::Text),
        FormatArg::Markdown => render(&report, Format::Markdown),
        FormatArg::Csv => render(&report, Format::Csv),
        FormatArg::Json => json(&jobs, &report, Provenance::command_line())?,
    };
    out::print(&text)?;
    if report.mismatches.is_empty() {
        Ok(())
    } else {
        Err(Error::Mismatch(format!(
            "{} exact method result(s) disagree with the optimum",
            report.mismatches.len()
        )))
    }
}

/// The methods, timing samples and budget `args` ask for.
pub fn options(args: &CompareArgs) -> Result<Options, Error> {
    let selection = match &args.method {
        None => Selection::Default,
        Some(list) if list.iter().any(|m| m == "all") => Selection::Only(METHODS.iter().collect()),
        Some(list) => Selection::Only(list.iter().map(|m| method(m)).collect::<Result<_, _>>()?),
    };
    Ok(Options {
        selection,
        repeat: args.repeat as usize,
        budget: args.budget,
    })
}

/// Every method of `options` on every job; `progress` is told of each before it runs.
pub fn report(
    jobs: &[Job],
    options: &Options,
    mut progress: impl FnMut(boardpath::compare::Job),
) -> Result<Report, Error> {
    let mut report = Report::default();
    for (name, board, selected) in jobs {
        for &p in selected {
            let part = compare_player(board, name, p, options, &mut progress)
                // Several boards may be compared: say which one failed.
                .map_err(|e| Error::Input(format!("{name}: {e}")))?;
            report.extend(part);
        }
    }
    Ok(report)
}

/// The `compare --format json` document of `report` on `jobs`, with `command` as its command line.
pub fn json(jobs: &[Job], report: &Report, command: Vec<String>) -> Result<String, Error> {
    out::json_document_of("compare", command, jobs.iter().map(|(_, b, _)| b), report)
}
