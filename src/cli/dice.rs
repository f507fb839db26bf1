//! `boardpath dice`: exact expected turns, rolls and distance under real dice, the distribution of
//! turns, a Monte Carlo check, the policy table and a plot.

use super::progress::{TICK, games_bar};
use super::range::{at_least, whole};
use super::{Error, Format, RuleArgs, load, out, players};
use boardpath::board::Board;
use boardpath::board::embedded;
use boardpath::board::rules::parse_die_list;
use boardpath::dice::exact::{ENTER, NO_MOVE, PASS};
use boardpath::dice::{
    Analysis, DiceObjective, DicePolicy, DiceRules, Exact, MAX_TRIES, Model, Start,
};
use boardpath::jobs::{self, DiceJob};
use boardpath::output::document::Provenance;
use boardpath::output::plot::svg;
use boardpath::text::plural;
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError::Timeout};

/// The most games `--simulate` plays.
const MAX_SIMULATE: u64 = 10_000_000_000;

/// Arguments of `dice`.
#[derive(Args)]
pub struct DiceArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Player, or `all`; default: the first player in the file.
    #[arg(long)]
    pub player: Option<String>,
    /// What the optimal policy minimises (ties: distance for turns and rolls, turns for distance).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Turns)]
    pub objective: ObjectiveArg,
    /// How the piece to move is chosen.
    #[arg(long, value_enum, default_value_t = PolicyArg::Optimal)]
    pub policy: PolicyArg,
    /// How the game starts: every piece waiting, or one on the start tile.
    #[arg(long, value_enum, default_value_t = StartArg::Waiting)]
    pub start: StartArg,
    /// Forbid jumping over own pieces inside the goal.
    #[arg(long)]
    pub no_goal_jump: bool,
    /// Rolls per turn while no piece stands on the track (1 to 1,000).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = whole(1, MAX_TRIES))]
    pub tries: usize,
    /// Let the optimal policy pass instead of moving (a pass on the highest face rolls again).
    #[arg(long)]
    pub may_pass: bool,
    /// Faces that let a waiting piece enter, e.g. `5,6`; default: the die's highest face.
    #[arg(long, value_parser = |s: &str| parse_die_list(s).map(super::Faces))]
    pub enter_faces: Option<super::Faces>,
    /// Also play this many games at random (seeded) and report 95% confidence intervals; 1 to
    /// 10,000,000,000 (about two microseconds a game on one core: hours, with a progress bar and
    /// its estimate of the time left on a terminal; Ctrl-C stops it).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_SIMULATE))]
    pub simulate: Option<u64>,
    /// Seed of the simulation (0 or more).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = at_least(0u64))]
    pub seed: u64,
    /// Write the policy to FILE.json or FILE.csv: for every unfinished state (pieces waiting, pieces
    /// home on a stack goal, the other occupied steps) and roll, the move made: `enter`, `FROM>TO`
    /// (steps) or `none`.
    #[arg(long)]
    pub policy_out: Option<String>,
    /// Draw the distribution of turns as a chart, SVG or PNG by the name's extension.
    #[arg(long, value_name = "FILE.svg", value_parser = super::compare::plot_path)]
    pub plot: Option<String>,
    /// Output format: `text`, a block per player; `json`, one document `{schema:
    /// "boardpath.dice/1", provenance, results}` whose results hold one object per player (states,
    /// objective, policy, rules, expected turns, rolls and distance, the distribution of turns,
    /// the simulation if asked for; see docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The `--objective` values.
#[derive(Clone, Copy, ValueEnum)]
pub enum ObjectiveArg {
    /// Fewest expected turns.
    Turns,
    /// Fewest expected rolls.
    Rolls,
    /// Least expected distance.
    Distance,
}

/// The `--policy` values.
#[derive(Clone, Copy, ValueEnum)]
pub enum PolicyArg {
    /// The best move for the objective.
    Optimal,
    /// Move the front-most movable piece.
    Front,
    /// Move the rear-most movable piece.
    Rear,
    /// A uniformly random legal move.
    Random,
}

/// The `--start` values.
#[derive(Clone, Copy, ValueEnum)]
pub enum StartArg {
    /// Every piece waits.
    Waiting,
    /// One piece stands on the start tile.
    OneOut,
}

