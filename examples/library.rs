//! Using boardpath as a library: load a board, change a rule, solve with both encodings.
//!
//! `cargo run --release --example library [BOARD]`

use boardpath::board::{Board, Metric, RuleOverrides};
use boardpath::encoding::bitboard::Bound;
use boardpath::solve::{EncodingChoice, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).unwrap_or_else(|| "maedn".into());
    let board = Board::load(&name)?;
    for metric in [Metric::Euclidean, Metric::Manhattan, Metric::Chebyshev] {
        let b = board.with_overrides(&RuleOverrides {
            metric: Some(metric),
            ..Default::default()
        })?;
        let graph = solve::<u64>(&b, 0, EncodingChoice::Graph)?;
        let bits = solve::<u64>(&b, 0, EncodingChoice::Bitboard(Bound::Exact))?;
        assert_eq!(graph.total, bits.total, "the encodings agree");
        let pieces: Vec<String> = graph.pieces.iter().map(|p| p.length.to_string()).collect();
        println!(
            "{:<10} total {:>6} {} (enter {}, pieces {}); dijkstra {} nodes, bit-board {} calls",
            metric.name(),
            graph.total,
            b.unit,
            graph.enter,
            pieces.join(" / "),
            graph.nodes,
            bits.nodes
        );
    }
    Ok(())
}
