//! The value table of the standard two-player game (`solve-game --out`): one JSON header line,
//! then one little-endian `u32` per ranked position, and its independent check (`--verify`).
//!
//! A value `v` (the probability that the player to move wins) is stored as
//! `round(v * (2^32 - 1))`, so a stored value is off by at most `2^-33` from the middle of the
//! solver's bounds, and by at most the header's `error` from the true value. The file is
//! described, byte for byte, in `docs/game-solve.md`, so that it can be read without this code.

use super::{Maedn2, MoveOutcome, Position, Side, Slot};
use crate::game::{Game, Move, State, WAITING, apply, legal_moves};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{BufRead, Read, Write};

/// The format word of the header's `format` field.
pub const TABLE_FORMAT: &str = "boardpath.game-values/2";

/// A stored value is `round(v * SCALE)`: the largest `u32` stands for 1.
pub const SCALE: f64 = u32::MAX as f64;

/// The header's description of the stored values.
const VALUE: &str = "u32 little-endian, one per ranked position: round(v * 4294967295), v the \
                     probability that the player to move wins";

/// The header's pointer to the ranking.
const RANKING: &str = "boardpath standard ranking of two-player maedn (docs/game-solve.md)";

/// The header line of a value table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableHeader {
    /// [`TABLE_FORMAT`].
    pub format: String,
    /// The board's name.
    pub board: String,
    /// The board file's SHA-256 (lower-case hex).
    pub board_sha256: String,
    /// The rules (`openspiel`).
    pub rules: String,
    /// Pieces a side.
    pub pieces: usize,
    /// Ranked positions: the values that follow the header.
    pub positions: u64,
    /// How a value is stored, in words.
    pub value: String,
    /// Where the ranking is described, in words.
    pub ranking: String,
    /// The first player's win probability from the start: the middle of its bounds.
    pub first_player_wins: f64,
    /// A certified lower bound on it.
    pub lower: f64,
    /// A certified upper bound on it.
    pub upper: f64,
    /// The largest gap between the bounds of any position when the solve stopped.
    pub gap: f64,
    /// The most a stored value can be off from the true value: half the gap and half a step of
    /// the `u32` scale.
    pub error: f64,
    /// The largest Bellman residual of the solver's midpoints.
    pub residual: f64,
    /// SHA-256 of the value bytes (everything after the header line), lower-case hex.
    pub values_sha256: String,
    /// Every layer of the ranking, in file order.
    pub layers: Vec<TableLayer>,
}

/// One layer of the ranking, as the header lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableLayer {
    /// Pieces home: the mover's, the other's.
    pub home: [u32; 2],
    /// Rank of its first position.
    pub offset: u64,
    /// Its positions.
    pub positions: u64,
}

/// A stored value from a probability.
#[inline]
pub fn encode(v: f64) -> u32 {
    (v.clamp(0.0, 1.0) * SCALE).round() as u32
}

/// The probability a stored value stands for.
#[inline]
pub fn decode(x: u32) -> f64 {
    f64::from(x) / SCALE
}

/// What the header of `game`'s table says before its values are known.
pub struct TableFacts<'a> {
    /// The board's name.
    pub board: &'a str,
    /// The board file's SHA-256.
    pub board_sha256: &'a str,
    /// The first player's bounds from the start.
    pub start: [f64; 2],
    /// The largest gap of any position.
    pub gap: f64,
    /// The largest residual.
    pub residual: f64,
}

/// Positions encoded at a time when a table's values are hashed or written: 4 MiB of value
/// bytes, so that writing the table holds no copy of it (the bounds stay the largest thing held).
const CHUNK: usize = 1 << 20;

/// The value bytes of `bounds` (by rank, the middle stored), handed to `each` a chunk at a time
/// in file order.
pub fn for_each_value_chunk<S: Slot, E>(
    bounds: &[S],
    mut each: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut bytes = vec![0u8; 4 * CHUNK.min(bounds.len())];
    for part in bounds.chunks(CHUNK) {
        let out = &mut bytes[..4 * part.len()];
        out.par_chunks_mut(4)
            .zip(part.par_iter())
            .for_each(|(slot, &b)| {
                let [lo, hi] = b.get();
                slot.copy_from_slice(&encode((lo + hi) / 2.0).to_le_bytes())
            });
        each(out)?;
    }
    Ok(())
}

