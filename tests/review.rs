//! Game records and their review: `play --records` writes records that replay to the games the
//! tournament counted, a record read and written is the same record, every reviewed value equals
//! the one computed independently from the solved table (`Maedn2`'s own ranking and moves, not the
//! engine's), the luck and the losses add up to the game's change of winning chance, and hostile
//! records are refused naming the turn.

mod common;

use boardpath::board::Board;
use boardpath::game::exact::{
    self, Maedn2, MoveOutcome as Outcome, Moves, Position, Side, ValueIterationOptions as Options,
};
use boardpath::game::record::{GameRecord, RECORD_FORMAT};
use boardpath::game::review::{Judgement, Review, Thresholds, review, review_record};
use boardpath::game::{Game, GameConfig, State, WAITING};
use common::{json_results, run, stdout};
use serde_json::{Value, json};

/// The state as `Maedn2`'s position, written here from the engine's documented steps (0..39
/// track, 40..43 goal, each side from its own start), not with the policy's converter.
fn position_of(state: &State) -> Position {
    let side = |p: usize| {
        let mut s = Side::default();
        for &step in state.pieces_of(p) {
            if step == WAITING {
                s.waiting += 1;
            } else if step < 40 {
                s.track |= 1 << step;
            } else {
                s.goal |= 1 << (step - 40);
            }
        }
        s
    };
    let m = state.to_move();
    Position {
        mover: side(m),
        opponent: side(1 - m),
    }
}

/// The mover's value after each of its moves for `roll`, by `Maedn2`'s moves and outcomes.
fn table_options(solver: &Maedn2, values: &[f64], state: &State, roll: u32) -> Vec<(u32, f64)> {
    let mut moves = Moves::default();
    exact::moves(&position_of(state), roll, &mut moves);
    moves
        .as_slice()
        .iter()
        .map(|step| {
            let v = match solver.outcome(step, roll) {
                Outcome::Win => 1.0,
                Outcome::Loss => 0.0,
                Outcome::Same(r) => values[r as usize],
                Outcome::Flip(r) => 1.0 - values[r as usize],
            };
            (step.action, v)
        })
        .collect()
}

fn records(pieces: &str, policies: &str, games: &str, seed: &str) -> Vec<GameRecord> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.jsonl");
    let out = run(&[
        "play",
        "--pieces",
        pieces,
        "--policy",
        policies,
        "--games",
        games,
        "--seed",
        seed,
        "--records",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| GameRecord::parse(l).unwrap())
        .collect()
}

/// Every turn's values against the table, computed from the table alone.
fn check_against_table(
    r: &Review,
    replay: &boardpath::game::record::Replay,
    solver: &Maedn2,
    values: &[f64],
) {
    assert_eq!(r.turns.len(), replay.plies.len());
    let start = State::initial(&replay.game);
    assert!((r.start_value - values[solver.rank(&position_of(&start)) as usize]).abs() < 1e-12);
    for (t, ply) in r.turns.iter().zip(&replay.plies) {
        let before = values[solver.rank(&position_of(&ply.before)) as usize];
        let options = table_options(solver, values, &ply.before, ply.roll);
        let best = options.iter().map(|o| o.1).fold(f64::MIN, f64::max);
        let made = options
            .iter()
            .find(|o| o.0 as usize == ply.action)
            .map(|o| o.1)
            .unwrap();
        assert_eq!((t.seat, t.roll, t.action), (ply.seat, ply.roll, ply.action));
        assert!((t.position_value - before).abs() < 1e-12, "turn {}", t.turn);
        assert!((t.best_value - best).abs() < 1e-12, "turn {}", t.turn);
        assert!((t.value - made).abs() < 1e-12, "turn {}", t.turn);
        assert!((t.loss - (best - made).max(0.0)).abs() < 1e-12);
        assert_eq!(t.options.len(), options.len());
    }
}

