//! The layers of `src/`: no file-level import cycle, and every module uses only the layers below
//! it, in the order `docs/architecture.md` draws ([`LAYERS`]; a test reads the drawing and holds
//! the two to the same order):
//! text, random, cancel, file -> board -> cost -> race, search -> generate, encoding -> solve ->
//! output, paper, dice -> compare, render, game -> jobs -> cli.
//!
//! A file *uses* another when it names an item of it: `use crate::...`, `use super::...`, a child
//! module, or a `crate::a::b` path in code. Comments, `#[cfg(test)]` modules and `pub use child::X`
//! re-exports of a module's own children are skipped, as `../shared/tools/import-cycles.py`
//! does. Self-contained on purpose: CI runs it from a clean clone (the walker of the sources is
//! `tests/common/sources.rs`, shared with the other tests that read them).

#[path = "common/sources.rs"]
mod sources;

use std::collections::{BTreeMap, BTreeSet};

type Module = Vec<String>;

/// Every `.rs` file under `src/`, by module path (`src/board/mod.rs` is `board`, `src/lib.rs` and
/// `src/main.rs` the root), with its text.
fn modules() -> BTreeMap<Module, String> {
    sources::rust_files("src")
        .into_iter()
        .map(|file| (module_of(&file.path), file.text))
        .collect()
}

/// The module path of the file at `path` (from the project's root, under `src/`).
fn module_of(path: &str) -> Module {
    let rel = path.strip_prefix("src/").unwrap_or(path);
    let mut module: Module = rel.split('/').map(str::to_string).collect();
    let file = module.pop().unwrap_or_default();
    let stem = file.strip_suffix(".rs").unwrap_or(&file);
    let root = module.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !root {
        module.push(stem.to_string());
    }
    module
}

/// The text without comments and `#[cfg(test)] mod ... { ... }` blocks.
fn strip(text: &str) -> String {
    let mut out = String::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
        } else if text[i..].starts_with("#[cfg(test)]") {
            let rest = text[i + 12..].trim_start();
            if rest.starts_with("mod ") {
                let open = text[i..].find('{').map_or(b.len(), |n| i + n);
                let mut depth = 0;
                let mut j = open;
                while j < b.len() {
                    match b[j] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                i = j + 1;
            } else {
                out.push('#');
                i += 1;
            }
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(body: &str) -> Vec<String> {
    let Some(open) = body.find('{') else {
        return vec![body.to_string()];
    };
    let (pre, inner) = (&body[..open], &body[open + 1..body.len() - 1]);
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            ',' if depth == 0 => parts.push(std::mem::take(&mut cur)),
            '{' => {
                depth += 1;
                cur.push(ch)
            }
            '}' => {
                depth -= 1;
                cur.push(ch)
            }
            _ => cur.push(ch),
        }
    }
    parts.push(cur);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(&format!("{pre}{p}")))
        .collect()
}

/// The paths a file names: its private `use` declarations and `crate::`/`super::`/`self::` paths.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let word_start = at == 0 || !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let reexport =
            before.trim_end().ends_with("pub") || before.trim_end().ends_with("pub(crate)");
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        if word_start && !reexport {
            let body: String = rest[at + 4..at + end].split_whitespace().collect();
            out.extend(expand(&body));
        }
        rest = &rest[at + 4..];
    }
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let i = from + i;
            let prev = code[..i].chars().next_back();
            if !prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                let len = code[i..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(code.len() - i);
                out.push(code[i..i + len].to_string());
            }
            from = i + start.len();
        }
    }
    out
}

/// The file-level dependency graph of `src/`.
fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let files = modules();
    let resolve = |path: &[String]| -> Option<Module> {
        (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|m| files.contains_key(m))
    };
    let mut edges = BTreeMap::new();
    for (module, text) in &files {
        let mut out = BTreeSet::new();
        for p in paths(&strip(text)) {
            let segs: Vec<String> = p
                .split("::")
                .map(|s| s.split(" as ").next().unwrap_or("").to_string())
                .filter(|s| !s.is_empty() && s != "*")
                .collect();
            let Some(first) = segs.first() else { continue };
            let target: Module = match first.as_str() {
                "crate" => segs[1..].to_vec(),
                "self" => module
                    .iter()
                    .cloned()
                    .chain(segs[1..].iter().cloned())
                    .collect(),
                "super" => {
                    let ups = segs.iter().take_while(|s| *s == "super").count();
                    let base = &module[..module.len().saturating_sub(ups)];
                    base.iter()
                        .cloned()
                        .chain(segs[ups..].iter().cloned())
                        .collect()
                }
                _ => {
                    let mut child = module.clone();
                    child.push(first.clone());
                    if !files.contains_key(&child) {
                        continue;
                    }
                    module.iter().cloned().chain(segs.iter().cloned()).collect()
                }
            };
            if let Some(t) = resolve(&target)
                && &t != module
                && !t.is_empty()
            {
                out.insert(t);
            }
        }
        edges.insert(module.clone(), out);
    }
    edges
}

fn reaches(edges: &BTreeMap<Module, BTreeSet<Module>>, from: &Module, to: &Module) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.clone()];
    while let Some(m) = stack.pop() {
        if &m == to {
            return true;
        }
        if seen.insert(m.clone()) {
            stack.extend(edges[&m].iter().cloned());
        }
    }
    false
}

