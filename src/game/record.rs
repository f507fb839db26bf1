//! Game records (`boardpath.game-record/1`): a whole game as the board, the rules and every roll
//! with the move made, replayable by the engine; and short ids of single positions.
//!
//! A record is one JSON object (see `docs/game-record.md`):
//!
//! ```json
//! {"format": "boardpath.game-record/1", "board": "maedn", "rules": "openspiel", "players": 2,
//!  "pieces": 2, "turns": [{"roll": 6, "action": 1}, {"roll": 3, "action": 2}]}
//! ```
//!
//! One turn per roll, in order; the move is OpenSpiel's action id from the mover's side (0 pass,
//! 1 bring a piece in, `2 + s` the piece on the mover's relative step `s`). Who rolls next is the
//! rules' business, so a record never says it: [`GameRecord::replay`] follows the engine.
//!
//! ```
//! use boardpath::game::record::GameRecord;
//!
//! let record = GameRecord::parse(r#"{"format": "boardpath.game-record/1", "pieces": 1,
//!     "turns": [{"roll": 6, "action": 1}, {"roll": 4, "action": 2}]}"#).unwrap();
//! let replay = record.replay().unwrap();
//! assert_eq!(replay.plies.len(), 2);
//! assert_eq!(replay.last().pieces_of(0), &[4]); // entered on a 6, then 4 steps on
//! ```

use super::action::{action_id, move_for_action};
use super::{Game, GameConfig, GameError, Move, Rules, Seating, State, WAITING, apply};
use crate::board::Board;
use serde::{Deserialize, Serialize};

/// The format name a record carries in its `format` field.
pub const RECORD_FORMAT: &str = "boardpath.game-record/1";

/// The most turns a record may hold: a game of 6 players with every piece of the largest board
/// ends long before, so more is not a game but a denial of service.
pub const MAX_TURNS: usize = 1_000_000;

/// One roll and the move made after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The face rolled.
    pub roll: u32,
    /// OpenSpiel's action id from the mover's side: 0 pass, 1 enter, `2 + s` the piece on step `s`.
    pub action: usize,
}

/// A whole game (see the module documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// An embedded board's short name or a board file's path; default `maedn`.
    #[serde(default = "default_board")]
    pub board: String,
    /// The board file's SHA-256 (lowercase hex), checked when the record is replayed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_sha256: Option<String>,
    /// The rules in the syntax of `--rules`; default `openspiel`.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// Players, 2 to 6; default 2.
    #[serde(default = "default_players")]
    pub players: usize,
    /// Pieces a player; default every piece the board gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
    /// Whether the players sit next to each other (`play --adjacent`) rather than spread out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adjacent: bool,
    /// Who sat in each seat (free text: `you`, `optimal`, a policy name), for the reader.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Every roll with its move, in order.
    pub turns: Vec<Turn>,
}

fn default_board() -> String {
    "maedn".to_string()
}
fn default_rules() -> String {
    "openspiel".to_string()
}
fn default_players() -> usize {
    2
}

/// Why a record cannot be read or replayed: the place (a turn, a field) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

/// One replayed turn: the position before the roll, who rolled, the roll and the move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ply {
    /// The position before the roll.
    pub before: State,
    /// The player who rolled (`before.to_move()`).
    pub seat: usize,
    /// The face rolled.
    pub roll: u32,
    /// The action id made.
    pub action: usize,
    /// The move (`None`: a pass).
    pub made: Option<Move>,
}

/// A record replayed by the engine: the game, every ply, the final position.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The board the record names.
    pub board: Board,
    /// The game set up from it.
    pub game: Game,
    /// Every turn, in order.
    pub plies: Vec<Ply>,
    /// Who sat in each seat, as the record says (may be empty).
    pub names: Vec<String>,
    /// The position after the last turn.
    pub end: State,
}

impl Replay {
    /// The position after the last turn.
    pub fn last(&self) -> &State {
        &self.end
    }

    /// The winner, if the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.end.winner(&self.game)
    }
}

