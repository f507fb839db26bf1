//! Pictures: the SVG's structure, the PNG's pixels, determinism, and errors, through the library and
//! the real binary.

use boardpath::board::{Board, embedded};
use boardpath::race::step_positions;
use boardpath::render::{self, ImageFormat, RenderError, Request, View, palette, solved};
use boardpath::solve::{self as solver, DEFAULT_BUDGET, Method, Solved};
use resvg::tiny_skia::Pixmap;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// The method whose answers the pictures draw: `solve`'s and `render`'s default.
const METHOD: &str = "petgraph-dijkstra/graph";

/// Player `player` of `board` solved with [`METHOD`].
fn solve(board: &Board, player: usize) -> Solved {
    solver::solve(board, player, Method::find(METHOD).unwrap(), DEFAULT_BUDGET)
        .unwrap_or_else(|e| panic!("{} player {player}: {e}", board.name))
}

/// Player `player`'s solution as the pictures show it.
fn summary(board: &Board, player: usize) -> solved::SolutionSummary {
    solved::summary(board, player, &solve(board, player)).unwrap()
}

/// A request to draw `players` with their solutions; the other fields default.
fn draw(board: &Board, players: Vec<usize>) -> Request {
    Request {
        solutions: players.iter().map(|&p| solve(board, p)).collect(),
        players,
        ..Request::default()
    }
}

fn svg(board: &Board, request: &Request) -> String {
    render::svg(board, request).unwrap_or_else(|e| panic!("{}: {e}", board.name))
}

fn has_class(n: &roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

/// Elements `tag` with class `class`.
fn count(doc: &roxmltree::Document, tag: &str, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && has_class(n, class))
        .count()
}

fn attr(n: &roxmltree::Node, name: &str) -> f64 {
    n.attribute(name).unwrap().parse().unwrap()
}

/// The moves drawn for `pieces` of a solution: pieces with identical paths share one drawing.
fn distinct_moves(s: &solved::SolutionSummary, pieces: &[usize]) -> usize {
    let mut seen: Vec<&Vec<usize>> = Vec::new();
    let mut moves = 0;
    for &k in pieces {
        let p = &s.pieces[k];
        if !seen.contains(&&p.steps) {
            seen.push(&p.steps);
            moves += p.rolls.len();
        }
    }
    moves
}

#[test]
fn every_board_and_player_draws_each_tile_once_and_each_move() {
    for (name, _) in embedded::BOARDS {
        let board = Board::load(name).unwrap();
        for p in 0..board.players.len() {
            let s = summary(&board, p);
            let all: Vec<usize> = (0..s.pieces.len()).collect();
            for piece in [None, Some(1), Some(s.pieces.len())] {
                let text = svg(
                    &board,
                    &Request {
                        piece,
                        ..draw(&board, vec![p])
                    },
                );
                let doc = roxmltree::Document::parse(&text).unwrap();
                let what = format!("{name}, player {p}, piece {piece:?}");
                assert_eq!(count(&doc, "circle", "tile"), board.tile_count(), "{what}");
                let chosen = piece.map_or(all.clone(), |n| vec![n - 1]);
                assert_eq!(
                    count(&doc, "line", "move"),
                    distinct_moves(&s, &chosen),
                    "{what}"
                );
                assert_eq!(count(&doc, "line", "enter"), chosen.len(), "{what}");
                // One arrowhead per drawn line.
                assert_eq!(
                    count(&doc, "polygon", "arrowhead"),
                    count(&doc, "line", "move") + chosen.len(),
                    "{what}"
                );
                // The legend states the numbers the solver computed.
                assert!(
                    text.contains(&format!("total: {} {}", s.total, s.unit)),
                    "{what}"
                );
                for &k in &chosen {
                    assert!(text.contains(&s.pieces[k].length), "{what}");
                }
            }
        }
        // Every player: one panel each, the whole board in each.
        let text = svg(&board, &draw(&board, (0..board.players.len()).collect()));
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(
            count(&doc, "circle", "tile"),
            board.players.len() * board.tile_count(),
            "{name}"
        );
        assert_eq!(count(&doc, "g", "panel"), board.players.len(), "{name}");
    }
}

