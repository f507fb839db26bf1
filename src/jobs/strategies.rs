//! The strategies job (`solve-game --policy`, `--exploitability`, `--matrix`): the exact worth of
//! named strategies in the two-player game, from one options value to one report.

use super::{JobError, StrategyList, memory_budget, thread_pool, two_player_game};
use crate::board::Board;
use crate::game::Game;
use crate::game::exact::{ChanceGame, EngineGame};
use crate::game::policy::NAMES;
use crate::game::strategy::{Exploitability, Strategies, Strategy, StrategyError, Worth};
use serde::{Deserialize, Serialize};

/// The strategies `matrix: ["named"]` stands for: every strategy that needs no file, besides the
/// best response (which answers a strategy rather than being one): `optimal`, then the policies
/// of [`crate::game::policy::NAMES`] in their order.
pub const NAMED_STRATEGIES: [&str; NAMES.len() + 1] = {
    let mut all = ["optimal"; NAMES.len() + 1];
    let mut i = 0;
    while i < NAMES.len() {
        all[i + 1] = NAMES[i];
        i += 1;
    }
    all
};

/// What to evaluate: the game (`pieces` a side under `rules`) and any of a pair of strategies,
/// one strategy's exploitability and a matrix of every pair. A strategy is `optimal`,
/// `best-response`, `random`, or a policy name (`front`, `rear`, `aggressive`, `defensive`,
/// `solitaire`, `file:PATH`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StrategiesJob {
    /// Pieces a side.
    pub pieces: usize,
    /// Rules, `PRESET[,SWITCH=VALUE...]`; `None`: the board's `[game] rules`, else openspiel.
    pub rules: Option<String>,
    /// Seat 0's strategy and seat 1's (`--policy P0,P1`).
    pub pair: Option<[String; 2]>,
    /// A strategy to play against its best response from each seat (`--exploitability P`).
    pub exploitability: Option<String>,
    /// Strategies to play against each other from both seats, every pair (`--matrix LIST`);
    /// `["named"]` stands for [`NAMED_STRATEGIES`].
    pub matrix: Option<Vec<String>>,
    /// The most memory the evaluations may take, in bytes; `None`: what the machine has
    /// available.
    pub memory: Option<u64>,
    /// Worker threads; `None`: one per core.
    pub threads: Option<usize>,
}

impl Default for StrategiesJob {
    fn default() -> Self {
        // Two pieces a side, as `solve-game` and Python's `Strategies` default to: the smallest
        // game in which the strategies differ much.
        StrategiesJob {
            pieces: 2,
            rules: None,
            pair: None,
            exploitability: None,
            matrix: None,
            memory: None,
            threads: None,
        }
    }
}

impl StrategiesJob {
    /// The two-player game this job evaluates on `board`, the players spread round it.
    pub fn game(&self, board: &Board) -> Result<Game, JobError> {
        two_player_game(board, self.pieces, self.rules.as_deref())
    }

    /// The matrix's strategy names, `named` expanded.
    fn matrix_names(&self) -> Option<Vec<&str>> {
        self.matrix.as_ref().map(|list| match list.as_slice() {
            [one] if one == "named" => NAMED_STRATEGIES.to_vec(),
            names => names.iter().map(|n| n.trim()).collect(),
        })
    }
}

/// The strategies' worth, as `solve-game --policy`, `--exploitability` and `--matrix` report it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategiesReport {
    /// The board's name.
    pub board: String,
    /// The rules, in the syntax of `--rules`.
    pub rules: String,
    /// Pieces a side.
    pub pieces: usize,
    /// Positions (both movers' tables).
    pub positions: u64,
    /// The game's value: seat 0's win probability under optimal play by both.
    pub first_player_wins: f64,
    /// The pair's worth, then the matrix's, row by row (seat 0's strategy, then seat 1's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<StrategyPair>,
    /// The exploitability asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exploitability: Option<StrategyLoss>,
}

/// The worth of seat 0 playing one strategy and seat 1 another.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyPair {
    /// Seat 0's strategy.
    pub first: String,
    /// Seat 1's strategy.
    pub second: String,
    /// Seat 0's win probability.
    pub first_player_wins: f64,
    /// Seat 1's.
    pub second_player_wins: f64,
    /// The largest Bellman residual of the solve.
    pub residual: f64,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
}

impl StrategyPair {
    fn new(first: &Strategy, second: &Strategy, w: &Worth) -> StrategyPair {
        StrategyPair {
            first: first.name(),
            second: second.name(),
            first_player_wins: w.first_player_wins,
            second_player_wins: 1.0 - w.first_player_wins,
            residual: w.residual,
            seconds: w.seconds,
        }
    }
}

/// A strategy against its best response from each seat, and what it gives away.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyLoss {
    /// The strategy.
    pub strategy: String,
    /// Its win probability as seat 0.
    pub as_first: f64,
    /// Its win probability as seat 1.
    pub as_second: f64,
    /// The game's value for seat 0 less `as_first`.
    pub loss_as_first: f64,
    /// The game's value for seat 1 less `as_second`.
    pub loss_as_second: f64,
    /// The mean of the two losses: its exploitability.
    pub mean_loss: f64,
}

impl StrategyLoss {
    fn new(s: &Strategy, x: &Exploitability) -> StrategyLoss {
        StrategyLoss {
            strategy: s.name(),
            as_first: x.as_first,
            as_second: x.as_second,
            loss_as_first: x.loss_as_first(),
            loss_as_second: x.loss_as_second(),
            mean_loss: x.mean_loss(),
        }
    }
}

