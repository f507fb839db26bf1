//! A board and rules compiled for play: who sits where, each seat's track and goal.

use super::{GameError, MAX_PIECES, MAX_PLAYERS, MIN_PLAYERS, PieceStep, Rules, Seating, WAITING};
use crate::board::{Board, Player};

/// How a game is set up on a board: players, pieces, rules, seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// Number of players, 2 to [`MAX_PLAYERS`].
    pub players: usize,
    /// Pieces per player; `None`: every piece the board gives each seated player (they must agree).
    pub pieces: Option<usize>,
    /// The rules.
    pub rules: Rules,
    /// Which board players sit at the table.
    pub seating: Seating,
}

impl GameConfig {
    /// `players` players, every piece, OpenSpiel's rules, spread seating (two sit opposite).
    pub fn new(players: usize) -> GameConfig {
        GameConfig {
            players,
            pieces: None,
            rules: Rules::openspiel(),
            seating: Seating::Spread,
        }
    }
}

/// A game ready to play: the board's geometry reduced to what the rules need. Game player `p`
/// (`0..players()`, the order of play) is board player `seats()[p]`; its pieces count relative
/// steps as [`crate::race`] does: step `k < track_steps(p)` is track tile
/// `(start(p) + k) mod track_len()`, step `track_steps(p) + j` is its goal tile `j`.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The board's name.
    pub board: String,
    /// The rules in force.
    pub rules: Rules,
    seats: Vec<usize>,
    pieces: usize,
    track_len: usize,
    // Fixed arrays, not vectors: read on every move, they sit in the struct itself.
    start: [usize; MAX_PLAYERS],
    track_steps: [usize; MAX_PLAYERS],
    goal_len: [usize; MAX_PLAYERS],
    faces: Vec<u32>,
    enter_roll: u32,
    bonus_face: u32,
    safe: Vec<bool>,
    /// `rel[q * track_len + t]`: player `q`'s step on track tile `t`, or [`WAITING`] where its
    /// pieces never pass (a table: the hot path of every move looks it up).
    rel: Vec<PieceStep>,
}

/// The pieces each seated player plays: `asked`, if every seat has that many, else every piece
/// the seats give (they must agree).
fn piece_count(board: &Board, seats: &[usize], asked: Option<usize>) -> Result<usize, GameError> {
    let most = seats
        .iter()
        .map(|&s| board.players[s].pieces())
        .min()
        .unwrap_or(0);
    match asked {
        Some(k) if (1..=most).contains(&k) => Ok(k),
        Some(k) => Err(GameError::Pieces { asked: k, most }),
        None => {
            let all: Vec<usize> = seats.iter().map(|&s| board.players[s].pieces()).collect();
            if all.iter().any(|&k| k != most) {
                return Err(GameError::Board(format!(
                    "the seated players have different numbers of pieces ({all:?}); choose one with --pieces (1 to {most})"
                )));
            }
            Ok(most)
        }
    }
}

/// Refuses seated players whose steps a [`super::State`] cannot hold, or, under
/// `first_piece_out`, two that share a start tile.
fn check_seated(players: &[&Player], first_piece_out: bool) -> Result<(), GameError> {
    for p in players {
        let steps = p.track_steps + p.goal.len();
        if steps >= WAITING as usize {
            return Err(GameError::Board(format!(
                "player \"{}\" has {steps} steps; a game state holds at most {}",
                p.name,
                WAITING - 1
            )));
        }
    }
    if first_piece_out {
        for (i, p) in players.iter().enumerate() {
            if let Some(q) = players[..i].iter().find(|q| q.start == p.start) {
                return Err(GameError::Board(format!(
                    "players \"{}\" and \"{}\" share start tile {}, so their first pieces cannot both start there (rule first-piece-out)",
                    q.name, p.name, p.start
                )));
            }
        }
    }
    Ok(())
}

/// `rel[q * track_len + t]`: player `q`'s step on track tile `t`, or [`WAITING`] where its pieces
/// never pass.
fn relative_steps(players: &[&Player], len: usize) -> Vec<PieceStep> {
    players
        .iter()
        .flat_map(|p| {
            (0..len).map(move |t| {
                let r = (t + len - p.start % len) % len;
                if r < p.track_steps {
                    r as PieceStep
                } else {
                    WAITING
                }
            })
        })
        .collect()
}

