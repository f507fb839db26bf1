//! Resource limits: values that would need more memory than a machine has are refused before
//! anything is allocated, with the limit named, instead of aborting or hanging.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// Runs the binary; returns the exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn huge_option_values_are_usage_errors_naming_the_range() {
    for (args, range) in [
        (
            &["compare", "maedn", "--repeat", "2305843009213693952"][..],
            "1 to 10000",
        ),
        (
            &["generate", "--tiles", "18446744073709551615"],
            "2 to 2000000",
        ),
        (&["generate", "--tiles", "1000000000"], "2 to 2000000"),
        (&["generate", "--pieces", "100000000000"], "1 to 100000"),
        (&["generate", "--faces", "4000000000"], "1 to 1000"),
    ] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!("out of range; valid: {range}")),
            "{args:?}: {err}"
        );
    }
}

/// A generated 30,000-tile, one-player board (in a directory that lives as long as the first
/// value) and a 1,000-face die (`1,2,...,1000`): together past the race's move limit.
fn long_board_and_big_die() -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("long.toml");
    let out = Command::new(BIN)
        .args(["generate", "--tiles", "30000", "--players", "1", "-o"])
        .arg(&board)
        .output()
        .unwrap();
    assert!(out.status.success());
    let die: Vec<String> = (1..=1000).map(|f| f.to_string()).collect();
    (dir, board, die.join(","))
}

#[test]
fn a_race_too_big_to_compile_is_refused_before_it_is_built() {
    let (_dir, board, die) = long_board_and_big_die();
    let (code, err) = run(&["solve", board.to_str().unwrap(), "--die", &die]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "30004 steps x 1000 die faces is more moves than the 20000000 a race may have"
        ),
        "{err}"
    );
}

/// A board too wide for the bit-board is refused before its race is compiled: here the race alone
/// would be refused too (too many moves), and the bit-board's message comes first.
#[test]
fn the_bitboard_refuses_before_the_race_is_built() {
    let (_dir, board, die) = long_board_and_big_die();
    let path = board.to_str().unwrap();
    let (code, err) = run(&["solve", path, "--encoding", "bitboard", "--die", &die]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("this board needs 30008 bits (4 waiting + 30000 track + 4 goal tiles)"),
        "{err}"
    );
    let (code, err) = run(&["decode", path, "0x1", "--player", "p0"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("needs 30008 bits"), "{err}");
}

/// `decode` draws only the cells that hold a tile: one cell far away is a `⋮` and a `…`, not a
/// page of blanks (it used to draw 100,000 x 100,000 empty cells).
#[test]
fn decode_draws_only_what_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("far.toml");
    std::fs::write(
        &board,
        "[board]\nname = \"far\"\ngrid = { origin = [0, 0], spacing = 100 }\n[rules]\ndie = [1, 2, 3]\n[track]\ntiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [100000, 100000]]\n[[players]]\nname = \"red\"\nstart = 0\ntrack_steps = 6\nbase = [[0, 3]]\ngoal = [[3, 0]]\n",
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["decode", board.to_str().unwrap(), "0x1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.lines().count() < 20, "{text}");
    assert!(
        text.contains("  a o o g\n    o o\n\n  w\n  \u{22ee}\n  \u{2026} o\n"),
        "{text}"
    );
}
