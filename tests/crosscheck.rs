//! Cross-checks on random boards: the bit-board and the graph agree on every board the generator
//! makes, under every rule option, die set and coordinate style.

use boardpath::generate::{GenerateOptions, generate};
use boardpath::board::{Board, Rounding, RuleOverrides};
use boardpath::cost::Cost;
use boardpath::encoding::bitboard::Bound;
use boardpath::solve::{EncodingChoice, SolveError, solve};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/crosscheck.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Bounds worth running on a race of `steps` steps: the weak ones blow up exponentially.
fn bounds(steps: usize) -> Vec<Bound> {
    let mut b = vec![Bound::Exact];
    if steps <= 16 {
        b.push(Bound::Admissible);
    }
    if steps <= 12 {
        b.push(Bound::None);
    }
    b
}

/// Solves every player with the graph and with the bit-board under each bound; they must agree
/// on every piece's length, or fail the same way.
fn agree<C: Cost>(board: &Board) -> Result<(), TestCaseError> {
    for p in 0..board.players.len() {
        let graph = solve::<C>(board, p, EncodingChoice::Graph);
        let steps = board.players[p].track_steps + board.players[p].goal.len();
        for bound in bounds(steps) {
            let bits = solve::<C>(board, p, EncodingChoice::Bitboard(bound));
            match (&graph, &bits) {
                (Ok(g), Ok(b)) => {
                    prop_assert_eq!(g.total, b.total, "player {} bound {:?}", p, bound);
                    let gl: Vec<C> = g.pieces.iter().map(|x| x.length).collect();
                    let bl: Vec<C> = b.pieces.iter().map(|x| x.length).collect();
                    prop_assert_eq!(gl, bl);
                }
                (
                    Err(SolveError::Unreachable { piece: a, .. }),
                    Err(SolveError::Unreachable { piece: b, .. }),
                ) => {
                    prop_assert_eq!(a, b);
                }
                // Fractional costs do not fit the bit-board's distance bits; it must say so.
                (Ok(_), Err(SolveError::Unsupported { .. }))
                    if board.rules.rounding == Rounding::Exact => {}
                (g, b) => prop_assert!(
                    false,
                    "graph {:?} vs bitboard {:?}",
                    g.as_ref().map(|s| s.total),
                    b.as_ref().map(|s| s.total)
                ),
            }
        }
    }
    Ok(())
}

fn check(board: &Board) -> Result<(), TestCaseError> {
    match board.rules.rounding {
        Rounding::PerMove => agree::<u64>(board),
        Rounding::Exact => agree::<f64>(board),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn encodings_agree_on_random_boards(seed: u64, tiles in 2usize..36, players in 1usize..4, pieces in 1usize..5, faces in 1u32..9) {
        let text = generate(&GenerateOptions { tiles, players, pieces, faces, seed, vary_rules: true });
        let board = Board::from_toml(&text, "generated").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        check(&board)?;
    }

    /// Die sets without face 1 leave some targets unreachable: both encodings must say so alike.
    #[test]
    fn encodings_agree_on_unreachable_targets(seed: u64, tiles in 2usize..20, die in proptest::sample::subsequence(vec![2u32, 3, 4, 5, 6], 1..4)) {
        let text = generate(&GenerateOptions { tiles, players: 2, pieces: 2, faces: 1, seed, vary_rules: true });
        let board = Board::from_toml(&text, "generated").unwrap();
        let board = board.with_overrides(&RuleOverrides { die: Some(die), ..Default::default() }).unwrap();
        check(&board)?;
    }
}
