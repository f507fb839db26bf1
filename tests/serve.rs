//! `boardpath serve`'s API, through the real binary and plain HTTP (no browser): the same JSON as
//! the command line, diagnostics at their line and column, the limits, and bad requests. The page
//! itself is tested in a browser in `tests/browser.rs`.

mod common;

use boardpath::board::Board;
use boardpath::generate::{GenerateOptions, generate};
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

/// Writes `bytes` on a new connection to `server`, then reads the answer: its status, its head
/// and its body.
fn raw(server: &Served, bytes: &[u8]) -> (u16, String, String) {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    stream.write_all(bytes).unwrap();
    read_answer(&mut stream)
}

/// The answer on `stream`, read to its end.
fn read_answer(stream: &mut std::net::TcpStream) -> (u16, String, String) {
    use std::io::Read;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8(answer).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_string(), body.to_string())
}

/// The first problem's message in a JSON body.
fn message(body: &str) -> String {
    let problems: serde_json::Value = serde_json::from_str(body).unwrap();
    problems[0]["message"].as_str().unwrap().to_string()
}

/// Opens two connections to `server` that never finish their request: one announces a body of
/// 1000 bytes and sends none, the other sends nothing at all.
fn stall(server: &Served) -> [std::net::TcpStream; 2] {
    use std::io::Write;
    let mut stalled = std::net::TcpStream::connect(&server.address).unwrap();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Length: 1000\r\n\r\n",
        server.address
    );
    stalled.write_all(head.as_bytes()).unwrap();
    let silent = std::net::TcpStream::connect(&server.address).unwrap();
    [stalled, silent]
}

