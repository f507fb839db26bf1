//! Whole solves of the standard board: the graph encoding, the dynamic programme, the bit-board's
//! default search and the paper's search under each bound. The board is loaded outside the timed
//! loop; compiling the race and building the graph or tables is inside it, since that is part of
//! answering the question for a board.

use boardpath::board::Board;
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// Timed with the default settings: from microseconds to about a second per solve.
const METHODS: &[&str] = &[
    "petgraph-dijkstra/graph",
    "dp/step",
    "bnb/bitboard",
    "bnb-exact/bitboard",
    "bnb-paper/bitboard",
    "bnb-listing/bitboard",
    "bnb-admissible/bitboard",
];

fn standard(c: &mut Criterion) {
    let board = Board::load("maedn").unwrap();
    let mut g = c.benchmark_group("standard board, black, all pieces");
    for &name in METHODS {
        let method = Method::find(name).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                solve(black_box(&board), 0, method, DEFAULT_BUDGET)
                    .unwrap()
                    .total_f64()
            })
        });
    }
    g.finish();

    // 660 million calls: a few seconds each, so the fewest samples criterion allows.
    let mut g = c.benchmark_group("standard board, no bound");
    g.sample_size(10).measurement_time(Duration::from_secs(40));
    let method = Method::find("bnb-none/bitboard").unwrap();
    g.bench_function(method.name, |b| {
        b.iter(|| {
            solve(black_box(&board), 0, method, DEFAULT_BUDGET)
                .unwrap()
                .total_f64()
        })
    });
    g.finish();
}

criterion_group!(benches, standard);
criterion_main!(benches);
