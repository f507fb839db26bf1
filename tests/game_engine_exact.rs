//! The exact game on any board and under any rules ([`EngineGame`]: moves from the engine) and
//! the exact worth of strategies ([`Strategies`]): against the specialised standard-board
//! ranking ([`Maedn2`]), hand-derived tiny games and simulated tournaments.

use boardpath::board::Board;
use boardpath::game::exact::{
    Cached, ChanceGame, Choice, EngineGame, Expansion, FixedGame, Maedn2, MoveOutcome, UNIFORM,
    ValueIterationOptions, solve,
};
use boardpath::game::policy::Policy;
use boardpath::game::strategy::{Strategies, Strategy};
use boardpath::game::tournament::{tournament, wilson};
use boardpath::game::{Game, GameConfig, Rules, Seating, State, distance::Distances};
use std::ops::Range;

fn board(name: &str) -> Board {
    let path = format!("{}/tests/boards/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    Board::load(if std::path::Path::new(&path).exists() {
        &path
    } else {
        name
    })
    .unwrap()
}

fn game_on(b: &Board, pieces: usize, rules: Rules, seating: Seating) -> Game {
    let config = GameConfig {
        pieces: Some(pieces),
        rules,
        seating,
        ..GameConfig::new(2)
    };
    Game::new(b, &config).unwrap()
}

fn game(name: &str, pieces: usize, rules: Rules) -> Game {
    game_on(&board(name), pieces, rules, Seating::Spread)
}

/// Seat 0's win probability under optimal play, certified by the residual.
fn value(g: &EngineGame) -> f64 {
    let s = solve(&Cached::new(g.clone()), &ValueIterationOptions::default()).unwrap();
    assert!(s.residual() < 1e-12, "residual {}", s.residual());
    s.value(g.rank(&g.start()))
}

/// Seat 0's wins in `games` simulated games of `policies`, inside the 95% interval of `p`.
fn simulated(b: &Board, g: &Game, policies: [&dyn Policy; 2], games: u64, p: f64) {
    let distances = Distances::new(b, g).unwrap();
    let sums = tournament(g, &distances, &policies, games, 5, &|_| {}).unwrap();
    assert_eq!(sums.unfinished, 0);
    let (low, high) = wilson(sums.seats[0].wins, games);
    assert!(
        (low..=high).contains(&p),
        "exact {p:.6}, simulated [{low:.6}, {high:.6}] ({} of {games})",
        sums.seats[0].wins
    );
}

#[test]
fn the_standard_board_equals_the_specialised_ranking_position_for_position() {
    for k in 1..=2 {
        let g = EngineGame::new(&game("maedn", k, Rules::openspiel())).unwrap();
        assert!(!g.is_seat_aware());
        let fast = Maedn2::new(k);
        let s = solve(&Cached::new(g.clone()), &ValueIterationOptions::default()).unwrap();
        let f = solve(&fast, &ValueIterationOptions::default()).unwrap();
        // Every position of the specialised table, ranked by the general one.
        let engine = g.game();
        for r in 0..fast.positions() {
            let p = fast.unrank(r);
            let steps = |side: &boardpath::game::exact::Side| -> Vec<u32> {
                let mut v: Vec<u32> = (0..40u32).filter(|t| side.track >> t & 1 == 1).collect();
                v.extend(
                    (0..4u32)
                        .filter(|t| side.goal >> t & 1 == 1)
                        .map(|t| 40 + t),
                );
                v.resize(k, boardpath::game::WAITING);
                v
            };
            let mut all = steps(&p.mover);
            all.extend(steps(&p.opponent));
            let state = State::from_steps(engine, &all, 0).unwrap();
            let v = s.value(g.rank(&state));
            assert!((v - f.value(r)).abs() < 1e-12, "{k} pieces, rank {r}");
        }
        let v = s.value(g.rank(&g.start()));
        let expected = [0.523_984_914, 0.512_198_970][k - 1];
        assert!((v - expected).abs() < 1e-9, "{v}");
    }
}

#[test]
fn ranking_is_a_bijection_onto_the_valid_positions() {
    for (name, rules, seating) in [
        ("maedn", Rules::openspiel(), Seating::Spread),
        ("maedn", Rules::schmidt(), Seating::Adjacent),
        ("ludo", Rules::ludo(), Seating::Spread),
    ] {
        let g = EngineGame::new(&game_on(&board(name), 2, rules, seating)).unwrap();
        let mut valid = 0;
        for r in 0..g.positions() {
            let s = g.unrank(r);
            assert_eq!(g.rank(&s), r, "{name}");
            valid += u64::from(g.is_valid(&s));
        }
        assert!(valid > g.positions() * 8 / 10, "{name}: {valid}");
    }
}

