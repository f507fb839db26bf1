//! The exact two-player solver: hand-derived tiny games, the ranking of two-player MaeDn, and the
//! solved 1- and 2-piece games against symmetry and simulations of the optimal policy.

use boardpath::game::exact::{
    ChanceGame, Expansion, Maedn2, MoveOutcome, Position, ValueIterationOptions, action, best_move,
    moves, residual, solve,
};
use std::ops::Range;
use std::sync::OnceLock;

/// A game given as a table: for each position, for each roll, the outcomes of its moves.
struct Table {
    probabilities: Vec<f64>,
    moves: Vec<Vec<Vec<MoveOutcome>>>,
    layers: Vec<Range<u64>>,
}

impl ChanceGame for Table {
    fn positions(&self) -> u64 {
        self.moves.len() as u64
    }
    fn roll_probabilities(&self) -> &[f64] {
        &self.probabilities
    }
    fn layers(&self) -> Vec<Range<u64>> {
        self.layers.clone()
    }
    fn expand(&self, position: u64, out: &mut Expansion) {
        out.clear();
        for roll in &self.moves[position as usize] {
            out.outcomes.extend_from_slice(roll);
            out.end_roll();
        }
    }
}

fn solved(t: &Table) -> Vec<f64> {
    let s = solve(t, &ValueIterationOptions::default()).unwrap();
    assert!(s.residual() < 1e-12, "residual {}", s.residual());
    s.into_values()
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} != {b}");
}

/// A coin game: heads (p) wins, "again" (q) rolls again, else the other player's turn. One
/// position seen from the mover: v = p + q v + (1 - p - q)(1 - v), so v = (1 - q) / (2 - p - 2q).
#[test]
fn coin_with_extra_rolls_has_the_closed_form_value() {
    for (p, q) in [(0.5, 0.0), (0.3, 0.0), (0.2, 0.3), (1.0 / 6.0, 1.0 / 6.0)] {
        let t = Table {
            probabilities: vec![p, q, 1.0 - p - q],
            moves: vec![vec![
                vec![MoveOutcome::Win],
                vec![MoveOutcome::Same(0)],
                vec![MoveOutcome::Flip(0)],
            ]],
            layers: std::iter::once(0..1).collect(),
        };
        close(solved(&t)[0], (1.0 - q) / (2.0 - p - 2.0 * q));
    }
}

/// A race without choices: each side one piece `x` steps from home, a die of 1 and 2; a roll
/// that reaches home wins. Position `(x, y)` (mover, other) for x, y in 1..=3.
/// By hand: v(1, y) = 1; v(2, y) = 1/2 + 1/2 (1 - v(y, 1)), v(3, y) = 1/2 (1 - v(y, 2)) +
/// 1/2 (1 - v(y, 1)). So v(2,1) = 1/2, v(2,2) = 3/4, v(3,1) = 0, v(2,3) = 1/2 + 1/2 (1 - 0) = 1,
/// v(3,2) = 1/2 (1 - 3/4) + 1/2 (1 - 1/2) = 3/8, v(3,3) = 1/2 (1 - 3/8) + 1/2 (1 - 0) = 13/16.
#[test]
fn race_without_choices_matches_the_hand_derivation() {
    let id = |x: u64, y: u64| (x - 1) * 3 + (y - 1);
    let mut moves = vec![vec![]; 9];
    for x in 1..=3u64 {
        for y in 1..=3u64 {
            moves[id(x, y) as usize] = (1..=2u64)
                .map(|r| {
                    vec![if r >= x {
                        MoveOutcome::Win
                    } else {
                        MoveOutcome::Flip(id(y, x - r))
                    }]
                })
                .collect();
        }
    }
    let t = Table {
        probabilities: vec![0.5, 0.5],
        moves,
        layers: std::iter::once(0..9).collect(),
    };
    let v = solved(&t);
    let expect = [
        (1, 1, 1.0),
        (1, 3, 1.0),
        (2, 1, 0.5),
        (2, 2, 0.75),
        (2, 3, 1.0),
        (3, 1, 0.0),
        (3, 2, 0.375),
        (3, 3, 13.0 / 16.0),
    ];
    for (x, y, e) in expect {
        close(v[id(x, y) as usize], e);
    }
}

