//! Packed bounds (`solve-game --bounds packed`, [`Packed`]): 8 bytes a position instead of 16,
//! rounded outward, so the bounds still hold. Every position's packed bounds meet its f64 bounds
//! (both hold the true value), the value table agrees with the f64 solve's within the bounds, a
//! packed solve out of core at its least resumes after a kill and writes the same table, and a
//! checkpoint of the other encoding or a tolerance finer than the encoding reaches is refused.

mod common;

use boardpath::game::exact::{
    BoundsTable, ChanceGame, GameSolveError, Maedn2, Packed, Slot, ValueIterationOptions, solve,
    solve_into,
};
use common::{partial, run};
use std::path::Path;

/// Every position's packed interval meets its f64 interval, the packed gaps are within the
/// tolerance, and the sweeps are the f64 solve's or close (the outward rounding widens a gap by
/// a few parts in 10^4 an update).
#[test]
fn packed_bounds_hold_the_values_of_the_f64_solve() {
    let game = Maedn2::new(2);
    let options = ValueIterationOptions::<Packed> {
        tolerance: 1e-10,
        ..ValueIterationOptions::default()
    };
    let packed = solve_into(&game, BoundsTable::unknown(game.positions()), &options).unwrap();
    let exact = solve(
        &game,
        &ValueIterationOptions {
            tolerance: 1e-10,
            ..ValueIterationOptions::default()
        },
    )
    .unwrap();
    let mut widest = 0.0f64;
    for p in 0..game.positions() {
        let [lo, hi] = packed.bounds_of(p);
        let [l, h] = exact.bounds[p as usize];
        assert!(
            lo <= h && l <= hi,
            "position {p}: packed [{lo}, {hi}] and f64 [{l}, {h}] do not meet"
        );
        assert!(hi - lo <= 1e-10, "position {p}: gap {}", hi - lo);
        widest = widest.max(hi - lo);
    }
    assert!(widest > 0.0);
    assert!(packed.gap() <= 1e-10 && packed.gap() == widest);
    // The start: 0.512198970 to nine decimals, as with f64 bounds.
    let start = game.rank(&game.start());
    assert_eq!(format!("{:.9}", packed.value(start)), "0.512198970");
    assert_eq!(packed.layers.len(), exact.layers.len());
    for (a, b) in packed.layers.iter().zip(&exact.layers) {
        assert!(
            a.sweeps.abs_diff(b.sweeps) <= 2,
            "{} against {}",
            a.sweeps,
            b.sweeps
        );
    }
}

/// The packed encoding cannot reach `1e-12` (its finest is `1e-11`): refused before anything is
/// solved, naming both.
#[test]
fn a_tolerance_finer_than_packed_bounds_reach_is_refused() {
    let game = Maedn2::new(1);
    for tolerance in [1e-12, 0.0, f64::NAN, -1.0] {
        let options = ValueIterationOptions::<Packed> {
            tolerance,
            ..ValueIterationOptions::default()
        };
        let e = solve_into(&game, BoundsTable::unknown(game.positions()), &options).unwrap_err();
        assert!(
            matches!(e, GameSolveError::ToleranceTooFine { finest, encoding: "packed", .. } if finest == Packed::FINEST),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .contains("finer than bounds stored packed reach"),
            "{e}"
        );
    }
}

fn args(path: &Path, extra: &[&str]) -> Vec<String> {
    [
        "solve-game",
        "--pieces",
        "2",
        "--out",
        path.to_str().unwrap(),
    ]
    .iter()
    .chain(extra)
    .map(|s| s.to_string())
    .collect()
}