/// The engine marks a pass where a roll leaves nothing to move, and the cached table keeps the
/// marks (the solver pairs a position with the one its pass leads to by them). Under OpenSpiel's
/// rules with 1 piece the engine marks the 325 passes counted by hand for the specialised ranking
/// (`tests/game_exact.rs`); under Schmidt's, a pass may use a try and keep the mover.
#[test]
fn passes_are_marked_by_the_engine_and_kept_by_the_cache() {
    for (rules, passes) in [(Rules::openspiel(), Some(325)), (Rules::schmidt(), None)] {
        let g = EngineGame::new(&game("maedn", 1, rules)).unwrap();
        let cached = Cached::new(g.clone());
        let (mut own, mut kept) = (Expansion::default(), Expansion::default());
        let mut marked = 0;
        for r in 0..g.positions() {
            g.expand(r, &mut own);
            cached.expand(r, &mut kept);
            assert_eq!((&own.outcomes, &own.ends), (&kept.outcomes, &kept.ends));
            assert_eq!(own.pass, kept.pass, "position {r}");
            marked += own.pass.count_ones();
        }
        assert!(marked > 0);
        if let Some(passes) = passes {
            assert_eq!(marked, passes);
        }
    }
}

#[test]
fn adjacent_seats_need_a_table_per_mover_and_agree_with_a_simulation() {
    let b = board("maedn");
    let g = game_on(&b, 1, Rules::openspiel(), Seating::Adjacent);
    let e = EngineGame::new(&g).unwrap();
    assert!(e.is_seat_aware(), "starts 10 apart are not symmetric");
    let s = Strategies::new(&g).unwrap();
    let v = s.value().unwrap().first_player_wins;
    assert!((value(&e) - v).abs() < 1e-12);
    // One piece: every move is forced, so random play is the game.
    let random = boardpath::game::policy::random::Random;
    simulated(&b, &g, [&random, &random], 200_000, v);
}

#[test]
fn every_rule_switch_is_solved_and_agrees_with_a_simulation() {
    let b = board("ring16");
    let base = Rules::openspiel();
    let mut flipped = Vec::new();
    let mut r = base.clone();
    r.bonus_roll = false;
    flipped.push(r);
    let mut r = base.clone();
    r.clear_start = false;
    flipped.push(r);
    let mut r = base.clone();
    r.must_enter = false;
    flipped.push(r);
    let mut r = base.clone();
    r.tries = 3;
    flipped.push(r);
    let mut r = base.clone();
    r.compulsory_capture = true;
    flipped.push(r);
    let mut r = base.clone();
    r.jump_in_goal = false;
    flipped.push(r);
    let mut r = base.clone();
    r.first_piece_out = true;
    flipped.push(r);
    let mut r = base.clone();
    r.three_bonus_forfeit = true;
    flipped.push(r);
    flipped.push(Rules::ludo());
    let open = Strategies::new(&game_on(&b, 2, base, Seating::Spread)).unwrap();
    let open_random = open
        .pair(&Strategy::Random, &Strategy::Random)
        .unwrap()
        .first_player_wins;
    let random = boardpath::game::policy::random::Random;
    for rules in flipped {
        let g = game_on(&b, 2, rules.clone(), Seating::Spread);
        let s = Strategies::new(&g).unwrap();
        let w = s.pair(&Strategy::Random, &Strategy::Random).unwrap();
        assert!(w.residual < 1e-12, "{}", rules.describe());
        // A switch that reached the solver changes random play's value, except clearing the
        // start tile: with two pieces, one on the start tile and one waiting, the start piece is
        // the only one that can move under either setting.
        let changed = (w.first_player_wins - open_random).abs() > 1e-6;
        let only_clear_start = rules.describe() == "openspiel,clear-start=false";
        assert_eq!(changed, !only_clear_start, "{}", rules.describe());
        simulated(&b, &g, [&random, &random], 200_000, w.first_player_wins);
    }
}

