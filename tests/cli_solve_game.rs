//! `solve-game` on every board and rule set, and the exact worth of strategies, through the
//! binary: the values in text, JSON and CSV, and every refusal (one message naming the offending
//! value and what is valid, exit 1 or 2, nothing written, no panic).

mod common;

use common::{json_results, run, stdout};

fn root(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn refused(args: &[&str], code: i32, says: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on a refusal");
}

#[test]
fn any_board_and_rules_print_certified_values() {
    let ludo = json_results(&["solve-game", "ludo", "--pieces", "1", "--format", "json"]);
    assert_eq!(
        ludo["rules"], "ludo",
        "the board's own [game] rules by default"
    );
    // Certified by its bounds (`solve-game` stops at a gap of 1e-10), not by the residual: the
    // midpoints' residual is at most the largest gap (the update moves no value further than its
    // successors' error), and where it lies below that depends on where the bounds met.
    let num = |key: &str| {
        ludo[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key}: {ludo}"))
    };
    let v = num("first_player_wins");
    assert!(num("gap") <= 1e-10, "{ludo}");
    assert!(num("residual") <= num("gap"), "{ludo}");
    assert!(
        num("first_player_lower") <= v && v <= num("first_player_upper"),
        "{ludo}"
    );
    assert!(v > 0.5 && v < 0.55, "{v}");
    // The rules printed can be pasted back, and give the same game.
    let open = json_results(&[
        "solve-game",
        "maedn",
        "--pieces",
        "1",
        "--rules",
        "openspiel,bonus-roll=false",
        "--format",
        "json",
    ]);
    assert_eq!(open["rules"], "openspiel,bonus-roll=false");
    assert!(open["ranking"].as_str().unwrap().starts_with("general"));
    // The standard board under openspiel rules keeps its own ranking and its value.
    let std = json_results(&["solve-game", "--pieces", "1", "--format", "json"]);
    assert!(std["ranking"].as_str().unwrap().starts_with("standard"));
    assert!((std["first_player_wins"].as_f64().unwrap() - 0.523_984_914).abs() < 1e-9);
    // The same game written with a switch that changes nothing is solved with the general
    // ranking, to the same value.
    let same = json_results(&[
        "solve-game",
        "--pieces",
        "1",
        "--rules",
        "openspiel,safe-tiles=true",
        "--format",
        "json",
    ]);
    assert!((same["first_player_wins"].as_f64().unwrap() - 0.523_984_914).abs() < 1e-9);
    let text = stdout(&[
        "solve-game",
        &root("tests/boards/ring32.toml"),
        "--pieces",
        "1",
    ]);
    assert!(text.contains("first player wins   0."), "{text}");
}

/// `--gap`: a coarser gap stops sooner, and its bounds still hold the value the default's
/// finer bounds certify.
#[test]
fn a_coarser_gap_stops_sooner_with_bounds_that_still_hold() {
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve-game", "--pieces", "2", "--format", "json"];
        args.extend(extra);
        json_results(&args)
    };
    let fine = solve(&[]);
    let coarse = solve(&["--gap", "1e-9"]);
    let num = |r: &serde_json::Value, key: &str| r[key].as_f64().unwrap();
    assert!(num(&fine, "gap") <= 1e-10, "{fine}");
    assert!(num(&coarse, "gap") <= 1e-9, "{coarse}");
    assert!(num(&coarse, "gap") > 1e-10, "{coarse}");
    // Both intervals hold the true value, so they meet.
    assert!(num(&coarse, "first_player_lower") <= num(&fine, "first_player_upper"));
    assert!(num(&fine, "first_player_lower") <= num(&coarse, "first_player_upper"));
    assert!((num(&coarse, "first_player_wins") - 0.512198970).abs() < 1e-9);
    let updates = |r: &serde_json::Value| r["updates"].as_u64().unwrap();
    assert!(
        updates(&coarse) < updates(&fine) * 95 / 100,
        "{} against {}",
        updates(&coarse),
        updates(&fine)
    );
}

