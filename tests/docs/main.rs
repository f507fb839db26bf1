//! Every number the README and the guide in `docs/` print that the program computes, checked
//! against the real binary, so the docs cannot drift from it; and the same code rewrites them.
//!
//! Three kinds of text are checked:
//! - **Sessions** (`sessions.rs`): a fenced block whose info string is `console` is a terminal
//!   session. Each line `$ boardpath ARGS` is run by `sh` from the repository's root, in an
//!   environment holding only a `PATH` with the binary on it (as the README's set-up leaves it), and
//!   the lines after it, up to the next `$` line or the end of the block, are what it prints on
//!   standard output then standard error. In an expected line `[..]` matches any text within the
//!   line, and a line `...` alone matches any number of lines. A line `? N` after the output gives
//!   the exit status (0 when absent). A block marked `console heavy` runs only when
//!   `BOARDPATH_DOCS_HEAVY` is set (it takes more than a few seconds).
//! - **Generated regions** (`regions.rs`): the lines between `<!-- generated: boardpath ARGS -->`
//!   and `<!-- end generated -->` are exactly what the command prints (a markdown table, mostly).
//!   `<!-- generated heavy: ... -->` runs only with `BOARDPATH_DOCS_HEAVY`.
//! - **Facts** (`facts.rs`): numbers in running text, listed in `docs/facts.toml` with the sentence
//!   they stand in, the command that computes them and where in its JSON output they are.
//!
//! With `BOARDPATH_DOCS_REGENERATE=1` the tests rewrite what differs in place instead of failing
//! (`bash scripts/regenerate-docs.sh` runs them so): generated regions and facts are replaced
//! whole; a session's lines are replaced one for one where the block has as many lines as the
//! output and no `...`, else it is reported for a person to fix. Times are the one exception to
//! "everything is checked": a table leaves them out (`compare --no-time`), a session matches them
//! with `[..]`, and a time in the prose says the machine and the date it was measured on.

mod facts;
mod regions;
mod sessions;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of the guide, as paths relative to the root.
fn pages() -> Vec<String> {
    let mut guide: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| format!("docs/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    guide.sort();
    let mut pages = vec!["README.md".to_string()];
    pages.extend(guide);
    pages
}

/// Whether the slow checks run (`BOARDPATH_DOCS_HEAVY`).
fn heavy() -> bool {
    std::env::var_os("BOARDPATH_DOCS_HEAVY").is_some()
}

/// Whether differences are written back instead of failing (`BOARDPATH_DOCS_REGENERATE`).
fn regenerating() -> bool {
    std::env::var_os("BOARDPATH_DOCS_REGENERATE").is_some()
}

/// Serialises rewrites of a page: the tests run on several threads and may edit the same page.
static WRITING: Mutex<()> = Mutex::new(());

/// Rewrites `page` (relative to the root) with `edit`, which gets its text and returns the new text;
/// written to a temporary file and renamed.
fn rewrite(page: &str, edit: impl FnOnce(&str) -> String) {
    let _guard = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    let path = root().join(page);
    let old = std::fs::read_to_string(&path).unwrap();
    let new = edit(&old);
    if new != old {
        let tmp = path.with_extension("md.regenerating");
        std::fs::write(&tmp, new).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
        eprintln!("docs: rewrote {page}");
    }
}

/// `text` with the lines `from..from + old.len()` (which must be `old`: the page did not change
/// while it was checked) replaced by `new`; the final newline kept.
fn splice_lines(text: &str, from: usize, old: &[String], new: &[String]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let range = from..from + old.len();
    assert_eq!(
        lines[range.clone()],
        old[..],
        "the page changed while it was checked"
    );
    lines.splice(range, new.iter().cloned());
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The folder holding the binary, to put on `PATH`.
fn bin_dir() -> PathBuf {
    Path::new(BIN).parent().unwrap().to_path_buf()
}

/// What `command` (a shell command line starting `boardpath`) prints, standard output then
/// standard error, and its exit status; run by `sh` from the root in a clean environment whose
/// `PATH` holds the binary's folder before the system's.
fn shell(command: &str) -> (String, String, i32) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(root())
        .env_clear()
        .env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", bin_dir().display()),
        )
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Fails with every problem found, or says what was rewritten.
fn report(what: &str, failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} {what} differ from what the program prints now (`bash scripts/regenerate-docs.sh` \
         rewrites them):\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_session_in_the_readme_and_the_guide_prints_what_it_shows() {
    let (ran, skipped, failures) = sessions::check_all();
    if skipped > 0 {
        eprintln!(
            "docs: {skipped} heavy session(s) not run; set BOARDPATH_DOCS_HEAVY=1 to run them"
        );
    }
    assert!(ran >= 8, "only {ran} sessions found");
    report("sessions", failures);
}

#[test]
fn every_generated_region_is_what_its_command_prints() {
    let (ran, failures) = regions::check_all();
    assert!(ran >= 3, "only {ran} generated regions found");
    report("generated regions", failures);
}

#[test]
fn every_fact_in_the_prose_is_what_the_program_computes() {
    let (ran, failures) = facts::check_all();
    assert!(ran >= 20, "only {ran} facts checked");
    report("facts", failures);
}

/// The README's set-up puts `boardpath` on the path: its `export PATH=...` line, run from the root
/// in a clean shell, finds the binary `cargo run --release` builds, so every `$ boardpath ...`
/// example runs as written.
#[test]
fn the_readmes_set_up_puts_the_binary_on_the_path() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let setup = readme
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .find(|l| l.starts_with("export PATH="))
        .expect("the README's set-up has an `export PATH=...` line");
    let release = root().join("target/release/boardpath");
    if !release.exists() {
        let line = "README set-up NOT CHECKED: target/release/boardpath is not built (run `cargo test --release`)";
        assert!(std::env::var_os("CI").is_none(), "{line}");
        eprintln!("{line}");
        return;
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{setup}; command -v boardpath"))
        .current_dir(root())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .unwrap();
    let found = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_eq!(
        std::fs::canonicalize(&found).ok(),
        std::fs::canonicalize(&release).ok(),
        "`{setup}` puts {found:?} on the path"
    );
}

/// Every table in the README and the guide is whole: its header row is followed by the
/// separator row (`|---|...`), and no separator stands without a header right above it (text
/// pasted inside a table breaks it in two, which a renderer shows as stray lines).
#[test]
fn every_table_has_its_header_and_separator_together() {
    let mut failures = Vec::new();
    let mut tables = 0;
    for page in pages() {
        let text = std::fs::read_to_string(root().join(&page)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut fenced = false;
        for (i, line) in lines.iter().enumerate() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            let row = |l: &str| l.trim_start().starts_with('|');
            let separator = |l: &str| {
                row(l)
                    && l.contains('-')
                    && l.trim().chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
            };
            if fenced || !row(line) || (i > 0 && row(lines[i - 1])) {
                continue;
            }
            // The first row of a table.
            tables += 1;
            if separator(line) {
                failures.push(format!("{page}:{}: a separator without a header", i + 1));
            } else if !lines.get(i + 1).is_some_and(|l| separator(l)) {
                failures.push(format!(
                    "{page}:{}: a header row not followed by its separator",
                    i + 1
                ));
            }
        }
    }
    assert!(tables >= 20, "only {tables} tables found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
