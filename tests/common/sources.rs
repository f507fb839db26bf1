//! The one walker of the project's Rust sources, shared by the tests that read them
//! (`tests/layers.rs`, `tests/public_names.rs`, `tests/function_length.rs`): each includes this
//! file with `#[path = "common/sources.rs"] mod sources;`, so it brings nothing else of
//! `tests/common/` (no binary, no server). Self-contained on purpose: CI runs those tests from a
//! clean clone, with no tool of its own.

use std::path::{Path, PathBuf};

/// A `.rs` file of the project.
pub struct SourceFile {
    /// Its path from the project's root, `/`-separated on every system (`src/board/mod.rs`).
    pub path: String,
    /// Its text.
    pub text: String,
}

/// The project's root, where `Cargo.toml` is.
#[allow(dead_code)] // not every test that walks the sources reads another file of the project
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir` (a folder from the project's root, `src` or `python/src`),
/// recursively, each folder's entries in name order, a folder's files where its name sorts.
pub fn rust_files(dir: &str) -> Vec<SourceFile> {
    let mut found = Vec::new();
    walk(&root().join(dir), &mut found);
    found
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let rel = path.strip_prefix(root()).unwrap().to_string_lossy();
            SourceFile {
                path: rel.replace('\\', "/"),
                text,
            }
        })
        .collect()
}

/// The `.rs` files under `dir`, depth first.
fn walk(dir: &Path, into: &mut Vec<PathBuf>) {
    // A folder that cannot be read is a broken checkout, not an empty one: a scan that silently
    // found nothing would pass.
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}
