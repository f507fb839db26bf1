//! Records the git commit the binary is built from (`boardpath --version`, JSON provenance), or
//! `unknown` outside a git checkout (a crates.io tarball, a copied tree).

use std::path::PathBuf;
use std::process::Command;

/// The checkout being built: read when the script runs, not when it was compiled, so that a
/// build script compiled for another checkout (a copied `target/`) asks this one's git.
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from)
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=BOARDPATH_COMMIT={commit}");
    // Rebuild when HEAD moves: HEAD itself (a branch switch), the branch's ref and packed refs
    // (a commit). Paths from git, since `.git` may be a file (worktrees).
    let dir = |arg: &str| git(&["rev-parse", arg]).map(PathBuf::from);
    if let (Some(git_dir), Some(common)) = (dir("--git-dir"), dir("--git-common-dir")) {
        let root = root();
        let mut watch = vec![
            root.join(&git_dir).join("HEAD"),
            root.join(&common).join("packed-refs"),
        ];
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watch.push(root.join(&common).join(branch));
        }
        for path in watch.iter().filter(|p| p.exists()) {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    } else {
        println!("cargo:rerun-if-changed=build.rs");
    }
}
