//! `--plot FILE.svg` on `compare` and `sweep`: each chart parsed as XML and read back, its legend,
//! labels and bars or lines checked against the numbers the run computed.

mod common;

use common::{json_results, run, stdout};
use std::path::Path;

/// A rectangle of the SVG.
#[derive(Debug)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    fill: String,
    stroke: String,
}

/// What a chart is made of.
struct Chart {
    /// Every text, with its position.
    texts: Vec<(f64, f64, String)>,
    rects: Vec<Rect>,
    /// Stroke colour and points of every line.
    lines: Vec<(String, Vec<(f64, f64)>)>,
}

fn num(n: roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).unwrap_or("0").parse().unwrap()
}

fn read(path: &Path) -> Chart {
    let text = std::fs::read_to_string(path).expect("the plot was written");
    let doc = roxmltree::Document::parse(&text).expect("the plot is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let attr = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap_or("").to_string();
    let mut chart = Chart {
        texts: Vec::new(),
        rects: Vec::new(),
        lines: Vec::new(),
    };
    for n in doc.descendants().filter(|n| n.is_element()) {
        match n.tag_name().name() {
            "text" => chart.texts.push((
                num(n, "x"),
                num(n, "y"),
                n.text().unwrap_or("").trim().to_string(),
            )),
            "rect" => chart.rects.push(Rect {
                x: num(n, "x"),
                y: num(n, "y"),
                w: num(n, "width"),
                h: num(n, "height"),
                fill: attr(n, "fill"),
                stroke: attr(n, "stroke"),
            }),
            "polyline" => {
                let points = attr(n, "points")
                    .split_whitespace()
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                chart.lines.push((attr(n, "stroke"), points));
            }
            _ => {}
        }
    }
    chart
}

impl Chart {
    fn has_text(&self, t: &str) -> bool {
        self.texts.iter().any(|(_, _, s)| s == t)
    }

    /// The legend: each swatch's colour with the label beside it, top down.
    fn legend(&self) -> Vec<(String, String)> {
        let mut swatches: Vec<&Rect> = self
            .rects
            .iter()
            .filter(|r| r.w == 16.0 && r.h == 12.0)
            .collect();
        swatches.sort_by(|a, b| a.y.total_cmp(&b.y));
        swatches
            .iter()
            .map(|s| {
                let label = self
                    .texts
                    .iter()
                    .find(|(x, y, _)| *x > s.x && (*y - s.y).abs() < 12.0)
                    .map(|(_, _, t)| t.clone())
                    .unwrap_or_default();
                (s.fill.clone(), label)
            })
            .collect()
    }

    /// The colour of `method` in the legend.
    fn colour(&self, method: &str) -> String {
        self.legend()
            .into_iter()
            .find(|(_, m)| m == method)
            .unwrap_or_else(|| panic!("{method} is not in the legend"))
            .0
    }

    /// The bars of `method`, top down: filled, or outlined in its colour.
    fn bars(&self, method: &str) -> Vec<&Rect> {
        let c = self.colour(method);
        let mut bars: Vec<&Rect> = self
            .rects
            .iter()
            .filter(|r| (r.fill == c || r.stroke == c) && !(r.w == 16.0 && r.h == 12.0))
            .collect();
        bars.sort_by(|a, b| a.y.total_cmp(&b.y));
        bars
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * b.abs()
}

#[test]
fn a_rule_sweep_draws_length_per_variant_and_method() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("metrics.svg");
    stdout(&[
        "sweep",
        "maedn",
        "--metric",
        "euclidean,manhattan,chebyshev",
        "--method",
        "dp/step,bfs/step",
        "--repeat",
        "1",
        "--plot",
        path.to_str().unwrap(),
    ]);
    let chart = read(&path);
    assert!(chart.has_text("maedn: Length per method, grouped by rule variant"));
    assert!(chart.has_text("length (units)"));
    let methods: Vec<String> = chart.legend().into_iter().map(|(_, m)| m).collect();
    assert_eq!(methods, ["dp/step", "bfs/step"]);
    // The groups, top down, labelled by the metric alone (board and player do not vary).
    let group_y = |g: &str| {
        chart
            .texts
            .iter()
            .find(|(_, _, t)| t == g)
            .unwrap_or_else(|| panic!("no group {g}"))
            .1
    };
    let ys: Vec<f64> = ["euclidean", "manhattan", "chebyshev"]
        .map(group_y)
        .to_vec();
    assert!(ys.windows(2).all(|w| w[0] < w[1]), "{ys:?}");
    // Bars from zero: widths in proportion to the lengths.
    let dp = chart.bars("dp/step");
    let bfs = chart.bars("bfs/step");
    assert_eq!((dp.len(), bfs.len()), (3, 3));
    assert!(
        dp.iter().chain(&bfs).all(|b| b.x == dp[0].x),
        "one baseline"
    );
    for (bars, lengths) in [
        (&dp, [83047.0, 103700.0, 71400.0]),
        (&bfs, [103518.0, 132600.0, 94350.0]),
    ] {
        for (b, len) in bars.iter().zip(lengths) {
            assert!(close(b.w / dp[0].w, len / 83047.0, 0.01), "{b:?} for {len}");
        }
    }
}

#[test]
fn the_paper_s_search_draws_nodes_per_bound_on_a_log_scale() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nodes.svg");
    let methods = "bnb-exact/bitboard,bnb/bitboard,bnb-listing/bitboard,bnb-none/bitboard";
    stdout(&[
        "compare",
        "maedn",
        "--method",
        methods,
        "--budget",
        "20000000",
        "--repeat",
        "1",
        "--plot",
        path.to_str().unwrap(),
    ]);
    let chart = read(&path);
    assert!(chart.has_text("Nodes expanded per method, grouped by board"));
    assert!(chart.has_text("nodes expanded, log scale (outlined: gave up at the node budget)"));
    assert!(chart.has_text("maedn"));
    let legend: Vec<String> = chart.legend().into_iter().map(|(_, m)| m).collect();
    assert_eq!(legend, methods.split(',').collect::<Vec<_>>());
    let bar = |m: &str| {
        let bars = chart.bars(m);
        assert_eq!(bars.len(), 1, "{m}");
        bars[0]
    };
    let none = bar("bnb-none/bitboard");
    assert_eq!(
        none.fill, "none",
        "the search without a bound gave up: outlined"
    );
    assert_eq!(
        bar("bnb-exact/bitboard").fill,
        chart.colour("bnb-exact/bitboard")
    );
    // Log scale: widths differ by the logarithms of the node counts.
    let (exact, bnb, listing) = (
        bar("bnb-exact/bitboard").w,
        bar("bnb/bitboard").w,
        bar("bnb-listing/bitboard").w,
    );
    let ln = |a: f64, b: f64| (a / b).ln();
    let scale = (listing - exact) / ln(18_526_851.0, 877.0);
    assert!(close(bnb - exact, scale * ln(172.0, 877.0), 0.02));
    assert!(close(none.w - exact, scale * ln(20_000_000.0, 877.0), 0.02));
}

