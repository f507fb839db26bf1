//! The game engine's speed: whole uniformly random games on the standard board under OpenSpiel's
//! rules (compare OpenSpiel's own, about 12,000 two-player games a second on one core).
//! `cargo bench --bench game`; throughput is in games a second on one thread.

use boardpath::board::Board;
use boardpath::game::{Game, GameConfig, State, random_playout};
use boardpath::random::SplitMix64;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    let board = Board::load("maedn").unwrap();
    let mut group = c.benchmark_group("game/random-playout");
    group.throughput(Throughput::Elements(1));
    for players in [2, 3, 4] {
        let game = Game::new(&board, &GameConfig::new(players)).unwrap();
        let mut rng = SplitMix64::new(7);
        group.bench_function(format!("maedn-{players}p"), |b| {
            b.iter(|| {
                let mut state = State::initial(&game);
                black_box(random_playout(&game, &mut state, &mut rng, 1_000_000))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
