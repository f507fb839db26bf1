//! `boardpath solve`: the least movement for each piece, the enter cost and the total.

use super::Error;
use super::{Format, RuleArgs, load, players};
use boardpath::board::rules::parse_choice;
use boardpath::board::{Board, Rounding, embedded};
use boardpath::cost::Cost;
use boardpath::encoding::bitboard::Bound;
use boardpath::output::{json, text};
use boardpath::solve::{EncodingChoice, Solution, solve};
use clap::{Args, ValueEnum};

/// Arguments of `solve`.
#[derive(Args, Default)]
pub struct SolveArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Player to solve, or `all`; default: the first player in the file.
    #[arg(long)]
    pub player: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// State encoding.
    #[arg(long, value_enum, default_value_t = EncodingArg::Graph)]
    pub encoding: EncodingArg,
    /// Bit-board search bound: none, paper, listing, admissible or exact (bitboard only; default admissible).
    #[arg(long, value_parser = |s: &str| parse_choice("bound", s, &Bound::ALL))]
    pub bound: Option<Bound>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The `--encoding` values.
#[derive(Clone, Copy, Default, ValueEnum, PartialEq)]
pub enum EncodingArg {
    /// (step, target) graph, petgraph Dijkstra.
    #[default]
    Graph,
    /// The paper's bit-board and branch-and-bound search.
    Bitboard,
}

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> Result<(), Error> {
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
    let mut warnings: Vec<&String> = solutions.iter().flat_map(|s| &s.warnings).collect();
    warnings.dedup();
    for w in warnings {
        eprintln!("warning: {w}");
    }
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

impl SolveArgs {
    /// What `boardpath` with no arguments runs: the embedded standard board, first player, text.
    pub fn default_run() -> Self {
        SolveArgs {
            board: embedded::DEFAULT.into(),
            ..SolveArgs::default()
        }
    }
}
