//! `boardpath sweep` as a user runs it: the three metrics of the standard board on rows that say
//! which metric, CSV that concatenates with `compare`'s, invalid combinations as rows, the same
//! rows whatever the number of threads, and bad command lines.

mod common;

use boardpath::board::Board;
use common::{json_results, run, stdout};
use std::collections::BTreeMap;

/// The fields of one CSV line (RFC 4180: a quoted field may hold commas and doubled quotes).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    out.push(field);
    out
}

/// CSV text as records of named fields.
fn records(csv: &str) -> Vec<BTreeMap<String, String>> {
    let mut lines = csv.lines();
    let header = fields(lines.next().expect("a header"));
    lines
        .map(|l| {
            let fields = fields(l);
            assert_eq!(fields.len(), header.len(), "{l}");
            header.iter().cloned().zip(fields).collect()
        })
        .collect()
}

#[test]
fn three_metrics_on_the_standard_board_say_which_metric() {
    let csv = stdout(&[
        "sweep",
        "maedn",
        "--metric",
        "euclidean,manhattan,chebyshev",
        "--method",
        "dp/step",
        "--format",
        "csv",
    ]);
    let rows = records(&csv);
    let sha = Board::load("maedn").unwrap().sha256;
    let got: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["metric"].as_str(), r["length"].as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("euclidean", "83047"),
            ("manhattan", "103700"),
            ("chebyshev", "71400")
        ]
    );
    for r in &rows {
        assert_eq!(r["board"], "maedn");
        assert_eq!(r["board_sha256"], sha);
        assert_eq!(r["player"], "black");
        assert_eq!(r["method"], "dp/step");
        assert_eq!(r["status"], "ok");
        assert_eq!(r["optimal"], "true");
        // The rules not swept are the board's own.
        assert_eq!(
            (r["rounding"].as_str(), r["goal_mode"].as_str()),
            ("per-move", "slots")
        );
        assert_eq!(
            (r["moves_in_goal"].as_str(), r["die"].as_str()),
            ("false", "1 2 3 4 5 6")
        );
    }
}

/// The columns whose values are measured, not computed: they differ from run to run.
const TIMING: [&str; 3] = ["time_ns", "samples", "runs"];

#[test]
fn csv_of_sweep_and_compare_concatenate() {
    let common = ["maedn", "--method", "dp/step,bfs/step", "--format", "csv"];
    let compare = stdout(&[&["compare"][..], &common].concat());
    let sweep = stdout(&[&["sweep"][..], &common, &["--die", "1-6"]].concat());
    let (ch, sh) = (compare.lines().next(), sweep.lines().next());
    assert_eq!(ch, sh, "one header");
    assert!(ch.unwrap().starts_with(
        "board,board_sha256,player,metric,rounding,goal_mode,moves_in_goal,die,unit,method,"
    ));
    // The standard board's own die, swept explicitly: the same rows as compare's.
    let strip = |csv: &str| {
        let mut rows = records(csv);
        for r in &mut rows {
            for t in TIMING {
                r.remove(t);
            }
        }
        rows
    };
    assert_eq!(strip(&compare), strip(&sweep));
    assert_eq!(strip(&sweep).len(), 2);
}

