//! `solve` and `methods`: the least total movement of a player, as `solve --format json` prints it.

use crate::board::{board_arg, players};
use crate::convert::{JsonObject, to_py};
use crate::errors::{InternalError, detached, solve_error};
use boardpath::output::json;
use boardpath::solve::{METHODS, Method, Objective, Skip, solve as solve_board};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde_json::{Value, json};

/// The default method, as on the command line.
pub const DEFAULT_METHOD: &str = "petgraph-dijkstra/graph";

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
    let method = Method::find(method.unwrap_or(DEFAULT_METHOD)).map_err(|e| solve_error(&e))?;
    let chosen = players(&board, player)?;
    let values: Vec<Value> = detached(py, || {
        chosen
            .iter()
            .map(|&p| {
                let solved = solve_board(&board, p, method, budget).map_err(|e| solve_error(&e))?;
                json::solution(&board, p, &solved).map_err(|e| {
                    InternalError::new_err(format!("internal error (please report): {e}"))
                })
            })
            .collect()
    })?;
    let list = PyList::empty(py);
    for value in values {
        list.append(JsonObject { value })?;
    }
    Ok(list)
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
                    Objective::Length => "length",
                    Objective::Rolls => "rolls",
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