#[test]
fn strategies_in_text_json_and_csv() {
    let ring = root("tests/boards/ring16.toml");
    let doc = json_results(&[
        "solve-game",
        &ring,
        "--pieces",
        "2",
        "--policy",
        "optimal,optimal",
        "--format",
        "json",
    ]);
    let pair = &doc["pairs"][0];
    let value = doc["first_player_wins"].as_f64().unwrap();
    assert!((pair["first_player_wins"].as_f64().unwrap() - value).abs() < 1e-9);
    let sum =
        pair["first_player_wins"].as_f64().unwrap() + pair["second_player_wins"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-12);
    let e = json_results(&[
        "solve-game",
        &ring,
        "--pieces",
        "2",
        "--exploitability",
        "optimal",
        "--format",
        "json",
    ]);
    assert!(e["exploitability"]["mean_loss"].as_f64().unwrap().abs() < 1e-9);
    let csv = stdout(&[
        "solve-game",
        &ring,
        "--pieces",
        "2",
        "--matrix",
        "random,front",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "a header and four pairs: {csv}");
    assert!(lines[0].starts_with("board,rules,pieces,first,second,first_player_wins"));
    let text = stdout(&[
        "solve-game",
        &ring,
        "--pieces",
        "2",
        "--matrix",
        "random,front",
    ]);
    assert!(text.contains("rows: the first player's strategy"), "{text}");
}

#[test]
fn bad_input_is_refused_with_what_is_valid() {
    let hand = root("tests/boards/hand.toml");
    refused(&["solve-game", &hand, "--pieces", "1"], 1, "players");
    refused(
        &["solve-game", "maedn", "--pieces", "5"],
        1,
        "valid is 1 to 4",
    );
    refused(&["solve-game", "maedn", "--pieces", "17"], 2, "17");
    refused(
        &["solve-game", "--rules", "openspiel,tris=3"],
        2,
        "unknown switch \"tris\"",
    );
    refused(
        &["solve-game", "--rules", "openspiel,tries=0"],
        2,
        "tries=0",
    );
    refused(
        &["solve-game", "--pieces", "1", "--policy", "random,frnt"],
        2,
        "unknown strategy \"frnt\"",
    );
    refused(
        &["solve-game", "--pieces", "1", "--policy", "random"],
        2,
        "two strategies",
    );
    refused(
        &["solve-game", "--pieces", "1", "--policy", "random,"],
        2,
        "empty strategy name",
    );
    refused(
        &[
            "solve-game",
            "--pieces",
            "1",
            "--exploitability",
            "optimal:x.bin",
        ],
        2,
        "use optimal",
    );
    // CSV is the strategies' alone: the value, the plan, a check and a graph export refuse it
    // before doing anything.
    for extra in [
        &[][..],
        &["--plan"],
        &["--verify", "x.values"],
        &["--export-graph", "xg"],
    ] {
        let mut args = vec!["solve-game", "--pieces", "1", "--format", "csv"];
        args.extend(extra);
        refused(&args, 2, "--format csv is for strategies");
    }
    // --gap: a plain decimal within its range; packed bounds reach 1e-11 at the finest.
    for gap in ["0", "1e-2", "1e-13", "-1e-9"] {
        refused(
            &["solve-game", "--pieces", "1", "--gap", gap],
            2,
            "out of range; valid: 1e-12 to 1e-3",
        );
    }
    for gap in ["nan", "inf", "+1e-9", "", "1e-9x", "0x1"] {
        refused(
            &["solve-game", "--pieces", "1", "--gap", gap],
            2,
            "not a number; valid: 1e-12 to 1e-3",
        );
    }
    refused(
        &[
            "solve-game",
            "--pieces",
            "1",
            "--bounds",
            "packed",
            "--gap",
            "1e-12",
        ],
        1,
        "1e-11",
    );
    refused(
        &["solve-game", "--pieces", "1", "--plan", "--gap", "1e-9"],
        2,
        "--gap",
    );
    // The standard board: --memory solves out of core, in --out FILE's checkpoint.
    refused(
        &["solve-game", "--pieces", "2", "--memory", "1"],
        2,
        "so it needs --out FILE",
    );
    // Any other game: a budget for the values and the moves kept, in megabytes or with a unit.
    refused(
        &["solve-game", "ludo", "--pieces", "2", "--memory", "1"],
        1,
        "--memory allows",
    );
    refused(
        &["solve-game", "ludo", "--pieces", "2", "--memory", "1.5MiB"],
        1,
        "--memory allows",
    );
    // A policy file naming a move that is not legal: the file and line, and the legal moves.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.policy");
    std::fs::write(
        &file,
        "boardpath-policy 1\nfallback front\nw,w / w,w  6  0>6\n",
    )
    .unwrap();
    let policy = format!("file:{}", file.display());
    refused(
        &[
            "solve-game",
            "--pieces",
            "2",
            "--policy",
            &format!("{policy},random"),
        ],
        1,
        "bad.policy:3",
    );
    // One that reads well but names a move the rules forbid there: found while evaluating.
    std::fs::write(
        &file,
        "boardpath-policy 1\nfallback front\n0,w / w,w  6  enter\n",
    )
    .unwrap();
    let ring = root("tests/boards/ring16.toml");
    refused(
        &[
            "solve-game",
            &ring,
            "--pieces",
            "2",
            "--policy",
            &format!("{policy},random"),
        ],
        1,
        "is not legal in this position (legal: 0>6)",
    );
    // --out on a game the general ranking solves: refused, nothing written.
    let out = dir.path().join("t.bin");
    refused(
        &[
            "solve-game",
            "ludo",
            "--pieces",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        1,
        "--out writes the standard board's table",
    );
    assert!(!out.exists());
}

/// `--plan --measure` gives each group's bytes and expected time from a measured cost of an
/// update and the updates a position took (1 piece: 14,737 updates over 1,641 positions, 9.0 a
/// position, the solve's own count), in text and in JSON; `--measure` alone is refused.
#[test]
fn plan_measures_the_cost_of_an_update() {
    let text = stdout(&["solve-game", "--pieces", "1", "--plan", "--measure"]);
    assert!(
        text.contains("updates a position  9.0 (1 piece) measured; 9.0 expected for 1 piece"),
        "{text}"
    );
    // The first number of the line that starts with `label`.
    let number = |label: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(label))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {label:?} line: {text}"))
    };
    let cost = number("cost of an update   ");
    assert!(cost > 0.0 && cost < 1e6, "{cost}");
    // One thread's speed and the pool's, timed on as many updates: a positive ratio, whatever
    // the machine's load.
    let speedup = number("threads             ");
    assert!(speedup > 0.0 && speedup.is_finite(), "{speedup}");
    // The one group: 1,641 positions, 17 bytes each in memory out of core (bounds 16, a bucket's
    // new bounds 1), 20 on disk (checkpoint 16, table 4); packed, 9 and 12.
    assert!(
        text.contains("    1         1641              27897            32820  "),
        "{text}"
    );
    // The 1-piece plan, measured, with `extra` arguments.
    let plan = |extra: &[&'static str]| -> Vec<&'static str> {
        ["solve-game", "--pieces", "1", "--plan", "--measure"]
            .iter()
            .chain(extra)
            .copied()
            .collect()
    };
    let packed = stdout(&plan(&["--bounds", "packed"]));
    assert!(
        packed.contains("    1         1641              14769            19692  "),
        "{packed}"
    );
    assert!(
        packed.contains("solve               13128 bytes of bounds (packed, 8 bytes a position)"),
        "{packed}"
    );
    // In JSON, the updates a position takes are the encoding's own: 14,748 packed against
    // 14,737 (the outward rounding of packed bounds widens a few gaps); `--memory` adds the
    // least a solve out of core needs.
    for (bounds, updates, bytes) in [("f64", 14_737.0, 16), ("packed", 14_748.0, 8)] {
        let doc = json_results(&plan(&[
            "--bounds", bounds, "--memory", "1G", "--format", "json",
        ]));
        assert_eq!(doc["bounds"], bounds, "{doc}");
        assert_eq!(doc["bounds_bytes"], 1641 * bytes, "{doc}");
        assert_eq!(
            doc["measured"]["updates_per_position"][0],
            serde_json::json!([1, updates / 1641.0]),
            "{doc}"
        );
        assert_eq!(doc["out_of_core"]["group"], "0,0", "{doc}");
        assert_eq!(doc["out_of_core"]["positions"], 1641, "{doc}");
        assert_eq!(doc["out_of_core"]["enough"], true, "{doc}");
    }
    let out = run(&["solve-game", "--pieces", "1", "--measure"]);
    assert_eq!(out.status.code(), Some(2));
}
