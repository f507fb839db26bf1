//! The real binary, as a user runs it.

mod common;

use common::{json_results, run, stdout};

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
    let v = json_results(&[
        "solve",
        "boards/maedn.toml",
        "--player",
        "all",
        "--format",
        "json",
    ]);
    let players = v.as_array().unwrap();
    assert_eq!(players.len(), 4);
    for p in players {
        assert_eq!(p["total"], 83047);
        assert_eq!(p["enter"], 12143);
        assert_eq!(p["unit"], "units");
        assert_eq!(p["method"], "petgraph-dijkstra/graph");
        assert_eq!(p["encoding"], "graph");
        assert_eq!(p["algorithm"], "petgraph-dijkstra");
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
    let v = json_results(&[
        "solve",
        "--encoding",
        "bitboard",
        "--bound",
        "paper",
        "--format",
        "json",
    ]);
    assert_eq!(v[0]["nodes"], 14_282_614);
    assert_eq!(v[0]["total"], 83047);
    assert_eq!(v[0]["pieces"][0]["bitboard"], "0xe820882208414c06");
}

#[test]
fn a_board_without_scale_has_null_cm() {
    let v = json_results(&["solve", "tests/boards/hand.toml", "--format", "json"]);
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
        text.contains("14282614") && text.contains("18526851") && text.contains("15422842"),
        "{text}"
    );
    let rows = json_results(&["reproduce", "--quick", "--format", "json"]);
    let rows = rows.as_array().unwrap();
    assert!(rows.iter().all(|r| r["matches"] != false), "{rows:?}");
    // Each version's own numbers, with the calls cut short by the bound: the preprint's count
    // comes from the search without `tiles_left--`, the final version's from the listing's.
    let find = |version: &str, what: &str| {
        rows.iter()
            .find(|r| {
                r["versions"] == serde_json::json!([version])
                    && r["what"].as_str().unwrap().trim() == what
            })
            .unwrap_or_else(|| panic!("{version}: {what}"))
            .clone()
    };
    let calls = "calls, 193 units per tile bound";
    let pre = find("preprint", calls);
    assert_eq!(
        (&pre["method"], &pre["paper"], &pre["ours"]),
        (
            &"bnb-paper/bitboard".into(),
            &14_282_614.into(),
            &14_282_614.into()
        )
    );
    let cut = find("preprint", "of which cut short");
    assert_eq!(
        (&cut["paper"], &cut["ours"], &cut["matches"]),
        (
            &serde_json::Value::Null,
            &11_892_769.into(),
            &serde_json::Value::Null
        )
    );
    let fin = find("final", calls);
    assert_eq!(
        (&fin["method"], &fin["ours"], &fin["matches"]),
        (
            &"bnb-listing/bitboard".into(),
            &18_526_851.into(),
            &true.into()
        )
    );
    let cut = find("final", "of which cut short");
    assert_eq!(
        (&cut["paper"], &cut["ours"]),
        (&15_422_842.into(), &15_422_842.into())
    );
    let cm = rows
        .iter()
        .find(|r| r["what"] == "total (cm, 36 cm board)")
        .unwrap();
    assert_eq!(cm["ours"].as_f64(), Some(298.9692));
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
    let v = json_results(&["solve", p, "--player", "all", "--format", "json"]);
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
        err.matches("warning: bnb-paper/bitboard uses the paper's 193 units per tile")
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

/// `methods --format json`, parsed.
fn catalogue() -> Vec<serde_json::Value> {
    let v: serde_json::Value = json_results(&["methods", "--format", "json"]);
    v.as_array().unwrap().clone()
}

#[test]
fn methods_lists_the_catalogue() {
    let methods = catalogue();
    let encodings: std::collections::BTreeSet<&str> = methods
        .iter()
        .map(|m| m["encoding"].as_str().unwrap())
        .collect();
    assert_eq!(
        encodings.into_iter().collect::<Vec<_>>(),
        ["bitboard", "graph", "step"]
    );
    for m in &methods {
        let name = m["name"].as_str().unwrap();
        assert_eq!(
            name.split('/').nth(1),
            m["encoding"].as_str(),
            "{name}: the name ends in its encoding"
        );
        assert!(["length", "rolls"].contains(&m["minimises"].as_str().unwrap()));
        assert!(m["exact"].is_boolean() && !m["summary"].as_str().unwrap().is_empty());
    }
    // The text table and `--help` read the same catalogue.
    let text = stdout(&["methods"]);
    let help = stdout(&["solve", "--help"]);
    for m in &methods {
        let name = m["name"].as_str().unwrap();
        assert!(text.contains(name), "{name} missing from `methods`");
        assert!(help.contains(name), "{name} missing from `solve --help`");
    }
}

