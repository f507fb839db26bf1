//! Every kind of bad input: a clear message naming the file, the line and column, the offending
//! key or value and what would be valid; exit 1; never a panic or a backtrace.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// A valid board; each case edits one thing in it.
const VALID: &str = r#"[board]
name = "tiny"
scale = { units = 1000, cm = 10 }
grid = { origin = [0, 0], spacing = 100 }

[rules]
die = [1, 2, 3]
metric = "euclidean"
rounding = "per-move"
goal_mode = "slots"

[track]
tiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]]

[[players]]
name = "red"
start = 0
track_steps = 6
base = [[0, 3], [1, 3]]
goal = [[3, 0], [3, 1]]
"#;

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap()
}

/// Writes `text` to a file, runs `validate` and `solve` on it, checks both fail cleanly with
/// `expect` in the message at `line` (when the file gives a place), and returns the message.
fn check(text: &str, expect: &str, line: Option<usize>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let mut last = String::new();
    for args in [vec!["validate", p], vec!["solve", p]] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{args:?} on\n{text}\nstderr: {err}"
        );
        assert!(
            out.stdout.is_empty() || args[0] == "validate",
            "{args:?} printed a result"
        );
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{err}"
        );
        assert!(err.contains(expect), "expected {expect:?} in: {err}");
        if let Some(line) = line {
            assert!(
                err.contains(&format!("{p}:{line}:")),
                "expected {p}:{line}: in: {err}"
            );
        }
        last = err;
    }
    last
}

fn edit(from: &str, to: &str) -> String {
    assert!(VALID.contains(from), "{from}");
    VALID.replacen(from, to, 1)
}

#[test]
fn the_valid_board_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ok.toml");
    std::fs::write(&path, VALID).unwrap();
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(": OK\n"));
}

