//! The exact worth of strategies in a two-player game (`boardpath solve-game --policy`,
//! `--exploitability`, `--matrix`): `evaluate_strategies`, the command's job for named
//! strategies, and `Strategies`, the same game set up once for strategies given by name or as a
//! Python callable, one position at a time or vectorised over numpy batches: an agent trained in
//! Python graded exactly.

use crate::board::board_arg;
use crate::convert::serialized;
use crate::env::Observer;
use crate::errors::{GameError, argument, detached, job_error};
use boardpath::game::action::action_id;
use boardpath::game::action::num_distinct_actions;
use boardpath::game::exact::Choice;
use boardpath::game::strategy::{Strategies as Lib, Strategy, Worth};
use boardpath::game::{Game, State, WAITING, legal_moves};
use boardpath::jobs::{self, StrategiesJob};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::Arc;

/// Decisions handed to a vectorised strategy in one call.
const BATCH: usize = 1 << 16;

/// A two-player game ready for exact evaluations (every position's moves computed once).
#[pyclass(frozen, module = "boardpath")]
pub struct Strategies {
    lib: Arc<Lib>,
    board: Arc<boardpath::board::Board>,
    game: Game,
    pool: Arc<rayon::ThreadPool>,
    /// The environments' observation of a decision (vectorised strategies that ask for it).
    observer: Observer,
}

fn worth_dict<'py>(py: Python<'py>, w: &Worth) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("first_player_wins", w.first_player_wins)?;
    d.set_item("second_player_wins", 1.0 - w.first_player_wins)?;
    d.set_item("residual", w.residual)?;
    d.set_item("seconds", w.seconds)?;
    Ok(d)
}

fn failed(e: impl std::fmt::Display) -> PyErr {
    GameError::new_err(e.to_string())
}

/// What a vectorised strategy is given (its `__boardpath_vectorised__` mark).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// `f(steps, rolls, masks)`: each side's steps, the roll, the legal ids.
    Steps,
    /// `f(obs, masks)`: the observation `boardpath.envs` gives the mover, the legal ids.
    Observation,
}

/// A strategy's move in every decision of both seats, asked once ([`Strategies::fix`]), ready to
/// be evaluated again and again (`pair`, `exploitability`) without asking it again.
#[pyclass(frozen, module = "boardpath")]
pub struct FixedStrategy {
    /// The evaluations it belongs to: its tables index their positions.
    lib: Arc<Lib>,
    /// Its choice as seat 0 and as seat 1.
    choices: [Choice; 2],
    /// What it was fixed from, for its repr.
    name: String,
}

#[pymethods]
impl FixedStrategy {
    fn __repr__(&self) -> String {
        format!("FixedStrategy({})", self.name)
    }
}

/// How a vectorised callable is marked: None when it is not one.
fn vectorised_input(f: &Bound<'_, PyAny>) -> PyResult<Option<Input>> {
    let Ok(mark) = f.getattr("__boardpath_vectorised__") else {
        return Ok(None);
    };
    if let Ok(s) = mark.cast::<PyString>() {
        return match s.to_cow()?.as_ref() {
            "steps" => Ok(Some(Input::Steps)),
            "observation" => Ok(Some(Input::Observation)),
            other => Err(argument(format!(
                "__boardpath_vectorised__ \"{other}\": expected \"steps\" or \"observation\""
            ))),
        };
    }
    Ok(mark.is_truthy()?.then_some(Input::Steps))
}

/// A decision's legal action ids, or the refusal of `action` that is not among them.
fn pick(legal: &[usize], action: i64, face: u32) -> PyResult<usize> {
    legal
        .iter()
        .position(|&a| a as i64 == action)
        .ok_or_else(|| {
            GameError::new_err(format!(
                "the strategy chose action {action} for roll {face}, not one of the legal {legal:?}"
            ))
        })
}

