//! A dedicated engine for uniformly random games: the same rules, moves, order, generator draws
//! and sums as [`super::legal_moves`] + [`super::apply`] + the random policy, on a representation
//! built for speed.
//!
//! Per player a bit set of the steps its pieces stand on. The pieces that may move a roll are
//! then three masks ANDed (on the board, target within the steps, target not an own piece), in
//! step order, which is the generic path's move order: the legal moves are counted, one is drawn,
//! and only that one is looked at further (its capture, its distance). Everything a move needs is
//! a flat table built once per tournament: per (player, step) the occupancy slot it writes and
//! the one it reads for a capture (a slot that is never written where nothing can be captured:
//! goal steps and safe tiles), per (player, face, step) the move's physical distance. The
//! tournament uses it when every seat plays the random policy; `tests/random_engine.rs` checks
//! that it gives exactly the generic path's sums.

use super::distance::Distances;
use super::{Game, MAX_PIECES, Roller, uniform_index};
use crate::random::SplitMix64;

/// Rows of the per-player tables (players are at most 6).
const PLAYERS: usize = 8;

/// Steps per player the bit sets hold; tables are indexed `p * STRIDE + step` (masked, so that
/// the compiler drops the bounds checks).
const STRIDE: usize = 64;

/// Track tiles the occupancy table holds.
const TILES: usize = 256;

/// Die faces the tables hold.
const FACES: usize = 32;

/// The occupancy slot that is never written: read for a landing step where no capture can happen.
const NEVER: u16 = TILES as u16;

/// The occupancy slot that is never read: written for goal steps.
const SCRATCH: u16 = TILES as u16 + 1;

/// Occupancy slots: the tiles, [`NEVER`] and [`SCRATCH`], rounded up to a power of two so that
/// a masked index needs no bounds check.
const SLOTS: usize = 2 * TILES;

/// Entries of the distance table, `PLAYERS * FACES * STRIDE`.
const MOVED: usize = PLAYERS * FACES * STRIDE;

/// What one random game did, per seat (rows past the last player stay 0).
#[derive(Clone, Debug, Default)]
pub(crate) struct GameStats {
    /// The winner, `None` when the roll limit came first.
    pub(crate) winner: Option<usize>,
    /// Rolls, all seats.
    pub(crate) rolls: u64,
    pub(crate) turns: [u64; PLAYERS],
    pub(crate) seat_rolls: [u64; PLAYERS],
    pub(crate) moves: [u64; PLAYERS],
    pub(crate) captures_made: [u64; PLAYERS],
    pub(crate) captures_suffered: [u64; PLAYERS],
    /// Distance of the seat's moves, added move by move (the generic path's order).
    pub(crate) moved: [f64; PLAYERS],
    /// Distance of the seat's captured pieces carried home, added capture by capture.
    pub(crate) carried: [f64; PLAYERS],
}

/// The game's tables, built once per tournament; `None` where a board is too large for them
/// (more than 64 steps for a player, more than 256 track tiles, more than 32 faces).
#[derive(Clone, Debug)]
pub(crate) struct RandomEngine {
    players: usize,
    pieces: usize,
    faces: [u32; FACES],
    /// The dice, seeded anew for each game.
    dice: Roller,
    /// The rules are OpenSpiel's in every switch the game loop reads (`first_piece_out` is
    /// read only at the start).
    plain: bool,
    enter_roll: u32,
    bonus_face: u32,
    bonus_roll: bool,
    clear_start: bool,
    must_enter: bool,
    tries: u8,
    compulsory_capture: bool,
    jump_in_goal: bool,
    first_piece_out: bool,
    three_bonus_forfeit: bool,
    /// Player `p`'s first goal step.
    track: [u32; PLAYERS],
    /// Bits of player `p`'s track steps.
    track_mask: [u64; PLAYERS],
    /// `reach[p * FACES + f]`: the steps `s` of player `p` with `s + faces[f]` still a step.
    reach: [u64; PLAYERS * FACES],
    /// `put[p * STRIDE + s]`: the occupancy slot a piece on step `s` marks (its track tile, or
    /// [`SCRATCH`] in the goal).
    put: [u16; PLAYERS * STRIDE],
    /// `hit[p * STRIDE + s]`: the occupancy slot to read for a capture on landing at step `s`
    /// (its track tile, or [`NEVER`] in the goal and on safe tiles).
    hit: [u16; PLAYERS * STRIDE],
    /// `tile[p * STRIDE + s]`: the track tile of a track step.
    tile: [u16; PLAYERS * STRIDE],
    /// `rel[p * TILES + t]`: player `p`'s step on track tile `t` (where its pieces pass).
    rel: [u8; PLAYERS * TILES],
    /// `moved[(p * FACES + f) * STRIDE + s]`: the distance of player `p` moving `faces[f]` from `s`.
    moved: Box<[f64; MOVED]>,
    /// `enter[id]`: the distance of piece `id` (player-major) entering.
    enter: [f64; MAX_PIECES],
    /// `carry[id * track_len + t]`: the distance of piece `id` carried home from track tile `t`.
    carry: Vec<f64>,
    track_len: usize,
}

