//! Search algorithms over the race, each in its own file.

pub mod branch_and_bound;
pub mod counted;
pub mod dijkstra;
pub mod path;
