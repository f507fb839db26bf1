//! The exact solver's expansion, the part of an update that decodes a position and ranks its
//! successors: `Maedn2::unrank` and `ChanceGame::expand` over positions spread evenly across the
//! 3-piece game's largest layer group (no piece home, 91,289,461 positions), the group that takes
//! most of a solve. `cargo bench --bench exact`; throughput is in positions a second on one
//! thread. An update of the solve costs these plus reading the successors' bounds and the bounds
//! arithmetic (`docs/game-solve.md`, "Speed: what was measured and tried").

use boardpath::game::exact::{ChanceGame, Expansion, Maedn2};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Positions in a sample: spread over the group, so that the tables a rank touches are not all
/// in cache as they would be for neighbouring ranks.
const SAMPLE: u64 = 4096;

fn expansion(c: &mut Criterion) {
    let game = Maedn2::new(3);
    let layers = game.layers();
    let largest = layers
        .iter()
        .max_by_key(|l| l.end - l.start)
        .expect("a game has layers");
    let stride = (largest.end - largest.start) / SAMPLE;
    let ranks: Vec<u64> = (0..SAMPLE).map(|i| largest.start + i * stride).collect();
    let mut group = c.benchmark_group("exact/maedn2-3-pieces-largest-group");
    group.throughput(Throughput::Elements(SAMPLE));
    group.bench_function("unrank", |b| {
        b.iter(|| {
            for &r in &ranks {
                black_box(game.unrank(black_box(r)));
            }
        })
    });
    let mut e = Expansion::default();
    group.bench_function("expand", |b| {
        b.iter(|| {
            for &r in &ranks {
                game.expand(black_box(r), &mut e);
                black_box(e.outcomes.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, expansion);
criterion_main!(benches);
