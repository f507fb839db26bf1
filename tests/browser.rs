//! The workbench (`boardpath serve`) and the viewer (`render -o FILE.html`) in a real browser:
//! headless Chromium driven through WebDriver (chromedriver), against the real binary.
//!
//! Needs the Debian packages `chromium` and `chromium-driver` (`.ci/run` installs them when
//! missing). Without them each test prints one loud `SKIPPED` line and passes, so that the
//! README's `cargo test --release` goes on to every other test binary on a fresh machine; where
//! the environment variable `CI` is set they are required and fail instead.
//!
//! `cargo test --release --test browser -- --ignored screenshot` redraws
//! `docs/pictures/workbench.png`, the README's picture of the workbench, the same way.

mod common;

use boardpath::board::Board;
use boardpath::render::{self, Request};
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};
use common::{Served, json_results, run};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const MAEDN: &str = include_str!("../boards/maedn.toml");

/// How long a page may take to show what a check waits for.
const PATIENCE: Duration = Duration::from_secs(30);

/// The first of `names` that exists: an absolute path, or a program on `PATH`.
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        let p = Path::new(name);
        if p.is_absolute() {
            return p.is_file().then(|| p.to_path_buf());
        }
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|c| c.is_file())
    })
}

/// A free port on 127.0.0.1 (free when asked; chromedriver takes it right after).
fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// Headless Chromium under a chromedriver of our own, stopped when dropped.
struct Browser {
    driver: Child,
    client: Client,
    /// Where downloads land.
    downloads: tempfile::TempDir,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts the browser, or, where Chromium or chromedriver is missing, says so in one loud
    /// line and returns `None` (the caller passes); where `CI` is set a missing browser fails.
    async fn start() -> Option<Browser> {
        let chromium = program(&["/usr/bin/chromium", "chromium", "chromium-browser"]);
        let chromedriver = program(&["/usr/bin/chromedriver", "chromedriver"]);
        let (Some(chromium), Some(chromedriver)) = (chromium.clone(), chromedriver.clone()) else {
            let missing = match (chromium, chromedriver) {
                (None, None) => "chromium/chromedriver",
                (None, Some(_)) => "chromium",
                _ => "chromedriver",
            };
            let install = "apt-get install chromium chromium-driver";
            assert!(
                std::env::var_os("CI").is_none(),
                "the browser tests are required where CI is set, and {missing} was not found \
                 ({install})"
            );
            // Once, straight to stderr past the test harness's capture (so that it shows on a
            // passing run), on a line of its own.
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                let _ = std::io::stderr().write_all(
                    format!(
                        "\nSKIPPED browser tests: {missing} not found ({install}); required when \
                         CI is set\n"
                    )
                    .as_bytes(),
                );
            });
            return None;
        };
        Some(Browser::launch(chromium, chromedriver).await)
    }

    async fn launch(chromium: PathBuf, chromedriver: PathBuf) -> Browser {
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", chromedriver.display()));
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < PATIENCE,
                "chromedriver did not listen on port {port}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().unwrap();
        let downloads = tempfile::tempdir().unwrap();
        // As root, in a container with no network: no sandbox, and nothing that phones home (it
        // would wait for the network).
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": args,
                "prefs": {
                    "download.default_directory": downloads.path(),
                    "download.prompt_for_download": false,
                },
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium.display()));
        Browser {
            driver,
            client,
            downloads,
            _profile: profile,
        }
    }

    /// Runs `checks` with the client, then ends the session (Chromium exits) whatever happened,
    /// and fails as `checks` did.
    async fn run<F, Fut>(self, checks: F)
    where
        F: FnOnce(Client, PathBuf) -> Fut,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let outcome = tokio::spawn(checks(
            self.client.clone(),
            self.downloads.path().to_path_buf(),
        ))
        .await;
        let _ = self.client.clone().close().await;
        if let Err(e) = outcome {
            std::panic::resume_unwind(e.into_panic());
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Our own chromedriver, by its handle.
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Runs `script` (a function body) in the page and returns what it returns.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{e}\n{script}"))
}