#[test]
fn boards_of_different_sizes_draw_time_against_tiles_log_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut boards = Vec::new();
    for tiles in ["100", "1000", "10000"] {
        let file = dir.path().join(format!("tiles-{tiles}.toml"));
        let file = file.to_str().unwrap().to_string();
        stdout(&[
            "generate",
            "--tiles",
            tiles,
            "--players",
            "1",
            "--seed",
            "1",
            "-o",
            &file,
        ]);
        boards.push(file);
    }
    let path = dir.path().join("scaling.svg");
    let path = path.to_str().unwrap();
    let mut args = vec!["sweep"];
    args.extend(boards.iter().map(String::as_str));
    args.extend([
        "--method",
        "dp/step,bit-bfs/step",
        "--repeat",
        "1",
        "--plot",
        path,
        "--format",
        "json",
    ]);
    let results = json_results(&args);
    let chart = read(Path::new(path));
    assert!(chart.has_text("Time per run against track tiles"));
    assert!(chart.has_text("track tiles (log scale)"));
    assert!(chart.has_text("time per run, median (log scale)"));
    assert!(chart.has_text("1,000") && chart.has_text("10,000"));
    let legend = chart.legend();
    let names: Vec<&str> = legend.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(names, ["dp/step", "bit-bfs/step"]);
    // Every point as (the logarithm of its run's measured time, its height).
    let mut points: Vec<(f64, f64)> = Vec::new();
    for (colour, method) in &legend {
        let lines: Vec<&Vec<(f64, f64)>> = chart
            .lines
            .iter()
            .filter(|(c, _)| c == colour)
            .map(|(_, p)| p)
            .collect();
        assert_eq!(lines.len(), 1, "{method}");
        let xs: Vec<f64> = lines[0].iter().map(|p| p.0).collect();
        assert_eq!(xs.len(), 3, "{method}: a point per board");
        // 100, 1,000, 10,000 tiles: equal steps on a log axis.
        let (a, b) = (xs[1] - xs[0], xs[2] - xs[1]);
        assert!(a > 100.0 && (a - b).abs() <= 2.0, "{method}: {xs:?}");
        for (board, point) in boards.iter().zip(lines[0]) {
            let row = results["rows"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["board"] == board.as_str() && r["method"] == method.as_str())
                .unwrap_or_else(|| panic!("no row of {method} on {board}"));
            points.push((row["time"]["median_ns"].as_f64().unwrap().ln(), point.1));
        }
    }
    // Each point stands at the time its run measured (this run's own, whatever the machine and
    // the load beside it made them) on one log axis for every line: between the quickest point
    // and the slowest, in proportion to the logarithm, higher for longer (y grows downwards), to
    // a pixel's rounding at each end.
    let by_time = |a: &&(f64, f64), b: &&(f64, f64)| a.0.total_cmp(&b.0);
    let quickest = *points.iter().min_by(by_time).unwrap();
    let slowest = *points.iter().max_by(by_time).unwrap();
    assert!(slowest.1 <= quickest.1 + 1.0, "{points:?}");
    for &(time, y) in &points {
        let along = if slowest.0 > quickest.0 {
            (time - quickest.0) / (slowest.0 - quickest.0)
        } else {
            0.0
        };
        let expected = quickest.1 + along * (slowest.1 - quickest.1);
        assert!((y - expected).abs() <= 2.0, "{points:?}");
    }
    // The same rows as a length chart when asked for.
    args.extend(["--chart", "length"]);
    stdout(&args);
    let chart = read(Path::new(path));
    assert!(chart.has_text("Length per method, grouped by board"));
    assert!(chart.has_text(&boards[2]));
    assert_eq!(chart.bars("dp/step").len(), 3);
}

