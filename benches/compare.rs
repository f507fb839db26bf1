//! Criterion benchmarks of the `compare` methods.
//!
//! `board/NAME`: one group per embedded board (first player, every piece), one benchmark per
//! method that `boardpath compare` runs there by default and that finishes within its budget.
//! `scaling`: generated boards (`generate`, paper rules) of 100 to 100,000 track tiles with dice
//! of 6 and 20 faces, one player with 4 pieces.
//!
//! What is timed is what `compare` times: [`Method::run`] from a compiled race (built outside the
//! loop) to the whole player's answer, the method's own structures (petgraph graph, bit-board
//! tables, estimate tables) included. `split/maedn` times the graph build and the Dijkstra and
//! A* searches apart.
//!
//! Run: `cargo bench --bench compare` (or e.g. `-- board/maedn`).

use boardpath::generate::{GenerateOptions, generate};
use boardpath::board::{Board, Rounding, embedded};
use boardpath::compare::{DEFAULT_BUDGET, Method};
use boardpath::cost::Cost;
use boardpath::encoding::bitboard::Bound;
use boardpath::encoding::graph::GraphEncoding;
use boardpath::race::Race;
use boardpath::search::heuristic::StraightLine;
use boardpath::search::{astar, dijkstra};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn board_group<C: Cost>(c: &mut Criterion, name: &str, board: &Board) {
    let race = Race::<C>::new(board, 0);
    let mut group = c.benchmark_group(format!("board/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for &(method_name, method) in &Method::ALL {
        // What compare skips by default, or what gives up, would time the budget, not the method.
        if method.skipped_by_default(board).is_some()
            || method.run(board, &race, DEFAULT_BUDGET).is_err()
        {
            continue;
        }
        group.bench_function(method_name, |b| {
            b.iter(|| method.run(board, black_box(&race), DEFAULT_BUDGET))
        });
    }
    group.finish();
}

fn boards(c: &mut Criterion) {
    for (name, _) in embedded::BOARDS {
        let board = Board::load(name).expect("embedded boards load");
        match board.rules.rounding {
            Rounding::PerMove => board_group::<u64>(c, name, &board),
            Rounding::Exact => board_group::<f64>(c, name, &board),
        }
    }
}

/// Where Dijkstra's and A*'s time goes on the standard board: building the petgraph graph, and the
/// four searches on a graph (and for A* estimate tables) built beforehand.
fn split(c: &mut Criterion) {
    let board = Board::load(embedded::DEFAULT).expect("embedded boards load");
    let race = Race::<u64>::new(&board, 0);
    let mut group = c.benchmark_group(format!("split/{}", embedded::DEFAULT));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    group.bench_function("graph-build", |b| {
        b.iter(|| GraphEncoding::new(black_box(&race)))
    });
    let graph = GraphEncoding::new(&race);
    group.bench_function("dijkstra-search-only", |b| {
        b.iter(|| {
            race.targets()
                .into_iter()
                .map(|t| {
                    let (s, g) = graph.endpoints(race.track_steps, t).expect("target");
                    dijkstra::shortest_path(&graph.graph, s, g).map_or(0, |p| p.length)
                })
                .sum::<u64>()
        })
    });
    let estimates: Vec<Vec<u64>> = race
        .targets()
        .into_iter()
        .map(|t| StraightLine::admissible(&race, board.rules.metric, t).table())
        .collect();
    group.bench_function("astar-search-only", |b| {
        b.iter(|| {
            race.targets()
                .into_iter()
                .zip(&estimates)
                .map(|(t, h)| {
                    let (s, g) = graph.endpoints(race.track_steps, t).expect("target");
                    astar::shortest_path(&graph.graph, s, g, |n| h[graph.graph[n].step])
                        .map_or(0, |p| p.length)
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

/// DP, Dijkstra, A*, the bit-parallel BFS and (where it fits in 128 bits) the bit-board with the
/// exact bound, on generated boards of growing size.
fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scaling");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let methods = [
        Method::Dp,
        Method::Dijkstra,
        Method::AStar,
        Method::BitBfs,
        Method::Bitboard(Bound::Exact),
    ];
    for faces in [6, 20] {
        for tiles in [100, 1_000, 10_000, 100_000] {
            let text = generate(&GenerateOptions {
                tiles,
                players: 1,
                pieces: 4,
                faces,
                seed: 1,
                vary_rules: false,
            });
            let board = Board::from_toml(&text, "generated").expect("generated boards are valid");
            let race = Race::<u64>::new(&board, 0);
            group.throughput(Throughput::Elements(tiles as u64));
            for method in methods {
                if method.run(&board, &race, DEFAULT_BUDGET).is_err() {
                    continue; // the bit-board does not fit in 128 bits
                }
                group.bench_with_input(
                    BenchmarkId::new(method.name(), format!("{tiles}x{faces}")),
                    &race,
                    |b, race| b.iter(|| method.run(&board, race, DEFAULT_BUDGET)),
                );
            }
        }
    }
    group.finish();
}

criterion_group!(benches, boards, split, scaling);
criterion_main!(benches);