#[test]
fn invalid_combinations_are_rows_with_a_reason() {
    let args = [
        "sweep",
        "ludo",
        "maedn",
        "--goal-mode",
        "slots,stack",
        "--die",
        "1-6",
        "--die",
        "7,8",
        "--method",
        "dp/step,astar/graph",
        "--format",
        "json",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "invalid rows are not an error");
    assert!(out.stderr.is_empty(), "no progress bar when piped");
    let results = json_results(&args);
    assert_eq!(results["mismatches"], serde_json::json!([]));
    let rows = results["rows"].as_array().unwrap();
    // Boards, then goal mode, then die, then methods.
    assert_eq!(rows.len(), 2 * 2 * 2 * 2);
    let cells: Vec<(&str, &str, String, &str, &str, serde_json::Value)> = rows
        .iter()
        .map(|r| {
            let die: Vec<String> = r["rules"]["die"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.to_string())
                .collect();
            (
                r["board"].as_str().unwrap(),
                r["rules"]["goal_mode"].as_str().unwrap(),
                die.join(" "),
                r["method"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
                r["length"].clone(),
            )
        })
        .collect();
    let d6 = || "1 2 3 4 5 6".to_string();
    let d78 = || "7 8".to_string();
    let null = serde_json::Value::Null;
    use serde_json::json;
    assert_eq!(
        cells,
        [
            ("ludo", "slots", d6(), "dp/step", "invalid", null.clone()),
            (
                "ludo",
                "slots",
                d6(),
                "astar/graph",
                "invalid",
                null.clone()
            ),
            ("ludo", "slots", d78(), "dp/step", "invalid", null.clone()),
            (
                "ludo",
                "slots",
                d78(),
                "astar/graph",
                "invalid",
                null.clone()
            ),
            ("ludo", "stack", d6(), "dp/step", "ok", json!(157418)),
            ("ludo", "stack", d6(), "astar/graph", "ok", json!(157418)),
            ("ludo", "stack", d78(), "dp/step", "ok", json!(163670)),
            ("ludo", "stack", d78(), "astar/graph", "ok", json!(163670)),
            ("maedn", "slots", d6(), "dp/step", "ok", json!(83047)),
            ("maedn", "slots", d6(), "astar/graph", "ok", json!(83047)),
            ("maedn", "slots", d78(), "dp/step", "invalid", null.clone()),
            (
                "maedn",
                "slots",
                d78(),
                "astar/graph",
                "invalid",
                null.clone()
            ),
            ("maedn", "stack", d6(), "dp/step", "ok", json!(84803)),
            ("maedn", "stack", d6(), "astar/graph", "ok", json!(84803)),
            ("maedn", "stack", d78(), "dp/step", "ok", json!(92471)),
            ("maedn", "stack", d78(), "astar/graph", "ok", json!(92471)),
        ]
    );
    let note = |i: usize| rows[i]["note"].as_str().unwrap();
    assert_eq!(
        note(0),
        "invalid: goal_mode \"slots\" needs one goal tile per piece, but player \"green\" has 6 goal tiles for 4 pieces; use goal_mode \"stack\" (and 3 more like it)"
    );
    assert!(!note(0).contains('\n'), "one line: {}", note(0));
    assert!(note(0).starts_with("invalid: ") && note(10).starts_with("invalid: "));
    assert!(
        note(10).contains("cannot finish") && note(10).contains("die [7, 8]"),
        "{}",
        note(10)
    );
    // Each board once in the provenance, with its file's hash.
    let doc: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
    assert_eq!(doc["schema"], "boardpath.sweep/1");
    let boards = doc["provenance"]["boards"].as_array().unwrap();
    let origins: Vec<&str> = boards
        .iter()
        .map(|b| b["origin"].as_str().unwrap())
        .collect();
    assert_eq!(origins, ["embedded:ludo", "embedded:maedn"]);
    assert_eq!(boards[1]["sha256"], Board::load("maedn").unwrap().sha256);
}

#[test]
fn a_method_that_cannot_run_and_a_budget_too_small_are_rows() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    let big = big.to_str().unwrap();
    stdout(&[
        "generate",
        "--tiles",
        "300",
        "--players",
        "1",
        "--seed",
        "3",
        "-o",
        big,
    ]);
    let csv = stdout(&[
        "sweep",
        big,
        "--rounding",
        "per-move,exact",
        "--method",
        "dp/step,bnb/bitboard",
        "--repeat",
        "1",
        "--format",
        "csv",
    ]);
    let rows = records(&csv);
    let status: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["rounding"].as_str(),
                r["method"].as_str(),
                r["status"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        status,
        [
            ("per-move", "dp/step", "ok"),
            ("per-move", "bnb/bitboard", "unsupported"),
            ("exact", "dp/step", "ok"),
            ("exact", "bnb/bitboard", "unsupported"),
        ]
    );
    assert!(rows[1]["note"].contains("bits"), "{}", rows[1]["note"]);
    // The reference run (dp/step, 160 nodes on the standard board) out of budget: every row says so.
    let csv = stdout(&[
        "sweep",
        "maedn",
        "--metric",
        "manhattan",
        "--method",
        "astar/step",
        "--budget",
        "100",
        "--format",
        "csv",
    ]);
    let rows = records(&csv);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["status"], "gave-up");
    assert!(
        rows[0]["note"].starts_with("not run: the reference dp/step gave up"),
        "{}",
        rows[0]["note"]
    );
}

