//! Why a picture could not be drawn: each message names the problem and the fix.

use crate::solve::PlayerSolveError;
use std::fmt;

/// Why a picture could not be drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum RenderError {
    /// The board could not be solved.
    Solve(PlayerSolveError),
    /// `--piece` is outside the player's pieces.
    Piece {
        /// Player name.
        player: String,
        /// The piece number asked for.
        piece: usize,
        /// How many pieces the player has.
        pieces: usize,
    },
    /// A `--bits` value does not fit the player's bit-board (the message says how wide it is).
    Bits(String),
    /// The options do not go together.
    Options(String),
    /// A board's player colour is not an SVG colour.
    Colour {
        /// Player name.
        player: String,
        /// The colour text from the board file.
        value: String,
    },
    /// The output name does not say SVG, PNG or HTML.
    Format {
        /// The output path.
        path: String,
    },
    /// The picture is too big to rasterise.
    TooBig(String),
    /// Rasterising failed: a bug, reported rather than panicking.
    Raster(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Solve(e) => write!(f, "{e}"),
            RenderError::Piece {
                player,
                piece,
                pieces,
            } => write!(
                f,
                "--piece {piece}: player \"{player}\" has pieces 1 to {pieces} (numbered in finishing order, 1 fills the deepest goal tile)"
            ),
            RenderError::Bits(m) | RenderError::Options(m) => write!(f, "{m}"),
            RenderError::Colour { player, value } => write!(
                f,
                "player \"{player}\" has color \"{value}\", which is not an SVG colour; use a name such as \"blue\" or a hex value such as \"#1f6fd1\""
            ),
            RenderError::Format { path } => {
                let name = std::path::Path::new(path)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if name.starts_with('.') && !name[1..].contains('.') {
                    // `.svg` is a hidden file named "svg", with no extension at all.
                    write!(
                        f,
                        "{path}: \"{name}\" is a name with no extension (a leading dot is part of the name); give a name such as board.svg, board.png or board.html"
                    )
                } else {
                    write!(
                        f,
                        "{path}: the output file name must end in .svg, .png or .html (that chooses the format)"
                    )
                }
            }
            RenderError::TooBig(m) => write!(f, "{m}"),
            RenderError::Raster(m) => {
                write!(f, "internal error (please report): rasterising failed: {m}")
            }
        }
    }
}

impl std::error::Error for RenderError {}

impl From<PlayerSolveError> for RenderError {
    fn from(e: PlayerSolveError) -> Self {
        RenderError::Solve(e)
    }
}
