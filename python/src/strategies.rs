//! `Strategies`: the exact worth of strategies in a two-player game (`boardpath solve-game
//! --policy`, `--exploitability`, `--matrix`), with a strategy given by name or as a Python
//! callable, one position at a time or vectorised over numpy batches: an agent trained in Python
//! graded exactly.

use crate::board::board_arg;
use crate::errors::{GameError, argument, detached, job_error};
use boardpath::game::action::action_id;
use boardpath::game::exact::Choice;
use boardpath::game::strategy::{Strategies as Lib, Strategy, Worth};
use boardpath::game::{Game, WAITING, legal_moves};
use boardpath::jobs;
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

impl Strategies {
    /// The choice of seat `seat` playing `strategy`: a name, a callable
    /// `f(mover, other, roll, legal) -> action`, or a vectorised callable (marked
    /// `__boardpath_vectorised__`) `f(steps, rolls, masks) -> actions` over numpy arrays.
    fn choice(&self, py: Python<'_>, strategy: &Bound<'_, PyAny>, seat: usize) -> PyResult<Choice> {
        if let Ok(name) = strategy.cast::<PyString>() {
            let name = name.to_cow()?.into_owned();
            let s = Strategy::by_name(&name, &self.board, &self.game, seat).map_err(failed)?;
            let (lib, pool, s) = (&self.lib, &self.pool, &s);
            return detached(py, move || {
                pool.install(|| lib.choice(s, seat)).map_err(failed)
            });
        }
        if !strategy.is_callable() {
            return Err(argument(
                "a strategy is a name (optimal, best-response, random, front, ...) or a callable",
            ));
        }
        let lib = self.lib.clone();
        let pool = self.pool.clone();
        let decisions = detached(py, move || Ok(pool.install(|| lib.decisions(seat))))?;
        let vectorised = strategy
            .getattr("__boardpath_vectorised__")
            .and_then(|v| v.is_truthy())
            .unwrap_or(false);
        let picks = if vectorised {
            self.ask_in_batches(py, strategy, &decisions)?
        } else {
            self.ask_each(strategy, &decisions)?
        };
        self.lib.choice_of(&decisions, &picks).map_err(failed)
    }

    /// The legal moves' action ids of a decision, and its state's two sides as steps (None
    /// waiting), mover first.
    fn decision(&self, p: u64, r: usize) -> (Vec<usize>, [Vec<Option<u32>>; 2], u32) {
        let state = self.lib.state(p);
        let face = self.game.faces()[r];
        let mut moves = Vec::new();
        legal_moves(&self.game, &state, face, &mut moves);
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
        (
            moves.iter().map(action_id).collect(),
            [side(m), side(1 - m)],
            face,
        )
    }

    /// Asks `f(mover, other, roll, legal)` for every decision.
    fn ask_each(&self, f: &Bound<'_, PyAny>, decisions: &[(u64, usize)]) -> PyResult<Vec<usize>> {
        decisions
            .iter()
            .map(|&(p, r)| {
                let (legal, [mover, other], face) = self.decision(p, r);
                let action: usize = f
                    .call1((mover, other, face, legal.clone()))?
                    .extract()
                    .map_err(|_| argument("a strategy returns an action id (an int)"))?;
                legal.iter().position(|&a| a == action).ok_or_else(|| {
                    GameError::new_err(format!(
                        "the strategy chose action {action} for roll {face}, not one of the legal {legal:?}"
                    ))
                })
            })
            .collect()
    }

    /// Asks the vectorised `f(steps, rolls, masks)` in batches of [`BATCH`] decisions: `steps`
    /// int32 (n, 2, K) (-1 waiting, mover first), `rolls` int32 (n,), `masks` bool (n, actions).
    fn ask_in_batches(
        &self,
        py: Python<'_>,
        f: &Bound<'_, PyAny>,
        decisions: &[(u64, usize)],
    ) -> PyResult<Vec<usize>> {
        let np = py.import("numpy")?;
        let k = self.game.pieces();
        let actions = boardpath::game::action::num_distinct_actions(&self.game);
        let mut picks = Vec::with_capacity(decisions.len());
        for batch in decisions.chunks(BATCH) {
            let mut steps = Vec::with_capacity(batch.len() * 2 * k);
            let mut rolls = Vec::with_capacity(batch.len());
            let mut masks = vec![false; batch.len() * actions];
            let mut legals = Vec::with_capacity(batch.len());
            for (i, &(p, r)) in batch.iter().enumerate() {
                let (legal, sides, face) = self.decision(p, r);
                for side in &sides {
                    steps.extend(side.iter().map(|s| s.map_or(-1, |x| x as i32)));
                }
                rolls.push(face as i32);
                for &a in &legal {
                    masks[i * actions + a] = true;
                }
                legals.push(legal);
            }
            let n = batch.len();
            let steps = np
                .call_method1("array", (steps, "int32"))?
                .call_method1("reshape", ((n, 2, k),))?;
            let rolls = np.call_method1("array", (rolls, "int32"))?;
            let masks = np
                .call_method1("array", (masks,))?
                .call_method1("reshape", ((n, actions),))?;
            let chosen: Vec<usize> = f
                .call1((steps, rolls, masks))?
                .call_method0("tolist")?
                .extract()
                .map_err(|_| argument("a vectorised strategy returns one action id per row"))?;
            if chosen.len() != n {
                return Err(argument(format!(
                    "a vectorised strategy returned {} actions for {n} rows",
                    chosen.len()
                )));
            }
            for (legal, action) in legals.iter().zip(chosen) {
                picks.push(legal.iter().position(|&a| a == action).ok_or_else(|| {
                    GameError::new_err(format!(
                        "the strategy chose action {action}, not one of the legal {legal:?}"
                    ))
                })?);
            }
        }
        Ok(picks)
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
        // The same game as `solve_game`'s.
        let game = jobs::two_player_game(&board, pieces, rules).map_err(|e| job_error(&e))?;
        let pool = Arc::new(jobs::thread_pool(threads).map_err(|e| job_error(&e))?);
        let g = game.clone();
        let p = pool.clone();
        let lib = detached(py, move || p.install(|| Lib::new(&g)).map_err(failed))?;
        Ok(Strategies {
            lib: Arc::new(lib),
            board,
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
