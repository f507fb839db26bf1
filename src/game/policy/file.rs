//! A policy read from a text file: a table of positions and rolls with the move to make, and a
//! built-in policy for every position the table does not list. The format (`docs/game.md`,
//! section "Policies"):
//!
//! ```text
//! boardpath-policy 1
//! fallback front
//! # position (mover first, then the others in order of play)   roll   move
//! w,w / w,w      6  enter
//! 0,w / w,w      3  0>3
//! 3,w / 12,w     6  enter
//! ```
//!
//! A position lists every player's pieces as steps (`w`: waiting), players separated by `/`,
//! the player to move first; the order of one player's pieces does not matter. A move is
//! `enter` or `FROM>TO` in the mover's steps. This is also how an exact solver's policy plugs in.

use super::{Policy, PolicyError, aggressive, defensive, front, random, rear};
use crate::game::{Game, MAX_PIECES, Move, PieceStep, State, WAITING};
use crate::random::SplitMix64;
use crate::text::plural;
use std::collections::HashMap;

/// The first line of every policy file.
pub(crate) const HEADER: &str = "boardpath-policy 1";

/// A position seen from the mover: each player's steps sorted, mover first, then the rest in
/// order of play.
type Key = ([PieceStep; MAX_PIECES], u32);

/// One row of the table: the move (`None`: enter; `Some(from)`) and its line, for messages.
#[derive(Clone, Copy, Debug)]
struct Row {
    from: Option<PieceStep>,
    to: PieceStep,
    line: usize,
}

/// A table policy loaded from a file.
pub struct FilePolicy {
    path: String,
    table: HashMap<Key, Row>,
    fallback: Box<dyn Policy>,
}

impl std::fmt::Debug for FilePolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FilePolicy({}, {} rows)", self.path, self.table.len())
    }
}

/// The position key of `state` for its player to move.
fn key_of(game: &Game, state: &State, roll: u32) -> Key {
    let (n, k, p) = (game.players(), game.pieces(), state.to_move());
    let mut steps = [0; MAX_PIECES];
    for j in 0..n {
        let q = (p + j) % n;
        let out = &mut steps[j * k..(j + 1) * k];
        out.copy_from_slice(state.pieces_of(q));
        out.sort_unstable();
    }
    (steps, roll)
}

impl FilePolicy {
    /// Reads and checks the table at `path` against `game` (players, pieces, steps, faces).
    pub fn load(path: &str, game: &Game) -> Result<FilePolicy, PolicyError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| PolicyError(format!("policy file {path}: cannot read it: {e}")))?;
        FilePolicy::parse(path, &text, game)
    }

    /// Parses `text` (named `path` in messages) against `game`.
    pub fn parse(path: &str, text: &str, game: &Game) -> Result<FilePolicy, PolicyError> {
        let err = |line: usize, col: usize, msg: String| {
            PolicyError(format!("policy file {path}:{line}:{col}: {msg}"))
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.next() {
            Some((_, l)) if l.trim_end() == HEADER => {}
            Some((_, l)) => {
                return Err(err(
                    1,
                    1,
                    format!(
                        "expected the header \"{HEADER}\", found \"{}\"",
                        l.trim_end()
                    ),
                ));
            }
            None => return Err(err(1, 1, format!("empty file: expected \"{HEADER}\""))),
        }
        let mut fallback: Option<Box<dyn Policy>> = None;
        let mut table: HashMap<Key, Row> = HashMap::new();
        for (no, raw) in lines {
            let line = raw.split('#').next().unwrap_or("");
            let Some(first) = line.find(|c: char| !c.is_whitespace()) else {
                continue;
            };
            if let Some(rest) = line[first..].strip_prefix("fallback") {
                let name = rest.trim();
                let col = first + 1 + "fallback".len() + (rest.len() - rest.trim_start().len());
                if fallback.is_some() {
                    return Err(err(no, first + 1, "a second fallback line".into()));
                }
                fallback = Some(match name {
                    "random" => Box::new(random::Random),
                    "front" => Box::new(front::Front),
                    "rear" => Box::new(rear::Rear),
                    "aggressive" => Box::new(aggressive::Aggressive),
                    "defensive" => Box::new(defensive::Defensive),
                    _ => {
                        return Err(err(
                            no,
                            col,
                            format!(
                                "unknown fallback policy \"{name}\" (valid: random, front, rear, aggressive, defensive)"
                            ),
                        ));
                    }
                });
                continue;
            }
            let (key, row) = parse_row(game, line, no, &err)?;
            if let Some(old) = table.insert(key, row) {
                return Err(err(
                    no,
                    first + 1,
                    format!(
                        "this position and roll are already listed on line {}",
                        old.line
                    ),
                ));
            }
        }
        Ok(FilePolicy {
            path: path.to_string(),
            table,
            fallback: fallback.unwrap_or_else(|| Box::new(front::Front)),
        })
    }

    /// Rows in the table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (every move from the fallback).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// The fields of a row with the column (from 1) each starts at.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &line[s..]));
    }
    out
}

/// Builds the error of line `no` at column `col` (from 1) with a message.
type ErrAt<'a> = &'a dyn Fn(usize, usize, String) -> PolicyError;

