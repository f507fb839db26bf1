//! `boardpath serve`'s API, through the real binary and plain HTTP (no browser): the same JSON as
//! the command line, diagnostics at their line and column, the limits, and bad requests. The page
//! itself is tested in a browser in `tests/browser.rs`.

mod common;

use boardpath::board::Board;
use common::{Served, run};

const MAEDN: &str = include_str!("../boards/maedn.toml");
const LUDO: &str = include_str!("../boards/ludo.toml");

/// A JSON document without its program name (the server's is `boardpath`, a run's its path).
fn without_program(mut doc: serde_json::Value) -> serde_json::Value {
    doc["provenance"]["command"][0] = "boardpath".into();
    doc
}

/// The 422 problems of `answer`, as `(file, line, column, message)`.
fn problems(answer: &common::Answer) -> Vec<(String, Option<u64>, Option<u64>, String)> {
    answer
        .json()
        .as_array()
        .expect("a list of problems")
        .iter()
        .map(|p| {
            (
                p["file"].as_str().unwrap_or("").to_string(),
                p["line"].as_u64(),
                p["column"].as_u64(),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn solve_answers_what_the_command_line_prints() {
    let server = Served::start(&[]);
    let answer = server.post(
        "/api/solve?file=boards/ludo.toml&player=all&metric=manhattan",
        LUDO.as_bytes(),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.content_type, "application/json");
    let doc = answer.json();
    assert_eq!(doc["schema"], "boardpath.solve/1");
    let command: Vec<String> = doc["provenance"]["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        command,
        [
            "boardpath",
            "solve",
            "boards/ludo.toml",
            "--player=all",
            "--metric=manhattan",
            "--budget=10000000",
            "--format",
            "json"
        ]
    );
    // The command it names prints the same document, byte for byte but the program's path.
    let args: Vec<&str> = command[1..].iter().map(String::as_str).collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(without_program(printed), doc);
    assert_eq!(doc["provenance"]["boards"][0]["origin"], "boards/ludo.toml");
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    // The same board file solved without the override, for the plain total.
    let plain = server.post("/api/solve?file=ludo.toml&player=green", LUDO.as_bytes());
    assert_eq!(plain.json()["results"][0]["total"], 157418);
}

#[test]
fn a_bad_board_is_422_with_each_problem_at_its_line_and_column() {
    let server = Served::start(&[]);
    // Line 24 holds the first track tiles: `    [4, 10], [4, 9], ...`; break the second number.
    let line = MAEDN.lines().nth(23).unwrap();
    assert!(line.starts_with("    [4, 10], [4, 9]"), "{line}");
    let broken = MAEDN.replacen("    [4, 10], [4, 9]", "    [4, 10], [4, \"x\"]", 1);
    let answer = server.post("/api/solve?file=mine.toml", broken.as_bytes());
    assert_eq!(answer.status, 422, "{}", answer.text());
    // Exactly what `validate` says of the same text.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.toml");
    std::fs::write(&path, &broken).unwrap();
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8(out.stderr).unwrap();
    let column = line.find("[4, 9]").unwrap() as u64 + 5;
    let found = problems(&answer);
    assert_eq!(found.len(), 1, "{found:?}");
    let (file, l, c, message) = &found[0];
    assert_eq!(
        (file.as_str(), *l, *c),
        ("mine.toml", Some(24), Some(column))
    );
    let expected = format!("{}:24:{column}: {message}", path.display());
    assert!(said.contains(&expected), "{said}\nexpected {expected}");

    // Several problems, each at its place; a rule problem with no place has no line.
    let two = MAEDN
        .replacen("metric = \"euclidean\"", "metric = \"taxi\"", 1)
        .replacen("start = 0", "start = 99", 1);
    let found = problems(&server.post("/api/render?file=two.toml", two.as_bytes()));
    let lines: Vec<Option<u64>> = found.iter().map(|p| p.1).collect();
    let metric = MAEDN.lines().position(|l| l.starts_with("metric")).unwrap() as u64 + 1;
    let start = MAEDN
        .lines()
        .position(|l| l.starts_with("start = 0"))
        .unwrap() as u64
        + 1;
    assert!(
        lines.contains(&Some(metric)) && lines.contains(&Some(start)),
        "{found:?}"
    );
    assert!(found.iter().any(|p| p.3.contains("\"taxi\"")), "{found:?}");

    // Bytes that are not UTF-8: the line and column of the first bad byte.
    let mut bytes = b"[board]\nname = \"a".to_vec();
    bytes.push(0xff);
    let found = problems(&server.post("/api/solve", &bytes));
    assert_eq!(found[0].0, "board.toml");
    assert_eq!((found[0].1, found[0].2), (Some(2), Some(10)), "{found:?}");
    assert!(found[0].3.contains("not UTF-8"), "{found:?}");
}

#[test]
fn limits_hold() {
    let server = Served::start(&["--max-body", "1024", "--budget", "50000"]);
    let big = server.post("/api/solve", MAEDN.as_bytes());
    assert!(MAEDN.len() > 1024);
    assert_eq!(big.status, 413, "{}", big.text());
    assert!(problems(&big)[0].3.contains("larger than 1024 bytes"));
    // The paper's unbounded search needs 660 million calls: it stops at the server's budget.
    let small = r#"
[board]
name = "small"
[track]
tiles = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0]]
[[players]]
name = "a"
start = 0
base = [[0, 1]]
goal = [[7, 1]]
"#;
    let ok = server.post("/api/solve?file=small.toml", small.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.toml");
    std::fs::write(&path, small).unwrap();
    let cli = common::json_results(&["solve", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(ok.json()["results"][0]["total"], cli[0]["total"]);
    let over = server.post("/api/solve?budget=50001", small.as_bytes());
    assert_eq!(over.status, 400);
    assert!(
        problems(&over)[0].3.contains("at most 50000 nodes"),
        "{}",
        over.text()
    );
    let server = Served::start(&["--budget", "1000", "--max-dice-states", "1000"]);
    let gave_up = server.post("/api/solve?method=bnb-none/bitboard", MAEDN.as_bytes());
    assert_eq!(gave_up.status, 422, "{}", gave_up.text());
    let message = &problems(&gave_up)[0].3;
    assert!(
        message.contains("gave up") && message.contains("at most 1000 nodes"),
        "{message}"
    );
    let dice = server.post("/api/dice", MAEDN.as_bytes());
    assert_eq!(dice.status, 422, "{}", dice.text());
    assert!(
        problems(&dice)[0]
            .3
            .contains("149986 states, more than the 1000"),
        "{}",
        dice.text()
    );
}

#[test]
fn bad_requests_say_what_is_valid() {
    let server = Served::start(&[]);
    let body = MAEDN.as_bytes();
    let method = server.post("/api/solve?method=nope", body);
    assert_eq!(method.status, 400);
    let message = &problems(&method)[0];
    assert_eq!(message.0, "");
    assert!(
        message.3.contains("invalid value 'nope'") && message.3.contains("dp/step"),
        "{message:?}"
    );
    let unknown = server.post("/api/solve?colour=red", body);
    assert_eq!(unknown.status, 400);
    assert!(
        problems(&unknown)[0]
            .3
            .contains("unknown query parameter \"colour\"")
    );
    let switch = server.post("/api/solve?moves-in-goal=maybe", body);
    assert_eq!(switch.status, 400);
    let player = server.post("/api/solve?player=purple", body);
    assert_eq!(player.status, 422);
    assert!(
        problems(&player)[0].3.contains("\"purple\""),
        "{}",
        player.text()
    );
    let file = server.post("/api/solve?file=--help", body);
    assert_eq!(file.status, 400);
    assert_eq!(server.request("GET", "/api/solve", &[], b"").status, 405);
    assert_eq!(server.post("/", body).status, 405);
    assert_eq!(server.request("GET", "/nothing", &[], b"").status, 404);
    // A page from another site whose name points here is refused.
    let rebound = server.request("GET", "/", &[("Host", "evil.example:80")], b"");
    assert_eq!(rebound.status, 403);
    // Every failure is the same JSON shape.
    for a in [method, unknown, switch, player, file, rebound] {
        assert_eq!(a.content_type, "application/json");
        problems(&a);
    }
}

#[test]
fn the_page_render_compare_and_dice() {
    let server = Served::start(&["boards/ludo.toml"]);
    let page = server.request("GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert_eq!(page.content_type, "text/html; charset=utf-8");
    let html = page.text();
    // The editor opens with the file's text, and names the file as the API will.
    assert!(html.contains("\"file\":\"ludo.toml\""), "no file name");
    assert!(html.contains("[[players]]"));
    assert!(
        !html.contains("src=\"") && !html.contains("href=\""),
        "the page loads nothing"
    );

    let svg = server.post("/api/render?player=all", LUDO.as_bytes());
    assert_eq!(svg.status, 200);
    assert_eq!(svg.content_type, "image/svg+xml");
    let board = Board::from_toml(LUDO, "ludo").unwrap();
    let text = svg.text();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let tiles = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("tile ")))
        .count();
    assert_eq!(tiles, board.players.len() * board.tile_count());

    let compare = server.post("/api/compare", MAEDN.as_bytes());
    assert_eq!(compare.status, 200, "{}", compare.text());
    let doc = compare.json();
    assert_eq!(doc["schema"], "boardpath.compare/1");
    let rows = doc["results"]["rows"].as_array().unwrap();
    let dp = rows.iter().find(|r| r["method"] == "dp/step").unwrap();
    assert_eq!(dp["length"], 83047);
    assert!(rows.iter().all(|r| r["board"] == "board.toml"));
    assert_eq!(doc["results"]["mismatches"], serde_json::json!([]));

    let dice = server.post("/api/dice?file=maedn.toml", MAEDN.as_bytes());
    assert_eq!(dice.status, 200, "{}", dice.text());
    let a = &dice.json()["results"][0];
    assert_eq!(a["states"], 149986);
    let turns = a["expected_turns"].as_f64().unwrap();
    assert!((turns - 49.25151).abs() < 1e-5, "{turns}");
}

#[test]
fn serve_refuses_a_port_in_use_and_a_missing_board() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = run(&["serve", "--port", &port]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    let out = run(&["serve", "no/such.toml", "--port", "0"]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["serve", "--max-body", "10"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_html_is_one_self_contained_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ludo.html");
    let out = run(&[
        "render",
        "boards/ludo.toml",
        "--player",
        "all",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let html = std::fs::read_to_string(&path).unwrap();
    // Nothing to fetch: no src or href, and the only address is the SVG namespace.
    assert!(!html.contains("src=") && !html.contains("href="));
    let addresses: Vec<&str> = ["http://", "https://"]
        .iter()
        .flat_map(|scheme| html.match_indices(scheme))
        .map(|(i, _)| html[i..].split(['"', ' ', '<']).next().unwrap())
        .filter(|a| *a != "http://www.w3.org/2000/svg")
        .collect();
    assert!(addresses.is_empty(), "{addresses:?}");
    // The data holds the board file and the `solve --format json` document of what is drawn.
    let start = html.find("id=\"boardpath-data\">").unwrap() + 20;
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(data["file"], "ludo.toml");
    assert_eq!(data["toml"], LUDO);
    let solution: serde_json::Value =
        serde_json::from_str(data["solution"].as_str().unwrap()).unwrap();
    let totals: Vec<u64> = solution["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["total"].as_u64().unwrap())
        .collect();
    assert_eq!(totals, [157418; 4]);
    assert!(html.contains("<g class=\"panel\" data-player=\"green\""));
    // The viewer steps through moves itself: no animation, no bit-board.
    let out = run(&["render", "--animate", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}
