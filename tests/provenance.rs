//! Every JSON document names its schema (documented in `docs/json.md`) and its provenance: this
//! tool, version and commit, the command line, and each board with the SHA-256 of its bytes, checked
//! here against `sha256sum`, an independent implementation.

mod common;

use common::{json_results, stdout};
use std::process::Command;

/// `sha256sum FILE`'s digest.
fn sha256sum(path: &str) -> String {
    let out = Command::new("sha256sum")
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sha256sum (coreutils) runs");
    let text = String::from_utf8(out.stdout).unwrap();
    text.split_whitespace().next().unwrap().to_string()
}

fn document(args: &[&str]) -> serde_json::Value {
    json_results(args); // the envelope's own checks
    serde_json::from_str(&stdout(args)).unwrap()
}

#[test]
fn every_json_command_has_a_documented_schema() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md")).unwrap();
    for (kind, args) in [
        ("solve", &["solve", "--format", "json"][..]),
        (
            "compare",
            &[
                "compare", "--method", "dp/step", "--repeat", "1", "--format", "json",
            ],
        ),
        (
            "sweep",
            &[
                "sweep",
                "maedn",
                "--metric",
                "manhattan",
                "--method",
                "dp/step",
                "--repeat",
                "1",
                "--format",
                "json",
            ],
        ),
        ("reproduce", &["reproduce", "--quick", "--format", "json"]),
        ("boards", &["boards", "--format", "json"]),
        ("methods", &["methods", "--format", "json"]),
        ("dice", &["dice", "--format", "json"]),
    ] {
        let doc = document(args);
        let schema = format!("boardpath.{kind}/1");
        assert_eq!(doc["schema"], schema.as_str());
        assert!(
            docs.contains(&format!("## `{schema}`")),
            "docs/json.md lacks {schema}"
        );
        let boards = doc["provenance"]["boards"].as_array().unwrap();
        assert_eq!(boards.is_empty(), kind == "methods", "{kind}");
    }
}

#[test]
fn a_board_file_is_identified_by_its_sha256() {
    let file = "tests/boards/hand.toml";
    let doc = document(&["solve", file, "--format", "json"]);
    let b = &doc["provenance"]["boards"][0];
    assert_eq!(b["origin"], file);
    assert_eq!(b["sha256"], sha256sum(file).as_str());
    // An embedded board is the file it was built from.
    let doc = document(&["solve", "maedn", "--format", "json"]);
    let b = &doc["provenance"]["boards"][0];
    assert_eq!(b["origin"], "embedded:maedn");
    assert_eq!(b["name"], "Mensch ärgere Dich nicht");
    assert_eq!(b["sha256"], sha256sum("boards/maedn.toml").as_str());
    // Two boards, each once, in order of use.
    let doc = document(&[
        "compare", "maedn", file, "maedn", "--method", "dp/step", "--repeat", "1", "--format",
        "json",
    ]);
    let origins: Vec<&str> = doc["provenance"]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["origin"].as_str().unwrap())
        .collect();
    assert_eq!(origins, ["embedded:maedn", file]);
}

#[test]
fn the_commit_is_the_checkout_s() {
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8(o.stdout).unwrap().trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let doc = document(&["methods", "--format", "json"]);
    assert_eq!(doc["provenance"]["commit"], head.as_str());
    let version = stdout(&["--version"]);
    assert_eq!(
        version.trim(),
        format!("boardpath {} (commit {head})", env!("CARGO_PKG_VERSION"))
    );
}