/// A capture cycle with a choice: one piece each, 1 or 2 steps from home (2 = start), a die of 1
/// and 2. A 2 from the start wins; a 1 advances, or instead sends the other piece back to the
/// start when it stands 1 step from home. Positions a = (2, 1), b = (2, 2), c = (1, _) = 1:
/// a = 1/2 + 1/2 max(1 - c, 1 - b) = 1 - b/2 and b = 1/2 + 1/2 (1 - a), so a = b = 2/3: the
/// capture is the right move and the values form a cycle.
#[test]
fn capture_cycle_with_a_choice_has_value_two_thirds() {
    // 0 = (2,1), 1 = (2,2), 2 = (1,1), 3 = (1,2)
    let t = Table {
        probabilities: vec![0.5, 0.5],
        moves: vec![
            vec![
                vec![MoveOutcome::Flip(2), MoveOutcome::Flip(1)],
                vec![MoveOutcome::Win],
            ],
            vec![vec![MoveOutcome::Flip(0)], vec![MoveOutcome::Win]],
            vec![vec![MoveOutcome::Win], vec![MoveOutcome::Win]],
            vec![vec![MoveOutcome::Win], vec![MoveOutcome::Win]],
        ],
        layers: std::iter::once(0..4).collect(),
    };
    let v = solved(&t);
    close(v[0], 2.0 / 3.0);
    close(v[1], 2.0 / 3.0);
    assert_eq!(best_move(&t, &v, 0, 0).0, 1, "capturing is optimal");
}

#[test]
fn position_counts_match_the_issue() {
    // Every placement, finished games included: the issue's 1,985 / 905,421 / 168,195,205 / 1.6e10.
    let all: Vec<u64> = (1..=4).map(Maedn2::count_all).collect();
    assert_eq!(all, [1_985, 905_421, 168_195_205, 16_053_053_986]);
    // Ranked (neither side home): 1 piece: 41 x 41 placements less the 40 where both share a tile.
    let ranked: Vec<u64> = (1..=4).map(Maedn2::count).collect();
    assert_eq!(ranked, [1_641, 893_565, 168_081_341, 16_052_754_015]);
    for k in 1..=3 {
        assert_eq!(Maedn2::new(k).positions(), Maedn2::count(k));
    }
}

#[test]
fn ranking_is_a_bijection() {
    for k in 1..=2 {
        let g = Maedn2::new(k);
        for r in 0..g.positions() {
            assert_eq!(g.rank(&g.unrank(r)), r);
        }
    }
    let g = Maedn2::new(3);
    for r in (0..g.positions()).step_by(9_973) {
        assert_eq!(g.rank(&g.unrank(r)), r);
    }
}

/// The expansion marks exactly the rolls whose only move is OpenSpiel's pass, in the BMI2 build
/// and the portable one alike (the solver pairs a position with the one its pass leads to, and
/// with nothing else). By hand, 1 piece: a waiting mover passes on 1 to 5 whatever the other
/// side does (41 positions, 205 rolls); a piece on tile 38 passes on a 6, one on 39 on a 5 or a
/// 6 (the other side on one of 40 places: 120 rolls): 325 in all.
#[test]
fn passes_are_marked_in_both_builds() {
    for (k, step) in [(1, 1), (2, 1), (3, 4_999)] {
        let g = Maedn2::new(k);
        let (mut fast, mut portable) = (Expansion::default(), Expansion::default());
        let mut marked = 0;
        for r in (0..g.positions()).step_by(step) {
            g.expand(r, &mut fast);
            g.expand_portable(r, &mut portable);
            assert_eq!(fast.outcomes, portable.outcomes, "position {r}");
            assert_eq!(fast.ends, portable.ends, "position {r}");
            assert_eq!((fast.pass, fast.mean), (portable.pass, portable.mean));
            let p = g.unrank(r);
            for roll in 1..=6u32 {
                let mut m = boardpath::game::exact::Moves::default();
                moves(&p, roll, &mut m);
                let pass = matches!(m.as_slice(), [s] if s.action == action::PASS);
                assert_eq!(fast.is_pass(roll as usize - 1), pass, "{p:?} roll {roll}");
                marked += u32::from(pass);
            }
        }
        if k == 1 {
            assert_eq!(marked, 325);
        }
    }
}

