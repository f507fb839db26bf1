//! The real binary, as a user runs it.

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn no_arguments_solves_the_standard_board() {
    let text = stdout(&[]);
    for needle in [
        "83047",
        "298.9692 cm",
        "12143",
        "19462",
        "17315",
        "16812",
        "player black",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    // The pieces fill d, c, b, a in that order.
    let goals: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1).filter(|g| g.len() == 1))
        .collect();
    assert_eq!(goals, ["d", "c", "b", "a"]);
}

#[test]
fn json_for_every_player() {
    let text = stdout(&[
        "solve",
        "boards/maedn.toml",
        "--player",
        "all",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let players = v.as_array().unwrap();
    assert_eq!(players.len(), 4);
    for p in players {
        assert_eq!(p["total"], 83047);
        assert_eq!(p["enter"], 12143);
        assert_eq!(p["unit"], "units");
        assert_eq!(p["encoding"], "graph");
        assert_eq!(p["algorithm"], "dijkstra");
        assert!((p["total_cm"].as_f64().unwrap() - 298.9692).abs() < 1e-9);
        let lengths: Vec<u64> = p["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["length"].as_u64().unwrap())
            .collect();
        assert_eq!(lengths, [19462, 17315, 16812, 17315]);
        let first = &p["pieces"][0];
        assert_eq!(first["target"], 3);
        assert_eq!(first["steps"][0], 0);
        assert_eq!(
            first["rolls"].as_array().unwrap().len() + 1,
            first["steps"].as_array().unwrap().len()
        );
        assert!(p["nodes"].as_u64().unwrap() > 0);
    }
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["black", "yellow", "green", "red"]);
}

#[test]
fn bitboard_json_has_call_counts_and_full_paths() {
    let text = stdout(&[
        "solve",
        "--encoding",
        "bitboard",
        "--bound",
        "paper",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v[0]["nodes"], 14_282_614);
    assert_eq!(v[0]["total"], 83047);
    assert_eq!(v[0]["pieces"][0]["bitboard"], "0xe820882208414c06");
}

#[test]
fn a_board_without_scale_has_null_cm() {
    let text = stdout(&["solve", "tests/boards/hand.toml", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(v[0]["total_cm"].is_null());
    assert_eq!(v[0]["total"], 791);
}

#[test]
fn rule_overrides_are_stated_in_the_output() {
    let text = stdout(&["solve", "--metric", "manhattan", "--die", "1,2,3,4,5,6,7,8"]);
    assert!(
        text.contains(
            "rules:  die [1, 2, 3, 4, 5, 6, 7, 8], manhattan, per-move rounding, slots goal"
        ),
        "{text}"
    );
}

#[test]
fn validate_reports_ok() {
    assert_eq!(
        stdout(&["validate", "boards/maedn.toml", "maedn"]),
        "boards/maedn.toml: OK\nmaedn: OK\n"
    );
}

#[test]
fn reproduce_matches_the_paper() {
    let text = stdout(&["reproduce", "--quick"]);
    assert!(!text.contains("MISMATCH"), "{text}");
    assert!(
        text.contains("14282614") && text.contains("18526851"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["reproduce", "--quick", "--format", "json"])).unwrap();
    assert!(
        json.as_array()
            .unwrap()
            .iter()
            .all(|r| r["matches"] == true)
    );
}

#[test]
fn decode_draws_a_bitboard() {
    let text = stdout(&["decode", "0xe820882208414c06"]);
    assert!(
        text.contains("u64 bit-board = 4 waiting + 40 track + 4 goal + 16 distance bits"),
        "{text}"
    );
    assert!(
        text.contains("waiting 1110 | track 1000001000001000100000100010000010000100 | goal 0001"),
        "{text}"
    );
    assert!(
        text.contains("distance: 19462 units = 70.0632 cm"),
        "{text}"
    );
    assert_eq!(
        text.matches('#').count() - 1,
        8,
        "eight visited track tiles plus the legend's #:\n{text}"
    );
}

#[test]
fn generated_boards_validate_and_solve() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.toml");
    let p = path.to_str().unwrap();
    stdout(&[
        "generate",
        "--tiles",
        "50",
        "--players",
        "3",
        "--pieces",
        "2",
        "--faces",
        "8",
        "--seed",
        "7",
        "-o",
        p,
    ]);
    assert!(stdout(&["validate", p]).ends_with("OK\n"));
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "solve", p, "--player", "all", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3);
    // Same seed, same bytes.
    assert_eq!(
        stdout(&["generate", "--seed", "7"]),
        stdout(&["generate", "--seed", "7"])
    );
}

#[test]
fn the_papers_constant_is_flagged_off_its_board() {
    let out = run(&[
        "solve",
        "--encoding",
        "bitboard",
        "--bound",
        "paper",
        "--metric",
        "chebyshev",
        "--player",
        "all",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(
        err.matches("warning: --bound paper uses the paper's 193 units per tile")
            .count(),
        1,
        "{err}"
    );
    // Under chebyshev the 6-tile move from (6,7) onto goal tile b (5,8) is one diagonal: 850 / 6.
    assert!(
        err.contains("the admissible value here is 141.667"),
        "{err}"
    );
    let quiet = run(&["solve", "--encoding", "bitboard", "--bound", "paper"]);
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
}
