//! Perft-style node counts: exact calls of the recursive search per board and bound, from a table.
//!
//! The standard board's `none`, `paper` counts are the paper's (section 4.2); `listing` is what its
//! printed Listing 9 does. The others are ours, pinned so that any change to the search shows.

use boardpath::board::Board;
use boardpath::encoding::bitboard::Bound;
use boardpath::solve::{EncodingChoice, solve};

/// (board, player, bound, calls summed over the pieces, calls per piece in finishing order).
const TABLE: &[(&str, &str, Bound, u64, [u64; 4])] = &[
    (
        "maedn",
        "black",
        Bound::Paper,
        14_282_614,
        [11_707_838, 749_709, 495_940, 1_329_127],
    ),
    (
        "maedn",
        "black",
        Bound::Listing,
        18_526_851,
        [15_153_411, 0, 0, 0],
    ),
    (
        "maedn",
        "black",
        Bound::Admissible,
        31_773_455,
        [25_630_223, 0, 0, 0],
    ),
    ("maedn", "black", Bound::Exact, 877, [226, 0, 0, 0]),
    (
        "maedn",
        "red",
        Bound::Paper,
        14_282_614,
        [11_707_838, 749_709, 495_940, 1_329_127],
    ),
    (
        "maedn",
        "black",
        Bound::None,
        660_449_985,
        [500_590_203, 0, 0, 0],
    ),
];

#[test]
fn node_counts_match_the_table() {
    for &(name, player, bound, total, per_piece) in TABLE {
        // The 660-million-call run takes seconds in a release build and minutes in a debug one.
        if bound == Bound::None && cfg!(debug_assertions) {
            eprintln!(
                "skipping {name} {player} {bound:?} in a debug build; run cargo test --release"
            );
            continue;
        }
        let board = Board::load(name).unwrap();
        let p = board.players.iter().position(|p| p.name == player).unwrap();
        let s = solve::<u64>(&board, p, EncodingChoice::Bitboard(bound)).unwrap();
        assert_eq!(s.nodes, total, "{name} {player} {bound:?}");
        let counts: Vec<u64> = s.pieces.iter().map(|p| p.nodes).collect();
        // Zeros in the table mean "not pinned"; the first piece always is.
        for (i, (&got, &want)) in counts.iter().zip(&per_piece).enumerate() {
            if want != 0 {
                assert_eq!(got, want, "{name} {player} {bound:?} piece {}", i + 1);
            }
        }
        assert_eq!(counts.iter().sum::<u64>(), total);
    }
}
