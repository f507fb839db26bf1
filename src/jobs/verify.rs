//! The check of a value table: what a reader of a published table does before trusting it.

use super::JobError;
use super::solve_game::{describe_position, two_player_game};
use crate::board::Board;
use crate::game::exact::table::{self, TableHeader, Verification};
use crate::game::exact::{ChanceGame, Maedn2, describe_geometry, is_standard};
use serde::Serialize;
use std::io::BufReader;

/// What `solve-game --verify` found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableCheck {
    /// The table's header, as read (its checksum matched the values).
    pub header: TableHeader,
    /// The stored value of the start.
    pub start_value: f64,
    /// Whether the stored start value lies within `error` of the header's bounds, and those
    /// bounds are no further apart than the gap.
    pub start_ok: bool,
    /// The largest residual of a backup recomputed with the engine's moves.
    pub residual: f64,
    /// Where it is.
    pub worst: u64,
    /// The residual allowed (twice the header's `error`, and rounding).
    pub allowed: f64,
    /// The first position (by rank) over the allowed: its rank, its residual, in words.
    pub first_failure: Option<(u64, f64, String)>,
}

impl TableCheck {
    /// Whether every check passed.
    pub fn passed(&self) -> bool {
        self.start_ok && self.first_failure.is_none()
    }
}

/// Reads the table at `path` (for two players on `board` under openspiel rules), checks its
/// checksum, its format and game, recomputes every position's backup with the engine's moves,
/// and compares the start's stored value with the header's bounds.
pub fn verify_table(board: &Board, path: &str) -> Result<TableCheck, JobError> {
    let fail = |what: String| JobError::Table(format!("{path}: {what}"));
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut reader = BufReader::new(file);
    let (header, header_len) = table::read_header(&mut reader).map_err(fail)?;
    if header.rules != "openspiel" || !(1..=4).contains(&header.pieces) {
        return Err(fail(format!(
            "line 1: rules {:?} with {} pieces; a table holds openspiel rules with 1 to 4 pieces",
            header.rules, header.pieces
        )));
    }
    if header.board_sha256 != board.sha256 {
        return Err(fail(format!(
            "line 1: the table is for board {} (sha256 {}), not {} (sha256 {})",
            header.board, header.board_sha256, board.name, board.sha256
        )));
    }
    let ranking = Maedn2::new(header.pieces);
    if header.positions != ranking.positions() {
        return Err(fail(format!(
            "line 1: {} positions, but {} pieces a side rank {}",
            header.positions,
            header.pieces,
            ranking.positions()
        )));
    }
    let values = table::read_values(&mut reader, &header, header_len).map_err(fail)?;
    let game = two_player_game(board, header.pieces, Some("openspiel"))?;
    if !is_standard(&game) {
        return Err(fail(format!(
            "board {} has {}; a table is for the standard board (40 track tiles, goals of 4, \
             starts 20 apart, faces 1 to 6)",
            board.name,
            describe_geometry(&game)
        )));
    }
    let Verification {
        residual,
        worst,
        first_failure,
        allowed,
    } = table::verify(&game, &ranking, &values, header.error);
    let start_value = values[ranking.rank(&ranking.start()) as usize];
    let start_ok = header.lower <= header.upper
        && header.upper - header.lower <= header.gap
        && start_value >= header.lower - header.error
        && start_value <= header.upper + header.error;
    Ok(TableCheck {
        header,
        start_value,
        start_ok,
        residual,
        worst,
        allowed,
        first_failure: first_failure.map(|(p, r)| (p, r, describe_position(&ranking.unrank(p)))),
    })
}