/// Every exact method that minimises length gives the paper's total through `solve --method`;
/// one that cannot finish within the budget says so and exits 1.
#[test]
fn every_exact_method_solves_the_standard_board() {
    let mut finished = 0;
    for m in catalogue() {
        let name = m["name"].as_str().unwrap();
        if !(m["exact"] == true && m["minimises"] == "length") {
            continue;
        }
        let out = run(&["solve", "--method", name, "--budget", "40000000"]);
        let (text, err) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        if out.status.success() {
            assert!(text.contains("total         83047"), "{name}: {text}");
            assert!(
                text.contains(&format!("solver: {name} (")),
                "{name}: {text}"
            );
            finished += 1;
        } else {
            assert_eq!(out.status.code(), Some(1), "{name}: {err}");
            assert_ne!(m["compare_by_default"], "yes", "{name} gave up: {err}");
            assert!(
                err.starts_with(&format!(
                    "error: {name} gave up on piece 1 after 40,000,000 nodes"
                )),
                "{name}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    assert!(finished >= 15, "only {finished} methods finished");
}

#[test]
fn method_shorthands_and_conflicts() {
    let via = |args: &[&str]| {
        let v = json_results(&[&["solve", "--format", "json"], args].concat());
        (
            v[0]["method"].as_str().unwrap().to_string(),
            v[0]["total"].as_u64().unwrap(),
        )
    };
    assert_eq!(via(&[]), ("petgraph-dijkstra/graph".into(), 83047));
    assert_eq!(
        via(&["--encoding", "bitboard"]),
        ("bnb/bitboard".into(), 83047)
    );
    assert_eq!(via(&["--encoding", "step"]), ("dp/step".into(), 83047));
    assert_eq!(
        via(&["--encoding", "bitboard", "--bound", "listing"]),
        ("bnb-listing/bitboard".into(), 83047)
    );
    let both = run(&["solve", "--method", "dp/step", "--encoding", "graph"]);
    assert_eq!(both.status.code(), Some(2));
    let unknown = run(&["solve", "--method", "quantum/step"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("dp/step"));
    let bound = run(&["solve", "--bound", "paper"]);
    assert_eq!(bound.status.code(), Some(2));
}

/// The bit-board solves every rounding now: exact costs ride beside the word.
#[test]
fn the_bitboard_solves_exact_rounding() {
    let total = |args: &[&str]| {
        let v =
            json_results(&[&["solve", "--format", "json", "--rounding", "exact"], args].concat());
        v[0]["total"].as_f64().unwrap()
    };
    let graph = total(&[]);
    assert!((graph - 83049.0256).abs() < 1e-4, "{graph}");
    assert!((total(&["--encoding", "bitboard"]) - graph).abs() < 1e-9);
}

/// `docs/commands.md` names every option of every command's `--help`: in the command's row, or,
/// for a rule override, in the paragraph that lists them (and `sweep` takes `compare`'s options).
#[test]
fn the_commands_page_names_every_option_of_every_command() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md")).unwrap();
    let row = |command: &str| -> String {
        page.lines()
            .find(|l| {
                l.starts_with(&format!("| `boardpath {command} "))
                    || l.starts_with(&format!("| `boardpath {command}`"))
            })
            .unwrap_or_else(|| panic!("no row for {command} in docs/commands.md"))
            .to_string()
    };
    let rules = page
        .split("\n\n")
        .find(|p| p.contains("Rule overrides work"))
        .expect("the rule overrides' paragraph");
    // `--name` as a whole word of `text`.
    let names = |text: &str, option: &str| {
        text.match_indices(option).any(|(i, _)| {
            !text[i + option.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
        })
    };
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 15, "{help}");
    for command in commands {
        let own = row(command);
        let text = stdout(&[command, "--help"]);
        for line in text.lines().skip_while(|l| !l.starts_with("Options:")) {
            let trimmed = line.trim_start();
            if !trimmed.starts_with('-') || line.len() - trimmed.len() >= 8 {
                continue;
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let long = words
                .iter()
                .find(|w| w.starts_with("--"))
                .copied()
                .unwrap_or("");
            let short = words[0].strip_suffix(',').filter(|w| !w.starts_with("--"));
            if long == "--help" || long.is_empty() {
                continue;
            }
            let named = names(&own, long)
                || short.is_some_and(|s| own.contains(&format!("{s} ")))
                || names(rules, long) && rules.contains(&format!("`{command}`"))
                || command == "sweep"
                    && own.contains("the options of `compare`")
                    && names(&row("compare"), long);
            assert!(named, "docs/commands.md does not name `{command} {long}`");
        }
    }
}