#[test]
fn a_board_of_ones_own_is_solved_and_simulated() {
    let b = board("ring32");
    let g = game_on(&b, 2, Rules::openspiel(), Seating::Spread);
    let e = EngineGame::new(&g).unwrap();
    assert!(!e.is_seat_aware());
    let v = value(&e);
    assert!(v > 0.5 && v < 0.6, "{v}");
    let s = Strategies::new(&g).unwrap();
    assert!((s.value().unwrap().first_player_wins - v).abs() < 1e-12);
    let w = s.pair(&Strategy::Random, &Strategy::Random).unwrap();
    let random = boardpath::game::policy::random::Random;
    simulated(&b, &g, [&random, &random], 1_000_000, w.first_player_wins);
}

#[test]
fn strategies_on_two_pieces() {
    let b = board("maedn");
    let g = game_on(&b, 2, Rules::openspiel(), Seating::Spread);
    let s = Strategies::new(&g).unwrap();
    let value = s.value().unwrap().first_player_wins;
    assert!((value - 0.512_198_970).abs() < 1e-9);
    // The optimal policy played as a fixed policy keeps the value and gives nothing away.
    let opt = s.pair(&Strategy::Optimal, &Strategy::Optimal).unwrap();
    assert!((opt.first_player_wins - value).abs() < 1e-9);
    let e = s.exploitability(&Strategy::Optimal).unwrap();
    assert!(e.loss_as_first().abs() < 1e-9 && e.loss_as_second().abs() < 1e-9);
    // Random against random: inside a million simulated games.
    let rr = s
        .pair(&Strategy::Random, &Strategy::Random)
        .unwrap()
        .first_player_wins;
    let random = boardpath::game::policy::random::Random;
    simulated(&b, &g, [&random, &random], 1_000_000, rr);
}

#[test]
fn best_responses_and_fixed_policies_on_a_small_board() {
    let b = board("ring16");
    let g = game_on(&b, 2, Rules::openspiel(), Seating::Spread);
    let s = Strategies::new(&g).unwrap();
    let value = s.value().unwrap().first_player_wins;
    // A best response is worth at least every fixed policy against the same opponent, and the
    // optimal policy's worth against a fixed opponent at most the best response's.
    let names = [
        "random",
        "front",
        "rear",
        "aggressive",
        "defensive",
        "solitaire",
        "optimal",
    ];
    for opponent in ["front", "random", "aggressive"] {
        let o = Strategy::by_name(opponent, &b, &g, 1).unwrap();
        let best = s
            .pair(&Strategy::BestResponse, &o)
            .unwrap()
            .first_player_wins;
        assert!(
            best >= value - 1e-12,
            "{opponent}: a fixed opponent gives at least the value"
        );
        for n in names {
            let p = Strategy::by_name(n, &b, &g, 0).unwrap();
            let w = s.pair(&p, &o).unwrap().first_player_wins;
            assert!(
                best >= w - 1e-12,
                "{n} against {opponent}: {w} > best response {best}"
            );
        }
    }
    // Exploitability: optimal gives nothing away, front something.
    let e = s.exploitability(&Strategy::Optimal).unwrap();
    assert!(e.loss_as_first().abs() < 1e-9 && e.loss_as_second().abs() < 1e-9);
    let front = Strategy::by_name("front", &b, &g, 0).unwrap();
    assert!(s.exploitability(&front).unwrap().mean_loss() > 1e-3);
    // A fixed policy's exact worth agrees with its simulated games.
    let front0 = boardpath::game::policy::front::Front;
    let random = boardpath::game::policy::random::Random;
    let w = s
        .pair(&Strategy::Policy(Box::new(front0)), &Strategy::Random)
        .unwrap()
        .first_player_wins;
    simulated(&b, &g, [&front0, &random], 400_000, w);
}

/// A table game for fixed policies: one position per entry, outcomes per roll.
struct Table {
    probabilities: Vec<f64>,
    moves: Vec<Vec<Vec<MoveOutcome>>>,
}

impl ChanceGame for Table {
    fn positions(&self) -> u64 {
        self.moves.len() as u64
    }
    fn roll_probabilities(&self) -> &[f64] {
        &self.probabilities
    }
    fn layers(&self) -> Vec<Range<u64>> {
        std::iter::once(0..self.moves.len() as u64).collect()
    }
    fn expand(&self, position: u64, out: &mut Expansion) {
        out.clear();
        for roll in &self.moves[position as usize] {
            out.outcomes.extend_from_slice(roll);
            out.end_roll();
        }
    }
}