/// The position of a game in progress on a [`RandomEngine`].
#[derive(Clone, Debug)]
struct Position {
    /// Bit `s`: player `p` has a piece on step `s`.
    mask: [u64; PLAYERS],
    /// Bit `i`: player `p`'s piece `i` waits.
    waiting: [u32; PLAYERS],
    /// `id_at[p * STRIDE + s]`: the piece (player-major index) on player `p`'s step `s`, valid
    /// where `mask` says.
    id_at: [u8; PLAYERS * STRIDE],
    /// Per occupancy slot: 0 empty, else 1 + the piece there (exact on the tiles that are not
    /// safe, where at most one piece stands).
    occ: [u8; SLOTS],
    tries: u8,
    streak: u8,
}

/// The legal moves of a roll: entering (always first), and the steps whose pieces may move.
#[derive(Clone, Copy, Debug)]
struct Legal {
    enter: bool,
    steps: u64,
}

impl Legal {
    const NONE: Legal = Legal {
        enter: false,
        steps: 0,
    };

    #[inline(always)]
    fn count(self) -> usize {
        self.enter as usize + self.steps.count_ones() as usize
    }
}

impl RandomEngine {
    /// The tables of `game` and its `distances`, or `None` if its boards or die are too large
    /// for them.
    pub(crate) fn new(game: &Game, distances: &Distances) -> Option<RandomEngine> {
        let n = game.players();
        let k = game.pieces();
        let track_len = game.track_len();
        let faces = game.faces();
        if (0..n).any(|p| game.steps(p) > STRIDE)
            || track_len > TILES
            || !(1..=FACES).contains(&faces.len())
        {
            return None;
        }
        let rules = &game.rules;
        let mut e = RandomEngine {
            players: n,
            pieces: k,
            faces: [0; FACES],
            dice: Roller::new(&mut SplitMix64::new(0), faces.len()),
            plain: rules.bonus_roll
                && rules.clear_start
                && rules.must_enter
                && rules.tries <= 1
                && !rules.compulsory_capture
                && rules.jump_in_goal
                && !rules.three_bonus_forfeit,
            enter_roll: game.enter_roll(),
            bonus_face: game.bonus_face(),
            bonus_roll: rules.bonus_roll,
            clear_start: rules.clear_start,
            must_enter: rules.must_enter,
            tries: rules.tries,
            compulsory_capture: rules.compulsory_capture,
            jump_in_goal: rules.jump_in_goal,
            first_piece_out: rules.first_piece_out,
            three_bonus_forfeit: rules.three_bonus_forfeit,
            track: [0; PLAYERS],
            track_mask: [0; PLAYERS],
            reach: [0; PLAYERS * FACES],
            put: [SCRATCH; PLAYERS * STRIDE],
            hit: [NEVER; PLAYERS * STRIDE],
            tile: [0; PLAYERS * STRIDE],
            rel: [0; PLAYERS * TILES],
            moved: vec![0.0; MOVED].into_boxed_slice().try_into().ok()?,
            enter: [0.0; MAX_PIECES],
            carry: vec![0.0; n * k * track_len],
            track_len,
        };
        e.faces[..faces.len()].copy_from_slice(faces);
        for p in 0..n {
            let (steps, track) = (game.steps(p), game.track_steps(p));
            e.track[p] = track as u32;
            e.track_mask[p] = bits_below(track);
            for (f, &roll) in faces.iter().enumerate() {
                // Steps s with s + roll < steps: none when the roll is past them all.
                e.reach[p * FACES + f] = bits_below(steps.saturating_sub(roll as usize));
                for s in 0..steps.saturating_sub(roll as usize) {
                    e.moved[(p * FACES + f) * STRIDE + s] = distances.of_step(p, s as u32, roll);
                }
            }
            for s in 0..track {
                let t = game.tile(p, s as u32)?;
                e.put[p * STRIDE + s] = t as u16;
                e.tile[p * STRIDE + s] = t as u16;
                e.hit[p * STRIDE + s] = if game.is_safe(t) { NEVER } else { t as u16 };
                e.rel[p * TILES + t] = s as u8;
            }
            for i in 0..k {
                e.enter[p * k + i] = distances.of_enter(p, i);
                for t in 0..track_len {
                    e.carry[(p * k + i) * track_len + t] = distances.of_carry(p, i, t);
                }
            }
        }
        Some(e)
    }