#[test]
fn exact_rounding_draws_float_lengths() {
    let board = Board::load("maedn").unwrap();
    let board = board
        .with_overrides(&boardpath::board::RuleOverrides {
            rounding: Some(boardpath::board::Rounding::Exact),
            ..Default::default()
        })
        .unwrap();
    let answer = solve(&board, 0);
    assert!(matches!(answer, Solved::Exact(_)), "{answer:?}");
    let s = solved::summary(&board, 0, &answer).unwrap();
    assert!(s.total.contains('.'), "{}", s.total);
    assert_eq!(s.total, answer.total_text());
    let text = svg(&board, &draw(&board, vec![0]));
    assert!(text.contains(&s.total));
    for p in &s.pieces {
        assert!(text.contains(&p.length), "{}", p.length);
    }
}

/// Render draws what it is handed: the bit-board's solution gives the same picture as the graph's
/// (both break ties alike), and a request without a solution is refused, not solved.
#[test]
fn render_draws_the_solutions_it_is_given() {
    let board = Board::load("maedn").unwrap();
    let graph = svg(&board, &draw(&board, vec![0]));
    let bits = solver::solve(
        &board,
        0,
        Method::find("bnb/bitboard").unwrap(),
        DEFAULT_BUDGET,
    )
    .unwrap();
    let by_bits = svg(
        &board,
        &Request {
            players: vec![0],
            solutions: vec![bits],
            ..Request::default()
        },
    );
    assert_eq!(graph, by_bits);
    let e = render::svg(
        &board,
        &Request {
            players: vec![0],
            ..Request::default()
        },
    )
    .unwrap_err();
    assert!(matches!(e, RenderError::Options(_)), "{e}");
    assert!(e.to_string().contains("no solution"), "{e}");
    // One solution for two players: the second is missing.
    let e = render::svg(
        &board,
        &Request {
            players: vec![0, 1],
            solutions: vec![solve(&board, 0)],
            ..Request::default()
        },
    )
    .unwrap_err();
    let second = format!("player {} to draw", board.players[1].name);
    assert!(e.to_string().contains(&second), "{e}");
}

/// A solution of another board or player is refused with a message, not drawn or panicked on.
#[test]
fn render_refuses_a_solution_that_is_not_the_players() {
    let board = Board::load("maedn").unwrap();
    let ludo = Board::load("ludo").unwrap();
    for (player, given) in [(0, solve(&ludo, 0)), (1, solve(&board, 0))] {
        let e = render::svg(
            &board,
            &Request {
                players: vec![player],
                solutions: vec![given],
                ..Request::default()
            },
        )
        .unwrap_err();
        assert!(matches!(e, RenderError::Options(_)), "{e}");
        assert!(
            e.to_string().contains("the solution given is of player"),
            "{e}"
        );
    }
}

/// The colour of pixel `(x, y)` (the picture is opaque, so premultiplied is plain).
fn pixel(map: &Pixmap, (x, y): (f64, f64)) -> (u8, u8, u8) {
    let c = map.pixel(x as u32, y as u32).unwrap();
    (c.red(), c.green(), c.blue())
}

fn close(a: (u8, u8, u8), b: palette::Rgb, tolerance: i32) -> bool {
    let d = |x: u8, y: u8| (x as i32 - y as i32).abs() <= tolerance;
    d(a.0, b.0) && d(a.1, b.1) && d(a.2, b.2)
}

/// Distance from `p` to the segment `a`-`b`.
fn to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

