//! Output: text tables and JSON for solutions.

pub mod json;
pub mod text;
