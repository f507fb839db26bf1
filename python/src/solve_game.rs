//! `solve_game`: the exact two-player game under OpenSpiel's `maedn` rules (`boardpath
//! solve-game`), with every position's value kept for look-ups.

use crate::board::board_arg;
use crate::errors::{GameError, argument, detached, job_error};
use boardpath::game::exact::{EngineGame, MAX_PIECES, Maedn2, Position, Side, gigabytes};
use boardpath::game::{Rules, State, WAITING};
use boardpath::jobs::{self, GameRanking, SolveGameJob, SolveGameWatch};
use pyo3::prelude::*;

/// Track tiles and goal tiles of the standard geometry the solver ranks.
const TRACK: u32 = 40;
const GOAL: u32 = 4;

/// The exact solution of the two-player game: `first_player_wins` from the start, and the value
/// of any position (`value`), each the probability that the player to move wins under optimal
/// play by both.
#[pyclass(frozen, module = "boardpath")]
pub struct GameSolution {
    game: GameRanking,
    values: Vec<f64>,
    /// Board name.
    #[pyo3(get)]
    board: String,
    /// Largest Bellman residual of any layer's midpoints.
    #[pyo3(get)]
    residual: f64,
    /// A certified lower bound on the first player's win probability.
    #[pyo3(get)]
    lower: f64,
    /// A certified upper bound on it.
    #[pyo3(get)]
    upper: f64,
    /// The largest gap between the bounds of any position (every value is within half of it).
    #[pyo3(get)]
    gap: f64,
    /// Sweeps over all layers.
    #[pyo3(get)]
    sweeps: u64,
    /// Wall-clock seconds of the solve.
    #[pyo3(get)]
    seconds: f64,
}

/// One side from its pieces' relative steps (None: waiting; 0-39 track, 40-43 goal).
fn side(steps: &[Option<u32>], pieces: usize, who: &str) -> PyResult<Side> {
    if steps.len() != pieces {
        return Err(argument(format!(
            "{who}: {} pieces given, the game has {pieces} a side",
            steps.len()
        )));
    }
    let mut s = Side::default();
    for step in steps {
        match *step {
            None => s.waiting += 1,
            Some(t) if t < TRACK && s.track >> t & 1 == 0 => s.track |= 1 << t,
            Some(g) if (TRACK..TRACK + GOAL).contains(&g) && s.goal >> (g - TRACK) & 1 == 0 => {
                s.goal |= 1 << (g - TRACK)
            }
            Some(t) => {
                return Err(argument(format!(
                    "{who}: step {t} is taken twice or is not a step (valid: None waiting, 0 to 39 track, 40 to 43 goal, each at most once)"
                )));
            }
        }
    }
    Ok(s)
}

#[pymethods]
impl GameSolution {
    /// Pieces a side.
    #[getter]
    fn pieces(&self) -> usize {
        self.game.pieces()
    }

    /// Positions ranked (and solved).
    #[getter]
    fn positions(&self) -> u64 {
        self.game.positions()
    }

    /// The rules, in the syntax of `--rules`.
    #[getter]
    fn rules(&self) -> String {
        match &self.game {
            GameRanking::Standard(_) => Rules::openspiel().describe(),
            GameRanking::General(g) => g.game().rules.describe(),
        }
    }

    /// The first player's win probability from the start (both sides playing optimally).
    #[getter]
    fn first_player_wins(&self) -> f64 {
        self.values[self.game.start() as usize]
    }