    /// The start of a game, as [`super::State::initial`].
    fn initial(&self) -> Position {
        let k = self.pieces;
        let mut g = Position {
            mask: [0; PLAYERS],
            waiting: [0; PLAYERS],
            id_at: [0; PLAYERS * STRIDE],
            occ: [0; SLOTS],
            tries: 0,
            streak: 0,
        };
        for p in 0..self.players {
            g.waiting[p] = if k == 32 { u32::MAX } else { (1u32 << k) - 1 };
            if self.first_piece_out {
                g.waiting[p] &= !1;
                g.mask[p] |= 1;
                self.place(&mut g, p, (p * k) as u8, 0);
            }
        }
        g
    }

    /// Plays one game from the start, drawing exactly as the generic path does: the dice from a
    /// [`Roller`] seeded by `rng`, the move (when there is a choice) from `rng`; for at most
    /// `max_rolls` rolls.
    pub(crate) fn play(&self, rng: &mut SplitMix64, max_rolls: u64) -> GameStats {
        if self.plain {
            self.play_with::<true>(rng, max_rolls)
        } else {
            self.play_with::<false>(rng, max_rolls)
        }
    }

    /// [`RandomEngine::play`]; `PLAIN`: the rules are OpenSpiel's in all that the loop reads
    /// ([`RandomEngine::plain`]), so those switches are constants and their tests drop out.
    fn play_with<const PLAIN: bool>(&self, rng: &mut SplitMix64, max_rolls: u64) -> GameStats {
        let mut out = GameStats::default();
        let mut g = self.initial();
        let mut dice = self.dice.clone();
        dice.reseed(rng);
        let mut last = usize::MAX;
        // The player to roll and the rolls, kept out of `g` and `out` so that they stay in
        // registers.
        let mut p = 0;
        let mut rolls = 0;
        out.winner = loop {
            if rolls == max_rolls {
                break None;
            }
            p &= PLAYERS - 1;
            out.turns[p] += (last != p) as u64;
            last = p;
            let f = dice.face() & (FACES - 1);
            let roll = self.faces[f];
            rolls += 1;
            out.seat_rolls[p] += 1;
            let legal = self.legal::<PLAIN>(&g, p, f, roll);
            // Mostly no piece or one can move: the bit count only where two or more can.
            let i = if legal.steps & legal.steps.wrapping_sub(1) == 0 {
                if legal.steps == 0 && !legal.enter {
                    p = self.pass_on::<PLAIN>(&mut g, p, roll, false);
                    continue;
                }
                if legal.steps != 0 && legal.enter {
                    uniform_index(rng, 2)
                } else {
                    0
                }
            } else {
                uniform_index(rng, legal.count())
            };
            out.moves[p] += 1;
            let won = self.play_move(&mut g, &mut out, p, f, roll, legal, i);
            if won {
                break Some(p);
            }
            p = self.pass_on::<PLAIN>(&mut g, p, roll, true);
        };
        out.rolls = rolls;
        out
    }

