//! `boardpath serve`: the board workbench, a local web page that edits a board's TOML, shows every
//! diagnostic at its line as you type, draws the board and its shortest paths with the viewer of
//! `render -o FILE.html`, and runs `compare` and `dice` on it.
//!
//! The server listens on 127.0.0.1 only and answers one request at a time (see [`api`] for the
//! endpoints and their limits), so its memory is one request's: the body is at most `--max-body`
//! bytes, a search at most `--budget` nodes per player, a dice model at most `--max-dice-states`
//! states, and the race the library compiles at most 20,000,000 (step, face) pairs.

mod api;

use super::Error;
use super::out;
use super::render::file_name;
use api::Limits;
use boardpath::board::embedded;
use boardpath::render::html::{self, Extra, Page};
use clap::Args;

/// Arguments of `serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Board file, or an embedded board's short name: the board the editor opens with (it may
    /// be invalid: its problems are shown at their lines).
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Port on 127.0.0.1; 0 picks a free one. The address is printed.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The largest request body (a board's TOML) in bytes, 1 KiB to 64 MiB: 1 MiB holds a board of
    /// about 56,000 tiles.
    #[arg(long, default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1024..=embedded::MAX_BOARD_BYTES))]
    pub max_body: u64,
    /// The most nodes a method may expand per player in one request (a request may ask for fewer).
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: u64,
    /// The most states of one real-dice model (`dice`; about 175 bytes each).
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_dice_states: u64,
}

/// The editor pane, the compare and dice sections, and their script and style.
const EDITOR: &str = include_str!("editor.html");
const TOOLS: &str = include_str!("tools.html");
const SCRIPT: &str = concat!(include_str!("tomltiles.js"), include_str!("workbench.js"));
const STYLE: &str = include_str!("workbench.css");

/// Runs `serve` until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<(), Error> {
    let source = embedded::source(&args.board)?;
    let file = file_name(&source);
    let limits = Limits {
        max_body: args.max_body,
        budget: args.budget,
        max_dice_states: args.max_dice_states,
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
    let server = tiny_http::Server::http(("127.0.0.1", args.port)).map_err(|e| {
        Error::Input(format!(
            "cannot listen on 127.0.0.1:{}: {e}; choose another port with --port (0 picks a free one)",
            args.port
        ))
    })?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| Error::Internal("the server has no IP address".into()))?;
    out::print(&format!(
        "boardpath workbench on http://{address}/ editing {} (Ctrl-C stops it)\n",
        source.origin
    ))?;
    let api = api::Api {
        page,
        limits,
        port: address.port(),
    };
    // One request at a time: a request's memory is freed before the next one starts.
    for mut request in server.incoming_requests() {
        let reply = api.answer(&mut request);
        // A client that went away before its answer is no error of the server's.
        let _ = request.respond(reply.into_response());
    }
    Ok(())
}