    /// The probability that the player about to roll wins: `mover` and `opponent` list each
    /// side's pieces by relative step in its own frame (None waiting, 0-39 track from its start
    /// tile, 40-43 goal), as `GameState.pieces` gives them.
    #[pyo3(signature = (mover, opponent, seat=0))]
    fn value(
        &self,
        mover: Vec<Option<u32>>,
        opponent: Vec<Option<u32>>,
        seat: usize,
    ) -> PyResult<f64> {
        let game = match &self.game {
            GameRanking::Standard(g) => g,
            GameRanking::General(g) => {
                return general_value(g, &mover, &opponent, seat, &self.values);
            }
        };
        let k = game.pieces();
        let p = Position {
            mover: side(&mover, k, "mover")?,
            opponent: side(&opponent, k, "opponent")?,
        };
        let (ms, os) = (p.mover.track, p.opponent.track);
        // The opponent's track tile t is the mover's t + 20: two pieces never share a tile.
        let clash = (0..TRACK).any(|t| ms >> t & 1 == 1 && os >> ((t + 20) % TRACK) & 1 == 1);
        if clash || p.mover.home() == k as u32 || p.opponent.home() == k as u32 {
            return Err(GameError::new_err(
                "not a position of the game: two pieces on one track tile, or a side already home",
            ));
        }
        Ok(self.values[game.rank(&p) as usize])
    }

    fn __repr__(&self) -> String {
        format!(
            "GameSolution({:?}, pieces={}, first_player_wins={})",
            self.board,
            self.game.pieces(),
            self.first_player_wins()
        )
    }
}

/// A position's value under the general ranking: the mover is game seat `seat`.
fn general_value(
    g: &EngineGame,
    mover: &[Option<u32>],
    opponent: &[Option<u32>],
    seat: usize,
    values: &[f64],
) -> PyResult<f64> {
    if seat > 1 {
        return Err(argument(format!("seat {seat}: valid is 0 or 1")));
    }
    let steps =
        |s: &[Option<u32>]| -> Vec<u32> { s.iter().map(|x| x.unwrap_or(WAITING)).collect() };
    let (first, second) = if seat == 0 {
        (steps(mover), steps(opponent))
    } else {
        (steps(opponent), steps(mover))
    };
    let all: Vec<u32> = first.into_iter().chain(second).collect();
    let state =
        State::from_steps(g.game(), &all, seat).map_err(|e| GameError::new_err(e.to_string()))?;
    if state.is_terminal(g.game()) || !g.is_valid(&state) {
        return Err(GameError::new_err(
            "not a position of the game: two pieces on one track tile, or a side already home",
        ));
    }
    Ok(values[g.rank(&state) as usize])
}

/// Solves the two-player game exactly on `board` with `pieces` a side under `rules` (the syntax
/// of `--rules`; None: the board's, else openspiel).
#[pyfunction]
#[pyo3(signature = (board=None, pieces=1, threads=None, rules=None))]
pub fn solve_game(
    py: Python<'_>,
    board: Option<&Bound<'_, PyAny>>,
    pieces: usize,
    threads: Option<usize>,
    rules: Option<&str>,
) -> PyResult<GameSolution> {
    if !(1..=MAX_PIECES.min(3)).contains(&pieces) {
        return Err(argument(format!(
            "pieces {pieces}: valid is 1 to 3 from Python (4 needs about {}: boardpath \
             solve-game --pieces 4 on a machine that has it)",
            gigabytes(Maedn2::bytes_needed(4))
        )));
    }
    if threads == Some(0) {
        return Err(argument("threads 0: valid is 1 or more"));
    }
    let board = match board {
        Some(b) => board_arg(py, b)?,
        None => crate::board::load(boardpath::board::embedded::DEFAULT)
            .map_err(|e| crate::errors::board_error(py, &e))?,
    };
    let job = SolveGameJob {
        pieces,
        rules: rules.map(str::to_string),
        threads,
        ..SolveGameJob::default()
    };
    detached(py, move || {
        let values =
            jobs::solve_game(&board, &job, SolveGameWatch::default()).map_err(|e| job_error(&e))?;
        Ok(GameSolution {
            residual: values.report.residual,
            lower: values.report.first_player_lower,
            upper: values.report.first_player_upper,
            gap: values.report.gap,
            sweeps: values.report.sweeps,
            seconds: values.report.seconds,
            values: values.solution.into_values(),
            game: values.ranking,
            board: values.report.board,
        })
    })
}
