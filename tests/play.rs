//! `boardpath play` through the real binary, and the tournament library on hand-built games:
//! determinism over threads, fair seats, policies that behave as named, distances derived by hand,
//! policy files and bad input.

mod common;

use boardpath::board::Board;
use boardpath::game::distance::Distances;
use boardpath::game::policy::file::FilePolicy;
use boardpath::game::{Game, GameConfig, State, WAITING, legal_moves};
use common::{json_results, run, stdout};
use std::io::Write;

const DUEL: &str = "tests/boards/duel.toml";

fn duel() -> (Board, Game) {
    let board = Board::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/boards/duel.toml"
    ))
    .unwrap();
    let game = Game::new(&board, &GameConfig::new(2)).unwrap();
    (board, game)
}

/// The CSV rows of one seat, split.
fn rows(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

/// Column `name` of the CSV header.
fn col(csv: &str, name: &str) -> usize {
    csv.lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == name)
        .unwrap_or_else(|| panic!("no column {name}"))
}

fn num(csv: &str, seat: usize, name: &str) -> f64 {
    rows(csv)[seat][col(csv, name)].parse().unwrap()
}

#[test]
fn the_same_numbers_on_any_number_of_threads() {
    let args = |t: &'static str| {
        vec![
            "play",
            "maedn",
            "--players",
            "3",
            "--policy",
            "random,aggressive,defensive",
            "--games",
            "700",
            "--seed",
            "42",
            "--format",
            "csv",
            "--threads",
            t,
        ]
    };
    let one = stdout(&args("1"));
    assert_eq!(one, stdout(&args("2")));
    assert_eq!(one, stdout(&args("3")));
    // A different seed gives different games.
    let mut other = args("2");
    other[9] = "43";
    assert_ne!(one, stdout(&other));
}

#[test]
fn random_seats_win_about_one_in_n() {
    for n in ["2", "4"] {
        let csv = stdout(&[
            "play",
            "maedn",
            "--players",
            n,
            "--games",
            "3000",
            "--seed",
            "7",
            "--format",
            "csv",
        ]);
        let fair = 1.0 / n.parse::<f64>().unwrap();
        // Seat 0 rolls first and wins a little more than 1/N (0.506 of 20,000 two-player games),
        // so a 95% interval of 3,000 games misses 1/N more often than one time in twenty: allow
        // 3.29 standard errors (0.1% two-sided for a fair seat).
        let allowed = 3.29 * (fair * (1.0 - fair) / 3000.0).sqrt();
        let mut wins = 0.0;
        for seat in 0..rows(&csv).len() {
            let rate = num(&csv, seat, "win_rate");
            assert!(
                (rate - fair).abs() < allowed,
                "{n} players, seat {seat}: {rate}, 1/N {fair} +- {allowed}"
            );
            wins += num(&csv, seat, "wins");
        }
        // Every game has exactly one winner.
        assert_eq!(wins, 3000.0);
    }
}

#[test]
fn aggressive_captures_more_than_rear_most() {
    let made = |p: &str| {
        let csv = stdout(&[
            "play",
            "maedn",
            "--policy",
            &format!("{p},random"),
            "--games",
            "2000",
            "--seed",
            "3",
            "--format",
            "csv",
        ]);
        num(&csv, 0, "captures_made")
    };
    let (aggressive, rear) = (made("aggressive"), made("rear"));
    assert!(
        aggressive > 1.2 * rear,
        "aggressive {aggressive}, rear {rear}"
    );
}

#[test]
fn a_game_played_alone_costs_its_moves_by_hand() {
    // Player a enters (300: from (-300,0) to t0), then moves 2 each roll, always rolling again:
    // t0->t2 600, t2->t4 800, t4->t6 600, t6->goal (300,400) 500 (a 3-4-5 triangle): 2800 in 5
    // rolls and one turn; b never rolls.
    let csv = stdout(&["play", DUEL, "--games", "5", "--format", "csv"]);
    for (name, want) in [
        ("wins", 5.0),
        ("turns", 1.0),
        ("rolls", 5.0),
        ("moves", 5.0),
        ("moved", 2800.0),
        ("carried", 0.0),
        ("distance", 2800.0),
    ] {
        assert_eq!(num(&csv, 0, name), want, "{name}");
    }
    assert_eq!(num(&csv, 1, "rolls"), 0.0);
}

