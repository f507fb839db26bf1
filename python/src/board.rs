//! Boards: loading (embedded names, files, TOML text), rule overrides, and every tile as data.

use crate::convert::serialized;
use crate::errors::{argument, board_error, detached, guard};
use boardpath::board::rules::check_die;
use boardpath::board::{Board, GoalMode, Metric, Rounding, RuleOverrides, embedded};
use boardpath::output::board::BoardTiles;
use boardpath::text::parse_choice;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A validated board (the Python `Board` wraps it).
#[pyclass(frozen, module = "boardpath._native")]
pub struct NativeBoard {
    /// The board, shared with the calls that run on it.
    pub board: Arc<Board>,
    /// How to make it again after a pickle, `(callable, args)`, for a board that loading its
    /// origin would not give back (read from TOML text, rules changed); None: load its origin.
    recipe: Option<Py<PyTuple>>,
}

/// The embedded boards parsed so far: `solve("maedn")` parses the TOML once per process.
fn embedded_cache(name: &str) -> Option<Result<Arc<Board>, boardpath::board::BoardError>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Board>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(b) = cache.lock().ok()?.get(name) {
        return Some(Ok(b.clone()));
    }
    let board = embedded::embedded(name)?.map(Arc::new);
    if let (Ok(b), Ok(mut c)) = (&board, cache.lock()) {
        c.insert(name.to_string(), b.clone());
    }
    Some(board)
}

/// Loads `name_or_path` as the command line does: an existing file wins over an embedded name.
pub fn load(name_or_path: &str) -> Result<Arc<Board>, boardpath::board::BoardError> {
    if name_or_path != "-"
        && !Path::new(name_or_path).exists()
        && let Some(b) = embedded_cache(name_or_path)
    {
        return b;
    }
    Board::load(name_or_path).map(Arc::new)
}

