//! Using boardpath as a library: load a board, change a rule, solve with two methods of the
//! catalogue (petgraph's Dijkstra on the graph encoding and the branch and bound on the paper's
//! bit-board), and check that they agree.
//!
//! `cargo run --release --example library [BOARD]`

use boardpath::board::{Board, Metric, RuleOverrides};
use boardpath::cost::Cost;
use boardpath::solve::{DEFAULT_BUDGET, Method, Solved, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).unwrap_or_else(|| "maedn".into());
    let board = Board::load(&name)?;
    let graph_method = Method::find("petgraph-dijkstra/graph")?;
    let bits_method = Method::find("bnb/bitboard")?;
    for metric in [Metric::Euclidean, Metric::Manhattan, Metric::Chebyshev] {
        let b = board.with_overrides(&RuleOverrides {
            metric: Some(metric),
            ..Default::default()
        })?;
        // The cost type follows the board's rounding: whole units or floats.
        let graph = solve(&b, 0, graph_method, DEFAULT_BUDGET)?;
        let bits = solve(&b, 0, bits_method, DEFAULT_BUDGET)?;
        assert!(
            (graph.total_f64() - bits.total_f64()).abs() < 1e-6,
            "the encodings agree"
        );
        let (enter, pieces): (String, Vec<String>) = match &graph {
            Solved::PerMove(s) => (
                s.enter.show(),
                s.pieces.iter().map(|p| p.length.show()).collect(),
            ),
            Solved::Exact(s) => (
                s.enter.show(),
                s.pieces.iter().map(|p| p.length.show()).collect(),
            ),
        };
        println!(
            "{:<10} total {:>6} {} (enter {}, pieces {}); dijkstra {} nodes, bit-board {} calls",
            metric.name(),
            graph.total_text(),
            b.unit,
            enter,
            pieces.join(" / "),
            graph.nodes(),
            bits.nodes()
        );
    }
    Ok(())
}
