//! A dedicated engine for uniformly random games: the same rules, moves, order and generator
//! draws as [`super::legal_moves`] + [`super::apply`], on a representation built for speed.
//!
//! Per player a table step -> track tile, a bit set of the steps its pieces stand on (so "an own
//! piece on the target", "an own piece jumped over in the goal" and "the pieces in step order"
//! are a mask test and a bit scan, no sort), and per track tile its occupant, updated on every
//! move instead of scanning every piece for a capture. The tournament uses it when every seat
//! plays the random policy; `tests/play.rs` checks that it gives exactly the generic path's sums.

use super::{Game, MAX_PIECES, Rules, WAITING};

/// No tile (a goal step) in [`RandomEngine`]'s step -> tile table.
const NO_TILE: u16 = u16::MAX;

/// Steps per player the bit sets hold; tables are indexed `p * STRIDE + step` (masked, so that
/// the compiler drops the bounds checks).
const STRIDE: usize = 64;

/// Track tiles the occupancy table holds.
const TILES: usize = 256;

/// A legal move in [`RandomEngine`]'s terms: the piece (player-major index), its steps, and the
/// piece it captures (player-major index, or [`NONE`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FastMove {
    pub(crate) piece: u8,
    pub(crate) capture: u8,
    pub(crate) from: u32,
    pub(crate) to: u32,
}

/// No capture in a [`FastMove`].
pub(crate) const NONE: u8 = u8::MAX;

/// The game's tables, built once per tournament; `None` where a board is too large for the bit
/// sets (more than 64 steps for a player, or more than 256 track tiles).
#[derive(Clone, Debug)]
pub(crate) struct RandomEngine {
    rules: Rules,
    players: usize,
    pieces: usize,
    enter_roll: u32,
    bonus_face: u32,
    steps: [u32; 8],
    track: [u32; 8],
    /// `tile[p * STRIDE + s]`: the track tile of player `p`'s step `s`, [`NO_TILE`] in the goal.
    tile: [u16; 8 * STRIDE],
    /// Whether a track tile is safe (the rule included).
    safe: [bool; TILES],
}

/// One game in progress on a [`RandomEngine`].
#[derive(Clone, Debug)]
pub(crate) struct RandomGame {
    step: [u32; MAX_PIECES],
    /// Bit `s`: player `p` has a piece on step `s`.
    mask: [u64; 8],
    /// Bit `i`: player `p`'s piece `i` waits.
    waiting: [u32; 8],
    /// Pieces of player `p` on goal steps.
    home: [u8; 8],
    /// `piece_at[p * STRIDE + s]`: player `p`'s piece index on step `s` (valid where `mask` says).
    piece_at: [u8; 8 * STRIDE],
    /// Per track tile: 0 empty, else 1 + the player-major index of the piece there (read only on
    /// tiles that are not safe, where at most one piece stands).
    occ: [u8; TILES],
    pub(crate) to_move: usize,
    tries: u8,
    streak: u8,
}

impl RandomEngine {
    /// The tables of `game`, or `None` if its boards are too large for them.
    pub(crate) fn new(game: &Game) -> Option<RandomEngine> {
        let n = game.players();
        if (0..n).any(|p| game.steps(p) > STRIDE) || game.track_len() > TILES {
            return None;
        }
        let mut tile = [NO_TILE; 8 * STRIDE];
        let mut safe = [false; TILES];
        for (t, safe) in safe.iter_mut().enumerate().take(game.track_len()) {
            *safe = game.is_safe(t);
        }
        let mut steps = [0; 8];
        let mut track = [0; 8];
        for p in 0..n {
            steps[p] = game.steps(p) as u32;
            track[p] = game.track_steps(p) as u32;
            for s in 0..game.track_steps(p) {
                tile[p * STRIDE + s] = game.tile(p, s as u32)? as u16;
            }
        }
        Some(RandomEngine {
            rules: game.rules.clone(),
            players: n,
            pieces: game.pieces(),
            enter_roll: game.enter_roll(),
            bonus_face: game.bonus_face(),
            steps,
            track,
            tile,
            safe,
        })
    }

    /// The start of a game, as [`super::State::initial`].
    pub(crate) fn initial(&self) -> RandomGame {
        let k = self.pieces;
        let mut g = RandomGame {
            step: [WAITING; MAX_PIECES],
            mask: [0; 8],
            waiting: [0; 8],
            home: [0; 8],
            piece_at: [0; 8 * STRIDE],
            occ: [0; TILES],
            to_move: 0,
            tries: 0,
            streak: 0,
        };
        for p in 0..self.players {
            g.waiting[p & 7] = if k == 32 { u32::MAX } else { (1u32 << k) - 1 };
            if self.rules.first_piece_out {
                g.waiting[p & 7] &= !1;
                self.place(&mut g, p, 0, 0);
            }
        }
        g
    }

    /// Puts player `p`'s piece `i` on step `s` (not waiting) in every table.
    #[inline(always)]
    fn place(&self, g: &mut RandomGame, p: usize, i: usize, s: u32) {
        let id = p * self.pieces + i;
        g.step[id % MAX_PIECES] = s;
        g.mask[p & 7] |= 1u64 << s;
        g.piece_at[at(p, s)] = i as u8;
        let t = self.tile[at(p, s)];
        if t != NO_TILE {
            g.occ[t as usize % TILES] = id as u8 + 1;
        }
    }

    /// The capture of a piece landing on player `p`'s track step `to`, or [`NONE`].
    #[inline(always)]
    fn capture_at(&self, g: &RandomGame, p: usize, to: u32) -> u8 {
        let t = self.tile[at(p, to)];
        if t == NO_TILE || self.safe[t as usize % TILES] {
            return NONE;
        }
        // An own piece there was refused already, so an occupant belongs to someone else.
        g.occ[t as usize % TILES].wrapping_sub(1)
    }

