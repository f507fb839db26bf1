//! Drawing generated boards of growing size (one player, its shortest paths as SVG): the picture
//! is linear in the tiles, which the per-tile times across sizes show. The solve is outside the
//! timed loop; render draws the solution it is handed.

use boardpath::board::Board;
use boardpath::generate::{GenerateOptions, generate};
use boardpath::render::{Request, svg};
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let method = Method::find("dp/step").expect("a catalogue method");
    for tiles in [1_000, 10_000, 100_000] {
        let text = generate(&GenerateOptions {
            tiles,
            players: 1,
            pieces: 4,
            faces: 6,
            seed: 1,
            vary_rules: false,
        });
        let board = Board::from_toml(&text, "generated").expect("generated boards are valid");
        let solution = solve(&board, 0, method, DEFAULT_BUDGET).expect("generated boards are won");
        let request = Request {
            players: vec![0],
            solutions: vec![solution],
            ..Request::default()
        };
        group.throughput(Throughput::Elements(tiles as u64));
        group.bench_with_input(BenchmarkId::new("svg", tiles), &request, |b, r| {
            b.iter(|| svg(&board, r).expect("it draws"))
        });
    }
    group.finish();
}

criterion_group!(benches, scaling);
criterion_main!(benches);
