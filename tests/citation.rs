//! The project is citable: `CITATION.cff` is valid Citation File Format 1.2.0 for this version,
//! names the paper it reproduces, and agrees with Cargo.toml's licence, which the licence files
//! back; the README and CHANGELOG agree with both.

use yaml_rust2::{Yaml, YamlLoader};

const CFF: &str = include_str!("../CITATION.cff");
const README: &str = include_str!("../README.md");
const CHANGELOG: &str = include_str!("../CHANGELOG.md");

/// Keys CFF 1.2.0 requires at the top level, and those this project requires besides.
const REQUIRED: [&str; 7] = [
    "cff-version",
    "message",
    "title",
    "authors",
    "version",
    "license",
    "references",
];

/// Every top-level key of the CFF 1.2.0 schema (which allows no others).
const ALLOWED: [&str; 21] = [
    "abstract",
    "authors",
    "cff-version",
    "commit",
    "contact",
    "date-released",
    "doi",
    "identifiers",
    "keywords",
    "license",
    "license-url",
    "message",
    "preferred-citation",
    "references",
    "repository",
    "repository-artifact",
    "repository-code",
    "title",
    "type",
    "url",
    "version",
];

/// The paper boardpath reproduces, as its title page has it.
const PAPER_TITLE: &str = "The shortest physical path to victory in \"Mensch ärgere Dich nicht\"";

/// A licence of Cargo's `license` expression: its file, and a line only its standard text has.
fn licence_file(spdx: &str) -> Option<(&'static str, &'static str)> {
    match spdx {
        "MIT" => Some((
            "LICENSE-MIT",
            "Permission is hereby granted, free of charge",
        )),
        "Apache-2.0" => Some(("LICENSE-APACHE", "Version 2.0, January 2004")),
        _ => None,
    }
}

/// The identifiers of Cargo's `license`, an SPDX expression that must be a plain choice.
fn cargo_licences() -> Vec<&'static str> {
    env!("CARGO_PKG_LICENSE").split(" OR ").collect()
}

/// A person (`family-names`) or an entity (`name`), as CFF 1.2.0 defines authors.
fn is_author(a: &Yaml) -> bool {
    let text = |key: &str| a[key].as_str().is_some_and(|s| !s.trim().is_empty());
    text("family-names") || text("name")
}

/// Everything wrong with `text` as this project's citation file; empty when it is right.
fn problems(text: &str) -> Vec<String> {
    let docs = match YamlLoader::load_from_str(text) {
        Ok(docs) => docs,
        Err(e) => return vec![format!("not YAML: {e}")],
    };
    let Some(Yaml::Hash(top)) = docs.first() else {
        return vec!["not a YAML mapping".into()];
    };
    let cff = &docs[0];
    let mut found = Vec::new();
    for key in top.keys() {
        match key.as_str() {
            Some(k) if ALLOWED.contains(&k) => {}
            _ => found.push(format!("{key:?} is not a CFF 1.2.0 key")),
        }
    }
    for key in REQUIRED {
        if cff[key].is_badvalue() {
            found.push(format!("{key} is missing"));
        }
    }
    if cff["cff-version"].as_str() != Some("1.2.0") {
        found.push(format!(
            "cff-version is {:?}, not 1.2.0",
            cff["cff-version"]
        ));
    }
    for key in ["message", "title"] {
        if cff[key].as_str().is_none_or(|s| s.trim().is_empty()) {
            found.push(format!("{key} is not a text"));
        }
    }
    let authors = cff["authors"].as_vec().map(Vec::as_slice).unwrap_or(&[]);
    if authors.is_empty() || !authors.iter().all(is_author) {
        found.push("authors must be a non-empty list of persons or entities".into());
    }
    if cff["version"].as_str() != Some(env!("CARGO_PKG_VERSION")) {
        found.push(format!(
            "version is {:?}, Cargo.toml says {}",
            cff["version"],
            env!("CARGO_PKG_VERSION")
        ));
    }
    // A list of licences means a choice among them in CFF, as `OR` does in Cargo's expression.
    let licences: Vec<&str> = cff["license"]
        .as_vec()
        .map(|v| v.iter().filter_map(Yaml::as_str).collect())
        .unwrap_or_default();
    if licences != cargo_licences() {
        found.push(format!(
            "license is {licences:?}, Cargo.toml says {}",
            env!("CARGO_PKG_LICENSE")
        ));
    }
    let references = cff["references"].as_vec().map(Vec::as_slice).unwrap_or(&[]);
    for (i, r) in references.iter().enumerate() {
        let authors = r["authors"].as_vec().map(Vec::as_slice).unwrap_or(&[]);
        if r["type"].as_str().is_none() || r["title"].as_str().is_none() || authors.is_empty() {
            found.push(format!("reference {i} lacks a type, title or authors"));
        }
    }
    // Both versions of the paper, told apart by their dates (README, "How to cite").
    let mut dates: Vec<&str> = references
        .iter()
        .filter(|r| {
            r["title"].as_str() == Some(PAPER_TITLE)
                && r["authors"][0]["family-names"].as_str() == Some("Seewald")
        })
        .filter_map(|r| r["date-published"].as_str())
        .collect();
    dates.sort();
    if dates != ["2023-08-13", "2023-08-14"] {
        found.push(format!(
            "references date the paper's preprint and final version {dates:?}"
        ));
    }
    found
}

