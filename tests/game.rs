//! The game engine under OpenSpiel's rules on the standard board: hand-built positions with their
//! exact legal moves, captures, turn order, undo, and the errors of a bad set-up.

use boardpath::board::Board;
use boardpath::game::{
    self, Game, GameConfig, GameError, Move, RuleSet, Rules, Seating, State, WAITING, apply,
    legal_moves, random_playout, undo,
};
use boardpath::random::SplitMix64;

const W: u32 = WAITING;

fn maedn(players: usize, pieces: Option<usize>, seating: Seating) -> Game {
    let board = Board::load("maedn").unwrap();
    let config = GameConfig {
        pieces,
        seating,
        ..GameConfig::new(players)
    };
    Game::new(&board, &config).unwrap()
}

fn moves(game: &Game, state: &State, roll: u32) -> Vec<Move> {
    let mut out = Vec::new();
    legal_moves(game, state, roll, &mut out);
    out
}

fn froms(game: &Game, state: &State, roll: u32) -> Vec<(u32, u32, bool)> {
    moves(game, state, roll)
        .iter()
        .map(|m| (m.from, m.to, m.capture.is_some()))
        .collect()
}

#[test]
fn seats_geometry_and_opening() {
    let g = maedn(2, None, Seating::Spread);
    assert_eq!(g.seats(), &[0, 2]);
    assert_eq!((g.start(0), g.start(1)), (0, 20));
    assert_eq!((g.track_steps(1), g.goal_len(1), g.steps(1)), (40, 4, 44));
    assert_eq!(g.faces(), &[1, 2, 3, 4, 5, 6]);
    assert_eq!(maedn(2, None, Seating::Adjacent).seats(), &[0, 1]);
    assert_eq!(maedn(3, None, Seating::Spread).seats(), &[0, 1, 2]);
    assert_eq!(game::action::num_distinct_actions(&g), 45);

    let mut s = State::initial(&g);
    for roll in 1..=5 {
        assert!(moves(&g, &s, roll).is_empty(), "roll {roll}: pass");
    }
    // A pass hands the roll on; a 6 must enter, and rolls again.
    let mut t = s;
    apply(&g, &mut t, 3, None);
    assert_eq!(t.to_move(), 1);
    let m = moves(&g, &s, 6);
    assert_eq!(m.len(), 1);
    assert!(m[0].enters() && m[0].capture.is_none());
    apply(&g, &mut s, 6, Some(&m[0]));
    assert_eq!((s.to_move(), s.pieces_of(0)), (0, &[0, W, W, W][..]));
    // The start tile must be cleared: only the piece on it may move, even on a 6.
    assert_eq!(froms(&g, &s, 6), vec![(0, 6, false)]);
    assert_eq!(froms(&g, &s, 2), vec![(0, 2, false)]);
}

#[test]
fn start_tile_blocked_by_own_piece_frees_the_other_pieces() {
    let g = maedn(2, None, Seating::Spread);
    // Black on 0 and 4, a roll of 4 cannot clear the start: every other move is free.
    let s = State::from_steps(&g, &[0, 4, 10, W, W, W, W, W], 0).unwrap();
    assert_eq!(froms(&g, &s, 4), vec![(4, 8, false), (10, 14, false)]);
    // A 6 with the start tile blocked and its piece unable to clear: no entering either.
    let s = State::from_steps(&g, &[0, 6, W, W, W, W, W, W], 0).unwrap();
    assert_eq!(froms(&g, &s, 6), vec![(6, 12, false)]);
    // Nobody waiting: the start piece is free to stay.
    let s = State::from_steps(&g, &[0, 5, 41, 42, W, W, W, W], 0).unwrap();
    assert_eq!(
        froms(&g, &s, 1),
        vec![(0, 1, false), (5, 6, false), (42, 43, false)]
    );
}

#[test]
fn captures_send_pieces_back_and_undo_restores_them() {
    let g = maedn(2, None, Seating::Spread);
    // White (seat 2, start tile 20) has a piece on its step 5 = tile 25 = black's step 25.
    let s0 = State::from_steps(&g, &[22, W, W, W, 5, W, W, W], 0).unwrap();
    let m = moves(&g, &s0, 3);
    assert_eq!(m.len(), 1);
    let c = m[0].capture.unwrap();
    assert_eq!((c.player, c.piece, c.step, c.tile), (1, 0, 5, 25));
    let mut s = s0;
    let u = apply(&g, &mut s, 3, Some(&m[0]));
    assert_eq!(s.steps(), &[25, W, W, W, W, W, W, W]);
    assert_eq!(s.to_move(), 1);
    undo(&mut s, &u);
    assert_eq!(s, s0);
    // Entering onto an opponent's piece on the start tile captures it: white's step 20 is tile 0.
    let s = State::from_steps(&g, &[W, W, W, W, 20, W, W, W], 0).unwrap();
    let m = moves(&g, &s, 6);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].capture.map(|c| (c.player, c.tile)), Some((1, 0)));
}

