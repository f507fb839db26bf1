//! One exit-code policy for every command (`docs/commands.md`): 2 when the command line itself is
//! malformed, 1 when it is well-formed but the data is wrong, 0 for success.
//!
//! Every option of every command that takes a value is found in its `--help` and must be listed
//! here, as a numeric option with its range or as another kind of value, so a new option cannot
//! be forgotten. Every numeric option is then given 0 (or one below its least value), a negative
//! number, one past its limit and a word: each exits 2 with a message naming the option, the
//! value and the range, and its `--help` states the same range. Where 0 is valid and cheap the
//! command runs and succeeds. Nothing here depends on the machine's speed: a refusal comes from
//! the argument parser, before any work.

mod common;

use boardpath::text::thousands;
use common::run;
use std::collections::BTreeSet;

const U64: u128 = u64::MAX as u128;

/// Every numeric option of every command: (command, option, least, most value).
const NUMERIC: &[(&str, &str, u128, u128)] = &[
    ("solve", "--budget", 1, U64),
    ("compare", "--repeat", 1, 10_000),
    ("compare", "--budget", 1, U64),
    ("sweep", "--threads", 1, 1024),
    ("sweep", "--repeat", 1, 10_000),
    ("sweep", "--budget", 1, U64),
    ("generate", "--tiles", 2, 2_000_000),
    ("generate", "--players", 1, 2_000_000),
    ("generate", "--pieces", 1, 100_000),
    ("generate", "--faces", 1, 1_000),
    ("generate", "--seed", 0, U64),
    ("render", "--piece", 1, U64),
    ("render", "--budget", 1, U64),
    ("dice", "--tries", 1, boardpath::dice::MAX_TRIES as u128),
    ("dice", "--simulate", 1, 10_000_000_000),
    ("dice", "--seed", 0, U64),
    (
        "play",
        "--players",
        boardpath::game::MIN_PLAYERS as u128,
        boardpath::game::MAX_PLAYERS as u128,
    ),
    (
        "play",
        "--pieces",
        1,
        (boardpath::game::MAX_PIECES / boardpath::game::MIN_PLAYERS) as u128,
    ),
    (
        "play",
        "--games",
        1,
        boardpath::game::tournament::MAX_GAMES as u128,
    ),
    ("play", "--seed", 0, U64),
    ("play", "--threads", 1, 1024),
    (
        "solve-game",
        "--pieces",
        1,
        (boardpath::game::MAX_PIECES / 2) as u128,
    ),
    ("solve-game", "--threads", 1, 1024),
    ("serve", "--port", 0, u16::MAX as u128),
    (
        "serve",
        "--max-body",
        1024,
        boardpath::board::MAX_BOARD_BYTES as u128,
    ),
    ("serve", "--budget", 1, U64),
    ("serve", "--max-dice-states", 1, U64),
    ("serve", "--max-pieces", 1, U64),
    ("serve", "--max-tiles", 1, U64),
    ("serve", "--max-answer", 1024, U64),
    (
        "serve",
        "--max-games",
        1,
        boardpath::game::tournament::MAX_GAMES as u128,
    ),
    ("serve", "--timeout", 1, 86_400),
    ("serve", "--read-timeout", 1, 3_600),
    (
        "review",
        "--pieces",
        1,
        (boardpath::game::MAX_PIECES / 2) as u128,
    ),
    ("review", "--inaccuracy", 1, 100),
    ("review", "--mistake", 1, 100),
    ("review", "--blunder", 1, 100),
];

