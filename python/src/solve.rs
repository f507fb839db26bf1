//! `solve` and `methods`: the least total movement of a player, as `solve --format json` prints it.

use crate::board::board_arg;
use crate::convert::to_py;
use crate::errors::{InternalError, detached, job_error};
use boardpath::board::Board;
use boardpath::jobs::{self, Solutions, SolveJob};
use boardpath::output::json;
use boardpath::solve::Solved;
use boardpath::solve::{METHODS, Method, MethodObjective, Skip};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};

/// The default method, as on the command line.
pub use boardpath::jobs::DEFAULT_METHOD;

/// Solves the players `player` selects (None: the first; `all`; a name) of `board` with `method`:
/// one object per player with the fields of `boardpath solve --format json`'s results, converted
/// to Python as they are read.
#[pyfunction]
#[pyo3(signature = (board, method=None, player=None, budget=boardpath::solve::DEFAULT_BUDGET))]
pub fn solve<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    method: Option<&str>,
    player: Option<&str>,
    budget: u64,
) -> PyResult<Bound<'py, PyList>> {
    let board = board_arg(py, board)?;
    let job = SolveJob {
        player: player.map(str::to_string),
        method: method.unwrap_or(DEFAULT_METHOD).to_string(),
        budget,
    };
    let solved: Vec<(usize, Solved)> = detached(py, || {
        jobs::solve(&board, &job, None, &mut |_| {})
            .and_then(Solutions::held)
            .map_err(|e| job_error(&e))
    })?;
    let list = PyList::empty(py);
    for (player, solved) in solved {
        list.append(Solution {
            board: board.clone(),
            player,
            solved,
            value: OnceLock::new(),
        })?;
    }
    Ok(list)
}

/// One player's solution, kept in Rust: the scalar fields are read off it directly, and the JSON
/// object of `solve --format json` (every piece's stops placed on the board) is built the first
/// time another field is read.
#[pyclass(frozen, module = "boardpath._native")]
pub struct Solution {
    board: Arc<Board>,
    player: usize,
    solved: Solved,
    value: OnceLock<Value>,
}

impl Solution {
    fn value(&self) -> PyResult<&Value> {
        if let Some(v) = self.value.get() {
            return Ok(v);
        }
        let v = json::solution(&self.board, self.player, &self.solved)
            .map_err(|e| InternalError::new_err(format!("internal error (please report): {e}")))?;
        Ok(self.value.get_or_init(|| v))
    }
}

#[pymethods]
impl Solution {
    /// One field of the JSON object, as Python objects; `KeyError` when there is no such field.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let fast = match (&self.solved, key) {
            (Solved::PerMove(s), "total") => Some(s.total.into_pyobject(py)?.into_any()),
            (Solved::Exact(s), "total") => Some(s.total.into_pyobject(py)?.into_any()),
            (Solved::PerMove(s), "enter") => Some(s.enter.into_pyobject(py)?.into_any()),
            (Solved::Exact(s), "enter") => Some(s.enter.into_pyobject(py)?.into_any()),
            (s, "nodes") => Some(s.nodes().into_pyobject(py)?.into_any()),
            _ => None,
        };
        if let Some(v) = fast {
            return Ok(v);
        }
        match self.value()?.get(key) {
            Some(v) => to_py(py, v),
            None => Err(pyo3::exceptions::PyKeyError::new_err(key.to_string())),
        }
    }

    fn __contains__(&self, key: &str) -> PyResult<bool> {
        Ok(self.value()?.get(key).is_some())
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.value()?.as_object().map_or(0, |m| m.len()))
    }

    /// The field names, in the document's order.
    fn keys(&self) -> PyResult<Vec<String>> {
        Ok(self
            .value()?
            .as_object()
            .map_or_else(Vec::new, |m| m.keys().cloned().collect()))
    }

    /// The whole object as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.value()?)
    }
}

/// Whether `compare` runs a method by default: `yes`, `paper board` or `no`.
fn by_default(m: &Method) -> &'static str {
    match m.skip {
        Skip::Never => "yes",
        Skip::OffPaperBoard(_) => "paper board",
        Skip::Always(_) => "no",
    }
}

/// The method catalogue, one dict per method as `boardpath methods --format json` prints it.
#[pyfunction]
pub fn methods<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    let rows: Vec<Value> = METHODS
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "algorithm": m.algorithm,
                "encoding": m.encoding,
                "minimises": match m.minimises {
                    MethodObjective::Length => "length",
                    MethodObjective::Rolls => "rolls",
                },
                "exact": m.exact,
                "options": m.describe(),
                "compare_by_default": by_default(m),
                "summary": m.summary,
            })
        })
        .collect();
    to_py(py, &Value::Array(rows))
}