/// Waits until `condition` (an expression) is true in the page.
async fn wait(c: &Client, condition: &str) {
    let started = Instant::now();
    loop {
        if js(c, &format!("return Boolean({condition});")).await == Value::Bool(true) {
            return;
        }
        if started.elapsed() > PATIENCE {
            let status = js(
                c,
                "const s = document.getElementById('status'); return s ? s.textContent : '';",
            )
            .await;
            panic!("waited {PATIENCE:?} for {condition}; status: {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the element with id `id`.
async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// The text of the element with id `id`.
async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// The marker's centre, and what it stands on in its panel: the class and goal letter of the tile
/// there (`""` when none).
async fn marker(c: &Client) -> (f64, f64, String) {
    let v = js(
        c,
        "const m = document.querySelector('#drawing circle.marker');
         const cx = m.getAttribute('cx'), cy = m.getAttribute('cy');
         const panel = m.closest('g.panel');
         const tile = Array.from(panel.querySelectorAll('circle.tile'))
             .find(t => t.getAttribute('cx') === cx && t.getAttribute('cy') === cy);
         const letter = Array.from(panel.querySelectorAll('text.goal-letter'))
             .find(t => t.getAttribute('x') === cx);
         let what = tile ? tile.getAttribute('class') : '';
         if (tile && letter && what === 'tile goal') what += ' ' + letter.textContent;
         return [Number(cx), Number(cy), what];",
    )
    .await;
    (
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_str().unwrap().to_string(),
    )
}

/// The players whose panels are shown.
async fn shown_players(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "return Array.from(document.querySelectorAll('#drawing g.panel'))
             .filter(p => getComputedStyle(p).display !== 'none')
             .map(p => p.dataset.player);",
    )
    .await;
    serde_json::from_value(v).unwrap()
}

/// The centres of the tiles drawn in the first panel of an SVG's text.
fn tile_centres(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let panel = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("panel"))
        .unwrap();
    panel
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("tile ")))
        .map(|n| {
            (
                n.attribute("cx").unwrap().to_string(),
                n.attribute("cy").unwrap().to_string(),
            )
        })
        .collect()
}

/// The SVG `render --player all` draws for board text `toml`.
fn library_svg(toml: &str) -> String {
    let board = Board::from_toml(toml, "maedn.toml").unwrap();
    let method = Method::find("petgraph-dijkstra/graph").unwrap();
    let players: Vec<usize> = (0..board.players.len()).collect();
    let request = Request {
        solutions: players
            .iter()
            .map(|&p| solve(&board, p, method, DEFAULT_BUDGET).unwrap())
            .collect(),
        players,
        ..Request::default()
    };
    render::svg(&board, &request).unwrap()
}

