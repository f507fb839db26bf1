//! Any two-player game of the engine as a [`ChanceGame`]: any board, any rules, its moves from the
//! one rule book ([`legal_moves`], [`apply`]).
//!
//! A position is the player to move, the rest of its turn (tries used, bonus rolls in a row,
//! where a rule reads them) and both sides, each ranked by [`SideRanking`] in its own seat's
//! steps. Where the two seats are symmetric (the same steps, and the board seen from either
//! seat alike: captures and safe tiles), one table holds the positions from the mover's side;
//! otherwise, or when asked ([`EngineGame::seat_aware`]: a fixed policy for one seat breaks the
//! symmetry), the mover's seat is part of the position: one table per mover.
//!
//! Layers by pieces home `{a, b}` (either side), the largest sum first; inside a layer, blocks by
//! (mover's seat, turn, mover's pieces home, other's pieces home), then the mover's side rank
//! times the other's count plus the other's side rank. Both sides' pieces on one unsafe track tile
//! cannot happen; such ranks are kept (the ranking stays a product) and marked by
//! [`EngineGame::is_valid`]: the solver sees them as positions that keep their value.

use super::ranking::SideRanking;
use super::{ChanceGame, Expansion, MoveOutcome};
use crate::game::{
    Game, GameError, MAX_PIECES, Move, PieceStep, State, WAITING, apply, legal_moves,
};
use std::cell::RefCell;
use std::ops::Range;

/// One block of ranks: a mover's seat, turn and pieces home of both sides.
#[derive(Clone, Copy, Debug)]
struct Block {
    start: u64,
    seat: u8,
    turn: u16,
    mover_home: u8,
    other_home: u8,
}

/// A two-player engine game ranked for the solver (see the module documentation).
#[derive(Clone, Debug)]
pub struct EngineGame {
    game: Game,
    sides: [SideRanking; 2],
    seats: usize,
    tries: usize,
    streaks: usize,
    probabilities: Vec<f64>,
    /// `[((seat * turns + turn) * (K + 1) + mover_home) * (K + 1) + other_home]`: first rank.
    block_start: Vec<u64>,
    blocks: Vec<Block>,
    order: Vec<Range<u64>>,
    positions: u64,
}

/// Why a game cannot be ranked.
fn refuse(why: String) -> GameError {
    GameError::Board(why)
}

impl EngineGame {
    /// The game `game` (two players) ranked from the mover's side: one table when the seats are
    /// symmetric ([`EngineGame::symmetric`]), one per mover otherwise.
    pub fn new(game: &Game) -> Result<EngineGame, GameError> {
        let seat_aware = !Self::symmetric(game);
        Self::build(game, seat_aware)
    }

    /// The game with the mover's seat always part of the position (one table per mover), as the
    /// evaluation of a fixed policy needs.
    pub fn seat_aware(game: &Game) -> Result<EngineGame, GameError> {
        Self::build(game, true)
    }

    /// Whether the board looks the same from both seats: equal steps, a piece of seat 0 on step
    /// `s` meets one of seat 1 on step `s'` exactly when seat 1's on `s` meets seat 0's on `s'`,
    /// and step `s` is safe for both or neither.
    pub fn symmetric(game: &Game) -> bool {
        if game.players() != 2
            || game.track_steps(0) != game.track_steps(1)
            || game.goal_len(0) != game.goal_len(1)
        {
            return false;
        }
        let t = game.track_steps(0) as PieceStep;
        let safe = |p: usize, s: PieceStep| game.tile(p, s).is_some_and(|x| game.is_safe(x));
        (0..t).all(|s| {
            safe(0, s) == safe(1, s)
                && (0..t).all(|u| {
                    (game.tile(0, s) == game.tile(1, u)) == (game.tile(1, s) == game.tile(0, u))
                })
        })
    }

