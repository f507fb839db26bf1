//! Board file format, version 1: the TOML layout, and its checks with file, line and column.

use super::error::{BoardError, Diagnostic, line_col};
use super::rules::{BoardRules as Rules, GoalMode, Rounding, check_die, parse_choice};
use super::tiles::{self, TileArray};
use super::{Board, GameRules, Grid, Metric, Player, Point, Scale, goal_label};
use crate::text::{escape_hidden, hidden, plural, thousands};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    board: RawMeta,
    #[serde(default)]
    rules: Option<RawRules>,
    track: RawTrack,
    #[serde(default)]
    players: Option<Spanned<Vec<RawPlayer>>>,
    #[serde(default)]
    game: Option<RawGame>,
}

/// `[game]`: what the game engine reads (the race ignores it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    rules: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMeta {
    name: Spanned<String>,
    description: Option<Spanned<String>>,
    source: Option<Spanned<String>>,
    unit: Option<Spanned<String>>,
    scale: Option<RawScale>,
    grid: Option<RawGrid>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScale {
    units: Spanned<Number>,
    cm: Spanned<Number>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrid {
    origin: Spanned<Pair>,
    spacing: Spanned<Number>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    die: Option<Spanned<Vec<i128>>>,
    metric: Option<Spanned<String>>,
    rounding: Option<Spanned<String>>,
    goal_mode: Option<Spanned<String>>,
    moves_in_goal: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrack {
    tiles: Spanned<Vec<Spanned<Pair>>>,
    safe: Option<Spanned<Vec<Spanned<i128>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: Spanned<String>,
    start: Spanned<i128>,
    track_steps: Option<Spanned<i128>>,
    base: Spanned<Vec<Spanned<Pair>>>,
    goal: Spanned<Vec<Spanned<Pair>>>,
    color: Option<Spanned<String>>,
}

/// Collects problems, and what is only odd, with their places while a file is checked.
struct Checker<'a> {
    text: &'a str,
    origin: &'a str,
    diags: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn diagnostic(&self, span: std::ops::Range<usize>, message: String) -> Diagnostic {
        Diagnostic {
            origin: self.origin.to_string(),
            position: Some(line_col(self.text, span.start)),
            message,
        }
    }

    fn at(&mut self, span: std::ops::Range<usize>, message: String) {
        let d = self.diagnostic(span, message);
        self.diags.push(d);
    }

    fn warn(&mut self, span: std::ops::Range<usize>, message: String) {
        let d = self.diagnostic(span, message);
        self.warnings.push(d);
    }

    /// Refuses a [`hidden`] character in the string `key` at `span` (new lines and tabs allowed
    /// where `lines`), at the character's own place when it is written as itself, else at the
    /// string's. Escaping them on output instead would leave every printer to remember it; refused
    /// here, no name or description that reaches a terminal, a table or an SVG can hold one.
    fn visible(&mut self, key: &str, value: &Spanned<String>, lines: bool) {
        let text = value.get_ref();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            let allowed =
                lines && (c == '\n' || c == '\t' || (c == '\r' && chars.peek() == Some(&'\n')));
            if !hidden(c) || allowed {
                continue;
            }
            let span = value.span();
            let at = self
                .text
                .get(span.clone())
                .and_then(|raw| raw.find(c))
                .map_or(span.start, |i| span.start + i);
            let kind = if c.is_control() {
                "a control character"
            } else {
                "an invisible or bidirectional character"
            };
            self.at(
                at..at,
                format!(
                    "{key} \"{}\" holds U+{:04X}, {kind}; names{} are refused with one, as it would reach a terminal raw or make one name look like another: remove it",
                    escape_hidden(text),
                    c as u32,
                    if lines { " and free text (new lines and tabs aside)" } else { "" },
                ),
            );
            return;
        }
    }

    /// Converts positions to units, reporting non-finite coordinates at `at(i)`, the byte offset
    /// of position `i`.
    fn points(
        &mut self,
        what: &str,
        raw: &[Point],
        at: impl Fn(usize) -> usize,
        grid: Option<Grid>,
    ) -> Vec<Point> {
        raw.iter()
            .enumerate()
            .map(|(i, &p)| {
                let (a, b) = (p.x, p.y);
                if !a.is_finite() || !b.is_finite() {
                    self.at(at(i)..at(i), format!("{what} position [{a}, {b}] is not finite; coordinates must be ordinary numbers (not nan or inf)"));
                    return p;
                }
                let point = match grid {
                    Some(g) => g.point(a, b),
                    None => p,
                };
                // The grid transform can overflow what the file wrote finitely.
                if !point.x.is_finite() || !point.y.is_finite() {
                    self.at(at(i)..at(i), format!("{what} cell [{}, {}] lies at [{}, {}] units after grid.origin and grid.spacing, which is not finite; use a smaller spacing or cell", short(a), short(b), short(point.x), short(point.y)));
                }
                point
            })
            .collect()
    }

    /// Converts a list of positions read by serde, as [`Checker::points`] does.
    fn spanned_points(
        &mut self,
        what: &str,
        raw: &[Spanned<Pair>],
        grid: Option<Grid>,
    ) -> Vec<Point> {
        let plain: Vec<Point> = raw.iter().map(|p| p.get_ref().point()).collect();
        self.points(what, &plain, |i| raw[i].span().start, grid)
    }
}

