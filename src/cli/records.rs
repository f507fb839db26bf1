//! `play --records FILE`: every game of a tournament as a game record (JSON lines), from the
//! library's records job ([`jobs::play_records`]), written through a temporary file.

use super::Error;
use super::out;
use boardpath::board::Board;
use boardpath::jobs::{self, JobError, PlayJob};
use std::io::Write;
use std::path::Path;

/// Writes the records of the games of `job` on `board` (named `board_name` on the command line)
/// to `path`.
pub fn write(job: &PlayJob, board: &Board, board_name: &str, path: &str) -> Result<(), Error> {
    let mut failed: Option<JobError> = None;
    out::write_file_with(Path::new(path), |w: &mut dyn Write| {
        let mut io: Option<std::io::Error> = None;
        let result = jobs::play_records(board, board_name, job, &mut |record| {
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