    /// The legal moves of player `p` after rolling face `f` (`roll`), as [`super::legal_moves`]:
    /// the pieces that may move as masks; the rules' cases stay branches, which predict well
    /// (as selects they measured slower).
    #[inline(always)]
    fn legal<const PLAIN: bool>(&self, g: &Position, p: usize, f: usize, roll: u32) -> Legal {
        let (three_bonus_forfeit, jump_in_goal, clear_start, must_enter, compulsory_capture) =
            if PLAIN {
                (false, true, true, true, false)
            } else {
                (
                    self.three_bonus_forfeit,
                    self.jump_in_goal,
                    self.clear_start,
                    self.must_enter,
                    self.compulsory_capture,
                )
            };
        if three_bonus_forfeit && roll == self.bonus_face && g.streak >= 2 {
            return Legal::NONE;
        }
        let mask = g.mask[p];
        let waits = g.waiting[p] != 0;
        // A roll of 64 or more shifts by `roll % 64`, but then `reach` is empty.
        let mut steps = mask & self.reach[p * FACES + f] & !mask.wrapping_shr(roll);
        if !jump_in_goal {
            steps = self.without_goal_jumps(p, mask, steps, roll);
        }
        // Pieces wait and the own piece on the start step can move: that move only.
        if waits && clear_start && steps & 1 == 1 {
            return Legal {
                enter: false,
                steps: 1,
            };
        }
        let enter = roll == self.enter_roll && waits && mask & 1 == 0;
        if enter && must_enter {
            return Legal { enter, steps: 0 };
        }
        let legal = Legal { enter, steps };
        if compulsory_capture {
            return self.captures_only(g, p, legal, roll);
        }
        legal
    }

