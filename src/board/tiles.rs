//! A direct reader for the arrays of positions, the parts of a board file that grow with the board:
//! `track.tiles` (a 1,000,000-tile track is 2,000,000 numbers) and each player's `base` and `goal`
//! (one position per piece: 100,000 pieces are 400,000 numbers). The `toml` crate's document
//! (tokens, events and a value tree with spans) costs about 770 bytes a tile, this reader 28.
//!
//! It reads a deliberately small part of TOML: brackets, commas, spaces, tabs, newlines, ASCII
//! comments and plain decimal numbers (`-12`, `3.25`, `1e5`, `-0.5E-3`). Anything else (a sign
//! `+`, `_` in a number, hex, `inf`, a string, a third element) makes it give up, and the
//! caller parses the whole file with `toml` as before, so every error is still `toml`'s own,
//! at its own place. Where it does read an array, the values are the ones `toml` and serde
//! give: a float is Rust's `f64` parse of the same text, an integer an `i64` converted with
//! `as f64`.

use super::Point;
use std::ops::Range;

/// The tiles of a `tiles = [...]` array, read without a document.
#[derive(Debug, PartialEq)]
pub(super) struct TileArray {
    /// Byte range of the array value, `[` to `]` inclusive.
    pub span: Range<usize>,
    /// Each position as written (before any grid transform).
    pub points: Vec<Point>,
    /// Byte offset of each position's `[`, for messages.
    pub starts: Vec<usize>,
    /// Byte offset just after each position's `]`.
    pub ends: Vec<usize>,
}

/// `text` with the contents of every one of `arrays` (in order, not overlapping) replaced by
/// spaces: `tiles = [   ]`, an empty array at the same byte offsets, so that every span `toml`
/// reports in what is left is a span of `text`.
pub(super) fn blank<'a>(text: &str, arrays: impl IntoIterator<Item = &'a TileArray>) -> String {
    const SPACES: &str = "                                                                ";
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for array in arrays {
        let (open, close) = (array.span.start + 1, array.span.end - 1);
        out.push_str(&text[done..open]);
        let mut left = close - open;
        while left > 0 {
            let n = left.min(SPACES.len());
            out.push_str(&SPACES[..n]);
            left -= n;
        }
        done = close;
    }
    out.push_str(&text[done..]);
    out
}

/// The `base` and `goal` arrays of one `[[players]]` table, each where the reader read it.
#[derive(Debug, Default, PartialEq)]
pub(super) struct PlayerArrays {
    pub base: Option<TileArray>,
    pub goal: Option<TileArray>,
}

/// The `base` and `goal` arrays of each `[[players]]` table, in order: one entry per table header
/// that starts a line, each array read where a line of that table starts with `base = [` or
/// `goal = [` and holds only what the reader reads. As for the track, whether each really is that
/// player's value is for the caller to check against `toml`'s spans.
pub(super) fn read_players(text: &str) -> Vec<PlayerArrays> {
    let mut players: Vec<PlayerArrays> = Vec::new();
    let mut in_player = false;
    for line in lines(text) {
        let Line::Other { from, trimmed } = line else {
            in_player = line == Line::Header("[[players]]");
            if in_player {
                players.push(PlayerArrays::default());
            }
            continue;
        };
        let Some(player) = players.last_mut().filter(|_| in_player) else {
            continue;
        };
        for (key, slot) in [("base", &mut player.base), ("goal", &mut player.goal)] {
            if let Some(at) = opens(from, trimmed, key)
                && slot.is_none()
            {
                *slot = Reader::new(text, at).array();
            }
        }
    }
    players
}

/// Finds the first `tiles = [` that starts a line of the `[track]` table and reads the array it
/// opens; `None` when there is none or it holds anything this reader does not read. Whether it
/// really is the value of `track.tiles` is for the caller to check (a line in a multi-line string
/// can look the same).
pub(super) fn read(text: &str) -> Option<TileArray> {
    let mut in_track = false;
    for line in lines(text) {
        match line {
            Line::Header(header) => in_track = header == "[track]",
            Line::Other { from, trimmed } if in_track => {
                if let Some(at) = opens(from, trimmed, "tiles") {
                    return Reader::new(text, at).array();
                }
            }
            Line::Other { .. } => {}
        }
    }
    None
}