/// `text` without the top-level key `key` and the lines that belong to it.
fn without_key(text: &str, key: &str) -> String {
    let mut inside = false;
    let mut out = String::new();
    for line in text.lines() {
        let top_level = !line.is_empty() && !line.starts_with([' ', '#']);
        if top_level {
            inside = line.starts_with(&format!("{key}:"));
        }
        if !inside {
            out += line;
            out.push('\n');
        }
    }
    out
}

#[test]
fn citation_file_is_valid_cff_for_this_version() {
    assert_eq!(problems(CFF), Vec::<String>::new());
}

#[test]
fn a_missing_or_wrong_key_is_caught() {
    for key in REQUIRED {
        let broken = without_key(CFF, key);
        assert!(broken.len() < CFF.len(), "{key} not found in CITATION.cff");
        assert!(
            problems(&broken).contains(&format!("{key} is missing")),
            "{key}: {:?}",
            problems(&broken)
        );
    }
    let misspelt = CFF.replace("\nlicense:", "\nlicence:");
    assert!(problems(&misspelt).contains(&"String(\"licence\") is not a CFF 1.2.0 key".into()));
    let old = CFF.replace(
        &format!("version: \"{}\"", env!("CARGO_PKG_VERSION")),
        "version: \"0.0.1\"",
    );
    assert!(problems(&old).iter().any(|p| p.starts_with("version is")));
    assert!(
        problems("title: [unclosed")
            .iter()
            .any(|p| p.starts_with("not YAML"))
    );
}

#[test]
fn every_licence_cargo_names_has_its_standard_text() {
    let ids = cargo_licences();
    assert_eq!(ids, ["MIT", "Apache-2.0"]);
    for id in ids {
        let (file, marker) = licence_file(id).unwrap_or_else(|| panic!("no licence file for {id}"));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(text.contains(marker), "{file} is not the {id} text");
        assert!(
            README.contains(&format!("]({file})")),
            "the README links {file}"
        );
    }
    let mit = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("Copyright (c) 2026 the boardpath authors\n"));
}

#[test]
fn readme_and_changelog_agree_with_the_citation() {
    let cite = README
        .split("\n## How to cite\n")
        .nth(1)
        .expect("a How to cite section")
        .split("\n## ")
        .next()
        .unwrap();
    for needed in [
        "CITATION.cff",
        "Erik Seewald",
        "Mensch ärgere Dich nicht",
        "ErikSeewald/MaeDn-Analysis",
        "13 August 2023",
        "14 August 2023",
        concat!("Version ", env!("CARGO_PKG_VERSION")),
    ] {
        assert!(cite.contains(needed), "How to cite lacks {needed:?}");
    }
    let version = format!("\n## [{}]", env!("CARGO_PKG_VERSION"));
    assert!(
        CHANGELOG.contains("\n## [Unreleased]\n"),
        "CHANGELOG: no Unreleased section"
    );
    assert!(
        CHANGELOG.contains(&version),
        "CHANGELOG: no {version} section"
    );
}
