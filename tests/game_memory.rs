//! `solve-game --memory LIMIT`: the standard board solved out of core, its finished layer groups
//! mapped from their checkpoint files. The same table byte for byte as the solve in memory, a
//! limit below the least it needs refused with that figure (nothing written), a killed solve
//! resumed under the limit, and hostile limits refused by the parser.

mod common;

use boardpath::game::exact::out_of_core_minimum;
use boardpath::jobs::{BoundsEncoding, out_of_core_need};
use common::{partial, run};
use std::path::Path;
use std::sync::OnceLock;

/// The 2-piece table solved in memory, once for every test here, and its text output.
fn reference() -> &'static (Vec<u8>, String) {
    static TABLE: OnceLock<(Vec<u8>, String)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("memory.values");
        let out = run(&[
            "solve-game",
            "--pieces",
            "2",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        (
            std::fs::read(&path).unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    })
}

/// The line of `text` that starts with `label`.
fn line<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines().find(|l| l.starts_with(label)).unwrap_or("")
}

fn solve_args(path: &Path, limit: &str) -> Vec<String> {
    ["solve-game", "--pieces", "2", "--out"]
        .iter()
        .map(|s| s.to_string())
        .chain([
            path.to_str().unwrap().to_string(),
            "--memory".into(),
            limit.into(),
        ])
        .collect()
}

/// The least the 2-piece solve needs out of core: the (0,0) group's 610,821 positions at 17
/// bytes (bounds 16, a bucket's new bounds 1), 16 MiB, and the page tables of the table's
/// bounds (16 bytes a position) and of the group's sweep order (4). With 2 pieces that group is
/// 68% of the table, so the least is above the 14.3 MB of the whole table's bounds: any limit
/// the solve accepts would hold them; what the test shows is that the finished groups come from
/// their files all the same.
const K2_MINIMUM: u64 = 610_821 * 17 + (16 << 20) + 893_565 * 16 / 512 + 610_821 * 4 / 512;

/// [`K2_MINIMUM`] with packed bounds: 9 bytes a position of the group, 8 of the table.
const K2_PACKED: u64 = 610_821 * 9 + (16 << 20) + 893_565 * 8 / 512 + 610_821 * 4 / 512;

#[test]
fn the_minimum_is_the_largest_group_and_is_stated() {
    let (need, group) = out_of_core_need(2, BoundsEncoding::F64);
    assert_eq!(need.bytes, K2_MINIMUM);
    assert_eq!((group.as_deref(), need.positions), (Some("0,0"), 610_821));
    assert_eq!(
        out_of_core_need(2, BoundsEncoding::Packed).0.bytes,
        K2_PACKED
    );
    // 3 pieces: the (0,0) group of 91,289,461 positions needs 1.57 GB with f64 bounds, so 1 GB
    // is refused; packed, 0.84 GB, within it.
    let n = 91_289_461u64;
    let f64_least = n * 17 + (16 << 20) + 168_081_341 * 16 / 512 + n * 4 / 512;
    let packed_least = n * 9 + (16 << 20) + 168_081_341 * 8 / 512 + n * 4 / 512;
    let plan = common::stdout(&["solve-game", "--pieces", "3", "--plan", "--memory", "1G"]);
    assert!(
        plan.contains(&format!(
            "at least {f64_least} bytes (1.57 GB) in memory: layer group 0,0: 91289461 positions \
             x 17 bytes"
        )),
        "{plan}"
    );
    assert!(
        plan.contains("1000000000 bytes (1.00 GB): below the least"),
        "{plan}"
    );
    let plan = common::stdout(&[
        "solve-game",
        "--pieces",
        "3",
        "--plan",
        "--memory",
        "1G",
        "--bounds",
        "packed",
    ]);
    assert!(
        plan.contains(&format!(
            "at least {packed_least} bytes (841.72 MB) in memory: layer group 0,0: 91289461 \
             positions x 9 bytes"
        )),
        "{plan}"
    );
    assert!(
        plan.contains("1000000000 bytes (1.00 GB): enough"),
        "{plan}"
    );
    // 4 pieces packed: the (0,0) group's 6,901,580,871 positions within 64 GB.
    let plan = common::stdout(&[
        "solve-game",
        "--pieces",
        "4",
        "--plan",
        "--memory",
        "64G",
        "--bounds",
        "packed",
    ]);
    let n = 6_901_580_871u64;
    let least = n * 9 + (16 << 20) + 16_052_754_015 * 8 / 512 + n * 4 / 512;
    assert!(
        plan.contains(&format!("at least {least} bytes (62.44 GB)")),
        "{plan}"
    );
    assert!(
        plan.contains("64000000000 bytes (64.00 GB): enough"),
        "{plan}"
    );
    let plan = common::stdout(&["solve-game", "--pieces", "2", "--plan", "--memory", "40M"]);
    assert!(plan.contains("40000000 bytes (40.00 MB): enough"), "{plan}");
    // Many small groups: the largest sets it; writing the table takes no more than the program.
    let m = out_of_core_minimum(&[0..10, 10..20, 20..30, 30..40], 16);
    assert_eq!((m.group, m.positions), (Some(3), 10));
}