#[test]
fn rows_are_the_same_whatever_the_number_of_threads() {
    let args = |threads: &'static str| {
        vec![
            "sweep",
            "maedn",
            "maedn-official",
            "--metric",
            "euclidean,manhattan",
            "--rounding",
            "per-move,exact",
            "--moves-in-goal",
            "no,yes",
            "--player",
            "all",
            "--method",
            "dp/step,dijkstra/step,bit-bfs/step",
            "--repeat",
            "1",
            "--format",
            "csv",
            "--threads",
            threads,
        ]
    };
    let strip = |csv: String| -> Vec<Vec<String>> {
        records(&csv)
            .into_iter()
            .map(|mut r| {
                for t in TIMING {
                    r.remove(t);
                }
                r.into_values().collect()
            })
            .collect()
    };
    let one = strip(stdout(&args("1")));
    assert_eq!(one.len(), 2 * 2 * 2 * 2 * 4 * 3);
    for threads in ["2", "7"] {
        assert_eq!(strip(stdout(&args(threads))), one, "--threads {threads}");
    }
    // The documented order: board, metric, rounding, moves in goal, player, method.
    let rows = records(&stdout(&args("3")));
    let key = |r: &BTreeMap<String, String>| {
        let board = ["maedn", "maedn-official"]
            .iter()
            .position(|b| *b == r["board"]);
        let metric = ["euclidean", "manhattan"]
            .iter()
            .position(|m| *m == r["metric"]);
        let rounding = ["per-move", "exact"]
            .iter()
            .position(|m| *m == r["rounding"]);
        let goal = ["false", "true"]
            .iter()
            .position(|m| *m == r["moves_in_goal"]);
        let player = ["black", "yellow", "green", "red"]
            .iter()
            .position(|p| *p == r["player"]);
        (board, metric, rounding, goal, player)
    };
    assert!(rows.windows(2).all(|w| key(&w[0]) <= key(&w[1])));
    // Exact rounding on the standard board: a length with decimals, every exact method agreeing.
    let exact: Vec<&str> = rows
        .iter()
        .filter(|r| {
            r["board"] == "maedn"
                && r["metric"] == "euclidean"
                && r["rounding"] == "exact"
                && r["moves_in_goal"] == "false"
                && r["method"] != "bit-bfs/step"
        })
        .map(|r| r["optimal"].as_str())
        .collect();
    assert_eq!(exact, ["true"; 8]);
}

#[test]
fn text_shows_the_rules_swept() {
    let text = stdout(&[
        "sweep",
        "maedn",
        "--moves-in-goal",
        "no,yes",
        "--die",
        "1-4,6",
        "--method",
        "dp/step",
        "--repeat",
        "1",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    let heads: Vec<&str> = lines[0]
        .split("  ")
        .filter(|c| !c.is_empty())
        .map(str::trim)
        .collect();
    assert_eq!(
        heads[..5],
        ["board", "player", "moves in goal", "die", "method"]
    );
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].starts_with("maedn  black   no             1-4,6  dp/step"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("maedn  black   yes            1-4,6  dp/step"),
        "{text}"
    );
    let md = stdout(&[
        "sweep",
        "maedn",
        "--metric",
        "chebyshev",
        "--method",
        "dp/step",
        "--repeat",
        "1",
        "--format",
        "markdown",
    ]);
    assert!(
        md.starts_with("| board | player | metric | method |"),
        "{md}"
    );
    assert!(
        md.contains("| maedn | black | chebyshev | dp/step | length | yes | 71400 |"),
        "{md}"
    );
}

#[test]
fn bad_sweeps_are_refused_with_one_clear_message() {
    for (args, code, says) in [
        (&["sweep"][..], 2, "BOARDS"),
        (
            &["sweep", "maedn", "--die", "1-6,1-8"],
            2,
            "repeat it (--die 1-6 --die 1-8)",
        ),
        (
            &["sweep", "maedn", "--die", "6-1"],
            2,
            "write the lower face first",
        ),
        (
            &["sweep", "maedn", "--die", "1-6", "--die", "1,2,3,4,5,6"],
            2,
            "--die lists the die 1-6 twice",
        ),
        (
            &["sweep", "maedn", "--metric", "euclidean,euclidean"],
            2,
            "--metric lists euclidean twice",
        ),
        (
            &["sweep", "maedn", "--moves-in-goal", "maybe"],
            2,
            "\"no\", \"yes\"",
        ),
        (
            &["sweep", "maedn", "--metric", "taxi"],
            2,
            "\"euclidean\", \"manhattan\", \"chebyshev\"",
        ),
        (&["sweep", "maedn", "--threads", "0"], 2, "--threads"),
        (&["sweep", "maedn", "--chart", "time"], 2, "--plot"),
        (&["sweep", "no-such-board"], 1, "no-such-board"),
        (
            &["sweep", "maedn", "--player", "purple"],
            1,
            "no player \"purple\"",
        ),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