#[test]
fn png_shows_tiles_and_the_path_in_their_colours() {
    let board = Board::load("maedn").unwrap();
    let request = Request {
        piece: Some(1),
        ..draw(&board, vec![0])
    };
    let png = render::render(&board, &request, ImageFormat::Png).unwrap();
    let map = Pixmap::decode_png(&png).unwrap();
    let view = View::of(&board);
    assert!(map.width() as f64 >= view.width && map.height() as f64 >= view.height);

    // Waiting tiles are filled with their player's colour.
    for (i, player) in board.players.iter().enumerate() {
        let colour = palette::player_colour(&board, i).unwrap();
        let at = view.px(player.base[0]);
        assert!(
            close(pixel(&map, at), colour, 2),
            "{}: {:?}",
            player.name,
            pixel(&map, at)
        );
    }

    // Track tiles far from the path (and so from its roll numbers) are white, start tiles tinted.
    let s = summary(&board, 0);
    let positions = step_positions(&board, 0);
    let path: Vec<(f64, f64)> = s.pieces[0]
        .steps
        .iter()
        .map(|&st| view.px(positions[st]))
        .collect();
    let enter = [
        view.px(board.players[0].base[solved::waiting_tile(4, 0)]),
        path[0],
    ];
    let clear = |p: (f64, f64)| {
        path.windows(2)
            .chain([&enter[..]])
            .all(|w| to_segment(p, w[0], w[1]) > view.tile_r + 60.0)
    };
    let mut checked = 0;
    for (i, &t) in board.track.iter().enumerate() {
        if !clear(view.px(t)) {
            continue;
        }
        let expected = match board.players.iter().position(|p| p.start == i) {
            Some(p) => palette::player_colour(&board, p).unwrap().tint(),
            None => palette::WHITE,
        };
        let got = pixel(&map, view.px(t));
        assert!(close(got, expected, 2), "track tile {i} at {t}: {got:?}");
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} track tiles clear of the path");

    // A point on the first move, clear of tiles and of roll numbers, has the piece's colour.
    let text = render::svg(&board, &request).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let discs: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| has_class(n, "roll-disc"))
        .map(|n| (attr(&n, "cx"), attr(&n, "cy")))
        .collect();
    let tiles: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| has_class(n, "tile"))
        .map(|n| (attr(&n, "cx"), attr(&n, "cy")))
        .collect();
    let (a, b) = (path[0], path[1]);
    let on_line = (1..20)
        .map(|i| i as f64 / 20.0)
        .map(|t| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
        .find(|&p| {
            discs
                .iter()
                .all(|d| (d.0 - p.0).hypot(d.1 - p.1) > view.label_r() + 3.0)
                && tiles
                    .iter()
                    .all(|c| (c.0 - p.0).hypot(c.1 - p.1) > view.tile_r + 3.0)
        })
        .expect("a clear point on the first move");
    assert!(
        close(pixel(&map, on_line), palette::piece_colour(0), 30),
        "{on_line:?}: {:?}",
        pixel(&map, on_line)
    );
}

#[test]
fn the_same_request_gives_the_same_bytes() {
    let board = Board::load("maedn").unwrap();
    for request in [
        draw(&board, vec![0]),
        Request {
            animate: true,
            ..draw(&board, vec![0, 1, 2, 3])
        },
    ] {
        assert_eq!(svg(&board, &request), svg(&board, &request));
    }
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<Vec<u8>> = ["a.svg", "b.svg", "a.png", "b.png"]
        .iter()
        .map(|f| {
            let path = dir.path().join(f);
            let out = run(&["render", "--piece", "2", "-o", path.to_str().unwrap()]);
            assert_eq!(out.status.code(), Some(0), "{out:?}");
            std::fs::read(path).unwrap()
        })
        .collect();
    assert_eq!(files[0], files[1]);
    assert_eq!(files[2], files[3]);
    assert!(files[2].starts_with(b"\x89PNG"));
}