    /// `steps` less the pieces that would jump over an own piece inside the goal.
    #[cold]
    fn without_goal_jumps(&self, p: usize, mask: u64, steps: u64, roll: u32) -> u64 {
        let track = self.track[p];
        let mut kept = steps;
        let mut rest = steps;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let to = from + roll;
            let lo = track.max(from + 1);
            if to >= track && to > lo && mask & bits_below((to - lo) as usize) << lo != 0 {
                kept &= !(1 << from);
            }
        }
        kept
    }

    /// Under [`super::Rules::compulsory_capture`]: only the capturing moves, if any captures.
    #[cold]
    fn captures_only(&self, g: &Position, p: usize, legal: Legal, roll: u32) -> Legal {
        let captures = |s: u32| g.occ[self.hit[at(p, s)] as usize & (SLOTS - 1)] != 0;
        let mut kept = Legal {
            enter: legal.enter && captures(0),
            steps: 0,
        };
        let mut rest = legal.steps;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            if captures(s + roll) {
                kept.steps |= 1 << s;
            }
        }
        if kept.count() == 0 { legal } else { kept }
    }

    /// Plays move `i` of `legal` for player `p` after rolling face `f` (`roll`); whether `p`
    /// has won.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn play_move(
        &self,
        g: &mut Position,
        out: &mut GameStats,
        p: usize,
        f: usize,
        roll: u32,
        legal: Legal,
        i: usize,
    ) -> bool {
        if legal.enter && i == 0 {
            return self.enter(g, out, p);
        }
        let from = nth_bit(legal.steps, i - legal.enter as usize) & 63;
        let to = from + roll;
        let id = g.id_at[at(p, from)];
        let victim = g.occ[self.hit[at(p, to)] as usize & (SLOTS - 1)];
        out.moved[p] += self.moved[((p * FACES + f) * STRIDE + from as usize) & (MOVED - 1)];
        g.mask[p] ^= 1 << from | 1 << (to & 63);
        g.occ[self.put[at(p, from)] as usize & (SLOTS - 1)] = 0;
        self.place(g, p, id, to);
        if victim != 0 {
            self.capture(g, out, p, victim - 1, to);
        }
        to >= self.track[p] && self.has_won(g, p)
    }

    /// Brings player `p`'s first waiting piece onto its start step; whether `p` has won.
    #[inline(always)]
    fn enter(&self, g: &mut Position, out: &mut GameStats, p: usize) -> bool {
        let i = g.waiting[p].trailing_zeros() as usize & 31;
        let id = p * self.pieces + i;
        let victim = g.occ[self.hit[at(p, 0)] as usize & (SLOTS - 1)];
        out.moved[p] += self.enter[id & (MAX_PIECES - 1)];
        g.waiting[p] &= !(1 << i);
        g.mask[p] |= 1;
        self.place(g, p, id as u8, 0);
        if victim != 0 {
            self.capture(g, out, p, victim - 1, 0);
        }
        self.has_won(g, p)
    }

    /// Marks piece `id` of player `p` on step `s` (its bit in `mask` is the caller's).
    #[inline(always)]
    fn place(&self, g: &mut Position, p: usize, id: u8, s: u32) {
        g.occ[self.put[at(p, s)] as usize & (SLOTS - 1)] = id + 1;
        g.id_at[at(p, s)] = id;
    }

    /// Player `p`, landing on its step `to`, knocks piece `id` back to its waiting tile.
    #[cold]
    fn capture(&self, g: &mut Position, out: &mut GameStats, p: usize, id: u8, to: u32) {
        let id = id as usize;
        let (q, j) = (id / self.pieces, id % self.pieces);
        let t = self.tile[at(p, to)] as usize;
        let q = q & (PLAYERS - 1);
        g.mask[q] &= !(1 << self.rel[q * TILES + t % TILES]);
        g.waiting[q] |= 1 << j;
        out.captures_made[p] += 1;
        out.captures_suffered[q] += 1;
        out.carried[q] += self.carry[id * self.track_len + t];
    }

    /// Whether player `p` has every piece in its goal: none waits and none is on the track.
    #[inline(always)]
    fn has_won(&self, g: &Position, p: usize) -> bool {
        g.waiting[p] == 0 && g.mask[p] & self.track_mask[p] == 0
    }

    /// After player `p`'s roll (`moved`: not a pass), who rolls next, as [`super::apply`].
    #[inline(always)]
    fn pass_on<const PLAIN: bool>(
        &self,
        g: &mut Position,
        p: usize,
        roll: u32,
        moved: bool,
    ) -> usize {
        let bonus = (PLAIN || self.bonus_roll) && roll == self.bonus_face;
        if PLAIN || (!self.three_bonus_forfeit && self.tries <= 1) {
            // Tries and streak stay 0: the bonus roll keeps the player, a select, not a branch.
            let next = if p + 1 == self.players { 0 } else { p + 1 };
            return if bonus { p } else { next };
        }
        let forfeits = self.three_bonus_forfeit && g.streak >= 2;
        if bonus && !forfeits {
            g.tries = 0;
            g.streak = if self.three_bonus_forfeit {
                g.streak.saturating_add(1)
            } else {
                0
            };
            p
        } else if !bonus && !moved && g.tries + 1 < self.tries && self.stuck(g, p) {
            g.tries += 1;
            p
        } else {
            g.tries = 0;
            g.streak = 0;
            if p + 1 == self.players { 0 } else { p + 1 }
        }
    }

    /// Whether player `p` has no piece on the track and some waiting.
    #[inline]
    fn stuck(&self, g: &Position, p: usize) -> bool {
        g.waiting[p] != 0 && g.mask[p] & self.track_mask[p] == 0
    }
}

/// The bits `0..n` (`n` at most 64).
#[inline]
fn bits_below(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The index of the `n`th set bit of `bits` (from 0, lowest first).
#[inline(always)]
fn nth_bit(mut bits: u64, n: usize) -> u32 {
    for _ in 0..n {
        bits &= bits.wrapping_sub(1);
    }
    bits.trailing_zeros()
}

/// The index of player `p`'s step `s` in the per-player tables (masked: no bounds check).
#[inline(always)]
fn at(p: usize, s: u32) -> usize {
    (p & (PLAYERS - 1)) * STRIDE + (s as usize & (STRIDE - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_counts_set_bits_from_the_lowest() {
        let bits = 0b1011_0100u64;
        let found: Vec<u32> = (0..4).map(|n| nth_bit(bits, n)).collect();
        assert_eq!(found, [2, 4, 5, 7]);
        assert_eq!(nth_bit(1 << 63, 0), 63);
    }
}
