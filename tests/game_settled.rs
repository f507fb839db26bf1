//! Settled moves (`ValueIterationOptions::settled_moves`): once every roll's best move of a
//! position is proven, later updates expand those moves alone. The bounds must be the same bit for
//! bit as with every move expanded, and a game's fast chosen expansion the same as its full one
//! with the other moves dropped.

use boardpath::board::Board;
use boardpath::game::exact::{
    ChanceGame, EngineGame, Expansion, Maedn2, MoveOutcome, MovePerRoll, ValueIterationOptions,
    solve,
};
use boardpath::game::{Game, GameConfig, Rules};

/// The outcomes of `moves[r]` of each roll of the full expansion: what `expand_chosen` must give.
fn picked(full: &Expansion, moves: &[usize]) -> Vec<MoveOutcome> {
    (0..full.ends.len())
        .map(|r| full.roll(r)[moves[r]])
        .collect()
}

/// Every combination of moves `expand_chosen` may be asked for at position `p` (up to `most`,
/// cycling each roll's move with a different stride), checked against the full expansion.
fn check_chosen(game: &impl ChanceGame, p: u64, most: usize) {
    let (mut full, mut chosen) = (Expansion::default(), Expansion::default());
    game.expand(p, &mut full);
    let rolls = full.ends.len();
    let counts: Vec<usize> = (0..rolls).map(|r| full.roll(r).len()).collect();
    let combinations: usize = counts.iter().product();
    for c in 0..combinations.min(most) {
        let moves: Vec<usize> = counts
            .iter()
            .enumerate()
            .map(|(r, &n)| (c * (2 * r + 1) + r) % n)
            .collect();
        let Some(m) = MovePerRoll::new(&moves) else {
            continue;
        };
        game.expand_chosen(p, m, &mut chosen);
        assert_eq!(
            chosen.outcomes,
            picked(&full, &moves),
            "position {p}, moves {moves:?}"
        );
        assert_eq!(chosen.ends, (1..=rolls).collect::<Vec<_>>(), "position {p}");
        assert_eq!(
            (chosen.pass, chosen.mean),
            (full.pass, full.mean),
            "position {p}"
        );
    }
}

/// The standard ranking's fast path (ranking the chosen successors alone) against its full
/// expansion: every position with 1 piece, every 101st with 2.
#[test]
fn the_chosen_expansion_is_the_full_one_with_the_other_moves_dropped() {
    let one = Maedn2::new(1);
    for p in 0..one.positions() {
        check_chosen(&one, p, 64);
    }
    let two = Maedn2::new(2);
    for p in (0..two.positions()).step_by(101) {
        check_chosen(&two, p, 16);
    }
}

/// A move a roll does not have is refused, not read as another roll's.
#[test]
#[should_panic(expected = "has no move")]
fn a_chosen_move_past_the_roll_s_moves_is_refused() {
    let game = Maedn2::new(1);
    // The start: every roll but a 6 is a pass, a single move.
    let start = game.rank(&game.start());
    let mut e = Expansion::default();
    game.expand_chosen(
        start,
        MovePerRoll::new(&[1, 0, 0, 0, 0, 0]).unwrap(),
        &mut e,
    );
}

fn options(settled_moves: bool) -> ValueIterationOptions<'static> {
    ValueIterationOptions {
        tolerance: 1e-10,
        settled_moves,
        ..ValueIterationOptions::default()
    }
}

/// With and without settled moves, every position's bounds are the same bit for bit, in the same
/// sweeps and updates; with them, most updates of the largest layer expand settled moves alone.
fn same_bounds_either_way(game: &impl ChanceGame) -> (u64, u64) {
    let with = solve(game, &options(true)).unwrap();
    let without = solve(game, &options(false)).unwrap();
    assert!(
        with.bounds.iter().eq(without.bounds.iter()),
        "bounds differ"
    );
    for (a, b) in with.layers.iter().zip(&without.layers) {
        assert_eq!((a.sweeps, a.updates), (b.sweeps, b.updates));
        assert_eq!(b.settled, 0);
        assert!(a.settled < a.updates);
    }
    let settled = with.layers.iter().map(|l| l.settled).sum();
    (settled, with.updates())
}

/// The standard ranking (its own fast path) with 2 pieces.
#[test]
fn settled_moves_leave_the_standard_bounds_bit_for_bit() {
    let (settled, updates) = same_bounds_either_way(&Maedn2::new(2));
    assert_eq!(updates, 15_972_372);
    assert!(
        settled * 2 > updates,
        "{settled} of {updates} updates from settled moves"
    );
}

/// The general game (the trait's default chosen expansion) on another board, 2 pieces.
#[test]
fn settled_moves_leave_a_general_game_s_bounds_bit_for_bit() {
    let path = format!("{}/tests/boards/ring16.toml", env!("CARGO_MANIFEST_DIR"));
    let board = Board::load(&path).unwrap();
    let config = GameConfig {
        pieces: Some(2),
        rules: Rules::openspiel(),
        ..GameConfig::new(2)
    };
    let game = EngineGame::new(&Game::new(&board, &config).unwrap()).unwrap();
    let (settled, updates) = same_bounds_either_way(&game);
    assert!(settled > 0 && settled < updates, "{settled} of {updates}");
}