impl GameRecord {
    /// An empty record of `game` on `board` (its name, or `path` when the board came from a
    /// file, with the file's SHA-256).
    pub fn new(board: &str, board_sha256: Option<String>, game: &Game) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT.to_string(),
            board: board.to_string(),
            board_sha256,
            rules: game.rules.describe(),
            players: game.players(),
            pieces: Some(game.pieces()),
            adjacent: false,
            names: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// Reads a record from JSON text, checking its format and size (not its moves: see
    /// [`GameRecord::replay`]).
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let record: GameRecord = serde_json::from_str(text).map_err(|e| {
            RecordError(format!(
                "line {}, column {}: not a game record: {e} (a record is a JSON object with \
                 \"format\": \"{RECORD_FORMAT}\" and \"turns\": [{{\"roll\": R, \"action\": A}}, \
                 ...])",
                e.line(),
                e.column()
            ))
        })?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError(format!(
                "\"format\" is \"{}\"; this program reads \"{RECORD_FORMAT}\"",
                record.format
            )));
        }
        if record.turns.len() > MAX_TURNS {
            return Err(RecordError(format!(
                "{} turns; a record holds at most {MAX_TURNS}",
                record.turns.len()
            )));
        }
        Ok(record)
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record is plain data")
    }

    /// The board the record names, checked against its SHA-256 when the record carries one.
    pub fn board(&self) -> Result<Board, RecordError> {
        let board = Board::load(&self.board)
            .map_err(|e| RecordError(format!("\"board\" \"{}\": {e}", self.board)))?;
        match &self.board_sha256 {
            Some(want) if !want.eq_ignore_ascii_case(&board.sha256) => Err(RecordError(format!(
                "\"board_sha256\" is {want}, but board {} has SHA-256 {}: the record was made on \
                 another version of the board",
                self.board, board.sha256
            ))),
            _ => Ok(board),
        }
    }

    /// The game the record was played in, on `board`.
    pub fn game(&self, board: &Board) -> Result<Game, RecordError> {
        let rules = Rules::parse(&self.rules)
            .map_err(|e| RecordError(format!("\"rules\" \"{}\": {e}", self.rules)))?;
        let config = GameConfig {
            players: self.players,
            pieces: self.pieces,
            rules,
            seating: if self.adjacent {
                Seating::Adjacent
            } else {
                Seating::Spread
            },
        };
        Game::new(board, &config).map_err(|e| RecordError(format!("{}: {e}", self.board)))
    }

    /// Replays every turn with the engine, refusing the first roll the die cannot show, the
    /// first illegal action and any turn after the game is over, naming the turn (from 1).
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let board = self.board()?;
        let game = self.game(&board)?;
        let mut state = State::initial(&game);
        let mut plies = Vec::with_capacity(self.turns.len());
        for (i, turn) in self.turns.iter().enumerate() {
            let ply = play_turn(&game, &state, turn)
                .map_err(|why| RecordError(format!("turn {}: {why}", i + 1)))?;
            apply(&game, &mut state, turn.roll, ply.made.as_ref());
            plies.push(ply);
        }
        Ok(Replay {
            board,
            game,
            plies,
            names: self.names.clone(),
            end: state,
        })
    }
}

/// Checks one turn against the position before it.
fn play_turn(game: &Game, state: &State, turn: &Turn) -> Result<Ply, String> {
    if let Some(w) = state.winner(game) {
        return Err(format!("the game is over: player {w} has won"));
    }
    if !game.faces().contains(&turn.roll) {
        return Err(format!(
            "roll {} is not a face of the die ({})",
            turn.roll,
            faces(game)
        ));
    }
    let made = move_for_action(game, state, turn.roll, turn.action).map_err(|e| e.to_string())?;
    Ok(Ply {
        before: *state,
        seat: state.to_move(),
        roll: turn.roll,
        action: turn.action,
        made,
    })
}

