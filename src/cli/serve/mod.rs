//! `boardpath serve`: the board workbench, a local web page that edits a board's TOML, shows every
//! diagnostic at its line as you type, draws the board and its shortest paths with the viewer of
//! `render -o FILE.html`, and runs `compare` and `dice` on it.
//!
//! The server listens on 127.0.0.1 only. Each connection is read on its own thread, under a
//! deadline (`--read-timeout`: a client that stalls is answered 408 and delays no one); the work
//! runs one request at a time (see [`api`] for the endpoints and their limits), so its memory is
//! one request's: the body is at most `--max-body` bytes, the board at most `--max-pieces` pieces
//! and `--max-tiles` tiles, a search at most `--budget` nodes per player, a dice model at most
//! `--max-dice-states` states, the answer at most `--max-answer` bytes, and the work at most
//! `--timeout` seconds (then it is cancelled and answered 503).

mod api;
mod game;
mod http;

use super::Error;
use super::out;
use super::range::{at_least, whole};
use super::render::file_name;
use api::Limits;
use boardpath::board::embedded;
use boardpath::render::html::{self, Extra, Page};
use clap::Args;
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Arguments of `serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Board file, or an embedded board's short name: the board the editor opens with (it may
    /// be invalid: its problems are shown at their lines).
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Port on 127.0.0.1, 0 to 65,535; 0 picks a free one. The address is printed.
    #[arg(long, default_value_t = 8080, allow_negative_numbers = true, value_parser = at_least(0u16))]
    pub port: u16,
    /// The largest request body (a board's TOML) in bytes, 1,024 to 67,108,864 (1 KiB to 64 MiB):
    /// 1 MiB holds a board of about 56,000 tiles.
    #[arg(long, default_value_t = 1 << 20, allow_negative_numbers = true, value_parser = whole(1024, embedded::MAX_BOARD_BYTES))]
    pub max_body: u64,
    /// The most nodes a method may expand per player in one request, 1 or more (a request may ask
    /// for fewer).
    #[arg(long, default_value_t = 10_000_000, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub budget: u64,
    /// The most states of one real-dice model (`dice`; about 175 bytes each), 1 or more.
    #[arg(long, default_value_t = 2_000_000, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub max_dice_states: u64,
    /// The most pieces of a board, all players together, 1 or more.
    #[arg(long, default_value_t = 1_000, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub max_pieces: u64,
    /// The most tiles of a board (track, waiting and goal tiles), 1 or more.
    #[arg(long, default_value_t = 100_000, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub max_tiles: u64,
    /// The largest answer in bytes, 1,024 or more, estimated before the work (from the moves the
    /// pieces can make and the tiles drawn) and checked after it.
    #[arg(long, default_value_t = 64 << 20, allow_negative_numbers = true, value_parser = at_least(1024u64))]
    pub max_answer: u64,
    /// The most games of one /api/play tournament, 1 to 100,000,000.
    #[arg(long, default_value_t = 100_000, allow_negative_numbers = true, value_parser = whole(1u64, boardpath::game::tournament::MAX_GAMES))]
    pub max_games: u64,
    /// Seconds one request's work may run before it is cancelled and answered 503, 1 to 86,400.
    #[arg(long, default_value_t = 60, allow_negative_numbers = true, value_parser = whole(1u64, 86_400))]
    pub timeout: u64,
    /// Seconds a client has to send its whole request before it is answered 408, 1 to 3,600.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = whole(1u64, 3_600))]
    pub read_timeout: u64,
    /// A value table written by `solve-game --out` (standard board, openspiel rules): the play
    /// page (/play) plays games with its pieces from it, read once at start and shared by every
    /// game.
    #[arg(long)]
    pub table: Option<String>,
}

/// The most connections read at once; more are answered 503 at once.
const MAX_CONNECTIONS: usize = 64;

/// The editor pane, the compare and dice sections, and their script and style.
const EDITOR: &str = include_str!("editor.html");
const TOOLS: &str = include_str!("tools.html");
const SCRIPT: &str = concat!(include_str!("tomltiles.js"), include_str!("workbench.js"));
const STYLE: &str = include_str!("workbench.css");
/// The play page, whole.
const PLAY: &str = include_str!("play.html");

/// Runs `serve` until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<(), Error> {
    let source = embedded::source(&args.board)?;
    let file = file_name(&source);
    let limits = Limits {
        max_body: args.max_body,
        budget: args.budget,
        max_dice_states: args.max_dice_states,
        max_pieces: args.max_pieces,
        max_tiles: args.max_tiles,
        max_answer: args.max_answer,
        max_games: args.max_games,
        timeout: Duration::from_secs(args.timeout),
    };
    let page = html::page(
        &Page {
            title: &file,
            file: &file,
            toml: &source.text,
            svg: "",
            solution: None,
        },
        Some(&Extra {
            before: EDITOR,
            after: TOOLS,
            style: STYLE,
            script: SCRIPT,
            data: &api::choices(&limits),
        }),
    );
    let games = games(args.table.as_deref())?;
    let listener = TcpListener::bind(("127.0.0.1", args.port)).map_err(|e| {
        Error::Input(format!(
            "cannot listen on 127.0.0.1:{}: {e}; choose another port with --port (0 picks a free one)",
            args.port
        ))
    })?;
    let address = listener
        .local_addr()
        .map_err(|e| Error::Internal(format!("the server has no address: {e}")))?;
    out::print(&format!(
        "boardpath workbench on http://{address}/ editing {}, the play page on \
         http://{address}/play (Ctrl-C stops it)\n",
        source.origin
    ))?;
    let api = Arc::new(api::Api {
        page,
        limits,
        port: address.port(),
        work: Mutex::new(()),
        games,
        play_page: PLAY.replace(
            "/*BOARDS*/[\"maedn\"]",
            &serde_json::to_string(&embedded::names()).expect("names are strings"),
        ),
    });
    accept(&listener, &api, Duration::from_secs(args.read_timeout));
    Ok(())
}

/// The play page's games, with `serve --table`'s values read and checked once at start.
fn games(table: Option<&str>) -> Result<Arc<game::Games>, Error> {
    let games = Arc::new(game::Games::new());
    if let Some(path) = table {
        let optimal = game::Games::check_table(path)
            .map_err(|e| Error::Input(format!("serve --table: {e}")))?;
        games.preload(optimal);
    }
    Ok(games)
}

/// Answers every connection on a thread of its own, at most [`MAX_CONNECTIONS`] at once.
fn accept(listener: &TcpListener, api: &Arc<api::Api>, read_timeout: Duration) {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        // A connection that failed before it was accepted is the client's business.
        let Ok(stream) = stream else { continue };
        let connection = http::Connection::new(stream, read_timeout);
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            api::refusal(http::Refusal {
                status: 503,
                message: format!("{MAX_CONNECTIONS} requests are open already; try again"),
            })
            .send(connection, false);
            continue;
        }
        let (api, open) = (Arc::clone(api), Arc::clone(&open));
        std::thread::spawn(move || {
            serve_one(&api, connection);
            open.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Reads one request from `connection` and answers it.
fn serve_one(api: &api::Api, mut connection: http::Connection) {
    let reply = match connection.head() {
        Ok(head) => {
            let head_only = head.method == "HEAD";
            let reply = api.answer(&head, &mut connection);
            return reply.send(connection, head_only);
        }
        Err(r) => api::refusal(r),
    };
    reply.send(connection, false);
}