/// The review of tournament games (optimal against random, 2 pieces) equals the table's values at
/// every turn; seat 0 (optimal) never loses winning chance, seat 1 (random) does; and the luck
/// and losses add up: seat 0's value moves from the start's to 1 or 0 by its luck minus its
/// losses, less the other seat's.
#[test]
fn the_review_agrees_with_the_solved_table_at_every_turn() {
    let solver = Maedn2::new(2);
    let values = exact::solve(&solver, &Options::default())
        .unwrap()
        .into_values();
    let recs = records("2", "optimal,random", "6", "3");
    assert_eq!(recs.len(), 6);
    let mut random_lost = 0.0;
    for rec in &recs {
        let replay = rec.replay().unwrap();
        let optimal =
            boardpath::game::policy::optimal::Optimal::new(&replay.board, &replay.game, None)
                .unwrap();
        let r = review(&replay, &optimal, &Thresholds::default());
        check_against_table(&r, &replay, &solver, &values);
        assert!(r.players[0].loss < 1e-12, "{}", r.players[0].loss);
        random_lost += r.players[1].loss;
        let w = r.winner.expect("every game ends") as f64;
        let end = 1.0 - w;
        let net = |p: usize| r.players[p].luck - r.players[p].loss;
        assert!(((end - r.start_value) - (net(0) - net(1))).abs() < 1e-9);
        assert_eq!(r.players[0].name.as_deref(), Some("optimal"));
        // A forced turn has a single value; a turn with a choice is judged by its loss.
        for t in &r.turns {
            let spread = t.options.iter().map(|o| o.value).fold(f64::MIN, f64::max)
                - t.options.iter().map(|o| o.value).fold(f64::MAX, f64::min);
            assert_eq!(t.judgement == Judgement::Forced, spread <= 1e-9);
        }
    }
    assert!(random_lost > 0.05, "random lost only {random_lost}");
}

/// `play --records` writes one record per game, each replaying to a finished game, and the
/// records' winners are the tournament's wins; a record written and read back is the same.
#[test]
fn records_replay_to_the_tournament_s_games() {
    let recs = records("1", "random", "40", "11");
    let report = json_results(&[
        "play", "--pieces", "1", "--games", "40", "--seed", "11", "--format", "json",
    ]);
    let mut wins = [0u64; 2];
    for rec in &recs {
        assert_eq!(rec.format, RECORD_FORMAT);
        assert_eq!(
            (
                rec.board.as_str(),
                rec.rules.as_str(),
                rec.players,
                rec.pieces
            ),
            ("maedn", "openspiel", 2, Some(1))
        );
        let again = GameRecord::parse(&rec.to_json()).unwrap();
        assert_eq!(&again, rec);
        let replay = rec.replay().unwrap();
        wins[replay.winner().expect("finished")] += 1;
    }
    let reported: Vec<u64> = report["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .collect();
    assert_eq!(wins.to_vec(), reported);
}

/// The CLI's text and JSON agree with the library's review of the same record.
#[test]
fn review_prints_every_turn_and_a_summary() {
    let rec = &records("1", "front,rear", "1", "2")[0];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, rec.to_json()).unwrap();
    let p = path.to_str().unwrap();
    let lib = review_record(rec, None, &Thresholds::default()).unwrap();
    let json = json_results(&["review", p, "--format", "json"]);
    // Two solves (two processes) agree to the last bits or so: their parallel sweeps may add in
    // another order.
    close(&json, &serde_json::to_value(&lib).unwrap(), "");
    let text = stdout(&["review", p]);
    assert!(text.starts_with(&format!(
        "{} turns on maedn, 2 players x 1 piece, rules openspiel: seat 0 wins 52.40% at the start",
        rec.turns.len()
    )), "{text}");
    // Past the heading, a row per turn and one per seat, each starting with its number.
    let rows = text
        .lines()
        .skip(1)
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(rows, rec.turns.len() + 2, "{text}");
    // The position id of the end names a position `review --position` analyses.
    let end = lib.end.clone();
    let first = &lib.turns[2].position;
    let pos = json_results(&[
        "review",
        "--position",
        first,
        "--pieces",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(pos["position"], json!(first));
    assert!((pos["value"].as_f64().unwrap() - lib.turns[2].position_value).abs() < 1e-12);
    let over = run(&["review", "--position", &end, "--pieces", "1"]);
    assert_eq!(over.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&over.stderr).contains("the game is over"));
}

/// `a` and `b` equal, numbers to 1e-12.
fn close(a: &Value, b: &Value, at: &str) {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            assert!((x - y).abs() < 1e-12, "{at}: {x} against {y}");
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{at}");
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                close(u, v, &format!("{at}/{i}"));
            }
        }
        (Value::Object(x), Value::Object(y)) => {
            assert_eq!(
                x.keys().collect::<Vec<_>>(),
                y.keys().collect::<Vec<_>>(),
                "{at}"
            );
            for (k, u) in x {
                close(u, &y[k], &format!("{at}/{k}"));
            }
        }
        _ => assert_eq!(a, b, "{at}"),
    }
}

