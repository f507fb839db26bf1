//! The play job: a seeded tournament of policies on the real game.

use super::{JobError, thread_pool};
use crate::board::Board;
use crate::game::distance::Distances;
use crate::game::policy::{self, Policy};
use crate::game::tournament::{self, PlayReport};
use crate::game::{Game, GameConfig, Rules, Seating};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayJob {
    /// Players at the table.
    pub players: usize,
    /// Pieces per player; `None`: the board's.
    pub pieces: Option<usize>,
    /// Rules, `PRESET[,SWITCH=VALUE...]`; `None`: the board's `[game] rules`, else openspiel.
    pub rules: Option<String>,
    /// Seat the players side by side instead of spread round the board.
    pub adjacent: bool,
    /// The policies' names: one for every seat, or one per seat in seat order.
    pub policies: Vec<String>,
    /// Games to play.
    pub games: u64,
    /// The seed: the same seed gives the same numbers on any number of threads.
    pub seed: u64,
    /// Worker threads; `None`: one per core.
    pub threads: Option<usize>,
}

impl Default for PlayJob {
    fn default() -> Self {
        PlayJob {
            players: 2,
            pieces: None,
            rules: None,
            adjacent: false,
            policies: vec!["random".to_string()],
            games: 10_000,
            seed: 1,
            threads: None,
        }
    }
}

impl PlayJob {
    /// The game this job plays on `board`.
    pub fn game(&self, board: &Board) -> Result<Game, JobError> {
        let config = GameConfig {
            players: self.players,
            pieces: self.pieces,
            rules: Rules::for_board(board, self.rules.as_deref()).map_err(JobError::Rules)?,
            seating: if self.adjacent {
                Seating::Adjacent
            } else {
                Seating::Spread
            },
        };
        Game::new(board, &config).map_err(JobError::Game)
    }

    /// The policy name of each seat of `game` (one name given stands for every seat).
    fn names(&self, game: &Game) -> Result<Vec<&str>, JobError> {
        let seats = game.players();
        let given = self.policies.len();
        if given != 1 && given != seats {
            return Err(JobError::PolicyCount { given, seats });
        }
        Ok((0..seats)
            .map(|p| self.policies[if given == 1 { 0 } else { p }].trim())
            .collect())
    }
}

/// Plays the tournament `job` sets up on `board`: the game, a policy per seat, `job.games` seeded
/// games on the job's threads (`tick(k)` after every `k` games), and its report.
pub fn play(
    board: &Board,
    job: &PlayJob,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<PlayReport, JobError> {
    let game = job.game(board)?;
    let owned: Vec<Box<dyn Policy>> = job
        .names(&game)?
        .iter()
        .enumerate()
        .map(|(p, name)| policy::by_name(name, board, &game, p))
        .collect::<Result<_, _>>()?;
    let policies: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
    let distances = Distances::new(board, &game).map_err(JobError::Game)?;
    let pool = thread_pool(job.threads)?;
    let clock = Instant::now();
    let sums = pool.install(|| {
        tournament::tournament(&game, &distances, &policies, job.games, job.seed, tick)
    })?;
    Ok(PlayReport::new(
        board,
        &game,
        &policies,
        &sums,
        job.seed,
        clock.elapsed().as_secs_f64(),
        pool.current_num_threads(),
    ))
}
