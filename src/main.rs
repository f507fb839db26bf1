//! The `boardpath` command line: parses arguments, calls the library, prints.

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Shortest physical paths on race board games: the least total movement to win when every roll is
/// moved in a straight line. With no command, solves the embedded standard Mensch ärgere Dich nicht board.
#[derive(Parser)]
#[command(name = "boardpath", version = boardpath::LONG_VERSION)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a board: the least movement for each piece, the enter cost and the total.
    Solve(cli::solve::SolveArgs),
    /// Draw a bit-board value (0x... or 0b...) onto its board: the paper's Visualizer.
    Decode(cli::decode::DecodeArgs),
    /// The paper's reported numbers side by side with ours; exit 1 on any mismatch.
    Reproduce(cli::reproduce::ReproduceArgs),
    /// Run every algorithm on the same boards: answer, optimality, nodes expanded and time, one table.
    Compare(cli::compare::CompareArgs),
    /// Compare methods over boards x rule variants (metric, rounding, goal mode, moves in goal,
    /// die): one long table, one row per board, rule combination, player and method.
    Sweep(cli::sweep::SweepArgs),
    /// Write a valid random board (TOML), e.g. for scaling studies.
    Generate(cli::generate::GenerateArgs),
    /// List the embedded boards (players, track, pieces, rules, source), or export the boards named
    /// with every tile's coordinates.
    Boards(cli::boards::BoardsArgs),
    /// Draw a board and its shortest paths (or a bit-board) as SVG, PNG or HTML (a viewer that
    /// steps through the moves).
    Render(cli::render::RenderArgs),
    /// List the method catalogue: every algorithm/encoding pair, what it minimises, whether it is exact.
    Methods(cli::methods::MethodsArgs),
    /// Real dice: exact expected turns, rolls and distance for one player alone, with the best piece choice.
    Dice(cli::dice::DiceArgs),
    /// Play the real game (opponents, captures): tournaments of policies, win rates with intervals,
    /// captures and the physical distance the pieces travel.
    Play(cli::play::PlayArgs),
    /// The exact two-player game (OpenSpiel rules, K pieces): the first player's win probability
    /// under optimal play, certified by lower and upper bounds, and the value table for a policy.
    SolveGame(cli::solve_game::SolveGameArgs),
    /// Review a game record against the exact solution: every turn's best move, the winning chance
    /// lost, errors marked, the luck of the rolls; or one position's value (`--position ID`).
    Review(cli::review::ReviewArgs),
    /// The board workbench in the browser: edit a board, see its problems, paths and numbers as you type.
    Serve(cli::serve::ServeArgs),
    /// Print a completion script for bash, zsh, fish, elvish or powershell (see the README).
    Completions(cli::completions::CompletionsArgs),
    /// Check board files; prints OK or every problem, exit 0 only if all are valid.
    Validate {
        /// Board files or embedded board names.
        #[arg(required = true)]
        boards: Vec<String>,
    },
}

fn main() -> ExitCode {
    // Bad input is reported as errors; a panic would be a bug, so say so briefly, without a backtrace.
    std::panic::set_hook(Box::new(|info| {
        cli::say(format_args!("internal error (please report): {info}"));
    }));
    let cli = Cli::parse();
    let result = match cli.command {
        None => cli::solve::run(&cli::solve::SolveArgs::default_run()),
        Some(Command::Solve(args)) => cli::solve::run(&args),
        Some(Command::Validate { boards }) => cli::validate::run(&boards),
        Some(Command::Generate(args)) => cli::generate::run(&args),
        Some(Command::Decode(args)) => cli::decode::run(&args),
        Some(Command::Reproduce(args)) => cli::reproduce::run(&args),
        Some(Command::Boards(args)) => cli::boards::run(&args),
        Some(Command::Render(args)) => cli::render::run(&args),
        Some(Command::Compare(args)) => cli::compare::run(&args),
        Some(Command::Sweep(args)) => cli::sweep::run(&args),
        Some(Command::Methods(args)) => cli::methods::run(&args),
        Some(Command::Dice(args)) => cli::dice::run(&args),
        Some(Command::Play(args)) => cli::play::run(&args),
        Some(Command::SolveGame(args)) => cli::solve_game::run(&args),
        Some(Command::Review(args)) => cli::review::run(&args),
        Some(Command::Serve(args)) => cli::serve::run(&args),
        Some(Command::Completions(args)) => cli::completions::run(&args, Cli::command()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Error::ClosedPipe) => ExitCode::SUCCESS,
        Err(e) => {
            cli::say(format_args!("error: {e}"));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