#[test]
fn bits_ring_the_set_tiles_and_join_the_path() {
    let board = Board::load("maedn").unwrap();
    let Solved::PerMove(s) = solver::solve(
        &board,
        0,
        Method::find("bnb/bitboard").unwrap(),
        DEFAULT_BUDGET,
    )
    .unwrap() else {
        panic!("the standard board rounds per move")
    };
    let dir = tempfile::tempdir().unwrap();
    for piece in &s.pieces {
        let hex = piece.bitboard.clone().unwrap();
        let value = u64::from_str_radix(hex.trim_start_matches("0x"), 16).unwrap();
        let path = dir.path().join("bits.svg");
        let out = run(&["render", "--bits", &hex, "-o", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let text = std::fs::read_to_string(path).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        // Every bit above the 16 distance bits is a tile.
        assert_eq!(
            count(&doc, "circle", "set"),
            (value >> 16).count_ones() as usize,
            "{hex}"
        );
        assert_eq!(count(&doc, "line", "bitpath"), piece.rolls.len(), "{hex}");
        assert_eq!(count(&doc, "circle", "tile"), board.tile_count());
        assert!(
            text.contains(&format!("distance: {} units", piece.length)),
            "{hex}"
        );
    }
}

#[test]
fn the_animation_moves_every_piece_on_one_clock() {
    let board = Board::load("maedn").unwrap();
    let text = svg(
        &board,
        &Request {
            animate: true,
            ..draw(&board, vec![0])
        },
    );
    let doc = roxmltree::Document::parse(&text).unwrap();
    let tokens: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(n, "token"))
        .collect();
    assert_eq!(tokens.len(), board.players[0].pieces());
    let mut durs: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("animate"))
        .map(|n| n.attribute("dur").unwrap())
        .collect();
    durs.dedup();
    assert_eq!(durs.len(), 1, "{durs:?}");
    for t in tokens {
        let anims: Vec<_> = t.children().filter(|n| n.has_tag_name("animate")).collect();
        assert_eq!(anims.len(), 2);
        for a in anims {
            let times: Vec<f64> = a
                .attribute("keyTimes")
                .unwrap()
                .split(';')
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(times.first(), Some(&0.0));
            assert_eq!(times.last(), Some(&1.0));
            assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
            assert_eq!(
                a.attribute("values").unwrap().split(';').count(),
                times.len()
            );
        }
    }
}

/// Runs the binary expecting failure: exit 1, the `needle` in the message, no panic, no file.
fn fails(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{err}"
    );
}

/// Runs the binary expecting a usage error (a malformed command line): exit 2 and the `needle`.
fn malformed(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    let o = out.to_str().unwrap();
    malformed(&["render", "--bits", "12", "-o", o], "must start with 0x");
    malformed(
        &["render", "--bits", "0xZZ", "-o", o],
        "'Z' is not a hex digit",
    );
    malformed(&["render", "--bits", "0b", "-o", o], "no digits");
    fails(
        &[
            "render",
            "--bits",
            &format!("0x1{}", "0".repeat(20)),
            "-o",
            o,
        ],
        "64 bits wide",
    );
    fails(
        &["render", "--bits", "0x1", "--player", "all", "-o", o],
        "--player NAME",
    );
    fails(
        &["render", "--player", "nobody", "-o", o],
        "no player \"nobody\"",
    );
    fails(&["render", "--piece", "5", "-o", o], "pieces 1 to 4");
    malformed(
        &["render", "--piece", "0", "-o", o],
        "invalid value '0' for '--piece <N>': out of range; valid: 1 to",
    );
    fails(&["render", "no-such-board", "-o", o], "embedded boards are");
    let png = dir.path().join("x.png");
    fails(
        &["render", "--animate", "-o", png.to_str().unwrap()],
        ".svg file",
    );
    let gif = dir.path().join("x.gif");
    fails(
        &["render", "-o", gif.to_str().unwrap()],
        "must end in .svg, .png or .html",
    );
    assert!(!out.exists() && !png.exists() && !gif.exists());
    let missing = dir.path().join("no-such-dir").join("x.svg");
    fails(
        &["render", "-o", missing.to_str().unwrap()],
        "cannot write output",
    );
}

#[test]
fn a_colour_that_is_not_svg_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let text = embedded::BOARDS
        .iter()
        .find(|(n, _)| *n == embedded::DEFAULT)
        .unwrap()
        .1
        .replacen("color = \"#222222\"", "color = \"blakc\"", 1);
    assert!(text.contains("blakc"));
    let board = dir.path().join("bad-colour.toml");
    std::fs::write(&board, text).unwrap();
    let out = dir.path().join("x.svg");
    fails(
        &[
            "render",
            board.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        ":32:9: player \"black\": color \"blakc\" is not an SVG colour",
    );
    // `validate` says the same now: the colour is checked where the board is loaded.
    let v = run(&["validate", board.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&v.stderr);
    assert!(
        err.contains("color \"blakc\" is not an SVG colour"),
        "{err}"
    );
}

/// A picture too big to rasterise is refused before it is parsed, with its size and the limit; not
/// reported as an internal error.
#[test]
fn a_png_too_big_is_refused_plainly() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="1" height="1"/></svg>"#;
    let e = render::png::rasterise(svg).unwrap_err();
    assert!(matches!(e, RenderError::TooBig(_)), "{e}");
    assert_eq!(
        e.to_string(),
        "a 20000x20000 PNG is 400000000 pixels, more than the 100000000 a PNG may have (4 bytes each in memory); write an .svg instead"
    );
}

