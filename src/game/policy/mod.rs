//! Policies: who picks which legal move. One file per policy, each a small type implementing
//! [`Policy`]: given the game, the position, the roll and the legal moves (never empty: a pass is
//! not the policy's to choose), it names the index of the move to play.
//!
//! [`by_name`] builds one from its command-line name (`random`, `front`, `rear`, `aggressive`,
//! `defensive`, `solitaire`, `optimal`, `optimal:TABLE`, `file:PATH`); `optimal` plays the exact
//! two-player solution ([`optimal`], solved at start or read from a `solve-game --out` table);
//! `file:PATH` reads a table ([`file`](mod@file), format in `docs/game.md`, section "Policies").

pub mod aggressive;
pub mod defensive;
pub mod file;
pub mod front;
pub mod optimal;
pub mod random;
pub mod rear;
pub mod solitaire;

use super::{Game, Move, State, WAITING};
use crate::board::Board;
use crate::random::SplitMix64;
use std::fmt;

/// Chooses one of the legal moves. `Sync`: a tournament shares one policy between threads;
/// `Send`: an environment of the Python package moves its opponents' policies between threads.
pub trait Policy: Send + Sync {
    /// The name in output (`random`, `file:PATH`, ...).
    fn name(&self) -> String;

    /// The index into `moves` (the legal moves of `state.to_move()` for `roll`, in
    /// [`super::legal_moves`] order, never empty) of the move to play. `rng` is the game's own
    /// generator, for policies that draw. An error stops the tournament (a file naming an
    /// illegal move).
    fn choose(
        &self,
        game: &Game,
        state: &State,
        roll: u32,
        moves: &[Move],
        rng: &mut SplitMix64,
    ) -> Result<usize, PolicyError>;

    /// Whether this is the uniformly random policy (index [`crate::game::uniform_index`], no draw
    /// for a single move): a tournament of these alone runs on a dedicated engine with the same
    /// draws.
    fn is_uniform_random(&self) -> bool {
        false
    }

    /// Whether [`Policy::choose`] draws its move uniformly at random in this position (every
    /// other choice is a function of the position and roll): the exact evaluation of a policy
    /// ([`crate::game::strategy`]) averages over the moves there instead of calling it.
    fn draws_uniformly(&self, _game: &Game, _state: &State, _roll: u32) -> bool {
        self.is_uniform_random()
    }
}

/// A policy that cannot be built or cannot choose: one message naming what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError(pub String);

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PolicyError {}

/// Every built-in policy's name, for messages and `--help` (`file:PATH` besides).
pub const NAMES: [&str; 6] = [
    "random",
    "front",
    "rear",
    "aggressive",
    "defensive",
    "solitaire",
];

/// The policy called `name` (one of [`NAMES`], `optimal`, `optimal:TABLE` or `file:PATH`) for game player `player` of
/// `game` on `board` (the solitaire policy solves that player's race alone).
pub fn by_name(
    name: &str,
    board: &Board,
    game: &Game,
    player: usize,
) -> Result<Box<dyn Policy>, PolicyError> {
    Ok(match name {
        "random" => Box::new(random::Random),
        "front" => Box::new(front::Front),
        "rear" => Box::new(rear::Rear),
        "aggressive" => Box::new(aggressive::Aggressive),
        "defensive" => Box::new(defensive::Defensive),
        "solitaire" => Box::new(solitaire::Solitaire::new(board, game, player)?),
        "optimal" => Box::new(optimal::Optimal::new(board, game, None)?),
        _ => match (name.strip_prefix("file:"), name.strip_prefix("optimal:")) {
            (Some(path), _) if !path.is_empty() => Box::new(file::FilePolicy::load(path, game)?),
            (_, Some(table)) if !table.is_empty() => {
                Box::new(optimal::Optimal::new(board, game, Some(table))?)
            }
            _ => return Err(unknown(name)),
        },
    })
}

/// Whether `name` is a policy's name as [`by_name`] takes it (the files named are not read), or
/// why not, with the valid names: a command line can refuse a misspelt name before any work.
pub fn check_name(name: &str) -> Result<(), PolicyError> {
    let named = NAMES.contains(&name) || name == "optimal";
    let with_path = [name.strip_prefix("file:"), name.strip_prefix("optimal:")]
        .into_iter()
        .flatten()
        .any(|rest| !rest.is_empty());
    if named || with_path {
        Ok(())
    } else {
        Err(unknown(name))
    }
}

/// The refusal of an unknown policy name.
fn unknown(name: &str) -> PolicyError {
    PolicyError(format!(
        "unknown policy \"{name}\" (valid: {}, optimal, optimal:TABLE, file:PATH)",
        NAMES.join(", ")
    ))
}

/// A move's progress key: the step it leaves, a waiting piece (entering) lowest of all.
#[inline]
pub fn progress(m: &Move) -> i64 {
    if m.from == WAITING { -1 } else { m.from as i64 }
}

/// The index of the front-most move (the piece furthest along) among `moves`.
#[inline]
pub(crate) fn front_most(moves: &[Move]) -> usize {
    (0..moves.len())
        .max_by_key(|&i| progress(&moves[i]))
        .unwrap_or(0)
}
