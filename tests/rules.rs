//! Every rule option on a board small enough to solve by hand (`tests/boards/hand.toml`).
//!
//! Steps: s0 (0,0), s1 (100,0), s2 (100,100), s3 (0,100), goal a = s4 (0,200), b = s5 (100,250).
//! Euclidean lengths, rounded per move: s0s1 = s1s2 = s2s3 = s0s3 = s3s4 = 100, s2s5 = 150,
//! s1s4 = sqrt(100^2 + 200^2) = 223.6 -> 224, s4s5 = sqrt(100^2 + 50^2) = 111.8 -> 112.
//! Enter: (0,-100) -> s0 = 100, (100,-100) -> s0 = 141.42 -> 141; 241 in all.
//! Die [1, 3]: piece 1 heads for b (s5), piece 2 for a (s4).
//! - b, no moves in goal: the last roll must be a 3 from s2 (a 1 from s4 would stop on a), and s2
//!   is reached only by s0 s1 s2: 100 + 100 + 150 = 350.
//! - b, moves in goal: also s0 -3-> s3 -1-> a -1-> b = 100 + 100 + 112 = 312 < 350.
//! - a: s0 -3-> s3 -1-> a = 200 (s1 -3-> a costs 224 on top of 100).
//! - stack: both pieces end on b and may pass through a: 312 each.

use boardpath::board::{Board, GoalMode, Metric, Rounding, RuleOverrides};
use boardpath::cost::Cost;
use boardpath::race::{Race, RaceError};
use boardpath::solve::{
    DEFAULT_BUDGET, Method, PlayerSolution, PlayerSolveError, Solved, solve, solve_race,
};

fn hand(o: RuleOverrides) -> Board {
    let text = include_str!("boards/hand.toml");
    Board::from_toml(text, "hand.toml")
        .unwrap()
        .with_overrides(&o)
        .unwrap()
}

const GRAPH: &str = "petgraph-dijkstra/graph";

/// The first player of `board` solved with `method`, in cost type `C`.
fn with<C: boardpath::solve::MethodCost>(board: &Board, method: &str) -> PlayerSolution<C> {
    let race = Race::<C>::new(board, 0).unwrap();
    solve_race(board, &race, Method::find(method).unwrap(), DEFAULT_BUDGET)
        .unwrap_or_else(|e| panic!("{method}: {e}"))
}

/// Solves with the graph and with the bit-board (the exact bound, and the default search), which
/// must agree.
fn both(board: &Board) -> PlayerSolution<u64> {
    let g = with::<u64>(board, GRAPH);
    for method in ["bnb-exact/bitboard", "bnb/bitboard"] {
        let b = with::<u64>(board, method);
        assert_eq!((g.total, g.enter), (b.total, b.enter), "{method}");
        for (x, y) in g.pieces.iter().zip(&b.pieces) {
            assert_eq!(
                (x.length, &x.steps, &x.rolls),
                (y.length, &y.steps, &y.rolls),
                "{method}"
            );
        }
    }
    g
}

fn lengths<C: Cost>(s: &PlayerSolution<C>) -> Vec<C> {
    s.pieces.iter().map(|p| p.length).collect()
}

#[test]
fn slots_without_moves_in_goal() {
    let s = both(&hand(RuleOverrides::default()));
    assert_eq!(s.enter, 241);
    assert_eq!(lengths(&s), vec![350, 200]);
    assert_eq!(s.total, 791);
    assert_eq!(s.pieces[0].steps, vec![0, 1, 2, 5]);
    assert_eq!(s.pieces[0].rolls, vec![1, 1, 3]);
    assert_eq!(s.pieces[1].steps, vec![0, 3, 4]);
}

#[test]
fn slots_with_moves_in_goal() {
    let s = both(&hand(RuleOverrides {
        moves_in_goal: Some(true),
        ..Default::default()
    }));
    assert_eq!(lengths(&s), vec![312, 200]);
    assert_eq!(s.pieces[0].steps, vec![0, 3, 4, 5]);
    assert_eq!(s.total, 753);
}

#[test]
fn stack_mode_sends_every_piece_to_the_last_goal_tile() {
    let s = both(&hand(RuleOverrides {
        goal_mode: Some(GoalMode::Stack),
        ..Default::default()
    }));
    assert_eq!(
        s.pieces.iter().map(|p| p.target).collect::<Vec<_>>(),
        vec![1, 1]
    );
    assert_eq!(lengths(&s), vec![312, 312]);
    assert_eq!(s.total, 241 + 624);
}

#[test]
fn manhattan_metric() {
    // Enter: 100 + (100 + 100); b: 100 + 100 + |0| + |150| = 350; a: 100 + 100 = 200.
    let s = both(&hand(RuleOverrides {
        metric: Some(Metric::Manhattan),
        ..Default::default()
    }));
    assert_eq!((s.enter, lengths(&s), s.total), (300, vec![350, 200], 850));
}

#[test]
fn chebyshev_metric() {
    // Enter: 100 + max(100, 100); b and a as under the other metrics along axis-parallel moves.
    let s = both(&hand(RuleOverrides {
        metric: Some(Metric::Chebyshev),
        ..Default::default()
    }));
    assert_eq!((s.enter, lengths(&s), s.total), (200, vec![350, 200], 750));
}