/// At the least it needs, the solve out of core writes the in-memory solve's table byte for
/// byte, with the same value; one byte less is refused, naming the least, and writes nothing.
#[test]
fn out_of_core_gives_the_same_table_and_refuses_below_the_minimum() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ooc.values");

    let below = solve_args(&path, &format!("{}B", K2_MINIMUM - 1));
    let below: Vec<&str> = below.iter().map(String::as_str).collect();
    let out = run(&below);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "a limit of {} bytes (27.19 MB) is below the least a solve out of core needs, \
             {K2_MINIMUM} bytes (27.19 MB): the layer group 0,0 (610821 positions)",
            K2_MINIMUM - 1
        )),
        "{err}"
    );
    // Packed bounds fit there, and the refusal says so.
    assert!(
        err.contains(&format!(
            "with --bounds packed (8 bytes a position) it needs {K2_PACKED} bytes (22.29 MB), \
             within the limit"
        )),
        "{err}"
    );
    assert!(err.contains("nothing was written"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        !path.exists() && !partial(&path).exists(),
        "a refusal wrote"
    );

    let args = solve_args(&path, &format!("{K2_MINIMUM}B"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (table, memory_text) = reference();
    assert!(std::fs::read(&path).unwrap() == *table, "the tables differ");
    for label in ["first player wins", "bounds ", "sweeps "] {
        assert_eq!(line(&text, label), line(memory_text, label), "{label}");
    }
    assert!(
        line(&text, "memory ").contains(&format!("out of core within {K2_MINIMUM} bytes")),
        "{text}"
    );
    assert!(
        !partial(&path).exists(),
        "the checkpoint outlived the table"
    );
}

/// A solve out of core killed after its first group and started again with the same command
/// goes on from its files and writes the in-memory solve's table.
#[test]
fn a_killed_out_of_core_solve_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("resumed.values");
    let args = solve_args(&path, "40M");
    common::solve_killed_after_first_layer(&args, &path);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        std::fs::read(&path).unwrap() == reference().0,
        "the tables differ"
    );
}

/// In the library: every finished group's pages are its file's (the process maps the layer
/// file), and the bounds are the in-memory solve's, bit for bit.
#[cfg(target_os = "linux")]
#[test]
fn finished_groups_are_mapped_from_their_files() {
    use boardpath::game::exact::{
        BoundsTable, ChanceGame, Checkpoint, Maedn2, ValueIterationOptions, solve, solve_into,
    };
    use boardpath::jobs::LayerFiles;
    let dir = tempfile::tempdir().unwrap();
    let game = Maedn2::new(1);
    let store = LayerFiles::new(dir.path().join("k1.partial"), "a test".into());
    let options = ValueIterationOptions {
        checkpoint: Some(&store as &dyn Checkpoint),
        ..ValueIterationOptions::default()
    };
    let table = BoundsTable::reserve(game.positions()).unwrap();
    let s = solve_into(&game, table, &options).unwrap();
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let file = store.dir().join("layer-0.bounds");
    assert!(
        maps.lines().any(|l| l.ends_with(file.to_str().unwrap())),
        "{maps}"
    );
    let heap = solve(&game, &ValueIterationOptions::default()).unwrap();
    assert!(s.bounds.iter().zip(heap.bounds.iter()).all(|(a, b)| a == b));
    // Read again from the same files (a resume): mapped again, the same bounds.
    let again = solve_into(
        &game,
        BoundsTable::reserve(game.positions()).unwrap(),
        &options,
    )
    .unwrap();
    assert_eq!(again.bounds.to_vec(), heap.bounds.to_vec());
}

/// `--memory` keeps the finished groups in `--out FILE`'s checkpoint, so it needs `--out`; every
/// limit that is not a size is refused by the parser (exit 2), naming the value and what is
/// valid.
#[test]
fn limits_that_are_not_sizes_or_lack_out_are_refused() {
    let out = run(&["solve-game", "--pieces", "1", "--memory", "1G"]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("so it needs --out FILE"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.values");
    for (value, why) in [
        ("", "empty"),
        ("0", "out of range"),
        ("0B", "out of range"),
        ("-1G", "not a size"),
        ("1X", "not a size"),
        ("1e9", "not a size"),
        ("1.5.2G", "not a size"),
        ("1 G", "not a size"),
        ("18446744073709551616B", "out of range"),
        ("99999999999999999999999T", "out of range"),
    ] {
        for joined in [false, true] {
            let mut args = vec![
                "solve-game".to_string(),
                "--pieces".into(),
                "1".into(),
                "--out".into(),
                path.to_str().unwrap().into(),
            ];
            if joined {
                args.push(format!("--memory={value}"));
            } else {
                args.extend(["--memory".to_string(), value.to_string()]);
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args);
            let err = String::from_utf8_lossy(&out.stderr).to_string();
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.starts_with(&format!(
                    "error: invalid value '{value}' for '--memory <LIMIT>': {why}; valid: a \
                     number and a unit, such as 1G"
                )),
                "{args:?}: {err}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
    assert!(!path.exists() && !partial(&path).exists());
}