#[test]
fn goal_moves_jump_but_never_pass_the_last_tile() {
    let g = maedn(2, None, Seating::Spread);
    let s = State::from_steps(&g, &[38, 41, 43, 30, W, W, W, W], 0).unwrap();
    // 38 + 4 = 42 jumps over 41; 41 + 1 = 42; 43 cannot move; 30 + 4 = 34.
    assert_eq!(
        froms(&g, &s, 1),
        vec![(30, 31, false), (38, 39, false), (41, 42, false)]
    );
    assert_eq!(froms(&g, &s, 4), vec![(30, 34, false), (38, 42, false)]);
    assert_eq!(froms(&g, &s, 5), vec![(30, 35, false)]);
    // Without jumps in the goal, 38 + 4 would pass over 41.
    let mut rules = Rules::openspiel();
    rules.jump_in_goal = false;
    let board = Board::load("maedn").unwrap();
    let config = GameConfig {
        rules,
        ..GameConfig::new(2)
    };
    let h = Game::new(&board, &config).unwrap();
    let s = State::from_steps(&h, &[38, 41, 43, 30, W, W, W, W], 0).unwrap();
    assert_eq!(froms(&h, &s, 4), vec![(30, 34, false)]);
}

#[test]
fn a_win_ends_the_game_with_openspiel_returns() {
    let g = maedn(3, Some(2), Seating::Spread);
    let mut s = State::from_steps(&g, &[43, 38, W, W, 3, W], 0).unwrap();
    assert_eq!(s.winner(&g), None);
    assert_eq!(game::returns(&g, &s), vec![0.0; 3]);
    let m = moves(&g, &s, 4);
    assert_eq!(m.len(), 1);
    apply(&g, &mut s, 4, Some(&m[0]));
    assert_eq!(s.winner(&g), Some(0));
    assert_eq!(game::returns(&g, &s), vec![2.0, -1.0, -1.0]);
}

#[test]
fn actions_follow_openspiel_ids() {
    let g = maedn(2, None, Seating::Spread);
    let s = State::from_steps(&g, &[0, 6, W, W, W, W, W, W], 0).unwrap();
    assert_eq!(game::legal_actions(&g, &s, 6), vec![8]);
    assert_eq!(game::legal_actions(&g, &State::initial(&g), 6), vec![1]);
    assert_eq!(game::legal_actions(&g, &State::initial(&g), 5), vec![0]);
    let err = game::move_for_action(&g, &s, 6, 2).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move: action 2 is not legal for player 0 after rolling 6 (legal: 8)"
    );
    assert_eq!(game::chance_outcomes(&g).len(), 6);
}

#[test]
fn random_games_end_and_undo_walks_back_to_the_start() {
    for players in 2..=4 {
        let g = maedn(players, None, Seating::Spread);
        let mut rng = SplitMix64::new(players as u64);
        for _ in 0..200 {
            let mut s = State::initial(&g);
            let out = random_playout(&g, &mut s, &mut rng, 100_000);
            let w = out.winner.expect("a random game ends");
            assert!(s.has_won(&g, w));
            assert_eq!(s.winner(&g), Some(w));
        }
        // Apply and undo along one game.
        let mut s = State::initial(&g);
        let mut trail = Vec::new();
        let mut buf = Vec::new();
        while s.winner(&g).is_none() {
            let roll = (rng.range(1, 6)) as u32;
            legal_moves(&g, &s, roll, &mut buf);
            let mv = (!buf.is_empty()).then(|| buf[rng.range(0, buf.len() as u64 - 1) as usize]);
            let before = s;
            trail.push((before, apply(&g, &mut s, roll, mv.as_ref())));
        }
        while let Some((before, u)) = trail.pop() {
            undo(&mut s, &u);
            assert_eq!(s, before);
        }
        assert_eq!(s, State::initial(&g));
    }
}