    fn build(game: &Game, seat_aware: bool) -> Result<EngineGame, GameError> {
        if game.players() != 2 {
            return Err(refuse(format!(
                "the exact game is for two players; this game has {}",
                game.players()
            )));
        }
        if game.faces().len() > 64 {
            return Err(refuse(format!(
                "the exact game takes a die of at most 64 faces; this one has {}",
                game.faces().len()
            )));
        }
        let k = game.pieces();
        let side = |p: usize| {
            SideRanking::new(k, game.track_steps(p), game.goal_len(p)).ok_or_else(|| {
                refuse(format!(
                    "{k} pieces a side do not fit player {p}'s {} goal tiles and {} track steps \
                     (at most one piece a goal tile: 1 to {} pieces)",
                    game.goal_len(p),
                    game.track_steps(p),
                    game.goal_len(p)
                ))
            })
        };
        let sides = [side(0)?, side(1)?];
        let rules = &game.rules;
        let tries = usize::from(rules.tries.max(1));
        let streaks = if rules.bonus_roll && rules.three_bonus_forfeit {
            3
        } else {
            1
        };
        let seats = if seat_aware { 2 } else { 1 };
        let n = game.faces().len();
        let mut g = EngineGame {
            game: game.clone(),
            sides,
            seats,
            tries,
            streaks,
            probabilities: vec![1.0 / n as f64; n],
            block_start: Vec::new(),
            blocks: Vec::new(),
            order: Vec::new(),
            positions: 0,
        };
        g.lay_out()
            .ok_or_else(|| refuse("the positions are more than 2^64".into()))?;
        Ok(g)
    }

    /// Fills the blocks and layers: layers `{a, b}` by descending `a + b`.
    fn lay_out(&mut self) -> Option<()> {
        let k = self.game.pieces();
        let d = k + 1;
        let turns = self.turns();
        self.block_start = vec![u64::MAX; self.seats * turns * d * d];
        let mut next = 0u64;
        for sum in (0..=2 * (k - 1)).rev() {
            for a in 0..k {
                let Some(b) = sum.checked_sub(a).filter(|&b| b >= a && b < k) else {
                    continue;
                };
                let begin = next;
                for seat in 0..self.seats {
                    for turn in 0..turns {
                        let pairs: &[(usize, usize)] =
                            if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
                        for &(hm, ho) in pairs {
                            let size = self.sides[seat]
                                .count(hm)
                                .checked_mul(self.sides[1 - seat].count(ho))?;
                            self.block_start[((seat * turns + turn) * d + hm) * d + ho] = next;
                            self.blocks.push(Block {
                                start: next,
                                seat: seat as u8,
                                turn: turn as u16,
                                mover_home: hm as u8,
                                other_home: ho as u8,
                            });
                            next = next.checked_add(size)?;
                        }
                    }
                }
                self.order.push(begin..next);
            }
        }
        self.positions = next;
        Some(())
    }

    fn turns(&self) -> usize {
        self.tries * self.streaks
    }

    /// The game being ranked.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the mover's seat is part of the position (one table per mover).
    pub fn is_seat_aware(&self) -> bool {
        self.seats == 2
    }

    /// Bytes [`super::solve`] holds: two f64 bounds per position, and for the largest layer its
    /// sweep order and the buffer of a bucket's new bounds (5 bytes a position of it).
    pub fn bytes_needed(&self) -> u64 {
        self.bytes_needed_for(16)
    }

    /// [`EngineGame::bytes_needed`] with bounds of `slot_bytes` a position
    /// ([`Slot::BYTES`](super::Slot::BYTES)).
    pub fn bytes_needed_for(&self, slot_bytes: u64) -> u64 {
        self.positions
            .saturating_mul(slot_bytes)
            .saturating_add(self.largest_layer().saturating_mul(5))
    }

    /// The positions of the largest layer.
    pub fn largest_layer(&self) -> u64 {
        self.order
            .iter()
            .map(|r| r.end - r.start)
            .max()
            .unwrap_or(0)
    }

    /// The start of the game ([`State::initial`]), ranked.
    pub fn start(&self) -> State {
        State::initial(&self.game)
    }

    /// The rank of `state` (two players, neither has won).
    #[inline]
    pub fn rank(&self, state: &State) -> u64 {
        let m = state.to_move();
        let seat = if self.seats == 2 { m } else { 0 };
        let mut mover = [0 as PieceStep; MAX_PIECES];
        let mut other = [0 as PieceStep; MAX_PIECES];
        let k = self.game.pieces();
        mover[..k].copy_from_slice(state.pieces_of(m));
        other[..k].copy_from_slice(state.pieces_of(1 - m));
        mover[..k].sort_unstable();
        other[..k].sort_unstable();
        let (ms, os) = (&self.sides[seat], &self.sides[1 - seat]);
        let (hm, ho) = (ms.home(&mover[..k]), os.home(&other[..k]));
        let d = k + 1;
        let turn = usize::from(state.tries()) * self.streaks + usize::from(state.streak());
        let start = self.block_start[((seat * self.turns() + turn) * d + hm) * d + ho];
        start + ms.rank(&mover[..k]) * os.count(ho) + os.rank(&other[..k])
    }

