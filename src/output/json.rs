//! JSON output: always an array with one object per solved player.

use crate::solve::Solved;

/// One solution as a JSON value (`board`, `player`, `unit`, `total`, `total_cm`, `enter`, `pieces`,
/// `method`, `encoding`, `algorithm`, `nodes`, `cut_short`, `rules`, `warnings`).
pub fn solution(s: &Solved) -> serde_json::Value {
    serde_json::to_value(s).unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }))
}

/// Pretty-printed JSON array of the given values.
pub fn array(values: Vec<serde_json::Value>) -> String {
    serde_json::to_string_pretty(&serde_json::Value::Array(values)).unwrap_or_default()
}