/// Waits for a downloaded file named `name` and returns its bytes.
async fn downloaded(dir: &Path, name: &str) -> Vec<u8> {
    let path = dir.join(name);
    let started = Instant::now();
    while !path.is_file() {
        assert!(started.elapsed() < PATIENCE, "no download {name}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    std::fs::read(path).unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn the_workbench_edits_checks_draws_and_walks() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = server.url();
    // Numbers to expect, from the command line.
    let black = json_results(&["solve", "maedn", "--format", "json"])[0].take();
    let tiles = Board::load("maedn").unwrap().tile_count();
    browser.run(move |c, downloads| async move {
        c.goto(&url).await.unwrap();
        wait(&c, "document.getElementById('status').dataset.state === 'ok'").await;

        // The page loads and draws the board: every player's panel, the first one shown.
        let drawn = js(&c, "return document.querySelectorAll('#drawing circle.tile').length;").await;
        assert_eq!(drawn, json!(4 * tiles));
        assert_eq!(shown_players(&c).await, ["black"]);
        assert_eq!(text(&c, "walk-caption").await, "black: before the first move (36 moves)");

        // The step buttons move the marker along black's moves: piece 1 waits, enters, moves.
        let (_, _, on) = marker(&c).await;
        assert_eq!(on, "tile waiting");
        click(&c, "walk-next").await;
        let (_, _, on) = marker(&c).await;
        assert_eq!(on, "tile start");
        assert!(text(&c, "walk-caption").await.starts_with("1 of 36: piece 1 \u{2192} d: enters"));
        click(&c, "walk-next").await;
        let first = marker(&c).await;
        assert_eq!(first.2, "tile track");
        let piece = &black["pieces"][0];
        let (roll, cost) = (piece["rolls"][0].as_u64().unwrap(), piece["costs"][0].as_u64().unwrap());
        let cm = cost as f64 * black["total_cm"].as_f64().unwrap() / black["total"].as_f64().unwrap();
        let caption = format!(
            "2 of 36: piece 1 \u{2192} d, move 1 of 8: roll {roll}, cost {cost} units = {cm:.4} cm"
        );
        assert_eq!(text(&c, "walk-caption").await, caption);
        click(&c, "walk-last").await;
        let (_, _, on) = marker(&c).await;
        assert_eq!(on, "tile goal a", "piece 4 fills goal tile a last");
        click(&c, "walk-prev").await;
        assert!(text(&c, "walk-caption").await.starts_with("35 of 36: piece 4 \u{2192} a, move 7 of 8"));
        click(&c, "walk-first").await;
        click(&c, "walk-next").await;
        click(&c, "walk-next").await;
        assert_eq!(marker(&c).await, first);

        // Each move's roll and cost on hover: the pointer on the first move's roll number.
        let disc = c
            .find(Locator::Css("g.panel[data-player='black'] g.roll[data-move='1'] circle"))
            .await
            .unwrap();
        let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
            element: disc,
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        c.perform_actions(hover).await.unwrap();
        wait(&c, "document.getElementById('hover').textContent !== ''").await;
        assert_eq!(
            text(&c, "hover").await,
            format!("piece 1 \u{2192} d, move 1 of 8: roll {roll}, cost {cost} units = {cm:.4} cm")
        );

        // Players and pieces switched on and off.
        let width = "Number(document.querySelector('#drawing svg').getAttribute('width'))";
        let one = js(&c, &format!("return {width};")).await.as_f64().unwrap();
        c.find(Locator::Css("#players input[data-value='yellow']")).await.unwrap().click().await.unwrap();
        assert_eq!(shown_players(&c).await, ["black", "yellow"]);
        let two = js(&c, &format!("return {width};")).await.as_f64().unwrap();
        assert!(two > 1.5 * one, "{one} -> {two}");
        c.find(Locator::Css("#players input[data-value='yellow']")).await.unwrap().click().await.unwrap();
        c.find(Locator::Css("#pieces input[data-value='2']")).await.unwrap().click().await.unwrap();
        // The walk keeps its place, now among 27 moves.
        assert_eq!(text(&c, "walk-caption").await, caption.replace("of 36", "of 27"));
        let hidden = js(&c, "return Array.from(document.querySelectorAll('g.segment[data-pieces=\"2\"]')).every(e => getComputedStyle(e).display === 'none');").await;
        assert_eq!(hidden, json!(true));
        c.find(Locator::Css("#pieces input[data-value='2']")).await.unwrap().click().await.unwrap();

        // Every method, and real dice, on the board being edited.
        click(&c, "run-compare").await;
        wait(&c, "document.querySelector('#compare table')").await;
        let dp = js(&c, "return Array.from(document.querySelectorAll('#compare tbody tr')).find(r => r.cells[0].textContent === 'dp/step').cells[3].textContent;").await;
        assert_eq!(dp, json!(black["total"].to_string()));
        click(&c, "run-dice").await;
        wait(&c, "document.querySelector('#dice table')").await;
        let turns = js(&c, "return document.querySelector('#dice tbody tr').cells[2].textContent;").await;
        assert_eq!(turns, json!("49.2515"));

        // Editing a tile's coordinate redraws the board: what the renderer draws of the new text.
        js(&c, "window.before = document.querySelector('#drawing svg');
                const t = document.getElementById('toml');
                t.value = t.value.replace('base = [[1, 10]', 'base = [[1, 11]');
                t.dispatchEvent(new Event('input'));").await;
        wait(&c, "document.querySelector('#drawing svg') !== window.before && document.getElementById('status').dataset.state === 'ok'").await;
        let edited = js(&c, "return document.getElementById('toml').value;").await;
        let edited = edited.as_str().unwrap().to_string();
        assert_ne!(edited, MAEDN);
        let page_svg = js(&c, "return new XMLSerializer().serializeToString(document.querySelector('#drawing svg'));").await;
        let expected = tile_centres(&library_svg(&edited));
        assert_eq!(tile_centres(page_svg.as_str().unwrap()), expected);
        assert_ne!(expected, tile_centres(&library_svg(MAEDN)));

        // A broken line shows its diagnostic at that line, exactly as `validate` words it.
        let line = 24;
        let row = MAEDN.lines().nth(line - 1).unwrap();
        assert!(row.starts_with("    [4, 10]"), "{row}");
        js(&c, &format!(
            "const t = document.getElementById('toml');
             const at = t.value.split('\\n').slice(0, {}).join('\\n').length + 1 + 6;
             t.focus(); t.setSelectionRange(at, at);", line - 1)).await;
        c.find(Locator::Id("toml")).await.unwrap().send_keys("x").await.unwrap();
        wait(&c, "document.getElementById('status').dataset.state === 'bad'").await;
        let broken = js(&c, "return document.getElementById('toml').value;").await;
        let broken = broken.as_str().unwrap().to_string();
        assert!(broken.lines().nth(line - 1).unwrap().starts_with("    [4x, 10]"));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("maedn.toml");
        std::fs::write(&path, &broken).unwrap();
        let out = run(&["validate", path.to_str().unwrap()]);
        let said = String::from_utf8(out.stderr).unwrap();
        let said = said.lines().next().unwrap().replace(&path.display().to_string(), "maedn.toml");
        assert!(said.starts_with(&format!("maedn.toml:{line}:")), "{said}");
        let shown = js(&c, "return Array.from(document.querySelectorAll('#diagnostics li'), li => [li.textContent, li.dataset.line]);").await;
        assert_eq!(shown, json!([[said, line.to_string()]]));
        let marked = js(&c, "return Array.from(document.querySelectorAll('#gutter div.error'), d => d.dataset.line);").await;
        assert_eq!(marked, json!([line.to_string()]));
        assert_eq!(js(&c, "return document.getElementById('drawing').className;").await, json!("stale"));
        c.find(Locator::Id("toml")).await.unwrap().send_keys("\u{E003}").await.unwrap(); // Backspace
        wait(&c, "document.getElementById('status').dataset.state === 'ok'").await;
        assert_eq!(js(&c, "return document.querySelectorAll('#diagnostics li').length;").await, json!(0));

        // Downloads, one click at a time (a page's download after another one's click would be
        // an automatic download, which Chrome asks about): the board as edited, its picture, a
        // PNG and the solution.
        click(&c, "download-toml").await;
        let toml = downloaded(&downloads, "maedn.toml").await;
        assert_eq!(String::from_utf8(toml).unwrap(), edited);
        click(&c, "download-svg").await;
        let svg = String::from_utf8(downloaded(&downloads, "maedn.svg").await).unwrap();
        assert_eq!(svg, library_svg(&edited));
        click(&c, "download-png").await;
        let png = downloaded(&downloads, "maedn.png").await;
        assert!(png.starts_with(b"\x89PNG"));
        click(&c, "download-json").await;
        let solution: Value = serde_json::from_slice(&downloaded(&downloads, "maedn.json").await).unwrap();
        std::fs::write(&path, &edited).unwrap();
        let cli = json_results(&["solve", path.to_str().unwrap(), "--player", "all", "--format", "json"]);
        assert_eq!(solution["results"], cli);
        assert_ne!(cli, json_results(&["solve", "maedn", "--player", "all", "--format", "json"]));
    }).await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_html_file_shows_the_board_with_no_network() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maedn.html");
    let out = run(&["render", "--player", "all", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let url = format!("file://{}", path.display());
    let tiles = Board::load("maedn").unwrap().tile_count();
    browser
        .run(move |c, _| async move {
            c.goto(&url).await.unwrap();
            wait(
                &c,
                "document.getElementById('walk-caption').textContent !== ''",
            )
            .await;
            // Nothing was fetched: the page, its script, style, picture and data are one file.
            let fetched = js(
                &c,
                "return performance.getEntriesByType('resource').map(r => r.name);",
            )
            .await;
            assert_eq!(fetched, json!([]));
            let drawn = js(
                &c,
                "return document.querySelectorAll('#drawing circle.tile').length;",
            )
            .await;
            assert_eq!(drawn, json!(4 * tiles));
            assert_eq!(shown_players(&c).await, ["black", "yellow", "green", "red"]);
            click(&c, "walk-next").await;
            assert_eq!(marker(&c).await.2, "tile start");
            c.find(Locator::Css("#walk-player"))
                .await
                .unwrap()
                .select_by_value("red")
                .await
                .unwrap();
            click(&c, "walk-last").await;
            assert!(
                text(&c, "walk-caption")
                    .await
                    .starts_with("36 of 36: piece 4 \u{2192} a")
            );
            assert_eq!(marker(&c).await.2, "tile goal a");
            c.find(Locator::Css("#players input[data-value='green']"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            assert_eq!(shown_players(&c).await, ["black", "yellow", "red"]);
            drop(dir);
        })
        .await;
}

/// Redraws `docs/pictures/workbench.png`: the workbench on the standard board, the marker a few
/// moves along black's first piece, the pointer on the last move of piece 3.
#[tokio::test(flavor = "current_thread")]
#[ignore = "writes docs/pictures/workbench.png; run to redraw it"]
async fn screenshot() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = server.url();
    browser
        .run(move |c, _| async move {
            c.goto(&url).await.unwrap();
            wait(
                &c,
                "document.getElementById('status').dataset.state === 'ok'",
            )
            .await;
            for _ in 0..4 {
                click(&c, "walk-next").await;
            }
            let disc = c
                .find(Locator::Css(
                    "g.panel[data-player='black'] g.roll[data-move='8'][data-pieces='3'] circle",
                ))
                .await
                .unwrap();
            c.perform_actions(MouseActions::new("mouse".into()).then(
                PointerAction::MoveToElement {
                    element: disc,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                },
            ))
            .await
            .unwrap();
            wait(&c, "document.getElementById('hover').textContent !== ''").await;
            let png = c.screenshot().await.unwrap();
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures/workbench.png");
            std::fs::write(&path, png).unwrap();
            println!("wrote {}", path.display());
        })
        .await;
}
