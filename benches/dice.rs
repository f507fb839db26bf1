//! Real dice on the standard board: the exact solve, and the simulator's throughput in games per
//! second (criterion reports elements per second), on one core and on all of them.

use boardpath::board::Board;
use boardpath::dice::exact::solve;
use boardpath::dice::{DiceObjective, DicePolicy, DiceRules, Model, simulate};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Games per timed simulation.
const GAMES: u64 = 100_000;

fn dice(c: &mut Criterion) {
    let board = Board::load("maedn").unwrap();
    let policy = DicePolicy::Optimal(DiceObjective::Turns);
    let model = Model::new(&board, 0, &DiceRules::default()).unwrap();
    let mut g = c.benchmark_group("dice, standard board");
    g.sample_size(10);
    g.bench_function("exact solve (optimal for turns, with transitions)", |b| {
        b.iter(|| solve(black_box(&model), policy, true).unwrap().turns.len())
    });
    let exact = solve(&model, policy, false).unwrap();
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("simulate, all cores (games)", |b| {
        b.iter(|| {
            simulate(&model, &exact, policy, GAMES, 1)
                .unwrap()
                .turns
                .mean
        })
    });
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    g.bench_function("simulate, one core (games)", |b| {
        b.iter(|| {
            one.install(|| {
                simulate(&model, &exact, policy, GAMES, 1)
                    .unwrap()
                    .turns
                    .mean
            })
        })
    });
    g.finish();
}

criterion_group!(benches, dice);
criterion_main!(benches);
