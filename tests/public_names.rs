//! Each public type name is defined once: a `use` of `Move` or `State` then says what it brings.
//!
//! Scans every `.rs` file under `src/` for `pub struct`, `pub enum`, `pub union`, `pub trait` and
//! `pub type` (not `pub(crate)` and narrower, which no user of the crate sees) and fails on a name
//! defined twice, listing where. Self-contained on purpose: CI runs it from a clean clone (the
//! walker of the sources is `tests/common/sources.rs`, shared with the other tests that read them).

#[path = "common/sources.rs"]
mod sources;

use std::collections::BTreeMap;

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

/// Each public type name of `src/` (the exempt folder left out), with every `file:line` defining it.
fn definitions() -> BTreeMap<String, Vec<String>> {
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let files = sources::rust_files("src");
    for file in files.iter().filter(|f| !f.path.starts_with(EXEMPT)) {
        for (name, line) in public_types(&file.text) {
            names
                .entry(name)
                .or_default()
                .push(format!("{}:{line}", file.path));
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