    /// The move of player `p`'s piece on step `from` by `roll`, as [`super::moves`]' `advance`.
    #[inline(always)]
    fn advance(&self, g: &RandomGame, p: usize, from: u32, roll: u32) -> Option<FastMove> {
        let to = from + roll;
        if to >= self.steps[p & 7] {
            return None;
        }
        let mask = g.mask[p & 7];
        if mask >> to & 1 == 1 {
            return None;
        }
        let track = self.track[p & 7];
        if to >= track && !self.rules.jump_in_goal {
            // Own goal pieces strictly between `from` and `to`.
            let lo = track.max(from + 1);
            if to > lo && (mask >> lo) & ((1u64 << (to - lo)) - 1) != 0 {
                return None;
            }
        }
        Some(FastMove {
            piece: (p * self.pieces + g.piece_at[at(p, from)] as usize) as u8,
            capture: self.capture_at(g, p, to),
            from,
            to,
        })
    }

    /// Writes the legal moves after `roll` into `out` and returns how many: the same moves in the
    /// same order as [`super::legal_moves`].
    #[inline]
    pub(crate) fn legal(&self, g: &RandomGame, roll: u32, out: &mut [FastMove; 32]) -> usize {
        let p = g.to_move;
        let rules = &self.rules;
        if roll == self.bonus_face && rules.three_bonus_forfeit && g.streak >= 2 {
            return 0;
        }
        let waits = g.waiting[p & 7] != 0;
        let mask = g.mask[p & 7];
        if waits
            && rules.clear_start
            && mask & 1 == 1
            && let Some(m) = self.advance(g, p, 0, roll)
        {
            out[0] = m;
            return 1;
        }
        let mut n = 0;
        if roll == self.enter_roll && waits && mask & 1 == 0 {
            out[0] = FastMove {
                piece: (p * self.pieces + g.waiting[p & 7].trailing_zeros() as usize) as u8,
                capture: self.capture_at(g, p, 0),
                from: WAITING,
                to: 0,
            };
            n = 1;
            if rules.must_enter {
                return 1;
            }
        }
        // The pieces in step order: the bits of the mask, lowest first.
        let mut rest = mask;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            if let Some(m) = self.advance(g, p, s, roll) {
                out[n] = m;
                n += 1;
            }
        }
        if rules.compulsory_capture && out[..n].iter().any(|m| m.capture != NONE) {
            let mut kept = 0;
            for i in 0..n {
                if out[i].capture != NONE {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            n = kept;
        }
        n
    }

    /// Plays `mv` (`None`: a pass) after `roll` and passes the turn on, as [`super::apply`].
    #[inline]
    pub(crate) fn apply(&self, g: &mut RandomGame, roll: u32, mv: Option<&FastMove>) {
        let p = g.to_move;
        let k = self.pieces;
        if let Some(m) = mv {
            if m.capture != NONE {
                let c = m.capture as usize;
                let (q, j) = (c / k, c % k);
                // Captured on the track, so never a goal piece.
                g.mask[q & 7] &= !(1u64 << g.step[c % MAX_PIECES]);
                g.step[c % MAX_PIECES] = WAITING;
                g.waiting[q & 7] |= 1 << j;
            }
            let i = m.piece as usize - p * k;
            if m.from == WAITING {
                g.waiting[p & 7] &= !(1 << i);
            } else {
                g.mask[p & 7] &= !(1u64 << m.from);
                let t = self.tile[at(p, m.from)];
                if t != NO_TILE {
                    g.occ[t as usize % TILES] = 0;
                }
            }
            let track = self.track[p & 7];
            if m.to >= track && (m.from == WAITING || m.from < track) {
                g.home[p & 7] += 1;
            }
            self.place(g, p, i, m.to);
        }
        let bonus = self.rules.bonus_roll && roll == self.bonus_face;
        let forfeits = self.rules.three_bonus_forfeit && g.streak >= 2;
        if bonus && !forfeits {
            g.tries = 0;
            g.streak = if self.rules.three_bonus_forfeit {
                g.streak.saturating_add(1)
            } else {
                0
            };
        } else if !bonus && mv.is_none() && g.tries + 1 < self.rules.tries && self.stuck(g, p) {
            g.tries += 1;
        } else {
            g.to_move = if p + 1 == self.players { 0 } else { p + 1 };
            g.tries = 0;
            g.streak = 0;
        }
    }

    /// Whether player `p` has no piece on the track and some waiting.
    #[inline]
    fn stuck(&self, g: &RandomGame, p: usize) -> bool {
        g.waiting[p & 7] != 0
            && g.waiting[p & 7].count_ones() as usize + g.home[p & 7] as usize == self.pieces
    }

    /// Whether player `p` has every piece on a goal step.
    #[inline]
    pub(crate) fn has_won(&self, g: &RandomGame, p: usize) -> bool {
        g.home[p & 7] as usize == self.pieces
    }

    /// Pieces per player (to split a [`FastMove`]'s player-major index).
    #[inline]
    pub(crate) fn pieces(&self) -> usize {
        self.pieces
    }

    /// The track tile of player `p`'s step `s` (a track step).
    #[inline]
    pub(crate) fn tile(&self, p: usize, s: u32) -> usize {
        self.tile[at(p, s)] as usize
    }
}

/// The index of player `p`'s step `s` in the per-player tables (masked: no bounds check).
#[inline(always)]
fn at(p: usize, s: u32) -> usize {
    (p & 7) * STRIDE + (s as usize & (STRIDE - 1))
}