#[test]
fn missing_file() {
    let out = run(&["solve", "no/such/board.toml"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("no/such/board.toml: cannot read board file"),
        "{err}"
    );
}

#[test]
fn unreadable_file() {
    // A directory exists but cannot be read as a file.
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["solve", dir.path().to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot read board file"), "{err}");
}

#[test]
fn unknown_board_name_lists_the_embedded_ones() {
    let out = run(&["solve", "monopoly"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("monopoly") && err.contains("embedded boards are: maedn"),
        "{err}"
    );
}

#[test]
fn not_toml() {
    check("[board\nname = 1", "", Some(1));
}

#[test]
fn unknown_key() {
    let e = check(
        &edit("metric = \"euclidean\"", "metrik = \"euclidean\""),
        "unknown field `metrik`",
        Some(8),
    );
    assert!(e.contains("metric"), "lists valid keys: {e}");
}

#[test]
fn missing_required_key() {
    check(
        &edit("name = \"tiny\"\n", ""),
        "missing field `name`",
        Some(1),
    );
}

#[test]
fn wrong_type() {
    check(
        &edit("start = 0", "start = \"zero\""),
        "invalid type: string \"zero\"",
        Some(17),
    );
}

#[test]
fn empty_track() {
    check(
        &edit(
            "tiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]]",
            "tiles = []",
        ),
        "at least 2 tiles",
        Some(13),
    );
}

#[test]
fn one_tile_track() {
    check(
        &edit(
            "tiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]]",
            "tiles = [[0, 0]]",
        ),
        "has 1 tile(s)",
        Some(13),
    );
}

#[test]
fn duplicate_track_tile() {
    check(
        &edit("[1, 1], [0, 1]]", "[1, 1], [1, 0]]"),
        "track tile 5 at [1, 0] repeats track tile 1",
        Some(13),
    );
}

#[test]
fn no_players() {
    let text = VALID.split("[[players]]").next().unwrap();
    check(text, "no [[players]]", None);
}

#[test]
fn duplicate_player_name() {
    let second = VALID.split_once("[[players]]").unwrap().1;
    check(
        &format!("{VALID}\n[[players]]{second}"),
        "duplicate player name \"red\"",
        Some(23),
    );
}

#[test]
fn start_out_of_range() {
    check(
        &edit("start = 0", "start = 6"),
        "start = 6 is out of range; it indexes track.tiles, so it must be 0 to 5",
        Some(17),
    );
    check(
        &edit("start = 0", "start = -1"),
        "start = -1 is out of range",
        Some(17),
    );
}

/// Whole numbers past 64 bits (which `toml` reads as 128-bit) are refused with their field's
/// range, as a small one is; past 128 bits `toml` stops, and the message says how large a board's
/// numbers are. Coordinates and scales take such integers as numbers.
#[test]
fn integers_past_64_bits_name_their_fields_range() {
    for (from, to, expect, line) in [
        (
            "start = 0",
            "start = 99999999999999999999",
            "start = 99999999999999999999 is out of range; it indexes track.tiles, so it must be 0 \
             to 5",
            17,
        ),
        (
            "start = 0",
            "start = -18446744073709551616",
            "start = -18446744073709551616 is out of range; it indexes track.tiles, so it must be \
             0 to 5",
            17,
        ),
        (
            "track_steps = 6",
            "track_steps = 18446744073709551617",
            "track_steps = 18446744073709551617 must be 1 to 6 (the track length)",
            18,
        ),
        (
            "die = [1, 2, 3]",
            "die = [1, 2, 99999999999999999999]",
            "rules.die: die face 99999999999999999999 is too large; faces must be 1 to 4294967295",
            7,
        ),
        (
            "start = 0",
            "start = 999999999999999999999999999999999999999999",
            "integer number overflowed: a whole number in a board file is at most 39 digits, and \
             each field takes far fewer (an index into track.tiles is 0 to the track length - 1, \
             a die face 1 to 4294967295)",
            17,
        ),
    ] {
        let err = check(&edit(from, to), expect, Some(line));
        assert!(!err.contains("i128") && !err.contains("i64"), "{err}");
    }
    let safe = check(
        &edit(
            "tiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]]",
            "tiles = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1]]\nsafe = [2, 99999999999999999999]",
        ),
        "track.safe: 99999999999999999999 is out of range; it indexes track.tiles, so it must be \
         0 to 5",
        Some(14),
    );
    assert!(!safe.contains("i128"), "{safe}");
    // A coordinate written as a huge integer is a number: the board is refused for its size.
    check(
        &edit("[[0, 3], [1, 3]]", "[[0, 3], [99999999999999999999, 3]]"),
        "units, beyond",
        None,
    );
}

#[test]
fn track_steps_zero_or_too_large() {
    check(
        &edit("track_steps = 6", "track_steps = 0"),
        "track_steps = 0 must be 1 to 6",
        Some(18),
    );
    check(
        &edit("track_steps = 6", "track_steps = 7"),
        "track_steps = 7 must be 1 to 6",
        Some(18),
    );
}

#[test]
fn empty_base() {
    check(
        &edit("base = [[0, 3], [1, 3]]", "base = []"),
        "base is empty",
        Some(19),
    );
}

#[test]
fn slots_goal_and_base_differ() {
    check(
        &edit("goal = [[3, 0], [3, 1]]", "goal = [[3, 0]]"),
        "goal has 1 tile and base has 2 pieces",
        Some(20),
    );
}

#[test]
fn empty_goal() {
    check(
        &edit("goal = [[3, 0], [3, 1]]", "goal = []"),
        "goal is empty",
        Some(20),
    );
}

#[test]
fn bad_die() {
    check(
        &edit("die = [1, 2, 3]", "die = []"),
        "die has no faces",
        Some(7),
    );
    check(
        &edit("die = [1, 2, 3]", "die = [0, 1]"),
        "die face 0 is not a positive integer",
        Some(7),
    );
    check(
        &edit("die = [1, 2, 3]", "die = [1, -2]"),
        "die face -2 is not a positive integer",
        Some(7),
    );
    check(
        &edit("die = [1, 2, 3]", "die = [1, 2, 2]"),
        "die face 2 appears twice",
        Some(7),
    );
}

#[test]
fn non_finite_coordinates() {
    check(
        &edit("[2, 1], [1, 1]", "[2, nan], [1, 1]"),
        "position [2, NaN] is not finite",
        Some(13),
    );
    check(
        &edit("base = [[0, 3]", "base = [[inf, 3]"),
        "position [inf, 3] is not finite",
        Some(19),
    );
}

#[test]
fn grid_spacing_not_positive() {
    check(
        &edit("spacing = 100", "spacing = 0"),
        "grid.spacing = 0 must be a positive finite number",
        Some(4),
    );
    check(
        &edit("spacing = 100", "spacing = -5"),
        "grid.spacing = -5 must be a positive",
        Some(4),
    );
}

#[test]
fn unknown_choices_list_valid_values() {
    check(
        &edit("\"euclidean\"", "\"taxicab\""),
        "unknown metric \"taxicab\"; expected one of \"euclidean\", \"manhattan\", \"chebyshev\"",
        Some(8),
    );
    check(
        &edit("\"per-move\"", "\"floor\""),
        "unknown rounding \"floor\"; expected one of \"per-move\", \"exact\"",
        Some(9),
    );
    check(
        &edit("\"slots\"", "\"pile\""),
        "unknown goal_mode \"pile\"; expected one of \"slots\", \"stack\"",
        Some(10),
    );
}

#[test]
fn every_problem_is_listed_not_just_the_first() {
    let text = edit("start = 0", "start = 9").replace("die = [1, 2, 3]", "die = [0]");
    let e = check(&text, "start = 9", Some(17));
    assert!(e.contains(":7:") && e.contains("die face 0"), "{e}");
}

#[test]
fn piece_that_cannot_reach_its_target() {
    // Die [2]: only even steps; goal tile b is step 7.
    let e = check(
        &edit("die = [1, 2, 3]", "die = [2]"),
        "player \"red\", piece 1 (target goal tile b) cannot finish",
        None,
    );
    assert!(e.contains("with die [2]"), "{e}");
}

#[test]
fn bad_command_line_values() {
    for (args, expect) in [
        (
            vec!["solve", "--metric", "taxicab"],
            "unknown metric \"taxicab\"",
        ),
        (
            vec!["solve", "--die", "1,0"],
            "die face 0 is not a positive integer",
        ),
        (
            vec!["solve", "--bound", "tight", "--encoding", "bitboard"],
            "unknown bound \"tight\"",
        ),
        (
            vec!["solve", "--bound", "paper"],
            "--bound applies to --encoding bitboard only",
        ),
        (vec!["frobnicate"], "unrecognized subcommand"),
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
    let out = run(&["solve", "--player", "purple"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("no player \"purple\"") && err.contains("black, yellow, green, red"),
        "{err}"
    );
}

#[test]
fn bad_bitboard_values() {
    // Malformed on the command line: a usage error (2), as a bad `--die` is; well-formed but too
    // wide for the board: wrong data (1).
    for (v, expect, code) in [
        ("12", "must start with 0x", 2),
        ("0xzz", "'z' is not a hex digit", 2),
        ("0x1ffffffffffffffffff", "73 significant bits", 1),
    ] {
        let out = run(&["decode", v]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{v}: {err}");
        assert!(err.contains(expect), "{v}: {err}");
    }
}

/// Costs the cost type cannot hold exactly are refused, naming the move, its length and the limit;
/// they used to wrap (a tile at x = 1e308 printed `total 579`) or panic `compare`.
#[test]
fn costs_beyond_exact_arithmetic_are_refused() {
    for far in ["1e300", "3e16"] {
        let text = edit("[1, 0], [2, 0]", &format!("[{far}, 0], [2, 0]"));
        let err = check(
            &text,
            "player \"red\": the move of 1 from track tile 0 to track tile 1 is",
            None,
        );
        assert!(err.contains("beyond 9.007199254740992e15"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("far.toml");
        std::fs::write(&path, &text).unwrap();
        let out = run(&["compare", path.to_str().unwrap(), "--repeat", "1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains("the largest this board's rounding counts"),
            "{err}"
        );
        // Several boards may be compared: the message says which one.
        assert!(
            err.starts_with(&format!("error: {}: player \"red\"", path.display())),
            "{err}"
        );
    }
    // Just below the limit it solves, and exactly.
    let near = edit("[1, 0], [2, 0]", "[20000000000000, 0], [2, 0]");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("near.toml");
    std::fs::write(&path, near).unwrap();
    assert!(run(&["solve", path.to_str().unwrap()]).status.success());
}

/// Finite numbers that a transform makes infinite are refused where they are written.
#[test]
fn coordinates_and_scales_that_overflow_are_refused() {
    let text = edit("spacing = 100", "spacing = 1e308");
    let err = check(
        &text,
        "after grid.origin and grid.spacing, which is not finite",
        Some(13),
    );
    assert!(
        err.contains("track tile cell [2, 0] lies at [inf, 0] units"),
        "{err}"
    );
    assert!(
        err.contains("base cell [1, 3] lies at [1e308, inf] units"),
        "{err}"
    );
    let text = edit("units = 1000, cm = 10", "units = 1e-320, cm = 1");
    check(&text, "cm per unit, which is not finite", Some(3));
}

/// Messages say what is really wrong: `decode` draws one player (`all` is not one), and `.svg` alone
/// is a hidden file's name, not an extension.
#[test]
fn messages_name_the_real_problem() {
    let out = run(&["decode", "--player", "all", "0x1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim(),
        "error: decode draws one player's bit-board: name the player with --player NAME"
    );
    let out = run(&["render", "-o", "out/.svg"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("\".svg\" is a name with no extension (a leading dot is part of the name)"),
        "{err}"
    );
}

/// A position is exactly two numbers: a third element, however odd, is an error at its place
/// (it used to be dropped silently).
#[test]
fn positions_with_extra_elements_are_refused() {
    for extra in ["[2, 0, 5]", "[2, 0, \"junk\", {a = 1}]"] {
        let text = edit("[2, 0], [2, 1]", &format!("{extra}, [2, 1]"));
        check(
            &text,
            "expected a position [x, y] of exactly two numbers",
            Some(13),
        );
    }
    let text = edit("origin = [0, 0]", "origin = [0, 0, 99]");
    check(
        &text,
        "invalid length 3, expected a position [x, y] of exactly two numbers",
        Some(4),
    );
    let text = edit("base = [[0, 3], [1, 3]]", "base = [[0, 3, 1], [1, 3]]");
    check(&text, "invalid length 3", Some(19));
}

/// A key given twice is named.
#[test]
fn a_duplicate_key_is_named() {
    let text = edit("name = \"tiny\"", "name = \"tiny\"\nname = \"again\"");
    check(
        &text,
        "duplicate key `name`: a key may appear once in a table; keep one",
        Some(3),
    );
}

/// A goal tile where a track tile is is legal but most likely a typo: a warning at its place, on
/// every command that loads the board, which still loads and solves.
#[test]
fn a_goal_tile_on_the_track_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.toml");
    std::fs::write(
        &path,
        edit("goal = [[3, 0], [3, 1]]", "goal = [[2, 1], [3, 1]]"),
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let expect = format!(
        "warning: {p}:20:9: player \"red\": goal tile a at [2, 1] is at the position of track tile 3; a finished piece would stand on the track (is a coordinate wrong?)\n"
    );
    let out = run(&["validate", p]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{p}: OK\n"));
    assert_eq!(String::from_utf8_lossy(&out.stderr), expect);
    let out = run(&["solve", p]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("total"));
    assert_eq!(String::from_utf8_lossy(&out.stderr), expect);
    // The valid board has none.
    std::fs::write(&path, VALID).unwrap();
    assert!(run(&["validate", p]).stderr.is_empty());
}

/// Control, invisible and bidirectional characters in names and free text are refused at their
/// line and column, and quoted escaped: none reaches the terminal raw.
#[test]
fn hidden_characters_in_names_and_descriptions() {
    // An OSC sequence that would retitle the terminal, written as TOML escapes.
    let err = check(
        &edit("name = \"tiny\"", "name = \"\\u001b]0;pwned\\u0007tiny\""),
        "bad.toml:2:8: board.name \"\\u{001B}]0;pwned\\u{0007}tiny\" holds U+001B, a control character; names are refused with one, as it would reach a terminal raw or make one name look like another: remove it",
        Some(2),
    );
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    // A zero-width space written as itself: its own column.
    let err = check(
        &edit("name = \"red\"", "name = \"\u{200B}red\""),
        "bad.toml:16:9: players.name \"\\u{200B}red\" holds U+200B, an invisible or bidirectional character",
        Some(16),
    );
    assert!(!err.contains('\u{200B}'), "{err:?}");
    // A right-to-left override in a description; new lines and tabs there are fine.
    check(
        &edit(
            "name = \"tiny\"",
            "name = \"tiny\"\ndescription = \"\"\"line one\n\tline two \u{202E}owt enil\"\"\"",
        ),
        "bad.toml:4:11: board.description \"line one\\u{000A}\\u{0009}line two \\u{202E}owt enil\" holds U+202E",
        Some(4),
    );
    let fine = edit(
        "name = \"tiny\"",
        "name = \"tiny\"\ndescription = \"\"\"line one\n\tline two\"\"\"",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fine.toml");
    std::fs::write(&path, fine).unwrap();
    assert_eq!(
        run(&["validate", path.to_str().unwrap()]).status.code(),
        Some(0)
    );
}