/// Parses and validates a board file; every semantic problem found is reported, not just the first.
///
/// The arrays of positions, which grow with the board (the track's tiles, each player's `base`
/// and `goal`), are read directly (the private `tiles::read` and `tiles::read_players`) and `toml`
/// parses the rest with them blanked out, at the same offsets; the whole file goes through `toml`
/// only when that reader gives up or `toml` finds anything wrong, so that every message is exactly
/// the one a plain parse gives. What `toml` is given is bounded first (`TomlBudget`): however a file is
/// written, loading it takes at most 10 times its size in memory (at least 64 MiB).
pub fn parse(text: &str, origin: &str) -> Result<Board, BoardError> {
    let budget = TomlBudget::new(text.len());
    parse_direct(text, origin, budget).unwrap_or_else(|| parse_whole(text, origin, budget))
}

/// What `toml` may be given of a file: its document takes up to about 560 bytes of memory per
/// byte of text that is not blank (measured: 554 for long dotted keys and headers, `x.a.a.a...`,
/// where each two bytes `.a` make a table; 252 for `[x.b.c]`, 150 for `x.b.c = 1`, 36 for plain
/// keys, 80 for an array of numbers), so its memory is bounded by counting what it would parse
/// before it parses it.
#[derive(Clone, Copy, Debug)]
struct TomlBudget {
    /// The file's size in bytes.
    file: usize,
    /// The memory loading it may take: 10 times the file, at least [`TomlBudget::FLOOR`].
    memory: usize,
}

impl TomlBudget {
    /// Bytes of memory `toml` is reckoned to take per byte of text that is not blank, a little
    /// above the most measured.
    const PER_BYTE: usize = 640;
    /// What any file may take, however small.
    const FLOOR: usize = 64 << 20;

    fn new(file: usize) -> TomlBudget {
        TomlBudget {
            file,
            memory: file.saturating_mul(10).max(Self::FLOOR),
        }
    }

    /// The bytes of `text` that are not blank: what `toml` makes values of.
    fn filled(text: &str) -> usize {
        text.bytes().filter(|b| !b.is_ascii_whitespace()).count()
    }

    /// The memory `toml` is reckoned to take for `text`.
    fn reckon(text: &str) -> usize {
        Self::filled(text).saturating_mul(Self::PER_BYTE)
    }

    /// Whether `toml` may parse `text`.
    fn allows(self, text: &str) -> bool {
        Self::reckon(text) <= self.memory
    }

    /// The error for a file whose `text` `toml` may not parse.
    fn refusal(self, text: &str, origin: &str) -> BoardError {
        let mib = |bytes: usize| thousands(bytes.div_ceil(1 << 20) as u64);
        let filled = Self::filled(text);
        BoardError::Invalid(vec![Diagnostic {
            origin: origin.to_string(),
            position: None,
            message: format!(
                "this file holds {} bytes of TOML besides the arrays of [x, y] positions read directly (the track's tiles and each [[players]] table's base and goal, in plain decimal numbers); parsing them could take {} MiB of memory, more than the {} MiB a file of {} bytes may take (10 times its size, at least {} MiB). A board file is mostly those arrays: is this one?",
                thousands(filled as u64),
                mib(Self::reckon(text)),
                mib(self.memory),
                thousands(self.file as u64),
                mib(Self::FLOOR),
            ),
        }])
    }
}

/// The board, with the arrays of positions read directly; `None` when the reader gives up on the
/// track, or `toml` finds anything wrong with the rest (then the whole file is parsed for `toml`'s
/// own message, unless that would pass `budget`: then this is the message, at its own place).
fn parse_direct(text: &str, origin: &str, budget: TomlBudget) -> Option<Result<Board, BoardError>> {
    let tiles = tiles::read(text)?;
    let mut players = tiles::read_players(text);
    let mut read: Vec<&TileArray> = std::iter::once(&tiles)
        .chain(players.iter().flat_map(|p| p.base.iter().chain(&p.goal)))
        .collect();
    read.sort_by_key(|a| a.span.start);
    if read.windows(2).any(|w| w[1].span.start < w[0].span.end) {
        return None;
    }
    let rest = tiles::blank(text, read);
    if !budget.allows(&rest) {
        return None;
    }
    let mut raw = match toml::from_str::<RawFile>(&rest) {
        Ok(raw) => raw,
        Err(e) if !budget.allows(text) => return Some(Err(toml_error(text, origin, &e))),
        Err(_) => return None,
    };
    // A line of a multi-line string can look like one of the arrays: each blanked span must be
    // the value `toml` found for its key.
    if raw.track.tiles.span() != tiles.span || !fill_players(&mut raw, &mut players) {
        return None;
    }
    Some(check(text, origin, raw, tiles))
}

/// Puts the `base` and `goal` arrays read directly into the players `toml` read with them blank;
/// false when they do not match, table for table and span for span.
fn fill_players(raw: &mut RawFile, players: &mut [tiles::PlayerArrays]) -> bool {
    if players.iter().all(|p| p.base.is_none() && p.goal.is_none()) {
        return true;
    }
    let Some(parsed) = raw.players.as_mut().map(|p| p.get_mut()) else {
        return false;
    };
    if parsed.len() != players.len() {
        return false;
    }
    for (rp, direct) in parsed.iter_mut().zip(players.iter_mut()) {
        for (field, read) in [
            (&mut rp.base, &mut direct.base),
            (&mut rp.goal, &mut direct.goal),
        ] {
            let Some(read) = read.take() else { continue };
            if field.span() != read.span {
                return false;
            }
            let pairs = (read.points.iter().zip(&read.starts).zip(&read.ends))
                .map(|((p, &s), &e)| Spanned::new(s..e, Pair([p.x, p.y])))
                .collect();
            *field = Spanned::new(read.span, pairs);
        }
    }
    true
}

