//! The commands the README and the guide in `docs/` show, run through the real binary, so their
//! printed outputs cannot go stale (in the manner of `trycmd`).
//!
//! A fenced block whose info string is `console` is a session: each line `$ boardpath ARGS` is
//! run from the repository's root (arguments split at spaces; `'...'` and `"..."` quote), and the
//! lines after it, up to the next `$` line or the end of the block, are what it prints on standard
//! output then standard error. In an expected line `[..]` matches any text within the line, and a
//! line `...` alone matches any number of lines. A line `? N` after the output gives the exit
//! status (0 when absent). A block marked `console heavy` runs only when `BOARDPATH_DOCS_HEAVY` is
//! set (it takes more than a few seconds); the rest run in the default suite.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// One command of a session and what it must print.
#[derive(Debug)]
struct Case {
    /// `FILE:LINE` of the `$` line.
    place: String,
    args: Vec<String>,
    expected: Vec<String>,
    status: i32,
}

/// The files whose sessions are checked: the README and every page of the guide.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// `line` split into arguments at spaces, with single and double quotes.
fn split(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut quote = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (None, ' ') => {
                if started {
                    args.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (Some(q), c) if c == q => quote = None,
            (_, c) => {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        args.push(current);
    }
    args
}

/// The sessions of `page`, and how many heavy blocks were skipped.
fn cases(page: &Path, heavy: bool) -> (Vec<Case>, usize) {
    let text = std::fs::read_to_string(page).unwrap();
    let name = page.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases = Vec::new();
    let mut skipped = 0;
    let mut block: Option<bool> = None;
    for (i, line) in text.lines().enumerate() {
        match block {
            None => {
                if let Some(info) = line.strip_prefix("```console") {
                    let is_heavy = info.trim() == "heavy";
                    if is_heavy && !heavy {
                        skipped += 1;
                    }
                    block = Some(!is_heavy || heavy);
                }
            }
            Some(run) => {
                if line.starts_with("```") {
                    block = None;
                } else if !run {
                } else if let Some(command) = line.strip_prefix("$ ") {
                    let args = split(command);
                    assert_eq!(
                        args.first().map(String::as_str),
                        Some("boardpath"),
                        "{name}:{}: a session runs boardpath only: {line}",
                        i + 1
                    );
                    cases.push(Case {
                        place: format!("{name}:{}", i + 1),
                        args: args[1..].to_vec(),
                        expected: Vec::new(),
                        status: 0,
                    });
                } else if let Some(status) = line.strip_prefix("? ") {
                    cases.last_mut().expect("a status after a command").status =
                        status.trim().parse().unwrap();
                } else if let Some(case) = cases.last_mut() {
                    case.expected.push(line.to_string());
                }
            }
        }
    }
    (cases, skipped)
}

/// Whether `line` matches the expected `pattern`, where `[..]` matches any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `lines` match `patterns`, where a pattern `...` matches any number of lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => (0..=lines.len()).any(|k| lines_match(rest, &lines[k..])),
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

#[test]
fn every_session_in_the_readme_and_the_guide_prints_what_it_shows() {
    let heavy = std::env::var_os("BOARDPATH_DOCS_HEAVY").is_some();
    let mut failures = Vec::new();
    let (mut ran, mut skipped) = (0, 0);
    for page in pages() {
        let (cases, s) = cases(&page, heavy);
        skipped += s;
        for case in cases {
            ran += 1;
            let out = Command::new(BIN)
                .args(&case.args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let lines: Vec<&str> = printed.lines().collect();
            let status = out.status.code().unwrap_or(-1);
            // Trailing blank lines of a block are layout, not output.
            let mut expected = case.expected.clone();
            while expected.last().is_some_and(|l| l.is_empty()) {
                expected.pop();
            }
            if status != case.status || !lines_match(&expected, &lines) {
                failures.push(format!(
                    "{}: boardpath {}\n--- status {status} (expected {}), printed:\n{printed}--- expected:\n{}\n",
                    case.place,
                    case.args.join(" "),
                    case.status,
                    expected.join("\n")
                ));
            }
        }
    }
    if skipped > 0 {
        eprintln!(
            "docs: {skipped} heavy session(s) not run; set BOARDPATH_DOCS_HEAVY=1 to run them"
        );
    }
    assert!(ran > 0, "no sessions found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn patterns_match_as_documented() {
    assert!(line_matches("took [..] s", "took 1.5 s"));
    assert!(!line_matches("took [..] s", "took 1.5 ms"));
    assert!(line_matches("[..]", ""));
    assert!(!line_matches("a", "ab"));
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "d"]));
    assert!(!lines_match(&p(&["a", "...", "d"]), &["a", "b"]));
    assert_eq!(split("solve 'a b' --x \"\""), ["solve", "a b", "--x", ""]);
}
