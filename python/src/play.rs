//! `play`: tournaments of policies on the real game, the fields of `boardpath play --format json`.

use crate::board::board_arg;
use crate::convert::serialized;
use crate::errors::{GameError, argument, detached};
use boardpath::game::distance::Distances;
use boardpath::game::policy::{self, Policy};
use boardpath::game::tournament::{self, MAX_GAMES, PlayReport};
use boardpath::game::{Game, GameConfig, Rules, Seating};
use boardpath::text::plural;
use pyo3::prelude::*;
use std::time::Instant;

fn game_error(e: impl std::fmt::Display) -> PyErr {
    GameError::new_err(e.to_string())
}

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
    let config = GameConfig {
        players,
        pieces,
        rules: Rules::for_board(&board, rules).map_err(game_error)?,
        seating: if adjacent {
            Seating::Adjacent
        } else {
            Seating::Spread
        },
    };
    let game = Game::new(&board, &config).map_err(game_error)?;
    if policies.len() != 1 && policies.len() != game.players() {
        return Err(argument(format!(
            "policies names {}, the game has {}: give one policy for all seats, or one for each \
             of the {} seats",
            plural(policies.len(), "policy", "policies"),
            plural(game.players(), "player", "players"),
            game.players()
        )));
    }
    let report: PlayReport = detached(py, || {
        let owned: Vec<Box<dyn Policy>> = (0..game.players())
            .map(|p| {
                let name = &policies[if policies.len() == 1 { 0 } else { p }];
                policy::by_name(name.trim(), &board, &game, p)
            })
            .collect::<Result<_, _>>()
            .map_err(game_error)?;
        let refs: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
        let distances = Distances::new(&board, &game).map_err(game_error)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()
            .map_err(|e| crate::errors::InternalError::new_err(e.to_string()))?;
        let clock = Instant::now();
        let sums = pool
            .install(|| tournament::tournament(&game, &distances, &refs, games, seed, &|_| {}))
            .map_err(game_error)?;
        Ok(PlayReport::new(
            &board,
            &game,
            &refs,
            &sums,
            seed,
            clock.elapsed().as_secs_f64(),
            pool.current_num_threads(),
        ))
    })?;
    serialized(py, &report)
}
