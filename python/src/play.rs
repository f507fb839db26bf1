//! `play`: tournaments of policies on the real game, the fields of `boardpath play --format json`.

use crate::board::board_arg;
use crate::convert::serialized;
use crate::errors::{argument, detached, job_error};
use boardpath::game::tournament::{MAX_GAMES, PlayReport};
use boardpath::jobs::{self, PlayJob};
use pyo3::prelude::*;

/// Plays `games` seeded games with one policy per seat (or one for all) and returns the
/// `boardpath.play/1` results as a dict. `rules` as on the command line, `PRESET[,SWITCH=VALUE...]`
/// (`None`: the board's `[game] rules`, else `openspiel`). The games run without the GIL on
/// `threads` threads.
#[pyfunction]
#[pyo3(signature = (board, players=2, pieces=None, rules=None, policies=vec!["random".to_string()], games=10_000, seed=1, threads=None, adjacent=false))]
#[allow(clippy::too_many_arguments)]
pub fn play<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    players: usize,
    pieces: Option<usize>,
    rules: Option<&str>,
    policies: Vec<String>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    adjacent: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if games == 0 || games > MAX_GAMES {
        return Err(argument(format!(
            "games {games}: valid is 1 to {MAX_GAMES}"
        )));
    }
    if threads == Some(0) {
        return Err(argument("threads 0: valid is 1 or more"));
    }
    let board = board_arg(py, board)?;
    let job = PlayJob {
        players,
        pieces,
        rules: rules.map(str::to_string),
        adjacent,
        policies,
        games,
        seed,
        threads,
    };
    let report: PlayReport = detached(py, || {
        jobs::play(&board, &job, &|_| {}).map_err(|e| job_error(&e))
    })?;
    serialized(py, &report)
}