#[test]
fn a_client_that_stalls_is_answered_408_and_delays_no_one() {
    // Another client is answered in full while two stall, before either is given up: with a
    // minute to wait for them (against a few milliseconds of work for the other), neither has an
    // answer yet when the other's arrives. A server that read one connection at a time would have
    // answered them first.
    let server = Served::start(&["--read-timeout", "60"]);
    let waiting = stall(&server);
    let ok = server.post("/api/solve?file=ludo.toml", LUDO.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
    for stream in &waiting {
        stream.set_nonblocking(true).unwrap();
        let early = stream.peek(&mut [0u8; 1]);
        assert_eq!(
            early.map_err(|e| e.kind()),
            Err(std::io::ErrorKind::WouldBlock),
            "a stalled client was answered before the other"
        );
    }
    // Given up at the read timeout and not before: the clock starts before they connect, and the
    // server's when it accepts them.
    let server = Served::start(&["--read-timeout", "1"]);
    let started = std::time::Instant::now();
    for mut stream in stall(&server) {
        let (status, _, body) = read_answer(&mut stream);
        assert_eq!(status, 408, "{body}");
        assert_eq!(
            message(&body),
            "the request did not arrive within 1 s (serve --read-timeout)"
        );
    }
    assert!(started.elapsed() >= std::time::Duration::from_secs(1));
}

/// The processor time `server` spends answering `target` with `body`, in clock ticks (`None`
/// where `/proc` does not tell it), and the answer.
fn worked(server: &Served, target: &str, body: &[u8]) -> (Option<u64>, common::Answer) {
    let before = server.cpu_ticks();
    let answer = server.post(target, body);
    let used = before.zip(server.cpu_ticks()).map(|(b, a)| a - b);
    (used, answer)
}

#[test]
fn work_past_the_deadline_is_cancelled_with_503_and_the_server_goes_on() {
    // Slow by construction: textbook IDA* enters more than 10^10 states for black's first piece
    // alone (`solve maedn --method idastar/step --budget 10000000000` gives up at bound 18757 of
    // the 19462 it needs; 36 s on the 2-core development machine), and as many for every other
    // player on the symmetric board. No machine enters 4 * 10^10 states within the one second
    // the server gives the request.
    let server = Served::start(&["--timeout", "1", "--budget", "1000000000000"]);
    let (used, slow) = worked(
        &server,
        "/api/solve?method=idastar/step&player=all",
        MAEDN.as_bytes(),
    );
    assert_eq!(slow.status, 503, "{}", slow.text());
    assert!(
        problems(&slow)[0]
            .3
            .starts_with("the request ran past 1 s, the most this server gives one request (serve --timeout), and was stopped"),
        "{}",
        slow.text()
    );
    // Stopped, not finished: the server spent less than half the processor time of the whole
    // request, measured against 10^8 states (the whole is 400 times that). Processor time, unlike
    // a clock, scales with the machine on both sides of the comparison and ignores the load
    // beside it (measured: 0.6 s against 0.4 s for 10^8 states).
    let calibration = Served::start(&["--budget", "100000000"]);
    let (sample, gave_up) = worked(
        &calibration,
        "/api/solve?method=idastar/step&budget=100000000",
        MAEDN.as_bytes(),
    );
    assert_eq!(gave_up.status, 422, "{}", gave_up.text());
    assert!(
        problems(&gave_up)[0]
            .3
            .contains("gave up on piece 1 after 100,000,000 nodes"),
        "{}",
        gave_up.text()
    );
    if let (Some(used), Some(sample)) = (used, sample) {
        assert!(
            used < 200 * sample,
            "{used} ticks for the stopped request, {sample} for 10^8 states"
        );
    }
    // The next request is answered in full: the flag was withdrawn.
    let ok = server.post("/api/solve?player=green", MAEDN.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(ok.json()["results"][0]["total"], 83047);
}

#[test]
fn a_dice_solve_past_the_deadline_is_cancelled_with_503() {
    // Slow by construction: 70 players on a 70-tile track with 4 pieces each, every player's
    // model 1,218,226 states (within the server's 2,000,000), 85 million in all, solved one
    // player after the other (1.6 s each on the 2-core development machine, two minutes in all). No
    // machine solves them within the one second the server gives the request; the solver looks
    // at the flag every 4,096 states.
    let board = generate(&GenerateOptions {
        tiles: 70,
        players: 70,
        pieces: 4,
        faces: 6,
        seed: 1,
        vary_rules: false,
    });
    let server = Served::start(&["--timeout", "1"]);
    let (used, slow) = worked(&server, "/api/dice?player=all", board.as_bytes());
    assert_eq!(slow.status, 503, "{}", slow.text());
    assert!(
        problems(&slow)[0].3.starts_with("the request ran past 1 s"),
        "{}",
        slow.text()
    );
    // Stopped, not finished: less than half the processor time of the whole request, measured
    // against one player's model solved in full (the whole is 70 of them; measured: 0.5 s
    // against 1.7 s for one).
    let calibration = Served::start(&[]);
    let (sample, one) = worked(&calibration, "/api/dice?player=p0", board.as_bytes());
    assert_eq!(one.status, 200, "{}", one.text());
    assert_eq!(one.json()["results"][0]["states"], 1218226);
    drop(calibration);
    if let (Some(used), Some(sample)) = (used, sample) {
        assert!(
            used < 35 * sample,
            "{used} ticks for the stopped request, {sample} for one player's model"
        );
    }
    // The next request is answered in full (a quick one: the deadline is short).
    let ok = server.post("/api/solve?player=green", MAEDN.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(ok.json()["results"][0]["total"], 83047);
}

#[test]
fn counts_past_the_limits_are_400_naming_the_limit() {
    let server = Served::start(&[]);
    let tries = server.post("/api/dice?tries=4000000000", MAEDN.as_bytes());
    assert_eq!(tries.status, 400);
    assert_eq!(
        problems(&tries)[0].3,
        "tries=4000000000: valid is 1 to 100; this server allows at most 100 tries per turn (the \
         standard rules give 3)"
    );
    let budget = server.post("/api/compare?budget=18446744073709551615", MAEDN.as_bytes());
    assert_eq!(budget.status, 400);
    assert!(
        problems(&budget)[0]
            .3
            .contains("at most 10000000 nodes per player"),
        "{}",
        budget.text()
    );
    // Options of the command line that a server has no use for are unknown here.
    for (path, key) in [
        ("/api/compare?plot=x.svg", "plot"),
        ("/api/compare?threads=64", "threads"),
        ("/api/dice?policy-out=x.csv", "policy-out"),
        ("/api/dice?plot=x.svg", "plot"),
        ("/api/dice?simulate=1000000000", "simulate"),
    ] {
        let a = server.post(path, MAEDN.as_bytes());
        assert_eq!(a.status, 400, "{path}");
        assert!(
            problems(&a)[0]
                .3
                .starts_with(&format!("unknown query parameter \"{key}\"")),
            "{}",
            a.text()
        );
    }
}

/// Every numeric query parameter, given a value that is no count (negative, zero, a word, past
/// its limit), is answered 400 with the parameter, the value and the range: the server's own cap
/// for `tries` and `budget`, the command's range for `piece`.
#[test]
fn bad_counts_in_a_query_name_the_parameter_the_value_and_the_range() {
    let server = Served::start(&["--budget", "50000"]);
    let tries = "this server allows at most 100 tries per turn (the standard rules give 3)";
    let budget = "this server allows at most 50000 nodes per player (serve --budget)";
    for (path, message) in [
        (
            "/api/dice?tries=-5",
            format!("tries=-5: valid is 1 to 100; {tries}"),
        ),
        (
            "/api/dice?tries=0",
            format!("tries=0: valid is 1 to 100; {tries}"),
        ),
        (
            "/api/dice?tries=three",
            format!("tries=three: valid is 1 to 100; {tries}"),
        ),
        (
            "/api/dice?tries=101",
            format!("tries=101: valid is 1 to 100; {tries}"),
        ),
        (
            "/api/solve?budget=-1",
            format!("budget=-1: valid is 1 to 50000; {budget}"),
        ),
        (
            "/api/solve?budget=0",
            format!("budget=0: valid is 1 to 50000; {budget}"),
        ),
        (
            "/api/compare?budget=lots",
            format!("budget=lots: valid is 1 to 50000; {budget}"),
        ),
        (
            "/api/render?budget=1.5",
            format!("budget=1.5: valid is 1 to 50000; {budget}"),
        ),
        (
            "/api/render?piece=-1",
            "invalid value '-1' for '--piece <N>': out of range; valid: 1 to 18446744073709551615"
                .to_string(),
        ),
        (
            "/api/render?piece=0",
            "invalid value '0' for '--piece <N>': out of range; valid: 1 to 18446744073709551615"
                .to_string(),
        ),
        (
            "/api/render?piece=first",
            "invalid value 'first' for '--piece <N>': not a whole number; valid: 1 to \
             18446744073709551615"
                .to_string(),
        ),
    ] {
        let answer = server.post(path, MAEDN.as_bytes());
        assert_eq!(answer.status, 400, "{path}: {}", answer.text());
        assert_eq!(problems(&answer)[0].3, message, "{path}");
    }
    // Within the range the same parameters are answered in full.
    let ok = server.post("/api/dice?tries=1", MAEDN.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
}

/// A body of 16 MB of well-formed TOML that is no board (an array of numbers; long dotted keys),
/// under `--max-body` 20 MB: the server parses at most 10 times its size, answers 422 with the
/// reason, and goes on. `toml` alone would have taken 1.3 GB for the first and 8.8 GB for the
/// second (and 580 MB for the default largest body, 1 MiB, of the second).
#[test]
fn a_huge_body_of_toml_is_refused_within_ten_times_its_size() {
    let server = Served::start(&["--max-body", "20000000"]);
    let size = 16 << 20;
    let numbers = format!("a = [{}]\n", "1,".repeat(size / 2));
    let line = format!("x{}=1\n", ".a".repeat(40));
    let dotted: String = (0..size / line.len())
        .map(|i| format!("x{i}{}", &line[1..]))
        .collect();
    for (body, expect) in [
        (
            &numbers,
            "bytes of TOML besides the arrays of [x, y] positions read directly",
        ),
        (&dotted, "unknown field `x0`"),
    ] {
        let answer = server.post("/api/solve", body.as_bytes());
        assert_eq!(answer.status, 422, "{}", answer.text());
        let message = &problems(&answer)[0].3;
        assert!(message.contains(expect), "{message}");
    }
    if let Some(kb) = server.peak_kb() {
        assert!(
            kb <= 10 * (size as u64 + 1_000_000) / 1024,
            "the server took {kb} KB"
        );
    }
    assert_eq!(server.post("/api/solve", MAEDN.as_bytes()).status, 200);
}

#[test]
fn boards_and_answers_past_the_limits_are_refused_before_the_work() {
    let server = Served::start(&["--max-pieces", "15"]);
    let pieces = server.post("/api/solve", MAEDN.as_bytes());
    assert_eq!(pieces.status, 422);
    assert_eq!(
        problems(&pieces)[0].3,
        "the board has 16 pieces, more than the 15 this server takes (serve --max-pieces)"
    );
    let server = Served::start(&["--max-tiles", "71"]);
    let tiles = server.post("/api/dice", MAEDN.as_bytes());
    assert_eq!(tiles.status, 422);
    assert_eq!(
        problems(&tiles)[0].3,
        "the board has 72 tiles, more than the 71 this server takes (serve --max-tiles)"
    );
    let server = Served::start(&["--max-answer", "100000"]);
    // 16 pieces of 44 steps each at most: 704 moves, 288,000 bytes with the 4 panels' tiles.
    let estimate = server.post("/api/render?player=all", MAEDN.as_bytes());
    assert_eq!(estimate.status, 413);
    assert_eq!(
        problems(&estimate)[0].3,
        "the answer could take 396800 bytes (704 moves at most), more than the 100000 this server sends (serve --max-answer); ask for fewer players"
    );
    let server = Served::start(&["--max-answer", "1024"]);
    let compare = server.post("/api/compare?method=dp/step", MAEDN.as_bytes());
    assert_eq!(compare.status, 413, "{}", compare.text());
    let m = &problems(&compare)[0].3;
    assert!(
        m.starts_with("the answer is ")
            && m.ends_with("bytes, more than the 1024 this server sends (serve --max-answer)"),
        "{m}"
    );
}

#[test]
fn malformed_requests_are_refused_with_what_would_be_valid() {
    let server = Served::start(&[]);
    let host = format!("Host: {}\r\n", server.address);
    let cases: [(String, u16, &str); 5] = [
        (
            format!(
                "POST /api/solve HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            ),
            411,
            "a body sent in chunks is not taken: send it with Content-Length",
        ),
        (
            format!("POST /api/solve HTTP/1.1\r\n{host}Content-Length: lots\r\n\r\n"),
            400,
            "Content-Length \"lots\": give the body's length in bytes",
        ),
        (
            format!("POST /api/solve HTTP/1.1\r\n{host}Content-Length: 99999999999\r\n\r\n"),
            413,
            "the board is larger than 1048576 bytes, the most this server takes (serve --max-body)",
        ),
        (
            "GET / HTTP/2.0\r\n\r\n".to_string(),
            505,
            "HTTP/2.0: this server speaks HTTP/1.1",
        ),
        (
            format!("GET / HTTP/1.1\r\nX-Junk: {}\r\n\r\n", "x".repeat(20_000)),
            431,
            "the request line and headers pass 16384 bytes",
        ),
    ];
    for (request, status, expected) in cases {
        let (got, head, body) = raw(&server, request.as_bytes());
        assert!(body.starts_with('['), "{head}\n{body}");
        assert_eq!((got, message(&body)), (status, expected.to_string()));
    }
    // A body shorter than announced, then the end of the stream.
    use std::io::Write;
    let mut short = std::net::TcpStream::connect(&server.address).unwrap();
    short
        .write_all(
            format!("POST /api/solve HTTP/1.1\r\n{host}Content-Length: 10\r\n\r\nabc").as_bytes(),
        )
        .unwrap();
    short.shutdown(std::net::Shutdown::Write).unwrap();
    let (status, _, body) = read_answer(&mut short);
    assert_eq!(
        (status, message(&body)),
        (
            400,
            "the body ended after 3 of the 10 bytes its Content-Length announced".to_string()
        )
    );
    // Still serving.
    assert_eq!(server.request("GET", "/", &[], b"").status, 200);
}

#[test]
fn more_open_connections_than_the_limit_are_answered_503() {
    let server = Served::start(&[]);
    let held: Vec<std::net::TcpStream> = (0..64)
        .map(|_| std::net::TcpStream::connect(&server.address).unwrap())
        .collect();
    let (status, _, body) = raw(&server, b"GET / HTTP/1.1\r\n\r\n");
    assert_eq!(
        (status, message(&body)),
        (503, "64 requests are open already; try again".to_string())
    );
    drop(held);
}

#[test]
fn a_boards_warnings_come_in_a_header() {
    let server = Served::start(&[]);
    // Black's goal tile c moved onto track tile 33: legal, most likely a mistake.
    let odd = MAEDN.replacen("[5, 7], [5, 6]]", "[7, 6], [5, 6]]", 1);
    assert_ne!(odd, MAEDN);
    let (status, head, body) = raw(
        &server,
        &[
            format!(
                "POST /api/solve?file=odd.toml&player=black HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
                server.address,
                odd.len()
            )
            .as_bytes(),
            odd.as_bytes(),
        ]
        .concat(),
    );
    assert_eq!(status, 200, "{body}");
    let line = head
        .lines()
        .find_map(|l| l.strip_prefix("Boardpath-Warnings: "))
        .unwrap_or_else(|| panic!("no warnings header: {head}"));
    let warnings: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(
        warnings,
        serde_json::json!([{
            "file": "odd.toml",
            "line": 35,
            "column": 25,
            "message": "player \"black\": goal tile c at [7, 6] is at the position of track tile 33; a finished piece would stand on the track (is a coordinate wrong?)"
        }])
    );
    // A board without warnings has no such header.
    let (_, head, _) = raw(
        &server,
        &[
            format!(
                "POST /api/dice HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
                server.address,
                MAEDN.len()
            )
            .as_bytes(),
            MAEDN.as_bytes(),
        ]
        .concat(),
    );
    assert!(!head.contains("Boardpath-Warnings"), "{head}");
}

/// `seconds` aside (the clock), a `play` document as the command line prints it.
fn without_clock(mut doc: serde_json::Value) -> serde_json::Value {
    doc["results"]["seconds"] = 0.into();
    without_program(doc)
}

#[test]
fn play_answers_what_the_command_line_prints_under_the_rules_asked() {
    let server = Served::start(&["--max-games", "5000"]);
    let answer = server.post(
        "/api/play?file=ludo.toml&players=4&rules=openspiel,bonus-roll=false,tries=3&policy=front,rear,aggressive,defensive&games=300&seed=9",
        LUDO.as_bytes(),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let doc = answer.json();
    assert_eq!(doc["schema"], "boardpath.play/1");
    assert_eq!(
        doc["results"]["rules"],
        "openspiel,bonus-roll=false,tries=3"
    );
    assert_eq!(doc["results"]["games"], 300);
    let command: Vec<String> = doc["provenance"]["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ludo.toml");
    std::fs::write(&file, LUDO).unwrap();
    let mut args: Vec<&str> = command[1..].iter().map(String::as_str).collect();
    args[1] = file.to_str().unwrap();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    printed["provenance"]["command"][2] = "ludo.toml".into();
    printed["provenance"]["boards"][0]["origin"] = "ludo.toml".into();
    assert_eq!(without_clock(printed), without_clock(doc));

    // The board's own [game] rules by default; the games capped at the server's limit.
    let plain = server.post("/api/play", LUDO.as_bytes());
    assert_eq!(plain.status, 200, "{}", plain.text());
    assert_eq!(plain.json()["results"]["rules"], "ludo");
    assert_eq!(plain.json()["results"]["games"], 5000);
    let maedn = server.post("/api/play?games=10&adjacent=true", MAEDN.as_bytes());
    assert_eq!(maedn.json()["results"]["rules"], "openspiel");
}

#[test]
fn play_refuses_bad_rules_policies_and_counts_with_what_is_valid() {
    let server = Served::start(&["--max-games", "1000"]);
    for (target, want) in [
        (
            "/api/play?rules=openspiel,tries=0",
            "invalid value 'openspiel,tries=0' for '--rules <RULES>': rules \"openspiel,tries=0\": tries=0: valid is 1 to 10",
        ),
        ("/api/play?rules=", "rules \"\": no preset"),
        ("/api/play?rules=openspiel,", "an empty switch"),
        (
            "/api/play?rules=openspiel,tries=2,tries=2",
            "switch \"tries\" is given twice",
        ),
        (
            "/api/play?rules=openspiel,bogus=1",
            "unknown switch \"bogus\" (valid: enter-on,",
        ),
        (
            "/api/play?rules=chess",
            "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)",
        ),
        (
            "/api/play?games=1001",
            "games=1001: valid is 1 to 1000; this server plays at most 1000 games a request (serve --max-games)",
        ),
        ("/api/play?games=0", "games=0: valid is 1 to 1000"),
        (
            "/api/play?policy=optimal",
            "policy \"optimal\": this server plays random, front, rear, aggressive, defensive",
        ),
        (
            "/api/play?policy=random,file:/etc/passwd",
            "policy \"file:/etc/passwd\"",
        ),
        ("/api/play?policy=solitaire", "policy \"solitaire\""),
        ("/api/play?policy=best", "unknown policy \"best\""),
        (
            "/api/play?plot=x.svg",
            "unknown query parameter \"plot\"; /api/play takes file, players, pieces, rules, policy, games, seed, adjacent",
        ),
        (
            "/api/play?threads=64",
            "unknown query parameter \"threads\"",
        ),
        ("/api/play?players=7", "'--players <PLAYERS>'"),
    ] {
        let answer = server.post(target, MAEDN.as_bytes());
        assert_eq!(answer.status, 400, "{target}: {}", answer.text());
        let p = problems(&answer);
        assert!(p[0].3.contains(want), "{target}: {}", answer.text());
    }
    // Well-formed, but not for this board: 422.
    let answer = server.post("/api/play?players=5", MAEDN.as_bytes());
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert!(
        problems(&answer)[0]
            .3
            .contains("5 players, but the board has only 4")
    );
    let answer = server.post("/api/play?rules=openspiel,enter-on=9", MAEDN.as_bytes());
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert!(
        problems(&answer)[0]
            .3
            .contains("enter-on=9: the board's die")
    );
    // A board's [game] rules that do not parse: 422, at their line and column.
    let bad = format!("{MAEDN}\n[game]\nrules = \"schmidt,tries=99\"\n");
    let answer = server.post("/api/play?file=b.toml", bad.as_bytes());
    assert_eq!(answer.status, 422, "{}", answer.text());
    let line = MAEDN.lines().count() as u64 + 3;
    assert_eq!(
        problems(&answer),
        [(
            "b.toml".to_string(),
            Some(line),
            Some(9),
            "game.rules \"schmidt,tries=99\": tries=99: valid is 1 to 10".to_string()
        )]
    );
    // ... which --rules overrides, and which the other endpoints, which play no game, ignore.
    let answer = server.post(
        "/api/play?file=b.toml&rules=schmidt&games=10",
        bad.as_bytes(),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let answer = server.post("/api/solve?file=b.toml&player=black", bad.as_bytes());
    assert_eq!(answer.status, 200, "{}", answer.text());
}

#[test]
fn a_tournament_past_the_deadline_is_cancelled_with_503() {
    // 100,000,000 games of six players with policies that look at every move: hours of work.
    let server = Served::start(&["--timeout", "1", "--max-games", "100000000"]);
    let six = include_str!("../boards/maedn-6.toml");
    let (_, slow) = worked(
        &server,
        "/api/play?players=6&policy=aggressive&games=100000000",
        six.as_bytes(),
    );
    assert_eq!(slow.status, 503, "{}", slow.text());
    assert!(problems(&slow)[0].3.starts_with("the request ran past 1 s"));
    let ok = server.post("/api/play?games=100", MAEDN.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
}

/// Polls `POST /api/game/state` with `body` until the game is solved (202 while it is).
fn game_state(server: &Served, body: &serde_json::Value) -> common::Answer {
    for _ in 0..10_000 {
        let a = server.request("POST", "/api/game/state", &[], body.to_string().as_bytes());
        if a.status != 202 {
            return a;
        }
        let progress = a.json()["solving"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&progress), "{progress}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the game was never solved");
}

/// The play page's API: the position's values are the review's, a bot's move is the best,
/// and every bad request is a 4xx naming what is wrong.
#[test]
fn the_game_api_answers_positions_and_refuses_bad_records() {
    use serde_json::json;
    let server = Served::start(&["maedn"]);
    let page = server.request("GET", "/play", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("play the perfect opponent"));
    let record = json!({"format": "boardpath.game-record/1", "pieces": 1,
        "turns": [{"roll": 6, "action": 1}, {"roll": 4, "action": 2}, {"roll": 3, "action": 0}]});
    let a = game_state(
        &server,
        &json!({"record": record, "roll": 5, "bot": "optimal"}),
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    let review = server.request(
        "POST",
        "/api/game/review",
        &[],
        json!({"record": record}).to_string().as_bytes(),
    );
    assert_eq!(review.status, 200);
    let r = review.json();
    // The value after turn 3 seen from the mover of turn 4 (seat 0): 1 minus seat 1's value.
    let after = 1.0 - r["turns"][2]["value"].as_f64().unwrap();
    assert!((v["value"].as_f64().unwrap() - after).abs() < 1e-15);
    assert_eq!(v["to_move"], json!(0));
    assert_eq!(v["bot_action"], v["best_action"]);
    assert_eq!(v["options"].as_array().unwrap().len(), 1);
    assert_eq!(v["at"][0][0]["step"], json!(4));
    // Bad requests.
    let bad = |target: &str, method: &str, body: serde_json::Value, status: u16, want: &str| {
        let a = server.request(method, target, &[], body.to_string().as_bytes());
        assert_eq!(a.status, status, "{body}: {}", a.text());
        assert!(a.text().contains(want), "{body}: {}", a.text());
    };
    let f = "boardpath.game-record/1";
    bad("/api/game/state", "GET", json!(null), 405, "use POST");
    bad(
        "/api/game/state",
        "POST",
        json!({}),
        400,
        "no \\\"record\\\"",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "pieces": 1, "turns": [{"roll": 6, "action": 1}, {"roll": 3, "action": 9}]}}),
        422,
        "turn 2: move: action 9 is not legal",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "pieces": 1, "turns": [{"roll": 9, "action": 0}]}}),
        422,
        "turn 1: roll 9 is not a face",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "pieces": 1, "turns": []}, "roll": 0}),
        422,
        "\\\"roll\\\" 0 is not a face",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "pieces": 1, "turns": []}, "roll": 3, "bot": "chess"}),
        400,
        "bot \\\"chess\\\" is not a policy",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "players": 3, "pieces": 1, "turns": []}}),
        422,
        "two-player games",
    );
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "pieces": 3, "turns": []}}),
        422,
        "not solved at start",
    );
    let long: Vec<_> = (0..10_001)
        .map(|_| json!({"roll": 1, "action": 0}))
        .collect();
    bad(
        "/api/game/state",
        "POST",
        json!({"record": {"format": f, "turns": long}}),
        413,
        "at most 10000",
    );
    bad(
        "/api/game/nothing",
        "POST",
        json!({}),
        404,
        "no such endpoint",
    );
    let a = server.request("POST", "/api/game/state", &[], b"{not json");
    assert_eq!(a.status, 400);
    assert!(
        a.text().contains("line 1, column 2: the body is not JSON"),
        "{}",
        a.text()
    );
}

