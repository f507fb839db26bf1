//! The standard board: the paper's numbers for every colour, from every encoding and bound.

use boardpath::board::Board;
use boardpath::paper;
use boardpath::race::Race;
use boardpath::race::estimate::{Estimate, Ratio};
use boardpath::search::Progress;
use boardpath::solve::solve as solve_player;
use boardpath::solve::{
    Budget, DEFAULT_BUDGET, METHODS, Method, MethodObjective, PlayerSolution, Solved, solve_race,
};

/// Player `player` of the standard board solved with method `method`.
fn solve(board: &Board, player: usize, method: &str) -> PlayerSolution<u64> {
    let race = Race::<u64>::new(board, player).unwrap();
    solve_race(board, &race, Method::find(method).unwrap(), DEFAULT_BUDGET)
        .unwrap_or_else(|e| panic!("{method}: {e}"))
}

#[test]
fn every_colour_every_encoding_gives_the_papers_numbers() {
    let board = Board::load("maedn").unwrap();
    assert_eq!(board.players.len(), 4);
    let methods = [
        "petgraph-dijkstra/graph",
        "bnb/bitboard",
        "bnb-paper/bitboard",
        "bnb-listing/bitboard",
        "bnb-admissible/bitboard",
        "bnb-exact/bitboard",
    ];
    for player in 0..4 {
        for method in methods {
            let s = solve(&board, player, method);
            let lengths: Vec<u64> = s.pieces.iter().map(|p| p.length).collect();
            assert_eq!(s.total, paper::TOTAL, "{} {method}", s.player);
            assert_eq!(s.method, method);
            assert_eq!(s.enter, paper::ENTER);
            assert_eq!(lengths, paper::PIECES);
            assert_eq!(format!("{:.4}", s.total_cm.unwrap()), "298.9692");
            assert_eq!(s.total_cm, Some(paper::TOTAL_CM));
            assert_eq!(
                s.pieces.iter().map(|p| p.target).collect::<Vec<_>>(),
                vec![3, 2, 1, 0]
            );
            assert!(
                s.warnings.is_empty(),
                "the paper's constants are not flagged on its own board"
            );
        }
    }
}

/// Every exact method of the catalogue that minimises the length, and would run here by default,
/// finds the paper's total for the first player.
#[test]
fn every_length_method_gives_the_papers_total() {
    let board = Board::load("maedn").unwrap();
    let mut ran = 0;
    for m in METHODS {
        if !m.exact || m.minimises != MethodObjective::Length || m.skipped_on(&board).is_some() {
            continue;
        }
        assert_eq!(solve(&board, 0, m.name).total, paper::TOTAL, "{}", m.name);
        ran += 1;
    }
    assert!(ran >= 10, "only {ran} methods ran");
}

#[test]
fn graph_and_bitboard_choose_the_same_paths() {
    // Both break ties towards the greatest roll sequence, which is what the paper's search records.
    let board = Board::load("maedn").unwrap();
    let g = solve(&board, 0, "petgraph-dijkstra/graph");
    for method in ["bnb-paper/bitboard", "bnb/bitboard"] {
        let b = solve(&board, 0, method);
        for (x, y) in g.pieces.iter().zip(&b.pieces) {
            assert_eq!((&x.steps, &x.rolls), (&y.steps, &y.rolls), "{method}");
        }
    }
    assert_eq!(g.pieces[0].rolls, vec![6, 6, 4, 6, 4, 6, 5, 6]);
    assert_eq!(g.pieces[0].steps, vec![0, 6, 12, 16, 22, 26, 32, 37, 43]);
}

#[test]
fn full_path_bitboards_hold_the_path_and_its_length() {
    // Piece 1: waiting 1110, track steps 0 6 12 16 22 26 32 37 set, goal d (0001), distance 19462
    // = 0x4c06 in the low 16 bits. The other pieces start with the filled goal tiles set.
    let board = Board::load("maedn").unwrap();
    let s = solve(&board, 0, "bnb-paper/bitboard");
    // The default bit-board search records the same words.
    let d = solve(&board, 0, "bnb/bitboard");
    for (x, y) in s.pieces.iter().zip(&d.pieces) {
        assert_eq!(x.bitboard, y.bitboard);
    }
    let hex: Vec<&str> = s
        .pieces
        .iter()
        .map(|p| p.bitboard.as_deref().unwrap())
        .collect();
    let expected_piece_1 = {
        let mut v: u64 = 0b1110 << 60;
        for step in [0, 6, 12, 16, 22, 26, 32, 37] {
            v |= 1 << (16 + 4 + 39 - step);
        }
        v | 1 << 16 | 19462
    };
    assert_eq!(hex[0], format!("0x{expected_piece_1:016x}"));
    for (h, p) in hex.iter().zip(&s.pieces) {
        let v = u64::from_str_radix(&h[2..], 16).unwrap();
        assert_eq!(v & 0xffff, p.length, "distance bits");
    }
}

#[test]
fn the_admissible_constant_is_170_not_193() {
    // The 5-tile move from track step 36 (6,8) onto goal tile b (5,8) is 850 units: 170 per tile.
    let board = Board::load("maedn").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let m = race.moves(36, 1).find(|m| m.to == 41).unwrap();
    assert_eq!((m.roll, m.cost), (5, 850));
    let mut ratio = f64::INFINITY;
    for t in race.targets() {
        for s in 0..race.target_step(t) {
            for m in race.moves(s, t) {
                ratio = ratio.min(m.cost as f64 / m.roll as f64);
            }
        }
    }
    assert_eq!(ratio, 170.0);
    // The library's own ratio agrees, and is the admissible estimate's rate.
    let r = Ratio::of(&race);
    assert_eq!(
        (r.cost, r.tiles, r.text()),
        (Some(850), 5, "170".to_string())
    );
    let t = race.target_step(3);
    let table = Estimate::Admissible.table(&race, 3);
    assert_eq!(table[0], Some(170 * t as u64));
    assert_eq!(table[t], Some(0));
    // The paper's 193 per tile counts the target tile once more; Listing 9's does not.
    assert_eq!(Estimate::Paper.table(&race, 3)[t], Some(193));
    assert_eq!(Estimate::Listing.table(&race, 3)[t], Some(0));
}

/// The searches that can run for minutes count their nodes into a shared counter as they go (for
/// `solve`'s display on a terminal): each piece's search adds `Progress::EVERY` every time it is
/// about to expand a node past a multiple of it. The single-pass table searches add nothing.
#[test]
fn long_searches_report_their_nodes_as_they_run() {
    let board = Board::load("maedn").unwrap();
    let every = Progress::EVERY;
    for (name, reports) in [
        ("bnb-paper/bitboard", true),
        ("idastar-doubling/step", true),
        ("dp/step", false),
    ] {
        let progress = Progress::default();
        let budget = Budget {
            nodes: DEFAULT_BUDGET,
            progress: Some(&progress),
        };
        let Solved::PerMove(s) = solve_player(&board, 0, Method::find(name).unwrap(), budget)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
        else {
            panic!("{name}: the standard board rounds per move");
        };
        assert_eq!(s.total, paper::TOTAL, "{name}");
        let expect: u64 = s.pieces.iter().map(|p| (p.nodes - 1) / every * every).sum();
        assert_eq!(progress.nodes(), if reports { expect } else { 0 }, "{name}");
        assert_eq!(expect > 0, reports, "{name}: {} nodes", s.nodes);
    }
}
