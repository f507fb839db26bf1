//! The physical distance of a game: each move as the race's straight-line cost (the board's
//! metric and rounding, as `solve` and `dice` charge it), and each captured piece carried in a
//! straight line from its track tile back to its waiting tile.

use super::{Game, GameError, Move, PieceStep, WAITING};
use crate::board::{Board, Rounding, RuleOverrides};
use crate::cost::Cost;
use crate::race::Race;

/// Every distance a game can charge, precomputed per seat.
#[derive(Clone, Debug)]
pub struct Distances {
    /// Faces plus one: the stride of `moves`.
    stride: usize,
    /// `moves[p][from * stride + roll]`: the cost of player `p` moving `roll` from step `from`.
    moves: Vec<Vec<f64>>,
    /// `enter[p][i]`: piece `i` of player `p` from its waiting tile onto the start tile.
    enter: Vec<Vec<f64>>,
    /// `carry[p][i * track_len + tile]`: piece `i` of player `p` from track tile `tile` back to its
    /// waiting tile.
    carry: Vec<Vec<f64>>,
    track_len: usize,
}

impl Distances {
    /// The costs of `game` on `board` (the board the game was set up on).
    pub fn new(board: &Board, game: &Game) -> Result<Distances, GameError> {
        // The costs do not depend on whether pieces may stop inside the goal; the race refuses a
        // board where they may not and a piece cannot finish, which the game does not care about.
        let board = board
            .with_overrides(&RuleOverrides {
                moves_in_goal: Some(true),
                ..RuleOverrides::default()
            })
            .map_err(|e| GameError::Board(e.to_string()))?;
        match board.rules.rounding {
            Rounding::PerMove => Distances::of::<u64>(&board, game),
            Rounding::Exact => Distances::of::<f64>(&board, game),
        }
    }

    fn of<C: Cost>(board: &Board, game: &Game) -> Result<Distances, GameError> {
        let top = *game.faces().last().unwrap_or(&0) as usize;
        let stride = top + 1;
        let n = board.track.len();
        let mut out = Distances {
            stride,
            moves: Vec::new(),
            enter: Vec::new(),
            carry: Vec::new(),
            track_len: n,
        };
        for (p, &seat) in game.seats().iter().enumerate() {
            let race = Race::<C>::new(board, seat).map_err(|e| GameError::Board(e.to_string()))?;
            let mut moves = vec![0.0; game.steps(p) * stride];
            for from in 0..game.steps(p) {
                for (face, &roll) in race.faces.iter().enumerate() {
                    if let Some(c) = race.cost(from, face) {
                        moves[from * stride + roll as usize] = c.to_f64();
                    }
                }
            }
            out.moves.push(moves);
            out.enter
                .push(race.enter.iter().map(|c| c.to_f64()).collect::<Vec<_>>());
            let base = &board.players[seat].base;
            let metric = board.rules.metric;
            let mut carry = vec![0.0; base.len() * n];
            for (i, &home) in base.iter().enumerate() {
                for (t, &at) in board.track.iter().enumerate() {
                    carry[i * n + t] = C::from_length(metric.length(at, home)).to_f64();
                }
            }
            out.carry.push(carry);
        }
        Ok(out)
    }

    /// The cost of player `p`'s move `m` for `roll` (entering: from the piece's waiting tile).
    #[inline]
    pub fn of_move(&self, p: usize, m: &Move, roll: u32) -> f64 {
        if m.from == WAITING {
            self.enter[p][m.piece]
        } else {
            self.moves[p][m.from as usize * self.stride + roll as usize]
        }
    }

    /// The cost of player `p`'s piece `i` entering from its waiting tile.
    #[inline]
    pub fn of_enter(&self, p: usize, i: usize) -> f64 {
        self.enter[p][i]
    }

    /// The cost of carrying piece `i` of player `p` from board track tile `tile` home.
    #[inline]
    pub fn of_carry(&self, p: usize, i: usize, tile: usize) -> f64 {
        self.carry[p][i * self.track_len + tile]
    }

    /// The cost of player `p` moving a piece `roll` steps on from `from` (not entering).
    #[inline]
    pub fn of_step(&self, p: usize, from: PieceStep, roll: u32) -> f64 {
        self.moves[p][from as usize * self.stride + roll as usize]
    }
}
