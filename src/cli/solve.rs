//! `boardpath solve`: the least movement for each piece, the enter cost and the total.

use super::Error;
use super::out;
use super::progress::{ProgressBar, TICK, spinner};
use super::range::at_least;
use super::{Format, RuleArgs, load, method_parser};
use boardpath::board::rules::parse_choice;
use boardpath::board::{Board, embedded};
use boardpath::jobs::{self, DEFAULT_METHOD, Solutions, SolveJob};
use boardpath::output::document::{Provenance, write_json};
use boardpath::output::json::{Placed, PlacedStreamed};
use boardpath::output::text;
use boardpath::race::estimate::Estimate;
use boardpath::search::Progress;
use boardpath::solve::{DEFAULT_BUDGET, MethodCost, Solved, Streamed};
use boardpath::text::thousands;
use clap::{Args, ValueEnum};
use std::sync::mpsc::{self, RecvTimeoutError::Timeout};

/// Arguments of `solve`.
#[derive(Args, Default)]
pub struct SolveArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Player to solve, or `all`; default: the first player in the file.
    #[arg(long)]
    pub player: Option<String>,
    /// Output format: `text`, a table per player; `json`, one document `{schema:
    /// "boardpath.solve/1", provenance, results}` whose results hold one object per player (total,
    /// enter, method, nodes, rules, warnings, and each piece's length, steps, rolls, costs and stops
    /// on the board; see docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The method (see `boardpath methods`); default: petgraph-dijkstra/graph.
    #[arg(long, value_parser = method_parser(false), conflicts_with_all = ["encoding", "bound"])]
    pub method: Option<String>,
    /// Shorthand: graph = petgraph-dijkstra/graph, bitboard = bnb/bitboard, step = dp/step.
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingArg>,
    /// Shorthand with --encoding bitboard: the paper's search with bound none, paper, listing,
    /// admissible or exact (bnb-BOUND/bitboard).
    #[arg(long, value_parser = |s: &str| parse_choice("bound", s, &Estimate::BOUNDS))]
    pub bound: Option<Estimate>,
    /// Nodes a method may expand per player (1 or more) before it gives up (exit 1).
    #[arg(long, default_value_t = DEFAULT_BUDGET, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub budget: u64,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The `--encoding` values.
#[derive(Clone, Copy, ValueEnum, PartialEq)]
pub enum EncodingArg {
    /// (step, target) graph, petgraph's Dijkstra.
    Graph,
    /// The paper's bit-board and branch-and-bound search.
    Bitboard,
    /// The step index, dynamic programming.
    Step,
}

impl SolveArgs {
    /// The catalogue name of the method the arguments name (`--method`, or the shorthand of
    /// `--encoding` and `--bound`).
    pub fn method_name(&self) -> Result<String, Error> {
        Ok(match (&self.method, self.encoding, self.bound) {
            (Some(name), _, _) => name.clone(),
            (None, Some(EncodingArg::Bitboard), Some(bound)) => {
                format!("bnb-{}/bitboard", bound.name())
            }
            (None, _, Some(_)) => {
                return Err(Error::Usage(
                    "--bound applies to --encoding bitboard only".into(),
                ));
            }
            (None, Some(EncodingArg::Bitboard), None) => "bnb/bitboard".into(),
            (None, Some(EncodingArg::Step), None) => "dp/step".into(),
            (None, Some(EncodingArg::Graph) | None, None) => DEFAULT_METHOD.into(),
        })
    }

    /// The solve the arguments ask for: what `solve` and the server's `/api/solve` run.
    pub fn job(&self) -> Result<SolveJob, Error> {
        Ok(SolveJob {
            player: self.player.clone(),
            method: self.method_name()?,
            budget: self.budget,
        })
    }

