//! Boards built into the binary, so that it runs with no files present.

use super::error::line_col;
use super::{Board, BoardError, Diagnostic};
use std::io::Read;
use std::path::Path;
use std::sync::OnceLock;

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

/// What an embedded board's `origin` starts with, before its short name.
pub(crate) const ORIGIN_PREFIX: &str = "embedded:";

/// The short names of the embedded boards.
pub fn names() -> Vec<&'static str> {
    BOARDS.iter().map(|(n, _)| *n).collect()
}

/// Loads an embedded board by short name.
pub fn embedded(name: &str) -> Option<Result<Board, BoardError>> {
    BOARDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, text)| Board::from_toml(text, &format!("{ORIGIN_PREFIX}{n}")))
}

/// The short name of `board` if it is an embedded board as loaded (its `origin` says so).
pub fn short_name(board: &Board) -> Option<&'static str> {
    let name = board.origin.strip_prefix(ORIGIN_PREFIX)?;
    BOARDS.iter().map(|&(n, _)| n).find(|&n| n == name)
}

/// The largest board file read, in bytes: generous for real boards (the embedded ones are a few
/// KiB; a generated 1,000,000-tile board about 20 MiB), small enough that `/dev/zero` or a stray
/// binary is refused at once instead of read into memory.
pub const MAX_BOARD_BYTES: u64 = 64 * 1024 * 1024;

/// Reads a board's text from `reader` (at most [`MAX_BOARD_BYTES`]).
fn read_text(reader: impl Read, origin: &str) -> Result<String, BoardError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_BOARD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| BoardError::Io {
            path: origin.to_string(),
            source,
        })?;
    if bytes.len() as u64 > MAX_BOARD_BYTES {
        return Err(BoardError::TooLarge {
            path: origin.to_string(),
            limit: MAX_BOARD_BYTES,
        });
    }
    decode_text(bytes, origin)
}

/// A board file's bytes as text; invalid UTF-8 is reported at the line and column of its first
/// bad byte.
pub fn decode_text(bytes: Vec<u8>, origin: &str) -> Result<String, BoardError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let good = String::from_utf8_lossy(&bytes[..at]);
        let (line, column) = line_col(&good, good.len());
        BoardError::Invalid(vec![Diagnostic {
            origin: origin.to_string(),
            position: Some((line, column)),
            message: format!(
                "byte 0x{:02x} (offset {at}) is not UTF-8 text; a board file is UTF-8 TOML",
                bytes[at]
            ),
        }])
    })
}

/// A board file's text, before it is parsed, and the name its messages give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The TOML text.
    pub text: String,
    /// The path as given, `<stdin>`, or `embedded:NAME`.
    pub origin: String,
}

/// Reads `name_or_path`: `-` is standard input; an existing file wins; otherwise an embedded
/// board's short name.
pub fn source(name_or_path: &str) -> Result<Source, BoardError> {
    let source = |text, origin: &str| Source {
        text,
        origin: origin.to_string(),
    };
    if name_or_path == "-" {
        let text = read_text(std::io::stdin().lock(), "<stdin>")?;
        return Ok(source(text, "<stdin>"));
    }
    let path = Path::new(name_or_path);
    if path.exists() {
        let file = std::fs::File::open(path).map_err(|source| BoardError::Io {
            path: name_or_path.to_string(),
            source,
        })?;
        let text = read_text(file, name_or_path)?;
        return Ok(source(text, name_or_path));
    }
    if let Some((n, text)) = BOARDS.iter().find(|(n, _)| *n == name_or_path) {
        return Ok(source(text.to_string(), &format!("embedded:{n}")));
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

/// Loads `name_or_path` (see [`source`]).
pub fn load(name_or_path: &str) -> Result<Board, BoardError> {
    let s = source(name_or_path)?;
    Board::from_toml(&s.text, &s.origin)
}

/// Whether `board` has the paper's geometry and model (the embedded standard board, any subset of
/// its players): the only board the paper's constants were derived for.
pub(crate) fn is_paper_board(board: &Board) -> bool {
    // Parsed once: compare asks for every method on every board.
    static PAPER: OnceLock<Option<Board>> = OnceLock::new();
    let Some(paper) = PAPER.get_or_init(|| embedded(DEFAULT).and_then(Result::ok)) else {
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