/// The analysis `args` ask for: what `dice` and the server's `/api/dice` run.
pub fn job(args: &DiceArgs) -> DiceJob {
    let objective = match args.objective {
        ObjectiveArg::Turns => DiceObjective::Turns,
        ObjectiveArg::Rolls => DiceObjective::Rolls,
        ObjectiveArg::Distance => DiceObjective::Distance,
    };
    let policy = match args.policy {
        PolicyArg::Optimal => DicePolicy::Optimal(objective),
        PolicyArg::Front => DicePolicy::Front,
        PolicyArg::Rear => DicePolicy::Rear,
        PolicyArg::Random => DicePolicy::Random,
    };
    let rules = DiceRules {
        start: match args.start {
            StartArg::Waiting => Start::Waiting,
            StartArg::OneOut => Start::OneOut,
        },
        enter_faces: args.enter_faces.as_ref().map(|f| f.0.clone()),
        no_goal_jump: args.no_goal_jump,
        tries: args.tries,
        may_pass: args.may_pass,
    };
    DiceJob {
        player: args.player.clone(),
        objective,
        policy,
        rules,
        simulate: args.simulate,
        seed: args.seed,
        max_states: None,
    }
}

/// Runs `work`, and while it runs, on a terminal (indicatif draws nothing when standard error is
/// piped), a bar of the `games` it simulates, which it counts into the counter it is given: a long
/// simulation says how far it is and when it should end. Ctrl-C ends the program at once.
fn with_progress<T>(games: Option<u64>, work: impl FnOnce(Option<&AtomicU64>) -> T) -> T {
    let Some(games) = games else {
        return work(None);
    };
    let bar = games_bar(games);
    let played = AtomicU64::new(0);
    let result = std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        if !bar.is_hidden() {
            let (bar, played) = (&bar, &played);
            scope.spawn(move || {
                while finished.recv_timeout(TICK) == Err(Timeout) {
                    bar.set_position(played.load(Ordering::Relaxed));
                }
            });
        }
        let result = work(Some(&played));
        drop(done);
        result
    });
    bar.finish_and_clear();
    result
}

/// Runs `dice`.
pub fn run(args: &DiceArgs) -> Result<(), Error> {
    let board = load(&args.board, &args.rules)?;
    let count = players(&board, args.player.as_deref())?.len();
    if count > 1 && (args.policy_out.is_some() || args.plot.is_some()) {
        return Err(Error::Usage(
            "--policy-out and --plot take one player, not --player all".into(),
        ));
    }
    let job = job(args);
    let games = args.simulate.map(|g| g.saturating_mul(count as u64));
    let results = with_progress(games, |played| jobs::dice(&board, &job, played))?;
    for r in &results {
        if let Some(path) = &args.policy_out {
            out::write_file(
                Path::new(path),
                policy_table(&r.model, &r.exact, job.policy, path)?.as_bytes(),
            )?;
        }
        if let Some(path) = &args.plot {
            super::compare::write_plot(path, &plot(&board, &r.analysis)?)?;
        }
    }
    match args.format {
        Format::Json => {
            let all: Vec<Analysis> = results.into_iter().map(|r| r.analysis).collect();
            out::print(&json(&board, &all, Provenance::command_line())?)
        }
        Format::Text => {
            let blocks: Vec<String> = results
                .iter()
                .map(|r| text(&board, &r.analysis, r.seconds))
                .collect();
            out::print(&blocks.join("\n"))
        }
    }
}

/// The `dice --format json` document of `analyses` on `board`, with `command` as its command line.
pub fn json(board: &Board, analyses: &[Analysis], command: Vec<String>) -> Result<String, Error> {
    out::json_document_of("dice", command, [board], analyses)
}