/// The solver's expansion (moves found from bit masks, most successors ranked from a share of the
/// rank computed once a position) gives the rule book's outcomes ([`moves`] and
/// [`Maedn2::outcome`]), outcome for outcome and roll for roll, in the BMI2 build and the
/// portable one: every position with 1 and 2 pieces, a spread of the 3- and 4-piece ones.
#[test]
fn the_solver_s_expansion_is_the_rule_book_s() {
    for (k, step) in [(1, 1), (2, 1), (3, 1_009), (4, 1_000_003)] {
        let g = Maedn2::new(k);
        let (mut fast, mut portable, mut reference) = (
            Expansion::default(),
            Expansion::default(),
            Expansion::default(),
        );
        let mut outcomes = 0;
        for r in (0..g.positions()).step_by(step) {
            g.expand(r, &mut fast);
            g.expand_portable(r, &mut portable);
            g.expand_reference(r, &mut reference);
            assert_eq!(fast.outcomes, reference.outcomes, "{:?}", g.unrank(r));
            assert_eq!(fast.ends, reference.ends, "{:?}", g.unrank(r));
            assert_eq!((fast.pass, fast.mean), (reference.pass, reference.mean));
            assert_eq!(portable.outcomes, reference.outcomes, "{:?}", g.unrank(r));
            assert_eq!(portable.ends, reference.ends);
            outcomes += reference.outcomes.len();
        }
        // With 2 pieces, every outcome: as many as the graph export on record wrote
        // (`docs/runs/graph-solver-k2.md`, from the expansion before this one).
        if k == 2 {
            assert_eq!(outcomes, 9_487_970);
        }
    }
}

/// Small random generator (xorshift), so the test needs no crate and is the same everywhere.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn roll(&mut self) -> u32 {
        (self.next() % 6) as u32 + 1
    }
}

fn solution(k: usize) -> &'static (Maedn2, Vec<f64>) {
    static S: [OnceLock<(Maedn2, Vec<f64>)>; 2] = [OnceLock::new(), OnceLock::new()];
    S[k - 1].get_or_init(|| {
        let g = Maedn2::new(k);
        let s = solve(&g, &ValueIterationOptions::default()).unwrap();
        assert!(s.residual() < 1e-12);
        (g, s.into_values())
    })
}

/// Plays `games` games from the start, both sides choosing by `pick(position, roll, moves)`;
/// returns the first player's wins.
fn play(k: usize, games: u32, seed: u64, pick: impl Fn(&Position, u32) -> usize) -> u32 {
    let g = Maedn2::new(k);
    let mut rng = Rng(seed);
    let mut wins = 0;
    let mut steps = Default::default();
    for _ in 0..games {
        let mut p = g.start();
        let mut first_moves = true;
        loop {
            let roll = rng.roll();
            moves(&p, roll, &mut steps);
            let s = steps.as_slice()[pick(&p, roll)];
            if s.mover.home() as usize == k {
                wins += u32::from(first_moves);
                break;
            }
            if roll == 6 {
                p = Position {
                    mover: s.mover,
                    opponent: s.opponent,
                };
            } else {
                p = Position {
                    mover: s.opponent,
                    opponent: s.mover,
                };
                first_moves = !first_moves;
            }
        }
    }
    wins
}

/// The value lies inside the 95% interval of `games` simulated games won `wins` times.
fn inside(value: f64, wins: u32, games: u32) {
    let rate = f64::from(wins) / f64::from(games);
    let half = 1.96 * (rate * (1.0 - rate) / f64::from(games)).sqrt();
    assert!(
        (rate - value).abs() <= half,
        "solved {value:.6}, simulated {rate:.6} +- {half:.6}"
    );
}

#[test]
fn one_piece_matches_a_simulation() {
    // With one piece there is never a choice: the solved value is the plain game's.
    let (g, v) = solution(1);
    let start = v[g.rank(&g.start()) as usize];
    assert!((start - 0.523_984_913_794).abs() < 1e-11, "{start}");
    inside(start, play(1, 200_000, 7, |_, _| 0), 200_000);
}

#[test]
fn two_pieces_optimal_self_play_matches_the_value() {
    let (g, v) = solution(2);
    let start = v[g.rank(&g.start()) as usize];
    assert!((start - 0.512_198_969_890).abs() < 1e-11, "{start}");
    let optimal = |p: &Position, roll: u32| best_move(g, v, g.rank(p), roll as usize - 1).0;
    inside(start, play(2, 100_000, 11, optimal), 100_000);
}

