//! `boardpath completions SHELL`: the scripts know every subcommand (`boardpath --help` lists
//! them) and their options; the bash script is run in a real bash.

mod common;

use common::{run, stdout};
use std::process::Command;

/// The subcommands `boardpath --help` lists, `help` included.
fn subcommands() -> Vec<String> {
    let help = stdout(&["--help"]);
    let list = help
        .split("\nCommands:\n")
        .nth(1)
        .expect("a Commands section");
    list.lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// What bash completes for `words`, the last being the word under the cursor.
fn bash_complete(script: &str, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let line = format!(
        "{script}\nCOMP_WORDS=({}); COMP_CWORD={}; _boardpath boardpath '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        quoted.join(" "),
        words.len() - 1,
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &line])
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut words: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

#[test]
fn bash_completes_every_subcommand_and_their_options() {
    let script = stdout(&["completions", "bash"]);
    let mut expected = subcommands();
    assert!(expected.len() >= 12, "{expected:?}");
    assert!(expected.contains(&"completions".to_string()));
    expected.sort();
    let commands: Vec<String> = bash_complete(&script, &["boardpath", ""])
        .into_iter()
        .filter(|w| !w.starts_with('-'))
        .collect();
    assert_eq!(commands, expected);
    assert_eq!(
        bash_complete(&script, &["boardpath", "so"]),
        ["solve", "solve-game"]
    );
    assert_eq!(bash_complete(&script, &["boardpath", "di"]), ["dice"]);
    assert_eq!(
        bash_complete(&script, &["boardpath", "solve", "--for"]),
        ["--format"]
    );
    assert_eq!(
        bash_complete(&script, &["boardpath", "completions", "z"]),
        ["zsh"]
    );
}

#[test]
fn every_shell_gets_a_script_naming_every_subcommand() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        for c in &commands {
            assert!(script.contains(c.as_str()), "{shell}: no {c}");
        }
        // An option of the solving commands (fish names long options without dashes).
        assert!(script.contains("moves-in-goal"), "{shell}");
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("possible values: bash, elvish, fish, powershell, zsh"),
        "{err}"
    );
}
