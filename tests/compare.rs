//! The comparison of algorithms: exact methods agree everywhere, the standard board's node counts
//! are pinned, the A* estimate never overestimates, and `boardpath compare` works end to end.

use boardpath::generate::{GenerateOptions, generate};
use boardpath::board::{Board, Metric, Rounding, RuleOverrides, embedded};
use boardpath::compare::method::{Found, Stop, fewest_rolls};
use boardpath::compare::{Method, Options, Selection, compare_player, same};
use boardpath::cost::Cost;
use boardpath::encoding::bitboard::Bound;
use boardpath::encoding::graph::GraphEncoding;
use boardpath::race::Race;
use boardpath::search::dijkstra::distances_to;
use boardpath::search::heuristic::StraightLine;
use proptest::prelude::*;
use std::process::Command;

/// Methods that are exact and fast on any small board (IDA* within a budget).
const EXACT: [Method; 6] = [
    Method::Dp,
    Method::Dijkstra,
    Method::AStar,
    Method::IdaStar,
    Method::IdaStarDoubling,
    Method::Bitboard(Bound::Exact),
];

/// Runs every exact method (and the BFS and weighted A*) on one player and checks them against
/// each other; `budget` caps IDA*, which may give up but must not be wrong.
fn check_player<C: Cost>(board: &Board, player: usize, budget: u64) -> Result<(), String> {
    let race = Race::<C>::new(board, player);
    if race.check_reachable().is_err() {
        return Ok(()); // compare refuses such a board before running anything
    }
    let who = format!("{} player {}", board.origin, race.player);
    let Found {
        length: Some(optimum),
        ..
    } = Method::Dp
        .run(board, &race, budget)
        .map_err(|e| format!("{who}: dp: {e:?}"))?
    else {
        return Err(format!("{who}: dp gave no length"));
    };
    let dp_rolls = Method::Dp.run(board, &race, budget).map(|f| f.rolls);
    for method in EXACT {
        match method.run(board, &race, budget) {
            Ok(found) => {
                // These break ties the same way: the greatest roll sequence.
                if matches!(method, Method::Dijkstra | Method::Bitboard(_))
                    && Ok(found.rolls) != dp_rolls
                {
                    return Err(format!(
                        "{who}: {} took {} rolls, dp {dp_rolls:?}",
                        method.name(),
                        found.rolls
                    ));
                }
                let length = found
                    .length
                    .ok_or(format!("{who}: {method:?}: no length"))?;
                if !same(length, optimum) {
                    return Err(format!(
                        "{who}: {} found {length}, dp {optimum}",
                        method.name()
                    ));
                }
            }
            Err(Stop::GaveUp { .. })
                if matches!(method, Method::IdaStar | Method::IdaStarDoubling) => {}
            Err(Stop::Unsupported(_)) if matches!(method, Method::Bitboard(_)) => {}
            Err(e) => return Err(format!("{who}: {}: {e:?}", method.name())),
        }
    }
    let bfs = Method::BitBfs
        .run(board, &race, budget)
        .map_err(|e| format!("{who}: bit-bfs: {e:?}"))?;
    if Some(bfs.rolls) != fewest_rolls(&race) {
        return Err(format!(
            "{who}: bit-bfs {} rolls, dp with unit costs {:?}",
            bfs.rolls,
            fewest_rolls(&race)
        ));
    }
    let weighted = Method::WeightedAStar
        .run(board, &race, budget)
        .map_err(|e| format!("{who}: weighted-astar: {e:?}"))?;
    match weighted.length {
        Some(l) if l.to_f64() >= optimum.to_f64() * (1.0 - 1e-12) => Ok(()),
        other => Err(format!(
            "{who}: weighted-astar {other:?} below the optimum {optimum}"
        )),
    }
}

fn check_board(board: &Board, budget: u64) -> Result<(), String> {
    for p in 0..board.players.len() {
        match board.rules.rounding {
            Rounding::PerMove => check_player::<u64>(board, p, budget)?,
            Rounding::Exact => check_player::<f64>(board, p, budget)?,
        }
    }
    Ok(())
}

#[test]
fn exact_methods_agree_on_every_embedded_board_and_player() {
    for (name, _) in embedded::BOARDS {
        let board = Board::load(name).unwrap();
        check_board(&board, 2_000_000).unwrap();
        let exact = board
            .with_overrides(&RuleOverrides {
                rounding: Some(Rounding::Exact),
                ..RuleOverrides::default()
            })
            .unwrap();
        check_board(&exact, 2_000_000).unwrap();
    }
}

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
    fn exact_methods_agree_on_random_boards(
        tiles in 2usize..40,
        players in 1usize..3,
        pieces in 1usize..4,
        faces in 1u32..9,
        seed in any::<u64>(),
    ) {
        let board = random_board(tiles, players.min(tiles), pieces, faces, seed);
        prop_assert_eq!(check_board(&board, 50_000), Ok(()));
    }

    #[test]
    fn the_astar_estimate_never_overestimates_on_random_boards(
        tiles in 2usize..60,
        pieces in 1usize..4,
        faces in 1u32..12,
        seed in any::<u64>(),
    ) {
        let board = random_board(tiles, 1, pieces, faces, seed);
        match board.rules.rounding {
            Rounding::PerMove => prop_assert_eq!(admissible::<u64>(&board), Ok(())),
            Rounding::Exact => prop_assert_eq!(admissible::<f64>(&board), Ok(())),
        }
    }
}