#[test]
fn optimal_beats_first_move_by_a_margin() {
    // The optimal player against one that always moves its first legal move (OpenSpiel order),
    // seated first: its win rate must beat the solved value of the symmetric game by 5 points.
    let (g, v) = solution(2);
    let games = 20_000;
    let mut rng = Rng(3);
    let mut wins = 0;
    let mut steps = Default::default();
    for _ in 0..games {
        let mut p = g.start();
        let mut optimal_moves = true;
        loop {
            let roll = rng.roll();
            moves(&p, roll, &mut steps);
            let i = if optimal_moves {
                best_move(g, v, g.rank(&p), roll as usize - 1).0
            } else {
                0
            };
            let s = steps.as_slice()[i];
            if s.mover.home() == 2 {
                wins += u32::from(optimal_moves);
                break;
            }
            p = if roll == 6 {
                Position {
                    mover: s.mover,
                    opponent: s.opponent,
                }
            } else {
                optimal_moves = !optimal_moves;
                Position {
                    mover: s.opponent,
                    opponent: s.mover,
                }
            };
        }
    }
    let start = v[g.rank(&g.start()) as usize];
    let rate = f64::from(wins) / f64::from(games);
    assert!(
        rate > start + 0.05,
        "optimal won {rate:.4} against first-move"
    );
}

#[test]
fn values_are_probabilities_and_a_fixed_point() {
    let (g, v) = solution(2);
    assert!(v.iter().all(|&x| (0.0..=1.0).contains(&x)));
    // The residual of the stored values, recomputed from scratch over every position at once
    // (the solver certified it layer by layer).
    assert!(residual(g, v, 0..g.positions()) < 1e-12);
}

/// The engine's state as the solver's position, from the side of the player to move.
fn position_of(game: &boardpath::game::Game, state: &boardpath::game::State) -> Position {
    let side = |p: usize| {
        let mut s = boardpath::game::exact::Side::default();
        for &step in state.pieces_of(p) {
            match step {
                boardpath::game::WAITING => s.waiting += 1,
                t if t < 40 => s.track |= 1 << t,
                g => s.goal |= 1 << (g - 40),
            }
        }
        s
    };
    let _ = game;
    let p = state.to_move();
    Position {
        mover: side(p),
        opponent: side(1 - p),
    }
}

/// The solver's own move generator against the engine's (itself replayed against OpenSpiel's
/// traces in tests/openspiel.rs): random games with 1 to 3 pieces, at every decision the same
/// legal action ids for every roll and, for every move, the same successor, both players' turns.
#[test]
fn moves_and_successors_agree_with_the_engine() {
    use boardpath::board::Board;
    use boardpath::game::{Game, GameConfig, State, action, apply, legal_moves};
    use boardpath::random::SplitMix64;
    let board = Board::load("maedn").unwrap();
    let mut rng = SplitMix64::new(2026);
    let mut decisions = 0;
    for (k, games) in [(1, 300), (2, 600), (3, 300)] {
        let config = GameConfig {
            pieces: Some(k),
            ..GameConfig::new(2)
        };
        let game = Game::new(&board, &config).unwrap();
        let solver = Maedn2::new(k);
        for _ in 0..games {
            let mut state = State::initial(&game);
            let mut engine_moves = Vec::new();
            let mut ours = Default::default();
            while state.winner(&game).is_none() {
                let p = position_of(&game, &state);
                assert!(solver.rank(&p) < solver.positions());
                for roll in 1..=6 {
                    legal_moves(&game, &state, roll, &mut engine_moves);
                    moves(&p, roll, &mut ours);
                    let theirs = action::legal_actions(&game, &state, roll);
                    let mine: Vec<usize> =
                        ours.as_slice().iter().map(|s| s.action as usize).collect();
                    assert_eq!(mine, theirs, "{p:?} roll {roll}");
                    for (i, s) in ours.as_slice().iter().enumerate() {
                        let mut next = state;
                        apply(&game, &mut next, roll, engine_moves.get(i));
                        let expect = if s.mover.home() as usize == k {
                            assert_eq!(next.winner(&game), Some(state.to_move()));
                            continue;
                        } else if roll == 6 {
                            Position {
                                mover: s.mover,
                                opponent: s.opponent,
                            }
                        } else {
                            Position {
                                mover: s.opponent,
                                opponent: s.mover,
                            }
                        };
                        assert_eq!(position_of(&game, &next), expect, "{p:?} roll {roll}");
                        assert_eq!(
                            s.capture,
                            engine_moves.get(i).is_some_and(|m| m.capture.is_some())
                        );
                    }
                    decisions += 1;
                }
                let roll = rng.range(1, 6) as u32;
                legal_moves(&game, &state, roll, &mut engine_moves);
                let pick = (!engine_moves.is_empty())
                    .then(|| engine_moves[rng.range(0, engine_moves.len() as u64 - 1) as usize]);
                apply(&game, &mut state, roll, pick.as_ref());
            }
        }
    }
    assert!(decisions > 100_000, "{decisions} decisions checked");
}
