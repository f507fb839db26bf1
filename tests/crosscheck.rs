//! The catalogue cross-check: every exact method of [`METHODS`] agrees with petgraph's Dijkstra
//! on the graph, piece by piece, on every embedded board and player, under every metric and both
//! roundings, and on random boards from the generator. Methods that minimise rolls agree with an
//! independent count of the fewest rolls. The methods are read from the catalogue, so a new entry
//! is cross-checked here with no change to this file.
//!
//! Methods the catalogue marks as able to explode (`skip` other than `Never`: the paper's bounds
//! off its board, textbook IDA*) run with a small node budget; giving up is accepted for them, a
//! wrong answer never is.

use boardpath::board::{Board, Metric, Rounding, RuleOverrides, embedded};
use boardpath::compare::fewest_rolls;
use boardpath::cost::{Cost, same};
use boardpath::generate::{GenerateOptions, generate};
use boardpath::race::Race;
use boardpath::solve::{
    DEFAULT_BUDGET, Encoding, METHODS, Method, MethodCost, MethodObjective, PlayerSolution,
    PlayerSolveError, Skip, solve, solve_race,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::collections::BTreeMap;

/// The method every other is checked against.
const REFERENCE: &str = "petgraph-dijkstra/graph";

/// Node budget of the methods that can explode (enough for `bnb-exact/bitboard` on every
/// embedded board: Parcheesi takes it 1,730,812 nodes).
const SMALL_BUDGET: u64 = 2_000_000;

/// The budget `method` runs with here.
fn budget(method: &Method) -> u64 {
    match method.skip {
        Skip::Never => DEFAULT_BUDGET,
        _ => SMALL_BUDGET,
    }
}

/// What became of each method's runs: agreed with the reference, gave up (within its small
/// budget), or could not represent the board (the bit-board's 128 bits).
#[derive(Debug, Default)]
struct Tally(BTreeMap<&'static str, [usize; 3]>);

const AGREED: usize = 0;
const GAVE_UP: usize = 1;
const UNSUPPORTED: usize = 2;

impl Tally {
    fn count(&mut self, method: &Method, outcome: usize) {
        self.0.entry(method.name).or_default()[outcome] += 1;
    }

    fn agreed(&self, method: &Method) -> usize {
        self.0.get(method.name).map_or(0, |c| c[AGREED])
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/crosscheck.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Checks that `s` is made of legal paths of `race` that add up: each piece's steps run from 0 to
/// its target, its rolls are the differences, its moves are legal, and enter plus pieces is the
/// total.
fn legal<C: Cost>(race: &Race<C>, s: &PlayerSolution<C>, who: &str) -> Result<(), String> {
    let enter: C = race.enter.iter().copied().sum();
    if !same(enter, s.enter) {
        return Err(format!("{who}: enter {}, not {enter}", s.enter));
    }
    let mut sum = enter;
    if s.pieces.len() != race.pieces {
        return Err(format!(
            "{who}: {} pieces, not {}",
            s.pieces.len(),
            race.pieces
        ));
    }
    for (p, piece) in s.pieces.iter().zip(race.pieces()) {
        let t = race.target_step(piece.target);
        if p.target != piece.target || p.steps.first() != Some(&0) || p.steps.last() != Some(&t) {
            return Err(format!("{who}: piece {} goes {:?}", piece.number, p.steps));
        }
        let mut length = C::zero();
        for (w, &roll) in p.steps.windows(2).zip(&p.rolls) {
            let m = race
                .moves(w[0], piece.target)
                .find(|m| m.to == w[1] && m.roll == roll)
                .ok_or_else(|| format!("{who}: no roll {roll} from {} to {}", w[0], w[1]))?;
            length = length + m.cost;
        }
        if p.rolls.len() + 1 != p.steps.len() || !same(length, p.length) {
            return Err(format!("{who}: piece {} length {}", piece.number, p.length));
        }
        let on_bitboard = s.encoding == Encoding::Bitboard.name();
        if p.bitboard.is_some() != on_bitboard {
            return Err(format!(
                "{who}: piece {} bit-board {:?} on the {} encoding",
                piece.number, p.bitboard, s.encoding
            ));
        }
        sum = sum + p.length;
    }
    if same(sum, s.total) {
        Ok(())
    } else {
        Err(format!("{who}: pieces add up to {sum}, total {}", s.total))
    }
}

/// Every exact method on player `player` of `board`, against the reference; `Ok(false)` when a
/// piece cannot finish, after checking that every method refuses the race with the same error.
fn agree<C: MethodCost>(board: &Board, player: usize, tally: &mut Tally) -> Result<bool, String> {
    let race = match Race::<C>::new(board, player) {
        Ok(race) => race,
        Err(e) => {
            // Every method starts from the race: all fail the same way, before any search.
            for method in METHODS {
                match solve(board, player, method, budget(method)) {
                    Err(PlayerSolveError::Race(got)) if got == e => {}
                    other => {
                        return Err(format!(
                            "{} player {player}: the race fails with {e:?}, but {} gives {other:?}",
                            board.name, method.name
                        ));
                    }
                }
            }
            return Ok(false);
        }
    };
    let reference = Method::find(REFERENCE).map_err(|e| e.to_string())?;
    let want = solve_race(board, &race, reference, DEFAULT_BUDGET).map_err(|e| e.to_string())?;
    legal(&race, &want, REFERENCE)?;
    let fewest = fewest_rolls(&race);
    for method in METHODS.iter().filter(|m| m.exact) {
        let who = format!(
            "{} player {player} {}: {}",
            board.name, board.rules, method.name
        );
        let got = match solve_race(board, &race, method, budget(method)) {
            Ok(s) => s,
            Err(PlayerSolveError::GaveUp { .. }) if method.skip != Skip::Never => {
                tally.count(method, GAVE_UP);
                continue;
            }
            // The bit-board holds one bit per step, 128 at most.
            Err(PlayerSolveError::Encoding(_)) if method.encoding == Encoding::Bitboard => {
                tally.count(method, UNSUPPORTED);
                continue;
            }
            Err(e) => return Err(format!("{who}: {e}")),
        };
        legal(&race, &got, &who)?;
        if got.method != method.name {
            return Err(format!("{who}: the solution says {}", got.method));
        }
        match method.minimises {
            MethodObjective::Length => {
                let lengths =
                    |s: &PlayerSolution<C>| s.pieces.iter().map(|p| p.length).collect::<Vec<_>>();
                let (a, b) = (lengths(&got), lengths(&want));
                if !a.iter().zip(&b).all(|(&x, &y)| same(x, y)) || !same(got.total, want.total) {
                    return Err(format!("{who}: {a:?} against {REFERENCE}'s {b:?}"));
                }
            }
            MethodObjective::Rolls => {
                let rolls: u64 = got.pieces.iter().map(|p| p.rolls.len() as u64).sum();
                if rolls != fewest {
                    return Err(format!("{who}: {rolls} rolls, the fewest is {fewest}"));
                }
            }
        }
        tally.count(method, AGREED);
    }
    Ok(true)
}

fn check(board: &Board, player: usize, tally: &mut Tally) -> Result<bool, String> {
    match board.rules.rounding {
        Rounding::PerMove => agree::<u64>(board, player, tally),
        Rounding::Exact => agree::<f64>(board, player, tally),
    }
}

/// The methods that always run (`Skip::Never`) agree on every race; the others on every race they
/// finish within the small budget.
#[test]
fn every_exact_method_agrees_on_every_embedded_board() {
    let mut tally = Tally::default();
    // The boards as embedded, every player.
    let mut plain = Tally::default();
    let mut players = 0;
    for name in embedded::names() {
        let board = Board::load(name).unwrap();
        for p in 0..board.players.len() {
            assert!(
                check(&board, p, &mut plain).unwrap(),
                "{name} player {p} cannot finish"
            );
            players += 1;
        }
    }
    assert_eq!(players, 22);
    // The paper's search with the exact bound finishes on every embedded board within the small
    // budget (under other metrics and roundings it may not).
    assert_eq!(
        plain.agreed(Method::find("bnb-exact/bitboard").unwrap()),
        players,
        "{plain:?}"
    );
    // The colours of a board are turned copies, so the rule variants take the first player.
    let mut variants = 0;
    for name in embedded::names() {
        let board = Board::load(name).unwrap();
        for metric in [Metric::Euclidean, Metric::Manhattan, Metric::Chebyshev] {
            for rounding in [Rounding::PerMove, Rounding::Exact] {
                let o = RuleOverrides {
                    metric: Some(metric),
                    rounding: Some(rounding),
                    ..RuleOverrides::default()
                };
                let variant = board.with_overrides(&o).unwrap();
                assert!(
                    check(&variant, 0, &mut tally).unwrap(),
                    "{name} {}",
                    variant.rules
                );
                variants += 1;
            }
        }
    }
    assert_eq!(variants, 5 * 6);
    for method in METHODS.iter().filter(|m| m.exact && m.skip == Skip::Never) {
        assert_eq!(plain.agreed(method), players, "{}: {plain:?}", method.name);
        assert_eq!(tally.agreed(method), variants, "{}: {tally:?}", method.name);
    }
    eprintln!("embedded boards: {plain:?}\nrule variants: {tally:?}");
}

/// No exact method is checked vacuously: each one (even those that give up on every embedded
/// board within the small budget) finishes, and agrees, on small generated boards.
#[test]
fn every_exact_method_is_checked_somewhere() {
    let mut tally = Tally::default();
    for seed in 0..20 {
        let text = generate(&GenerateOptions {
            tiles: 12,
            players: 2,
            pieces: 2,
            faces: 6,
            seed,
            vary_rules: true,
        });
        let board = Board::from_toml(&text, "generated").unwrap();
        for p in 0..board.players.len() {
            check(&board, p, &mut tally).unwrap_or_else(|e| panic!("{e}\n{text}"));
        }
    }
    for method in METHODS.iter().filter(|m| m.exact) {
        assert!(tally.agreed(method) > 0, "{}: {tally:?}", method.name);
    }
}

/// The check itself: a solution with a wrong length or an illegal move is caught.
#[test]
fn the_check_catches_a_wrong_path() {
    let board = Board::load("maedn").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let s = solve_race(
        &board,
        &race,
        Method::find("dp/step").unwrap(),
        DEFAULT_BUDGET,
    )
    .unwrap();
    assert_eq!(legal(&race, &s, "dp"), Ok(()));
    let mut longer = s.clone();
    longer.pieces[0].length += 1;
    assert!(legal(&race, &longer, "dp").is_err());
    let mut jump = s.clone();
    jump.pieces[1].rolls[0] = 5;
    assert!(legal(&race, &jump, "dp").unwrap_err().contains("no roll 5"));
    let mut short = s.clone();
    short.pieces[2].steps.pop();
    assert!(legal(&race, &short, "dp").unwrap_err().contains("goes"));
    let mut bits = s.clone();
    bits.pieces[0].bitboard = Some("0x1".into());
    assert!(legal(&race, &bits, "dp").unwrap_err().contains("bit-board"));
    let mut total = s;
    total.total -= 1;
    assert!(legal(&race, &total, "dp").unwrap_err().contains("add up"));
}

proptest! {
    #![proptest_config(config())]

    /// Random boards: every metric, rounding, goal mode, moves in goal, die size, grid or unit
    /// coordinates, as the generator varies them.
    #[test]
    fn every_exact_method_agrees_on_random_boards(seed: u64, tiles in 2usize..36, players in 1usize..4, pieces in 1usize..5, faces in 1u32..9) {
        let text = generate(&GenerateOptions { tiles, players, pieces, faces, seed, vary_rules: true });
        let board = Board::from_toml(&text, "generated").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        for p in 0..board.players.len() {
            let finished = check(&board, p, &mut Tally::default()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert!(finished, "the generator makes boards every piece can finish\n{}", text);
        }
    }

    /// Die sets without face 1 leave some targets unreachable: the race refuses them, the same
    /// way for every method (they all start from it); where it can be won, all agree.
    #[test]
    fn every_exact_method_agrees_without_face_one(seed: u64, tiles in 2usize..20, die in proptest::sample::subsequence(vec![2u32, 3, 4, 5, 6], 1..4)) {
        let text = generate(&GenerateOptions { tiles, players: 2, pieces: 2, faces: 1, seed, vary_rules: true });
        let board = Board::from_toml(&text, "generated").unwrap();
        let board = board.with_overrides(&RuleOverrides { die: Some(die), ..Default::default() }).unwrap();
        for p in 0..board.players.len() {
            check(&board, p, &mut Tally::default()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        }
    }
}