/// The text report of one analysis.
fn text(board: &Board, a: &Analysis, secs: f64) -> String {
    let mut out = String::new();
    let r = &a.rules;
    let enter = match &r.enter_faces {
        Some(f) => format!("{f:?}"),
        None => "the highest face".into(),
    };
    let _ = writeln!(out, "{}: player {}, real dice", a.board, a.player);
    let _ = writeln!(out, "rules:  {}", board.rules);
    let _ = writeln!(
        out,
        "dice:   enter on {enter}, {}, start {}, goal jumps {}, highest face rolls again",
        plural(r.tries, "try", "tries"),
        match r.start {
            Start::Waiting => "waiting",
            Start::OneOut => "one-out",
        },
        if r.no_goal_jump {
            "forbidden"
        } else {
            "allowed"
        }
    );
    let policy = if a.policy == "optimal" {
        format!("optimal for {}", a.objective.name())
    } else {
        a.policy.clone()
    };
    let _ = writeln!(out, "policy: {policy}");
    let _ = writeln!(
        out,
        "states: {} (solved in {secs:.3} s)",
        boardpath::text::thousands(a.states as u64)
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "expected turns     {:.6}", a.expected_turns);
    let _ = writeln!(out, "expected rolls     {:.6}", a.expected_rolls);
    let cm = a
        .expected_distance_cm
        .map_or(String::new(), |cm| format!(" = {cm:.4} cm"));
    let _ = writeln!(
        out,
        "expected distance  {:.4} {}{cm}",
        a.expected_distance, a.unit
    );
    let pcs: Vec<String> = a
        .turns_percentiles
        .iter()
        .map(|(p, n)| format!("{p}%: {n}"))
        .collect();
    let _ = writeln!(out, "turns percentiles  {}", pcs.join(", "));
    let _ = writeln!(
        out,
        "turns distribution {} values, P(T <= {}) > 1 - 1e-12",
        a.turns_distribution.len(),
        a.turns_distribution.len()
    );
    if let Some(s) = &a.simulation {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "simulation: {}, seed {} (mean, 95% interval)",
            plural(s.games, "game", "games"),
            s.seed
        );
        for (name, i) in [
            ("turns", s.turns),
            ("rolls", s.rolls),
            ("distance", s.distance),
        ] {
            let _ = writeln!(
                out,
                "  {name:<9} {:.4}  [{:.4}, {:.4}]",
                i.mean, i.low, i.high
            );
        }
    }
    out
}

/// The policy as CSV or JSON (by the file's extension): every unfinished state and roll.
fn policy_table(
    model: &Model,
    exact: &Exact,
    policy: DicePolicy,
    path: &str,
) -> Result<String, Error> {
    if policy == DicePolicy::Random {
        return Err(Error::Usage(
            "--policy-out: the random policy has no table (it draws among the legal moves)".into(),
        ));
    }
    let json = match Path::new(path).extension().and_then(|e| e.to_str()) {
        Some("json") => true,
        Some("csv") => false,
        _ => {
            return Err(Error::Usage(format!(
                "--policy-out {path}: the file must end in .json or .csv"
            )));
        }
    };
    let f = model.faces.len();
    let mut out = String::new();
    if json {
        out.push_str("[\n");
    } else {
        out.push_str("waiting,home,steps,roll,move\n");
    }
    let mut first = true;
    for (i, s) in exact.states.iter().enumerate() {
        if model.finished(s) {
            continue;
        }
        let steps: Vec<String> = (0..128)
            .filter(|b| s.mask >> b & 1 != 0)
            .map(|b: u32| b.to_string())
            .collect();
        for (k, &roll) in model.faces.iter().enumerate() {
            let mv = match exact.choice[i * f + k] {
                NO_MOVE => "none".to_string(),
                PASS => "pass".to_string(),
                ENTER => "enter".to_string(),
                from => format!("{from}>{}", from as u32 + roll),
            };
            if json {
                if !first {
                    out.push_str(",\n");
                }
                let _ = write!(
                    out,
                    "{{\"waiting\":{},\"home\":{},\"steps\":[{}],\"roll\":{roll},\"move\":\"{mv}\"}}",
                    s.waiting,
                    s.home,
                    steps.join(",")
                );
            } else {
                let _ = writeln!(
                    out,
                    "{},{},{},{roll},{mv}",
                    s.waiting,
                    s.home,
                    steps.join(" ")
                );
            }
            first = false;
        }
    }
    if json {
        out.push_str("\n]\n");
    }
    Ok(out)
}

/// The distribution of turns as an SVG line chart.
fn plot(board: &Board, a: &Analysis) -> Result<String, Error> {
    use plotters::prelude::*;
    let n = a.turns_distribution.len();
    let top = a.turns_distribution.iter().copied().fold(0.0, f64::max) * 1.1;
    let policy = if a.policy == "optimal" {
        format!("optimal for {}", a.objective.name())
    } else {
        a.policy.clone()
    };
    svg(800, 500, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!("{}, {}: turns to finish ({policy})", board.name, a.player),
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(1f64..n.max(2) as f64, 0f64..top.max(1e-9))?;
        chart
            .configure_mesh()
            .x_desc("turns n")
            .y_desc("P(T = n)")
            .draw()?;
        chart.draw_series(LineSeries::new(
            a.turns_distribution
                .iter()
                .enumerate()
                .map(|(i, &p)| ((i + 1) as f64, p)),
            &BLUE,
        ))?;
        Ok(())
    })
    .map_err(|e| Error::Input(e.to_string()))
}
