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

    /// Starts chromedriver and a session, trying again on a fresh port when the first tries
    /// fail: the port `free_port` found can be taken before chromedriver binds it (by another
    /// test's chromedriver, or by a Chromium's DevTools port), and a loaded two-core machine
    /// running four browsers at once can drop a session's first request.
    async fn launch(chromium: PathBuf, chromedriver: PathBuf) -> Browser {
        const TRIES: usize = 3;
        let mut failures = Vec::new();
        for _ in 0..TRIES {
            match Browser::try_launch(&chromium, &chromedriver).await {
                Ok(browser) => return browser,
                Err(e) => failures.push(e),
            }
        }
        panic!(
            "cannot start {} in {TRIES} tries: {}",
            chromium.display(),
            failures.join("; ")
        );
    }

    async fn try_launch(chromium: &Path, chromedriver: &Path) -> Result<Browser, String> {
        let port = free_port();
        let mut driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", chromedriver.display()));
        match Browser::session(chromium, &mut driver, port).await {
            Ok((client, downloads, profile)) => Ok(Browser {
                driver,
                client,
                downloads,
                _profile: profile,
            }),
            Err(e) => {
                let _ = driver.kill();
                let _ = driver.wait();
                Err(format!("port {port}: {e}"))
            }
        }
    }

    /// Waits for `driver` to listen on `port`, then opens a session on it.
    async fn session(
        chromium: &Path,
        driver: &mut Child,
        port: u16,
    ) -> Result<(Client, tempfile::TempDir, tempfile::TempDir), String> {
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = driver.try_wait() {
                return Err(format!("chromedriver exited ({status})"));
            }
            if started.elapsed() > PATIENCE {
                return Err("chromedriver did not listen".into());
            }
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
            .map_err(|e| e.to_string())?;
        // A chromedriver that could not bind the port has exited, and the session just opened
        // belongs to whoever holds the port: it would die with that test.
        if let Ok(Some(status)) = driver.try_wait() {
            let _ = client.close().await;
            return Err(format!(
                "chromedriver exited ({status}); the port was taken"
            ));
        }
        Ok((client, downloads, profile))
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

/// Waits until `condition` (an expression) is true in the page, for as long as the page's status
/// line keeps changing (a solve's progress: a loaded machine is slower, not stuck), and fails
/// after [`PATIENCE`] without a change.
async fn wait(c: &Client, condition: &str) {
    let status = || {
        js(
            c,
            "const s = document.getElementById('status'); return s ? s.textContent : '';",
        )
    };
    let mut started = Instant::now();
    let mut last = status().await;
    loop {
        if js(c, &format!("return Boolean({condition});")).await == Value::Bool(true) {
            return;
        }
        let now = status().await;
        if now != last {
            (last, started) = (now, Instant::now());
        } else if started.elapsed() > PATIENCE {
            panic!("waited {PATIENCE:?} without progress for {condition}; status: {last}");
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
        // The picture grows (sideways or, where the page is narrow, downwards) rather than
        // shrinking its players.
        let width = "Number(document.querySelector('#drawing svg').getAttribute('width')) * Number(document.querySelector('#drawing svg').getAttribute('height'))";
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

/// Redraws `docs/pictures/workbench.png`: the workbench on the standard board with tile numbers,
/// the marker a few moves along black's first piece, the pointer on a track tile and its card.
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
            // Tile numbers on, the marker four moves along piece 1, and the pointer on track
            // tile 14, whose hover card shows who uses it.
            click(&c, "labels").await;
            wait(
                &c,
                "document.querySelector('#drawing text.tile-label') && document.getElementById('status').dataset.state === 'ok'",
            )
            .await;
            for _ in 0..4 {
                click(&c, "walk-next").await;
            }
            js(
                &c,
                "document.querySelectorAll(\"g.panel[data-player='black'] circle.tile\")[14].id = 'shot';",
            )
            .await;
            let centre = js(
                &c,
                "const r = document.getElementById('shot').getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];",
            )
            .await;
            c.perform_actions(MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
                duration: None,
                x: centre[0].as_f64().unwrap().round(),
                y: centre[1].as_f64().unwrap().round(),
            }))
            .await
            .unwrap();
            wait(&c, "!document.getElementById('card').hidden").await;
            let png = c.screenshot().await.unwrap();
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures/workbench.png");
            std::fs::write(&path, png).unwrap();
            println!("wrote {}", path.display());
        })
        .await;
}

