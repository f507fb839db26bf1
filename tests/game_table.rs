//! The certified solve and its value table: bounds that hold and meet, the compact table read
//! back, `solve-game --verify` (a table with one value changed fails at that position), a solve
//! killed mid-run resumed to the same table byte for byte, and damaged tables refused.

mod common;

use boardpath::board::Board;
use boardpath::game::exact::table::{self, SCALE};
use boardpath::game::exact::{
    ChanceGame, Expansion, Maedn2, MoveOutcome, ValueIterationOptions, solve,
};
use common::run;
use std::io::BufReader;

/// The documented values: 1 piece 0.523984914, 2 pieces 0.512198970 (nine decimals).
const K1: f64 = 0.523984914;
const K2: f64 = 0.512198970;

/// The bounds hold around the exact value of a hand-checkable position and meet everywhere;
/// each position's midpoint satisfies the Bellman equation to the gap.
#[test]
fn bounds_hold_and_meet_with_one_piece() {
    let game = Maedn2::new(1);
    let s = solve(&game, &ValueIterationOptions::default()).unwrap();
    let start = game.rank(&game.start());
    let [lo, hi] = s.bounds[start as usize];
    assert!(lo <= hi && hi - lo <= 1e-12, "{lo} {hi}");
    assert!(lo - 5e-10 <= K1 && K1 <= hi + 5e-10, "{lo} {hi}");
    assert!(
        s.bounds
            .iter()
            .all(|&[l, h]| 0.0 <= l && l <= h && h <= 1.0)
    );
    assert!(s.gap() <= 1e-12 && s.residual() <= 1e-12);
    // The mover's piece on track tile 39: rolls 1 to 4 reach a goal tile and win, 5 and 6
    // overshoot the goal and cannot move.
    let mut e = Expansion::default();
    let p = boardpath::game::exact::Position {
        mover: boardpath::game::exact::Side {
            waiting: 0,
            track: 1 << 39,
            goal: 0,
        },
        opponent: boardpath::game::exact::Side {
            waiting: 1,
            track: 0,
            goal: 0,
        },
    };
    game.expand(game.rank(&p), &mut e);
    let wins = (0..6).filter(|&r| e.roll(r) == [MoveOutcome::Win]).count();
    assert_eq!(wins, 4);
}

/// The CLI reports the first player's certified bounds, at most 1e-9 apart, around the
/// documented value, in text and JSON.
/// Positions frozen once their gap is within half the tolerance keep bounds that hold: every
/// position's coarse bounds (tolerance 1e-4, most positions frozen early) contain its value to
/// 1e-13, and the frozen positions are skipped (fewer updates than sweeps times positions).
#[test]
fn frozen_positions_keep_bounds_that_hold() {
    let game = Maedn2::new(1);
    let coarse = ValueIterationOptions {
        tolerance: 1e-4,
        ..ValueIterationOptions::default()
    };
    let fine = ValueIterationOptions {
        tolerance: 1e-13,
        ..ValueIterationOptions::default()
    };
    let (c, f) = (solve(&game, &coarse).unwrap(), solve(&game, &fine).unwrap());
    assert!(c.gap() <= 1e-4 && f.gap() <= 1e-13);
    for (p, (&[lo, hi], &[l, h])) in c.bounds.iter().zip(&f.bounds).enumerate() {
        assert!(
            lo <= l + 1e-15 && h <= hi + 1e-15,
            "position {p}: coarse [{lo}, {hi}] does not hold [{l}, {h}]"
        );
    }
    let positions = game.positions();
    for s in [&c, &f] {
        let every = s.sweeps() * positions;
        assert!(
            s.updates() < every,
            "{} updates, {every} without freezing",
            s.updates()
        );
        assert!(s.updates() >= positions);
    }
    // Finer bounds take more sweeps, but not all of them over every position.
    assert!(f.sweeps() > c.sweeps());
}

