//! The real binary: `boardpath boards`, rule overrides on `solve` (the `rules:` line and totals),
//! and clear errors with the right exit codes for invalid override values.

mod common;

use common::{json_results as json, run, stdout};

/// The first player's total from `solve ... --format json`.
fn total(args: &[&str]) -> u64 {
    let mut a = vec!["solve"];
    a.extend_from_slice(args);
    a.extend_from_slice(&["--format", "json"]);
    json(&a)[0]["total"].as_u64().expect("a whole-unit total")
}

/// Exit code and stderr of a command that must fail.
fn failure(args: &[&str]) -> (i32, String) {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} succeeded");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn boards_json_lists_every_embedded_board() {
    let v = json(&["boards", "--format", "json"]);
    let boards = v.as_array().expect("an array");
    let row = |b: &serde_json::Value| {
        (
            b["short_name"].as_str().unwrap().to_string(),
            b["players"].as_array().unwrap().len(),
            b["track_length"].as_u64().unwrap(),
            b["rules"]["goal_mode"].as_str().unwrap().to_string(),
        )
    };
    let rows: Vec<_> = boards.iter().map(row).collect();
    let expected = [
        ("maedn", 4, 40, "slots"),
        ("maedn-official", 4, 40, "slots"),
        ("maedn-6", 6, 60, "slots"),
        ("ludo", 4, 52, "stack"),
        ("parcheesi", 4, 68, "stack"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|&(n, p, t, g)| (n.to_string(), p, t, g.to_string()))
        .collect();
    assert_eq!(rows, expected);
    for b in boards {
        assert!(!b["source"].as_str().unwrap().is_empty());
        assert!(!b["name"].as_str().unwrap().is_empty());
        for p in b["players"].as_array().unwrap() {
            assert_eq!(p["pieces"], 4);
        }
    }
    assert_eq!(boards[1]["rules"]["moves_in_goal"], true);
    assert_eq!(boards[3]["players"][0]["track_steps"], 51);
    assert_eq!(boards[4]["players"][0]["track_steps"], 64);
    assert_eq!(boards[4]["players"][0]["goal_tiles"], 8);
}

#[test]
fn every_board_validates_by_name_and_by_file() {
    let names = ["maedn", "maedn-official", "maedn-6", "ludo", "parcheesi"];
    let files: Vec<String> = names.iter().map(|n| format!("boards/{n}.toml")).collect();
    let mut args = vec!["validate"];
    args.extend(names);
    args.extend(files.iter().map(String::as_str));
    let text = stdout(&args);
    assert_eq!(
        text.lines().filter(|l| l.ends_with(": OK")).count(),
        10,
        "{text}"
    );
}

