//! The `boardpath` command line: parses arguments, calls the library, prints.

mod cli;

use clap::{Parser, Subcommand};
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
    Solve(cli::solve::SolveArgs),
    /// Run every algorithm on the same boards: answer, optimality, nodes expanded and time, one table.
    Compare(cli::compare::CompareArgs),
    /// Write a valid random board (TOML), e.g. for scaling studies.
    Generate(cli::generate::GenerateArgs),
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
        eprintln!("internal error (please report): {info}");
    }));
    let cli = Cli::parse();
    let result = match cli.command {
        None => cli::solve::run(&cli::solve::SolveArgs::default_run()),
        Some(Command::Solve(args)) => cli::solve::run(&args),
        Some(Command::Validate { boards }) => cli::validate::run(&boards),
        Some(Command::Generate(args)) => cli::generate::run(&args),
        Some(Command::Compare(args)) => cli::compare::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
