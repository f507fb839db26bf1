//! `solve-game --export-graph DIR`: the files hold every position's moves exactly as the solver
//! expands them, read back as `docs/game-solve.md` describes them; solved from the files alone by
//! an independent bound iteration, they give the value `solve-game` prints; and every refusal
//! (too many positions, a directory that cannot be made, options that do not combine) exits
//! non-zero with one message, leaving nothing behind.

mod common;

use boardpath::game::exact::graph::{GRAPH_FORMAT, decode_outcome};
use boardpath::game::exact::{ChanceGame, Expansion, Maedn2, MoveOutcome};
use common::{json_results, run};
use std::path::Path;

/// A graph read back from its files, as a reader with only the docs would.
struct Graph {
    header: serde_json::Value,
    offsets: Vec<u64>,
    counts: Vec<u8>,
    means: Vec<u8>,
    passes: Vec<u8>,
    keys: Vec<u32>,
    outcomes: Vec<u32>,
}

fn read(dir: &Path) -> Graph {
    let bytes = |name: &str| std::fs::read(dir.join(name)).unwrap();
    let header: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("graph.json")).unwrap()).unwrap();
    Graph {
        header,
        offsets: bytes("offsets.u64")
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect(),
        counts: bytes("counts.u8"),
        means: bytes("means.u8"),
        passes: bytes("passes.u8"),
        keys: bytes("keys.u32")
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect(),
        outcomes: bytes("outcomes.u32")
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect(),
    }
}

fn export(dir: &Path, extra: &[&str]) {
    let d = dir.to_str().unwrap();
    let mut args = vec!["solve-game", "--export-graph", d];
    args.extend_from_slice(extra);
    let out = run(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("written to"), "{said}");
}

/// Positions of the 2-piece game with a pass, by the rolls that pass there (bit r for roll
/// r + 1): `0b1_1111`, both pieces waiting and no 6; `0b10_0000`, a 6 that moves nothing.
const PASSING_TWO_PIECES: [(u8, usize); 12] = [
    (0b00_1000, 1882),
    (0b01_0000, 4662),
    (0b01_1000, 985),
    (0b01_1100, 985),
    (0b01_1110, 985),
    (0b01_1111, 1970),
    (0b10_0000, 7399),
    (0b10_0100, 941),
    (0b10_1000, 941),
    (0b11_0000, 2823),
    (0b11_0100, 941),
    (0b11_1000, 941),
];

