//! The faces give one answer: for each job, the library's call (`boardpath::jobs`), the command
//! line's `--format json` and the workbench server's API return the same numbers for the same
//! question (`python/tests/test_faces.py` holds Python's call to the same command lines). What a
//! run measures of itself (seconds, threads, the timing of a method) is left out.

mod common;

use boardpath::board::{Board, Metric};
use boardpath::compare::sweep::Axes;
use boardpath::jobs::{
    self, CompareBoard, CompareJob, DiceJob, PlayJob, SolveGameJob, SolveGameWatch, SolveJob,
    StrategiesJob, SweepJob,
};
use boardpath::output::json::Placed;
use common::{Served, json_results};
use serde_json::Value;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

const MAEDN: &str = include_str!("../boards/maedn.toml");
const LUDO: &str = include_str!("../boards/ludo.toml");

/// `value` as the faces' JSON reads back: written as text and parsed, as a face's answer is (a
/// float goes through the same text both ways, so equal numbers compare equal to the last bit).
fn json(value: &impl serde::Serialize) -> Value {
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

/// `doc` without the fields named `keys`, at any depth: what a run measures of itself.
fn without(mut doc: Value, keys: &[&str]) -> Value {
    fn strip(v: &mut Value, keys: &[&str]) {
        match v {
            Value::Object(m) => {
                m.retain(|k, _| !keys.contains(&k.as_str()));
                m.values_mut().for_each(|x| strip(x, keys));
            }
            Value::Array(a) => a.iter_mut().for_each(|x| strip(x, keys)),
            _ => {}
        }
    }
    strip(&mut doc, keys);
    doc
}

/// The `results` of the server's answer to `POST target` with `toml` as the body.
fn served(server: &Served, target: &str, toml: &str) -> Value {
    let answer = server.post(target, toml.as_bytes());
    assert_eq!(answer.status, 200, "{target}: {}", answer.text());
    answer.json()["results"].take()
}

#[test]
fn solve_gives_one_answer_on_every_face() {
    let board = Board::load("ludo").unwrap();
    let job = SolveJob {
        player: Some("all".into()),
        method: "bnb/bitboard".into(),
        ..SolveJob::default()
    };
    let solved = jobs::solve(&board, &job, None, &mut |_| {})
        .unwrap()
        .held()
        .unwrap();
    let library = json(
        &solved
            .iter()
            .map(|(p, s)| Placed::new(&board, *p, s))
            .collect::<Vec<_>>(),
    );
    let cli = json_results(&[
        "solve",
        "ludo",
        "--player",
        "all",
        "--method",
        "bnb/bitboard",
        "--format",
        "json",
    ]);
    let server = served(
        &Served::start(&[]),
        "/api/solve?file=ludo&player=all&method=bnb/bitboard",
        LUDO,
    );
    assert_eq!(library.as_array().unwrap().len(), 4);
    assert_eq!(library, cli);
    assert_eq!(library, server);
}

#[test]
fn compare_gives_one_answer_on_every_face() {
    let board = Board::load("maedn").unwrap();
    let methods = "dp/step,bnb/bitboard,astar/step";
    let job = CompareJob {
        methods: Some(methods.split(',').map(String::from).collect()),
        repeat: 1,
        ..CompareJob::default()
    };
    let entry = CompareBoard {
        label: "maedn",
        board: &board,
        player: Some("all"),
    };
    let report = jobs::compare(&[entry], &job, &mut |_| ControlFlow::Continue(())).unwrap();
    // Each method's timing is the run's own.
    let library = without(json(&report), &["time"]);
    let cli = json_results(&[
        "compare", "maedn", "--player", "all", "--method", methods, "--repeat", "1", "--format",
        "json",
    ]);
    let server = served(
        &Served::start(&[]),
        &format!("/api/compare?file=maedn&player=all&method={methods}"),
        MAEDN,
    );
    assert_eq!(library["rows"].as_array().unwrap().len(), 12);
    assert_eq!(library, without(cli, &["time"]));
    assert_eq!(library, without(server, &["time"]));
}

#[test]
fn sweep_gives_one_answer_on_the_library_and_the_command_line() {
    // The server has no sweep endpoint: two faces here, Python's in test_faces.py.
    let (maedn, ludo) = (Board::load("maedn").unwrap(), Board::load("ludo").unwrap());
    let job = SweepJob {
        compare: CompareJob {
            methods: Some(vec!["dp/step".into(), "bnb/bitboard".into()]),
            repeat: 1,
            ..CompareJob::default()
        },
        axes: Axes {
            metric: vec![Metric::Euclidean, Metric::Manhattan],
            die: vec![vec![1, 2, 3, 4, 5, 6], vec![7]],
            ..Axes::default()
        },
        threads: Some(2),
    };
    let boards = [("maedn", &maedn), ("ludo", &ludo)].map(|(label, board)| CompareBoard {
        label,
        board,
        player: Some("all"),
    });
    let told = AtomicUsize::new(0);
    let report = jobs::sweep(&boards, &job, &|p| {
        assert_eq!(p.total, 64);
        told.fetch_add(1, Ordering::Relaxed);
    })
    .unwrap();
    // 2 boards x 2 metrics x 2 dice x 4 players x 2 methods, each told once before it runs.
    assert_eq!(told.into_inner(), 64);
    let library = without(json(&report), &["time"]);
    let cli = json_results(&[
        "sweep",
        "maedn",
        "ludo",
        "--player",
        "all",
        "--metric",
        "euclidean,manhattan",
        "--die",
        "1-6",
        "--die",
        "7",
        "--method",
        "dp/step,bnb/bitboard",
        "--repeat",
        "1",
        "--threads",
        "2",
        "--format",
        "json",
    ]);
    let rows = library["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 64);
    assert_eq!(rows[0]["length"], 83047);
    // A die of 7s cannot finish on either board: a row with a reason, not an error.
    assert_eq!(rows[8]["status"], "invalid");
    assert_eq!(library, without(cli, &["time"]));
}

#[test]
fn dice_gives_one_answer_on_every_face() {
    let board = Board::load("maedn").unwrap();
    let job = DiceJob {
        player: Some("all".into()),
        ..DiceJob::default()
    };
    let analyses: Vec<_> = jobs::dice(&board, &job, None)
        .unwrap()
        .into_iter()
        .map(|a| a.analysis)
        .collect();
    let library = json(&analyses);
    let cli = json_results(&["dice", "maedn", "--player", "all", "--format", "json"]);
    let server = served(
        &Served::start(&[]),
        "/api/dice?file=maedn&player=all",
        MAEDN,
    );
    assert_eq!(library.as_array().unwrap().len(), 4);
    assert_eq!(library, cli);
    assert_eq!(library, server);
}

#[test]
fn play_gives_one_answer_on_every_face() {
    let board = Board::load("maedn").unwrap();
    let job = PlayJob {
        players: 4,
        policies: ["front", "rear", "aggressive", "random"]
            .map(String::from)
            .to_vec(),
        games: 2000,
        seed: 7,
        ..PlayJob::default()
    };
    let report = jobs::play(&board, &job, &|_| {}).unwrap();
    // Seconds and threads are the run's; everything else the seed fixes.
    let timing = ["seconds", "threads"];
    let library = without(json(&report), &timing);
    let policy = "front,rear,aggressive,random";
    let cli = json_results(&[
        "play",
        "maedn",
        "--players",
        "4",
        "--policy",
        policy,
        "--games",
        "2000",
        "--seed",
        "7",
        "--format",
        "json",
    ]);
    let server = served(
        &Served::start(&[]),
        &format!("/api/play?file=maedn&players=4&policy={policy}&games=2000&seed=7"),
        MAEDN,
    );
    assert_eq!(library["games"], 2000);
    assert_eq!(library, without(cli, &timing));
    assert_eq!(library, without(server, &timing));
}

#[test]
fn solve_game_gives_one_answer_on_the_library_and_the_command_line() {
    // The server has no solve-game endpoint: two faces here, Python's in test_faces.py.
    for (board, rules) in [("maedn", "openspiel"), ("ludo", "ludo")] {
        let job = SolveGameJob {
            pieces: 1,
            rules: Some(rules.into()),
            ..SolveGameJob::default()
        };
        let loaded = Board::load(board).unwrap();
        let values = jobs::solve_game(&loaded, &job, SolveGameWatch::default()).unwrap();
        let timing = ["seconds", "threads"];
        let library = without(json(&values.report), &timing);
        let cli = json_results(&[
            "solve-game",
            board,
            "--pieces",
            "1",
            "--rules",
            rules,
            "--format",
            "json",
        ]);
        assert_eq!(library, without(cli, &timing), "{board}");
        assert_eq!(
            values.solution.value(values.ranking.start()),
            values.report.first_player_wins
        );
    }
}

/// The plan (`jobs::plan`, `solve-game --plan --format json`): the layers, groups and bytes
/// for 4 pieces and packed bounds (nothing measured, so nothing differs from run to run).
#[test]
fn the_plan_gives_one_answer_on_the_library_and_the_command_line() {
    let job = jobs::PlanJob {
        pieces: 4,
        bounds: jobs::BoundsEncoding::Packed,
        ..jobs::PlanJob::default()
    };
    let library = json(&jobs::plan(&job).unwrap());
    let mut cli = json_results(&[
        "solve-game",
        "--pieces",
        "4",
        "--plan",
        "--bounds",
        "packed",
        "--format",
        "json",
    ]);
    // The command line's own addition: what a solve out of core needs, with `--memory`.
    assert_eq!(cli["out_of_core"], Value::Null);
    cli.as_object_mut().unwrap().remove("out_of_core");
    assert_eq!(library, cli);
    assert_eq!(library["positions"], 16_052_754_015u64);
    assert_eq!(library["groups"].as_array().unwrap().len(), 10);
}

#[test]
fn strategies_give_one_answer_on_the_library_and_the_command_line() {
    // The server evaluates no strategies: two faces here, Python's in test_faces.py. The command
    // line asks one of the three questions a run.
    let ring = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/ring16.toml");
    let board = Board::load(ring).unwrap();
    let asked = [
        (
            ["--policy", "front,random"],
            StrategiesJob {
                pair: Some(["front".into(), "random".into()]),
                ..StrategiesJob::default()
            },
        ),
        (
            ["--exploitability", "rear"],
            StrategiesJob {
                exploitability: Some("rear".into()),
                ..StrategiesJob::default()
            },
        ),
        (
            ["--matrix", "random,aggressive"],
            StrategiesJob {
                matrix: Some(vec!["random".into(), "aggressive".into()]),
                ..StrategiesJob::default()
            },
        ),
    ];
    for ([option, value], job) in asked {
        let told = AtomicUsize::new(0);
        let report = jobs::evaluate_strategies(&board, &job, &|positions| {
            told.store(positions as usize, Ordering::Relaxed);
        })
        .unwrap();
        // Each solve's seconds are the run's own.
        let library = without(json(&report), &["seconds"]);
        let cli = json_results(&[
            "solve-game",
            ring,
            "--pieces",
            "2",
            option,
            value,
            "--format",
            "json",
        ]);
        // The positions were told before they were expanded.
        assert_eq!(library["positions"], told.into_inner() as u64, "{option}");
        assert_eq!(library, without(cli, &["seconds"]), "{option}");
        let pairs = library["pairs"].as_array().map_or(0, Vec::len);
        match option {
            "--policy" => assert_eq!(pairs, 1),
            "--matrix" => assert_eq!(pairs, 4),
            _ => assert!(library["exploitability"]["mean_loss"].as_f64().unwrap() > 1e-6),
        }
    }
}