/// The header of a table of `bounds` (by rank, the middle stored): the value bytes are encoded
/// once here, a chunk at a time, for their checksum.
pub fn table_header<S: Slot>(game: &Maedn2, facts: &TableFacts, bounds: &[S]) -> TableHeader {
    let mut hash = Sha256::new();
    let Ok(()) = for_each_value_chunk::<S, std::convert::Infallible>(bounds, |bytes| {
        hash.update(bytes);
        Ok(())
    });
    let [lower, upper] = facts.start;
    TableHeader {
        format: TABLE_FORMAT.into(),
        board: facts.board.into(),
        board_sha256: facts.board_sha256.into(),
        rules: "openspiel".into(),
        pieces: game.pieces(),
        positions: bounds.len() as u64,
        value: VALUE.into(),
        ranking: RANKING.into(),
        first_player_wins: (lower + upper) / 2.0,
        lower,
        upper,
        gap: facts.gap,
        error: facts.gap / 2.0 + 0.5 / SCALE,
        residual: facts.residual,
        values_sha256: hex(&hash.finalize()),
        layers: game
            .layer_table()
            .into_iter()
            .map(|(home, offset, positions)| TableLayer {
                home,
                offset,
                positions,
            })
            .collect(),
    }
}

/// Writes a table's header as one JSON line (the value bytes follow it).
pub fn write_header(w: &mut dyn Write, header: &TableHeader) -> std::io::Result<()> {
    let line = serde_json::to_string(header).map_err(std::io::Error::other)?;
    writeln!(w, "{line}")
}

