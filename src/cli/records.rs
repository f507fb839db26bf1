//! `play --records FILE`: every game of a tournament as a game record (JSON lines), from the
//! library's records job ([`jobs::play_records`]), written through a temporary file.

use super::out;
use super::{Error, play::PlayArgs};
use boardpath::board::Board;
use boardpath::jobs::{self, JobError};
use std::io::Write;
use std::path::Path;

/// Writes the records of the games `args` play on `board` to `path`.
pub fn write(args: &PlayArgs, board: &Board, path: &str) -> Result<(), Error> {
    let job = super::play::job(args);
    let mut failed: Option<JobError> = None;
    out::write_file_with(Path::new(path), |w: &mut dyn Write| {
        let mut io: Option<std::io::Error> = None;
        let result = jobs::play_records(board, &args.board, &job, &mut |record| {
            writeln!(w, "{}", record.to_json()).map_err(|e| {
                let why = e.to_string();
                io = Some(e);
                JobError::Threads(why)
            })
        });
        match (io, result) {
            (Some(e), _) => Err(e),
            (None, Err(e)) => {
                failed = Some(e);
                Ok(())
            }
            (None, Ok(())) => Ok(()),
        }
    })?;
    match failed {
        Some(e) => {
            // The file holds only part of the games: not a record of the tournament.
            let _ = std::fs::remove_file(path);
            Err(e.into())
        }
        None => Ok(()),
    }
}
