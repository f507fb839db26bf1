//! `boardpath generate`: write a valid random board, the same generator the property tests use.

use super::Error;

/// The most tiles `generate` writes: about 24 bytes a tile, so the file stays well inside
/// [`boardpath::board::MAX_BOARD_BYTES`] (64 MiB).
const MAX_TILES: u64 = 2_000_000;
use super::out;
use boardpath::generate::{GenerateOptions, write_board};
use clap::Args;

/// Arguments of `generate`.
#[derive(Args)]
pub struct GenerateArgs {
    /// Track tiles (2 to 2,000,000: a bigger board would not fit in a board file).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(2..=MAX_TILES))]
    pub tiles: u64,
    /// Players.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    pub players: u64,
    /// Pieces per player (1 to 100,000).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub pieces: u64,
    /// Die faces: the die is 1..=FACES (1 to 1,000).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub faces: u32,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Draw rules, coordinate style and die set at random too (as the property tests do).
    #[arg(long)]
    pub vary_rules: bool,
    /// Output file; standard output when absent.
    #[arg(short, long)]
    pub output: Option<String>,
}

/// Runs `generate`.
pub fn run(a: &GenerateArgs) -> Result<(), Error> {
    if a.players > a.tiles {
        return Err(Error::Input(format!(
            "--players {} is more than --tiles {}; each player needs its own start tile",
            a.players, a.tiles
        )));
    }
    let options = GenerateOptions {
        tiles: a.tiles as usize,
        players: a.players as usize,
        pieces: a.pieces as usize,
        faces: a.faces,
        seed: a.seed,
        vary_rules: a.vary_rules,
    };
    // Written as it is formatted: a 1,000,000-tile board is never held as text.
    let write = |out: &mut dyn std::io::Write| write_board(&options, out);
    match &a.output {
        None => out::print_with(write),
        Some(path) => out::write_file_with(std::path::Path::new(path), write),
    }
}