/// Every other option that takes a value (names, formats, files, lists of faces or choices).
const OTHER: &[(&str, &[&str])] = &[
    (
        "solve",
        &[
            "--player",
            "--format",
            "--method",
            "--encoding",
            "--bound",
            "--metric",
            "--rounding",
            "--goal-mode",
            "--die",
        ],
    ),
    ("decode", &["--player"]),
    ("reproduce", &["--format"]),
    (
        "compare",
        &[
            "--player",
            "--method",
            "--format",
            "--plot",
            "--chart",
            "--metric",
            "--rounding",
            "--goal-mode",
            "--die",
        ],
    ),
    (
        "sweep",
        &[
            "--metric",
            "--rounding",
            "--goal-mode",
            "--moves-in-goal",
            "--die",
            "--player",
            "--method",
            "--format",
            "--plot",
            "--chart",
        ],
    ),
    ("generate", &["--output"]),
    ("boards", &["--format"]),
    (
        "render",
        &[
            "--player",
            "--bits",
            "--method",
            "--output",
            "--metric",
            "--rounding",
            "--goal-mode",
            "--die",
        ],
    ),
    ("methods", &["--format"]),
    (
        "dice",
        &[
            "--player",
            "--objective",
            "--policy",
            "--start",
            "--enter-faces",
            "--policy-out",
            "--plot",
            "--format",
            "--metric",
            "--rounding",
            "--goal-mode",
            "--die",
        ],
    ),
    (
        "play",
        &["--rules", "--policy", "--format", "--plot", "--records"],
    ),
    (
        "review",
        &["--table", "--position", "--board", "--rules", "--format"],
    ),
    (
        "solve-game",
        &[
            "--rules",
            "--policy",
            "--exploitability",
            "--matrix",
            "--memory",
            "--out",
            "--verify",
            "--export-graph",
            "--format",
            "--bounds",
            "--gap",
        ],
    ),
    ("serve", &["--table"]),
    ("completions", &[]),
    ("validate", &[]),
];

/// Standard error of a run, as text.
fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The commands `boardpath --help` lists (without `help`).
fn commands() -> Vec<String> {
    let out = run(&["--help"]);
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Each option of `command`'s `--help` with its help text: (the option, whether it takes a value,
/// its line and the lines of its description).
fn options(command: &str) -> Vec<(String, bool, String)> {
    let out = run(&[command, "--help"]);
    assert_eq!(out.status.code(), Some(0), "{command} --help");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut found: Vec<(String, bool, String)> = Vec::new();
    for line in text
        .lines()
        .skip_while(|l| !l.starts_with("Options:"))
        .skip(1)
    {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        if trimmed.starts_with('-') && indent < 8 {
            let mut words = trimmed
                .split_whitespace()
                .skip_while(|w| !w.starts_with("--"));
            let name = words.next().unwrap_or_default().to_string();
            let value = words.next().is_some_and(|w| w.starts_with('<'));
            found.push((name, value, line.to_string()));
        } else if let Some(last) = found.last_mut() {
            last.2 += "\n";
            last.2 += line;
        }
    }
    found
}

/// `--help` states each numeric option's range: `MIN to MAX` with thousands separators, or
/// `MIN or more` where the option takes any value of its type from MIN on.
fn range_in_words(least: u128, most: u128) -> String {
    let n = |v: u128| thousands(u64::try_from(v).expect("a range within u64"));
    if most == U64 {
        format!("{} or more", n(least))
    } else {
        format!("{} to {}", n(least), n(most))
    }
}

#[test]
fn every_option_with_a_value_is_listed_as_numeric_or_not() {
    let commands = commands();
    let listed: BTreeSet<&str> = OTHER.iter().map(|(c, _)| *c).collect();
    let shown: BTreeSet<&str> = commands.iter().map(String::as_str).collect();
    assert_eq!(listed, shown, "the commands of `boardpath --help`");
    for command in &commands {
        let with_value: BTreeSet<String> = options(command)
            .into_iter()
            .filter(|(_, value, _)| *value)
            .map(|(name, _, _)| name)
            .collect();
        let mut known: BTreeSet<String> = NUMERIC
            .iter()
            .filter(|(c, ..)| c == command)
            .map(|(_, o, ..)| o.to_string())
            .collect();
        let other = OTHER.iter().find(|(c, _)| c == command).unwrap().1;
        known.extend(other.iter().map(|o| o.to_string()));
        assert_eq!(
            with_value, known,
            "{command}: the options with a value in --help, against this file's lists"
        );
    }
}

#[test]
fn every_numeric_option_states_its_range_in_its_help() {
    for &(command, option, least, most) in NUMERIC {
        let help = options(command)
            .into_iter()
            .find(|(name, ..)| name == option)
            .unwrap_or_else(|| panic!("{command} {option} is not in --help"))
            .2;
        let words = range_in_words(least, most);
        assert!(
            help.contains(&words),
            "{command} {option}: no \"{words}\" in\n{help}"
        );
    }
}

/// An output file no run can write (its folder does not exist), for `render`'s required `-o`.
const NOWHERE: &str = "/nonexistent/boardpath/never-written.svg";

/// The arguments a command needs besides the option under test (a board for `sweep`, an output
/// for `render`), so that only the option's value can be wrong.
fn needed(command: &str) -> &'static [&'static str] {
    match command {
        "sweep" => &["maedn"],
        "render" => &["-o", NOWHERE],
        "review" => &["--position", "aebaaaaaaaaa"],
        _ => &[],
    }
}