/// The die's faces in words: `1 to 6`, or a list.
fn faces(game: &Game) -> String {
    let f = game.faces();
    let run = f.windows(2).all(|w| w[1] == w[0] + 1);
    match (f.first(), f.last()) {
        (Some(a), Some(b)) if run && f.len() > 2 => format!("{a} to {b}"),
        _ => f.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// The action id of a move (`None`: a pass), as a record stores it.
pub fn action_of(made: Option<&Move>) -> usize {
    made.map_or(super::action::PASS, action_id)
}

/// RFC 4648's base-32 alphabet in lowercase: letters and digits, no look-alike `0`/`1`.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
/// The first byte of an id: its version, so a later layout can be told apart.
const ID_VERSION: u8 = 1;

/// A position's short id: one word of letters and digits (lowercase base 32) holding the player
/// to move, the tries and bonus rolls used in its turn and every piece's step (LEB128, 0 for a
/// waiting piece, else step + 1). It names the position within its game (board, rules, players
/// and pieces are the reader's, as in a record).
///
/// ```
/// use boardpath::board::Board;
/// use boardpath::game::record::{position_id, parse_position_id};
/// use boardpath::game::{Game, GameConfig, State};
///
/// let board = Board::load("maedn").unwrap();
/// let game = Game::new(&board, &GameConfig::new(2)).unwrap();
/// let start = State::initial(&game);
/// let id = position_id(&start);
/// assert!(id.chars().all(|c| c.is_ascii_alphanumeric()));
/// assert_eq!(parse_position_id(&game, &id).unwrap(), start);
/// ```
pub fn position_id(state: &State) -> String {
    let mut bytes = vec![
        ID_VERSION,
        state.steps().len() as u8,
        state.to_move() as u8,
        state.tries(),
        state.streak(),
    ];
    for &s in state.steps() {
        let mut v = if s == WAITING { 0 } else { u64::from(s) + 1 };
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            bytes.push(if v == 0 { b } else { b | 0x80 });
            if v == 0 {
                break;
            }
        }
    }
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0);
    for b in bytes {
        acc = acc << 8 | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[(acc >> bits & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[(acc << (5 - bits) & 31) as usize] as char);
    }
    out
}

/// The position of a [`position_id`] in `game`, or why the id is not one of its positions.
pub fn parse_position_id(game: &Game, id: &str) -> Result<State, GameError> {
    let bad = |why: String| GameError::State(format!("position id \"{id}\": {why}"));
    let bytes = decode_base32(id).map_err(bad)?;
    let (head, mut rest) = bytes
        .split_first_chunk::<5>()
        .ok_or_else(|| bad("too short (an id holds at least 5 bytes)".into()))?;
    let [version, count, to_move, tries, streak] = *head;
    if version != ID_VERSION {
        return Err(bad(format!(
            "version {version}; this program reads version {ID_VERSION}"
        )));
    }
    let want = game.players() * game.pieces();
    if usize::from(count) != want {
        return Err(bad(format!(
            "it holds {count} pieces; this game has {want} ({} players x {})",
            game.players(),
            game.pieces()
        )));
    }
    let mut steps = Vec::with_capacity(want);
    for _ in 0..want {
        let (v, used) = read_leb128(rest).ok_or_else(|| bad("ends inside a piece".into()))?;
        rest = &rest[used..];
        steps.push(match v {
            0 => WAITING,
            s => u32::try_from(s - 1)
                .ok()
                .filter(|&s| s != WAITING)
                .ok_or_else(|| bad(format!("step {} is out of range", s - 1)))?,
        });
    }
    if !rest.is_empty() {
        return Err(bad(format!("{} bytes past the last piece", rest.len())));
    }
    let to_move = usize::from(to_move);
    if to_move >= game.players() {
        return Err(bad(format!(
            "player {to_move} to move; this game has players 0 to {}",
            game.players() - 1
        )));
    }
    let rules = &game.rules;
    let most_tries = rules.tries.max(1);
    let most_streak = if rules.bonus_roll && rules.three_bonus_forfeit {
        3
    } else {
        1
    };
    if tries >= most_tries || streak >= most_streak {
        return Err(bad(format!(
            "{tries} tries used and {streak} bonus rolls in a row; these rules allow 0 to {} and \
             0 to {}",
            most_tries - 1,
            most_streak - 1
        )));
    }
    let state = State::from_steps(game, &steps, to_move).map_err(|e| bad(e.to_string()))?;
    Ok(state.with_turn(tries, streak))
}

/// The bytes of lowercase (or uppercase) base 32 without padding.
fn decode_base32(id: &str) -> Result<Vec<u8>, String> {
    if id.len() > 1024 {
        return Err(format!("{} characters; an id has at most 1024", id.len()));
    }
    let mut out = Vec::with_capacity(id.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0);
    for (i, c) in id.chars().enumerate() {
        let lower = c.to_ascii_lowercase() as u8;
        let v = ALPHABET
            .iter()
            .position(|&a| c.is_ascii() && a == lower)
            .ok_or_else(|| format!("character {} '{c}' is not one of a-z, 2-7", i + 1))?;
        acc = (acc << 5 | v as u32) & 0xfff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

/// One LEB128 number and the bytes it took, if it ends within `bytes` and fits 64 bits.
fn read_leb128(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut v = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(10) {
        v |= u64::from(b & 0x7f).checked_shl(7 * i as u32)?;
        if b & 0x80 == 0 {
            return Some((v, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_a_random_game() {
        let board = Board::load("ludo").unwrap();
        let game = Game::new(&board, &GameConfig::new(4)).unwrap();
        let mut rng = crate::random::SplitMix64::new(7);
        let mut state = State::initial(&game);
        let mut moves = Vec::new();
        let mut seen = 0;
        while !state.is_terminal(&game) && seen < 2_000 {
            let id = position_id(&state);
            assert_eq!(parse_position_id(&game, &id).unwrap(), state, "{id}");
            assert_eq!(parse_position_id(&game, &id.to_uppercase()).unwrap(), state);
            let roll = game.faces()[(rng.next_u64() % game.faces().len() as u64) as usize];
            super::super::legal_moves(&game, &state, roll, &mut moves);
            let pick =
                (!moves.is_empty()).then(|| moves[(rng.next_u64() % moves.len() as u64) as usize]);
            apply(&game, &mut state, roll, pick.as_ref());
            seen += 1;
        }
        assert!(seen > 100);
    }

    #[test]
    fn hostile_ids_are_refused_with_the_reason() {
        let board = Board::load("maedn").unwrap();
        let game = Game::new(&board, &GameConfig::new(2)).unwrap();
        let refused = |id: &str, want: &str| {
            let e = parse_position_id(&game, id).unwrap_err().to_string();
            assert!(e.contains(want), "{id}: {e}");
        };
        refused("", "too short");
        refused("ab!c", "character 3 '!' is not one of a-z, 2-7");
        refused("é", "character 1");
        refused(&"a".repeat(2000), "at most 1024");
        let start = position_id(&State::initial(&game));
        refused(&start[..start.len() - 2], "ends inside a piece");
        refused(&format!("{start}aaaaaaaa"), "past the last piece");
        let other = Game::new(&board, &GameConfig::new(4)).unwrap();
        refused(
            &position_id(&State::initial(&other)),
            "holds 16 pieces; this game has 8",
        );
    }
}
