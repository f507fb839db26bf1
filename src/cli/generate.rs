//! `boardpath generate`: write a valid random board, the same generator the property tests use.

use super::Error;
use super::out;
use super::range::{at_least, whole};

/// The most track tiles `generate` writes: about 24 bytes a tile, so the file stays well inside
/// [`boardpath::board::MAX_BOARD_BYTES`] (64 MiB).
const MAX_TILES: u64 = 2_000_000;
/// The most pieces per player, and of all players together (each brings a waiting and a goal
/// tile).
const MAX_PIECES: u64 = 100_000;
/// The most die faces.
const MAX_FACES: u32 = 1_000;
use boardpath::generate::{GenerateOptions, write_board};
use clap::Args;

/// Arguments of `generate`.
#[derive(Args)]
pub struct GenerateArgs {
    /// Track tiles (2 to 2,000,000: a bigger board would not fit in a board file).
    #[arg(long, default_value_t = 40, allow_negative_numbers = true, value_parser = whole(2, MAX_TILES))]
    pub tiles: u64,
    /// Players (1 to 2,000,000, at most one per track tile: each needs its own start tile).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = whole(1, MAX_TILES))]
    pub players: u64,
    /// Pieces per player (1 to 100,000, and at most 100,000 for all players together).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = whole(1, MAX_PIECES))]
    pub pieces: u64,
    /// Die faces: the die is 1..=FACES (1 to 1,000).
    #[arg(long, default_value_t = 6, allow_negative_numbers = true, value_parser = whole(1, MAX_FACES))]
    pub faces: u32,
    /// Random seed (0 or more).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = at_least(0u64))]
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
        return Err(Error::Usage(format!(
            "--players {} is more than --tiles {}; each player needs its own start tile (valid: \
             --players 1 to {})",
            a.players, a.tiles, a.tiles
        )));
    }
    // Each piece brings a waiting and a goal tile: the pieces of all players together are
    // bounded as one player's are.
    if a.players * a.pieces > MAX_PIECES {
        let room = MAX_PIECES / a.players;
        let valid = if room == 0 {
            format!("valid is --players 1 to {MAX_PIECES}")
        } else {
            format!("with {} players valid is --pieces 1 to {room}", a.players)
        };
        return Err(Error::Usage(format!(
            "--players {} --pieces {}: {} pieces in all, more than the {MAX_PIECES} a generated \
             board may have; {valid}",
            a.players,
            a.pieces,
            a.players * a.pieces
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
