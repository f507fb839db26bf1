//! The paper's reported numbers, and a side-by-side reproduction of them (`boardpath reproduce`).

use crate::board::{Board, embedded, goal_label};
use crate::race::Race;
use crate::solve::{Method, SolveError, solve_race};
use serde::Serialize;

/// Total movement reported in section 4.1, in units.
pub const TOTAL: u64 = 83047;
/// The same on a 36 cm board, as printed.
pub const TOTAL_CM: &str = "298.9692";
/// Movement to bring the four pieces onto the start tile (section 3.1).
pub const ENTER: u64 = 12143;
/// The pieces filling goal tiles d, c, b, a (figures 8-11).
pub const PIECES: [u64; 4] = [19462, 17315, 16812, 17315];
/// Calls of `handle_piece` without the `min_units_per_tile` bound (section 4.2).
pub const CALLS_NONE: u64 = 660_449_985;
/// Calls of `handle_piece` in the final version (section 4.2).
pub const CALLS_PAPER: u64 = 14_282_614;
/// Calls with Listing 9 exactly as printed (its `tiles_left--` included). The paper does not report
/// this count; it is what its printed code does, pinned here so that the difference stays visible.
pub const CALLS_LISTING: u64 = 18_526_851;

/// One line of the comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// What is compared.
    pub what: String,
    /// The paper's value.
    pub paper: String,
    /// Ours, computed now.
    pub ours: String,
    /// Whether they are equal.
    pub matches: bool,
}

fn row(what: impl Into<String>, paper: impl ToString, ours: impl ToString) -> Row {
    let (paper, ours) = (paper.to_string(), ours.to_string());
    Row {
        what: what.into(),
        matches: paper == ours,
        paper,
        ours,
    }
}

/// Solves the embedded standard board with the graph and with the bit-board under the paper's
/// bounds and lines up every number the paper reports against ours. The 660-million-call run
/// (`bnb-none/bitboard`, a few seconds in a release build) is left out unless `with_unbounded`.
pub fn reproduce(with_unbounded: bool) -> Result<Vec<Row>, SolveError> {
    let board: Board = match embedded::embedded(embedded::DEFAULT) {
        Some(Ok(b)) => b,
        _ => {
            return Err(SolveError::internal(
                "the embedded standard board does not load",
            ));
        }
    };
    let race = Race::<u64>::new(&board, 0)?;
    let budget = u64::MAX;
    let graph = solve_race(
        &board,
        &race,
        Method::find("petgraph-dijkstra/graph")?,
        budget,
    )?;
    let mut rows = vec![
        row("total (units)", TOTAL, graph.total),
        row(
            "total (cm, 36 cm board)",
            TOTAL_CM,
            graph.total_cm.map_or("none".into(), |c| format!("{c:.4}")),
        ),
        row("enter: pieces onto the start tile", ENTER, graph.enter),
    ];
    for (p, &expected) in graph.pieces.iter().zip(&PIECES) {
        rows.push(row(
            format!("piece into goal tile {}", goal_label(p.target)),
            expected,
            p.length,
        ));
    }
    let mut runs = vec![
        (
            "bnb-paper/bitboard",
            CALLS_PAPER,
            "paper (193 units per tile)",
        ),
        (
            "bnb-listing/bitboard",
            CALLS_LISTING,
            "Listing 9 as printed",
        ),
    ];
    if with_unbounded {
        runs.insert(0, ("bnb-none/bitboard", CALLS_NONE, "no bound"));
    }
    for (method, calls, label) in runs {
        let s = solve_race(&board, &race, Method::find(method)?, budget)?;
        rows.push(row(format!("calls, {label}"), calls, s.nodes));
        rows.push(row(format!("total with {method}"), TOTAL, s.total));
    }
    Ok(rows)
}