/// Writes a table: the header line ([`table_header`]), then the value bytes of `bounds`, encoded
/// a chunk at a time.
pub fn write_table<S: Slot>(
    w: &mut dyn Write,
    header: &TableHeader,
    bounds: &[S],
) -> std::io::Result<()> {
    write_header(w, header)?;
    for_each_value_chunk(bounds, |bytes| w.write_all(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads a table's header line and its length in bytes (newline included), refusing a file that
/// does not start with a header of this format version.
pub fn read_header(reader: &mut impl BufRead) -> Result<(TableHeader, usize), String> {
    let mut line = Vec::new();
    // A header is a few kilobytes: a file without a newline early is not a table.
    reader
        .take(64 * 1024)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("cannot read: {e}"))?;
    if line.last() != Some(&b'\n') {
        return Err(format!(
            "line 1: no header line (a table starts with a JSON line whose \"format\" is \
             \"{TABLE_FORMAT}\", as `boardpath solve-game --out` writes)"
        ));
    }
    let json: serde_json::Value = serde_json::from_slice(&line)
        .map_err(|e| format!("line 1, column {}: header is not JSON: {e}", e.column()))?;
    match json.get("format").and_then(serde_json::Value::as_str) {
        Some(TABLE_FORMAT) => {}
        Some(other) => {
            return Err(format!(
                "line 1: format \"{other}\", but this build reads \"{TABLE_FORMAT}\" (write the \
                 table again with `boardpath solve-game --out`)"
            ));
        }
        None => {
            return Err(format!(
                "line 1: the header has no \"format\" ({TABLE_FORMAT})"
            ));
        }
    }
    let header = serde_json::from_value(json).map_err(|e| format!("line 1: header: {e}"))?;
    Ok((header, line.len()))
}

/// Reads the values after a header of `header_len` bytes: exactly `header.positions` of them,
/// their SHA-256 the header's.
pub fn read_values(
    reader: &mut impl Read,
    header: &TableHeader,
    header_len: usize,
) -> Result<Vec<f64>, String> {
    let n = header.positions;
    let want = n
        .checked_mul(4)
        .filter(|&b| b <= 1 << 40)
        .ok_or_else(|| format!("line 1: {n} positions is not a table this build can read"))?;
    let mut bytes = Vec::with_capacity(want as usize);
    reader
        .take(want + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 != want {
        let whole = bytes.len() as u64 / 4;
        return Err(if (bytes.len() as u64) < want {
            format!(
                "ends after {whole} of {n} values (byte {}); the table is truncated",
                header_len + bytes.len()
            )
        } else {
            format!("more than the {n} values the header promises (byte {header_len} on)")
        });
    }
    let sum = hex(&Sha256::digest(&bytes));
    if sum != header.values_sha256 {
        return Err(format!(
            "the values' SHA-256 is {sum}, but the header says {}: the table is corrupted",
            header.values_sha256
        ));
    }
    Ok(bytes
        .par_chunks_exact(4)
        .map(|c| decode(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect())
}

/// The engine's state as the solver's position, from the side of the player to move: each side
/// in its own frame (its steps 0..39 are its track tiles from its start tile, 40..43 its goal).
pub fn position_of(state: &State) -> Position {
    let side = |p: usize| {
        let mut s = Side::default();
        for &step in state.pieces_of(p) {
            match step {
                WAITING => s.waiting += 1,
                t if t < 40 => s.track |= 1 << t,
                g => s.goal |= 1 << (g - 40),
            }
        }
        s
    };
    let p = state.to_move();
    Position {
        mover: side(p),
        opponent: side(1 - p),
    }
}

/// The engine's state of a position: player 0 to move, each side's pieces in its own frame.
pub fn state_of(game: &Game, p: &Position) -> State {
    let side = |s: &Side| {
        let mut steps = vec![WAITING; s.waiting as usize];
        steps.extend((0..40).filter(|t| s.track >> t & 1 == 1));
        steps.extend((0..4).filter(|g| s.goal >> g & 1 == 1).map(|g| 40 + g));
        steps
    };
    let mut steps = side(&p.mover);
    steps.extend(side(&p.opponent));
    State::from_steps(game, &steps, 0).expect("a ranked position is a legal state")
}

/// What a check of a table found.
#[derive(Clone, Debug, PartialEq)]
pub struct Verification {
    /// The largest `|T(v)(p) - v(p)|` over every position, the backup recomputed with the
    /// engine's moves.
    pub residual: f64,
    /// The position of that residual.
    pub worst: u64,
    /// The first position (by rank) whose residual is over the allowed, with its residual.
    pub first_failure: Option<(u64, f64)>,
    /// The residual allowed: twice the header's `error` (a stored value off by at most `e` from
    /// the fixed point has a residual of at most `2e`) and `1e-12` for rounding.
    pub allowed: f64,
}

/// Recomputes every position's Bellman backup from `values` with the engine's moves (`game`:
/// two players opposite on the standard board, openspiel rules) and the ranking of `ranking`.
pub fn verify(game: &Game, ranking: &Maedn2, values: &[f64], error: f64) -> Verification {
    use super::ChanceGame;
    let allowed = 2.0 * error + 1e-12;
    let (residual, worst, first) = (0..ranking.positions())
        .into_par_iter()
        .map_init(Vec::new, |moves, p| {
            let r = (engine_backup(game, ranking, values, p, moves) - values[p as usize]).abs();
            (r, p, if r > allowed { p } else { u64::MAX })
        })
        .reduce(
            || (0.0, 0, u64::MAX),
            |a, b| {
                let (r, w) = if b.0 > a.0 || (b.0 == a.0 && b.1 < a.1) {
                    (b.0, b.1)
                } else {
                    (a.0, a.1)
                };
                (r, w, a.2.min(b.2))
            },
        );
    Verification {
        residual,
        worst,
        first_failure: (first != u64::MAX).then(|| {
            let r = (engine_backup(game, ranking, values, first, &mut Vec::new())
                - values[first as usize])
                .abs();
            (first, r)
        }),
        allowed,
    }
}

/// One position's backup: each roll's best move, as the engine plays it, averaged over the die.
fn engine_backup(
    game: &Game,
    ranking: &Maedn2,
    values: &[f64],
    p: u64,
    moves: &mut Vec<Move>,
) -> f64 {
    let state = state_of(game, &ranking.unrank(p));
    let faces = game.faces();
    let mut sum = 0.0;
    for &roll in faces {
        legal_moves(game, &state, roll, moves);
        let outcome = |mv: Option<&Move>| {
            let mut next = state;
            apply(game, &mut next, roll, mv);
            match next.winner(game) {
                Some(0) => MoveOutcome::Win,
                Some(_) => MoveOutcome::Loss,
                None if next.to_move() == 0 => MoveOutcome::Same(ranking.rank(&position_of(&next))),
                None => MoveOutcome::Flip(ranking.rank(&position_of(&next))),
            }
        };
        let worth = |o: MoveOutcome| match o {
            MoveOutcome::Win => 1.0,
            MoveOutcome::Loss => 0.0,
            MoveOutcome::Same(j) => values[j as usize],
            MoveOutcome::Flip(j) => 1.0 - values[j as usize],
        };
        let best = if moves.is_empty() {
            worth(outcome(None))
        } else {
            moves
                .iter()
                .map(|m| worth(outcome(Some(m))))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        sum += best;
    }
    sum / faces.len() as f64
}
