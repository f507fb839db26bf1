//! Each public type name is defined once: a `use` of `Move` or `State` then says what it brings.
//!
//! Scans every `.rs` file under `src/` for `pub struct`, `pub enum`, `pub union`, `pub trait` and
//! `pub type` (not `pub(crate)` and narrower, which no user of the crate sees) and fails on a name
//! defined twice, listing where. Self-contained on purpose: CI runs it from a clean clone.

use std::collections::BTreeMap;
use std::path::Path;

/// Files under this folder are left out: the exact two-player game (`game::exact`) names its own
/// items, and another issue (the one rule book of the exact game) rewrites that module, so its
/// names are that to choose; a name of it may repeat one defined elsewhere.
const EXEMPT: &str = "src/game/exact/";

/// The kinds of item that define a type name.
const KINDS: [&str; 5] = ["struct", "enum", "union", "trait", "type"];

/// The public type names `src` defines, with the line (1-based) of each. A definition is a line
/// whose code starts with `pub KIND NAME` (after any `unsafe` or `auto` of a trait); comment
/// lines and the text after `//` are not code.
fn public_types(src: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").trim_start();
        let Some(rest) = code.strip_prefix("pub ") else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let mut kind = words.next().unwrap_or("");
        while kind == "unsafe" || kind == "auto" {
            kind = words.next().unwrap_or("");
        }
        if !KINDS.contains(&kind) {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push((name, i + 1));
        }
    }
    out
}

/// Every `.rs` file under `dir` (recursively), by its path from the project's root, with its text.
fn sources(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy();
            let rel = rel.replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// Each public type name of `src/` (the exempt folder left out), with every `file:line` defining it.
fn definitions() -> BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), root, &mut files);
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (file, text) in files.iter().filter(|(f, _)| !f.starts_with(EXEMPT)) {
        for (name, line) in public_types(text) {
            names
                .entry(name)
                .or_default()
                .push(format!("{file}:{line}"));
        }
    }
    names
}

#[test]
fn the_scan_finds_definitions_and_only_public_ones() {
    let src = "\
pub struct Board {
pub(crate) struct Hidden;
    pub enum Stop<C> {
// pub struct InAComment;
pub type Tiles = Vec<u32>; // pub struct AfterCode;
pub unsafe trait Raw {}
pub fn not_a_type() {}
struct Private;
";
    let found = public_types(src);
    assert_eq!(
        found,
        [
            ("Board".to_string(), 1),
            ("Stop".to_string(), 3),
            ("Tiles".to_string(), 5),
            ("Raw".to_string(), 6),
        ]
    );
}

#[test]
fn every_public_type_name_is_defined_once() {
    let names = definitions();
    let twice: Vec<String> = names
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "public type names defined more than once (rename each to say what it is, and list the \
         rename in CHANGELOG.md):\n{}",
        twice.join("\n")
    );
    // And the scan sees the crate: the board, the game's state and the jobs' options are there.
    for known in ["Board", "State", "PlayJob", "SweepJob", "SearchOutcome"] {
        assert_eq!(names.get(known).map(Vec::len), Some(1), "{known}");
    }
    assert!(names.len() > 150, "only {} public type names", names.len());
}
