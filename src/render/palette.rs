//! Colours: each player's tile colour, one colour per piece path, and the board's neutral colours.

use super::error::RenderError;
use crate::board::Board;
use std::str::FromStr;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Parses any SVG/CSS colour (`red`, `#c8102e`, `rgb(200, 16, 46)`); transparency is ignored.
    pub fn parse(text: &str) -> Option<Rgb> {
        svgtypes::Color::from_str(text.trim())
            .ok()
            .map(|c| Rgb(c.red, c.green, c.blue))
    }

    /// This colour moved a fraction `t` (0 to 1) of the way towards `other`.
    pub(crate) fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// The light version used to fill start and goal tiles, so that dark text stays readable.
    pub fn tint(self) -> Rgb {
        self.mix(WHITE, 0.6)
    }
}

/// White.
pub const WHITE: Rgb = Rgb(255, 255, 255);
/// The board's background.
pub const BOARD: Rgb = Rgb(0xf6, 0xf0, 0xdc);
/// The picture's background outside the board.
pub(crate) const PAPER: Rgb = WHITE;
/// Fill of plain track tiles.
pub(crate) const TRACK_FILL: Rgb = WHITE;
/// Outline of plain track tiles and waiting tiles.
pub(crate) const TILE_STROKE: Rgb = Rgb(0x4a, 0x4a, 0x4a);
/// The printed lines joining the tiles.
pub(crate) const BOARD_LINE: Rgb = Rgb(0xa8, 0xa0, 0x8c);
/// Text.
pub(crate) const INK: Rgb = Rgb(0x22, 0x22, 0x22);
/// Secondary text.
pub(crate) const MUTED: Rgb = Rgb(0x5c, 0x5c, 0x5c);
/// The ring around tiles whose bit is set in a `--bits` picture.
pub(crate) const HIGHLIGHT: Rgb = Rgb(0xd4, 0x00, 0x7a);

/// Tile colours of players whose board entry names none, by player index.
pub(crate) const PLAYER_COLOURS: [Rgb; 8] = [
    Rgb(0xc8, 0x10, 0x2e), // red
    Rgb(0x1d, 0x4e, 0xd8), // blue
    Rgb(0x1f, 0x8a, 0x3b), // green
    Rgb(0xe8, 0xb4, 0x00), // yellow
    Rgb(0x7b, 0x3f, 0xa0), // purple
    Rgb(0xe0, 0x6c, 0x00), // orange
    Rgb(0x00, 0x8c, 0x95), // teal
    Rgb(0x6b, 0x4b, 0x2a), // brown
];

/// Path colours, one per piece in finishing order; chosen to stand out on the board and on each
/// other rather than to match any player.
pub(crate) const PIECE_COLOURS: [Rgb; 8] = [
    Rgb(0x1f, 0x6f, 0xd1), // blue
    Rgb(0xe8, 0x5d, 0x04), // orange
    Rgb(0x8e, 0x44, 0xad), // purple
    Rgb(0x0b, 0x9e, 0x8a), // teal
    Rgb(0xd6, 0x33, 0x8a), // pink
    Rgb(0x6d, 0x4c, 0x41), // brown
    Rgb(0x55, 0x8b, 0x2f), // olive
    Rgb(0x37, 0x47, 0x4f), // slate
];

/// The colour of player `index`: the board file's `color`, else the fixed palette.
pub fn player_colour(board: &Board, index: usize) -> Result<Rgb, RenderError> {
    let p = &board.players[index];
    match &p.color {
        None => Ok(PLAYER_COLOURS[index % PLAYER_COLOURS.len()]),
        Some(text) => Rgb::parse(text).ok_or_else(|| RenderError::Colour {
            player: p.name.clone(),
            value: text.clone(),
        }),
    }
}

/// The path colour of piece `index` (0 = the first to finish).
pub fn piece_colour(index: usize) -> Rgb {
    PIECE_COLOURS[index % PIECE_COLOURS.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_hex_and_functions() {
        assert_eq!(Rgb::parse("#c8102e"), Some(Rgb(200, 16, 46)));
        assert_eq!(Rgb::parse("red"), Some(Rgb(255, 0, 0)));
        assert_eq!(Rgb::parse("rgb(1, 2, 3)"), Some(Rgb(1, 2, 3)));
        assert_eq!(Rgb::parse("blu"), None);
        assert_eq!(Rgb(0, 0, 0).mix(WHITE, 0.5).hex(), "#808080");
    }
}
