//! Big boards stay linear: node counts of the searches that used to blow up, pinned on a
//! 100,000-tile track, and the peak memory of the default `solve` of a 1,000,000-tile board, read
//! from the release binary as a whole process (`/usr/bin/time -f %M`).

mod common;

use boardpath::board::Board;
use boardpath::generate::{GenerateOptions, generate};
use boardpath::race::Race;
use boardpath::solve::{DEFAULT_BUDGET, Method, solve_race};
use common::BIN;
use std::path::Path;
use std::process::Command;

fn track(tiles: usize) -> String {
    generate(&GenerateOptions {
        tiles,
        players: 1,
        pieces: 4,
        faces: 6,
        seed: 1,
        vary_rules: false,
    })
}

/// Branch and bound with the exact bound and children least bound first enters only the optimal
/// path (about 6 calls a roll), and weighted A* expands each step at most once. Before, on this
/// board, `bnb/step` gave up at a billion calls and `weighted-astar/step` expanded 3,289,333
/// nodes (reopening steps under its inflated estimate).
#[test]
fn searches_stay_linear_on_a_100000_tile_track() {
    let board = Board::from_toml(&track(100_000), "generated").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let run = |name: &str| {
        let method = Method::find(name).unwrap();
        let s = solve_race(&board, &race, method, DEFAULT_BUDGET)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        (s.pieces.iter().map(|p| p.length).sum::<u64>(), s.nodes)
    };
    let (optimum, dp_nodes) = run("dp/step");
    assert_eq!(dp_nodes, 400_000);
    for (name, nodes) in [
        ("bnb/step", 507_380),
        ("bnb/graph", 507_380),
        ("petgraph-dijkstra/graph", 400_000),
        ("petgraph-astar/graph", 399_986),
    ] {
        assert_eq!(run(name), (optimum, nodes), "{name}");
    }
    let (length, nodes) = run("weighted-astar/step");
    assert!(length >= optimum);
    assert_eq!(nodes, 399_986, "weighted-astar/step");
}

/// Peak resident memory in KB of the binary run with `args`, or `None` where `/usr/bin/time` is
/// missing.
fn peak_kb(args: &[&str]) -> Option<u64> {
    if !Path::new("/usr/bin/time").exists() {
        return None;
    }
    let out = Command::new("/usr/bin/time")
        .args(["-f", "peak-kb %M"])
        .arg(BIN)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().find_map(|l| l.strip_prefix("peak-kb "))?;
    Some(line.trim().parse().unwrap())
}

/// The default method (petgraph's Dijkstra over the (step, target) graph) on a 1,000,000-tile
/// board: at most 300 MB for the whole process (it took 291 MB with petgraph's hash map, 238 MB
/// with distances in a table by node and the graph's allocation reused between pieces).
#[test]
fn default_solve_of_a_1000000_tile_board_stays_under_300_mb() {
    if cfg!(debug_assertions) {
        eprintln!("skipping the 1,000,000-tile solve in a debug build; run cargo test --release");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.toml");
    std::fs::write(&path, track(1_000_000)).unwrap();
    let Some(kb) = peak_kb(&["solve", path.to_str().unwrap()]) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "/usr/bin/time is needed on CI (apt-get install time)"
        );
        eprintln!("SKIPPED: /usr/bin/time is missing, the peak memory of solve is not checked");
        return;
    };
    assert!(kb <= 300 * 1024, "solve took {kb} KB, more than 300 MB");
}