#[test]
fn bad_setups_are_refused_with_clear_messages() {
    let board = Board::load("maedn").unwrap();
    // docs/game.md's table of messages shows each of them as the engine writes it.
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/game.md")).unwrap();
    let err = |config: GameConfig| {
        let message = Game::new(&board, &config).unwrap_err().to_string();
        assert!(
            guide.contains(&format!("| `{message}` |")) || message.starts_with('0'),
            "docs/game.md's table of messages lacks `{message}`"
        );
        message
    };
    assert_eq!(
        err(GameConfig::new(1)),
        "1 player: a game needs at least 2 (valid: 2 to 4)"
    );
    assert_eq!(
        err(GameConfig::new(5)),
        "5 players, but the board has only 4 (valid: 2 to 4)"
    );
    assert_eq!(
        err(GameConfig::new(7)),
        "7 players: the engine plays at most 6 (valid: 2 to 4)"
    );
    for k in [0, 5] {
        assert_eq!(
            err(GameConfig {
                pieces: Some(k),
                ..GameConfig::new(2)
            }),
            format!(
                "{k} pieces per player: valid is 1 to 4 (the fewest waiting tiles of a seated player)"
            )
        );
    }
    assert_eq!(
        err(GameConfig {
            seating: Seating::Seats(vec![1, 1]),
            ..GameConfig::new(2)
        }),
        "seats: board player 1 is seated twice"
    );
    assert_eq!(
        RuleSet::parse("chess").unwrap_err().to_string(),
        "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)"
    );
    let g = maedn(2, None, Seating::Spread);
    let bad = |steps: &[u32], to_move| State::from_steps(&g, steps, to_move).unwrap_err();
    assert_eq!(
        bad(&[0, W, W, W, 20, W, W, W], 0),
        GameError::State(
            "players 0 and 1 both have a piece on track tile 0, which is not safe".into()
        )
    );
    assert_eq!(
        bad(&[44, W, W, W, W, W, W, W], 0).to_string(),
        "state: player 0 piece 0 at step 44, but its steps are 0 to 43 (or waiting)"
    );
    assert_eq!(
        bad(&[3, 3, W, W, W, W, W, W], 0).to_string(),
        "state: player 0 has two pieces on step 3"
    );
    assert_eq!(
        bad(&[W; 8], 2).to_string(),
        "state: player 2 to move, but the players are 0 to 1"
    );
    assert_eq!(
        bad(&[W; 7], 0).to_string(),
        "state: 7 steps given, 2 players x 4 pieces need 8"
    );
}

/// A two-player board of 8 tiles; `safe` is spliced into its `[track]` table.
fn tiny(safe: &str) -> String {
    format!(
        r#"[board]
name = "tiny"

[track]
tiles = [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [2, 1], [1, 1], [0, 1]]
{safe}

[[players]]
name = "a"
start = 0
base = [[0, 5]]
goal = [[0, 3]]

[[players]]
name = "b"
start = 4
base = [[3, 5]]
goal = [[3, 3]]
"#
    )
}

#[test]
fn safe_tiles_are_read_and_bad_ones_refused_at_their_place() {
    let board = Board::from_toml(&tiny("safe = [4, 1]"), "t.toml").unwrap();
    assert_eq!(board.safe, vec![1, 4]);
    let err = |safe: &str| {
        Board::from_toml(&tiny(safe), "t.toml")
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("safe = [1, 8]"),
        "t.toml:6:12: track.safe: 8 is out of range; it indexes track.tiles, so it must be 0 to 7"
    );
    assert_eq!(
        err("safe = [-1]"),
        "t.toml:6:9: track.safe: -1 is out of range; it indexes track.tiles, so it must be 0 to 7"
    );
    assert_eq!(
        err("safe = [2, 2]"),
        "t.toml:6:12: track.safe: tile 2 is listed twice; list each safe tile once"
    );
    assert!(
        err("safe = [\"x\"]").starts_with("t.toml:6:9: "),
        "{}",
        err("safe = [\"x\"]")
    );
    assert!(
        err("safe = 3").starts_with("t.toml:6:8: "),
        "{}",
        err("safe = 3")
    );
}

#[test]
fn ludo_rules_protect_safe_tiles_and_let_players_share_them() {
    let board = Board::from_toml(&tiny("safe = [4]"), "t.toml").unwrap();
    let game = |rules: Rules| {
        let config = GameConfig {
            rules,
            ..GameConfig::new(2)
        };
        Game::new(&board, &config).unwrap()
    };
    let ludo = game(Rules::ludo());
    // b's piece waits on its start tile 4 (safe); a on step 1 rolls 3 and lands beside it.
    let s = State::from_steps(&ludo, &[1, 0], 0).unwrap();
    assert_eq!(froms(&ludo, &s, 3), vec![(1, 4, false)]);
    let mut t = s;
    apply(&ludo, &mut t, 3, Some(&moves(&ludo, &s, 3)[0]));
    assert_eq!(t.steps(), &[4, 0]);
    // Under OpenSpiel's rules the same tile is not safe: the move captures.
    let os = game(Rules::openspiel());
    let s = State::from_steps(&os, &[1, 0], 0).unwrap();
    assert_eq!(froms(&os, &s, 3), vec![(1, 4, true)]);
    assert_eq!(
        State::from_steps(&os, &[4, 0], 0).unwrap_err().to_string(),
        "state: players 0 and 1 both have a piece on track tile 4, which is not safe"
    );
}

