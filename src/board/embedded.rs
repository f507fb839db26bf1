//! Boards built into the binary, so that it runs with no files present.

use super::{Board, BoardError};
use std::path::Path;

/// Short name and TOML text of every embedded board, in listing order.
pub const BOARDS: &[(&str, &str)] = &[
    ("maedn", include_str!("../../boards/maedn.toml")),
    (
        "maedn-official",
        include_str!("../../boards/maedn-official.toml"),
    ),
    ("maedn-6", include_str!("../../boards/maedn-6.toml")),
    ("ludo", include_str!("../../boards/ludo.toml")),
    ("parcheesi", include_str!("../../boards/parcheesi.toml")),
];

/// The short name of the board solved when none is given.
pub const DEFAULT: &str = "maedn";

/// The short names of the embedded boards.
pub fn names() -> Vec<&'static str> {
    BOARDS.iter().map(|(n, _)| *n).collect()
}

/// Loads an embedded board by short name.
pub fn embedded(name: &str) -> Option<Result<Board, BoardError>> {
    BOARDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, text)| Board::from_toml(text, &format!("embedded:{n}")))
}

/// Loads `name_or_path`: an existing file wins; otherwise an embedded board's short name.
pub fn load(name_or_path: &str) -> Result<Board, BoardError> {
    let path = Path::new(name_or_path);
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|source| BoardError::Io {
            path: name_or_path.to_string(),
            source,
        })?;
        return Board::from_toml(&text, name_or_path);
    }
    if let Some(board) = embedded(name_or_path) {
        return board;
    }
    if name_or_path.contains(['/', '\\']) || name_or_path.ends_with(".toml") {
        return Err(BoardError::Io {
            path: name_or_path.to_string(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    }
    Err(BoardError::Unknown {
        name: name_or_path.to_string(),
        known: names(),
    })
}

/// Whether `board` has the paper's geometry and model (the embedded standard board, any subset of
/// its players): the only board the paper's constants were derived for.
pub fn is_paper_board(board: &Board) -> bool {
    let Some(Ok(paper)) = embedded(DEFAULT) else {
        return false;
    };
    board.track == paper.track
        && board.rules == paper.rules
        && board.players.iter().all(|p| {
            paper.players.iter().any(|q| {
                p.start == q.start
                    && p.track_steps == q.track_steps
                    && p.base == q.base
                    && p.goal == q.goal
            })
        })
}