    /// What `boardpath` with no arguments runs: the embedded standard board, first player, text.
    pub fn default_run() -> Self {
        SolveArgs {
            board: embedded::DEFAULT.into(),
            budget: DEFAULT_BUDGET,
            ..SolveArgs::default()
        }
    }
}

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> Result<(), Error> {
    let board = load(&args.board, &args.rules)?;
    let job = args.job()?;
    // A spinner with the time taken, on a terminal only (indicatif draws nothing when standard
    // error is piped), and the nodes of the searches that can run for minutes (branch and bound,
    // IDA*), which they count into `progress` as they go. Ctrl-C ends the program at once; nothing
    // is written until every player is solved.
    let bar = spinner();
    let progress = Progress::default();
    let spinner = Spinner {
        bar: &bar,
        progress: &progress,
        method: &job.method,
    };
    let solved = spinner.run(|each| jobs::solve(&board, &job, Some(&progress), each));
    bar.finish_and_clear();
    match solved? {
        Solutions::PerMove(solved) => report(&board, solved, args.format),
        Solutions::Exact(solved) => report(&board, solved, args.format),
    }
}

/// The report of `solved` in `format`, streamed: each piece's path is made as it is written
/// (with 20,000 pieces the paths add up to 33 million moves, and their JSON stops to gigabytes),
/// never all held.
fn report<C: MethodCost>(
    board: &Board,
    mut solved: Vec<(usize, Streamed<'static, C>)>,
    format: Format,
) -> Result<(), Error> {
    warn(solved.iter().flat_map(|(_, s)| &s.solution.warnings));
    match format {
        Format::Json => {
            let provenance = Provenance::new(Provenance::command_line(), [board]);
            let results: Vec<PlacedStreamed<C>> = solved
                .into_iter()
                .map(|(p, s)| PlacedStreamed::new(board, p, s))
                .collect();
            out::print_with(|out| write_json(out, "solve", &provenance, &results))
        }
        Format::Text => out::print_with(|out| {
            for (i, (p, s)) in solved.iter_mut().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                text::write_streamed(out, board, *p, s)?;
            }
            Ok(())
        }),
    }
}

/// Prints each distinct warning (in a row) once, on standard error.
fn warn<'a>(warnings: impl Iterator<Item = &'a String>) {
    let mut warnings: Vec<&String> = warnings.collect();
    warnings.dedup();
    for w in warnings {
        super::say(format_args!("warning: {w}"));
    }
}

/// The spinner of a solve and the progress it shows.
struct Spinner<'a> {
    bar: &'a ProgressBar,
    progress: &'a Progress,
    /// The method's catalogue name.
    method: &'a str,
}

impl Spinner<'_> {
    /// Runs `work` with the spinner showing the nodes counted so far; `work` is given a function
    /// to call with each player's name before it is solved.
    fn run<T>(&self, work: impl FnOnce(&mut dyn FnMut(&str)) -> T) -> T {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            if !self.bar.is_hidden() {
                let (bar, progress) = (self.bar, self.progress);
                scope.spawn(move || {
                    while finished.recv_timeout(TICK) == Err(Timeout) {
                        let nodes = progress.nodes();
                        if nodes > 0 {
                            bar.set_message(format!("{} nodes", thousands(nodes)));
                        }
                    }
                });
            }
            let solved = work(&mut |player| {
                self.bar
                    .set_prefix(format!("{}: player {player}", self.method));
            });
            drop(done);
            solved
        })
    }
}

/// Every player `job` selects on `board` solved, each piece's path held: what the server answers
/// and `render` draws.
pub fn solutions(board: &Board, job: &SolveJob) -> Result<Vec<(usize, Solved)>, Error> {
    Ok(jobs::solve(board, job, None, &mut |_| {})?.held()?)
}

/// The `solve --format json` document of `solutions` on `board`, with `command` as its command
/// line: what `solve` prints and what `serve` answers.
pub fn json(
    board: &Board,
    solutions: &[(usize, Solved)],
    command: Vec<String>,
) -> Result<String, Error> {
    let results: Vec<Placed> = solutions
        .iter()
        .map(|(p, s)| Placed::new(board, *p, s))
        .collect();
    out::json_document_of("solve", command, [board], results)
}