/// The `[x, y]` points of the standard board's track as its TOML writes them, in order.
fn track_points(toml: &str) -> Vec<String> {
    let start = toml.find("tiles = [").unwrap() + "tiles = [".len();
    let end = start + toml[start..].find("\n]").unwrap();
    toml[start..end]
        .split('[')
        .skip(1)
        .map(|p| format!("[{}]", p.split(']').next().unwrap()))
        .collect()
}

/// The line (from 1) of the text's selection start, and the selected text.
async fn selection(c: &Client) -> (usize, String) {
    let v = js(
        c,
        "const t = document.getElementById('toml');
         return [t.value.slice(0, t.selectionStart).split('\\n').length,
                 t.value.slice(t.selectionStart, t.selectionEnd)];",
    )
    .await;
    (
        v[0].as_u64().unwrap() as usize,
        v[1].as_str().unwrap().to_string(),
    )
}

/// The pointer pressed on the element `css` and released `dx`, `dy` pixels away (0, 0: a click).
async fn drag(c: &Client, css: &str, dx: f64, dy: f64) {
    drag_from(c, css, (0.0, 0.0), dx, dy).await;
}

/// As [`drag`], pressed `at` pixels from the element's centre (found by the page itself: the
/// driver's idea of an SVG element's centre is not always the page's).
async fn drag_from(c: &Client, css: &str, at: (f64, f64), dx: f64, dy: f64) {
    let centre = js(
        c,
        &format!(
            "const e = document.querySelector({});
             e.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
             const r = e.getBoundingClientRect();
             return [r.left + r.width / 2, r.top + r.height / 2];",
            json!(css)
        ),
    )
    .await;
    let mut actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: (centre[0].as_f64().unwrap() + at.0).round(),
            y: (centre[1].as_f64().unwrap() + at.1).round(),
        })
        .then(PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        });
    if dx != 0.0 || dy != 0.0 {
        for k in 1..=4 {
            actions = actions.then(PointerAction::MoveBy {
                duration: Some(Duration::from_millis(20)),
                x: (dx * f64::from(k) / 4.0).round() - (dx * f64::from(k - 1) / 4.0).round(),
                y: (dy * f64::from(k) / 4.0).round() - (dy * f64::from(k - 1) / 4.0).round(),
            });
        }
    }
    let actions = actions.then(PointerAction::Up {
        button: fantoccini::actions::MOUSE_BUTTON_LEFT,
    });
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

/// The pointer on the element `css`.
async fn hover(c: &Client, css: &str) {
    let el = c.find(Locator::Css(css)).await.unwrap();
    c.perform_actions(
        MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
            element: el,
            duration: None,
            x: 0.0,
            y: 0.0,
        }),
    )
    .await
    .unwrap();
}

/// Waits for a redraw after an edit (`what`): a new picture, and the status says it is valid.
async fn redrawn(c: &Client, what: &str) {
    eprintln!("waiting for the redraw after {what}");
    wait(
        c,
        "document.querySelector('#drawing svg') !== window.before && document.getElementById('status').dataset.state === 'ok'",
    )
    .await;
}

