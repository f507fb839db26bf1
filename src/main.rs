//! The `boardpath` command line: parses arguments, calls the library, prints.

use boardpath::Error;
use boardpath::board::rules::{parse_choice, parse_die_list};
use boardpath::board::{Board, GoalMode, Metric, Rounding, RuleOverrides, embedded};
use boardpath::cost::Cost;
use boardpath::encoding::bitboard::Bound;
use boardpath::output::{json, text};
use boardpath::race::Race;
use boardpath::solve::{EncodingChoice, Solution, player_index, solve};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Shortest physical paths on race board games: the least total movement to win when every roll is
/// moved in a straight line. With no command, solves the embedded standard Mensch ärgere Dich nicht board.
#[derive(Parser)]
#[command(name = "boardpath", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a board: the least movement for each piece, the enter cost and the total.
    Solve(SolveArgs),
    /// Check board files; prints OK or every problem, exit 0 only if all are valid.
    Validate {
        /// Board files or embedded board names.
        #[arg(required = true)]
        boards: Vec<String>,
    },
}

#[derive(Args, Default)]
struct SolveArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    board: String,
    /// Player to solve, or `all`; default: the first player in the file.
    #[arg(long)]
    player: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// State encoding.
    #[arg(long, value_enum, default_value_t = EncodingArg::Graph)]
    encoding: EncodingArg,
    /// Bit-board search bound (bitboard encoding only; default admissible).
    #[arg(long, value_parser = parse_bound)]
    bound: Option<Bound>,
    #[command(flatten)]
    rules: RuleArgs,
}

/// Rule overrides shared by every command that solves.
#[derive(Args, Default)]
struct RuleArgs {
    /// Override the metric: euclidean, manhattan or chebyshev.
    #[arg(long, value_parser = |s: &str| parse_choice("metric", s, &Metric::ALL))]
    metric: Option<Metric>,
    /// Override the rounding: per-move or exact.
    #[arg(long, value_parser = |s: &str| parse_choice("rounding", s, &Rounding::ALL))]
    rounding: Option<Rounding>,
    /// Override the goal mode: slots or stack.
    #[arg(long, value_parser = |s: &str| parse_choice("goal_mode", s, &GoalMode::ALL))]
    goal_mode: Option<GoalMode>,
    /// Allow moves inside the goal (slots mode).
    #[arg(long, conflicts_with = "no_moves_in_goal")]
    moves_in_goal: bool,
    /// Forbid moves inside the goal (slots mode).
    #[arg(long)]
    no_moves_in_goal: bool,
    /// Override the die faces, e.g. `1,2,3,4,5,6,7,8`.
    #[arg(long, value_parser = parse_die_list)]
    die: Option<Vec<u32>>,
}

impl RuleArgs {
    fn overrides(&self) -> RuleOverrides {
        RuleOverrides {
            die: self.die.clone(),
            metric: self.metric,
            rounding: self.rounding,
            goal_mode: self.goal_mode,
            moves_in_goal: match (self.moves_in_goal, self.no_moves_in_goal) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
        }
    }
}

#[derive(Clone, Copy, Default, ValueEnum)]
enum Format {
    #[default]
    Text,
    Json,
}

#[derive(Clone, Copy, Default, ValueEnum, PartialEq)]
enum EncodingArg {
    #[default]
    Graph,
    Bitboard,
}

fn parse_bound(s: &str) -> Result<Bound, String> {
    parse_choice("bound", s, &Bound::ALL)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => run_solve(&SolveArgs {
            board: embedded::DEFAULT.into(),
            ..SolveArgs::default()
        }),
        Some(Command::Solve(args)) => run_solve(&args),
        Some(Command::Validate { boards }) => run_validate(&boards),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// Loads a board and applies rule overrides.
fn load(name: &str, rules: &RuleArgs) -> Result<Board, Error> {
    let board = Board::load(name)?;
    let overrides = rules.overrides();
    Ok(if overrides.is_empty() {
        board
    } else {
        board.with_overrides(&overrides)?
    })
}

/// The players selected by `--player`.
fn players(board: &Board, player: Option<&str>) -> Result<Vec<usize>, Error> {
    Ok(match player {
        None => vec![0],
        Some("all") => (0..board.players.len()).collect(),
        Some(name) => vec![player_index(board, name)?],
    })
}

fn run_solve(args: &SolveArgs) -> Result<(), Error> {
    let board = load(&args.board, &args.rules)?;
    let choice = match args.encoding {
        EncodingArg::Graph if args.bound.is_some() => {
            return Err(Error::Usage(
                "--bound applies to --encoding bitboard only".into(),
            ));
        }
        EncodingArg::Graph => EncodingChoice::Graph,
        EncodingArg::Bitboard => EncodingChoice::Bitboard(args.bound.unwrap_or(Bound::Admissible)),
    };
    let players = players(&board, args.player.as_deref())?;
    match board.rules.rounding {
        Rounding::PerMove => print_solutions::<u64>(&board, &players, choice, args.format),
        Rounding::Exact => print_solutions::<f64>(&board, &players, choice, args.format),
    }
}

fn print_solutions<C: Cost>(
    board: &Board,
    players: &[usize],
    choice: EncodingChoice,
    format: Format,
) -> Result<(), Error> {
    let solutions: Vec<Solution<C>> = players
        .iter()
        .map(|&p| solve::<C>(board, p, choice))
        .collect::<Result<_, _>>()?;
    match format {
        Format::Json => println!(
            "{}",
            json::array(solutions.iter().map(json::solution).collect())
        ),
        Format::Text => {
            for (i, (s, &p)) in solutions.iter().zip(players).enumerate() {
                if i > 0 {
                    println!();
                }
                print!("{}", text::solution(board, p, s));
            }
        }
    }
    Ok(())
}

fn run_validate(boards: &[String]) -> Result<(), Error> {
    let mut bad = 0;
    for name in boards {
        let problems = match Board::load(name) {
            Err(e) => e.to_string(),
            Ok(board) => (0..board.players.len())
                .filter_map(|p| Race::<f64>::new(&board, p).check_reachable().err())
                .map(|e| format!("{}: {e}", board.origin))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        if problems.is_empty() {
            println!("{name}: OK");
        } else {
            bad += 1;
            eprintln!("{problems}");
        }
    }
    if bad > 0 {
        return Err(Error::Input(format!(
            "{bad} of {} board(s) invalid",
            boards.len()
        )));
    }
    Ok(())
}