#[test]
fn every_numeric_option_refuses_values_outside_its_range_with_exit_2() {
    for &(command, option, least, most) in NUMERIC {
        let range = format!("valid: {least} to {most}");
        let mut values = vec![
            ("-5".to_string(), "out of range"),
            ("many".to_string(), "not a whole number"),
            ("2.5".to_string(), "not a whole number"),
            ((most + 1).to_string(), "out of range"),
        ];
        if least > 0 {
            values.push(("0".to_string(), "out of range"));
            values.push(((least - 1).to_string(), "out of range"));
        }
        for (value, why) in values {
            // Written apart (a negative number is a value, not an option) and with `=`.
            for joined in [false, true] {
                let mut args = vec![command.to_string()];
                args.extend(needed(command).iter().map(|a| a.to_string()));
                if joined {
                    args.push(format!("{option}={value}"));
                } else {
                    args.extend([option.to_string(), value.clone()]);
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let out = run(&args);
                let err = stderr(&out);
                assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
                let want = format!("invalid value '{value}' for '{option} <");
                assert!(
                    err.starts_with(&format!("error: {want}")),
                    "{args:?}: {err}"
                );
                assert!(
                    err.contains(&format!(">': {why}; {range}\n")),
                    "{args:?}: {err}"
                );
            }
        }
    }
}

/// Where 0 is valid (a seed) and the run is cheap, it runs: exit 0 and its output. (`serve --port
/// 0` is valid too and runs until stopped; `tests/serve.rs` starts every server that way.)
#[test]
fn zero_is_accepted_where_it_is_in_the_range() {
    for args in [
        &["generate", "--seed", "0"][..],
        &["play", "--seed", "0", "--games", "1"],
        &["dice", "--seed", "0", "--simulate", "1"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    let zero: Vec<_> = NUMERIC
        .iter()
        .filter(|n| n.2 == 0)
        .map(|n| (n.0, n.1))
        .collect();
    assert_eq!(
        zero,
        [
            ("generate", "--seed"),
            ("dice", "--seed"),
            ("play", "--seed"),
            ("serve", "--port")
        ]
    );
}

/// Options that do not combine are a malformed command line too (exit 2); a value the board
/// cannot meet is data (exit 1). Each message says what would be valid.
#[test]
fn options_that_do_not_combine_exit_2_and_limits_of_the_board_exit_1() {
    for (args, code, want) in [
        (
            &["generate", "--tiles", "40", "--players", "50"][..],
            2,
            "--players 50 is more than --tiles 40; each player needs its own start tile (valid: \
             --players 1 to 40)",
        ),
        (
            &[
                "generate",
                "--players",
                "1000",
                "--pieces",
                "1000",
                "--tiles",
                "2000",
            ],
            2,
            "--players 1000 --pieces 1000: 1000000 pieces in all, more than the 100000 a \
             generated board may have; with 1000 players valid is --pieces 1 to 100",
        ),
        (
            &["play", "--policy", "random,front,rear"],
            2,
            "--policy names 3 policies for 2 players: give one policy for all seats, or one for \
             each of the 2 seats, comma-separated",
        ),
        (
            &["play", "maedn", "--players", "5", "--games", "1"],
            1,
            "5 players, but the board has only 4 (valid: 2 to 4)",
        ),
        (
            &["play", "maedn", "--pieces", "5", "--games", "1"],
            1,
            "5 pieces per player: valid is 1 to 4",
        ),
        (
            &["render", "maedn", "--piece", "5", "-o", NOWHERE],
            1,
            "--piece 5: player \"black\" has pieces 1 to 4",
        ),
    ] {
        let out = run(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
