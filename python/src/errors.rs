//! The exceptions of `boardpath`, each carrying the command line's message, and the guard that
//! turns a panic into an exception instead of letting it cross into Python.

use boardpath::board::BoardError as LibBoardError;
use boardpath::dice::DiceError as LibDiceError;
use boardpath::jobs::{JobError, StrategyList};
use boardpath::race::RaceError;
use boardpath::solve::PlayerSolveError as LibSolveError;
use boardpath::text::plural;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};

pyo3::create_exception!(
    boardpath,
    Error,
    PyException,
    "Base class of every error boardpath raises; `str(e)` is the command line's message."
);
pyo3::create_exception!(
    boardpath,
    BoardError,
    Error,
    "A board file could not be read or is invalid. `diagnostics` lists each problem as \
     (origin, line, column, message), line and column None where the file gives no place."
);
pyo3::create_exception!(
    boardpath,
    SolveError,
    Error,
    "A board could not be solved: an unknown player or method, a piece that cannot finish, a \
     method that ran out of its node budget."
);
pyo3::create_exception!(
    boardpath,
    DiceError,
    Error,
    "A real-dice analysis could not be made (rules, state space too large, a policy that never \
     finishes)."
);
pyo3::create_exception!(
    boardpath,
    GameError,
    Error,
    "An illegal move or a question a game state cannot answer."
);
pyo3::create_exception!(
    boardpath,
    ArgumentError,
    Error,
    "An argument has a value outside those allowed (an unknown metric, a die with no faces, ...)."
);
pyo3::create_exception!(
    boardpath,
    InternalError,
    Error,
    "A bug in boardpath (a panic caught before it reached Python); please report it."
);

/// A board error as `BoardError`, with its diagnostics.
pub fn board_error(py: Python<'_>, e: &LibBoardError) -> PyErr {
    let err = BoardError::new_err(e.to_string());
    let diagnostics: Vec<(String, Option<usize>, Option<usize>, String)> = match e {
        LibBoardError::Invalid(ds) => ds
            .iter()
            .map(|d| {
                (
                    d.origin.clone(),
                    d.position.map(|p| p.0),
                    d.position.map(|p| p.1),
                    d.message.clone(),
                )
            })
            .collect(),
        other => vec![(String::new(), None, None, other.to_string())],
    };
    let _ = err.value(py).setattr("diagnostics", diagnostics);
    err
}

/// A solve error as `SolveError`.
pub fn solve_error(e: &LibSolveError) -> PyErr {
    match e {
        LibSolveError::Internal(_) => InternalError::new_err(e.to_string()),
        _ => SolveError::new_err(e.to_string()),
    }
}

/// A race error (unknown player, unreachable goal) as `SolveError`.
pub fn race_error(e: &RaceError) -> PyErr {
    SolveError::new_err(e.to_string())
}

/// A dice error as `DiceError`.
pub fn dice_error(e: &LibDiceError) -> PyErr {
    DiceError::new_err(e.to_string())
}

/// A job's error as the exception the Python call raises, with the command line's message except
/// where an argument of the call is named (a policy count names `policies`).
pub fn job_error(e: &JobError) -> PyErr {
    match e {
        JobError::Player(e) => race_error(e),
        JobError::Solve(e) => solve_error(e),
        JobError::Compare { .. } => SolveError::new_err(e.to_string()),
        JobError::Dice(e) => dice_error(e),
        JobError::DiceStates { .. } => DiceError::new_err(e.to_string()),
        JobError::PolicyCount { given, seats } => argument(format!(
            "policies names {}, the game has {}: give one policy for all seats, or one for each \
             of the {seats} seats",
            plural(*given, "policy", "policies"),
            plural(*seats, "player", "players"),
        )),
        JobError::Strategy {
            list,
            unknown,
            error,
        } => {
            // The argument that named it, as the command line names its option.
            let argument_name = match list {
                StrategyList::Pair => "policy",
                StrategyList::Exploitability => "exploitability",
                StrategyList::Matrix => "matrix",
            };
            let message = format!("{argument_name}: {error}");
            if *unknown {
                argument(message)
            } else {
                GameError::new_err(message)
            }
        }
        JobError::Threads(e) => InternalError::new_err(e.clone()),
        JobError::Stopped => InternalError::new_err(
            "internal error (please report): a job stopped that nothing asked to stop",
        ),
        JobError::Rules(_)
        | JobError::Game(_)
        | JobError::Policy(_)
        | JobError::Memory(_)
        | JobError::StrategiesMemory { .. }
        | JobError::OutOfCore(_)
        | JobError::Table(_)
        | JobError::GameSolve(_)
        | JobError::Graph(_)
        | JobError::NoTable { .. } => GameError::new_err(e.to_string()),
    }
}

/// A bad argument as `ArgumentError`.
pub fn argument(message: impl Into<String>) -> PyErr {
    ArgumentError::new_err(message.into())
}

/// Runs `f`, turning a panic into `InternalError` with the panic's message.
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        Err(InternalError::new_err(format!(
            "internal error (please report): {what}"
        )))
    })
}

/// Runs `f` without the GIL (other Python threads run meanwhile), panics caught as in [`guard`].
pub fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> PyResult<T> + Send) -> PyResult<T> {
    py.detach(|| guard(f))
}

/// Registers the exception classes in `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    m.add("DiceError", py.get_type::<DiceError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    Ok(())
}

/// Panics with `message` inside [`guard`]: the tests' way to check that a panic in the library
/// reaches Python as `InternalError` (no call of the API can be made to panic on purpose).
#[pyfunction]
pub fn _panic_for_tests(message: &str) -> PyResult<()> {
    guard(|| panic!("{message}"))
}