/// The labels of the first panel of an SVG's text: (text, x, y).
fn svg_labels(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let panel = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("panel"))
        .unwrap();
    panel
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile-label"))
        .map(|n| {
            (
                n.text().unwrap().to_string(),
                n.attribute("x").unwrap().to_string(),
                n.attribute("y").unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "current_thread")]
async fn the_workbench_edits_the_board_in_the_picture() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = server.url();
    let board = Board::load("maedn").unwrap();
    let track = track_points(MAEDN);
    assert_eq!(track.len(), board.track.len());
    let black = json_results(&["solve", "maedn", "--format", "json"])[0].take();
    // The CLI's picture with tile numbers.
    let dir = tempfile::tempdir().unwrap();
    let labelled = dir.path().join("labels.svg");
    let out = run(&[
        "render",
        "maedn",
        "--player",
        "all",
        "--labels",
        "-o",
        labelled.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let cli_labels = svg_labels(&std::fs::read_to_string(&labelled).unwrap());
    assert_eq!(cli_labels.len(), board.track.len());
    browser
        .run(move |c, _| async move {
            c.goto(&url).await.unwrap();
            wait(&c, "document.getElementById('status').dataset.state === 'ok'").await;
            // Black's tile `i`, given an id to find it by.
            let black_tile = |i: usize| format!("#tile-{i}");
            let mark = "document.querySelectorAll(\"g.panel[data-player='black'] circle.tile\").forEach((t, i) => t.id = 'tile-' + i);";
            js(&c, mark).await;
            let line_of = |needle: &str| MAEDN.lines().position(|l| l.contains(needle)).unwrap() + 1;

            // Hover cards: index, coordinates and line, and who uses the tile.
            hover(&c, &black_tile(0)).await;
            wait(&c, "!document.getElementById('card').hidden").await;
            assert_eq!(text(&c, "card-title").await, "track tile 0 (tile 0)");
            assert_eq!(text(&c, "card-at").await, format!("at {}, line {}", track[0], line_of("tiles = [") + 1));
            let everyone: Vec<&str> = board.players.iter().map(|p| p.name.as_str()).collect();
            let starts: Vec<&str> = board.players.iter().filter(|p| p.start == 0).map(|p| p.name.as_str()).collect();
            assert_eq!(
                text(&c, "card-users").await,
                format!("used by: start of {}; on the track of {}", starts.join(", "), everyone.join(", "))
            );
            let goal = board.track.len() + board.players[0].base.len();
            hover(&c, &black_tile(goal)).await;
            wait(&c, &format!("document.getElementById('card').dataset.tile === '{goal}'")).await;
            assert_eq!(text(&c, "card-title").await, format!("black's goal tile a (tile {goal})"));
            assert_eq!(text(&c, "card-users").await, "used by: black's goal tile a");

            // Clicking a tile selects its point in the text; clicking a move, the tile it ends on.
            drag(&c, &black_tile(12), 0.0, 0.0).await;
            assert_eq!(selection(&c).await, (line_of("[0, 4], [1, 4], [2, 4]"), track[12].clone()));
            let roll = black["pieces"][0]["rolls"][0].as_u64().unwrap() as usize;
            drag(&c, "g.panel[data-player='black'] g.roll[data-move='1'] circle", 0.0, 0.0).await;
            let (line, point) = selection(&c).await;
            assert_eq!(point, track[roll], "move 1 of piece 1 rolls {roll} from the start tile");
            assert_eq!(line, line_of(&track[roll]));

            // Tile numbers, as `render --labels` writes them.
            click(&c, "labels").await;
            wait(&c, "document.querySelector('#drawing text.tile-label') && document.getElementById('status').dataset.state === 'ok'").await;
            let page_svg = js(&c, "return new XMLSerializer().serializeToString(document.querySelector('#drawing svg'));").await;
            assert_eq!(svg_labels(page_svg.as_str().unwrap()), cli_labels);
            js(&c, mark).await;

            // Dragging black's first waiting tile one cell right and one up (and a bit, which
            // snaps) rewrites its two numbers in place; the picture is the renderer's of the text.
            let cell = js(&c, "const r = (i) => document.querySelectorAll(\"g.panel[data-player='black'] circle.tile\")[i].getBoundingClientRect();
                               return r(0).top - r(1).top;").await.as_f64().unwrap();
            assert!(cell > 5.0, "{cell}");
            let base = board.track.len();
            js(&c, "window.before = document.querySelector('#drawing svg');").await;
            drag(&c, &black_tile(base), 1.2 * cell, -0.9 * cell).await;
            redrawn(&c, "the drag").await;
            js(&c, mark).await;
            let moved = MAEDN.replacen("base = [[1, 10]", "base = [[2, 9]", 1);
            assert_eq!(js(&c, "return document.getElementById('toml').value;").await, json!(moved));
            let page_svg = js(&c, "return new XMLSerializer().serializeToString(document.querySelector('#drawing svg'));").await;
            assert_eq!(tile_centres(page_svg.as_str().unwrap()), tile_centres(&library_svg(&moved)));

            // Undo and redo, by button and by keyboard.
            js(&c, "window.before = document.querySelector('#drawing svg');").await;
            click(&c, "undo").await;
            redrawn(&c, "undo").await;
            assert_eq!(js(&c, "return document.getElementById('toml').value;").await, json!(MAEDN));
            js(&c, "window.before = document.querySelector('#drawing svg');").await;
            c.find(Locator::Id("toml")).await.unwrap().send_keys("\u{E009}\u{E008}z\u{E000}").await.unwrap();
            redrawn(&c, "redo").await;
            assert_eq!(js(&c, "return document.getElementById('toml').value;").await, json!(moved));
            assert_eq!(js(&c, "return document.getElementById('redo').disabled;").await, json!(true));

            // The step controls from the keyboard.
            let next = c.find(Locator::Id("walk-next")).await.unwrap();
            next.send_keys("\u{E014}\u{E014}").await.unwrap(); // ArrowRight twice
            assert!(text(&c, "walk-caption").await.starts_with("2 of 36: "));
            next.send_keys("\u{E010}").await.unwrap(); // End
            assert!(text(&c, "walk-caption").await.starts_with("36 of 36: "));
            next.send_keys("\u{E012}").await.unwrap(); // ArrowLeft
            assert!(text(&c, "walk-caption").await.starts_with("35 of 36: "));
            next.send_keys("\u{E011}").await.unwrap(); // Home
            assert_eq!(text(&c, "walk-caption").await, "black: before the first move (36 moves)");

            // Zoom: the buttons, the wheel about the pointer (the point under it stays), and
            // panning by dragging the background; "fit" shows the whole picture again.
            let view = "document.querySelector('#drawing svg').getAttribute('viewBox').split(' ').map(Number)";
            let whole = js(&c, &format!("return {view};")).await;
            click(&c, "zoom-in").await;
            let closer = js(&c, &format!("return {view};")).await;
            let w = |v: &Value, i: usize| v[i].as_f64().unwrap();
            assert!((w(&closer, 2) - w(&whole, 2) * 0.8).abs() < 1e-6, "{whole} -> {closer}");
            let fixed = js(&c, "const svg = document.querySelector('#drawing svg');
                const r = svg.getBoundingClientRect();
                const at = () => new DOMPoint(r.left + 100, r.top + 80).matrixTransform(svg.getScreenCTM().inverse());
                const before = at();
                svg.dispatchEvent(new WheelEvent('wheel', {deltaY: -300, clientX: r.left + 100, clientY: r.top + 80, bubbles: true, cancelable: true}));
                const after = at();
                return [before.x - after.x, before.y - after.y];").await;
            // Within a pixel: the page lays the picture out on whole pixels.
            assert!(w(&fixed, 0).abs() < 1.0 && w(&fixed, 1).abs() < 1.0, "{fixed}");
            let zoomed = js(&c, &format!("return {view};")).await;
            assert!(w(&zoomed, 2) < w(&closer, 2));
            // A point of the board that holds no tile, move or label.
            let free = js(&c, "const b = document.querySelector('#drawing rect.board').getBoundingClientRect();
                for (let y = b.top + 4; y < b.bottom; y += 7) for (let x = b.left + 4; x < b.right; x += 7) {
                    const e = document.elementFromPoint(x, y);
                    if (e && e.matches('rect.board')) return [x - (b.left + b.width / 2), y - (b.top + b.height / 2)];
                }
                return null;").await;
            let free = (w(&free, 0).round(), w(&free, 1).round());
            drag_from(&c, "#drawing rect.board", free, 40.0, 0.0).await;
            let panned = js(&c, &format!("return {view};")).await;
            assert!(w(&panned, 0) < w(&zoomed, 0), "{zoomed} -> {panned}");
            assert_eq!(w(&panned, 2), w(&zoomed, 2));
            click(&c, "zoom-fit").await;
            assert_eq!(js(&c, &format!("return {view};")).await, whole);

            // Every problem listed, each a link to its line.
            let broken = moved.replacen("start = 10", "start = 99", 1).replacen("start = 30", "start = 98", 1);
            js(&c, &format!("window.before = document.querySelector('#drawing svg');
                const t = document.getElementById('toml'); t.value = {}; t.dispatchEvent(new Event('input'));",
                json!(broken))).await;
            wait(&c, "document.getElementById('status').dataset.state === 'bad'").await;
            let path = dir.path().join("maedn.toml");
            std::fs::write(&path, &broken).unwrap();
            let out = run(&["validate", path.to_str().unwrap()]);
            let said: Vec<String> = String::from_utf8(out.stderr).unwrap().lines()
                .filter(|l| l.starts_with(&path.display().to_string()))
                .map(|l| l.replace(&path.display().to_string(), "maedn.toml")).collect();
            assert!(said.len() >= 2, "{said:?}");
            let shown = js(&c, "return Array.from(document.querySelectorAll('#diagnostics li'), li => li.textContent);").await;
            assert_eq!(shown, json!(said));
            js(&c, "document.getElementById('toml').scrollTop = 0;").await;
            c.find(Locator::Css("#diagnostics li:last-child")).await.unwrap().click().await.unwrap();
            let last = line_of("start = 30");
            assert_eq!(selection(&c).await.0, last);
            let top = js(&c, "const t = document.getElementById('toml'); return t.scrollTop / parseFloat(getComputedStyle(t).lineHeight);").await;
            assert!(top.as_f64().unwrap() > 1.0 && top.as_f64().unwrap() < last as f64, "{top}");
            js(&c, &format!("window.before = document.querySelector('#drawing svg');
                const t = document.getElementById('toml'); t.value = {}; t.dispatchEvent(new Event('input'));",
                json!(moved))).await;
            redrawn(&c, "the problems fixed").await;

            // The share link holds the board and the settings; opened afresh, it restores them.
            c.find(Locator::Css("#walk-player")).await.unwrap().select_by_value("yellow").await.unwrap();
            click(&c, "share").await;
            wait(&c, "document.getElementById('share-url').value.includes('#')").await;
            let link = js(&c, "return document.getElementById('share-url').value;").await;
            let link = link.as_str().unwrap().to_string();
            assert!(!link.contains("base%20%3D"), "the board is packed, not written out: {link}");
            c.goto("about:blank").await.unwrap();
            c.goto(&link).await.unwrap();
            wait(&c, "document.getElementById('status').dataset.state === 'ok' && document.getElementById('walk-player').value === 'yellow'").await;
            assert_eq!(js(&c, "return document.getElementById('toml').value;").await, json!(moved));
            assert_eq!(js(&c, "return document.getElementById('labels').checked;").await, json!(true));
            assert!(text(&c, "walk-caption").await.starts_with("yellow: "));

            // A link whose board cannot be read says so and opens the server's board.
            c.goto("about:blank").await.unwrap();
            c.goto(&format!("{}#board=z%21%21", link.split('#').next().unwrap())).await.unwrap();
            wait(&c, "document.getElementById('status').dataset.state === 'ok'").await;
            assert!(text(&c, "status").await.contains("the link's board could not be read"));
            assert_eq!(js(&c, "return document.getElementById('toml').value;").await, json!(MAEDN));
        })
        .await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_workbench_runs_skipped_methods_and_fits_800_pixels() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = server.url();
    // The server's budget (`serve --budget`, 10,000,000 nodes by default) on the command line.
    let compared = json_results(&["compare", "maedn", "--repeat", "1", "--format", "json"]);
    let skipped: Vec<String> = compared["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "skipped")
        .map(|r| r["method"].as_str().unwrap().to_string())
        .collect();
    assert!(!skipped.is_empty(), "compare skips some methods by default");
    let name = skipped[0].clone();
    let alone = json_results(&[
        "compare", "maedn", "--repeat", "1", "--method", &name, "--budget", "10000000", "--format",
        "json",
    ]);
    let row = alone["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["method"] == name.as_str())
        .unwrap()
        .clone();
    browser
        .run(move |c, _| async move {
            c.set_window_rect(0, 0, 800, 900).await.unwrap();
            c.goto(&url).await.unwrap();
            wait(&c, "document.getElementById('status').dataset.state === 'ok'").await;

            // A skipped method runs from its row, as `compare --method NAME` runs it.
            click(&c, "run-compare").await;
            wait(&c, "document.querySelector('#compare table')").await;
            let cell = |i: usize| format!("return document.querySelector('#compare tr[data-method=\"{name}\"]').cells[{i}].textContent;");
            assert_eq!(js(&c, &cell(2)).await, json!("skipped"));
            c.find(Locator::Css(&format!("#compare tr[data-method='{name}'] button.run-method"))).await.unwrap().click().await.unwrap();
            wait(&c, &format!("document.querySelector('#compare tr[data-method=\"{name}\"]').cells[2].textContent !== 'skipped'")).await;
            assert_eq!(js(&c, &cell(2)).await, row["status"]);
            let length = row["length"].as_u64().map_or(String::new(), |l| l.to_string());
            assert_eq!(js(&c, &cell(3)).await, json!(length));
            assert_eq!(js(&c, &cell(9)).await, row["note"]);

            // At 800 pixels nothing scrolls sideways, and with every player shown a tile is as
            // large on the screen as with one.
            let radius = "document.querySelector(\"g.panel[data-player='black'] circle.tile\").getBoundingClientRect().width";
            let one = js(&c, &format!("return {radius};")).await.as_f64().unwrap();
            for p in ["yellow", "green", "red"] {
                c.find(Locator::Css(&format!("#players input[data-value='{p}']"))).await.unwrap().click().await.unwrap();
            }
            assert_eq!(shown_players(&c).await, ["black", "yellow", "green", "red"]);
            let all = js(&c, &format!("return {radius};")).await.as_f64().unwrap();
            // The same scale (within the few pixels the legends' widths differ by).
            assert!((all - one).abs() < 0.02 * one, "{one} -> {all}");
            for p in ["yellow", "green", "red"] {
                let r = js(&c, &format!("return document.querySelector(\"g.panel[data-player='{p}'] circle.tile\").getBoundingClientRect().width;")).await;
                assert!((r.as_f64().unwrap() - one).abs() < 0.02 * one, "{p}: {r}");
            }
            let sideways = js(&c, "return document.documentElement.scrollWidth - document.documentElement.clientWidth;").await;
            let wide = js(&c, "const w = document.documentElement.clientWidth;
                return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > w + 0.5)
                    .slice(0, 6).map(e => e.tagName + '#' + e.id + '.' + e.getAttribute('class') + ' ' + Math.round(e.getBoundingClientRect().right));").await;
            assert_eq!(sideways, json!(0), "wider than the page: {wide}");
        })
        .await;
}

/// Plays the play page (`/play`) until the game is over: clicks the first highlighted piece, or
/// passes, whenever it is the person's turn. Returns the record the page holds.
async fn play_out(c: &Client) -> Value {
    for _ in 0..5_000 {
        wait(
            c,
            "document.querySelector('#board circle.movable') || \
             !document.getElementById('pass').classList.contains('hidden') || \
             document.getElementById('status').textContent.includes('has won') || \
             document.getElementById('status').textContent.startsWith('Refused')",
        )
        .await;
        let status = text(c, "status").await;
        assert!(!status.starts_with("Refused"), "{status}");
        if status.contains("has won") {
            return js(c, "return record;").await;
        }
        let before = js(c, "return record.turns.length;").await;
        js(
            c,
            "const m = document.querySelector('#board circle.movable');
             if (m) m.dispatchEvent(new MouseEvent('click')); else document.getElementById('pass').click();",
        )
        .await;
        // The click is answered once the move is in the record.
        wait(c, &format!("record.turns.length > {before}")).await;
    }
    panic!("the game did not end in 5,000 moves");
}

/// The record `r` as the URL fragment the play page reads.
fn fragment(r: &Value) -> String {
    use std::fmt::Write;
    // Base64 of the UTF-8 JSON, as the page's btoa writes it.
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let bytes = r.to_string().into_bytes();
    let mut s = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |a, &b| a << 8 | u32::from(b)) << (8 * (3 - chunk.len()));
        for i in 0..4 {
            if i <= chunk.len() {
                s.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    let mut out = String::from("#record=");
    let _ = write!(out, "{s}");
    out
}

/// A whole game against the optimal bot with 2 pieces, by clicks: the win probability shown at
/// the start is the solved value to the digits shown, every move is answered, and the review
/// lists every roll and agrees with `boardpath review` on the record the page made.
#[tokio::test(flavor = "current_thread")]
async fn the_play_page_plays_the_optimal_bot_and_reviews_the_game() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = format!("{}play", server.url());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let path2 = path.clone();
    browser
        .run(move |c, _| async move {
            c.goto(&url).await.unwrap();
            c.find(Locator::Css("#pieces"))
                .await
                .unwrap()
                .select_by_value("2")
                .await
                .unwrap();
            click(&c, "start").await;
            wait(&c, "document.getElementById('win0').textContent !== '-'").await;
            // 0.512198970: seat 0's exact chance at the start (docs/game-solve.md).
            assert_eq!(text(&c, "win0").await, "51.22%");
            assert_eq!(text(&c, "win1").await, "48.78%");
            let record = play_out(&c).await;
            let turns = record["turns"].as_array().unwrap().len();
            assert!(turns > 10, "{record}");
            click(&c, "review-button").await;
            wait(&c, "document.querySelectorAll('#turns tr.turn').length > 0").await;
            let rows = js(
                &c,
                "return document.querySelectorAll('#turns tr.turn').length;",
            )
            .await;
            assert_eq!(rows, json!(turns));
            std::fs::write(&path2, record.to_string()).unwrap();
        })
        .await;
    // The CLI's review of the page's record: the same number of turns, seat 1 (the optimal bot)
    // never loses winning chance.
    let r = json_results(&["review", path.to_str().unwrap(), "--format", "json"]);
    let bot_loss = r["players"][1]["loss"].as_f64().unwrap();
    assert!(bot_loss < 1e-9, "the optimal bot lost {bot_loss}");
}

/// Rolls entered by hand ("I roll real dice"), a known record's review from a link, and the
/// upload of a record with an illegal move (refused, naming the turn).
#[tokio::test(flavor = "current_thread")]
async fn the_play_page_takes_entered_rolls_links_and_uploads() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let base = format!("{}play", server.url());
    let known = json!({"format": "boardpath.game-record/1", "pieces": 1,
        "names": ["<img src=x onerror=window.pwned=1>", "optimal"], "turns": [
        {"roll": 6, "action": 1}, {"roll": 4, "action": 2}, {"roll": 3, "action": 0},
        {"roll": 6, "action": 6}, {"roll": 2, "action": 12}, {"roll": 5, "action": 0}]});
    let expected = {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("known.json");
        std::fs::write(&p, known.to_string()).unwrap();
        json_results(&["review", p.to_str().unwrap(), "--format", "json"])
    };
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"format": "boardpath.game-record/1", "pieces": 1, "turns": [{"roll": 6, "action": 1}, {"roll": 3, "action": 9}]}"#,
    )
    .unwrap();
    let bad = bad.to_str().unwrap().to_string();
    let link = format!("{base}{}", fragment(&known));
    browser
        .run(move |c, _| async move {
            // Entered rolls: a 6 brings the piece in, and the bonus roll is asked for again.
            c.goto(&base).await.unwrap();
            c.find(Locator::Css("#pieces")).await.unwrap().select_by_value("1").await.unwrap();
            click(&c, "real-dice").await;
            click(&c, "start").await;
            wait(&c, "document.querySelector('#dice-entry button[data-face=\"6\"]')").await;
            js(&c, "document.querySelector('#dice-entry button[data-face=\"6\"]').click();").await;
            wait(&c, "document.querySelector('#board circle.movable')").await;
            js(&c, "document.querySelector('#board circle.movable').dispatchEvent(new MouseEvent('click'));").await;
            wait(&c, "record.turns.length === 1 && document.querySelector('#dice-entry button[data-face=\"4\"]')").await;
            assert_eq!(js(&c, "return record.turns;").await, json!([{"roll": 6, "action": 1}]));
            // 0.7638340517: the mover's chance after entering on a 6 (the review's best value).
            assert_eq!(text(&c, "win0").await, "76.38%");

            // A link carries a record: the page reviews it, the values are the CLI's.
            c.goto(&link).await.unwrap();
            wait(&c, "document.querySelectorAll('#turns tr.turn').length === 6").await;
            let before = js(&c, "return Array.from(document.querySelectorAll('#turns tr.turn')).map(r => r.children[5].textContent);").await;
            let want: Vec<String> = expected["turns"].as_array().unwrap().iter()
                .map(|t| format!("{:.2}%", 100.0 * t["position_value"].as_f64().unwrap())).collect();
            assert_eq!(before, json!(want));
            // A name from a record is text, never markup.
            let name = js(&c, "return [document.querySelector('#summary tr:nth-child(2) td:nth-child(2)').textContent, window.pwned === undefined];").await;
            assert_eq!(name, json!(["<img src=x onerror=window.pwned=1>", true]));
            // Clicking a turn shows its position.
            js(&c, "document.querySelector('#turns tr.turn[data-turn=\"4\"]').click();").await;
            wait(&c, "document.getElementById('status').textContent.startsWith('Turn 4')").await;

            // An uploaded record with an illegal move is refused, naming the turn.
            c.find(Locator::Id("upload")).await.unwrap().send_keys(&bad).await.unwrap();
            wait(&c, "document.getElementById('status').textContent.startsWith('Refused')").await;
            let status = text(&c, "status").await;
            assert!(status.contains("turn 2") && status.contains("action 9 is not legal"), "{status}");
        })
        .await;
    drop(server);
}

/// Redraws `docs/pictures/play.png` (a game against the optimal bot, a few moves in, with the
/// hint shown) and `docs/pictures/review.png` (the review of a finished game).
#[tokio::test(flavor = "current_thread")]
#[ignore = "writes docs/pictures/play.png and review.png; run to redraw them"]
async fn play_screenshots() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let server = Served::start(&["maedn"]);
    let url = format!("{}play", server.url());
    browser
        .run(move |c, _| async move {
            c.set_window_size(1200, 900).await.unwrap();
            c.goto(&url).await.unwrap();
            click(&c, "start").await;
            let pictures = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures");
            // Play until the person has a choice of at least two moves, then ask for the hint.
            for _ in 0..500 {
                wait(
                    &c,
                    "document.querySelector('#board circle.movable') || \
                     !document.getElementById('pass').classList.contains('hidden') || \
                     document.getElementById('status').textContent.includes('has won')",
                )
                .await;
                let choices = js(&c, "return document.querySelectorAll('#board circle.movable').length;").await;
                if choices.as_u64().unwrap() >= 2 && js(&c, "return record.turns.length;").await.as_u64().unwrap() > 12 {
                    break;
                }
                let before = js(&c, "return record.turns.length;").await;
                js(&c, "const m = document.querySelector('#board circle.movable'); if (m) m.dispatchEvent(new MouseEvent('click')); else document.getElementById('pass').click();").await;
                wait(&c, &format!("record.turns.length > {before}")).await;
            }
            click(&c, "hint-button").await;
            std::fs::write(pictures.join("play.png"), c.screenshot().await.unwrap()).unwrap();
            play_out(&c).await;
            click(&c, "review-button").await;
            wait(&c, "document.querySelectorAll('#turns tr.turn').length > 0").await;
            js(&c, "const rows = document.querySelectorAll('#turns tr.turn'); rows[Math.floor(rows.length / 2)].click();").await;
            wait(&c, "document.getElementById('status').textContent.startsWith('Turn')").await;
            std::fs::write(pictures.join("review.png"), c.screenshot().await.unwrap()).unwrap();
        })
        .await;
}
