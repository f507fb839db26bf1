//! The play job: a seeded tournament of policies on the real game.

use super::{JobError, thread_pool};
use crate::board::Board;
use crate::game::distance::Distances;
use crate::game::policy::{self, Policy};
use crate::game::record::GameRecord;
use crate::game::tournament::{self, PlayReport};
use crate::game::{Game, GameConfig, Rules, Seating};
use rayon::prelude::*;
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

    /// The game, a policy per seat and the distances this job plays on `board`: what [`play`] and
    /// [`play_records`] both run.
    fn table(&self, board: &Board) -> Result<Table, JobError> {
        let game = self.game(board)?;
        let policies = self
            .names(&game)?
            .iter()
            .enumerate()
            .map(|(p, name)| policy::by_name(name, board, &game, p))
            .collect::<Result<_, _>>()?;
        let distances = Distances::new(board, &game).map_err(JobError::Game)?;
        Ok(Table {
            game,
            policies,
            distances,
        })
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

/// A tournament set up: the game, its seats' policies and the distances its moves are charged.
struct Table {
    game: Game,
    policies: Vec<Box<dyn Policy>>,
    distances: Distances,
}

impl Table {
    /// The policies, one per seat, as the tournament takes them.
    fn policies(&self) -> Vec<&dyn Policy> {
        self.policies.iter().map(|b| b.as_ref()).collect()
    }
}

/// Games recorded by one parallel task of [`play_records`] before they are handed on, in order.
const RECORD_CHUNK: u64 = 1024;

/// Every game of the tournament `job` sets up on `board` as a game record, in game order, handed to
/// `each` (which may stop the run with its error): the same games [`play`] counts, each replayed
/// with its own generator ([`tournament::game_rng`]). `board_name` is what the records call the
/// board (an embedded board's short name, else its path, with its SHA-256). Honours
/// [`crate::cancel`] between chunks of games.
pub fn play_records(
    board: &Board,
    board_name: &str,
    job: &PlayJob,
    each: &mut dyn FnMut(GameRecord) -> Result<(), JobError>,
) -> Result<(), JobError> {
    let table = job.table(board)?;
    let (game, distances, policies) = (&table.game, &table.distances, table.policies());
    let embedded = crate::board::embedded::short_name(board);
    let mut template = GameRecord::new(
        embedded.unwrap_or(board_name),
        embedded.is_none().then(|| board.sha256.clone()),
        game,
    );
    template.names = policies.iter().map(|p| p.name()).collect();
    template.adjacent = job.adjacent;
    let pool = thread_pool(job.threads)?;
    for c in 0..job.games.div_ceil(RECORD_CHUNK) {
        if crate::cancel::requested() {
            return Err(JobError::Policy(policy::PolicyError(
                "the records were stopped before their end (a stop was requested)".into(),
            )));
        }
        let range = c * RECORD_CHUNK..job.games.min((c + 1) * RECORD_CHUNK);
        let chunk: Result<Vec<GameRecord>, policy::PolicyError> = pool.install(|| {
            range
                .into_par_iter()
                .map(|g| {
                    let mut rng = tournament::game_rng(job.seed, g);
                    let turns = tournament::record_game(game, distances, &policies, &mut rng)?;
                    Ok(GameRecord {
                        turns,
                        ..template.clone()
                    })
                })
                .collect()
        });
        for record in chunk? {
            each(record)?;
        }
    }
    Ok(())
}

/// Plays the tournament `job` sets up on `board`: the game, a policy per seat, `job.games` seeded
/// games on the job's threads (`tick(k)` after every `k` games), and its report.
pub fn play(
    board: &Board,
    job: &PlayJob,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<PlayReport, JobError> {
    let table = job.table(board)?;
    let (game, distances, policies) = (&table.game, &table.distances, table.policies());
    let pool = thread_pool(job.threads)?;
    let clock = Instant::now();
    let sums = pool.install(|| {
        tournament::tournament(game, distances, &policies, job.games, job.seed, tick)
    })?;
    Ok(PlayReport::new(
        board,
        game,
        &policies,
        &sums,
        job.seed,
        clock.elapsed().as_secs_f64(),
        pool.current_num_threads(),
    ))
}
