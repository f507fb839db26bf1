//! Big boards stay linear: node counts of the searches that used to blow up, pinned on a
//! 100,000-tile track, and the peak memory of the default `solve` of a 1,000,000-tile board and of
//! boards with thousands of pieces, read from the release binary as a whole process
//! (`/usr/bin/time -f %M`).

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

/// What a run of the release binary under `/usr/bin/time` reports.
struct Timed {
    /// Peak resident memory in KB.
    kb: u64,
    /// Exit code.
    code: Option<i32>,
    /// Standard error, the time's line included.
    stderr: String,
}

/// Runs the binary with `args` under `/usr/bin/time`, its standard output sent to the file
/// `stdout` (or kept); `None` (said loudly, and refused on CI) where `/usr/bin/time` is missing.
fn timed(args: &[&str], stdout: Option<&Path>) -> Option<Timed> {
    if !Path::new("/usr/bin/time").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "/usr/bin/time is needed on CI (apt-get install time)"
        );
        eprintln!("SKIPPED: /usr/bin/time is missing, the peak memory of {args:?} is not checked");
        return None;
    }
    let mut command = Command::new("/usr/bin/time");
    command.args(["-f", "peak-kb %M"]).arg(BIN).args(args);
    if let Some(path) = stdout {
        command.stdout(std::fs::File::create(path).unwrap());
    }
    let out = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let kb = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak-kb "))
        .unwrap_or_else(|| panic!("{args:?}: no peak in {stderr}"))
        .trim()
        .parse()
        .unwrap();
    Some(Timed {
        kb,
        code: out.status.code(),
        stderr,
    })
}

/// Peak resident memory in KB of a successful run of the binary with `args` (see [`timed`]).
fn peak_kb(args: &[&str]) -> Option<u64> {
    let run = timed(args, None)?;
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    Some(run.kb)
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
        return;
    };
    assert!(kb <= 300 * 1024, "solve took {kb} KB, more than 300 MB");
}

/// A board of one player with `pieces` pieces on the default 40-tile track (`slots` goal with
/// moves in the goal, as `generate` writes it: the piece for the deepest of n goal tiles walks
/// through all of them, so the paths add up to about n^2/12 moves).
fn many_pieces(pieces: usize) -> String {
    generate(&GenerateOptions {
        tiles: 40,
        players: 1,
        pieces,
        faces: 6,
        seed: 0,
        vary_rules: false,
    })
}

/// Peak resident memory in KB of a successful run of the binary with `args`, its standard output
/// sent to the file `stdout` (see [`timed`]).
fn peak_kb_to(args: &[&str], stdout: &Path) -> Option<u64> {
    let run = timed(args, Some(stdout))?;
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    Some(run.kb)
}

/// `render` of 1,000 pieces to SVG writes 48,800,116 bytes (114,164 moves drawn), streamed to the
/// file as it is drawn: at most 100 MB for the whole process, solve included (36 MB measured;
/// 425 MB when the SVG was built in memory).
#[test]
fn render_of_1000_pieces_streams_its_svg() {
    if cfg!(debug_assertions) {
        eprintln!("skipping the 1,000-piece render in a debug build; run cargo test --release");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("pieces.toml");
    std::fs::write(&board, many_pieces(1000)).unwrap();
    let svg = dir.path().join("pieces.svg");
    let kb = peak_kb_to(
        &[
            "render",
            board.to_str().unwrap(),
            "-o",
            svg.to_str().unwrap(),
        ],
        &dir.path().join("stdout"),
    );
    let bytes = std::fs::metadata(&svg).unwrap().len();
    assert_eq!(bytes, 48_800_116);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<line class=\"move\"").count(), 113_164);
    assert_eq!(text.matches("<line class=\"enter\"").count(), 1000);
    assert!(text.ends_with("</svg>\n"));
    if let Some(kb) = kb {
        assert!(kb <= 100 * 1024, "render took {kb} KB, more than 100 MB");
    }
}

