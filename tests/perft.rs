//! Perft-style node counts: exact calls of the recursive search per board and method, from a table.
//!
//! The standard board's `bnb-none`, `bnb-paper` counts are the paper's (section 4.2); `bnb-listing`
//! is what its printed Listing 9 does, and its calls cut short (returning at once) are the final
//! paper's "calls immediately cut short". The others are ours, pinned so that any change to the
//! search shows. `bnb/bitboard` is the default bit-board search (the exact remaining distance as
//! its bound, children least bound first, dominance pruning and a tie-safe cut-off: the optimal
//! path's 8 rolls entered, 5 to 6 children each), not the paper's; with the board's least cost per
//! tile as its bound and children in roll order it made 2,842 calls here.

use boardpath::board::Board;
use boardpath::race::{Race, player_index};
use boardpath::solve::{DEFAULT_BUDGET, Method, solve_race};

/// One row: the board, player and method, the calls summed over the pieces, the calls per piece in
/// finishing order (zeros: not pinned; the first piece always is), and the calls cut short summed
/// over the pieces (`None`: not pinned).
struct Row {
    board: &'static str,
    player: &'static str,
    method: &'static str,
    total: u64,
    per_piece: [u64; 4],
    cut_short: Option<u64>,
}

const TABLE: &[Row] = &[
    Row {
        board: "maedn",
        player: "black",
        method: "bnb-paper/bitboard",
        total: 14_282_614,
        per_piece: [11_707_838, 749_709, 495_940, 1_329_127],
        cut_short: Some(11_892_769),
    },
    Row {
        board: "maedn",
        player: "black",
        method: "bnb-listing/bitboard",
        total: 18_526_851,
        per_piece: [15_153_411, 0, 0, 0],
        cut_short: Some(15_422_842),
    },
    Row {
        board: "maedn",
        player: "black",
        method: "bnb-admissible/bitboard",
        total: 31_773_455,
        per_piece: [25_630_223, 0, 0, 0],
        cut_short: Some(26_452_919),
    },
    Row {
        board: "maedn",
        player: "black",
        method: "bnb-exact/bitboard",
        total: 877,
        per_piece: [226, 0, 0, 0],
        cut_short: Some(661),
    },
    Row {
        board: "maedn",
        player: "red",
        method: "bnb-paper/bitboard",
        total: 14_282_614,
        per_piece: [11_707_838, 749_709, 495_940, 1_329_127],
        cut_short: Some(11_892_769),
    },
    Row {
        board: "maedn",
        player: "black",
        method: "bnb/bitboard",
        total: 172,
        per_piece: [43, 43, 43, 43],
        cut_short: Some(140),
    },
    Row {
        board: "maedn",
        player: "red",
        method: "bnb/bitboard",
        total: 172,
        per_piece: [43, 43, 43, 43],
        cut_short: Some(140),
    },
    Row {
        board: "maedn",
        player: "black",
        method: "bnb-none/bitboard",
        total: 660_449_985,
        per_piece: [500_590_203, 0, 0, 0],
        cut_short: Some(549_834_342),
    },
];

#[test]
fn node_counts_match_the_table() {
    for row in TABLE {
        let &Row {
            board: name,
            player,
            method,
            total,
            per_piece,
            cut_short,
        } = row;
        // The 660-million-call run takes seconds in a release build and minutes in a debug one.
        if method == "bnb-none/bitboard" && cfg!(debug_assertions) {
            eprintln!(
                "skipping {name} {player} {method} in a debug build; run cargo test --release"
            );
            continue;
        }
        let board = Board::load(name).unwrap();
        let p = player_index(&board, player).unwrap();
        let race = Race::<u64>::new(&board, p).unwrap();
        let s = solve_race(&board, &race, Method::find(method).unwrap(), DEFAULT_BUDGET)
            .unwrap_or_else(|e| panic!("{name} {player} {method}: {e}"));
        assert_eq!(
            s.total, 83047,
            "{name} {player} {method}: every row is optimal"
        );
        assert_eq!(s.nodes, total, "{name} {player} {method}");
        let counts: Vec<u64> = s.pieces.iter().map(|p| p.nodes).collect();
        for (i, (&got, &want)) in counts.iter().zip(&per_piece).enumerate() {
            if want != 0 {
                assert_eq!(got, want, "{name} {player} {method} piece {}", i + 1);
            }
        }
        assert_eq!(counts.iter().sum::<u64>(), total);
        if let Some(cut) = cut_short {
            assert_eq!(s.cut_short, cut, "{name} {player} {method}: cut short");
        }
        assert_eq!(
            s.pieces.iter().map(|p| p.cut_short).sum::<u64>(),
            s.cut_short
        );
        // Every call cut short was a call.
        assert!(s.cut_short < s.nodes, "{name} {player} {method}");
    }
}