#[test]
fn the_files_hold_every_move_the_solver_expands() {
    let dir = tempfile::tempdir().unwrap();
    export(dir.path(), &["--pieces", "2"]);
    let g = read(dir.path());
    let game = Maedn2::new(2);
    let n = game.positions();
    assert_eq!(g.header["format"], GRAPH_FORMAT);
    assert_eq!(g.header["positions"], n);
    assert_eq!(g.header["rolls"], 6);
    assert_eq!(g.header["start"], game.rank(&game.start()));
    let layers: Vec<[u64; 2]> = game.layers().iter().map(|l| [l.start, l.end]).collect();
    assert_eq!(g.header["layers"], serde_json::json!(layers));
    assert_eq!(g.offsets.len() as u64, n + 1);
    assert_eq!(g.counts.len() as u64, n * 6);
    assert_eq!(g.means.len() as u64, n);
    assert_eq!(g.passes.len() as u64, n);
    assert_eq!(g.keys.len() as u64, n);
    assert_eq!(g.header["outcomes"], g.outcomes.len());
    assert_eq!(*g.offsets.last().unwrap(), g.outcomes.len() as u64);
    // 2 pieces: 9,487,970 moves over 893,565 positions, as the export said.
    assert_eq!(g.outcomes.len(), 9_487_970);
    let mut e = Expansion::default();
    for p in 0..n {
        game.expand(p, &mut e);
        let mut at = g.offsets[p as usize] as usize;
        for r in 0..6 {
            let count = g.counts[p as usize * 6 + r] as usize;
            let stored: Vec<MoveOutcome> = g.outcomes[at..at + count]
                .iter()
                .map(|&x| decode_outcome(x))
                .collect();
            assert_eq!(stored, e.roll(r), "position {p}, roll {r}");
            at += count;
        }
        assert_eq!(at as u64, g.offsets[p as usize + 1], "position {p}");
        assert_eq!(u64::from(g.means[p as usize]), e.mean, "position {p}");
        assert_eq!(u64::from(g.passes[p as usize]), e.pass, "position {p}");
        assert_eq!(g.keys[p as usize], game.sweep_key(p), "position {p}");
        // A pass bit marks a roll with one move that moves nothing: the same player again at the
        // same position (a 6), or the other player at the position with the sides swapped (the
        // position itself where the sides are alike).
        for r in (0..6).filter(|r| g.passes[p as usize] >> r & 1 == 1) {
            let passed = match e.roll(r) {
                [MoveOutcome::Same(q)] => *q == p && r == 5,
                [MoveOutcome::Flip(_)] => r < 5,
                _ => false,
            };
            assert!(passed, "position {p} roll {r}: {:?}", e.roll(r));
        }
    }
    // Positions by the rolls that pass there.
    let mut passing = std::collections::BTreeMap::new();
    for &b in g.passes.iter().filter(|&&b| b != 0) {
        *passing.entry(b).or_insert(0usize) += 1;
    }
    assert_eq!(
        passing,
        std::collections::BTreeMap::from(PASSING_TWO_PIECES)
    );
    // As JSON: graph.json's fields under the document's results.
    let json = json_results(&[
        "solve-game",
        "--pieces",
        "2",
        "--export-graph",
        dir.path().to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(json, g.header);
    // Written again into the same directory: the same bytes, no temporary file left.
    let before = std::fs::read(dir.path().join("outcomes.u32")).unwrap();
    export(dir.path(), &["--pieces", "2", "--threads", "1"]);
    assert_eq!(
        std::fs::read(dir.path().join("outcomes.u32")).unwrap(),
        before
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "counts.u8",
            "graph.json",
            "keys.u32",
            "means.u8",
            "offsets.u64",
            "outcomes.u32",
            "passes.u8"
        ]
    );
}

/// The first player's bounds from the graph alone: both bounds from 0 and 1, Gauss-Seidel in
/// rank order, layer by layer, until every position's are at most `gap` apart.
fn solve_from_files(g: &Graph, gap: f64) -> [f64; 2] {
    let n = g.header["positions"].as_u64().unwrap() as usize;
    let rolls = g.header["rolls"].as_u64().unwrap() as usize;
    let probs: Vec<f64> = g.header["roll_probabilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    let mut b = vec![[0.0f64, 1.0f64]; n];
    for layer in g.header["layers"].as_array().unwrap() {
        let (first, end) = (layer[0].as_u64().unwrap(), layer[1].as_u64().unwrap());
        for _sweep in 0..10_000 {
            let mut worst = 0.0f64;
            for p in first as usize..end as usize {
                let mut at = g.offsets[p] as usize;
                let mut new = [0.0, 0.0];
                for (r, pr) in probs.iter().enumerate() {
                    let count = g.counts[p * rolls + r] as usize;
                    let mean = g.means[p] >> r & 1 == 1;
                    let mut roll = if mean { [0.0, 0.0] } else { [-1.0, -1.0] };
                    for &x in &g.outcomes[at..at + count] {
                        let (j, kind) = ((x >> 2) as usize, x & 3);
                        let v = match kind {
                            0 => [1.0, 1.0],
                            1 => [0.0, 0.0],
                            2 => b[j],
                            _ => [1.0 - b[j][1], 1.0 - b[j][0]],
                        };
                        for k in 0..2 {
                            roll[k] = if mean {
                                roll[k] + v[k]
                            } else {
                                roll[k].max(v[k])
                            };
                        }
                    }
                    for k in 0..2 {
                        let r = if mean {
                            roll[k] / count as f64
                        } else {
                            roll[k]
                        };
                        new[k] += pr * r;
                    }
                    at += count;
                }
                b[p] = [b[p][0].max(new[0]), b[p][1].min(new[1])];
                worst = worst.max(b[p][1] - b[p][0]);
            }
            if worst <= gap {
                break;
            }
        }
    }
    b[g.header["start"].as_u64().unwrap() as usize]
}

#[test]
fn the_files_alone_give_the_solvers_value_on_any_ranking() {
    for extra in [
        &["--pieces", "1"][..],
        &["ludo", "--pieces", "1"][..],
        &["--pieces", "1", "--rules", "openspiel,bonus-roll=false"][..],
    ] {
        let dir = tempfile::tempdir().unwrap();
        export(dir.path(), extra);
        let g = read(dir.path());
        let [lo, hi] = solve_from_files(&g, 1e-10);
        let mut args = vec!["solve-game", "--format", "json"];
        args.extend_from_slice(extra);
        let solved = json_results(&args);
        let lower = solved["first_player_lower"].as_f64().unwrap();
        let upper = solved["first_player_upper"].as_f64().unwrap();
        // Both are certified intervals around the same value: they overlap.
        assert!(
            lo <= upper && lower <= hi,
            "{extra:?}: [{lo}, {hi}] against [{lower}, {upper}]"
        );
        assert!(hi - lo <= 1e-10, "{extra:?}");
        let game = g.header["game"].as_str().unwrap();
        assert!(game.contains("1 piece a side"), "{game}");
    }
}

#[test]
fn refusals_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("g4");
    let out = run(&[
        "solve-game",
        "--pieces",
        "4",
        "--export-graph",
        target.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("16052754015 positions") && err.contains("fewer than 1073741824"),
        "{err}"
    );
    assert!(!target.exists(), "nothing is made for a refused graph");
    // A directory that cannot be made: a file stands in its place.
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"keep").unwrap();
    let inside = file.join("graph");
    let out = run(&[
        "solve-game",
        "--pieces",
        "1",
        "--export-graph",
        inside.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a-file") && !err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"keep");
    // Options that do not combine with it.
    for other in [
        &["--out", "t.bin"][..],
        &["--plan"][..],
        &["--memory", "1G"][..],
    ] {
        let mut args = vec!["solve-game", "--export-graph", "never"];
        args.extend_from_slice(other);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
        assert!(!Path::new("never").exists());
    }
}