#[test]
fn every_move_names_its_pieces_roll_and_cost_and_the_tiles_it_joins() {
    let board = Board::load("maedn").unwrap();
    let s = summary(&board, 0);
    assert_eq!(s.pieces[0].costs[0], "3801 units = 13.6836 cm");
    let text = svg(&board, &draw(&board, vec![0]));
    let doc = roxmltree::Document::parse(&text).unwrap();
    let view = View::of(&board);
    let positions = step_positions(&board, 0);
    let at = |n: &roxmltree::Node, name: &str| -> (f64, f64) {
        let v: Vec<f64> = n
            .attribute(name)
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        (v[0], v[1])
    };
    let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 0.01 && (a.1 - b.1).abs() < 0.01;
    let panel = doc.descendants().find(|n| has_class(n, "panel")).unwrap();
    assert_eq!(panel.attribute("data-player"), Some("black"));
    let segments: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "segment"))
        .collect();
    for (k, piece) in s.pieces.iter().enumerate() {
        let number = (k + 1).to_string();
        let of_piece = |n: &&roxmltree::Node| {
            n.attribute("data-pieces")
                .unwrap()
                .split(' ')
                .any(|p| p == number)
        };
        let enter: Vec<_> = segments
            .iter()
            .filter(of_piece)
            .filter(|n| n.attribute("data-move") == Some("0"))
            .collect();
        assert_eq!(enter.len(), 1, "piece {number} enters once");
        assert!(near(at(enter[0], "data-to"), view.px(positions[0])));
        let mut moves: Vec<_> = segments
            .iter()
            .filter(of_piece)
            .filter(|n| n.attribute("data-move") != Some("0"))
            .collect();
        moves.sort_by_key(|n| n.attribute("data-move").unwrap().parse::<usize>().unwrap());
        assert_eq!(moves.len(), piece.rolls.len(), "piece {number}");
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.attribute("data-move"), Some((i + 1).to_string().as_str()));
            assert!(near(at(m, "data-from"), view.px(positions[piece.steps[i]])));
            assert!(near(
                at(m, "data-to"),
                view.px(positions[piece.steps[i + 1]])
            ));
            let title = m
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|t| t.text())
                .unwrap();
            assert!(
                title.ends_with(&format!(
                    "move {} of {}: roll {}, cost {}",
                    i + 1,
                    piece.rolls.len(),
                    piece.rolls[i],
                    piece.costs[i]
                )),
                "{title}"
            );
        }
    }
}

#[test]
fn labels_write_each_track_tiles_index_on_it() {
    let board = Board::load("maedn").unwrap();
    let plain = svg(&board, &draw(&board, vec![0]));
    assert!(!plain.contains("tile-label"));
    let labelled = svg(
        &board,
        &Request {
            labels: true,
            ..draw(&board, vec![0])
        },
    );
    let doc = roxmltree::Document::parse(&labelled).unwrap();
    let labels: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile-label"))
        .map(|n| (n.text().unwrap(), n.attribute("x").unwrap()))
        .collect();
    let track: Vec<String> = doc
        .descendants()
        .filter(|n| {
            matches!(
                n.attribute("class"),
                Some("tile track") | Some("tile start")
            )
        })
        .map(|n| n.attribute("cx").unwrap().to_string())
        .collect();
    // One label per track tile, 0 to 39 in move order, each at its tile's centre.
    assert_eq!(labels.len(), 40);
    for (i, (text, x)) in labels.iter().enumerate() {
        assert_eq!(*text, i.to_string());
        assert_eq!(*x, track[i]);
    }
}

#[test]
fn render_labels_on_the_command_line_draws_what_the_library_draws() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("labels.svg");
    let out = run(&["render", "ludo", "--labels", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let board = Board::load("ludo").unwrap();
    let expected = svg(
        &board,
        &Request {
            labels: true,
            ..draw(&board, vec![0])
        },
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
    assert_eq!(
        expected.matches("class=\"tile-label\"").count(),
        board.track.len()
    );
}