impl Strategies {
    /// The choice of seat `seat` playing `strategy`: a name, a [`FixedStrategy`] of these
    /// evaluations, a callable `f(mover, other, roll, legal) -> action`, or a vectorised callable
    /// (see [`vectorised_input`]) over numpy arrays.
    fn choice(&self, py: Python<'_>, strategy: &Bound<'_, PyAny>, seat: usize) -> PyResult<Choice> {
        if let Ok(name) = strategy.cast::<PyString>() {
            let name = name.to_cow()?.into_owned();
            let s = Strategy::by_name(&name, &self.board, &self.game, seat).map_err(failed)?;
            let (lib, pool, s) = (&self.lib, &self.pool, &s);
            return detached(py, move || {
                pool.install(|| lib.choice(s, seat)).map_err(failed)
            });
        }
        if let Ok(fixed) = strategy.cast::<FixedStrategy>() {
            let fixed = fixed.get();
            if !Arc::ptr_eq(&fixed.lib, &self.lib) {
                return Err(argument(format!(
                    "{} was fixed for another Strategies (another game): fix it with this one",
                    fixed.__repr__()
                )));
            }
            return Ok(fixed.choices[seat].clone());
        }
        if !strategy.is_callable() {
            return Err(argument(format!(
                "a strategy is a name (optimal, best-response, random, front, ...), a \
                 FixedStrategy or a callable, not {}",
                strategy.repr()?
            )));
        }
        let lib = self.lib.clone();
        let pool = self.pool.clone();
        let decisions = detached(py, move || Ok(pool.install(|| lib.decisions(seat))))?;
        let picks = match vectorised_input(strategy)? {
            Some(input) => self.ask_in_batches(py, strategy, &decisions, input)?,
            None => self.ask_each(strategy, &decisions)?,
        };
        self.lib.choice_of(&decisions, &picks).map_err(failed)
    }

    /// The legal moves' action ids of a decision, its state and roll.
    fn decision(&self, p: u64, r: usize) -> (Vec<usize>, State, u32) {
        let state = self.lib.state(p);
        let face = self.game.faces()[r];
        let mut moves = Vec::new();
        legal_moves(&self.game, &state, face, &mut moves);
        (moves.iter().map(action_id).collect(), state, face)
    }

    /// A state's two sides as steps (None waiting), each ascending, mover first.
    fn sides(state: &State) -> [Vec<Option<u32>>; 2] {
        let m = state.to_move();
        let side = |q: usize| {
            let mut v: Vec<Option<u32>> = state
                .pieces_of(q)
                .iter()
                .map(|&s| (s != WAITING).then_some(s))
                .collect();
            v.sort_by_key(|s| s.unwrap_or(u32::MAX));
            v
        };
        [side(m), side(1 - m)]
    }

    /// Asks `f(mover, other, roll, legal)` for every decision.
    fn ask_each(&self, f: &Bound<'_, PyAny>, decisions: &[(u64, usize)]) -> PyResult<Vec<usize>> {
        decisions
            .iter()
            .map(|&(p, r)| {
                let (legal, state, face) = self.decision(p, r);
                let [mover, other] = Self::sides(&state);
                let action: i64 = f
                    .call1((mover, other, face, legal.clone()))?
                    .extract()
                    .map_err(|_| argument("a strategy returns an action id (an int)"))?;
                pick(&legal, action, face)
            })
            .collect()
    }

    /// Asks the vectorised `f` in batches of [`BATCH`] decisions: `f(steps, rolls, masks)` with
    /// `steps` int32 (n, 2, K) (-1 waiting, mover first) and `rolls` int32 (n,), or
    /// `f(obs, masks)` with `obs` float32 (n, observation size) as `boardpath.envs` observes the
    /// mover; `masks` bool (n, actions).
    fn ask_in_batches(
        &self,
        py: Python<'_>,
        f: &Bound<'_, PyAny>,
        decisions: &[(u64, usize)],
        input: Input,
    ) -> PyResult<Vec<usize>> {
        let mut picks = Vec::with_capacity(decisions.len());
        for batch in decisions.chunks(BATCH) {
            let n = batch.len();
            let found: Vec<_> = batch.iter().map(|&(p, r)| self.decision(p, r)).collect();
            let masks = self.masks(py, &found)?;
            let chosen = match input {
                Input::Steps => f.call1((self.steps(py, &found)?, self.rolls(py, &found), masks)),
                Input::Observation => f.call1((self.observations(py, &found)?, masks)),
            }?;
            let chosen: Vec<i64> = chosen
                .call_method0("tolist")
                .and_then(|c| c.extract())
                .map_err(|_| {
                    argument("a vectorised strategy returns one action id (an int) per row")
                })?;
            if chosen.len() != n {
                return Err(argument(format!(
                    "a vectorised strategy returned {} actions for {n} rows",
                    chosen.len()
                )));
            }
            for ((legal, _, face), action) in found.iter().zip(chosen) {
                picks.push(pick(legal, action, *face)?);
            }
        }
        Ok(picks)
    }