/// The first syntax error of a large file, or a key no board has, found by parsing growing
/// prefixes of it (64 KiB, then four times more each time, up to half the file and as far as
/// `budget` allows), each cut after a line where it has one: `toml` keeps every token of what it
/// parses, about 30 times the text, so 50 MB of junk took 1.6 GB to report an error in its first
/// line. A prefix holds exactly the tokens the whole file starts with, so a syntax error it
/// reports before its last line is the whole file's first error; one on its last line may be an
/// unfinished string, array or table the cut made, and the next prefix is tried. With `meaning`
/// (for a file too large for `toml` to parse whole, which would report its first syntax error
/// before any error of meaning), an unknown key is taken from a prefix too: a key that is there
/// is there, whatever follows it (a missing table, or a wrong count, may be made by the cut).
fn first_prefix_error(text: &str, budget: TomlBudget, meaning: bool) -> Option<toml::de::Error> {
    let mut size = 64 << 10;
    while size <= text.len() / 2 {
        // Cut on a character boundary (the file may hold multi-byte characters anywhere), after
        // a line if the prefix has one; a prefix of one long line trusts only errors well before
        // its end (a token cut in two, or a string left open, is reported at the cut).
        let end = text.floor_char_boundary(size);
        let (prefix, trusted) = match text[..end].rfind('\n') {
            Some(i) => (&text[..=i], text[..i].rfind('\n').map_or(0, |j| j + 1)),
            None => (&text[..end], end.saturating_sub(4096)),
        };
        if !budget.allows(prefix) {
            return None;
        }
        let before = |e: &toml::de::Error| e.span().is_some_and(|s| s.start < trusted);
        match toml::de::DeTable::parse(prefix) {
            Err(e) if before(&e) => return Some(e),
            Err(_) => {}
            Ok(_) if meaning => {
                if let Err(e) = toml::from_str::<RawFile>(prefix)
                    && before(&e)
                    && e.message().starts_with("unknown field")
                {
                    return Some(e);
                }
            }
            Ok(_) => {}
        }
        size *= 4;
    }
    None
}

/// A `toml` error as the board error it reports, at its line and column of `text`.
fn toml_error(text: &str, origin: &str, e: &toml::de::Error) -> BoardError {
    let position = e.span().map(|s| line_col(text, s.start));
    let mut message = e.message().trim_end().to_string();
    // The parser names no key in this one; the span covers it.
    if message == "duplicate key"
        && let Some(key) = e.span().and_then(|s| text.get(s)).map(str::trim)
    {
        message = format!("duplicate key `{key}`: a key may appear once in a table; keep one");
    }
    // Past i128 `toml` stops reading; every whole number of a board is far smaller.
    if message == "integer number overflowed" {
        message = format!(
            "integer number overflowed: a whole number in a board file is at most {} digits, and \
             each field takes far fewer (an index into track.tiles is 0 to the track length - 1, \
             a die face 1 to {})",
            i128::MAX.to_string().len(),
            u32::MAX
        );
    }
    BoardError::Invalid(vec![Diagnostic {
        origin: origin.to_string(),
        position,
        message,
    }])
}

/// The board, with the whole file parsed by `toml` (within `budget`).
fn parse_whole(text: &str, origin: &str, budget: TomlBudget) -> Result<Board, BoardError> {
    let whole = budget.allows(text);
    if let Some(e) = first_prefix_error(text, budget, !whole) {
        return Err(toml_error(text, origin, &e));
    }
    if !whole {
        return Err(budget.refusal(text, origin));
    }
    let raw = toml::from_str::<RawFile>(text).map_err(|e| toml_error(text, origin, &e))?;
    let tiles = TileArray {
        span: raw.track.tiles.span(),
        points: raw
            .track
            .tiles
            .get_ref()
            .iter()
            .map(|p| p.get_ref().point())
            .collect(),
        starts: raw
            .track
            .tiles
            .get_ref()
            .iter()
            .map(|p| p.span().start)
            .collect(),
        ends: raw
            .track
            .tiles
            .get_ref()
            .iter()
            .map(|p| p.span().end)
            .collect(),
    };
    check(text, origin, raw, tiles)
}

