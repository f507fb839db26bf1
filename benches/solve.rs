//! Whole solves of the standard board: the graph encoding and the paper's search under each bound.
//! The board is loaded outside the timed loop; building the race, graph or tables is inside it,
//! since that is part of answering the question for a board.

use boardpath::board::Board;
use boardpath::encoding::bitboard::Bound;
use boardpath::solve::{EncodingChoice, solve};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn standard(c: &mut Criterion) {
    let board = Board::load("maedn").unwrap();
    let mut g = c.benchmark_group("standard board, black, all pieces");
    g.bench_function("graph dijkstra", |b| {
        b.iter(|| {
            solve::<u64>(black_box(&board), 0, EncodingChoice::Graph)
                .unwrap()
                .total
        })
    });
    for bound in [
        Bound::Exact,
        Bound::Paper,
        Bound::Listing,
        Bound::Admissible,
    ] {
        g.bench_with_input(
            BenchmarkId::new("bitboard", bound.name()),
            &bound,
            |b, &bound| {
                b.iter(|| {
                    solve::<u64>(black_box(&board), 0, EncodingChoice::Bitboard(bound))
                        .unwrap()
                        .total
                })
            },
        );
    }
    g.finish();

    // 660 million calls: a few seconds each, so the fewest samples criterion allows.
    let mut g = c.benchmark_group("standard board, no bound");
    g.sample_size(10).measurement_time(Duration::from_secs(40));
    g.bench_function("bitboard none", |b| {
        b.iter(|| {
            solve::<u64>(black_box(&board), 0, EncodingChoice::Bitboard(Bound::None))
                .unwrap()
                .total
        })
    });
    g.finish();
}

criterion_group!(benches, standard);
criterion_main!(benches);