#[test]
fn boards_text_names_every_board_with_rules_and_source() {
    let text = stdout(&["boards"]);
    for name in [
        "maedn ",
        "maedn-official ",
        "maedn-6 ",
        "ludo ",
        "parcheesi ",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    assert_eq!(text.matches("source:").count(), 5, "{text}");
    assert!(text.contains("slots goal, moves in goal"), "{text}");
    assert!(text.contains("players: 6 (black, yellow, green, red, blue, purple)"));
}

#[test]
fn moves_in_goal_on_maedn_gives_the_official_total() {
    let official = total(&["maedn-official"]);
    assert_eq!(total(&["maedn", "--moves-in-goal"]), official);
    assert_eq!(
        total(&["maedn-official", "--no-moves-in-goal"]),
        total(&["maedn"])
    );
    assert!(official < total(&["maedn"]));
    let text = stdout(&["solve", "maedn", "--moves-in-goal"]);
    assert!(
        text.contains(
            "rules:  die [1, 2, 3, 4, 5, 6], euclidean, per-move rounding, slots goal, moves in goal"
        ),
        "{text}"
    );
}

/// See `a_bigger_die_never_costs_more` in tests/boards.rs for why 1-8 can only help.
#[test]
fn a_bigger_die_is_applied_and_never_costs_more() {
    for board in ["maedn", "ludo", "parcheesi"] {
        assert!(total(&[board, "--die", "1,2,3,4,5,6,7,8"]) <= total(&[board]));
    }
    assert!(total(&["maedn", "--die", "1,2,3,4,5,6,7,8"]) < total(&["maedn"]));
    let text = stdout(&["solve", "ludo", "--die", "1,2,3,4,5,6,7,8"]);
    assert!(
        text.contains(
            "rules:  die [1, 2, 3, 4, 5, 6, 7, 8], euclidean, per-move rounding, stack goal"
        ),
        "{text}"
    );
}

#[test]
fn every_board_prints_the_rules_it_used() {
    for board in ["maedn", "maedn-official", "maedn-6", "ludo", "parcheesi"] {
        let text = stdout(&[
            "solve",
            board,
            "--metric",
            "manhattan",
            "--rounding",
            "exact",
            "--goal-mode",
            "stack",
        ]);
        assert!(
            text.contains(
                "rules:  die [1, 2, 3, 4, 5, 6], manhattan, exact rounding, stack goal\n"
            ),
            "{board}:\n{text}"
        );
        let v = json(&["solve", board, "--player", "all", "--format", "json"]);
        let totals: Vec<_> = v.as_array().unwrap().iter().map(|s| &s["total"]).collect();
        assert!(
            totals.iter().all(|t| *t == totals[0]),
            "{board}: {totals:?}"
        );
    }
}

#[test]
fn invalid_override_values_are_usage_errors() {
    for (args, message) in [
        (vec!["--die", "0"], "die face 0 is not a positive integer"),
        (vec!["--die", "1,x"], "die face \"x\" is not an integer"),
        (vec!["--die", "2,2"], "die face 2 appears twice"),
        (
            vec!["--metric", "taxi"],
            "expected one of \"euclidean\", \"manhattan\", \"chebyshev\"",
        ),
        (
            vec!["--rounding", "floor"],
            "expected one of \"per-move\", \"exact\"",
        ),
        (
            vec!["--goal-mode", "pile"],
            "expected one of \"slots\", \"stack\"",
        ),
        (
            vec!["--moves-in-goal", "--no-moves-in-goal"],
            "cannot be used with",
        ),
    ] {
        let mut a = vec!["solve", "ludo"];
        a.extend(args.iter().copied());
        let (code, err) = failure(&a);
        assert_eq!(code, 2, "{a:?}: {err}");
        assert!(err.contains(message), "{a:?}: {err}");
        assert!(!err.contains("internal error"), "{a:?}: {err}");
    }
}

#[test]
fn overrides_a_board_cannot_take_are_clear_errors() {
    let (code, err) = failure(&["solve", "ludo", "--goal-mode", "slots"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("player \"green\" has 6 goal tiles for 4 pieces; use goal_mode \"stack\""),
        "{err}"
    );
    // The bit-board solves exact rounding now (the distance rides beside the word) ...
    let exact = |encoding: &str| {
        let v = json(&[
            "solve",
            "parcheesi",
            "--rounding",
            "exact",
            "--encoding",
            encoding,
            "--format",
            "json",
        ]);
        v[0]["total"].as_f64().unwrap()
    };
    assert!((exact("bitboard") - exact("graph")).abs() < 1e-9);
    // ... but a board needs one bit per tile, and 128 is the most it has.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    let text = stdout(&[
        "generate",
        "--tiles",
        "200",
        "--players",
        "1",
        "--pieces",
        "4",
        "--faces",
        "6",
        "--seed",
        "1",
    ]);
    std::fs::write(&big, text).unwrap();
    let (code, err) = failure(&["solve", big.to_str().unwrap(), "--encoding", "bitboard"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("bits (4 waiting + 200 track + 4 goal tiles), more than the 128"),
        "{err}"
    );
    assert!(err.contains("see `boardpath methods`"), "{err}");
    let (code, err) = failure(&["solve", "maedn", "--die", "1,2,3"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot finish"), "{err}");
    let (code, err) = failure(&["solve", "no-such-board"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("embedded boards are: maedn, maedn-official, maedn-6, ludo, parcheesi"),
        "{err}"
    );
}