    /// The legal ids of a batch of decisions as a bool array (n, actions).
    fn masks<'py>(
        &self,
        py: Python<'py>,
        found: &[(Vec<usize>, State, u32)],
    ) -> PyResult<Bound<'py, PyAny>> {
        let actions = num_distinct_actions(&self.game);
        let mut masks = vec![false; found.len() * actions];
        for (row, (legal, _, _)) in masks.chunks_mut(actions).zip(found) {
            for &a in legal {
                row[a] = true;
            }
        }
        Ok(PyArray1::from_vec(py, masks)
            .reshape([found.len(), actions])?
            .into_any())
    }

    /// Each side's steps of a batch of decisions as an int32 array (n, 2, K), -1 waiting.
    fn steps<'py>(
        &self,
        py: Python<'py>,
        found: &[(Vec<usize>, State, u32)],
    ) -> PyResult<Bound<'py, PyAny>> {
        let k = self.game.pieces();
        let mut steps = Vec::with_capacity(found.len() * 2 * k);
        for (_, state, _) in found {
            for side in Self::sides(state) {
                steps.extend(side.iter().map(|s| s.map_or(-1, |x| x as i32)));
            }
        }
        Ok(PyArray1::from_vec(py, steps)
            .reshape([found.len(), 2, k])?
            .into_any())
    }

    /// The rolls of a batch of decisions as an int32 array (n,).
    fn rolls<'py>(&self, py: Python<'py>, found: &[(Vec<usize>, State, u32)]) -> Bound<'py, PyAny> {
        let rolls: Vec<i32> = found.iter().map(|&(_, _, face)| face as i32).collect();
        PyArray1::from_vec(py, rolls).into_any()
    }

    /// The observations of a batch of decisions, each seen by its mover, as a float32 array
    /// (n, observation size): `boardpath.envs`'s observation of the same position and roll.
    fn observations<'py>(
        &self,
        py: Python<'py>,
        found: &[(Vec<usize>, State, u32)],
    ) -> PyResult<Bound<'py, PyAny>> {
        let d = self.observer.size();
        let mut obs = vec![0.0f32; found.len() * d];
        for (row, (_, state, face)) in obs.chunks_mut(d).zip(found) {
            self.observer.write(state, *face, state.to_move(), row);
        }
        Ok(PyArray1::from_vec(py, obs)
            .reshape([found.len(), d])?
            .into_any())
    }
}