/// Hostile records: each refused with exit 1 and one line naming the place and what is valid.
#[test]
fn hostile_records_are_refused_naming_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |record: &str, want: &str| {
        let path = dir.path().join("r.json");
        std::fs::write(&path, record).unwrap();
        let out = run(&["review", path.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(1), "{record}: {err}");
        assert!(err.contains(want), "{record}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    let f = RECORD_FORMAT;
    refused("", "line 1, column 0: not a game record");
    refused("[1, 2]", "not a game record");
    refused(
        r#"{"format": "boardpath.game-record/2", "turns": []}"#,
        "\"format\" is \"boardpath.game-record/2\"; this program reads \"boardpath.game-record/1\"",
    );
    refused(
        &format!(r#"{{"format": "{f}", "turns": [], "colour": 1}}"#),
        "unknown field `colour`",
    );
    refused(
        &format!(r#"{{"format": "{f}", "pieces": 1, "turns": [{{"roll": 7, "action": 0}}]}}"#),
        "turn 1: roll 7 is not a face of the die (1 to 6)",
    );
    refused(
        &format!(r#"{{"format": "{f}", "pieces": 1, "turns": [{{"roll": 6, "action": 5}}]}}"#),
        "turn 1: move: action 5 is not legal for player 0 after rolling 6 (legal: 1)",
    );
    refused(
        &format!(r#"{{"format": "{f}", "pieces": 1, "turns": [{{"roll": -1, "action": 0}}]}}"#),
        "not a game record",
    );
    refused(
        &format!(r#"{{"format": "{f}", "board": "nowhere.toml", "turns": []}}"#),
        "\"board\" \"nowhere.toml\"",
    );
    refused(
        &format!(r#"{{"format": "{f}", "rules": "chess", "turns": []}}"#),
        "\"rules\" \"chess\"",
    );
    refused(
        &format!(r#"{{"format": "{f}", "players": 9, "turns": []}}"#),
        "players",
    );
    refused(
        &format!(r#"{{"format": "{f}", "board_sha256": "00", "turns": []}}"#),
        "\"board_sha256\" is 00, but board maedn has SHA-256",
    );
    // A move after the game is over.
    let rec = &records("1", "front", "1", "4")[0];
    let mut v: Value = serde_json::from_str(&rec.to_json()).unwrap();
    let n = rec.turns.len();
    v["turns"]
        .as_array_mut()
        .unwrap()
        .push(json!({"roll": 1, "action": 0}));
    refused(
        &v.to_string(),
        &format!("turn {}: the game is over: player", n + 1),
    );
    // Three players are replayed but not reviewed: the exact solution is for two.
    refused(
        &format!(r#"{{"format": "{f}", "players": 3, "pieces": 1, "turns": []}}"#),
        "no exact solution for 3 players",
    );
}

/// The board a record names is the one replayed: a record of another board's game does not
/// replay on the standard board.
#[test]
fn a_record_replays_on_its_own_board() {
    let board = Board::load("ludo").unwrap();
    let config = GameConfig {
        pieces: Some(1),
        ..GameConfig::new(2)
    };
    let game = Game::new(&board, &config).unwrap();
    let mut rec = GameRecord::new("ludo", None, &game);
    rec.turns
        .push(boardpath::game::record::Turn { roll: 6, action: 1 });
    let replay = rec.replay().unwrap();
    assert_eq!(replay.board.name, board.name);
    assert_eq!(replay.last().pieces_of(0), &[0]);
    rec.board = "maedn".into();
    rec.turns[0].roll = 5;
    rec.turns[0].action = 1;
    assert!(
        rec.replay()
            .unwrap_err()
            .0
            .contains("turn 1: move: action 1 is not legal")
    );
}
