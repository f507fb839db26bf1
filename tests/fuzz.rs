//! Fuzzing the loader: arbitrary bytes and mutated valid boards never panic. Whatever loads is then
//! compiled into races and solved, which must not panic either: an error is a value, never a crash.

use boardpath::board::{Board, embedded};
use boardpath::race;
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 2000,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/fuzz.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Loads `text`; if it is a board, checks and solves every player with the fastest method.
fn exercise(text: &str) {
    let Ok(board) = Board::from_toml(text, "fuzz") else {
        return;
    };
    let method = Method::find("dp/step").expect("a catalogue method");
    for p in 0..board.players.len() {
        if race::check(&board, p).is_ok() {
            // Small boards only: a mutation can make a huge number, which the race refuses or
            // solves; either way no panic.
            let _ = solve(&board, p, method, DEFAULT_BUDGET);
        }
    }
}

/// One edit of a valid board: replace, insert or delete a byte range with bytes from a small
/// alphabet of TOML's punctuation, digits and signs.
fn mutate(text: &str, edits: &[(usize, usize, String)]) -> String {
    let mut t = text.to_string();
    for (at, len, with) in edits {
        let at = t.floor_char_boundary(at % (t.len() + 1));
        let end = t.floor_char_boundary((at + len).min(t.len()));
        t.replace_range(at..end, with);
    }
    t
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        exercise(&text);
    }

    #[test]
    fn mutated_boards_never_panic(
        board in 0usize..5,
        edits in proptest::collection::vec(
            (any::<usize>(), 0usize..12, "[\\[\\]{}=,.\"\\-+0-9eEinfa#\\n ]{0,6}"),
            1..4,
        ),
    ) {
        let (_, text) = embedded::BOARDS[board % embedded::BOARDS.len()];
        exercise(&mutate(text, &edits));
    }
}