/// Bytes an evaluation holds a position, besides its moves: the values being solved, the game's
/// values, two seats' choice tables of one byte a roll and the sweep order.
fn bytes_per_position(rolls: u64) -> u64 {
    8 + 8 + 2 * rolls + 8
}

/// The strategies `names` make for seat `seat` (`None`: the i-th name for seat i, as a pair is
/// seated), every name checked before any is made: a misspelt name is refused before a file is
/// read.
fn made(
    names: &[&str],
    list: StrategyList,
    board: &Board,
    game: &Game,
    seat: Option<usize>,
) -> Result<Vec<Strategy>, JobError> {
    let refused = |unknown| {
        move |error| JobError::Strategy {
            list,
            unknown,
            error,
        }
    };
    for n in names {
        Strategy::check_name(n).map_err(refused(true))?;
    }
    names
        .iter()
        .enumerate()
        .map(|(i, n)| Strategy::by_name(n, board, game, seat.unwrap_or(i)).map_err(refused(false)))
        .collect()
}

/// The strategies a job names, made: the pair's, the exploited one, the matrix's for each seat.
struct Named {
    pair: Option<Vec<Strategy>>,
    exploited: Option<Strategy>,
    matrix: Option<(Vec<Strategy>, Vec<Strategy>)>,
}

impl Named {
    fn new(job: &StrategiesJob, board: &Board, game: &Game) -> Result<Named, JobError> {
        let pair = match &job.pair {
            Some([a, b]) => {
                let names = [a.trim(), b.trim()];
                Some(made(&names, StrategyList::Pair, board, game, None)?)
            }
            None => None,
        };
        let exploited = match &job.exploitability {
            Some(name) => {
                let names = [name.trim()];
                made(&names, StrategyList::Exploitability, board, game, Some(0))?.pop()
            }
            None => None,
        };
        let matrix = match job.matrix_names() {
            Some(names) => Some((
                made(&names, StrategyList::Matrix, board, game, Some(0))?,
                made(&names, StrategyList::Matrix, board, game, Some(1))?,
            )),
            None => None,
        };
        Ok(Named {
            pair,
            exploited,
            matrix,
        })
    }
}

/// The positions of `game`'s evaluations, or the refusal of tables that pass the memory `budget`.
fn check_memory(game: &Game, budget: Option<u64>) -> Result<u64, JobError> {
    let engine = EngineGame::seat_aware(game).map_err(JobError::Game)?;
    let rolls = game.faces().len() as u64;
    let positions = engine.positions();
    // The moves kept: about two outcomes a roll, 8 bytes each, and a count a roll.
    let need = positions.saturating_mul(bytes_per_position(rolls) + rolls * 17);
    match budget {
        Some(have) if need > have => Err(JobError::StrategiesMemory {
            board: game.board.clone(),
            pieces: game.pieces(),
            positions,
            need,
            have,
        }),
        _ => Ok(positions),
    }
}

/// Evaluates the strategies `job` names on `board`: the game set up, every name checked and
/// made, the memory checked, every position expanded (`expanding(positions)` is told first: the
/// long part begins), then the game's value, the pair, the exploitability and the matrix, each an
/// exact solve, on the job's threads.
pub fn evaluate_strategies(
    board: &Board,
    job: &StrategiesJob,
    expanding: &dyn Fn(u64),
) -> Result<StrategiesReport, JobError> {
    let game = job.game(board)?;
    let pool = thread_pool(job.threads)?;
    // Names first: a misspelt strategy is refused before any work. (A policy may build its
    // tables in parallel: on the job's threads too.)
    let (named, positions) = pool.install(|| {
        let named = Named::new(job, board, &game)?;
        Ok::<_, JobError>((named, check_memory(&game, memory_budget(job.memory))?))
    })?;
    expanding(positions);
    pool.install(|| {
        let s = Strategies::new(&game).map_err(JobError::Game)?;
        report(board, &game, &s, named).map_err(|e| match e {
            StrategyError::Solve(e) => JobError::GameSolve(e),
            StrategyError::Policy(e) => JobError::Policy(e),
        })
    })
}

/// The report of the evaluations `named` asks of `s`.
fn report(
    board: &Board,
    game: &Game,
    s: &Strategies,
    named: Named,
) -> Result<StrategiesReport, StrategyError> {
    let mut report = StrategiesReport {
        board: board.name.clone(),
        rules: game.rules.describe(),
        pieces: game.pieces(),
        positions: s.positions(),
        first_player_wins: s.value()?.first_player_wins,
        pairs: Vec::new(),
        exploitability: None,
    };
    if let Some(p) = named.pair {
        let w = s.pair(&p[0], &p[1])?;
        report.pairs.push(StrategyPair::new(&p[0], &p[1], &w));
    }
    if let Some(e) = named.exploited {
        report.exploitability = Some(StrategyLoss::new(&e, &s.exploitability(&e)?));
    }
    if let Some((first, second)) = named.matrix {
        for (i, row) in s.matrix(&first, &second)?.iter().enumerate() {
            for (j, w) in row.iter().enumerate() {
                report
                    .pairs
                    .push(StrategyPair::new(&first[i], &second[j], w));
            }
        }
    }
    Ok(report)
}
