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
    DEFAULT_BUDGET, METHODS, Method, MethodCost, Objective, Skip, Solution, SolveError, solve_race,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// The method every other is checked against.
const REFERENCE: &str = "petgraph-dijkstra/graph";

/// Node budget of the methods that can explode.
const SMALL_BUDGET: u64 = 200_000;

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
fn legal<C: Cost>(race: &Race<C>, s: &Solution<C>, who: &str) -> Result<(), String> {
    let mut sum: C = race.enter.iter().copied().sum();
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
        sum = sum + p.length;
    }
    if same(sum, s.total) {
        Ok(())
    } else {
        Err(format!("{who}: pieces add up to {sum}, total {}", s.total))
    }
}

/// Every exact method on player `player` of `board`, against the reference; `Ok(false)` when a
/// piece cannot finish (every method then has nothing to solve).
fn agree<C: MethodCost>(board: &Board, player: usize) -> Result<bool, String> {
    let Ok(race) = Race::<C>::new(board, player) else {
        return Ok(false);
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
        let budget = match method.skip {
            Skip::Never => DEFAULT_BUDGET,
            _ => SMALL_BUDGET,
        };
        let got = match solve_race(board, &race, method, budget) {
            Ok(s) => s,
            Err(SolveError::GaveUp { .. }) if method.skip != Skip::Never => continue,
            // The bit-board holds one bit per tile, 128 at most.
            Err(SolveError::Encoding(_)) if method.name.ends_with("/bitboard") => continue,
            Err(e) => return Err(format!("{who}: {e}")),
        };
        legal(&race, &got, &who)?;
        match method.minimises {
            Objective::Length => {
                let lengths =
                    |s: &Solution<C>| s.pieces.iter().map(|p| p.length).collect::<Vec<_>>();
                let (a, b) = (lengths(&got), lengths(&want));
                if !a.iter().zip(&b).all(|(&x, &y)| same(x, y)) || !same(got.total, want.total) {
                    return Err(format!("{who}: {a:?} against {REFERENCE}'s {b:?}"));
                }
            }
            Objective::Rolls => {
                let rolls: u64 = got.pieces.iter().map(|p| p.rolls.len() as u64).sum();
                if rolls != fewest {
                    return Err(format!("{who}: {rolls} rolls, the fewest is {fewest}"));
                }
            }
        }
    }
    Ok(true)
}

fn check(board: &Board, player: usize) -> Result<bool, String> {
    match board.rules.rounding {
        Rounding::PerMove => agree::<u64>(board, player),
        Rounding::Exact => agree::<f64>(board, player),
    }
}

#[test]
fn every_exact_method_agrees_on_every_embedded_board() {
    let mut checked = 0;
    for name in embedded::names() {
        let board = Board::load(name).unwrap();
        for p in 0..board.players.len() {
            assert!(check(&board, p).unwrap(), "{name} player {p} cannot finish");
            checked += 1;
        }
        // The colours of a board are turned copies, so the rule variants take the first player.
        for metric in [Metric::Euclidean, Metric::Manhattan, Metric::Chebyshev] {
            for rounding in [Rounding::PerMove, Rounding::Exact] {
                let o = RuleOverrides {
                    metric: Some(metric),
                    rounding: Some(rounding),
                    ..RuleOverrides::default()
                };
                let variant = board.with_overrides(&o).unwrap();
                assert!(check(&variant, 0).unwrap(), "{name} {}", variant.rules);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 22 + 5 * 6);
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
            let finished = check(&board, p).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
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
            check(&board, p).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        }
    }
}