#[test]
fn no_file_level_import_cycle() {
    let edges = graph();
    assert!(edges.len() > 40, "found only {} files", edges.len());
    let mut cycles = Vec::new();
    for (a, out) in &edges {
        for b in out {
            if reaches(&edges, b, a) {
                cycles.push(format!("src/{} -> src/{}", a.join("/"), b.join("/")));
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// The layers, lowest first, as `docs/architecture.md` draws them; a module may use its own
/// layer's files and lower layers only. `cli` (the binary's, behind the `cli` feature) is the top.
const LAYERS: &[&[&str]] = &[
    &["text", "random", "cancel", "file"],
    &["board"],
    &["cost"],
    &["race", "search"],
    &["generate", "encoding"],
    &["solve"],
    &["output", "paper", "dice"],
    &["compare", "render", "game"],
    &["jobs"],
    &["cli"],
];

/// The layer of a top-level module; the crate root (`lib.rs`, `main.rs`) is above every layer.
fn layer(top: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| {
            panic!("src/{top} is in no layer: add it to LAYERS and docs/architecture.md")
        })
}

#[test]
fn every_module_uses_only_lower_layers() {
    let mut wrong = Vec::new();
    for (from, out) in graph() {
        let Some(top) = from.first() else { continue };
        for to in out {
            let other = &to[0];
            // Peers on one layer may use each other; the cycle test keeps that acyclic.
            let ok = layer(other) <= layer(top);
            // The generic algorithms know nothing of boards, races or encodings: only costs (and
            // the cancel flag their budget checks ask).
            let generic = top != "search" || ["cost", "search", "cancel"].contains(&other.as_str());
            if !ok || !generic {
                wrong.push(format!("src/{} uses src/{}", from.join("/"), to.join("/")));
            }
        }
    }
    assert!(wrong.is_empty(), "layer violations:\n{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_a_cycle_and_skips_test_modules_and_reexports() {
    let code = strip(
        "use crate::a::B; // use crate::c::D;\npub use crate::e::F;\n#[cfg(test)]\nmod tests { use crate::g::H; }\nfn f() { crate::i::j(); }",
    );
    let found: BTreeSet<String> = paths(&code).into_iter().collect();
    // A `crate::` path counts wherever it is written, a re-export's included, as in
    // `../shared/tools/import-cycles.py`; a `pub use child::X` does not.
    assert_eq!(
        found,
        ["crate::a::B", "crate::e::F", "crate::i::j"]
            .map(String::from)
            .into()
    );
    assert_eq!(expand("a::{b,c::{d,e}}"), ["a::b", "a::c::d", "a::c::e"]);
}

#[test]
fn a_file_is_named_by_its_module_path() {
    let cases = [
        ("src/lib.rs", vec![]),
        ("src/main.rs", vec![]),
        ("src/cost.rs", vec!["cost"]),
        ("src/board/mod.rs", vec!["board"]),
        ("src/game/exact/engine.rs", vec!["game", "exact", "engine"]),
        ("src/cli/serve/mod.rs", vec!["cli", "serve"]),
    ];
    for (path, module) in cases {
        assert_eq!(module_of(path), module, "{path}");
    }
}

/// The layer line `docs/architecture.md` draws (the first line of a code block with ` -> `), as
/// layers of module names.
fn drawn_layers() -> Vec<Vec<String>> {
    let doc = std::fs::read_to_string(sources::root().join("docs/architecture.md")).unwrap();
    let mut in_block = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
        } else if in_block && line.contains(" -> ") {
            return line
                .split("->")
                .map(|l| l.split(',').map(|m| m.trim().to_string()).collect())
                .collect();
        }
    }
    panic!("docs/architecture.md draws no layer line (a code block line with ` -> `)");
}

#[test]
fn the_architecture_document_draws_the_enforced_order() {
    let enforced: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|l| l.iter().map(|m| m.to_string()).collect())
        .collect();
    assert_eq!(drawn_layers(), enforced);
}

#[test]
fn every_module_of_src_has_a_layer() {
    let mut missing = Vec::new();
    for module in graph().into_keys() {
        if let Some(top) = module.first()
            && !LAYERS.iter().any(|l| l.contains(&top.as_str()))
        {
            missing.push(format!("src/{top}"));
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "in no layer: {}", missing.join(", "));
}

/// Every top-level module of `src/`, and every module folder one level down (`game/exact/`,
/// `cli/serve/`, ...), as the document writes it: `src/board/`, `src/cost.rs`, `game/exact/`.
#[test]
fn the_architecture_document_names_every_module() {
    let root = sources::root();
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let mut unnamed = Vec::new();
    for module in graph().into_keys() {
        let named = match module.as_slice() {
            [top] if root.join("src").join(top).join("mod.rs").is_file() => {
                doc.contains(&format!("src/{top}/"))
            }
            [top] => doc.contains(&format!("src/{top}.rs")),
            [top, sub]
                if root
                    .join("src")
                    .join(top)
                    .join(sub)
                    .join("mod.rs")
                    .is_file() =>
            {
                doc.contains(&format!("{top}/{sub}/"))
            }
            _ => true,
        };
        if !named {
            unnamed.push(module.join("/"));
        }
    }
    assert!(
        unnamed.is_empty(),
        "docs/architecture.md does not name: {}",
        unnamed.join(", ")
    );
}
