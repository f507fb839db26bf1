//! Output: text tables, JSON for solutions and boards, the self-describing envelope of every JSON
//! document, and charts.

pub mod board;
pub mod decode;
pub mod document;
pub mod json;
pub mod plot;
pub mod text;
