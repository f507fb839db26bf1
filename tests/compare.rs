//! The comparison of algorithms: the standard board's node counts are pinned, the A* estimate never
//! overestimates, and `boardpath compare` works end to end. (That every exact method agrees
//! everywhere is `tests/crosscheck.rs`.)

use boardpath::board::{Board, Metric, Rounding, RuleOverrides, embedded};
use boardpath::compare::{CompareOptions, Selection, compare_player, fewest_rolls};
use boardpath::cost::Cost;
use boardpath::generate::{GenerateOptions, generate};
use boardpath::race::estimate::{StraightLine, remaining};
use boardpath::race::{Race, RaceError};
use boardpath::solve::{
    METHODS, Method, MethodObjective, PlayerSolution, PlayerSolveError, Skip, solve_race,
};
use proptest::prelude::*;
use std::process::Command;

/// A generated board with varied rules, coordinates and die.
fn random_board(tiles: usize, players: usize, pieces: usize, faces: u32, seed: u64) -> Board {
    let text = generate(&GenerateOptions {
        tiles,
        players,
        pieces,
        faces,
        seed,
        vary_rules: true,
    });
    Board::from_toml(&text, &format!("random seed {seed}")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_astar_estimate_never_overestimates_on_random_boards(
        tiles in 2usize..60,
        pieces in 1usize..4,
        faces in 1u32..12,
        seed in any::<u64>(),
    ) {
        let board = random_board(tiles, 1, pieces, faces, seed);
        prop_assert_eq!(admissible_any(&board), Ok(()));
    }
}

/// [`admissible`] in the cost type of the board's rounding.
fn admissible_any(board: &Board) -> Result<(), String> {
    match board.rules.rounding {
        Rounding::PerMove => admissible::<u64>(board),
        Rounding::Exact => admissible::<f64>(board),
    }
}

/// Checks the A* estimate of every step against the exact remaining cost, for every player and
/// target of `board`.
fn admissible<C: Cost>(board: &Board) -> Result<(), String> {
    for p in 0..board.players.len() {
        // A race a piece cannot finish has nothing to estimate; any other error is a failure.
        let race = match Race::<C>::new(board, p) {
            Ok(race) => race,
            Err(RaceError::Unreachable { .. }) => continue,
            Err(e) => return Err(format!("{} player {p}: {e}", board.origin)),
        };
        for target in race.distinct_targets() {
            let rest = remaining(&race, target);
            let h = StraightLine::admissible(&race, target);
            for (step, r) in rest.iter().enumerate() {
                if let Some(r) = *r
                    && h.estimate(step) > r
                {
                    return Err(format!(
                        "{} player {} target {target} step {step}: estimate {} above the exact {}",
                        board.origin,
                        race.player,
                        h.estimate(step),
                        r
                    ));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn the_astar_estimate_never_overestimates_on_embedded_boards() {
    for name in embedded::names() {
        let board = Board::load(name).unwrap();
        admissible_any(&board).unwrap();
        for metric in [Metric::Euclidean, Metric::Manhattan, Metric::Chebyshev] {
            for rounding in [Rounding::PerMove, Rounding::Exact] {
                let other = board
                    .with_overrides(&RuleOverrides {
                        metric: Some(metric),
                        rounding: Some(rounding),
                        ..RuleOverrides::default()
                    })
                    .unwrap();
                admissible_any(&other).unwrap();
            }
        }
    }
}

/// Tiles 1.4 units apart on a line: every one-tile move rounds down to 1, so twenty of them cost
/// 20 while the straight line is 28. Subtracting half a unit per move for the *fewest* moves
/// (`ceil(20 / 6) = 4`) would estimate 26, above the true 20; the bound used subtracts it for the
/// most moves (20) and estimates 18.
#[test]
fn the_estimate_survives_rounding_down_on_every_move() {
    let tiles: Vec<String> = (0..20)
        .map(|i| format!("[{:.1}, 0]", 1.4 * i as f64))
        .collect();
    let text = format!(
        "[board]\nname = \"rounding trap\"\n[rules]\ndie = [1, 2, 3, 4, 5, 6]\nrounding = \"per-move\"\n[track]\ntiles = [{}]\n[[players]]\nname = \"p\"\nstart = 0\nbase = [[0, -10]]\ngoal = [[28, 0]]\n",
        tiles.join(", ")
    );
    let board = Board::from_toml(&text, "trap").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let h = StraightLine::admissible(&race, 0);
    assert_eq!(race.target_step(0), 20);
    let rest = remaining(&race, 0);
    assert_eq!(
        rest[0],
        Some(20),
        "twenty moves of one tile, each rounded to 1"
    );
    assert_eq!(h.estimate(0), 18, "floor(28 - 20 / 2)");
    assert!(
        u64::at_least(28.0, 4) > 20,
        "the fewest-moves version overestimates"
    );
    admissible::<u64>(&board).unwrap();
}

/// Node counts of the deterministic methods on the standard board, first player, all pieces.
#[test]
fn node_counts_on_the_standard_board_are_pinned() {
    let board = Board::load("maedn").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let run =
        |name: &str, budget: u64| solve_race(&board, &race, Method::find(name).unwrap(), budget);
    let nodes = |name: &str| {
        let s = run(name, 50_000_000).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(s.total, 83047, "{name}");
        s.nodes
    };
    for (name, want) in [
        ("dp/step", 160),
        ("dp/graph", 160),
        ("dp/bitboard", 160),
        ("dijkstra/step", 154),
        ("dijkstra/graph", 154),
        ("dijkstra/bitboard", 154),
        ("petgraph-dijkstra/graph", 154),
        ("astar/step", 126),
        ("astar/graph", 126),
        ("astar/bitboard", 126),
        ("petgraph-astar/graph", 126),
        ("idastar-doubling/step", 34_718_547),
        ("bnb/step", 172),
        ("bnb/graph", 172),
        ("bnb/bitboard", 172),
        ("bnb-exact/bitboard", 877),
        ("bnb-admissible/bitboard", 31_773_455),
        ("bnb-paper/bitboard", 14_282_614),
        ("bnb-listing/bitboard", 18_526_851),
    ] {
        assert_eq!(nodes(name), want, "{name}");
    }
    // The inadmissible A* expands fewer nodes and misses the optimum by 151 units.
    let w = run("weighted-astar/step", 1_000).unwrap();
    assert_eq!((w.total, w.nodes), (83198, 117));
    // Textbook IDA* is still on the first piece when a budget of two million runs out.
    match run("idastar/step", 2_000_000) {
        Err(PlayerSolveError::GaveUp {
            method,
            piece,
            nodes,
            at,
        }) => {
            assert_eq!((method, piece, nodes), ("idastar/step", 1, 2_000_000));
            assert_eq!(at, IDA_AT_TWO_MILLION);
        }
        other => panic!("{other:?}"),
    }
    // Rolls: the length-optimal paths take 32, the fewest possible is 29, which every method
    // minimising rolls finds; the breadth-first searches by a longer way.
    let rolls = |s: &PlayerSolution<u64>| -> usize { s.pieces.iter().map(|p| p.rolls.len()).sum() };
    assert_eq!(rolls(&run("dp/step", 1_000).unwrap()), 32);
    assert_eq!(fewest_rolls(&race), 29);
    for name in ["bfs/step", "bfs/bitboard"] {
        let s = run(name, 1_000).unwrap();
        assert_eq!((rolls(&s), s.total, s.nodes), (29, 103518, 134), "{name}");
    }
    for m in METHODS
        .iter()
        .filter(|m| m.minimises == MethodObjective::Rolls)
    {
        let s = solve_race(&board, &race, m, 1_000).unwrap_or_else(|e| panic!("{}: {e}", m.name));
        assert_eq!(rolls(&s) as u64, fewest_rolls(&race), "{}", m.name);
    }
}

#[test]
fn compare_reports_every_method_and_no_mismatch_on_the_standard_board() {
    let board = Board::load("maedn").unwrap();
    let chosen: Vec<&'static Method> = ["dp/step", "petgraph-dijkstra/graph", "bfs/step"]
        .iter()
        .map(|n| Method::find(n).unwrap())
        .collect();
    let options = CompareOptions {
        selection: Selection::Only(chosen),
        repeat: 1,
        budget: 1_000,
    };
    let mut seen = Vec::new();
    let report = compare_player(&board, "maedn", 0, &options, &mut |job| {
        seen.push(job.method.name)
    })
    .unwrap();
    assert_eq!(seen, ["dp/step", "petgraph-dijkstra/graph", "bfs/step"]);
    assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
    assert_eq!(report.rows.len(), 3);
    assert!(report.rows.iter().all(|r| r.fewest_rolls == Some(29)));
    let methods: Vec<&str> = report.rows.iter().map(|r| r.method.as_str()).collect();
    assert_eq!(methods, ["dp/step", "petgraph-dijkstra/graph", "bfs/step"]);
    assert_eq!(report.rows[0].length, Some(83047.0));
    assert_eq!(report.rows[0].rolls, Some(32));
    assert_eq!(report.rows[0].nodes, Some(160));
    assert_eq!(report.rows[1].length, Some(83047.0));
    assert_eq!(report.rows[1].nodes, Some(154));
    assert_eq!(report.rows[2].rolls, Some(29));
    assert_eq!(report.rows[2].length, Some(103518.0));
    assert_eq!(report.rows[2].optimal, Some(true), "it minimises rolls");
    assert_eq!(report.rows[2].nodes, Some(134));
}

fn boardpath(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_boardpath"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn cli_compare_json_on_maedn() {
    let out = boardpath(&[
        "compare", "maedn", "--format", "json", "--repeat", "1", "--budget", "1000000",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.is_empty(),
        "no progress bar or warning when piped: {stderr}"
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["schema"], "boardpath.compare/1");
    let board = Board::load("maedn").unwrap();
    assert_eq!(doc["provenance"]["boards"][0]["sha256"], board.sha256);
    let v = &doc["results"];
    assert_eq!(v["mismatches"], serde_json::json!([]));
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["method"].as_str().unwrap()).collect();
    let all: Vec<&str> = METHODS.iter().map(|m| m.name).collect();
    assert_eq!(names, all);
    for r in rows {
        let (method, status) = (r["method"].as_str().unwrap(), r["status"].as_str().unwrap());
        let m = Method::find(method).unwrap();
        assert_eq!(r["board"], "maedn");
        assert_eq!(r["player"], "black");
        assert_eq!(r["board_sha256"], board.sha256);
        assert_eq!(
            r["rules"],
            serde_json::json!({"die": [1, 2, 3, 4, 5, 6], "metric": "euclidean",
                "rounding": "per-move", "goal_mode": "slots", "moves_in_goal": false})
        );
        assert_eq!(r["exact"], m.exact, "{method}");
        assert_eq!(r["fewest_rolls"], 29);
        // On the paper's board only the methods marked `Skip::Always` are left out.
        assert_eq!(
            m.skipped_on(&board).is_some(),
            matches!(m.skip, Skip::Always(_)),
            "{method}"
        );
        if m.skipped_on(&board).is_some() {
            assert_eq!(status, "skipped", "{method}");
            continue;
        }
        if m.minimises == MethodObjective::Rolls {
            assert_eq!((status, &r["rolls"]), ("ok", &serde_json::json!(29)));
            assert_eq!(r["optimal"], true, "{method}");
            continue;
        }
        match method {
            "bnb-paper/bitboard" | "bnb-listing/bitboard" => {
                assert_eq!(status, "gave-up", "{method}");
                assert_eq!(r["nodes"], 1_000_000);
            }
            "weighted-astar/step" => {
                assert_eq!((status, &r["optimal"]), ("ok", &serde_json::json!(false)));
                assert_eq!(r["excess"], 151);
            }
            _ => {
                assert_eq!(status, "ok", "{method}");
                assert_eq!(r["length"], 83047, "{method}");
                assert_eq!(r["optimal"], true, "{method}");
                assert!(r["time"]["median_ns"].as_f64().unwrap() > 0.0);
            }
        }
    }
}

#[test]
fn cli_compare_rejects_bad_input() {
    let out = boardpath(&["compare", "maedn", "--method", "quicksort"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid value 'quicksort'"), "{err}");
    assert!(err.contains("dp/step"), "{err}");
    let out = boardpath(&["compare", "no-such-board"]);
    assert_eq!(out.status.code(), Some(1));
    let out = boardpath(&["compare", "maedn", "--player", "purple"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no player \"purple\""));
}

#[test]
fn cli_compare_formats() {
    let args = [
        "compare",
        "maedn",
        "--method",
        "dp/step,bfs/step",
        "--repeat",
        "1",
    ];
    let md = boardpath(&[&args[..], &["--format", "markdown"]].concat());
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(md.starts_with("| board | player | method |"), "{md}");
    assert!(
        md.contains("| maedn | black | dp/step | length | yes | 83047 | yes | 32 | 29 | 160 |"),
        "{md}"
    );
    let csv = boardpath(&[&args[..], &["--format", "csv"]].concat());
    let csv = String::from_utf8(csv.stdout).unwrap();
    let sha = Board::load("maedn").unwrap().sha256;
    let bfs =
        format!("\nmaedn,{sha},black,{RULES_CSV},bfs/step,true,ok,103518,20471,true,29,29,134,");
    assert!(csv.contains(&bfs), "{csv}");
    let text = boardpath(&args);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.starts_with("board  player  method"), "{text}");
}

/// Where textbook IDA* stands when two million nodes run out (the same as before the generic
/// search: iteration for iteration).
const IDA_AT_TWO_MILLION: &str = "iteration 304, bound 11794";
/// The standard board's rules in CSV: metric, rounding, goal mode, moves in goal, die, unit.
const RULES_CSV: &str = "euclidean,per-move,slots,false,1 2 3 4 5 6,units";