#[test]
fn solve_game_reports_certified_bounds() {
    for (pieces, value) in [("1", K1), ("2", K2)] {
        let r = common::json_results(&["solve-game", "--pieces", pieces, "--format", "json"]);
        let (lo, hi) = (
            r["first_player_lower"].as_f64().unwrap(),
            r["first_player_upper"].as_f64().unwrap(),
        );
        let mid = r["first_player_wins"].as_f64().unwrap();
        assert!(lo <= mid && mid <= hi && hi - lo <= 1e-9, "{r}");
        assert!((mid - value).abs() < 5e-10, "{pieces}: {mid}");
        assert!(r["gap"].as_f64().unwrap() <= 1e-10, "{r}");
        for layer in r["layers"].as_array().unwrap() {
            assert!(layer["gap"].as_f64().unwrap() <= 1e-10, "{layer}");
        }
    }
    let text = common::stdout(&["solve-game", "--pieces", "1"]);
    assert!(text.contains("bounds              0.52398491"), "{text}");
}

fn write_table(dir: &std::path::Path, pieces: &str) -> std::path::PathBuf {
    let path = dir.join(format!("k{pieces}.values"));
    let out = run(&[
        "solve-game",
        "--pieces",
        pieces,
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(!dir.join(format!("k{pieces}.values.partial")).exists());
    path
}

/// The table is 4 bytes a position after one header line that says how to read it; read back,
/// every value is the solve's to within the header's error.
#[test]
fn the_table_is_compact_and_self_describing() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_table(dir.path(), "1");
    let bytes = std::fs::read(&path).unwrap();
    let game = Maedn2::new(1);
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    assert_eq!(bytes.len() - newline - 1, 4 * game.positions() as usize);
    let mut reader = BufReader::new(std::fs::File::open(&path).unwrap());
    let (header, len) = table::read_header(&mut reader).unwrap();
    assert_eq!(len, newline + 1);
    assert_eq!(header.format, "boardpath.game-values/2");
    assert_eq!(header.positions, 1641);
    assert_eq!(
        header
            .layers
            .iter()
            .map(|l| (l.home, l.offset, l.positions))
            .collect::<Vec<_>>(),
        vec![([0, 0], 0, 1641)]
    );
    assert!(header.lower <= header.upper && header.upper - header.lower <= 1e-9);
    assert!(header.error <= header.gap / 2.0 + 0.5 / SCALE + 1e-18);
    let values = table::read_values(&mut reader, &header, len).unwrap();
    let s = solve(&game, &ValueIterationOptions::default()).unwrap();
    for (p, v) in values.iter().enumerate() {
        assert!((v - s.value(p as u64)).abs() <= header.error + 1e-12, "{p}");
    }
    // The stored start, read by hand from the bytes: little-endian u32 over 2^32 - 1.
    let start = game.rank(&game.start()) as usize;
    let at = newline + 1 + 4 * start;
    let raw = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert!((f64::from(raw) / 4294967295.0 - K1).abs() < 1e-9);
}

/// `--verify` passes a table as written, and fails a table with one value changed (its checksum
/// put right, as a forger would) at that very position, exit 1, naming it.
#[test]
fn verify_recomputes_every_backup_and_finds_a_changed_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_table(dir.path(), "2");
    let p = path.to_str().unwrap();
    let out = run(&["solve-game", "--verify", p]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{text} {out:?}");
    assert!(text.contains("verdict             verified"), "{text}");
    assert!(text.contains("893565 positions"), "{text}");

    // Change one value (a position deep in the race, rank 700000) and fix the checksum.
    let bytes = std::fs::read(&path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let mut values = bytes[newline + 1..].to_vec();
    let at = 4 * 700_000;
    let old = u32::from_le_bytes(values[at..at + 4].try_into().unwrap());
    let new = if old > u32::MAX / 2 {
        old - (1 << 24)
    } else {
        old + (1 << 24)
    };
    values[at..at + 4].copy_from_slice(&new.to_le_bytes());
    let mut reader = BufReader::new(std::fs::File::open(&path).unwrap());
    let (mut header, _) = table::read_header(&mut reader).unwrap();
    header.values_sha256 = {
        use sha2::Digest;
        sha2::Sha256::digest(&values)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let forged = dir.path().join("forged.values");
    let mut file = Vec::new();
    table::write_header(&mut file, &header).unwrap();
    file.extend_from_slice(&values);
    std::fs::write(&forged, file).unwrap();
    let out = run(&["solve-game", "--verify", forged.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    // The changed position fails first unless a position of lower rank leads to it.
    let first: u64 = err
        .split("position ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(first <= 700_000, "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAILED"));
    let game = Maedn2::new(2);
    let mut e = Expansion::default();
    if first != 700_000 {
        game.expand(first, &mut e);
        assert!(
            e.outcomes
                .iter()
                .any(|o| matches!(o, MoveOutcome::Same(700_000) | MoveOutcome::Flip(700_000))),
            "{err}"
        );
    }
}

/// Damaged tables are refused with what they hold and what was expected, and nothing is
/// written: truncated, another format version, a changed byte (checksum), another game.
#[test]
fn damaged_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_table(dir.path(), "1");
    let bytes = std::fs::read(&path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let header = String::from_utf8(bytes[..newline].to_vec()).unwrap();
    let refused = |name: &str, contents: Vec<u8>, want: &str| {
        let f = dir.path().join(name);
        std::fs::write(&f, &contents).unwrap();
        for args in [
            vec!["solve-game", "--verify", f.to_str().unwrap()],
            vec![
                "play",
                "--pieces",
                "1",
                "--games",
                "1",
                "--policy",
                &format!("optimal:{}", f.display()),
            ],
        ] {
            let out = run(&args);
            let err = String::from_utf8_lossy(&out.stderr).to_string();
            assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {err}");
            assert!(err.contains(want), "{name} {args:?}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
        assert_eq!(std::fs::read(&f).unwrap(), contents, "{name} was changed");
    };
    refused(
        "short",
        bytes[..bytes.len() - 6].to_vec(),
        "ends after 1639 of 1641 values",
    );
    let mut long = bytes.clone();
    long.extend_from_slice(&[0; 4]);
    refused(
        "long",
        long,
        "more than the 1641 values the header promises",
    );
    let mut v1 = header
        .replace("boardpath.game-values/2", "boardpath.game-values/1")
        .into_bytes();
    v1.extend_from_slice(&bytes[newline..]);
    refused(
        "v1",
        v1,
        "format \"boardpath.game-values/1\", but this build reads \"boardpath.game-values/2\"",
    );
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    refused("flipped", flipped, "the table is corrupted");
    let mut other = header
        .replace("\"rules\":\"openspiel\"", "\"rules\":\"ludo\"")
        .into_bytes();
    other.extend_from_slice(&bytes[newline..]);
    refused("rules", other, "ludo");
    refused("empty", Vec::new(), "no header line");
}

/// A solve killed after its first layer and started again with the same command goes on from
/// the checkpoint and writes the same table, byte for byte.
#[test]
fn a_killed_solve_resumes_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let whole = std::fs::read(write_table(dir.path(), "2")).unwrap();
    let path = dir.path().join("resumed.values");
    let partial = common::partial(&path);
    let args = [
        "solve-game",
        "--pieces",
        "2",
        "--out",
        path.to_str().unwrap(),
    ];
    common::solve_killed_after_first_layer(&args, &path);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&path).unwrap(), whole);
    assert!(!partial.exists(), "the checkpoint outlived the table");

    // A checkpoint of another solve is refused, not used; so is one of the first format (its
    // bounds right after the header, not page-aligned), whatever its solve.
    let board = Board::load("maedn").unwrap();
    std::fs::create_dir_all(&partial).unwrap();
    for (version, data_offset, says) in [
        (
            2,
            ",\"data_offset\":65536",
            "holds a layer of another solve",
        ),
        (
            1,
            "",
            "holds a layer in checkpoint format \"boardpath.game-checkpoint/1\", and this \
             version reads \"boardpath.game-checkpoint/2\" only",
        ),
    ] {
        std::fs::write(
            partial.join("layer-0.bounds"),
            format!(
                "{{\"format\":\"boardpath.game-checkpoint/{version}\",\"solve\":\"board {} \
                 rules ludo pieces 2 gap 1e-10\",\"index\":0,\"start\":0,\"end\":1,\"sweeps\":1,\
                 \"gap\":0,\"residual\":0,\"seconds\":0{data_offset},\"sha256\":\"\"}}\n",
                board.sha256
            ),
        )
        .unwrap();
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(says), "{err}");
        assert!(!path.exists() || std::fs::read(&path).unwrap() == whole);
    }
}
