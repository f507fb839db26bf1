//! Output: text tables, JSON for solutions and boards, and the self-describing envelope of every JSON document.

pub mod board;
pub mod decode;
pub mod document;
pub mod json;
pub mod text;
