//! `boardpath sweep`: boards x rule variants x methods, one long table (see
//! [`boardpath::compare::sweep`]).

use super::compare::{TableArgs, describe};
use super::progress::progress_bar;
use super::range::{MAX_THREADS, whole};
use super::{Error, Faces};
use boardpath::board::rules::{parse_choice, parse_die_list};
use boardpath::board::{Board, GoalMode, Metric, Rounding};
use boardpath::compare::RuleColumn;
use boardpath::compare::sweep::Axes;
use boardpath::jobs::{self, CompareBoard, SweepJob};
use clap::Args;

/// Arguments of `sweep`.
#[derive(Args)]
pub struct SweepArgs {
    /// Board files or embedded board names.
    #[arg(required = true)]
    pub boards: Vec<String>,
    /// Metrics to try, comma-separated: euclidean, manhattan, chebyshev. Default: each board's own.
    #[arg(long, value_delimiter = ',', value_parser = |s: &str| parse_choice("metric", s, &Metric::ALL))]
    pub metric: Vec<Metric>,
    /// Roundings to try, comma-separated: per-move, exact. Default: each board's own.
    #[arg(long, value_delimiter = ',', value_parser = |s: &str| parse_choice("rounding", s, &Rounding::ALL))]
    pub rounding: Vec<Rounding>,
    /// Goal modes to try, comma-separated: slots, stack. Default: each board's own.
    #[arg(long, value_delimiter = ',', value_parser = |s: &str| parse_choice("goal mode", s, &GoalMode::ALL))]
    pub goal_mode: Vec<GoalMode>,
    /// Whether moves inside the goal are allowed, comma-separated: no, yes. Default: each board's
    /// own.
    #[arg(long, value_delimiter = ',', value_parser = |s: &str| parse_choice("moves-in-goal value", s, &YES_NO))]
    pub moves_in_goal: Vec<bool>,
    /// A die to try, written as on every command: faces `1,2,3,4,5,6`, a range `1-6`, or both
    /// `1-4,6`. Repeat the option to try several: `--die 1-6 --die 1-8`. Default: each board's own.
    #[arg(long, value_name = "FACES", value_parser = one_die)]
    pub die: Vec<Faces>,
    /// Rule combinations run at once, each on its own core; default: one per core. Runs sharing
    /// the cores time each other's noise: use --threads 1 for timings to compare (1 to 1,024).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_THREADS as u64))]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub table: TableArgs,
}

/// The values of `--moves-in-goal`.
const YES_NO: [(&str, bool); 2] = [("no", false), ("yes", true)];

/// One `--die` value; a list of dice in one value reads as one die with repeated faces, so say
/// how to give several.
fn one_die(text: &str) -> Result<Faces, String> {
    parse_die_list(text).map(Faces).map_err(|e| {
        format!("{e}; --die takes one die: to try several, repeat it (--die 1-6 --die 1-8)")
    })
}

/// Fails if `values` of `option` holds a value twice (it would only repeat rows).
fn once<T: PartialEq>(
    option: &str,
    values: &[T],
    show: impl Fn(&T) -> String,
) -> Result<(), Error> {
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            return Err(Error::Usage(format!(
                "{option} lists {} twice; give each value once",
                show(v)
            )));
        }
    }
    Ok(())
}

impl SweepArgs {
    /// The rule values to try, each given once.
    fn axes(&self) -> Result<Axes, Error> {
        once("--metric", &self.metric, |m| m.name().into())?;
        once("--rounding", &self.rounding, |r| r.name().into())?;
        once("--goal-mode", &self.goal_mode, |g| g.name().into())?;
        once("--moves-in-goal", &self.moves_in_goal, |&b| {
            if b { "yes" } else { "no" }.into()
        })?;
        let die: Vec<Vec<u32>> = self.die.iter().map(|f| f.0.clone()).collect();
        once("--die", &die, |f| {
            format!("the die {}", boardpath::board::rules::die_text(f))
        })?;
        Ok(Axes {
            metric: self.metric.clone(),
            rounding: self.rounding.clone(),
            goal_mode: self.goal_mode.clone(),
            moves_in_goal: self.moves_in_goal.clone(),
            die,
        })
    }

    /// The rules given on the command line, as table columns.
    fn given(&self) -> Vec<RuleColumn> {
        [
            (!self.metric.is_empty(), RuleColumn::Metric),
            (!self.rounding.is_empty(), RuleColumn::Rounding),
            (!self.goal_mode.is_empty(), RuleColumn::GoalMode),
            (!self.moves_in_goal.is_empty(), RuleColumn::MovesInGoal),
            (!self.die.is_empty(), RuleColumn::Die),
        ]
        .into_iter()
        .filter_map(|(given, c)| given.then_some(c))
        .collect()
    }
}

/// Runs `sweep`; exits 1 (after printing the table) if an exact method disagrees.
pub fn run(args: &SweepArgs) -> Result<(), Error> {
    let job = SweepJob {
        axes: args.axes()?,
        compare: args.table.job(),
        threads: args.threads.map(|t| t as usize),
    };
    // Load every board first: a bad board fails before any search runs (and the job finds every
    // player before it runs one).
    let boards = args
        .boards
        .iter()
        .map(|name| Ok(Board::load(name)?))
        .collect::<Result<Vec<_>, Error>>()?;
    let entries: Vec<CompareBoard> = args
        .boards
        .iter()
        .zip(&boards)
        .map(|(label, board)| CompareBoard {
            label,
            board,
            player: args.table.player.as_deref(),
        })
        .collect();
    let bar = progress_bar(0);
    let report = jobs::sweep(&entries, &job, &|p| {
        bar.set_length(p.total as u64);
        bar.inc(1);
        bar.set_message(describe(&p.running));
    });
    bar.finish_and_clear();
    let report = report?;
    // A column for every rule asked for, and for any other that differs between the rows.
    let mut columns = args.given();
    for c in RuleColumn::varying(&report.rows) {
        if !columns.contains(&c) {
            columns.push(c);
        }
    }
    columns.sort_by_key(|c| RuleColumn::ALL.iter().position(|a| a == c));
    args.table
        .finish("sweep", &report, args.boards.iter().zip(&boards), &columns)
}