/// One table row: position, roll, move.
fn parse_row(game: &Game, line: &str, no: usize, err: ErrAt) -> Result<(Key, Row), PolicyError> {
    // The position may contain spaces around `/`: the roll and the move are the last two fields.
    let f = fields(line);
    if f.len() < 3 {
        let col = f.last().map_or(1, |(c, s)| c + s.len());
        return Err(err(
            no,
            col,
            "expected POSITION ROLL MOVE, e.g. \"0,w / w,w 3 0>3\"".into(),
        ));
    }
    let (roll_col, roll_text) = f[f.len() - 2];
    let (move_col, move_text) = f[f.len() - 1];
    let pos_col = f[0].0;
    let steps = parse_position(game, &line[pos_col - 1..roll_col - 1], pos_col, no, err)?;
    let roll = match roll_text.parse::<u32>() {
        Ok(r) if game.faces().contains(&r) => r,
        _ => {
            return Err(err(
                no,
                roll_col,
                format!(
                    "\"{roll_text}\" is not a face of the die (valid: {:?})",
                    game.faces()
                ),
            ));
        }
    };
    let own = &steps[..game.pieces()];
    let row = parse_move(move_text, move_col, own, roll, no, err)?;
    Ok(((steps, roll), row))
}

/// `text` split at `sep`, each part with the column (from 0) it starts at, counting from `at`.
fn parts_at(text: &str, sep: char, at: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut c = at;
    for part in text.split(sep) {
        out.push((c, part));
        c += part.len() + 1;
    }
    out
}

/// The position field (starting at column `pos_col`, from 1): each player's pieces' steps,
/// sorted within the player so that the same position written in any order is one key.
fn parse_position(
    game: &Game,
    position: &str,
    pos_col: usize,
    no: usize,
    err: ErrAt,
) -> Result<[PieceStep; MAX_PIECES], PolicyError> {
    let (n, k) = (game.players(), game.pieces());
    let groups = parts_at(position, '/', pos_col - 1);
    if groups.len() != n {
        return Err(err(
            no,
            pos_col,
            format!(
                "the position lists {}, the game has {n} (players separated by /)",
                plural(groups.len(), "player", "players")
            ),
        ));
    }
    let mut steps = [0 as PieceStep; MAX_PIECES];
    for (j, &(at, g)) in groups.iter().enumerate() {
        let pieces = parts_at(g, ',', at);
        if pieces.len() != k {
            return Err(err(
                no,
                at + 1 + (g.len() - g.trim_start().len()),
                format!(
                    "player {} of the position has {}, the game gives each {k}",
                    j + 1,
                    plural(pieces.len(), "piece", "pieces")
                ),
            ));
        }
        let most = (0..n).map(|p| game.steps(p)).max().unwrap_or(0);
        for (i, &(c, s)) in pieces.iter().enumerate() {
            let t = s.trim();
            let col = c + 1 + (s.len() - s.trim_start().len());
            let step = if t == "w" {
                WAITING
            } else {
                match t.parse::<PieceStep>() {
                    Ok(v) if (v as usize) < most => v,
                    _ => {
                        return Err(err(
                            no,
                            col,
                            format!(
                                "\"{t}\" is not a step: expected w (waiting) or a number 0 to {}",
                                most - 1
                            ),
                        ));
                    }
                }
            };
            steps[j * k + i] = step;
        }
        steps[j * k..(j + 1) * k].sort_unstable();
    }
    Ok(steps)
}

/// The move field (at column `move_col`): `enter` or `FROM>TO`, checked against the mover's
/// pieces `own` and the row's `roll`.
fn parse_move(
    move_text: &str,
    move_col: usize,
    own: &[PieceStep],
    roll: u32,
    no: usize,
    err: ErrAt,
) -> Result<Row, PolicyError> {
    if move_text == "enter" {
        if !own.contains(&WAITING) {
            return Err(err(
                no,
                move_col,
                "enter, but the mover has no waiting piece".into(),
            ));
        }
        return Ok(Row {
            from: None,
            to: 0,
            line: no,
        });
    }
    let bad = || {
        err(
            no,
            move_col,
            format!("\"{move_text}\" is not a move: expected enter or FROM>TO (steps)"),
        )
    };
    let (a, b) = move_text.split_once('>').ok_or_else(bad)?;
    let (from, to) = match (a.parse::<PieceStep>(), b.parse::<PieceStep>()) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(bad()),
    };
    if !own.contains(&from) {
        return Err(err(
            no,
            move_col,
            format!("the move {move_text} starts on step {from}, where the mover has no piece"),
        ));
    }
    if from.checked_add(roll) != Some(to) {
        return Err(err(
            no,
            move_col,
            format!(
                "the move {move_text} goes {} steps, but the roll is {roll}",
                to as i64 - from as i64
            ),
        ));
    }
    Ok(Row {
        from: Some(from),
        to,
        line: no,
    })
}

impl Policy for FilePolicy {
    fn name(&self) -> String {
        format!("file:{}", self.path)
    }

    fn draws_uniformly(&self, game: &Game, state: &State, roll: u32) -> bool {
        !self.table.contains_key(&key_of(game, state, roll))
            && self.fallback.draws_uniformly(game, state, roll)
    }

    fn choose(
        &self,
        game: &Game,
        state: &State,
        roll: u32,
        moves: &[Move],
        rng: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        let Some(row) = self.table.get(&key_of(game, state, roll)) else {
            return self.fallback.choose(game, state, roll, moves, rng);
        };
        let found = moves.iter().position(|m| match row.from {
            None => m.enters(),
            Some(from) => m.from == from && m.to == row.to,
        });
        found.ok_or_else(|| {
            let named = match row.from {
                None => "enter".to_string(),
                Some(f) => format!("{f}>{}", row.to),
            };
            let legal: Vec<String> = moves
                .iter()
                .map(|m| {
                    if m.enters() {
                        "enter".into()
                    } else {
                        format!("{}>{}", m.from, m.to)
                    }
                })
                .collect();
            PolicyError(format!(
                "policy file {}:{}: the move {named} for roll {roll} is not legal in this position (legal: {})",
                self.path,
                row.line,
                legal.join(", ")
            ))
        })
    }
}
