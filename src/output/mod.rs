//! Output: text tables and JSON for solutions.

pub mod decode;
pub mod json;
pub mod text;