/// Checks a parsed file whose track positions are `tiles` (`raw.track.tiles` is not looked at).
fn check(text: &str, origin: &str, raw: RawFile, tiles: TileArray) -> Result<Board, BoardError> {
    let mut ck = Checker {
        text,
        origin,
        diags: Vec::new(),
        warnings: Vec::new(),
    };

    let scale = raw.board.scale.map(|s| check_scale(&mut ck, s));
    let grid = raw.board.grid.map(|g| check_grid(&mut ck, g));

    let rules = rules(&mut ck, raw.rules);

    let (track, places) = check_track(&mut ck, tiles, grid);
    let safe = safe_tiles(&mut ck, raw.track.safe, track.len());

    let (unit, texts) = (
        raw.board.unit.as_ref(),
        [&raw.board.description, &raw.board.source],
    );
    check_meta_text(&mut ck, &raw.board.name, unit, texts);
    let players = check_players(&mut ck, raw.players, &places, track.len(), grid, &rules);
    let game_rules = raw
        .game
        .and_then(|g| g.rules)
        .map(|r| game_rules(&mut ck, r));

    if !ck.diags.is_empty() {
        return Err(BoardError::Invalid(ck.diags));
    }
    Ok(Board {
        origin: origin.to_string(),
        sha256: sha256_hex(text.as_bytes()),
        name: raw.board.name.into_inner(),
        description: raw.board.description.map(Spanned::into_inner),
        source: raw.board.source.map(Spanned::into_inner),
        unit: raw
            .board
            .unit
            .map_or_else(|| "units".into(), Spanned::into_inner),
        scale,
        grid,
        rules,
        track,
        safe,
        players,
        game_rules,
        warnings: ck.warnings,
    })
}

/// `[game] rules`, checked as far as the board layer can: a visible, non-empty text of at most
/// [`MAX_GAME_RULES`] bytes. Its syntax and switches are the game layer's (`game::Rules::parse`,
/// through `game::Rules::for_board`), whose errors name this place.
fn game_rules(ck: &mut Checker, raw: Spanned<String>) -> GameRules {
    ck.visible("game.rules", &raw, false);
    let text = raw.get_ref();
    if text.trim().is_empty() {
        ck.at(
            raw.span(),
            "game.rules is empty; give a rule set PRESET[,SWITCH=VALUE...], e.g. rules = \"ludo\" or rules = \"openspiel,tries=3\", or leave the key out (openspiel)".into(),
        );
    } else if text.len() > MAX_GAME_RULES {
        ck.at(
            raw.span(),
            format!(
                "game.rules is {} bytes long; a rule set (a preset and at most ten switches) takes far fewer: at most {MAX_GAME_RULES}",
                text.len()
            ),
        );
    }
    GameRules {
        position: Some(line_col(ck.text, raw.span().start)),
        text: raw.into_inner(),
    }
}

/// The longest `[game] rules` text, in bytes: a preset and every switch written out take about 200.
pub const MAX_GAME_RULES: usize = 1000;

/// The board's scale, each part a positive finite number and their ratio finite.
fn check_scale(ck: &mut Checker, s: RawScale) -> Scale {
    for (v, key) in [(&s.units, "scale.units"), (&s.cm, "scale.cm")] {
        let v = (v.span(), v.get_ref().0);
        if !(v.1.is_finite() && v.1 > 0.0) {
            ck.at(
                v.0,
                format!("{key} = {} must be a positive finite number", v.1),
            );
        }
    }
    let (units, cm) = (s.units.get_ref().0, s.cm.get_ref().0);
    // Each alone can be fine and their ratio still overflow (1e-320 units per cm).
    if units > 0.0 && cm > 0.0 && !(cm / units).is_finite() {
        ck.at(
            s.units.span(),
            format!("scale = {{ units = {units:e}, cm = {cm:e} }} gives {} cm per unit, which is not finite; give a scale with a representable ratio", cm / units),
        );
    }
    Scale { units, cm }
}

/// The board's grid, its origin finite and its spacing positive and finite.
fn check_grid(ck: &mut Checker, g: RawGrid) -> Grid {
    let [ox, oy] = g.origin.get_ref().0;
    if !ox.is_finite() || !oy.is_finite() {
        ck.at(
            g.origin.span(),
            format!("grid.origin [{ox}, {oy}] is not finite; give two ordinary numbers"),
        );
    }
    let sp = g.spacing.get_ref().0;
    if !(sp.is_finite() && sp > 0.0) {
        ck.at(
            g.spacing.span(),
            format!("grid.spacing = {sp} must be a positive finite number of units"),
        );
    }
    Grid {
        origin: Point::new(ox, oy),
        spacing: sp,
    }
}

/// The track's tiles in units, at least two and all distinct, with their places for lookups.
fn check_track(ck: &mut Checker, tiles: TileArray, grid: Option<Grid>) -> (Vec<Point>, Places) {
    let track = ck.points("track tile", &tiles.points, |i| tiles.starts[i], grid);
    if track.len() < 2 {
        ck.at(
            tiles.span.clone(),
            format!(
                "track.tiles has {} tile(s); a track needs at least 2 tiles",
                track.len()
            ),
        );
    }
    let places = Places::new(&track);
    for (i, j) in places.repeats() {
        let p = tiles.points[i];
        ck.at(
            tiles.starts[i]..tiles.starts[i],
            format!("track tile {i} at [{}, {}] repeats track tile {j}; every track tile must be distinct", p.x, p.y),
        );
    }
    (track, places)
}

/// The board's name, unit, description and source: hidden characters are refused (see
/// [`Checker::visible`]); only the description and source may span lines.
fn check_meta_text(
    ck: &mut Checker,
    name: &Spanned<String>,
    unit: Option<&Spanned<String>>,
    [description, source]: [&Option<Spanned<String>>; 2],
) {
    ck.visible("board.name", name, false);
    ck.visible(
        "board.unit",
        unit.unwrap_or(&Spanned::new(0..0, String::new())),
        false,
    );
    for (key, value) in [("board.description", description), ("board.source", source)] {
        if let Some(v) = value {
            ck.visible(key, v, true);
        }
    }
}