    /// The state of rank `r` (`r < positions()`): the mover is seat 0 in a table from the
    /// mover's side.
    pub fn unrank(&self, r: u64) -> State {
        let b = self.blocks[self.blocks.partition_point(|b| b.start <= r) - 1];
        let seat = usize::from(b.seat);
        let (ms, os) = (&self.sides[seat], &self.sides[1 - seat]);
        let (hm, ho) = (usize::from(b.mover_home), usize::from(b.other_home));
        let off = r - b.start;
        let k = self.game.pieces();
        let mut steps = [0 as PieceStep; MAX_PIECES];
        let (first, second) = steps.split_at_mut(k);
        let (mine, theirs) = if seat == 0 {
            (first, &mut second[..k])
        } else {
            (&mut second[..k], first)
        };
        ms.unrank(hm, off / os.count(ho), mine);
        os.unrank(ho, off % os.count(ho), theirs);
        let turn = usize::from(b.turn);
        State::from_parts(
            &self.game,
            &steps[..2 * k],
            seat,
            (turn / self.streaks) as u8,
            (turn % self.streaks) as u8,
        )
    }

    /// The mover's seat of position `r` (0 in a table from the mover's side).
    pub fn seat_of(&self, r: u64) -> usize {
        usize::from(self.blocks[self.blocks.partition_point(|b| b.start <= r) - 1].seat)
    }

    /// Whether a state is a position of the game: no two pieces of different sides on one track
    /// tile that is not safe.
    pub fn is_valid(&self, state: &State) -> bool {
        let g = &self.game;
        state.pieces_of(0).iter().all(|&s| {
            let Some(tile) = g.tile(0, s) else {
                return true;
            };
            g.is_safe(tile)
                || g.step_at(1, tile)
                    .is_none_or(|u| !state.pieces_of(1).contains(&u))
        })
    }

    /// Where the mover's move `mv` (or a pass) after `roll` leads, for the solver.
    pub fn outcome(&self, state: &State, roll: u32, mv: Option<&Move>) -> MoveOutcome {
        let m = state.to_move();
        let mut next = *state;
        apply(&self.game, &mut next, roll, mv);
        if next.has_won(&self.game, m) {
            MoveOutcome::Win
        } else if next.to_move() == m {
            MoveOutcome::Same(self.rank(&next))
        } else {
            MoveOutcome::Flip(self.rank(&next))
        }
    }
}

thread_local! {
    /// The legal moves of one roll, reused across expansions.
    static MOVES: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

impl ChanceGame for EngineGame {
    fn positions(&self) -> u64 {
        self.positions
    }

    fn roll_probabilities(&self) -> &[f64] {
        &self.probabilities
    }

    fn layers(&self) -> Vec<Range<u64>> {
        self.order.clone()
    }

    fn expand(&self, position: u64, out: &mut Expansion) {
        out.clear();
        let state = self.unrank(position);
        if !self.is_valid(&state) {
            for _ in self.game.faces() {
                out.outcomes.push(MoveOutcome::Same(position));
                out.end_roll();
            }
            return;
        }
        MOVES.with_borrow_mut(|moves| {
            for (r, &face) in self.game.faces().iter().enumerate() {
                legal_moves(&self.game, &state, face, moves);
                if moves.is_empty() {
                    if r < 64 {
                        out.pass |= 1 << r;
                    }
                    out.outcomes.push(self.outcome(&state, face, None));
                } else {
                    for mv in moves.iter() {
                        out.outcomes.push(self.outcome(&state, face, Some(mv)));
                    }
                }
                out.end_roll();
            }
        });
    }

    fn sweep_key(&self, position: u64) -> u32 {
        let s = self.unrank(position);
        let progress: u32 = s
            .steps()
            .iter()
            .filter(|&&x| x != WAITING)
            .map(|&x| x + 1)
            .sum();
        // More tries used first: a pass that uses a try leads there with the same pieces.
        (progress * self.tries as u32 + u32::from(s.tries())) * self.streaks as u32
            + u32::from(s.streak())
    }
}
