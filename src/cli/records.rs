//! `play --records FILE`: every game of a tournament as a game record (JSON lines), replayed with
//! the tournament's own generators so each record is the game the tournament counted.

use super::out;
use super::{Error, play::PlayArgs};
use boardpath::board::Board;
use boardpath::game::distance::Distances;
use boardpath::game::policy::{self, Policy};
use boardpath::game::record::GameRecord;
use boardpath::game::tournament::{game_rng, record_game};
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// Games recorded by one parallel task before their lines are written, in order.
const CHUNK: u64 = 1024;

/// Writes the records of the games `args` play on `board` to `path` (through a temporary file).
pub fn write(args: &PlayArgs, board: &Board, path: &str) -> Result<(), Error> {
    let input = |e: policy::PolicyError| Error::Input(e.to_string());
    let game = super::play::game(args, board)?;
    let owned: Vec<Box<dyn Policy>> = super::play::policy_names(args, &game)?
        .iter()
        .enumerate()
        .map(|(p, name)| policy::by_name(name, board, &game, p))
        .collect::<Result<_, _>>()
        .map_err(input)?;
    let policies: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
    let distances = Distances::new(board, &game).map_err(|e| Error::Input(e.to_string()))?;
    let embedded = boardpath::board::embedded::short_name(board);
    let mut template = GameRecord::new(
        embedded.unwrap_or(&args.board),
        embedded.is_none().then(|| board.sha256.clone()),
        &game,
    );
    template.names = policies.iter().map(|p| p.name()).collect();
    template.adjacent = args.adjacent;
    let mut failed: Option<Error> = None;
    out::write_file_with(Path::new(path), |w: &mut dyn Write| {
        for c in 0..args.games.div_ceil(CHUNK) {
            if boardpath::cancel::requested() {
                failed = Some(Error::Input(
                    "play --records: stopped before the end".into(),
                ));
                return Ok(());
            }
            let range = c * CHUNK..args.games.min((c + 1) * CHUNK);
            let lines: Result<Vec<String>, _> = range
                .into_par_iter()
                .map(|g| {
                    let turns =
                        record_game(&game, &distances, &policies, &mut game_rng(args.seed, g))?;
                    Ok(GameRecord {
                        turns,
                        ..template.clone()
                    }
                    .to_json())
                })
                .collect();
            match lines {
                Ok(lines) => {
                    for l in lines {
                        writeln!(w, "{l}")?;
                    }
                }
                Err(e) => {
                    failed = Some(input(e));
                    return Ok(());
                }
            }
        }
        Ok(())
    })?;
    match failed {
        Some(e) => {
            // The file holds only part of the games: not a record of the tournament.
            let _ = std::fs::remove_file(path);
            Err(e)
        }
        None => Ok(()),
    }
}