/// The players, at least one, their names unique; a player with errors is left out.
fn check_players(
    ck: &mut Checker,
    raw: Option<Spanned<Vec<RawPlayer>>>,
    places: &Places,
    track_len: usize,
    grid: Option<Grid>,
    rules: &Rules,
) -> Vec<Player> {
    let mut players = Vec::new();
    match raw {
        None => ck.diags.push(Diagnostic {
            origin: ck.origin.to_string(),
            position: None,
            message: "no [[players]]; a board needs at least one player".into(),
        }),
        Some(list) if list.get_ref().is_empty() => ck.at(
            list.span(),
            "players is empty; a board needs at least one player".into(),
        ),
        Some(list) => {
            let mut names = HashSet::new();
            for rp in list.into_inner() {
                ck.visible("players.name", &rp.name, false);
                if !names.insert(rp.name.get_ref().clone()) {
                    ck.at(
                        rp.name.span(),
                        format!(
                            "duplicate player name \"{}\"; player names must be unique",
                            escape_hidden(rp.name.get_ref())
                        ),
                    );
                }
                if let Some(p) = player(ck, rp, places, track_len, grid, rules) {
                    players.push(p);
                }
            }
        }
    }
    players
}

/// The `track.safe` indices, sorted; each out of range or repeated is an error at its place.
fn safe_tiles(
    ck: &mut Checker,
    raw: Option<Spanned<Vec<Spanned<i128>>>>,
    track_len: usize,
) -> Vec<usize> {
    let mut safe = Vec::new();
    for s in raw.map(Spanned::into_inner).unwrap_or_default() {
        let i = *s.get_ref();
        let Some(index) = index_below(i, track_len.max(1)) else {
            ck.at(
                s.span(),
                format!(
                    "track.safe: {i} is out of range; it indexes track.tiles, so it must be 0 to {}",
                    track_len.saturating_sub(1)
                ),
            );
            continue;
        };
        if safe.contains(&index) {
            ck.at(
                s.span(),
                format!("track.safe: tile {i} is listed twice; list each safe tile once"),
            );
        } else {
            safe.push(index);
        }
    }
    safe.sort_unstable();
    safe
}

/// The finite track positions, sorted with their indices (24 bytes a tile): repeats and look-ups
/// in n log n.
struct Places(Vec<(u64, u64, usize)>);

impl Places {
    fn new(track: &[Point]) -> Places {
        let mut keyed: Vec<(u64, u64, usize)> = track
            .iter()
            .enumerate()
            .filter(|(_, p)| p.x.is_finite() && p.y.is_finite())
            .map(|(i, &p)| {
                let (x, y) = Places::key(p);
                (x, y, i)
            })
            .collect();
        keyed.sort_unstable();
        Places(keyed)
    }

    /// `+ 0.0` makes -0.0 and 0.0 the same key, as they are the same position.
    fn key(p: Point) -> (u64, u64) {
        ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits())
    }

    /// Every tile at the same position as an earlier one, as (index, first index at that
    /// position), in index order.
    fn repeats(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = self
            .0
            .chunk_by(|a, b| (a.0, a.1) == (b.0, b.1))
            .flat_map(|group| group[1..].iter().map(|&(_, _, i)| (i, group[0].2)))
            .collect();
        out.sort_unstable();
        out
    }

    /// The first track tile at `p`, if any.
    fn first_at(&self, p: Point) -> Option<usize> {
        let (x, y) = Places::key(p);
        let at = self.0.partition_point(|&(a, b, _)| (a, b) < (x, y));
        self.0
            .get(at)
            .filter(|&&(a, b, _)| (a, b) == (x, y))
            .map(|&(_, _, i)| i)
    }
}

/// SHA-256 of `bytes` in lower-case hex, as `sha256sum` prints it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// SHA-256 of what `write` writes, in lower-case hex, without holding it.
pub fn sha256_hex_of(
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    write(&mut hasher)?;
    Ok(hex(&hasher.finalize()))
}

