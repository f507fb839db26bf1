//! Output: text tables, JSON for solutions, the self-describing envelope of every JSON document,
//! and charts.

pub mod decode;
pub mod document;
pub mod json;
pub mod plot;
pub mod text;
