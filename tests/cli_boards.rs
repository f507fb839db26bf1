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

/// A position as the file gives it, placed as docs/board-format.md says: a grid cell
/// `origin + [col, row] * spacing` on a grid board, else `[x, y]` in units. Returns x, y and the
/// cell, if the position is a whole cell (Ludo's yards lie between cells).
fn place(grid: Option<&toml::Value>, pair: &toml::Value) -> (f64, f64, Option<[i64; 2]>) {
    let num = |v: &toml::Value| v.as_float().or(v.as_integer().map(|i| i as f64)).unwrap();
    let (a, b) = (num(&pair[0]), num(&pair[1]));
    match grid {
        Some(g) => {
            let s = num(&g["spacing"]);
            let (ox, oy) = (num(&g["origin"][0]), num(&g["origin"][1]));
            let whole = a.fract() == 0.0 && b.fract() == 0.0;
            (
                ox + a * s,
                oy + b * s,
                whole.then_some([a as i64, b as i64]),
            )
        }
        None => (a, b, None),
    }
}

/// x, y and cell of an exported tile.
fn exported(t: &serde_json::Value) -> (f64, f64, Option<[i64; 2]>) {
    let cell = t["cell"]
        .as_array()
        .map(|c| [c[0].as_i64().unwrap(), c[1].as_i64().unwrap()]);
    (t["x"].as_f64().unwrap(), t["y"].as_f64().unwrap(), cell)
}

#[test]
fn boards_exports_every_tile_of_each_file_as_the_file_places_it() {
    let names = ["maedn", "maedn-official", "maedn-6", "ludo", "parcheesi"];
    let files: Vec<String> = names.iter().map(|n| format!("boards/{n}.toml")).collect();
    let mut args = vec!["boards"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--format", "json"]);
    let v = json(&args);
    let boards = v.as_array().expect("an array");
    assert_eq!(boards.len(), files.len());
    for (file, b) in files.iter().zip(boards) {
        let text = std::fs::read_to_string(file).unwrap();
        let doc: toml::Value = toml::from_str(&text).unwrap();
        let grid = doc["board"].get("grid");
        assert_eq!(b["origin"], file.as_str());
        assert_eq!(b["short_name"], serde_json::Value::Null, "{file} is a file");
        let track: Vec<_> = b["track"].as_array().unwrap().iter().collect();
        let tiles = doc["track"]["tiles"].as_array().unwrap();
        assert_eq!(track.len(), tiles.len(), "{file}");
        assert_eq!(b["track_length"], tiles.len());
        for (i, (t, pair)) in track.iter().zip(tiles).enumerate() {
            assert_eq!(t["index"], i);
            assert_eq!(exported(t), place(grid, pair), "{file} track {i}");
        }
        let players = doc["players"].as_array().unwrap();
        assert_eq!(b["players"].as_array().unwrap().len(), players.len());
        for (p, raw) in b["players"].as_array().unwrap().iter().zip(players) {
            assert_eq!(p["name"], raw["name"].as_str().unwrap());
            assert_eq!(
                p["start"].as_i64(),
                raw["start"].as_integer(),
                "{file} {}",
                p["name"]
            );
            let base: Vec<_> = p["base"].as_array().unwrap().iter().map(exported).collect();
            let want: Vec<_> = raw["base"]
                .as_array()
                .unwrap()
                .iter()
                .map(|pair| place(grid, pair))
                .collect();
            assert_eq!(base, want, "{file} {} base", p["name"]);
            let goal = p["goal"].as_array().unwrap();
            let raw_goal = raw["goal"].as_array().unwrap();
            assert_eq!(goal.len(), raw_goal.len());
            for (i, (g, pair)) in goal.iter().zip(raw_goal).enumerate() {
                assert_eq!(g["letter"], ((b'a' + i as u8) as char).to_string());
                assert_eq!(exported(g), place(grid, pair), "{file} goal {i}");
            }
        }
    }
    // The standard board, by hand: 40 track tiles from black's A at (4170, 9170) units, cell
    // [4, 10]; each player's goal tiles a to d.
    let maedn = &boards[0];
    assert_eq!(maedn["track"].as_array().unwrap().len(), 40);
    assert_eq!(
        exported(&maedn["track"][0]),
        (4170.0, 9170.0, Some([4, 10]))
    );
    assert_eq!(maedn["grid"]["spacing"], 850.0);
    for p in maedn["players"].as_array().unwrap() {
        let letters: Vec<&str> = p["goal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["letter"].as_str().unwrap())
            .collect();
        assert_eq!(letters, ["a", "b", "c", "d"], "{}", p["name"]);
        assert_eq!(p["base"].as_array().unwrap().len(), 4);
    }
    let starts: Vec<i64> = maedn["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["start"].as_i64().unwrap())
        .collect();
    assert_eq!(starts, [0, 10, 20, 30]);
    // No grid: coordinates only.
    assert_eq!(boards[4]["grid"], serde_json::Value::Null);
    assert_eq!(exported(&boards[4]["track"][0]), (3600.0, 7050.0, None));
}

#[test]
fn boards_exports_embedded_boards_by_name_with_provenance() {
    let out = stdout(&["boards", "maedn", "ludo", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema"], "boardpath.boards/1");
    let results = json(&["boards", "maedn", "ludo", "--format", "json"]);
    let names: Vec<&str> = results
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["short_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["maedn", "ludo"]);
    let sources = doc["provenance"]["boards"].as_array().unwrap();
    for (b, s) in results.as_array().unwrap().iter().zip(sources) {
        assert_eq!(b["origin"], s["origin"]);
        assert_eq!(b["sha256"], s["sha256"]);
    }
    assert_eq!(sources[1]["origin"], "embedded:ludo");
    // Ludo: 52 squares, a home column of 5 and a finishing square per colour.
    assert_eq!(results[1]["track"].as_array().unwrap().len(), 52);
    assert_eq!(
        results[1]["players"][0]["goal"].as_array().unwrap().len(),
        6
    );
    assert_eq!(results[1]["players"][0]["goal"][5]["letter"], "f");
}

#[test]
fn boards_text_of_a_file_lists_every_tile() {
    let text = stdout(&["boards", "boards/maedn.toml"]);
    assert!(
        text.starts_with("boards/maedn.toml  Mensch ärgere Dich nicht\n"),
        "{text}"
    );
    assert!(text.contains("\n      0  (4170, 9170) [4, 10]\n"), "{text}");
    assert!(text.contains("\n     39  (5020, 9170) [5, 10]\n"), "{text}");
    assert!(
        text.contains(
            "\nplayer yellow (#e8b400): start 10 (770, 4070) [0, 4], visits 40 track tiles\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\n  waiting   1  (1620, 9170) [1, 10]\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  goal      a  (5020, 8320) [5, 9]\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "units; 10000 units = 36 cm; grid cell [0, 0] at (770, 670), 850 units apart"
        )
    );
    // 40 track tiles, and per player 4 waiting and 4 goal tiles.
    let lines = |prefix: &str| text.lines().filter(|l| l.starts_with(prefix)).count();
    let track = text.lines().filter(|l| {
        let first = l.split_whitespace().next();
        first.is_some_and(|w| w.parse::<usize>().is_ok())
    });
    assert_eq!(track.count(), 40);
    assert_eq!(lines("  waiting "), 16);
    assert_eq!(lines("  goal "), 16);
}

#[test]
fn boards_names_a_missing_file() {
    let (code, err) = failure(&["boards", "maedn", "no/such/board.toml"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no/such/board.toml"), "{err}");
}