fn with_rules(board: &str, players: usize, rules: Rules) -> Game {
    let board = Board::load(board).unwrap();
    let config = GameConfig {
        rules,
        ..GameConfig::new(players)
    };
    Game::new(&board, &config).unwrap()
}

#[test]
fn schmidt_starts_one_piece_out_and_gives_three_tries() {
    let g = with_rules("maedn", 2, Rules::schmidt());
    assert_eq!(State::initial(&g).steps(), &[0, W, W, W, 0, W, W, W]);
    assert_eq!(g.rules.describe(), "schmidt");
    // Nothing on the track: three rolls to find a 6, then the turn passes.
    let mut s = State::from_steps(&g, &[W, W, W, 42, 0, W, W, W], 0).unwrap();
    for tries in 1..=2 {
        assert!(moves(&g, &s, 2).is_empty());
        apply(&g, &mut s, 2, None);
        assert_eq!((s.to_move(), s.tries()), (0, tries));
    }
    apply(&g, &mut s, 2, None);
    assert_eq!((s.to_move(), s.tries()), (1, 0));
    // A piece on the track: one roll only, even when it cannot move.
    let mut s = State::from_steps(&g, &[38, W, W, 43, 0, W, W, W], 0).unwrap();
    assert!(moves(&g, &s, 6).len() == 1 && moves(&g, &s, 5).is_empty());
    apply(&g, &mut s, 5, None);
    assert_eq!(s.to_move(), 1);
    // OpenSpiel's rules: one roll.
    let o = maedn(2, None, Seating::Spread);
    let mut s = State::from_steps(&o, &[W, W, W, 42, 0, W, W, W], 0).unwrap();
    apply(&o, &mut s, 2, None);
    assert_eq!((s.to_move(), s.tries()), (1, 0));
}

#[test]
fn compulsory_capture_leaves_only_capturing_moves() {
    let mut rules = Rules::openspiel();
    rules.compulsory_capture = true;
    assert_eq!(rules.describe(), "openspiel,compulsory-capture=true");
    let g = with_rules("maedn", 2, rules);
    // Black on 10 and 20; white's step 3 is tile 23, black's step 23.
    let s = State::from_steps(&g, &[10, 20, W, W, 3, W, W, W], 0).unwrap();
    assert_eq!(froms(&g, &s, 3), vec![(20, 23, true)]);
    let o = maedn(2, None, Seating::Spread);
    let s = State::from_steps(&o, &[10, 20, W, W, 3, W, W, W], 0).unwrap();
    assert_eq!(froms(&o, &s, 3), vec![(10, 13, false), (20, 23, true)]);
}

#[test]
fn ludo_enters_freely_and_a_third_six_ends_the_turn() {
    let g = with_rules("ludo", 2, Rules::ludo());
    assert_eq!(
        (g.track_steps(0), g.goal_len(0), g.seats()),
        (51, 6, &[0, 2][..])
    );
    // A 6 may enter or move; the start tile need not be cleared.
    let s = State::from_steps(&g, &[0, 7, W, W, W, W, W, W], 0).unwrap();
    assert_eq!(froms(&g, &s, 6), vec![(0, 6, false), (7, 13, false)]);
    let s = State::from_steps(&g, &[3, 7, W, W, W, W, W, W], 0).unwrap();
    assert_eq!(
        froms(&g, &s, 6),
        vec![(W, 0, false), (3, 9, false), (7, 13, false)]
    );
    // Two 6s in a row, then a third: no move, and the turn passes.
    let mut t = s;
    apply(&g, &mut t, 6, Some(&moves(&g, &s, 6)[1]));
    assert_eq!((t.to_move(), t.streak()), (0, 1));
    let u = t;
    apply(&g, &mut t, 6, Some(&moves(&g, &u, 6)[1]));
    assert_eq!((t.to_move(), t.streak()), (0, 2));
    assert!(moves(&g, &t, 6).is_empty());
    assert_eq!(moves(&g, &t, 5).len(), 2);
    apply(&g, &mut t, 6, None);
    assert_eq!((t.to_move(), t.streak()), (1, 0));
    // OpenSpiel's rules never count the streak: equal positions stay equal.
    let o = maedn(2, None, Seating::Spread);
    let mut s = State::from_steps(&o, &[3, 7, W, W, W, W, W, W], 0).unwrap();
    let m = moves(&o, &s, 6)[0];
    apply(&o, &mut s, 6, Some(&m));
    assert_eq!((s.to_move(), s.streak()), (0, 0));
}

