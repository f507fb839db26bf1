//! Console sessions: `$ boardpath ...` lines and what they print (see the crate's doc).

use super::{heavy, pages, regenerating, rewrite, root, shell, splice_lines};

/// One command of a session and what it must print.
#[derive(Debug)]
struct Case {
    /// The page, relative to the root.
    page: String,
    /// The line of the `$` line, from 0.
    line: usize,
    /// The command line as written after `$ `.
    command: String,
    /// The expected lines, trailing blank lines dropped.
    expected: Vec<String>,
    status: i32,
}

/// The sessions of `page` (relative to the root), and how many heavy blocks were skipped.
fn cases(page: &str, heavy: bool) -> (Vec<Case>, usize) {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let mut cases: Vec<Case> = Vec::new();
    let mut skipped = 0;
    let mut block: Option<bool> = None;
    for (i, line) in text.lines().enumerate() {
        match block {
            None => {
                if let Some(info) = line.strip_prefix("```console") {
                    let is_heavy = info.trim() == "heavy";
                    skipped += usize::from(is_heavy && !heavy);
                    block = Some(!is_heavy || heavy);
                }
            }
            Some(run) => {
                if line.starts_with("```") {
                    block = None;
                } else if !run {
                } else if let Some(command) = line.strip_prefix("$ ") {
                    assert!(
                        command.starts_with("boardpath"),
                        "{page}:{}: a session runs boardpath only: {line}",
                        i + 1
                    );
                    cases.push(Case {
                        page: page.to_string(),
                        line: i,
                        command: command.to_string(),
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
    // Trailing blank lines of a block are layout, not output.
    for case in &mut cases {
        while case.expected.last().is_some_and(|l| l.is_empty()) {
            case.expected.pop();
        }
    }
    (cases, skipped)
}

/// Whether `line` matches the expected `pattern`, where `[..]` matches any text.
pub fn line_matches(pattern: &str, line: &str) -> bool {
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
pub fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => (0..=lines.len()).any(|k| lines_match(rest, &lines[k..])),
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

/// The expected lines brought up to date with `printed`, one for one, keeping each pattern that
/// still matches its line; `None` where the block cannot be updated so (a `...`, or another
/// number of lines).
pub fn updated(expected: &[String], printed: &[&str]) -> Option<Vec<String>> {
    if expected.len() != printed.len() || expected.iter().any(|l| l == "...") {
        return None;
    }
    Some(
        expected
            .iter()
            .zip(printed)
            .map(|(e, p)| {
                if line_matches(e, p) {
                    e.clone()
                } else {
                    p.to_string()
                }
            })
            .collect(),
    )
}

/// Runs every session; returns how many ran, how many heavy blocks were skipped, and the failures
/// (rewriting what it can when regenerating).
pub fn check_all() -> (usize, usize, Vec<String>) {
    let (mut ran, mut skipped, mut failures) = (0, 0, Vec::new());
    for page in pages() {
        let (cases, s) = cases(&page, heavy());
        skipped += s;
        for case in cases {
            ran += 1;
            if let Some(failure) = check(&case) {
                failures.push(failure);
            }
        }
    }
    (ran, skipped, failures)
}

/// Runs one case: `None` when it prints what it shows (or was rewritten to), else the failure.
fn check(case: &Case) -> Option<String> {
    let (stdout, stderr, status) = shell(&case.command);
    let printed = format!("{stdout}{stderr}");
    let lines: Vec<&str> = printed.lines().collect();
    if status == case.status && lines_match(&case.expected, &lines) {
        return None;
    }
    if regenerating()
        && status == case.status
        && let Some(new) = updated(&case.expected, &lines)
    {
        rewrite(&case.page, |text| replace_lines(text, case, &new));
        return None;
    }
    Some(format!(
        "{}:{}: $ {}\n--- status {status} (expected {}), printed:\n{printed}--- expected:\n{}\n",
        case.page,
        case.line + 1,
        case.command,
        case.status,
        case.expected.join("\n")
    ))
}

/// `text` with the expected lines of `case` replaced by `new` (as many).
fn replace_lines(text: &str, case: &Case, new: &[String]) -> String {
    splice_lines(text, case.line + 1, &case.expected, new)
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
    assert_eq!(
        updated(&p(&["x [..] s", "old"]), &["x 1 s", "new"]),
        Some(p(&["x [..] s", "new"]))
    );
    assert_eq!(updated(&p(&["a", "..."]), &["a", "b"]), None);
    assert_eq!(updated(&p(&["a"]), &["a", "b"]), None);
}