/// Checks the A* estimate of every step against the exact remaining cost, for every player and
/// target of `board`.
fn admissible<C: Cost>(board: &Board) -> Result<(), String> {
    for p in 0..board.players.len() {
        let race = Race::<C>::new(board, p);
        let graph = GraphEncoding::new(&race);
        for target in race.targets() {
            let Some((_, goal)) = graph.endpoints(race.track_steps, target) else {
                continue;
            };
            let rest = distances_to(&graph.graph, goal);
            let h = StraightLine::admissible(&race, board.rules.metric, target);
            for step in 0..=race.target_step(target) {
                let Some(node) = graph.node(step, target) else {
                    continue;
                };
                if let Some(r) = rest[node.index()]
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
    for (name, _) in embedded::BOARDS {
        let board = Board::load(name).unwrap();
        admissible::<u64>(&board).unwrap();
        admissible::<f64>(&board).unwrap();
        for metric in [Metric::Manhattan, Metric::Chebyshev] {
            let other = board
                .with_overrides(&RuleOverrides {
                    metric: Some(metric),
                    ..RuleOverrides::default()
                })
                .unwrap();
            admissible::<u64>(&other).unwrap();
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
    let race = Race::<u64>::new(&board, 0);
    let h = StraightLine::admissible(&race, board.rules.metric, 0);
    assert_eq!(race.target_step(0), 20);
    let graph = GraphEncoding::new(&race);
    let (_, goal) = graph.endpoints(race.track_steps, 0).unwrap();
    let rest = distances_to(&graph.graph, goal);
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
    let race = Race::<u64>::new(&board, 0);
    let budget = 50_000_000;
    let run = |m: Method| m.run(&board, &race, budget);
    let nodes = |m: Method| {
        let f = run(m).unwrap_or_else(|e| panic!("{m:?}: {e:?}"));
        assert_eq!(
            f.length,
            Some(83047).filter(|_| m != Method::BitBfs),
            "{m:?}"
        );
        f.nodes
    };
    assert_eq!(nodes(Method::Dp), 64);
    assert_eq!(nodes(Method::Dijkstra), 154);
    assert_eq!(nodes(Method::AStar), 126);
    assert_eq!(nodes(Method::BitBfs), 164);
    assert_eq!(nodes(Method::IdaStarDoubling), 34_718_547);
    assert_eq!(nodes(Method::Bitboard(Bound::Exact)), 877);
    assert_eq!(nodes(Method::Bitboard(Bound::Admissible)), 31_773_455);
    assert_eq!(nodes(Method::Bitboard(Bound::Paper)), 14_282_614);
    assert_eq!(nodes(Method::Bitboard(Bound::Listing)), 18_526_851);
    // The inadmissible A* expands fewer nodes and misses the optimum by 151 units.
    let w = run(Method::WeightedAStar).unwrap();
    assert_eq!((w.length, w.nodes), (Some(83198), 117));
    // Textbook IDA* is still on the first piece when a budget of two million runs out.
    match Method::IdaStar.run(&board, &race, 2_000_000) {
        Err(Stop::GaveUp { nodes, at }) => {
            assert_eq!(nodes, 2_000_000);
            assert_eq!(at, "piece 1, iteration 304, bound 11794");
        }
        other => panic!("{other:?}"),
    }
    // Rolls: the length-optimal paths take 32, the fewest possible is 29.
    assert_eq!(run(Method::Dp).unwrap().rolls, 32);
    assert_eq!(run(Method::BitBfs).unwrap().rolls, 29);
}

#[test]
fn compare_reports_every_method_and_no_mismatch_on_the_standard_board() {
    let board = Board::load("maedn").unwrap();
    let options = Options {
        selection: Selection::Only(vec![Method::Dp, Method::Dijkstra, Method::BitBfs]),
        repeat: 1,
        budget: 1_000,
    };
    let mut seen = Vec::new();
    let report = compare_player(&board, "maedn", 0, &options, &mut |job| {
        seen.push(job.method)
    })
    .unwrap();
    assert_eq!(seen, vec![Method::Dp, Method::Dijkstra, Method::BitBfs]);
    assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
    assert_eq!(report.rows.len(), 3);
    assert!(report.rows.iter().all(|r| r.fewest_rolls == Some(29)));
    assert_eq!(report.rows[0].length, Some(83047.0));
    assert_eq!(report.rows[2].rolls, Some(29));
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
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["mismatches"], serde_json::json!([]));
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["method"].as_str().unwrap()).collect();
    let all: Vec<&str> = Method::ALL.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, all);
    for r in rows {
        let (method, status) = (r["method"].as_str().unwrap(), r["status"].as_str().unwrap());
        assert_eq!(r["board"], "maedn");
        assert_eq!(r["player"], "black");
        assert_eq!(r["fewest_rolls"], 29);
        match method {
            "bitboard-none" => assert_eq!(status, "skipped"),
            "idastar" | "idastar-doubling" => {
                assert_eq!(status, "gave-up");
                assert_eq!(r["nodes"], 1_000_000);
            }
            "bit-bfs" => assert_eq!((status, &r["rolls"]), ("ok", &serde_json::json!(29))),
            "weighted-astar" => {
                assert_eq!((status, &r["optimal"]), ("ok", &serde_json::json!(false)));
                assert_eq!(r["excess"], "+151");
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
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown method \"quicksort\""));
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
        "dp,bit-bfs",
        "--repeat",
        "1",
    ];
    let md = boardpath(&[&args[..], &["--format", "markdown"]].concat());
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(md.starts_with("| board | player | method |"), "{md}");
    assert!(
        md.contains("| maedn | black | dp | yes | 83047 | yes | 32 | 29 | 64 |"),
        "{md}"
    );
    let csv = boardpath(&[&args[..], &["--format", "csv"]].concat());
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(
        csv.contains("\nmaedn,black,bit-bfs,true,ok,,,true,29,29,164,"),
        "{csv}"
    );
    let text = boardpath(&args);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.starts_with("board  player  method"), "{text}");
}
