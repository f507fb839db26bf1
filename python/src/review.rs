//! `review`: a game record's every turn against the exact solution, the fields of `boardpath
//! review --format json`, through the library's one review job ([`review_record`]).

use crate::convert::serialized;
use crate::errors::{GameError, detached};
use boardpath::game::record::GameRecord;
use boardpath::game::review::{Thresholds, review_record};
use pyo3::prelude::*;

/// Reviews `record` (the JSON text of a `boardpath.game-record/1`) against the exact solution,
/// with values from `table` (written by `solve-game --out`) or solved now (1 or 2 pieces a side);
/// thresholds in probability (0.05, 0.10, 0.15 by default). The work runs without the GIL.
#[pyfunction]
#[pyo3(signature = (record, table=None, inaccuracy=0.05, mistake=0.10, blunder=0.15))]
pub fn review<'py>(
    py: Python<'py>,
    record: &str,
    table: Option<String>,
    inaccuracy: f64,
    mistake: f64,
    blunder: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let ordered = (0.0..=1.0).contains(&inaccuracy)
        && inaccuracy <= mistake
        && mistake <= blunder
        && blunder <= 1.0;
    if !ordered {
        return Err(crate::errors::argument(format!(
            "thresholds inaccuracy {inaccuracy}, mistake {mistake}, blunder {blunder}: valid are \
             probabilities 0 to 1 that do not decrease"
        )));
    }
    let thresholds = Thresholds {
        inaccuracy,
        mistake,
        blunder,
    };
    let rec = GameRecord::parse(record).map_err(|e| GameError::new_err(e.0))?;
    let review = detached(py, || {
        review_record(&rec, table.as_deref(), &thresholds).map_err(|e| GameError::new_err(e.0))
    })?;
    serialized(py, &review)
}
