//! Running the real binary from integration tests, shared by the test files that need it.

use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// Runs the binary with `args` from the project's root.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Runs the binary, expects exit 0 and returns its standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a `--format json` command, checks the envelope every JSON document has (schema,
/// provenance naming this tool, version and command line, a SHA-256 per board) and returns its
/// `results`.
#[allow(dead_code)] // not every test file that shares this module prints JSON
pub fn json_results(args: &[&str]) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(&stdout(args)).expect("valid JSON");
    let schema = doc["schema"].as_str().expect("a schema string");
    assert!(
        schema.starts_with("boardpath.") && schema.ends_with("/1"),
        "{schema}"
    );
    let p = &doc["provenance"];
    assert_eq!(p["tool"], "boardpath");
    assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
    let command: Vec<&str> = p["command"]
        .as_array()
        .expect("the command line")
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(command[1..], *args);
    for b in p["boards"].as_array().expect("a list of boards") {
        let sha = b["sha256"].as_str().unwrap();
        assert!(
            sha.len() == 64 && sha.bytes().all(|c| c.is_ascii_hexdigit()),
            "{sha}"
        );
    }
    doc["results"].take()
}
