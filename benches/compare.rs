//! Criterion benchmarks of the `compare` methods: the entries of the method catalogue
//! ([`METHODS`]), by name.
//!
//! `board/NAME`: one group per embedded board (first player, every piece), one benchmark per
//! method that `boardpath compare` runs there by default and that finishes within its budget.
//! `scaling`: generated boards (`generate`, paper rules) of 100 to 1,000,000 track tiles with dice
//! of 6 and 20 faces (1,000,000 tiles: 6 faces, DP and Dijkstra only), one player with 4 pieces.
//!
//! What is timed is what `compare` times: [`solve_race`] from a compiled race (built outside the
//! loop) to the whole player's answer, the method's own structures (petgraph graph, bit-board
//! tables, estimate tables) included. `split/maedn` times the graph build and the Dijkstra and
//! A* searches apart; `split/1000000x6` the parts of petgraph's Dijkstra for one piece of a
//! 1,000,000-tile board.
//!
//! Run: `cargo bench --bench compare` (or e.g. `-- board/maedn`).

use boardpath::board::{Board, Rounding, embedded};
use boardpath::encoding::StateEncoding;
use boardpath::encoding::graph::{GraphEncoding, native};
use boardpath::generate::{GenerateOptions, generate};
use boardpath::race::estimate::Estimate;
use boardpath::race::{Piece, Race};
use boardpath::search::{astar, dijkstra};
use boardpath::solve::{DEFAULT_BUDGET, METHODS, Method, MethodCost, solve_race};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn board_group<C: MethodCost>(c: &mut Criterion, name: &str, board: &Board) {
    let race = Race::<C>::new(board, 0).expect("embedded boards can be won");
    let mut group = c.benchmark_group(format!("board/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for method in METHODS {
        // What compare skips by default, or what gives up, would time the budget, not the method.
        if method.skipped_on(board).is_some()
            || solve_race(board, &race, method, DEFAULT_BUDGET).is_err()
        {
            continue;
        }
        group.bench_function(method.name, |b| {
            b.iter(|| solve_race(board, black_box(&race), method, DEFAULT_BUDGET))
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

/// Where Dijkstra's and A*'s time goes on the standard board: building the petgraph graphs (one
/// per piece), and the searches, generic and petgraph's own, on graphs (and for A* estimate
/// tables) built beforehand.
fn split(c: &mut Criterion) {
    let board = Board::load(embedded::DEFAULT).expect("embedded boards load");
    let race = Race::<u64>::new(&board, 0).expect("embedded boards can be won");
    let pieces: Vec<Piece> = race.pieces();
    let mut group = c.benchmark_group(format!("split/{}", embedded::DEFAULT));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    group.bench_function("graph-build", |b| {
        b.iter(|| {
            pieces
                .iter()
                .map(|p| GraphEncoding::new(black_box(&race), p))
                .collect::<Vec<_>>()
        })
    });
    let graphs: Vec<GraphEncoding<'_, u64>> = pieces
        .iter()
        .map(|p| GraphEncoding::new(&race, p))
        .collect();
    let cost = |o: boardpath::search::SearchOutcome<_, u64>| o.result.map_or(0, |p| p.cost);
    group.bench_function("dijkstra-search-only", |b| {
        b.iter(|| {
            graphs
                .iter()
                .map(|g| {
                    cost(dijkstra::dijkstra(
                        g.start(),
                        |&n| g.successors(n).map(|(m, _, c)| (m, c)),
                        |n| g.position(n),
                        g.positions(),
                        |n| g.is_goal(n),
                        DEFAULT_BUDGET,
                    ))
                })
                .sum::<u64>()
        })
    });
    group.bench_function("petgraph-dijkstra-search-only", |b| {
        b.iter(|| {
            graphs
                .iter()
                .map(|g| native::dijkstra(g, DEFAULT_BUDGET).map_or(0, |p| p.cost))
                .sum::<u64>()
        })
    });
    let estimates: Vec<Vec<Option<u64>>> = pieces
        .iter()
        .map(|p| Estimate::StraightLine.table(&race, p.target))
        .collect();
    let h = |table: &[Option<u64>], step: usize| table.get(step).copied().flatten().unwrap_or(0);
    group.bench_function("astar-search-only", |b| {
        b.iter(|| {
            graphs
                .iter()
                .zip(&estimates)
                .map(|(g, table)| {
                    cost(astar::astar(
                        g.start(),
                        |&n| g.successors(n).map(|(m, _, c)| (m, c)),
                        |n| h(table, g.position(n)),
                        |n| g.position(n),
                        g.positions(),
                        |n| g.is_goal(n),
                        DEFAULT_BUDGET,
                    ))
                })
                .sum::<u64>()
        })
    });
    group.bench_function("petgraph-astar-search-only", |b| {
        b.iter(|| {
            graphs
                .iter()
                .zip(&estimates)
                .map(|(g, table)| {
                    native::astar(g, |n| h(table, n.index()), DEFAULT_BUDGET).map_or(0, |p| p.cost)
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

/// Where petgraph's Dijkstra spends its time on a 1,000,000-tile board (six faces), for the first
/// piece: the whole method, then building the graph, petgraph's search alone (the distances), the
/// search with the path read out of the distances, and decoding the path; and DP on the step
/// encoding, the method it is measured against, for the same piece.
fn split_large(c: &mut Criterion) {
    let text = generate(&GenerateOptions {
        tiles: 1_000_000,
        players: 1,
        pieces: 4,
        faces: 6,
        seed: 1,
        vary_rules: false,
    });
    let board = Board::from_toml(&text, "generated").expect("generated boards are valid");
    let race = Race::<u64>::new(&board, 0).expect("generated boards can be won");
    let piece = &race.pieces()[0];
    let mut group = c.benchmark_group("split/1000000x6");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for name in ["dp/step", "petgraph-dijkstra/graph"] {
        let method = Method::find(name).expect("a catalogue method");
        group.bench_function(name, |b| {
            b.iter(|| method.run(black_box(&race), piece, DEFAULT_BUDGET.into()))
        });
    }
    group.bench_function("graph-build", |b| {
        b.iter(|| GraphEncoding::new(black_box(&race), piece))
    });
    let graph = GraphEncoding::new(&race, piece);
    group.bench_function("petgraph-dijkstra-distances", |b| {
        b.iter(|| {
            petgraph::algo::dijkstra(&graph.graph, graph.start(), Some(graph.goal()), |e| {
                graph.cost(e)
            })
            .len()
        })
    });
    group.bench_function("petgraph-dijkstra-path", |b| {
        b.iter(|| native::dijkstra(black_box(&graph), DEFAULT_BUDGET).map_or(0, |p| p.cost))
    });
    let found = native::dijkstra(&graph, DEFAULT_BUDGET).expect("every piece can finish");
    group.bench_function("decode", |b| {
        b.iter(|| graph.decode(black_box(&found.nodes)))
    });
    group.finish();
}

/// DP, Dijkstra, A*, the bit-parallel BFS and (where it fits in 128 bits) the bit-board with the
/// exact bound and its default search, on generated boards of growing size; at 1,000,000 tiles
/// (six faces) DP and the two Dijkstras only, which the 4x target compares.
fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scaling");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let find = |name| Method::find(name).expect("a catalogue method");
    let all: Vec<&Method> = [
        "dp/step",
        "dijkstra/step",
        "petgraph-dijkstra/graph",
        "petgraph-astar/graph",
        "bit-bfs/step",
        "bnb-exact/bitboard",
        "bnb/bitboard",
    ]
    .into_iter()
    .map(find)
    .collect();
    let largest: Vec<&Method> = ["dp/step", "dijkstra/step", "petgraph-dijkstra/graph"]
        .into_iter()
        .map(find)
        .collect();
    let sizes = [100, 1_000, 10_000, 100_000]
        .map(|t| (t, 6, &all))
        .into_iter();
    let sizes = sizes
        .chain([(1_000_000, 6, &largest)])
        .chain([100, 1_000, 10_000, 100_000].map(|t| (t, 20, &all)));
    for (tiles, faces, methods) in sizes {
        let text = generate(&GenerateOptions {
            tiles,
            players: 1,
            pieces: 4,
            faces,
            seed: 1,
            vary_rules: false,
        });
        let board = Board::from_toml(&text, "generated").expect("generated boards are valid");
        let race = Race::<u64>::new(&board, 0).expect("generated boards can be won");
        group.throughput(Throughput::Elements(tiles as u64));
        for &method in methods {
            if solve_race(&board, &race, method, DEFAULT_BUDGET).is_err() {
                continue; // the bit-board does not fit in 128 bits
            }
            group.bench_with_input(
                BenchmarkId::new(method.name, format!("{tiles}x{faces}")),
                &race,
                |b, race| b.iter(|| solve_race(&board, race, method, DEFAULT_BUDGET)),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, boards, split, split_large, scaling);
criterion_main!(benches);