fn hex(digest: &[u8]) -> String {
    use std::fmt::Write;
    digest.iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn rules(ck: &mut Checker, raw: Option<RawRules>) -> Rules {
    let mut rules = Rules::default();
    let Some(raw) = raw else { return rules };
    if let Some(die) = raw.die {
        match check_die(die.get_ref()) {
            Ok(faces) => rules.die = faces,
            Err(m) => ck.at(die.span(), format!("rules.die: {m}")),
        }
    }
    choice(ck, raw.metric, "metric", &Metric::ALL, &mut rules.metric);
    choice(
        ck,
        raw.rounding,
        "rounding",
        &Rounding::ALL,
        &mut rules.rounding,
    );
    choice(
        ck,
        raw.goal_mode,
        "goal_mode",
        &GoalMode::ALL,
        &mut rules.goal_mode,
    );
    rules.moves_in_goal = raw.moves_in_goal.unwrap_or(false);
    rules
}

/// Sets `out` from a named choice when the key is present, reporting an unknown name at its place.
fn choice<T: Copy>(
    ck: &mut Checker,
    raw: Option<Spanned<String>>,
    key: &str,
    all: &[(&'static str, T)],
    out: &mut T,
) {
    if let Some(v) = raw {
        match parse_choice(key, v.get_ref(), all) {
            Ok(x) => *out = x,
            Err(e) => ck.at(v.span(), format!("rules.{key}: {e}")),
        }
    }
}

fn player(
    ck: &mut Checker,
    rp: RawPlayer,
    places: &Places,
    track_len: usize,
    grid: Option<Grid>,
    rules: &Rules,
) -> Option<Player> {
    // Quoted in messages: a hidden character is refused (see `Checker::visible`), and shown escaped.
    let name = escape_hidden(rp.name.get_ref());
    let placed = start_and_steps(ck, &rp.start, rp.track_steps.as_ref(), &name, track_len);
    let mut ok = placed.is_some();
    let (start, track_steps) = placed.unwrap_or_default();
    let base = ck.spanned_points("base", rp.base.get_ref(), grid);
    if base.is_empty() {
        ck.at(
            rp.base.span(),
            format!("player \"{name}\": base is empty; give one waiting tile per piece"),
        );
        ok = false;
    }
    let goal = ck.spanned_points("goal", rp.goal.get_ref(), grid);
    // Legal, but a goal tile is meant to be off the track: most likely a coordinate is wrong.
    for (i, (&p, raw)) in goal.iter().zip(rp.goal.get_ref()).enumerate() {
        if let Some(t) = places.first_at(p) {
            let [a, b] = raw.get_ref().0;
            ck.warn(
                raw.span(),
                format!("player \"{name}\": goal tile {} at [{a}, {b}] is at the position of track tile {t}; a finished piece would stand on the track (is a coordinate wrong?)", goal_label(i)),
            );
        }
    }
    if goal.is_empty() {
        ck.at(
            rp.goal.span(),
            format!("player \"{name}\": goal is empty; give at least one goal tile"),
        );
        ok = false;
    } else if rules.goal_mode == GoalMode::Slots && !base.is_empty() && goal.len() != base.len() {
        ck.at(
            rp.goal.span(),
            format!(
                "player \"{name}\": goal_mode \"slots\" needs one goal tile per piece, but goal has {} and base has {}; make them equal or use goal_mode = \"stack\"",
                plural(goal.len(), "tile", "tiles"),
                plural(base.len(), "piece", "pieces")
            ),
        );
        ok = false;
    }
    // The colour `render` will use, checked here so that `validate` and `render` agree.
    if let Some(c) = &rp.color
        && c.get_ref().trim().parse::<svgtypes::Color>().is_err()
    {
        ck.at(
            c.span(),
            format!(
                "player \"{name}\": color \"{}\" is not an SVG colour; use a name such as \"blue\" or a hex value such as \"#1f6fd1\"",
                c.get_ref()
            ),
        );
        ok = false;
    }
    ok.then_some(Player {
        name,
        start,
        track_steps,
        base,
        goal,
        color: rp.color.map(Spanned::into_inner),
    })
}

/// A number for a message: as written when ordinary, in exponent form when huge or tiny.
fn short(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-6..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A player's start tile and track steps, each checked against the track (both reported), or
/// `None` if either is out of range.
fn start_and_steps(
    ck: &mut Checker,
    start: &Spanned<i128>,
    track_steps: Option<&Spanned<i128>>,
    name: &str,
    track_len: usize,
) -> Option<(usize, usize)> {
    let at = index_below(*start.get_ref(), track_len.max(1));
    if at.is_none() {
        ck.at(
            start.span(),
            format!("player \"{name}\": start = {} is out of range; it indexes track.tiles, so it must be 0 to {}", start.get_ref(), track_len.saturating_sub(1)),
        );
    }
    let steps = match track_steps {
        None => Some(track_len),
        Some(ts) => {
            let v = *ts.get_ref();
            let steps = index_below(v.saturating_sub(1), track_len).map(|i| i + 1);
            if steps.is_none() {
                ck.at(ts.span(), format!("player \"{name}\": track_steps = {v} must be 1 to {track_len} (the track length)"));
            }
            steps
        }
    };
    at.zip(steps)
}

/// `value` as an index below `len`, if it is one (a board's whole numbers are read as i128, so
/// that one past i64 is reported with its field's range rather than as a type error).
fn index_below(value: i128, len: usize) -> Option<usize> {
    usize::try_from(value).ok().filter(|&i| i < len)
}

/// A number where the format takes a float: a float, or an integer of any size `toml` reads
/// (serde's f64 refuses integers past i64, which `toml` hands over as i128).
#[derive(Clone, Copy, Debug)]
struct Number(f64);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Number;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number")
            }
            fn visit_f64<E>(self, v: f64) -> Result<Number, E> {
                Ok(Number(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
            fn visit_i128<E>(self, v: i128) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
            fn visit_u128<E>(self, v: u128) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
        }
        d.deserialize_f64(Visit)
    }
}

/// A position `[x, y]`: exactly two numbers (serde's arrays would drop a third silently).
#[derive(Clone, Copy, Debug)]
struct Pair([f64; 2]);

impl Pair {
    fn point(self) -> Point {
        Point::new(self.0[0], self.0[1])
    }
}

impl<'de> Deserialize<'de> for Pair {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pair, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Pair;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a position [x, y] of exactly two numbers")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Pair, A::Error> {
                use serde::de::Error;
                let Number(x) = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let Number(y) = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                let mut extra = 0;
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    extra += 1;
                }
                if extra > 0 {
                    return Err(A::Error::invalid_length(2 + extra, &self));
                }
                Ok(Pair([x, y]))
            }
        }
        d.deserialize_seq(Visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::embedded::BOARDS;
    use proptest::prelude::*;

    /// The outcome of a parse, errors as the text a user sees.
    fn direct(text: &str, origin: &str) -> Option<Result<Board, BoardError>> {
        parse_direct(text, origin, TomlBudget::new(text.len()))
    }

    fn whole(text: &str, origin: &str) -> Result<Board, BoardError> {
        parse_whole(text, origin, TomlBudget::new(text.len()))
    }

    fn first_prefix_error_of(text: &str) -> Option<toml::de::Error> {
        first_prefix_error(text, TomlBudget::new(text.len()), false)
    }

    fn outcome(r: Result<Board, BoardError>) -> Result<Board, String> {
        r.map_err(|e| e.to_string())
    }

    /// The whole file's first error, from a plain parse of all of it.
    fn plain_error(text: &str) -> Option<(String, std::ops::Range<usize>)> {
        let e = toml::from_str::<RawFile>(text).err()?;
        Some((e.message().to_string(), e.span()?))
    }

    #[test]
    fn a_large_file_s_syntax_error_is_found_in_a_prefix_as_a_plain_parse_finds_it() {
        let filler = "# filler line of a large file\n".repeat(20_000); // 600 KB
        let cases = [
            // Junk on the first line, and junk after a valid start.
            format!("ab cd ef\n{filler}"),
            format!("[board]\nname = \"x\"\n{filler}x = = 1\n{filler}"),
            // A multi-line string and an array crossing the first cut (64 KiB): their last line
            // in a prefix is not an error of the file.
            format!("a = \"\"\"\n{filler}\"\"\"\nb c\n{filler}"),
            format!("a = [\n{}]\nb c\n{filler}", "1,\n".repeat(100_000)),
            // A duplicate key far in.
            format!("a = 1\n{filler}a = 2\n{filler}"),
            // Multi-byte characters across every cut; one long line of junk.
            format!("x = 1 2\n{}", "é".repeat(400_000)),
            format!("x = \"é\" ab cd{}", " éé ab".repeat(100_000)),
            format!("x = \"{}\" = 2", "é".repeat(400_000)),
        ];
        for text in &cases {
            let plain = plain_error(text).expect("every case is invalid");
            let found =
                first_prefix_error_of(text).map(|e| (e.message().to_string(), e.span().unwrap()));
            if let Some(found) = found {
                assert_eq!(found, plain);
            }
        }
        // Junk is found in the first prefix, on many lines or one.
        assert!(first_prefix_error_of(&cases[0]).is_some());
        assert!(first_prefix_error_of(&cases[6]).is_some());
    }

    #[test]
    fn every_embedded_board_takes_the_direct_path() {
        for (name, text) in BOARDS {
            let direct = direct(text, name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(outcome(direct), outcome(whole(text, name)), "{name}");
        }
    }

    #[test]
    fn track_errors_are_reported_alike_on_both_paths() {
        let (_, text) = BOARDS[0];
        for (from, to, expect) in [
            (
                "[4, 9], [4, 8]",
                "[4, 9], [4, 9]",
                ":24:22: track tile 2 at [4, 9] repeats track tile 1",
            ),
            (
                "[4, 9], [4, 8]",
                "[4, 9], [4, 8e400]",
                ":24:26: floating-point number overflowed",
            ),
            (
                "[4, 9], [4, 8]",
                "[4, 9], [4, 8, 1]",
                ":24:22: invalid length 3",
            ),
        ] {
            let bad = text.replacen(from, to, 1);
            let err = parse(&bad, "m").unwrap_err().to_string();
            assert!(err.contains(expect), "{to}: {err}");
            assert_eq!(err, whole(&bad, "m").unwrap_err().to_string());
        }
    }

    #[test]
    fn a_goal_tile_on_the_track_is_a_warning_at_its_place() {
        let (_, text) = BOARDS[0];
        assert!(parse(text, "m").unwrap().warnings.is_empty());
        // Black's goal tile c moved onto track tile 33, [7, 6].
        let odd = text.replacen("[5, 7], [5, 6]]", "[7, 6], [5, 6]]", 1);
        let board = parse(&odd, "m").unwrap();
        let w: Vec<String> = board.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "m:35:25: player \"black\": goal tile c at [7, 6] is at the position of track tile 33; a finished piece would stand on the track (is a coordinate wrong?)"
            ]
        );
        assert_eq!(board, whole(&odd, "m").unwrap());
    }

    /// A line inside a multi-line string can look like the track array; the real one is read.
    #[test]
    fn a_lookalike_in_a_string_is_not_taken_for_the_track() {
        let (_, text) = BOARDS[0];
        let tricky = text.replacen(
            "[track]\n",
            "[track]\nnote = \"\"\"\ntiles = [[0, 0], [0, 0]]\n\"\"\"\n",
            1,
        );
        assert!(direct(&tricky, "t").is_none());
        let err = parse(&tricky, "t").unwrap_err().to_string();
        assert_eq!(err, whole(&tricky, "t").unwrap_err().to_string());
        assert!(err.contains("unknown field `note`"), "{err}");
    }

    /// Each player's `base` and `goal` are read directly on every embedded board; a lookalike in
    /// a string sends the file to the whole parse, which gives the same board or message.
    #[test]
    fn the_players_arrays_are_read_directly() {
        for (name, text) in BOARDS {
            let players = tiles::read_players(text);
            let board = parse(text, name).unwrap();
            assert_eq!(players.len(), board.players.len(), "{name}");
            for (read, player) in players.iter().zip(&board.players) {
                let (base, goal) = (read.base.as_ref().unwrap(), read.goal.as_ref().unwrap());
                assert_eq!(base.points.len(), player.base.len(), "{name}");
                assert_eq!(goal.points.len(), player.goal.len(), "{name}");
            }
        }
        let (_, text) = BOARDS[0];
        let tricky = text.replacen(
            "name = \"black\"",
            "name = \"\"\"black\nbase = [[0, 0]]\n\"\"\"",
            1,
        );
        assert!(direct(&tricky, "t").is_none());
        assert_eq!(outcome(parse(&tricky, "t")), outcome(whole(&tricky, "t")));
        // A player's goal moved onto the track: the warning at the same place on both paths.
        let odd = text.replacen("goal = [[5, 9]", "goal = [[4, 9]", 1);
        assert!(direct(&odd, "o").is_some());
        assert_eq!(outcome(parse(&odd, "o")), outcome(whole(&odd, "o")));
        assert_eq!(parse(&odd, "o").unwrap().warnings.len(), 1);
    }

    /// What `toml` would need more memory for than the file may take is refused before it is
    /// parsed, naming the figures; a key no board has is still found in a prefix first.
    #[test]
    fn toml_is_given_only_what_the_budget_allows() {
        // 300,000 bytes of an array of numbers: reckoned at 192 MB, over the 64 MiB floor.
        let numbers = format!("a = [{}]\n", "1,".repeat(150_000));
        let err = parse(&numbers, "n").unwrap_err().to_string();
        assert!(
            err.starts_with("n: this file holds 300,004 bytes of TOML besides the arrays")
                && err.contains("could take 184 MiB of memory, more than the 64 MiB a file of 300,007 bytes may take"),
            "{err}"
        );
        // The same amount of keys: the first is unknown, and a prefix says so.
        let keys: String = (0..40_000).map(|i| format!("k{i} = 1\n")).collect();
        let err = parse(&keys, "k").unwrap_err().to_string();
        assert!(err.starts_with("k:1:1: unknown field `k0`"), "{err}");
        // Below the budget, the whole parse and its own message, as before.
        let small = format!("a = [{}]\n", "1,".repeat(1_000));
        let err = parse(&small, "s").unwrap_err().to_string();
        assert!(err.starts_with("s:1:1: unknown field `a`"), "{err}");
        // A board's own arrays are not counted: 100,000 pieces of one player.
        let pieces: String = (0..100_000).map(|i| format!("[{i}, -1], ")).collect();
        let (_, text) = BOARDS[0];
        let many = text
            .replacen(
                "base = [[1, 10], [0, 10], [1, 9], [0, 9]]",
                &format!("base = [{pieces}]"),
                1,
            )
            .replacen(
                "goal = [[5, 9], [5, 8], [5, 7], [5, 6]]",
                &format!("goal = [{pieces}]"),
                1,
            );
        assert!(TomlBudget::reckon(&many) > TomlBudget::new(many.len()).memory);
        let board = parse(&many, "p").unwrap();
        assert_eq!(board.players[0].base.len(), 100_000);
    }

    /// `edits` of board `board` between the first `from` and the first `to` (or the end): the
    /// text edited.
    fn edited(
        board: usize,
        from: &str,
        to: Option<&str>,
        edits: &[(f64, usize, String)],
    ) -> String {
        let (_, text) = BOARDS[board];
        let lo = text.find(from).unwrap();
        let hi = to.map_or(text.len(), |to| text.find(to).unwrap());
        let mut t = text.to_string();
        for (at, len, with) in edits {
            let at = t.floor_char_boundary(lo + (at * (hi - lo) as f64) as usize);
            let end = t.floor_char_boundary((at + len).min(t.len()));
            t.replace_range(at..end, with);
        }
        t
    }

    /// Edits: where (a fraction of the span edited), how many bytes replaced, and by what.
    fn edits() -> impl Strategy<Value = Vec<(f64, usize, String)>> {
        proptest::collection::vec(
            (
                0.0f64..1.0,
                0usize..8,
                "[\\[\\]{}=,.\"\\-+_0-9eExinfa#\\r\\n \\t]{0,6}",
            ),
            1..4,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        /// Whatever an edit of the track array (or anything else) does, reading the track directly
        /// gives the board or the messages a parse of the whole file gives.
        #[test]
        fn direct_and_whole_parses_agree(board in 0usize..BOARDS.len(), edits in edits()) {
            // Most edits land in the track array, where the direct reader works.
            let t = edited(board, "tiles = [", Some("[[players]]"), &edits);
            prop_assert_eq!(outcome(parse(&t, "p")), outcome(whole(&t, "p")));
        }

        /// The same for edits of the players' tables, where their `base` and `goal` are read
        /// directly.
        #[test]
        fn direct_and_whole_parses_agree_on_the_players(
            board in 0usize..BOARDS.len(),
            edits in edits(),
        ) {
            let t = edited(board, "[[players]]", None, &edits);
            prop_assert_eq!(outcome(parse(&t, "p")), outcome(whole(&t, "p")));
        }
    }
}