fn solve_to(path: &Path, extra: &[&str]) -> String {
    let a = args(path, extra);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let out = run(&a);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The values of a table file (after its header line).
fn values(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).unwrap();
    let start = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes[start..]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The packed table verifies and agrees with the f64 table within a unit or two of its last
/// place (each is within its header's `error` of the true value); out of core at the least it
/// needs, a packed solve killed after its first group resumes and writes the same table byte for
/// byte as the packed solve in memory; a packed resume refuses f64 layer files, naming both.
#[test]
fn packed_tables_verify_agree_and_resume_out_of_core() {
    let dir = tempfile::tempdir().unwrap();
    let f64_table = dir.path().join("f64.values");
    let packed = dir.path().join("packed.values");
    solve_to(&f64_table, &[]);
    let text = solve_to(&packed, &["--bounds", "packed"]);
    assert!(
        text.contains("bounds 7148520 bytes (packed, 8 bytes a position)"),
        "{text}"
    );
    assert!(text.contains("first player wins   0.512198970"), "{text}");
    let out = run(&["solve-game", "--verify", packed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (a, b) = (values(&f64_table), values(&packed));
    assert_eq!(a.len(), 893_565);
    let most = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
    assert!(most <= 2, "the tables differ by {most} units");

    // Out of core at its least, killed after the first group, then resumed.
    let least = boardpath::jobs::out_of_core_need(2, boardpath::jobs::BoundsEncoding::Packed)
        .0
        .bytes;
    let ooc = dir.path().join("ooc.values");
    let limit = format!("{least}B");
    let a = args(&ooc, &["--bounds", "packed", "--memory", &limit]);
    common::solve_killed_after_first_layer(&a, &ooc);
    // Nothing but layer files is left: the sweep order's file never has a name (O_TMPFILE).
    for entry in std::fs::read_dir(partial(&ooc)).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name.starts_with("layer-") || name.starts_with(".layer-"),
            "{name}"
        );
    }
    // The f64 solve does not take the packed layers.
    let f64_args = args(&ooc, &[]);
    let f64_args: Vec<&str> = f64_args.iter().map(String::as_str).collect();
    let out = run(&f64_args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("holds a layer of another solve"), "{err}");
    assert!(!ooc.exists());
    let text = solve_to(&ooc, &["--bounds", "packed", "--memory", &limit]);
    assert!(
        text.contains(&format!("out of core within {least} bytes")),
        "{text}"
    );
    assert!(
        std::fs::read(&ooc).unwrap() == std::fs::read(&packed).unwrap(),
        "the resumed packed table differs from the packed table solved in memory"
    );
    assert!(!partial(&ooc).exists(), "the checkpoint outlived the table");
}

/// A layer file of the other encoding, under the same solve's name, is refused with both named
/// (the library's check, below the job's solve name).
#[test]
fn a_layer_file_of_the_other_encoding_is_refused() {
    use boardpath::game::exact::Checkpoint;
    use boardpath::jobs::LayerFiles;
    let dir = tempfile::tempdir().unwrap();
    let game = Maedn2::new(1);
    let store = LayerFiles::new(dir.path().join("k1.partial"), "one solve".into());
    let options = ValueIterationOptions {
        tolerance: 1e-10,
        checkpoint: Some(&store as &dyn Checkpoint),
        ..ValueIterationOptions::default()
    };
    solve_into(&game, BoundsTable::unknown(game.positions()), &options).unwrap();
    let packed = ValueIterationOptions::<Packed> {
        tolerance: 1e-10,
        checkpoint: Some(&store as &dyn Checkpoint<Packed>),
        ..ValueIterationOptions::default()
    };
    let e = solve_into(&game, BoundsTable::unknown(game.positions()), &packed).unwrap_err();
    let GameSolveError::Checkpoint(what) = e else {
        panic!("{e:?}")
    };
    assert!(
        what.contains("holds bounds stored \"f64 pair\", and this solve stores them \"packed\""),
        "{what}"
    );
    // The refusal came before anything was solved: the layer file is the f64 one still.
    let header = std::fs::read(store.dir().join("layer-0.bounds")).unwrap();
    let line = &header[..header.iter().position(|&b| b == b'\n').unwrap()];
    let line = String::from_utf8_lossy(line);
    assert!(line.contains("\"encoding\":\"f64 pair\""), "{line}");
    assert_eq!(<[f64; 2] as Slot>::NAME, "f64 pair");
}