#[test]
fn exact_rounding_keeps_fractions() {
    let board = hand(RuleOverrides {
        rounding: Some(Rounding::Exact),
        ..Default::default()
    });
    let s = with::<f64>(&board, GRAPH);
    let enter = 100.0 + 100.0 * 2f64.sqrt();
    assert!((s.enter - enter).abs() < 1e-9, "{}", s.enter);
    assert_eq!(lengths(&s), vec![350.0, 200.0]);
    assert!((s.total - (enter + 550.0)).abs() < 1e-9);
    // The bit-board carries the fractional distance beside its word, and agrees with the graph.
    for method in [
        "bnb/bitboard",
        "bnb-admissible/bitboard",
        "bnb-exact/bitboard",
    ] {
        let b = with::<f64>(&board, method);
        assert!((b.total - s.total).abs() < 1e-9, "{method}: {}", b.total);
        assert!((b.enter - s.enter).abs() < 1e-9, "{method}");
        for (x, y) in s.pieces.iter().zip(&b.pieces) {
            assert_eq!((&x.steps, &x.rolls), (&y.steps, &y.rolls), "{method}");
            assert!((x.length - y.length).abs() < 1e-9, "{method}");
            assert!(y.bitboard.is_some(), "{method}");
        }
    }
    // `solve` picks floats from the board's rounding.
    let solved = solve(
        &board,
        0,
        Method::find("bnb/bitboard").unwrap(),
        DEFAULT_BUDGET,
    )
    .unwrap();
    let Solved::Exact(e) = &solved else {
        panic!("{solved:?}")
    };
    assert!((e.total - s.total).abs() < 1e-9);
    assert_eq!(solved.total_text(), s.total.show());
}

#[test]
fn a_race_in_the_wrong_cost_type_is_refused() {
    // Whole units cannot hold the fractional costs of an exact board (s1 -3-> a is 223.6068...).
    let exact = hand(RuleOverrides {
        rounding: Some(Rounding::Exact),
        ..Default::default()
    });
    let e = Race::<u64>::new(&exact, 0).unwrap_err();
    assert_eq!(
        e,
        RaceError::CostType {
            rounding: "exact",
            asked: "per-move"
        }
    );
    assert!(e.to_string().contains("\"exact\""), "{e}");
    // And floats would not round a per-move board's costs.
    let e = Race::<f64>::new(&hand(RuleOverrides::default()), 0).unwrap_err();
    assert!(matches!(e, RaceError::CostType { .. }), "{e}");
    // The error converts into the solver's.
    let e = PlayerSolveError::from(e);
    assert!(
        matches!(e, PlayerSolveError::Race(RaceError::CostType { .. })),
        "{e}"
    );
}

#[test]
fn exact_rounding_with_whole_costs_works_on_the_bitboard() {
    // Under manhattan every cost here is a whole number, so the bit-board can solve it exactly.
    let board = hand(RuleOverrides {
        rounding: Some(Rounding::Exact),
        metric: Some(Metric::Manhattan),
        ..Default::default()
    });
    let g = with::<f64>(&board, GRAPH);
    for method in ["bnb/bitboard", "bnb-admissible/bitboard"] {
        let b = with::<f64>(&board, method);
        assert_eq!((g.total, b.total), (850.0, 850.0), "{method}");
    }
}

#[test]
fn die_faces_change_the_answer() {
    // Die [1, 2, 3]: b can now end with a 2 from s3: s0 -3-> s3 -2-> b = 100 + sqrt(100^2+150^2)
    // = 100 + 180.3 -> 280; a: s0 -3-> s3 -1-> a = 200, or s0 -2-> s2 -2-> a = 141 + 141 = 282.
    let s = both(&hand(RuleOverrides {
        die: Some(vec![1, 2, 3]),
        ..Default::default()
    }));
    assert_eq!(lengths(&s), vec![280, 200]);
}

#[test]
fn unreachable_target_says_which_piece_and_why() {
    // Die [3]: s0 -> s3 -> s6 is off the board, so b (s5) can never be reached.
    let board = hand(RuleOverrides {
        die: Some(vec![3]),
        ..Default::default()
    });
    for method in [GRAPH, "bnb/bitboard", "bnb-admissible/bitboard"] {
        let e = solve(&board, 0, Method::find(method).unwrap(), DEFAULT_BUDGET).unwrap_err();
        let PlayerSolveError::Race(RaceError::Unreachable {
            player,
            piece,
            target,
            ..
        }) = &e
        else {
            panic!("{method}: {e}")
        };
        assert_eq!((player.as_str(), *piece, *target), ("solo", 1, 1));
        let msg = e.to_string();
        assert!(
            msg.contains("die [3]") && msg.contains("goal tile b"),
            "{msg}"
        );
    }
}

#[test]
fn slots_override_with_mismatched_goal_is_refused() {
    // Stack boards may have fewer goal tiles than pieces; switching such a board to slots is an error.
    let text = include_str!("boards/hand.toml")
        .replace("[rules]", "[rules]\ngoal_mode = \"stack\"")
        .replace("goal = [[0, 200], [100, 250]]", "goal = [[0, 200]]");
    let board = Board::from_toml(&text, "hand-stack.toml").unwrap();
    let e = board
        .with_overrides(&RuleOverrides {
            goal_mode: Some(GoalMode::Slots),
            ..Default::default()
        })
        .unwrap_err();
    assert!(e.to_string().contains("1 goal tile for 2 pieces"), "{e}");
}
