//! `boardpath dice` as a user runs it: every embedded board, JSON, the policy table, the plot and
//! bad input.

mod common;

use common::{json_results, run, stdout};

#[test]
fn standard_board_text() {
    let text = stdout(&["dice"]);
    for needle in [
        "player black, real dice",
        "states: 149,986",
        "expected turns     49.2515",
        "expected rolls     63.9646",
        "units = 430.7",
        "turns percentiles  10%: 41",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

fn embedded(board: &str) {
    let text = stdout(&["dice", board, "--objective", "distance"]);
    assert!(text.contains("expected distance"), "{board}:\n{text}");
}

// One test per board, so they run in parallel.
#[test]
fn maedn_official() {
    embedded("maedn-official");
}

#[test]
fn maedn_6() {
    embedded("maedn-6");
}

#[test]
fn ludo() {
    embedded("ludo");
}

#[test]
fn parcheesi() {
    embedded("parcheesi");
}

#[test]
fn json_with_simulation() {
    let v = json_results(&[
        "dice",
        "maedn",
        "--policy",
        "front",
        "--simulate",
        "5000",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    let a = &v.as_array().unwrap()[0];
    for key in [
        "states",
        "objective",
        "policy",
        "expected_turns",
        "expected_rolls",
        "expected_distance",
        "turns_distribution",
        "simulation",
    ] {
        assert!(a.get(key).is_some(), "{key} missing");
    }
    assert_eq!(a["policy"], "front");
    assert_eq!(a["simulation"]["games"], 5000);
    assert_eq!(a["simulation"]["seed"], 3);
    let t = a["expected_turns"].as_f64().unwrap();
    let s = &a["simulation"]["turns"];
    assert!(s["low"].as_f64().unwrap() <= t && t <= s["high"].as_f64().unwrap());
}

#[test]
fn policy_table_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("p.csv");
    let json = dir.path().join("p.json");
    let svg = dir.path().join("t.svg");
    let one = "tests/boards/hand.toml";
    stdout(&["dice", one, "--policy-out", csv.to_str().unwrap()]);
    stdout(&[
        "dice",
        one,
        "--policy-out",
        json.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let csv = std::fs::read_to_string(csv).unwrap();
    assert!(csv.starts_with("waiting,home,steps,roll,move\n"), "{csv}");
    assert!(csv.contains(",enter\n"), "{csv}");
    let rows: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(rows.as_array().unwrap().len() + 1, csv.lines().count());
    let svg = std::fs::read_to_string(svg).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    // Nothing but the outputs is left in the directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[test]
fn bad_input() {
    for (args, code, needle) in [
        (
            &["dice", "--tries", "0"][..],
            2,
            "'--tries <TRIES>': out of range; valid: 1 to 1000",
        ),
        (&["dice", "--enter-faces", "7"][..], 1, "entering face 7"),
        (
            &["dice", "--simulate", "0"][..],
            2,
            "'--simulate <SIMULATE>': out of range; valid: 1 to 10000000000",
        ),
        (&["dice", "--policy-out", "x.txt"][..], 2, ".json or .csv"),
        (
            &["dice", "--policy", "random", "--policy-out", "x.csv"][..],
            2,
            "no table",
        ),
        (&["dice", "--player", "nobody"][..], 1, "nobody"),
        (
            &["dice", "--player", "all", "--plot", "x.svg"][..],
            2,
            "one player",
        ),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// A simulation's size is bounded before it starts: the most games is in the message.
#[test]
fn a_huge_simulation_is_refused_with_its_limit() {
    let out = common::run(&["dice", "--simulate", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "invalid value '18446744073709551615' for '--simulate <SIMULATE>': out of range; \
             valid: 1 to 10000000000"
        ),
        "{err}"
    );
}

/// One try and one simulated game are singular in the text.
#[test]
fn one_try_and_one_game_are_singular() {
    let text = common::stdout(&["dice", "--tries", "1", "--simulate", "1"]);
    assert!(
        text.contains("dice:   enter on the highest face, 1 try, start waiting,"),
        "{text}"
    );
    assert!(text.contains("simulation: 1 game, seed 1 "), "{text}");
}