#[test]
fn nothing_to_draw_is_an_error_after_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.svg");
    let out = run(&[
        "sweep",
        "maedn",
        "--die",
        "7-8",
        "--method",
        "dp/step",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot draw the plot: no run has a value to draw on the length chart"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("invalid"));
    assert!(!path.exists());
}

/// The chart's name chooses its format: `.svg` as SVG, `.png` as a real PNG, anything else is
/// refused before any work.
#[test]
fn plot_names_end_in_svg_or_png() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("cmp.PNG");
    let out = run(&[
        "compare",
        "maedn",
        "--method",
        "dp/step,bfs/step",
        "--repeat",
        "1",
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    for command in ["compare", "dice"] {
        let out = run(&[command, "maedn", "--plot", "cmp.jpg"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("\"cmp.jpg\": the chart's file name must end in .svg or .png (that chooses the format), e.g. chart.svg"),
            "{err}"
        );
    }
}

/// The table says what each method minimises, and a run that gave up says whose figure it shows.
#[test]
fn the_table_names_the_objective_and_whose_figure_a_give_up_shows() {
    let table = stdout(&[
        "compare",
        "maedn",
        "--player",
        "green",
        "--method",
        "dp/step,bfs/step,bnb-none/bitboard",
        "--budget",
        "100000",
        "--repeat",
        "1",
    ]);
    let lines: Vec<&str> = table.lines().collect();
    let heading: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        &heading[..5],
        ["board", "player", "method", "minimises", "exact"]
    );
    let cells = |method: &str| -> Vec<String> {
        let line = lines.iter().find(|l| l.contains(method)).unwrap();
        line.split_whitespace().map(String::from).collect()
    };
    assert_eq!(cells("dp/step")[3..7], ["length", "yes", "83047", "yes"]);
    assert_eq!(cells("bfs/step")[3..5], ["rolls", "yes"]);
    let gave_up = lines.iter().find(|l| l.contains("bnb-none")).unwrap();
    assert!(
        gave_up.contains(
            "gave up after 100,000 nodes (--budget); piece 1 alone, not the total: best so far"
        ),
        "{gave_up}"
    );
}
