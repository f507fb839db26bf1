//! Input and output as a hostile environment provides them: a reader that stops early, a full
//! disk, standard input as a board, huge or non-text files, and a failed write over an existing
//! file.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// Runs the binary with its standard output read for one line and then closed, as `| head -1`
/// does; returns that line, the exit code and standard error.
fn head_one(args: &[&str]) -> (String, Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // Dropping the reader closes the pipe; the program is still writing.
    let out = child.wait_with_output().unwrap();
    (
        line,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    for args in [
        &["solve", "--player", "all", "--method", "bnb-paper/bitboard"][..],
        &["generate", "--tiles", "200000", "--seed", "1"],
    ] {
        let (line, code, err) = head_one(args);
        assert!(!line.is_empty(), "{args:?}");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// A closed standard error (`2>&1 | head -0`): the error and the warnings nobody can read are
/// dropped, and the exit code still says what happened. `eprintln!` panicked on the closed pipe,
/// and the panic's own message to it aborted the program (signal 6).
#[test]
fn a_closed_standard_error_keeps_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "ab cd\n").unwrap();
    // A goal tile on the track: valid, with a warning.
    let odd = dir.path().join("odd.toml");
    let text = include_str!("../boards/maedn.toml");
    std::fs::write(&odd, text.replacen("goal = [[5, 9]", "goal = [[4, 9]", 1)).unwrap();
    for (args, want) in [
        (vec!["validate", bad.to_str().unwrap()], 1),
        (vec!["solve", "nothere.toml"], 1),
        (vec!["solve", "--method", "nonsense"], 2),
        (vec!["solve", odd.to_str().unwrap()], 0),
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(want), "{args:?}: {status}");
    }
}

#[test]
fn a_full_disk_is_one_plain_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let out = Command::new(BIN)
        .args(["solve"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim(),
        "error: standard output: cannot write output: No space left on device (os error 28)"
    );
}

#[test]
fn a_dash_reads_the_board_from_standard_input() {
    let board = Command::new(BIN)
        .args(["generate", "--tiles", "30", "--players", "1", "--seed", "5"])
        .output()
        .unwrap()
        .stdout;
    let solve = |args: &[&str], input: Option<&[u8]>| {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        if let Some(bytes) = input {
            stdin.write_all(bytes).unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.toml");
    std::fs::write(&file, &board).unwrap();
    let from_file = solve(&["solve", file.to_str().unwrap()], None);
    let from_stdin = solve(&["solve", "-"], Some(&board));
    assert!(from_file.contains("total"), "{from_file}");
    // Same answer; only the board's origin differs.
    let totals = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("total"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(totals(&from_file), totals(&from_stdin));
    let v = solve(&["validate", "-"], Some(&board));
    assert_eq!(v.trim(), "-: OK");
}

#[test]
fn an_endless_or_binary_file_is_refused_quickly() {
    if std::path::Path::new("/dev/zero").exists() {
        let out = Command::new(BIN)
            .args(["validate", "/dev/zero"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains("/dev/zero: larger than 64 MiB, the most a board file may be"),
            "{err}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, b"[board]\nname = \"x\xff\"\n").unwrap();
    let out = Command::new(BIN)
        .args(["solve", bad.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let want = format!(
        "{}:2:10: byte 0xff (offset 17) is not UTF-8 text",
        bad.display()
    );
    assert!(err.contains(&want), "{err}");
}

#[test]
fn a_failed_render_leaves_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("keep.svg");
    std::fs::write(&target, "old picture").unwrap();
    // Fails after the file name is checked: the player does not exist.
    let out = Command::new(BIN)
        .args([
            "render",
            "--player",
            "nobody",
            "-o",
            target.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old picture");
    // A write that succeeds replaces it, and leaves no temporary file behind.
    let out = Command::new(BIN)
        .args(["render", "-o", target.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .starts_with("<svg")
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["keep.svg"]);
}