/// `board` as an `Arc<Board>`: a `NativeBoard`, or a name or path to load.
pub fn board_arg(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Arc<Board>> {
    if let Ok(b) = board.cast::<NativeBoard>() {
        return Ok(b.get().board.clone());
    }
    if let Ok(s) = board.cast::<PyString>() {
        let name = s.to_cow()?;
        return load(&name).map_err(|e| board_error(py, &e));
    }
    // The Python `Board` wraps a NativeBoard; a path-like object is a path.
    if let Ok(native) = board.getattr("_native")
        && let Ok(b) = native.cast::<NativeBoard>()
    {
        return Ok(b.get().board.clone());
    }
    if let Ok(path) = board.extract::<std::path::PathBuf>() {
        return load(&path.to_string_lossy()).map_err(|e| board_error(py, &e));
    }
    Err(argument(format!(
        "board must be a Board, an embedded board's name or a path, not {}",
        board.get_type().name()?
    )))
}

/// A die given as faces (`[1, 2, 3]`) or as the command line writes it (`"1-6"`).
pub fn die_arg(die: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if let Ok(s) = die.cast::<PyString>() {
        return boardpath::board::rules::parse_die_list(&s.to_cow()?).map_err(argument);
    }
    let faces: Vec<i64> = die.extract().map_err(|_| {
        argument("die must be a list of faces such as [1, 2, 3, 4, 5, 6] or text such as \"1-6\"")
    })?;
    check_die(&faces).map_err(argument)
}

/// Rule overrides from their Python values (None keeps the board's).
pub fn overrides(
    metric: Option<&str>,
    rounding: Option<&str>,
    goal_mode: Option<&str>,
    moves_in_goal: Option<bool>,
    die: Option<&Bound<'_, PyAny>>,
) -> PyResult<RuleOverrides> {
    Ok(RuleOverrides {
        die: die.map(die_arg).transpose()?,
        metric: metric
            .map(|m| parse_choice("metric", m, &Metric::ALL))
            .transpose()
            .map_err(argument)?,
        rounding: rounding
            .map(|r| parse_choice("rounding", r, &Rounding::ALL))
            .transpose()
            .map_err(argument)?,
        goal_mode: goal_mode
            .map(|g| parse_choice("goal_mode", g, &GoalMode::ALL))
            .transpose()
            .map_err(argument)?,
        moves_in_goal,
    })
}

#[pymethods]
impl NativeBoard {
    /// Every field of `boardpath boards BOARD --format json` for this board.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| serialized(py, &BoardTiles::new(&self.board)))
    }

    /// The board's warnings (legal but most likely a mistake), each `file:line:column: message`.
    fn warnings(&self) -> Vec<String> {
        self.board.warnings.iter().map(|w| w.to_string()).collect()
    }

    /// This board with rules replaced (None keeps the board's value).
    #[pyo3(signature = (metric=None, rounding=None, goal_mode=None, moves_in_goal=None, die=None))]
    fn with_rules(
        slf: &Bound<'_, Self>,
        metric: Option<&str>,
        rounding: Option<&str>,
        goal_mode: Option<&str>,
        moves_in_goal: Option<bool>,
        die: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<NativeBoard> {
        let (py, this) = (slf.py(), slf.get());
        let o = overrides(metric, rounding, goal_mode, moves_in_goal, die)?;
        if o.is_empty() {
            return Ok(NativeBoard {
                board: this.board.clone(),
                recipe: this.recipe.as_ref().map(|r| r.clone_ref(py)),
            });
        }
        let board =
            guard(|| Ok(this.board.with_overrides(&o)))?.map_err(|e| board_error(py, &e))?;
        // Made again as this board (pickled in turn) with the same arguments.
        let again = (
            metric.into_pyobject(py)?.into_any(),
            rounding.into_pyobject(py)?.into_any(),
            goal_mode.into_pyobject(py)?.into_any(),
            moves_in_goal.into_pyobject(py)?.into_any(),
            die.map_or_else(|| py.None().into_bound(py), |d| d.clone()),
        );
        let recipe = (slf.getattr("with_rules")?, again).into_pyobject(py)?;
        Ok(NativeBoard {
            board: Arc::new(board),
            recipe: Some(recipe.unbind()),
        })
    }

    /// Whether two boards are the same board (file, geometry and rules).
    fn same(&self, other: &NativeBoard) -> bool {
        Arc::ptr_eq(&self.board, &other.board) || *self.board == *other.board
    }

    /// Pickles as its origin (an embedded name or a file's path), loaded again on the other
    /// side; a board read from TOML text or with rules changed as how it was made (the text, the
    /// board and the rules changed). Refused for a board whose file changed since it was read.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Some(recipe) = &slf.get().recipe {
            return Ok(recipe.bind(py).clone().into_any());
        }
        let board = &slf.get().board;
        let origin = board
            .origin
            .strip_prefix("embedded:")
            .unwrap_or(&board.origin)
            .to_string();
        match load(&origin) {
            Ok(again) if *again == **board => {
                let load_board = py.import("boardpath._native")?.getattr("load_board")?;
                Ok((load_board, (origin,)).into_pyobject(py)?.into_any())
            }
            _ => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "cannot pickle board \"{}\" from {}: loading {} again would not give it back \
                 (its file changed since it was read)",
                board.name, board.origin, origin
            ))),
        }
    }
}

/// Loads an embedded board by short name, or a board file by path.
#[pyfunction]
pub fn load_board(py: Python<'_>, name_or_path: &str) -> PyResult<NativeBoard> {
    let name = name_or_path.to_string();
    let board = detached(py, || Ok(load(&name)))?.map_err(|e| board_error(py, &e))?;
    Ok(NativeBoard {
        board,
        recipe: None,
    })
}

/// Parses board TOML; `origin` names it in messages (`origin:line:column: ...`). The board
/// pickles as this text.
#[pyfunction]
pub fn board_from_toml(py: Python<'_>, text: &str, origin: &str) -> PyResult<NativeBoard> {
    let (owned, name) = (text.to_string(), origin.to_string());
    let board =
        detached(py, || Ok(Board::from_toml(&owned, &name)))?.map_err(|e| board_error(py, &e))?;
    let again = py.import("boardpath._native")?.getattr("board_from_toml")?;
    let recipe = (again, (text, origin)).into_pyobject(py)?;
    Ok(NativeBoard {
        board: Arc::new(board),
        recipe: Some(recipe.unbind()),
    })
}

/// The short names of the embedded boards, in listing order.
#[pyfunction]
pub fn embedded_names() -> Vec<&'static str> {
    embedded::names()
}

/// The TOML text of an embedded board.
#[pyfunction]
pub fn embedded_toml(name: &str) -> PyResult<&'static str> {
    embedded::BOARDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            argument(format!(
                "{name}: not an embedded board; embedded boards are: {}",
                embedded::names().join(", ")
            ))
        })
}