#[test]
fn a_capture_carries_the_piece_home_by_hand() {
    let (board, game) = duel();
    // a on t2 (its step 2), b on t4 (its start, step 0): a's 2 lands on b.
    let state = State::from_steps(&game, &[2, 0], 0).unwrap();
    let mut moves = Vec::new();
    legal_moves(&game, &state, 2, &mut moves);
    assert_eq!(moves.len(), 1);
    let c = moves[0].capture.expect("a capture");
    assert_eq!((c.player, c.piece, c.tile), (1, 0, 4));
    let d = Distances::new(&board, &game).unwrap();
    // t2 (600,0) -> t4 (600,800): 800; b carried from t4 (600,800) to (900,1200): 500.
    assert_eq!(d.of_move(0, &moves[0], 2), 800.0);
    assert_eq!(d.of_carry(c.player, c.piece, c.tile), 500.0);
    // Entering: a from (-300,0) onto t0, b from (900,1200) onto t4 (600,800): 500.
    let mut enter = |p| {
        let s = State::from_steps(&game, &[WAITING, WAITING], p).unwrap();
        legal_moves(&game, &s, 2, &mut moves);
        d.of_move(p, &moves[0], 2)
    };
    assert_eq!((enter(0), enter(1)), (300.0, 500.0));
}

fn policy_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