/// `serve --table FILE` reads a table written by `solve-game --out` once at start, and refuses
/// one that is not a table with what it holds and what was asked.
#[test]
fn serve_reads_a_table_at_start_or_refuses_it() {
    use serde_json::json;
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("k1.values");
    let t = table.to_str().unwrap();
    let out = common::run(&["solve-game", "--pieces", "1", "--out", t]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let server = Served::start(&["maedn", "--table", t]);
    let a = server.request(
        "POST",
        "/api/game/state",
        &[],
        json!({"record": {"format": "boardpath.game-record/1", "pieces": 1, "turns": []}})
            .to_string()
            .as_bytes(),
    );
    // Read at start: no solve, the first answer has the value.
    assert_eq!(a.status, 200, "{}", a.text());
    // The table's stored value: within its header's error (half the gap and half a u32 step).
    assert!((a.json()["value"].as_f64().unwrap() - 0.523984913793504).abs() < 2e-10);
    drop(server);
    let bytes = std::fs::read(&table).unwrap();
    let text = String::from_utf8_lossy(&bytes[..bytes.iter().position(|&b| b == b'\n').unwrap()])
        .to_string();
    let other = dir.path().join("other.values");
    let mut changed = text.replace("\"pieces\":1", "\"pieces\":2").into_bytes();
    changed.extend_from_slice(&bytes[text.len()..]);
    std::fs::write(&other, changed).unwrap();
    let out = common::run(&["serve", "--port", "0", "--table", other.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("error: serve --table: policy optimal:"),
        "{err}"
    );
    assert!(
        err.contains("header \"positions\" is 1641, but this game needs"),
        "{err}"
    );
}