#[pymethods]
impl Strategies {
    /// The game on `board` with `pieces` a side under `rules` (the syntax of `--rules`; None:
    /// the board's, else openspiel), two players spread round the board.
    #[new]
    #[pyo3(signature = (board, pieces=2, rules=None, threads=None))]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        pieces: usize,
        rules: Option<&str>,
        threads: Option<usize>,
    ) -> PyResult<Strategies> {
        if threads == Some(0) {
            return Err(argument("threads 0: valid is 1 or more"));
        }
        let board = board_arg(py, board)?;
        // The game `evaluate_strategies` (and `solve_game`) sets up.
        let job = StrategiesJob {
            pieces,
            rules: rules.map(str::to_string),
            ..StrategiesJob::default()
        };
        let game = job.game(&board).map_err(|e| job_error(&e))?;
        let pool = Arc::new(jobs::thread_pool(threads).map_err(|e| job_error(&e))?);
        let g = game.clone();
        let p = pool.clone();
        let lib = detached(py, move || p.install(|| Lib::new(&g)).map_err(failed))?;
        Ok(Strategies {
            lib: Arc::new(lib),
            board,
            observer: Observer::new(&game),
            game,
            pool,
        })
    }

    /// Positions (both movers' tables).
    #[getter]
    fn positions(&self) -> u64 {
        self.lib.positions()
    }

    /// The rules, in the syntax of `--rules`.
    #[getter]
    fn rules(&self) -> String {
        self.game.rules.describe()
    }

    /// The game's value: the first player's win probability under optimal play by both.
    fn value(&self, py: Python<'_>) -> PyResult<f64> {
        let lib = self.lib.clone();
        let pool = self.pool.clone();
        detached(py, move || {
            pool.install(|| lib.value())
                .map(|w| w.first_player_wins)
                .map_err(failed)
        })
    }

    /// The worth of seat 0 playing `first` and seat 1 `second`: a dict of `first_player_wins`,
    /// `second_player_wins`, `residual`, `seconds`.
    fn pair<'py>(
        &self,
        py: Python<'py>,
        first: &Bound<'py, PyAny>,
        second: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = self.choice(py, first, 0)?;
        let b = self.choice(py, second, 1)?;
        let lib = self.lib.clone();
        let pool = self.pool.clone();
        let w = detached(py, move || {
            pool.install(|| lib.worth(&a, &b)).map_err(failed)
        })?;
        worth_dict(py, &w)
    }

    /// `strategy`'s move in every decision of both seats, asked once: a [`FixedStrategy`] that
    /// `pair` and `exploitability` take in its place without asking it again.
    fn fix(&self, py: Python<'_>, strategy: &Bound<'_, PyAny>) -> PyResult<FixedStrategy> {
        let choices = [self.choice(py, strategy, 0)?, self.choice(py, strategy, 1)?];
        let name = match strategy.cast::<PyString>() {
            Ok(s) => s.to_cow()?.into_owned(),
            Err(_) => strategy
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .or_else(|_| strategy.repr().map(|r| r.to_string()))?,
        };
        Ok(FixedStrategy {
            lib: self.lib.clone(),
            choices,
            name,
        })
    }

    /// `strategy` against a best response from each seat: a dict of `as_first`, `as_second`,
    /// `value`, `loss_as_first`, `loss_as_second`, `exploitability` (the mean loss).
    fn exploitability<'py>(
        &self,
        py: Python<'py>,
        strategy: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let value = self.value(py)?;
        let best = Choice::Best;
        let first = self.choice(py, strategy, 0)?;
        let second = self.choice(py, strategy, 1)?;
        let lib = self.lib.clone();
        let pool = self.pool.clone();
        let (a, b) = detached(py, move || {
            pool.install(|| Ok((lib.worth(&first, &best)?, lib.worth(&best, &second)?)))
                .map_err(|e: boardpath::game::strategy::StrategyError| failed(e))
        })?;
        let (as_first, as_second) = (a.first_player_wins, 1.0 - b.first_player_wins);
        let d = PyDict::new(py);
        d.set_item("as_first", as_first)?;
        d.set_item("as_second", as_second)?;
        d.set_item("value", value)?;
        d.set_item("loss_as_first", value - as_first)?;
        d.set_item("loss_as_second", (1.0 - value) - as_second)?;
        d.set_item(
            "exploitability",
            ((value - as_first) + (1.0 - value - as_second)) / 2.0,
        )?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Strategies({:?}, pieces={}, rules={:?}, positions={})",
            self.board.name,
            self.game.pieces(),
            self.game.rules.describe(),
            self.lib.positions()
        )
    }
}

/// The exact worth of named strategies on `board` with `pieces` a side under `rules` (the syntax
/// of `--rules`): seat 0 playing `policy[0]` and seat 1 `policy[1]`, `exploitability`'s strategy
/// against its best response, every pair of `matrix` (`["named"]`: the named strategies), within
/// `memory` megabytes on `threads` threads; the `boardpath.solve-game/1` results of `solve-game
/// --policy`, `--exploitability`, `--matrix` as a dict. Runs without the GIL.
#[pyfunction]
#[pyo3(signature = (board, pieces=2, rules=None, policy=None, exploitability=None, matrix=None, memory=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn evaluate_strategies<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    pieces: usize,
    rules: Option<&str>,
    policy: Option<Vec<String>>,
    exploitability: Option<String>,
    matrix: Option<Vec<String>>,
    memory: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    if threads == Some(0) {
        return Err(argument("threads 0: valid is 1 or more"));
    }
    if memory == Some(0) {
        return Err(argument("memory 0: valid is 1 (megabyte) or more"));
    }
    let pair = match policy {
        Some(p) => Some(<[String; 2]>::try_from(p).map_err(|p| {
            argument(format!(
                "policy {p:?}: two strategies (seat 0's, then seat 1's), {} given",
                p.len()
            ))
        })?),
        None => None,
    };
    let board = board_arg(py, board)?;
    let job = StrategiesJob {
        pieces,
        rules: rules.map(str::to_string),
        pair,
        exploitability,
        matrix,
        // Megabytes here, bytes in the job.
        memory: memory.map(|mb| mb.saturating_mul(1_000_000)),
        threads,
    };
    let report = detached(py, || {
        jobs::evaluate_strategies(&board, &job, &|_| {}).map_err(|e| job_error(&e))
    })?;
    serialized(py, &report)
}