/// Runs `play` with `file` as seat 0's policy; returns (exit code, standard error).
fn play_with(file: &tempfile::NamedTempFile) -> (Option<i32>, String) {
    let arg = format!("file:{},random", file.path().display());
    let out = run(&[
        "play", "maedn", "--policy", &arg, "--games", "300", "--seed", "5",
    ]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn policy_files_that_do_not_parse_name_line_and_column() {
    for (text, want) in [
        ("", ":1:1: empty file"),
        ("boardpath-policy 2\n", ":1:1: expected the header"),
        (
            "boardpath-policy 1\nfallback best\n",
            ":2:10: unknown fallback policy \"best\"",
        ),
        (
            "boardpath-policy 1\nw,w,w,w/w,w,w,w 6\n",
            ":2:18: expected POSITION ROLL MOVE",
        ),
        (
            "boardpath-policy 1\nw,w,w,w / w,x,w,w 6 enter\n",
            ":2:13: \"x\" is not a step",
        ),
        (
            "boardpath-policy 1\nw,w,w,w / w,w,w 6 enter\n",
            ":2:11: player 2 of the position has 3 pieces",
        ),
        (
            "boardpath-policy 1\nw,w,w,w 6 enter\n",
            ":2:1: the position lists 1 player, the game has 2 (players separated by /)",
        ),
        (
            "boardpath-policy 1\nw,w,w,w / w,w,w,w 7 enter\n",
            ":2:19: \"7\" is not a face",
        ),
        (
            "boardpath-policy 1\n0,w,w,w / w,w,w,w 3 0>4\n",
            ":2:21: the move 0>4 goes 4 steps",
        ),
        (
            "boardpath-policy 1\n0,w,w,w / w,w,w,w 3 5>8\n",
            ":2:21: the move 5>8 starts on step 5",
        ),
        (
            "boardpath-policy 1\nw,w,w,w / w,w,w,w 6 enter\nw,w,w,w/w,w,w,w 6 enter\n",
            ":3:1: this position and roll are already listed on line 2",
        ),
    ] {
        let f = policy_file(text);
        let (code, err) = play_with(&f);
        assert_eq!(code, Some(1), "{text:?}: {err}");
        assert!(err.contains(want), "{text:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_policy_file_naming_an_illegal_move_stops_with_its_line() {
    // After entering on a 6 and rolling another 6, the start tile must be cleared: entering again
    // is not legal.
    let f =
        policy_file("boardpath-policy 1\n# comment\nfallback rear\n0,w,w,w / w,w,w,w 6 enter\n");
    let (code, err) = play_with(&f);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(":4: the move enter for roll 6 is not legal in this position (legal: 0>6)"),
        "{err}"
    );
}

#[test]
fn a_policy_file_plays_its_moves() {
    let (_, game) = duel();
    let f = FilePolicy::parse(
        "t",
        "boardpath-policy 1\nfallback front\n2 / 0 2 2>4\n",
        &game,
    )
    .unwrap();
    assert_eq!(f.len(), 1);
    // Front-most through a file equals the built-in front policy, move for move.
    let table = policy_file("boardpath-policy 1\nfallback front\n");
    let arg = format!("file:{},random", table.path().display());
    let with_file = stdout(&[
        "play", "maedn", "--policy", &arg, "--games", "400", "--format", "csv",
    ]);
    let built_in = stdout(&[
        "play",
        "maedn",
        "--policy",
        "front,random",
        "--games",
        "400",
        "--format",
        "csv",
    ]);
    let strip = |s: &str| s.replace(&format!("file:{}", table.path().display()), "front");
    assert_eq!(strip(&with_file), built_in);
}

#[test]
fn json_document_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("play.svg");
    let r = json_results(&[
        "play",
        "maedn",
        "--players",
        "4",
        "--policy",
        "solitaire",
        "--games",
        "200",
        "--format",
        "json",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(r["players"], 4);
    assert_eq!(r["seats"].as_array().unwrap().len(), 4);
    assert_eq!(r["seats"][2]["policy"], "solitaire");
    let wins: u64 = (0..4)
        .map(|i| r["seats"][i]["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + r["unfinished"].as_u64().unwrap(), 200);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("win rate"));
}

/// Data the board or the files cannot meet exit 1; a command line that is itself wrong (a name
/// no policy or rule set has, a list that fits no seating, a count out of range) exits 2. Each
/// is one message saying what would be valid.
#[test]
fn bad_input_is_one_message_exit_1_for_data_and_2_for_the_command_line() {
    for (args, code, want) in [
        (
            vec!["--players", "5"],
            1,
            "5 players, but the board has only 4 (valid: 2 to 4)",
        ),
        (
            vec!["--pieces", "5"],
            1,
            "5 pieces per player: valid is 1 to 4",
        ),
        (
            vec!["--policy", "file:/nonexistent/p.txt"],
            1,
            "cannot read it",
        ),
        (
            vec!["--policy", "random,best"],
            2,
            "unknown policy \"best\" (valid: random, front,",
        ),
        (vec!["--policy", "file:"], 2, "unknown policy \"file:\""),
        (
            vec!["--policy", "random,front,rear"],
            2,
            "--policy names 3 policies for 2 players: give one policy for all seats, or one for \
             each of the 2 seats, comma-separated",
        ),
        (
            vec!["--rules", "chess"],
            2,
            "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)",
        ),
        (
            vec!["--games", "0"],
            2,
            "'--games <GAMES>': out of range; valid: 1 to 100000000",
        ),
        (
            vec!["--threads", "0"],
            2,
            "'--threads <THREADS>': out of range; valid: 1 to 1024",
        ),
    ] {
        let mut all = vec!["play", "maedn"];
        all.extend(args.iter().copied());
        let out = run(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(first.contains(want), "{args:?}: {err}");
        // clap adds a pointer to --help after its own messages.
        assert!(
            err.lines().count() == 1 || err.ends_with("For more information, try '--help'.\n"),
            "{err}"
        );
    }
}

/// With a policy `optimal:PATH` or a long player name, the text table's columns widen to their
/// widest cell: every row's columns start where the header's do.
#[test]
fn the_text_table_aligns_to_its_widest_cell() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("a-policy-with-a-long-name.txt");
    std::fs::write(&policy, "boardpath-policy 1\nfallback front\n").unwrap();
    let spec = format!("file:{},random", policy.display());
    let text = stdout(&[
        "play", "maedn", "--pieces", "1", "--policy", &spec, "--games", "10",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    // One piece is "1 piece", ten games "10 games".
    assert_eq!(
        lines[0],
        "Mensch ärgere Dich nicht: 2 players x 1 piece, rules openspiel"
    );
    assert!(lines[1].starts_with("10 games, seed 1,"), "{text}");
    let head = lines.iter().position(|l| l.starts_with("seat")).unwrap();
    let starts = |line: &str| -> Vec<usize> {
        let mut out = Vec::new();
        let mut blank = true;
        for (i, c) in line.char_indices() {
            if c != ' ' && blank {
                out.push(i);
            }
            blank = c == ' ';
        }
        out
    };
    let rows = &lines[head + 1..head + 3];
    assert!(
        rows[0].contains(&format!("file:{}", policy.display())),
        "{text}"
    );
    // The seat, player and policy start where their headings do, and the right-aligned numbers
    // end where the header ends.
    for row in rows {
        assert_eq!(starts(row)[..3], starts(lines[head])[..3], "{text}");
        assert_eq!(row.chars().count(), lines[head].chars().count(), "{text}");
    }
}

/// The solitaire policy with fewer pieces than goal tiles: its one-player model is done when every
/// piece stands on a goal tile (the game's end), and playing for that beats random moves. Seed 1,
/// 20,000 games with 2 pieces a side: 0.5463 [0.5393, 0.5531] seated first.
#[test]
fn solitaire_plays_fewer_pieces_than_goal_tiles() {
    let csv = stdout(&[
        "play",
        "maedn",
        "--players",
        "2",
        "--pieces",
        "2",
        "--policy",
        "solitaire,random",
        "--games",
        "20000",
        "--seed",
        "1",
        "--format",
        "csv",
    ]);
    let wins = num(&csv, 0, "wins");
    let rate = wins / 20_000.0;
    assert!(rate > 0.53, "solitaire won {wins} of 20000 against random");
}

/// `--rules PRESET[,SWITCH=VALUE...]`: every switch from the command line, the rules named in
/// that syntax in every output (so that they can be pasted back), a board's `[game] rules` as
/// the default, and a malformed value refused with exit 2 naming it.
#[test]
fn rules_in_one_syntax_on_the_command_line_and_in_the_board() {
    let rules = "openspiel,bonus-roll=false,tries=3";
    let base = ["play", "maedn", "--games", "300", "--seed", "4"];
    fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        let mut a = base.to_vec();
        a.extend(extra);
        a
    }
    let text = stdout(&with(&base, &["--rules", rules]));
    assert!(
        text.starts_with("Mensch ärgere Dich nicht: 2 players x 4 pieces, rules openspiel,bonus-roll=false,tries=3\n"),
        "{text}"
    );
    let csv = stdout(&with(&base, &["--rules", rules, "--format", "csv"]));
    // Quoted, as it holds commas.
    assert!(
        csv.lines().nth(1).unwrap().starts_with(&format!(
            "Mensch ärgere Dich nicht,\"{rules}\",2,4,300,4,0,"
        )),
        "{csv}"
    );
    let json = json_results(&with(&base, &["--rules", rules, "--format", "json"]));
    assert_eq!(json["rules"], rules);
    // Pasted back, the same games; spaces and the order of switches do not matter.
    let again = stdout(&with(
        &base,
        &["--rules", " openspiel , tries=3,bonus-roll=false"],
    ));
    let numbers = |t: &str| t.lines().skip(3).collect::<Vec<_>>().join("\n");
    assert_eq!(numbers(&again), numbers(&text));
    // The switches change the games.
    assert_ne!(numbers(&stdout(&base)), numbers(&text));

    // The board's own rules, unless --rules names others.
    let ludo = stdout(&["play", "ludo", "--games", "200"]);
    assert!(
        ludo.starts_with("Ludo: 2 players x 4 pieces, rules ludo\n"),
        "{ludo}"
    );
    assert_eq!(
        numbers(&ludo),
        numbers(&stdout(&[
            "play", "ludo", "--games", "200", "--rules", "ludo"
        ]))
    );
    let open = stdout(&["play", "ludo", "--games", "200", "--rules", "openspiel"]);
    assert!(
        open.starts_with("Ludo: 2 players x 4 pieces, rules openspiel\n"),
        "{open}"
    );
    let official = stdout(&["play", "maedn-official", "--games", "10"]);
    assert!(official.contains(", rules schmidt\n"), "{official}");

    for (value, want) in [
        (
            "",
            "invalid value '' for '--rules <RULES>': rules \"\": no preset",
        ),
        (
            "chess",
            "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)",
        ),
        ("openspiel,", "rules \"openspiel,\": an empty switch"),
        (
            "openspiel,jump=false",
            "unknown switch \"jump\" (valid: enter-on, bonus-roll,",
        ),
        (
            "openspiel,tries=2,tries=2",
            "switch \"tries\" is given twice",
        ),
        (
            "openspiel,tries=1000000000000",
            "tries=1000000000000: valid is 1 to 10",
        ),
        (
            "openspiel,bonus-roll=no",
            "bonus-roll=no: valid is true or false",
        ),
        ("tries=3", "the first item names the preset"),
    ] {
        let out = run(&with(&base, &["--rules", value]));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{value}: {err}");
        assert!(err.lines().next().unwrap().contains(want), "{value}: {err}");
        assert!(out.stdout.is_empty());
    }
    // Well-formed, but the board's die has no 7: data, exit 1.
    let out = run(&with(&base, &["--rules", "openspiel,enter-on=7"]));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("enter-on=7: the board's die [1, 2, 3, 4, 5, 6] has no such face; valid: one of its faces, or highest"), "{err}");
}

/// A board file's `[game] rules` that do not parse: exit 1, at their line and column, for
/// `play` and `validate`; `--rules` still overrides them.
#[test]
fn a_board_s_bad_game_rules_are_reported_at_their_place() {
    let (_, maedn) = boardpath::board::embedded::BOARDS[0];
    let line = maedn.lines().count() + 3;
    let mut file = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    write!(file, "{maedn}\n[game]\nrules = \"openspiel,tries=0\"\n").unwrap();
    let path = file.path().to_str().unwrap();
    let want =
        format!("{path}:{line}:9: game.rules \"openspiel,tries=0\": tries=0: valid is 1 to 10");
    for args in [vec!["play", path, "--games", "10"], vec!["validate", path]] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(&want), "{args:?}: {err}");
    }
    let ok = stdout(&["play", path, "--games", "10", "--rules", "schmidt"]);
    assert!(ok.contains(", rules schmidt\n"), "{ok}");
}
