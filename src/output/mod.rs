//! Output: text tables, JSON for solutions, and the self-describing envelope of every JSON document.

pub mod decode;
pub mod document;
pub mod json;
pub mod text;