impl Game {
    /// Sets up `config` on `board`; refuses too few board players, a bad piece count, a die
    /// without the entry roll and boards too large for a [`super::State`].
    pub fn new(board: &Board, config: &GameConfig) -> Result<Game, GameError> {
        let n = config.players;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) || n > board.players.len() {
            return Err(GameError::Players {
                asked: n,
                board: board.players.len(),
            });
        }
        let seats = config.seating.seats(n, board.players.len())?;
        let pieces = piece_count(board, &seats, config.pieces)?;
        if n * pieces > MAX_PIECES {
            return Err(GameError::TooManyPieces {
                total: n * pieces,
                limit: MAX_PIECES,
            });
        }
        let mut faces = board.rules.die.clone();
        faces.sort_unstable();
        let bonus_face = *faces
            .last()
            .ok_or_else(|| GameError::Board("the die has no faces".into()))?;
        let enter_roll = config.rules.enter_on.unwrap_or(bonus_face);
        if !faces.contains(&enter_roll) {
            return Err(GameError::Board(format!(
                "the entry roll {enter_roll} (rule enter-on={enter_roll}) is not a face of the die {faces:?}; valid: one of its faces, or enter-on=highest"
            )));
        }
        let players: Vec<_> = seats.iter().map(|&s| &board.players[s]).collect();
        check_seated(&players, config.rules.first_piece_out)?;
        Ok(Game {
            board: board.name.clone(),
            rules: config.rules.clone(),
            pieces,
            track_len: board.track.len(),
            start: per_player(players.iter().map(|p| p.start)),
            track_steps: per_player(players.iter().map(|p| p.track_steps)),
            goal_len: per_player(players.iter().map(|p| p.goal.len())),
            faces,
            enter_roll,
            bonus_face,
            safe: (0..board.track.len())
                .map(|t| board.safe.binary_search(&t).is_ok())
                .collect(),
            rel: relative_steps(&players, board.track.len()),
            seats,
        })
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// Pieces per player.
    #[inline]
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The board player (index into `board.players`) of each game player, in order of play.
    pub fn seats(&self) -> &[usize] {
        &self.seats
    }

    /// Tiles on the board's shared track.
    #[inline]
    pub fn track_len(&self) -> usize {
        self.track_len
    }

    /// The board track index of player `p`'s start tile (its step 0).
    #[inline]
    pub fn start(&self, p: usize) -> usize {
        self.start[p]
    }

    /// Track tiles player `p`'s pieces visit, start tile included, before the goal.
    #[inline]
    pub fn track_steps(&self, p: usize) -> usize {
        self.track_steps[p]
    }

    /// Player `p`'s goal tiles.
    #[inline]
    pub fn goal_len(&self, p: usize) -> usize {
        self.goal_len[p]
    }

    /// Player `p`'s steps in all: track steps plus goal tiles. A piece's step is below this.
    #[inline]
    pub fn steps(&self, p: usize) -> usize {
        self.track_steps[p] + self.goal_len[p]
    }

    /// The die's faces, lowest first: chance outcome `i` of [`super::chance_outcomes`] is `faces()[i]`.
    pub fn faces(&self) -> &[u32] {
        &self.faces
    }

    /// The roll that brings a piece in.
    #[inline]
    pub fn enter_roll(&self) -> u32 {
        self.enter_roll
    }

    /// The die's highest face: the roll that rolls again under [`Rules::bonus_roll`].
    #[inline]
    pub fn bonus_face(&self) -> u32 {
        self.bonus_face
    }

    /// Whether board track tile `tile` is safe (and safe tiles are in force).
    #[inline]
    pub fn is_safe(&self, tile: usize) -> bool {
        self.rules.safe_tiles && self.safe[tile]
    }

    /// The board track index of player `p`'s step `step`, `None` for a goal step or a waiting piece.
    #[inline]
    pub fn tile(&self, p: usize, step: PieceStep) -> Option<usize> {
        let s = step as usize;
        (s < self.track_steps[p]).then(|| {
            // start < track_len and s < track_steps <= track_len: one subtraction wraps it.
            let t = self.start[p] + s;
            if t >= self.track_len {
                t - self.track_len
            } else {
                t
            }
        })
    }

    /// Player `p`'s step on board track tile `tile`, if its pieces pass there.
    #[inline]
    pub fn step_at(&self, p: usize, tile: usize) -> Option<PieceStep> {
        let r = self.rel[p * self.track_len + tile];
        (r != WAITING).then_some(r)
    }
}

/// One value per player in a fixed array (players past the last hold 0).
fn per_player(values: impl Iterator<Item = usize>) -> [usize; MAX_PLAYERS] {
    let mut out = [0; MAX_PLAYERS];
    for (o, v) in out.iter_mut().zip(values) {
        *o = v;
    }
    out
}
