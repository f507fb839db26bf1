//! `boardpath boards`: the embedded boards in brief, or any boards with every tile's coordinates.

use super::Error;
use super::Format;
use super::{load_board, out};
use boardpath::board::Board;
use boardpath::board::embedded::{self, BOARDS};
use boardpath::output::board::BoardTiles;
use clap::Args;

/// Arguments of `boards`.
#[derive(Args)]
pub struct BoardsArgs {
    /// Board files or embedded board names (`-` reads standard input) to export with every tile;
    /// none lists the embedded boards.
    pub boards: Vec<String>,
    /// Output format: readable text, or JSON for scripts (every tile's coordinates either way when
    /// boards are named).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `boards`: the boards named, or every embedded board in listing order.
pub fn run(args: &BoardsArgs) -> Result<(), Error> {
    let boards = if args.boards.is_empty() {
        BOARDS
            .iter()
            .map(|&(short, _)| {
                embedded::embedded(short)
                    .ok_or_else(|| Error::Input(format!("embedded board {short} is missing")))?
                    .map_err(Error::from)
            })
            .collect::<Result<Vec<Board>, Error>>()?
    } else {
        args.boards
            .iter()
            .map(|name| load_board(name))
            .collect::<Result<Vec<Board>, Error>>()?
    };
    let tiles: Vec<BoardTiles> = boards.iter().map(BoardTiles::new).collect();
    match args.format {
        Format::Json => out::print(&out::json_document("boards", &boards, &tiles)?),
        Format::Text => {
            let blocks: Vec<String> = if args.boards.is_empty() {
                tiles.iter().map(BoardTiles::summary_text).collect()
            } else {
                tiles.iter().map(BoardTiles::tiles_text).collect()
            };
            out::print(&blocks.join("\n"))
        }
    }
}