/// One roll (a coin's head or tail), two moves each: a win now, or hand the turn over.
/// Position 0 is seat 0's, 1 seat 1's. Heads: win (move 0) or pass (move 1); tails: pass only.
/// Seat 0 random (wins on heads with 1/2): v0 = 1/2 (1/2 + 1/2 (1 - v1)) + 1/2 (1 - v1).
/// Seat 1 always wins on heads: v1 = 1/2 + 1/2 (1 - v0). So v0 = 1/4 + 3/4 (1 - v1) =
/// 1 - 3/4 v1 and v1 = 1 - 1/2 v0: v0 = 1/4 + 3/8 v0, v0 = 2/5.
#[test]
fn fixed_choices_match_the_hand_derivation() {
    let t = Table {
        probabilities: vec![0.5, 0.5],
        moves: vec![
            vec![
                vec![MoveOutcome::Win, MoveOutcome::Flip(1)],
                vec![MoveOutcome::Flip(1)],
            ],
            vec![
                vec![MoveOutcome::Win, MoveOutcome::Flip(0)],
                vec![MoveOutcome::Flip(0)],
            ],
        ],
    };
    let seat_of = |p: u64| p as usize;
    let uniform = Choice::Uniform;
    let wins = Choice::Table(vec![0, 0, 0, 0]);
    let s = solve(
        &FixedGame::new(&t, &seat_of, [&uniform, &wins]),
        &ValueIterationOptions::default(),
    )
    .unwrap();
    assert!((s.value(0) - 0.4).abs() < 1e-12, "{}", s.value(0));
    // The same with the draw written per roll in a table.
    let drawn = Choice::Table(vec![UNIFORM, 0, UNIFORM, 0]);
    let s = solve(
        &FixedGame::new(&t, &seat_of, [&drawn, &wins]),
        &ValueIterationOptions::default(),
    )
    .unwrap();
    assert!((s.value(0) - 0.4).abs() < 1e-12);
    // Seat 0 never taking the win: v0 = 1 - v1, v1 = 1 - 1/2 v0 -> v0 = 0.
    let never = Choice::Table(vec![1, 0, 0, 0]);
    let s = solve(
        &FixedGame::new(&t, &seat_of, [&never, &wins]),
        &ValueIterationOptions::default(),
    )
    .unwrap();
    assert!(s.value(0).abs() < 1e-12);
    // Both maximising: v = 1/2 + 1/2 (1 - v), v0 = v1 = 2/3.
    let best = Choice::Best;
    let s = solve(
        &FixedGame::new(&t, &seat_of, [&best, &best]),
        &ValueIterationOptions::default(),
    )
    .unwrap();
    assert!((s.value(0) - 2.0 / 3.0).abs() < 1e-12);
}

#[test]
fn games_that_cannot_be_ranked_are_refused_with_the_reason() {
    let b = board("maedn");
    let four = Game::new(&b, &GameConfig::new(4)).unwrap();
    let e = EngineGame::new(&four).unwrap_err().to_string();
    assert!(e.contains("two players; this game has 4"), "{e}");
}

/// The exact strategy matrix against a simulated tournament of every pair: each cell inside its
/// simulated interval, widened to 99.9% per cell (36 cells: about 95% for the whole table; the
/// seed is fixed, so the outcome is too).
#[test]
fn the_strategy_matrix_agrees_with_simulated_tournaments() {
    let b = board("ring16");
    let g = game_on(&b, 2, Rules::openspiel(), Seating::Spread);
    let s = Strategies::new(&g).unwrap();
    let names = [
        "random",
        "front",
        "rear",
        "aggressive",
        "defensive",
        "solitaire",
    ];
    let seat = |i| -> Vec<Strategy> {
        names
            .iter()
            .map(|n| Strategy::by_name(n, &b, &g, i).unwrap())
            .collect()
    };
    let m = s.matrix(&seat(0), &seat(1)).unwrap();
    let distances = Distances::new(&b, &g).unwrap();
    let games = 20_000u64;
    for (i, a) in names.iter().enumerate() {
        for (j, o) in names.iter().enumerate() {
            let p0 = boardpath::game::policy::by_name(a, &b, &g, 0).unwrap();
            let p1 = boardpath::game::policy::by_name(o, &b, &g, 1).unwrap();
            let sums = tournament(
                &g,
                &distances,
                &[p0.as_ref(), p1.as_ref()],
                games,
                3,
                &|_| {},
            )
            .unwrap();
            let rate = sums.seats[0].wins as f64 / games as f64;
            let half = 3.29 * (rate * (1.0 - rate) / games as f64).sqrt();
            let exact = m[i][j].first_player_wins;
            assert!(
                (rate - exact).abs() <= half,
                "{a} vs {o}: exact {exact:.6}, simulated {rate:.6} +- {half:.6}"
            );
        }
    }
}