/// A line of a board file as the readers see it.
#[derive(Debug, PartialEq)]
enum Line<'t> {
    /// A table header (`[track]`, `[[players]]`), without what follows a `#`.
    Header(&'t str),
    /// Any other line, without its leading spaces and tabs, which end at byte `from`.
    Other { from: usize, trimmed: &'t str },
}

/// The lines of `text`.
fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let mut offset = 0;
    text.split_inclusive('\n').map(move |line| {
        let trimmed = line.trim_start_matches([' ', '\t']);
        let from = offset + (line.len() - trimmed.len());
        offset += line.len();
        if trimmed.starts_with('[') {
            Line::Header(trimmed.split('#').next().unwrap_or("").trim_end())
        } else {
            Line::Other { from, trimmed }
        }
    })
}

/// Where the array opens when a line (`trimmed`, from byte `from`) starts with `key = [`.
fn opens(from: usize, trimmed: &str, key: &str) -> Option<usize> {
    let rest = trimmed.strip_prefix(key)?;
    let value = rest.trim_start_matches([' ', '\t']).strip_prefix('=')?;
    let value = value.trim_start_matches([' ', '\t']);
    value
        .starts_with('[')
        .then_some(from + (trimmed.len() - value.len()))
}

/// A cursor over the bytes of the array.
struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str, at: usize) -> Self {
        Reader { text, at }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Consumes `byte` if it is next.
    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Skips spaces, tabs, newlines (`\n`, `\r\n`) and comments of printable ASCII or tabs:
    /// TOML's `ws-comment-newline` inside an array.
    fn skip(&mut self) -> Option<()> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n') => self.at += 1,
                Some(b'\r') => {
                    self.at += 1;
                    self.eat(b'\n')?;
                }
                Some(b'#') => loop {
                    self.at += 1;
                    match self.peek() {
                        Some(b'\t' | 0x20..=0x7e) => {}
                        Some(b'\n' | b'\r') | None => break,
                        Some(_) => return None,
                    }
                },
                _ => return Some(()),
            }
        }
    }

    /// The array starting at the cursor: positions separated by commas, a trailing comma allowed.
    fn array(mut self) -> Option<TileArray> {
        let open = self.at;
        self.eat(b'[')?;
        let (mut points, mut starts, mut ends) = (Vec::new(), Vec::new(), Vec::new());
        loop {
            self.skip()?;
            if self.eat(b']').is_some() {
                break;
            }
            starts.push(self.at);
            points.push(self.position()?);
            ends.push(self.at);
            self.skip()?;
            if self.eat(b',').is_none() {
                self.eat(b']')?;
                break;
            }
        }
        Some(TileArray {
            span: open..self.at,
            points,
            starts,
            ends,
        })
    }

    /// `[x, y]`, a trailing comma allowed.
    fn position(&mut self) -> Option<Point> {
        self.eat(b'[')?;
        self.skip()?;
        let x = self.number()?;
        self.skip()?;
        self.eat(b',')?;
        self.skip()?;
        let y = self.number()?;
        self.skip()?;
        if self.eat(b',').is_some() {
            self.skip()?;
        }
        self.eat(b']')?;
        Some(Point::new(x, y))
    }

    /// A decimal integer or float in TOML's grammar without `+` or `_`:
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, followed by a byte that may end a value.
    fn number(&mut self) -> Option<f64> {
        let start = self.at;
        let _ = self.eat(b'-');
        match self.peek()? {
            b'0' => self.at += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        let mut float = false;
        if self.eat(b'.').is_some() {
            float = true;
            self.peek().filter(u8::is_ascii_digit)?;
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            float = true;
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.peek().filter(u8::is_ascii_digit)?;
            self.digits();
        }
        if !matches!(
            self.peek(),
            Some(b' ' | b'\t' | b'\r' | b'\n' | b'#' | b',' | b']')
        ) {
            return None;
        }
        let literal = &self.text[start..self.at];
        if float {
            // `toml` refuses a float literal that overflows to infinity.
            literal.parse::<f64>().ok().filter(|v| v.is_finite())
        } else {
            // An integer beyond i64 is not an ordinary number to serde: leave it to `toml`.
            literal.parse::<i64>().ok().map(|v| v as f64)
        }
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(text: &str) -> Option<Vec<(f64, f64, usize)>> {
        read(text).map(|a| {
            a.points
                .iter()
                .zip(&a.starts)
                .map(|(p, &s)| (p.x, p.y, s))
                .collect()
        })
    }

    #[test]
    fn reads_plain_arrays_with_comments_and_newlines() {
        let text = "[track]\ntiles = [ [0, -1.5], # first\n  [1e2,2E-1,] ,\r\n[-0, 0.0],\n]\n";
        let read = read(text).unwrap();
        assert_eq!(read.span, text.find(" [ [").unwrap() + 1..text.len() - 1);
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(
            tiles(text).unwrap(),
            vec![
                (0.0, -1.5, at("[0, -1.5]")),
                (100.0, 0.2, at("[1e2")),
                (0.0, 0.0, at("[-0"))
            ]
        );
        // An integer -0 is 0, as serde converts the i64; a float -0.0 keeps its sign.
        assert!(read.points[2].x.is_sign_positive());
        assert_eq!(tiles("[track]\ntiles = []").unwrap(), vec![]);
    }

    #[test]
    fn finds_the_array_only_in_the_track_table() {
        assert!(tiles("[board]\ntiles = [[0, 0]]\n").is_none());
        assert!(tiles("[track] # the loop\n  tiles=[[0, 0]]\n").is_some());
        assert!(tiles("[track]\n# tiles = [[0, 0]]\n").is_none());
        assert!(tiles("[track]\n[rules]\ntiles = [[0, 0]]\n").is_none());
    }

    #[test]
    fn gives_up_on_what_it_does_not_read() {
        for bad in [
            "[+1, 0]",
            "[1_000, 0]",
            "[0x10, 0]",
            "[inf, 0]",
            "[nan, 0]",
            "[01, 0]",
            "[1., 0]",
            "[.5, 0]",
            "[1e, 0]",
            "[1e400, 0]",
            "[9223372036854775808, 0]",
            "[1, 2, 3]",
            "[1]",
            "[\"a\", 0]",
            "[1,, 2]",
            "[1 2]",
            "[1979-05-27, 0]",
            "[1, 0] junk",
        ] {
            let text = format!("[track]\ntiles = [{bad}]\n");
            assert!(tiles(&text).is_none(), "{bad}");
        }
        assert!(tiles("[track]\ntiles = [[1, 0]] # é\n").is_some());
        assert!(tiles("[track]\ntiles = [[1, 0] # é\n]").is_none());
        assert!(tiles("[track]\ntiles = [,]").is_none());
        assert!(tiles("[track]\ntiles = [[1, 0]\r]").is_none());
    }

    #[test]
    fn reads_each_players_base_and_goal() {
        let text = "[track]\ntiles = [[0, 0]]\n[[players]]\nname = \"a\"\nbase = [[1, 2]]\n  goal=[[3, 4], [5, 6]] # two\n[rules]\nbase = [[9, 9]]\n[[players]]\ngoal = [[7, 8]]\nbase = [1]\n[[players]]\n";
        let players = read_players(text);
        let points = |a: &Option<TileArray>| {
            a.as_ref()
                .map(|a| a.points.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>())
        };
        assert_eq!(players.len(), 3);
        assert_eq!(points(&players[0].base), Some(vec![(1.0, 2.0)]));
        assert_eq!(points(&players[0].goal), Some(vec![(3.0, 4.0), (5.0, 6.0)]));
        // `base` under [rules] is no player's; `[1]` is not read; the third player has neither.
        assert_eq!(points(&players[1].goal), Some(vec![(7.0, 8.0)]));
        assert_eq!(
            (&players[1].base, &players[2]),
            (&None, &PlayerArrays::default())
        );
        let goal = players[0].goal.as_ref().unwrap();
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(goal.starts, [at("[3, 4]"), at("[5, 6]")]);
        assert_eq!(goal.ends, [at("[3, 4]") + 6, at("[5, 6]") + 6]);
        assert_eq!(goal.span, at("[[3, 4]")..at(" # two"));
    }

    #[test]
    fn blanking_keeps_every_offset() {
        let text = "[track]\ntiles = [[0, 0],\n [1, 0]] # done\nx = 1";
        let read = read(text).unwrap();
        let blank = blank(text, [&read]);
        assert_eq!(blank.len(), text.len());
        let inside = "[0, 0],\n [1, 0]".len();
        assert_eq!(
            blank,
            format!("[track]\ntiles = [{}] # done\nx = 1", " ".repeat(inside))
        );
    }
}
