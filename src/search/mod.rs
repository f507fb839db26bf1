//! Search algorithms over the race, each in its own file.

pub mod astar;
pub mod bit_bfs;
pub mod branch_and_bound;
pub mod counted;
pub mod dijkstra;
pub mod dp;
pub mod heuristic;
pub mod ida_star;
pub mod path;