#[test]
fn every_embedded_board_plays_under_every_rule_set() {
    for (board, most) in [
        ("maedn", 4),
        ("maedn-official", 4),
        ("maedn-6", 6),
        ("ludo", 4),
        ("parcheesi", 4),
    ] {
        for set in [RuleSet::Openspiel, RuleSet::Schmidt, RuleSet::Ludo] {
            for players in 2..=most {
                let g = with_rules(board, players, set.rules());
                let mut rng = SplitMix64::new(players as u64);
                let mut buf = Vec::new();
                for _ in 0..20 {
                    let start = State::initial(&g);
                    let mut s = start;
                    let mut trail = Vec::new();
                    while s.winner(&g).is_none() {
                        assert!(trail.len() < 1_000_000, "{board} {set:?} {players}: no end");
                        let roll = g.faces()[rng.range(0, g.faces().len() as u64 - 1) as usize];
                        legal_moves(&g, &s, roll, &mut buf);
                        let mv = (!buf.is_empty())
                            .then(|| buf[rng.range(0, buf.len() as u64 - 1) as usize]);
                        // Every successor is a valid position.
                        let before = s;
                        trail.push((before, apply(&g, &mut s, roll, mv.as_ref())));
                        let t = State::from_steps(&g, s.steps(), s.to_move());
                        assert!(t.is_ok(), "{board} {set:?}: {t:?}");
                    }
                    while let Some((before, u)) = trail.pop() {
                        undo(&mut s, &u);
                        assert_eq!(s, before);
                    }
                    assert_eq!(s, start);
                }
            }
        }
    }
}

#[test]
fn more_hostile_setups() {
    let board = Board::from_toml(&tiny(""), "t.toml").unwrap();
    let err = |config: GameConfig| Game::new(&board, &config).unwrap_err().to_string();
    assert_eq!(
        err(GameConfig {
            seating: Seating::Seats(vec![0, 2]),
            ..GameConfig::new(2)
        }),
        "seats: board player 2 does not exist (valid: 0 to 1)"
    );
    assert_eq!(
        err(GameConfig {
            seating: Seating::Seats(vec![0]),
            ..GameConfig::new(2)
        }),
        "seats: 1 seats listed for 2 players"
    );
    let mut rules = Rules::openspiel();
    rules.enter_on = Some(7);
    assert_eq!(
        err(GameConfig {
            rules,
            ..GameConfig::new(2)
        }),
        "board: the entry roll 7 (rule enter-on=7) is not a face of the die [1, 2, 3, 4, 5, 6]; valid: one of its faces, or enter-on=highest"
    );
    // Seventeen pieces each: 34 in all.
    let base: Vec<String> = (0..17).map(|i| format!("[{i}, 9]")).collect();
    let many = tiny("").replace("base = [[0, 5]]", &format!("base = [{}]", base.join(", ")));
    let many = many.replace("base = [[3, 5]]", &format!("base = [{}]", base.join(", ")));
    let stack = |text: String| text.replace("[track]", "[rules]\ngoal_mode = \"stack\"\n\n[track]");
    let many = Board::from_toml(&stack(many), "m.toml").unwrap();
    assert_eq!(
        Game::new(&many, &GameConfig::new(2))
            .unwrap_err()
            .to_string(),
        "34 pieces in all: a game state holds at most 32; use fewer players or --pieces"
    );
    let g = Game::new(
        &many,
        &GameConfig {
            pieces: Some(16),
            ..GameConfig::new(2)
        },
    )
    .unwrap();
    assert_eq!(g.pieces(), 16);
    // Uneven bases need --pieces.
    let uneven = tiny("").replace("base = [[0, 5]]", "base = [[0, 5], [1, 5]]");
    let uneven = Board::from_toml(&stack(uneven), "u.toml").unwrap();
    assert_eq!(
        Game::new(&uneven, &GameConfig::new(2))
            .unwrap_err()
            .to_string(),
        "board: the seated players have different numbers of pieces ([2, 1]); choose one with --pieces (1 to 1)"
    );
}
