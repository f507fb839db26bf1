//! The tournament's dedicated engine for random games (every seat on the random policy) against
//! the generic path (`legal_moves` + `apply` + the policy object, game by game): the same sums,
//! to the last bit, under every rule set, on every board, for 2 to 6 players.

use boardpath::board::Board;
use boardpath::game::distance::Distances;
use boardpath::game::policy::{Policy, random::Random};
use boardpath::game::tournament::{Sums, game_rng, play_game, tournament};
use boardpath::game::{Game, GameConfig, RuleSet, Rules};

/// Games per comparison: one tournament chunk, so both sides add in the same order.
const GAMES: u64 = 256;

fn generic(game: &Game, distances: &Distances, seed: u64) -> Sums {
    let policies: Vec<&dyn Policy> = vec![&Random; game.players()];
    let mut sums = Sums {
        seats: vec![Default::default(); game.players()],
        ..Sums::default()
    };
    for g in 0..GAMES {
        play_game(
            game,
            distances,
            &policies,
            &mut game_rng(seed, g),
            &mut sums,
        )
        .unwrap();
    }
    sums
}

#[test]
fn dedicated_random_engine_matches_the_generic_path() {
    let mut compared = 0;
    for name in ["maedn", "maedn-6", "maedn-official", "ludo", "parcheesi"] {
        let board = Board::load(name).unwrap();
        for set in RuleSet::NAMES {
            for players in 2..=board.players.len().min(6) {
                let mut config = GameConfig::new(players);
                config.rules = RuleSet::parse(set).unwrap().rules();
                let Ok(game) = Game::new(&board, &config) else {
                    continue;
                };
                let distances = Distances::new(&board, &game).unwrap();
                let policies: Vec<&dyn Policy> = vec![&Random; players];
                for seed in [1, 2] {
                    let fast =
                        tournament(&game, &distances, &policies, GAMES, seed, &|_| {}).unwrap();
                    assert_eq!(
                        fast,
                        generic(&game, &distances, seed),
                        "{name}, {set}, {players} players, seed {seed}"
                    );
                    assert!(fast.seats.iter().any(|s| s.captures_made > 0));
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 30, "only {compared} set-ups compared");
}

/// Turns some rule switches on or off.
type Switch = fn(&mut Rules);

#[test]
fn dedicated_random_engine_matches_with_the_rarer_switches() {
    // The presets never turn these on (or off); each changes a branch of the dedicated engine.
    let board = Board::load("maedn").unwrap();
    let switches: [(&str, Switch); 5] = [
        ("compulsory capture", |r| r.compulsory_capture = true),
        ("no jumps in the goal", |r| r.jump_in_goal = false),
        ("no clearing the start, no forced entry", |r| {
            r.clear_start = false;
            r.must_enter = false;
        }),
        ("enter on 5, no bonus roll", |r| {
            r.enter_on = Some(5);
            r.bonus_roll = false;
        }),
        ("all of them, safe tiles, three tries", |r| {
            r.compulsory_capture = true;
            r.jump_in_goal = false;
            r.clear_start = false;
            r.must_enter = false;
            r.safe_tiles = true;
            r.tries = 3;
        }),
    ];
    for (what, switch) in switches {
        for players in [2, 4] {
            let mut config = GameConfig::new(players);
            switch(&mut config.rules);
            let game = Game::new(&board, &config).unwrap();
            let distances = Distances::new(&board, &game).unwrap();
            let policies: Vec<&dyn Policy> = vec![&Random; players];
            let fast = tournament(&game, &distances, &policies, GAMES, 3, &|_| {}).unwrap();
            assert_eq!(
                fast,
                generic(&game, &distances, 3),
                "{what}, {players} players"
            );
            assert!(fast.seats.iter().any(|s| s.captures_made > 0), "{what}");
        }
    }
}