/// A PNG (rasterised from SVG held in memory) of 2,000 pieces' moves is refused up front, naming
/// the bound, and nothing is written.
#[test]
fn png_of_too_many_moves_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("pieces.toml");
    std::fs::write(&board, many_pieces(2000)).unwrap();
    for name in ["x.png", "x.html"] {
        let out = dir.path().join(name);
        let run = Command::new(BIN)
            .args([
                "render",
                board.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{name}: {err}");
        assert!(
            err.contains("the picture draws 448998 moves") && err.contains("at most 200000"),
            "{name}: {err}"
        );
        assert!(!out.exists(), "{name}");
    }
}

/// `solve --format json` of 1,000 pieces: 29 MB of JSON (a stop per move, each with its place on
/// the board), streamed: at most 60 MB for the whole process. Built as a `serde_json::Value` and
/// then a string it took about 7 times the JSON (issue 21: killed at 24 GB with 10,000 pieces).
#[test]
fn solve_json_of_1000_pieces_streams() {
    if cfg!(debug_assertions) {
        eprintln!("skipping the 1,000-piece solve in a debug build; run cargo test --release");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("pieces.toml");
    std::fs::write(&board, many_pieces(1000)).unwrap();
    let json = dir.path().join("out.json");
    let kb = peak_kb_to(
        &["solve", board.to_str().unwrap(), "--format", "json"],
        &json,
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let pieces = doc["results"][0]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 1000);
    let stops: usize = pieces
        .iter()
        .map(|p| p["stops"].as_array().unwrap().len())
        .sum();
    let steps: usize = pieces
        .iter()
        .map(|p| p["steps"].as_array().unwrap().len())
        .sum();
    assert_eq!(stops, steps);
    if let Some(kb) = kb {
        assert!(kb <= 60 * 1024, "solve took {kb} KB, more than 60 MB");
    }
}

/// `solve --format json` of 3,000 pieces (244 MB of JSON) makes each piece's path
/// as it writes it: at most 16 MB for the whole process (7.7 MB measured; 53 MB when every path
/// was held until the document was written).
#[test]
fn solve_json_of_3000_pieces_holds_no_path() {
    if cfg!(debug_assertions) {
        eprintln!("skipping the 3,000-piece solve in a debug build; run cargo test --release");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("pieces.toml");
    std::fs::write(&board, many_pieces(3000)).unwrap();
    let args = ["solve", board.to_str().unwrap(), "--format", "json"];
    if let Some(kb) = peak_kb_to(&args, Path::new("/dev/null")) {
        assert!(kb <= 16 * 1024, "solve took {kb} KB, more than 16 MB");
    }
}

/// `solve` of 2,000 pieces as text: 4,157,033 bytes listing 446,998 rolls, each piece's path read
/// off one shared search as its row is written: at most 16 MB for the whole process (7.6 MB
/// measured; 27 MB when every piece was searched on its own, its goal tiles filled listed per
/// piece, and the text built in memory: 601 MB for 10,000 pieces). The node count is what each
/// piece's own search expands, as before.
#[test]
fn solve_text_of_2000_pieces_streams() {
    if cfg!(debug_assertions) {
        eprintln!("skipping the 2,000-piece solve in a debug build; run cargo test --release");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("pieces.toml");
    std::fs::write(&board, many_pieces(2000)).unwrap();
    let out = dir.path().join("out.txt");
    let kb = peak_kb_to(&["solve", board.to_str().unwrap()], &out);
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.len(), 4_157_033);
    assert!(text.contains("petgraph-dijkstra), 2,078,996 nodes\n"));
    assert!(text.ends_with("total        402545305  units\n"));
    // A piece's row: number, goal, length, moves, rolls.
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[0].parse::<usize>().is_ok())
        .collect();
    assert_eq!(rows.len(), 2000);
    let moves: usize = rows.iter().map(|w| w[3].parse::<usize>().unwrap()).sum();
    assert_eq!(moves, rows.iter().map(|w| w.len() - 4).sum::<usize>());
    assert_eq!(moves, 446_998);
    if let Some(kb) = kb {
        assert!(kb <= 16 * 1024, "solve took {kb} KB, more than 16 MB");
    }
}

/// However a file under the 64 MiB limit is written, loading it takes at most 10 times its size
/// in memory: `toml` (about 30 to 560 bytes of memory a byte of text) is given only what it may
/// parse within that, and the arrays of positions are read directly. Each of these 24 MB files
/// took 36 to 250 times its size before (an array of numbers 80 times: 1.9 GB).
#[test]
fn a_file_of_any_shape_loads_in_ten_times_its_size() {
    const SIZE: usize = 24 << 20;
    let repeat = |unit: &str| unit.repeat(SIZE / unit.len());
    let lines = |f: &dyn Fn(usize) -> String| {
        let mut text = String::with_capacity(SIZE + 64);
        let mut i = 0;
        while text.len() < SIZE {
            text.push_str(&f(i));
            i += 1;
        }
        text
    };
    let cases: [(&str, String, &str); 6] = [
        (
            "numbers",
            format!("a = [{}]\n", repeat("1,")),
            "bytes of TOML besides the arrays",
        ),
        (
            "tables",
            format!("a = [{}]\n", repeat("{},")),
            "bytes of TOML besides the arrays",
        ),
        (
            "string",
            format!("a = \"{}\"\n", repeat("x")),
            "bytes of TOML besides the arrays",
        ),
        (
            "keys",
            lines(&|i| format!("k{i} = 1\n")),
            "1:1: unknown field `k0`",
        ),
        (
            "dotted headers",
            lines(&|i| format!("[{i:x}.b.c]\n")),
            "1:2: unknown field `0`",
        ),
        ("junk", repeat("ab cd ef gh\n"), "1:4: key with no value"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, text, expect) in cases {
        let path = dir.path().join("hostile.toml");
        std::fs::write(&path, &text).unwrap();
        let Some(Timed {
            kb,
            code,
            stderr: err,
        }) = timed(&["validate", path.to_str().unwrap()], None)
        else {
            return;
        };
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(err.contains(expect), "{name}: {err}");
        let limit = 10 * text.len() as u64 / 1024;
        assert!(kb <= limit, "{name}: {kb} KB for {} bytes", text.len());
    }
}
