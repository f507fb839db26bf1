//! `boardpath._native`: the compiled half of the Python package `boardpath`
//! (python/python/boardpath/ holds the Python half: the typed classes, data frames and the
//! OpenSpiel game).
//!
//! Every function here calls the library as the command line does and returns what the command's
//! JSON document holds, as Python dicts and lists; long calls release the GIL, and a panic comes
//! back as `boardpath.InternalError`, never as a crash.

mod board;
mod compare;
mod convert;
mod dice;
mod env;
mod errors;
mod game;
mod play;
mod review;
mod solve;
mod solve_game;
mod strategies;

use pyo3::prelude::*;

/// The compiled module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("VERSION", boardpath::VERSION)?;
    m.add("COMMIT", boardpath::COMMIT)?;
    m.add("DEFAULT_BUDGET", boardpath::solve::DEFAULT_BUDGET)?;
    m.add("DEFAULT_METHOD", solve::DEFAULT_METHOD)?;
    m.add_class::<board::NativeBoard>()?;
    m.add_class::<dice::NativeDice>()?;
    m.add_class::<solve::Solution>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::GameState>()?;
    m.add_class::<env::NativeVecEnv>()?;
    m.add_function(wrap_pyfunction!(board::load_board, m)?)?;
    m.add_function(wrap_pyfunction!(board::board_from_toml, m)?)?;
    m.add_function(wrap_pyfunction!(board::embedded_names, m)?)?;
    m.add_function(wrap_pyfunction!(board::embedded_toml, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::methods, m)?)?;
    m.add_function(wrap_pyfunction!(compare::compare, m)?)?;
    m.add_function(wrap_pyfunction!(compare::sweep, m)?)?;
    m.add_function(wrap_pyfunction!(dice::dice, m)?)?;
    m.add_function(wrap_pyfunction!(play::play, m)?)?;
    m.add_function(wrap_pyfunction!(solve_game::solve_game, m)?)?;
    m.add_function(wrap_pyfunction!(strategies::evaluate_strategies, m)?)?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_class::<solve_game::GameSolution>()?;
    m.add_class::<strategies::Strategies>()?;
    m.add_class::<strategies::FixedStrategy>()?;
    m.add_function(wrap_pyfunction!(errors::_panic_for_tests, m)?)?;
    Ok(())
}
