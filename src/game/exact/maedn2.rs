//! Two-player Mensch ärgere Dich nicht under OpenSpiel's `maedn` rules (players opposite), with
//! `K` pieces a side, as a [`ChanceGame`]: a perfect ranking of the positions seen from the player
//! to move, and the legal moves of OpenSpiel's `MaednState::LegalActions`.
//!
//! A side is read in its own frame: track tile 0 is its start tile, 39 the last before its goal,
//! goal tiles 40..43. The opponent's tile `t` is the mover's tile `(t + 20) mod 40`. A position
//! holds both sides and nothing else: after a 6 the same player rolls again, which is the same
//! position with the same mover, so no "rolls again" flag is needed.
//!
//! Ranking (no stored keys): layers by pieces home `(a, b)` (mover, opponent); inside a layer,
//! blocks by pieces on the track `(tm, to)`; inside a block, the mover's goal tiles, the
//! opponent's goal tiles, the mover's track tiles (colex rank among 40) and the opponent's track
//! tiles (colex rank among the `40 - tm` tiles the mover leaves free), mixed-radix in that order.

use super::{ChanceGame, Expansion, MoveOutcome};
use std::ops::Range;

/// Track tiles of the standard board.
const TRACK: u32 = 40;
/// Goal tiles per player.
const GOAL: u32 = 4;
/// Tiles between the two opposite players' start tiles.
const OFFSET: u32 = 20;
/// The die's faces.
const FACES: u32 = 6;
/// The most pieces a side can have (the goal's tiles).
pub const MAX_PIECES: usize = GOAL as usize;
const TRACK_MASK: u64 = (1u64 << TRACK) - 1;

/// Whether a two-player `game` has the geometry [`Maedn2`] ranks: 40 track tiles, the players'
/// starts 20 apart (opposite), 4 goal tiles each, a die 1-6.
pub fn is_standard(game: &crate::game::Game) -> bool {
    game.track_len() == TRACK as usize
        && (0..2)
            .all(|p| game.goal_len(p) == GOAL as usize && game.track_steps(p) == TRACK as usize)
        && (game.start(1) + game.track_len() - game.start(0)) % game.track_len() == OFFSET as usize
        && game.faces() == [1, 2, 3, 4, 5, 6]
}

/// A two-player `game`'s geometry in the terms of [`is_standard`], for messages: "N track tiles,
/// goals of A and B, starts S apart, faces [..]".
pub fn describe_geometry(game: &crate::game::Game) -> String {
    format!(
        "{} track tiles, goals of {} and {}, starts {} apart, faces {:?}",
        game.track_len(),
        game.goal_len(0),
        game.goal_len(1),
        (game.start(1) + game.track_len() - game.start(0)) % game.track_len(),
        game.faces()
    )
}

/// OpenSpiel's action ids: pass, bring a piece in, and `FIELD + s` to move the piece on the
/// mover's relative field `s` (0..39 track, 40..43 goal).
pub mod action {
    /// Nothing can move.
    pub const PASS: u32 = 0;
    /// A 6 brings a waiting piece onto the start tile.
    pub const BRING_IN: u32 = 1;
    /// Offset of the moves of a piece: `FIELD + relative source field`.
    pub const FIELD: u32 = 2;
}

/// One side's pieces in its own frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Side {
    /// Pieces not yet on the board.
    pub waiting: u8,
    /// Bit `t` set: a piece on track tile `t` (0..40, 0 the start tile).
    pub track: u64,
    /// Bit `g` set: a piece on goal tile `g` (0..4, 3 the deepest).
    pub goal: u8,
}

impl Side {
    /// Pieces on goal tiles.
    #[inline]
    pub fn home(&self) -> u32 {
        GOAL_PIECES[self.goal as usize & 15]
    }

    /// Steps taken by all pieces (waiting 0, track tile `t` is `t + 1`, goal tile `g` is
    /// `41 + g`): every move that captures nothing raises the sum of both sides.
    pub fn progress(&self) -> u32 {
        let mut p = 0;
        let mut t = self.track;
        while t != 0 {
            p += t.trailing_zeros() + 1;
            t &= t - 1;
        }
        let mut g = self.goal;
        while g != 0 {
            p += g.trailing_zeros() + TRACK + 1;
            g &= g - 1;
        }
        p
    }

    /// The side's own fields (track and goal) as one mask, goal tile `g` at bit `40 + g`.
    fn fields(&self) -> u64 {
        self.track | (u64::from(self.goal) << TRACK)
    }
}

/// A position: the player to move (about to roll) and the other, each in its own frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// The player to move.
    pub mover: Side,
    /// The other player.
    pub opponent: Side,
}

/// What a legal move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Maedn2Step {
    /// OpenSpiel's action id (see [`action`]).
    pub action: u32,
    /// The mover's side after the move.
    pub mover: Side,
    /// The opponent's side after the move (a captured piece waits again).
    pub opponent: Side,
    /// Whether the move captured a piece.
    pub capture: bool,
}

/// The legal moves of one roll: at most one per piece, or a pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves {
    steps: [Maedn2Step; MAX_PIECES],
    len: usize,
}

impl Moves {
    fn push(&mut self, s: Maedn2Step) {
        self.steps[self.len] = s;
        self.len += 1;
    }

    /// The moves, in OpenSpiel's order (by action id).
    pub fn as_slice(&self) -> &[Maedn2Step] {
        &self.steps[..self.len]
    }
}

/// Set bits of a sparse mask (at most a few): the build targets plain x86-64, whose
/// `count_ones` is a bit-twiddling sequence slower than this loop for a handful of bits.
#[inline]
fn bits(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// Turns a track mask of the other side's frame into this side's frame.
fn rotate(track: u64) -> u64 {
    ((track << OFFSET) | (track >> (TRACK - OFFSET))) & TRACK_MASK
}

/// The legal moves of the mover for `roll` (1..=6), exactly as OpenSpiel's `LegalActions`, in
/// its order (by action id), with their successors. A pass is one move.
pub fn moves(p: &Position, roll: u32, out: &mut Moves) {
    out.len = 0;
    for_each_move(p, roll, |s| out.push(s));
}

/// [`moves`], each handed to `each` as it is found instead of kept: the solver's expansion reads
/// every move once (storing them was 5% of a profile of a solve).
#[inline(always)]
fn for_each_move(p: &Position, roll: u32, mut each: impl FnMut(Maedn2Step)) {
    let m = p.mover;
    let own = m.fields();
    let theirs = rotate(p.opponent.track);
    let step = |from: u32, to: u32| apply(p, theirs, from, to);
    if m.waiting > 0 {
        // The start tile must be cleared when a piece waits, unless an own piece blocks it.
        if own & 1 == 1 && own >> roll & 1 == 0 {
            return each(step(0, roll));
        }
        if roll == FACES && own & 1 == 0 {
            return each(step(u32::MAX, 0));
        }
    }
    let mut rest = own;
    let mut any = false;
    while rest != 0 {
        let from = rest.trailing_zeros();
        rest &= rest - 1;
        let to = from + roll;
        if to < TRACK + GOAL && own >> to & 1 == 0 {
            any = true;
            each(step(from, to));
        }
    }
    if !any {
        each(Maedn2Step {
            action: action::PASS,
            mover: m,
            opponent: p.opponent,
            capture: false,
        });
    }
}

/// The move of the mover's piece on field `from` (0..44; `u32::MAX`: a waiting piece brought in)
/// to field `to`, `theirs` the other side's track in the mover's frame: the two sides after it,
/// and whether it captured.
#[inline(always)]
fn apply(p: &Position, theirs: u64, from: u32, to: u32) -> Maedn2Step {
    let mut mover = p.mover;
    let mut opponent = p.opponent;
    let mut capture = false;
    if from == u32::MAX {
        mover.waiting -= 1;
    } else if from < TRACK {
        mover.track &= !(1u64 << from);
    } else {
        mover.goal &= !(1u8 << (from - TRACK));
    }
    if to < TRACK {
        mover.track |= 1u64 << to;
        if theirs >> to & 1 == 1 {
            capture = true;
            opponent.track &= !(1u64 << ((to + TRACK - OFFSET) % TRACK));
            opponent.waiting += 1;
        }
    } else {
        mover.goal |= 1u8 << (to - TRACK);
    }
    let action = if from == u32::MAX {
        action::BRING_IN
    } else {
        action::FIELD + from
    };
    Maedn2Step {
        action,
        mover,
        opponent,
        capture,
    }
}

/// Binomial coefficients up to 40 choose 4.
struct Binomial([[u64; MAX_PIECES + 1]; TRACK as usize + 1]);

impl Binomial {
    fn new() -> Self {
        let mut c = [[0u64; MAX_PIECES + 1]; TRACK as usize + 1];
        for (n, row) in c.iter_mut().enumerate() {
            row[0] = 1;
            for (k, entry) in row
                .iter_mut()
                .enumerate()
                .take(MAX_PIECES.min(n) + 1)
                .skip(1)
            {
                *entry = (n as u64 - k as u64 + 1..=n as u64).product::<u64>()
                    / (1..=k as u64).product::<u64>();
            }
        }
        Binomial(c)
    }

    #[inline]
    fn get(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize][k as usize]
    }
}

/// Colex ranks of masks of at most [`MAX_PIECES`] bits: `[i][x]` is `C(x, i + 1)` for a bit `x`
/// up to 40 (zero above), and zero for `x = 64`, the trailing zeros of an empty rest.
struct Colex([[u64; 65]; MAX_PIECES]);

impl Colex {
    fn new(binomial: &Binomial) -> Self {
        Colex(std::array::from_fn(|i| {
            std::array::from_fn(|x| {
                if x <= TRACK as usize {
                    binomial.get(x as u32, i as u32 + 1)
                } else {
                    0
                }
            })
        }))
    }

    /// The colex rank of `mask`'s set bits, `sum C(x_i, i + 1)` over the bits in order, in a fixed
    /// number of steps (no branch on the bits set).
    #[inline(always)]
    fn rank(&self, mask: u64) -> u64 {
        debug_assert!(bits(mask) as usize <= MAX_PIECES);
        let mut rest = mask;
        let mut r = 0;
        for row in &self.0 {
            r += row[rest.trailing_zeros() as usize];
            rest &= rest.wrapping_sub(1);
        }
        r
    }
}

/// `mask`'s bits renumbered among the positions where `taken` is clear (the two are disjoint):
/// each taken position is squeezed out, lowest first, with a shift instead of a count per bit.
#[inline]
fn compress(mask: u64, taken: u64) -> u64 {
    let mut out = mask;
    let mut rest = taken;
    let mut removed = 0;
    while rest != 0 {
        let low = (1u64 << (rest.trailing_zeros() - removed)) - 1;
        out = (out & low) | ((out >> 1) & !low);
        rest &= rest - 1;
        removed += 1;
    }
    out
}

/// The inverse of [`compress`]: bit `c` becomes the `c`-th clear position of `taken` (a clear bit
/// is opened at each taken position, lowest first).
#[inline]
fn expand_free(mask: u64, taken: u64) -> u64 {
    let mut out = mask;
    let mut rest = taken;
    while rest != 0 {
        let low = (1u64 << rest.trailing_zeros()) - 1;
        out = (out & low) | ((out & !low) << 1);
        rest &= rest - 1;
    }
    out
}

/// The bit operations of the ranking, in two builds of the same code: portable, and with the
/// x86-64 instructions `popcnt` and `pext`/`pdep` (BMI2) where the processor has them and the
/// rest of [`has_features`] ([`Maedn2::expand`] picks at run time; the two are tested against each
/// other).
trait BitOps {
    /// Set bits.
    fn count(x: u64) -> u32;
    /// [`compress`].
    fn compress(mask: u64, taken: u64) -> u64;
    /// [`expand_free`].
    fn expand_free(mask: u64, taken: u64) -> u64;
}

/// The portable build.
struct Portable;

impl BitOps for Portable {
    #[inline(always)]
    fn count(x: u64) -> u32 {
        bits(x)
    }
    #[inline(always)]
    fn compress(mask: u64, taken: u64) -> u64 {
        compress(mask, taken)
    }
    #[inline(always)]
    fn expand_free(mask: u64, taken: u64) -> u64 {
        expand_free(mask, taken)
    }
}

/// The build with `popcnt` and BMI2: only inlined into functions compiled with the features of
/// [`has_features`].
#[cfg(target_arch = "x86_64")]
struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl BitOps for Bmi2 {
    #[inline(always)]
    fn count(x: u64) -> u32 {
        x.count_ones()
    }
    #[inline(always)]
    fn compress(mask: u64, taken: u64) -> u64 {
        // SAFETY: only reached from `Maedn2::expand_fast`, entered after the run-time check.
        unsafe { std::arch::x86_64::_pext_u64(mask, !taken) }
    }
    #[inline(always)]
    fn expand_free(mask: u64, taken: u64) -> u64 {
        // SAFETY: as above.
        unsafe { std::arch::x86_64::_pdep_u64(mask, !taken) }
    }
}

/// Whether this processor has the features [`Maedn2::expand_fast`] is compiled with (and so runs
/// the [`Bmi2`] build): those of [`Bmi2`], and AVX2, FMA, BMI1 (`tzcnt` for the loops over set
/// bits) and LZCNT, which most x86-64 processors have (Intel since Haswell, AMD since Zen; the
/// others run the portable build). The last four took 5.5% to 6% off the 3-piece solve's
/// processor time to its fourth group (one thread, pinned pairs; docs/game-solve.md).
fn has_features() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Every `k`-subset of the 40 track tiles in colex order, for `k` up to `pieces`: the subset of
/// colex rank `r` is `table[k][r]` (colex order is the order of the masks as integers).
fn subsets(pieces: u32) -> Vec<Vec<u64>> {
    let c = Binomial::new();
    (0..=pieces)
        .map(|k| {
            let mut all = Vec::with_capacity(c.get(TRACK, k) as usize);
            let mut mask = (1u64 << k) - 1;
            for _ in 0..c.get(TRACK, k) {
                all.push(mask);
                if mask == 0 {
                    break;
                }
                // The next integer with as many bits set (Gosper).
                let low = mask & mask.wrapping_neg();
                let carry = mask + low;
                mask = carry | (((mask ^ carry) >> 2) / low);
            }
            all
        })
        .collect()
}

/// Pieces on goal tiles for each goal mask.
static GOAL_PIECES: [u32; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// The mover's share of a rank, shared by every successor in which that side moves unchanged.
#[derive(Clone, Copy)]
struct MoverPart {
    home: u32,
    track_pieces: u32,
    goal_rank: u64,
    track_rank: u64,
    track: u64,
}

/// One block of positions (see the module documentation) and the radices of its mixed-radix
/// digits, as divisors.
#[derive(Clone, Copy)]
struct Block {
    start: u64,
    a: u32,
    b: u32,
    tm: u32,
    to: u32,
    /// `C(40 - tm, to)`: the other side's track tiles among the free ones.
    free: Divisor,
    /// `C(40, tm)`: the mover's track tiles.
    track: Divisor,
    /// `C(4, b)`: the other side's goal tiles.
    goal: Divisor,
}

impl Block {
    /// Every block of the game with `k` pieces a side, by first rank, from the layers' and the
    /// blocks' first ranks (`Maedn2::layer_start`, `Maedn2::block_start`).
    fn all(k: u32, binomial: &Binomial, layer_start: &[u64], block_start: &[u64]) -> Vec<Block> {
        let d = (k + 1) as usize;
        let mut blocks = Vec::new();
        for a in 0..k {
            for b in 0..k {
                for tm in 0..=k - a {
                    for to in 0..=k - b {
                        let (i, j) = (a as usize * d + b as usize, tm as usize * d + to as usize);
                        blocks.push(Block {
                            start: layer_start[i] + block_start[i * d * d + j],
                            a,
                            b,
                            tm,
                            to,
                            free: Divisor::new(binomial.get(TRACK - tm, to)),
                            track: Divisor::new(binomial.get(TRACK, tm)),
                            goal: Divisor::new(binomial.get(GOAL, b)),
                        });
                    }
                }
            }
        }
        blocks.sort_unstable_by_key(|b| b.start);
        blocks
    }
}

/// The blocks' coarse index has at most `2^BLOCK_SLOTS_LOG2` slots (more than half as many
/// where the game has more positions), each of a power of two of ranks.
const BLOCK_SLOTS_LOG2: u32 = 12;

/// Division by a constant `d` as a multiplication, for numerators below `2^34` (every rank with
/// 4 pieces is below 16,052,754,015 < 2^34): `n / d = (n m) >> 64` with `m = floor(2^64 / d) + 1`.
/// Exact while `n d < 2^64`: `n m / 2^64` exceeds `n / d` by less than `n / 2^64 < 1 / d`, too
/// little to reach the next integer. Three hardware divisions an `unrank` were 4% of a profile.
#[derive(Clone, Copy, Debug)]
struct Divisor {
    d: u64,
    m: u128,
}

impl Divisor {
    /// The largest numerator [`Divisor::div_rem`] takes.
    const NUMERATOR_END: u64 = 1 << 34;

    fn new(d: u64) -> Self {
        assert!(d > 0 && d < 1 << 30, "a divisor below 2^30");
        Divisor {
            d,
            m: (1u128 << 64) / u128::from(d) + 1,
        }
    }

    /// `(n / d, n % d)` for `n < 2^34`.
    #[inline(always)]
    fn div_rem(self, n: u64) -> (u64, u64) {
        debug_assert!(n < Self::NUMERATOR_END);
        let q = ((u128::from(n) * self.m) >> 64) as u64;
        (q, n - q * self.d)
    }
}

/// Two-player OpenSpiel `maedn` with `K` pieces a side: ranking, moves and the [`ChanceGame`].
pub struct Maedn2 {
    pieces: u32,
    binomial: Binomial,
    /// `[a][b]`: first rank of the layer with `a` mover and `b` opponent pieces home.
    layer_start: Vec<u64>,
    /// `[a][b][tm][to]`: first rank of the block inside its layer.
    block_start: Vec<u64>,
    /// Blocks by first rank.
    blocks: Vec<Block>,
    /// `[r >> block_shift]`: the block holding rank `r >> block_shift << block_shift`, where
    /// [`Self::unrank`] starts looking for `r`'s (a binary search over the blocks was 7% of a
    /// profile; most blocks span many of these slots, so the first guess is nearly always right).
    block_index: Vec<u16>,
    block_shift: u32,
    /// Layers in solving order.
    order: Vec<Range<u64>>,
    positions: u64,
    goal_rank: [u64; 16],
    goal_unrank: [[u8; 6]; 5],
    /// `[k][r]`: the `k` track tiles of colex rank `r`.
    subsets: Vec<Vec<u64>>,
    probabilities: [f64; 6],
    /// Colex ranks of track and goal masks.
    colex: Colex,
    /// Whether [`ChanceGame::expand`] runs the build compiled with the features of
    /// [`has_features`].
    fast: bool,
}

impl Maedn2 {
    /// The game with `pieces` pieces a side (1..=4).
    ///
    /// # Panics
    /// If `pieces` is 0 or more than [`MAX_PIECES`] (the CLI checks first).
    pub fn new(pieces: usize) -> Self {
        assert!((1..=MAX_PIECES).contains(&pieces), "1 to 4 pieces a side");
        let k = pieces as u32;
        let binomial = Binomial::new();
        let colex = Colex::new(&binomial);
        let d = (k + 1) as usize;
        let mut goal_rank = [0u64; 16];
        let mut goal_unrank = [[0u8; 6]; 5];
        for mask in 0u8..16 {
            let r = colex.rank(u64::from(mask));
            goal_rank[mask as usize] = r;
            goal_unrank[bits(u64::from(mask)) as usize][r as usize] = mask;
        }
        let mut block_start = vec![0u64; d * d * d * d];
        let mut layer_size = vec![0u64; d * d];
        for a in 0..k {
            for b in 0..k {
                let mut size = 0;
                for tm in 0..=k - a {
                    for to in 0..=k - b {
                        block_start
                            [((a as usize * d + b as usize) * d + tm as usize) * d + to as usize] =
                            size;
                        size += binomial.get(GOAL, a)
                            * binomial.get(GOAL, b)
                            * binomial.get(TRACK, tm)
                            * binomial.get(TRACK - tm, to);
                    }
                }
                layer_size[a as usize * d + b as usize] = size;
            }
        }
        // Layers of one sum of pieces home, both orders together (a pass or a turn swaps them),
        // the largest sum first in memory and in solving order.
        let mut layer_start = vec![0u64; d * d];
        let mut order = Vec::new();
        let mut next = 0;
        for sum in (0..=2 * (k - 1)).rev() {
            for a in 0..k {
                let Some(b) = sum.checked_sub(a).filter(|&b| b >= a && b < k) else {
                    continue;
                };
                let start = next;
                layer_start[a as usize * d + b as usize] = next;
                next += layer_size[a as usize * d + b as usize];
                if a != b {
                    layer_start[b as usize * d + a as usize] = next;
                    next += layer_size[b as usize * d + a as usize];
                }
                order.push(start..next);
            }
        }
        let blocks = Block::all(k, &binomial, &layer_start, &block_start);
        let block_shift = (64 - next.leading_zeros()).saturating_sub(BLOCK_SLOTS_LOG2);
        let block_index = (0..next.div_ceil(1 << block_shift))
            .map(|slot| (blocks.partition_point(|b| b.start <= slot << block_shift) - 1) as u16)
            .collect();
        Maedn2 {
            pieces: k,
            binomial,
            layer_start,
            block_start,
            blocks,
            block_index,
            block_shift,
            order,
            positions: next,
            goal_rank,
            goal_unrank,
            subsets: subsets(k),
            probabilities: [1.0 / 6.0; 6],
            colex,
            fast: has_features(),
        }
    }

    /// Pieces a side.
    pub fn pieces(&self) -> usize {
        self.pieces as usize
    }

    /// Positions where neither side has all pieces home (the ranked ones).
    pub fn count(pieces: usize) -> u64 {
        Self::count_with(pieces, false)
    }

    /// Every placement of both sides' pieces, finished games included (the count).
    pub fn count_all(pieces: usize) -> u64 {
        Self::count_with(pieces, true)
    }

    fn count_with(pieces: usize, finished: bool) -> u64 {
        let b = Binomial::new();
        let k = pieces as u32;
        let top = if finished { k } else { k - 1 };
        let mut n = 0;
        for a in 0..=top {
            for o in 0..=top {
                for tm in 0..=k - a {
                    for to in 0..=k - o {
                        n += b.get(GOAL, a)
                            * b.get(GOAL, o)
                            * b.get(TRACK, tm)
                            * b.get(TRACK - tm, to);
                    }
                }
            }
        }
        n
    }

    /// Bytes [`solve`](super::solve) holds for `pieces` pieces a side (1..=[`MAX_PIECES`]): two
    /// f64 bounds per position, and for the largest layer its sweep order (a `u32` a position)
    /// and the buffer of a bucket's new bounds (counted as a byte a position of the layer).
    pub fn bytes_needed(pieces: usize) -> u64 {
        Self::bytes_needed_for(pieces, 16)
    }

    /// [`Maedn2::bytes_needed`] with bounds of `slot_bytes` a position
    /// ([`Slot::BYTES`](super::Slot::BYTES)).
    pub fn bytes_needed_for(pieces: usize, slot_bytes: u64) -> u64 {
        Self::count(pieces) * slot_bytes + Self::new(pieces).largest_layer() * 5
    }

    /// Every layer `(a, b)` (pieces home: the mover's, the other's) in rank order, with its
    /// first rank and its positions: `(home, offset, positions)`.
    pub fn layer_table(&self) -> Vec<([u32; 2], u64, u64)> {
        let d = (self.pieces + 1) as usize;
        let mut layers: Vec<([u32; 2], u64, u64)> = (0..self.pieces)
            .flat_map(|a| (0..self.pieces).map(move |b| [a, b]))
            .map(|[a, b]| {
                let start = self.layer_start[a as usize * d + b as usize];
                ([a, b], start, 0)
            })
            .collect();
        layers.sort_unstable_by_key(|l| l.1);
        for i in 0..layers.len() {
            let end = layers.get(i + 1).map_or(self.positions, |l| l.1);
            layers[i].2 = end - layers[i].1;
        }
        layers
    }

    /// The positions of the largest layer (the one a solver holds a sweep order for).
    pub fn largest_layer(&self) -> u64 {
        self.order
            .iter()
            .map(|r| r.end - r.start)
            .max()
            .unwrap_or(0)
    }

    /// The start of the game: every piece waiting, the first player to move.
    pub fn start(&self) -> Position {
        let side = Side {
            waiting: self.pieces as u8,
            track: 0,
            goal: 0,
        };
        Position {
            mover: side,
            opponent: side,
        }
    }

    /// The rank of a position where neither side has all its pieces home.
    ///
    /// # Panics
    /// In debug builds, if the position is not one of this game's (wrong piece count, a side
    /// home, two pieces on one tile).
    #[inline]
    pub fn rank(&self, p: &Position) -> u64 {
        self.rank_with::<Portable>(&self.mover_part::<Portable>(&p.mover), &p.opponent)
    }

    #[inline(always)]
    fn mover_part<B: BitOps>(&self, m: &Side) -> MoverPart {
        let home = GOAL_PIECES[m.goal as usize];
        let track_pieces = B::count(m.track);
        debug_assert!(home < self.pieces);
        debug_assert_eq!(m.waiting as u32 + home + track_pieces, self.pieces);
        MoverPart {
            home,
            track_pieces,
            goal_rank: self.goal_rank[m.goal as usize],
            track_rank: self.colex.rank(m.track),
            track: m.track,
        }
    }

    /// The rank of the position whose mover is `m` (see [`Self::mover_part`]) and other side `o`.
    #[inline(always)]
    fn rank_with<B: BitOps>(&self, m: &MoverPart, o: &Side) -> u64 {
        let theirs = rotate(o.track);
        debug_assert_eq!(theirs & m.track, 0);
        debug_assert_eq!(
            o.waiting as u32 + GOAL_PIECES[o.goal as usize] + B::count(o.track),
            self.pieces
        );
        self.rank_high::<B>(m, o.goal, B::count(o.track))
            + self.colex.rank(B::compress(theirs, m.track))
    }

    /// Every digit of a rank but the last (the other side's track tiles): the mover's share `m`
    /// and the other side's goal tiles and count of pieces on the track.
    #[inline(always)]
    fn rank_high<B: BitOps>(&self, m: &MoverPart, goal: u8, on_track: u32) -> u64 {
        let d = (self.pieces + 1) as usize;
        let (a, tm) = (m.home as usize, m.track_pieces);
        let b = GOAL_PIECES[goal as usize & 15] as usize;
        debug_assert!(b < self.pieces as usize);
        let c = &self.binomial;
        let base = self.layer_start[a * d + b]
            + self.block_start[((a * d + b) * d + tm as usize) * d + on_track as usize];
        let go = self.goal_rank[goal as usize & 15];
        base + ((m.goal_rank * c.get(GOAL, b as u32) + go) * c.get(TRACK, tm) + m.track_rank)
            * c.get(TRACK - tm, on_track)
    }

    /// The position of rank `r` (`r < positions()`).
    ///
    /// # Panics
    /// If `r` is not below [`ChanceGame::positions`].
    pub fn unrank(&self, r: u64) -> Position {
        assert!(
            r < self.positions,
            "rank {r} of {} positions",
            self.positions
        );
        self.unrank_with::<Portable>(r)
    }

    #[inline(always)]
    fn unrank_with<B: BitOps>(&self, r: u64) -> Position {
        let mut i = usize::from(self.block_index[(r >> self.block_shift) as usize]);
        while self.blocks.get(i + 1).is_some_and(|next| next.start <= r) {
            i += 1;
        }
        let &Block {
            start,
            a,
            b,
            tm,
            to,
            free,
            track,
            goal,
        } = &self.blocks[i];
        let (rest, ro) = free.div_rem(r - start);
        let (rest, rm) = track.div_rem(rest);
        let (gm, go) = goal.div_rem(rest);
        let mtrack = self.subsets[tm as usize][rm as usize];
        let theirs = B::expand_free(self.subsets[to as usize][ro as usize], mtrack);
        let k = self.pieces;
        Position {
            mover: Side {
                waiting: (k - a - tm) as u8,
                track: mtrack,
                goal: self.goal_unrank[a as usize][gm as usize],
            },
            opponent: Side {
                waiting: (k - b - to) as u8,
                track: rotate(theirs),
                goal: self.goal_unrank[b as usize][go as usize],
            },
        }
    }

    /// Where a legal move leads, for the solver: a win, or the next position to move.
    pub fn outcome(&self, step: &Maedn2Step, roll: u32) -> MoveOutcome {
        self.outcome_with::<Portable>(step, roll)
    }

    #[inline(always)]
    fn outcome_with<B: BitOps>(&self, step: &Maedn2Step, roll: u32) -> MoveOutcome {
        let rank = |mover: &Side, opponent: &Side| {
            self.rank_with::<B>(&self.mover_part::<B>(mover), opponent)
        };
        if step.mover.home() == self.pieces {
            MoveOutcome::Win
        } else if roll == FACES {
            MoveOutcome::Same(rank(&step.mover, &step.opponent))
        } else {
            MoveOutcome::Flip(rank(&step.opponent, &step.mover))
        }
    }

    /// The expansion from the rule book: [`moves`] and [`Maedn2::outcome`] for every roll, in
    /// the portable build. The solver's expansion ([`ChanceGame::expand`]) finds the same moves
    /// from bit masks and ranks most successors from a share computed once a position; the tests
    /// hold the two equal, outcome for outcome.
    #[doc(hidden)]
    pub fn expand_reference(&self, position: u64, out: &mut Expansion) {
        out.clear();
        let p = self.unrank(position);
        let mut steps = Moves::default();
        for roll in 1..=FACES {
            moves(&p, roll, &mut steps);
            for s in steps.as_slice() {
                if s.action == action::PASS {
                    out.pass |= 1 << (roll - 1);
                }
                out.outcomes.push(self.outcome(s, roll));
            }
            out.end_roll();
        }
    }

    /// [`ChanceGame::expand`] in the build `B`: the moves of [`moves`] found from bit masks (a
    /// roll's movable pieces are one mask, not a test a piece), and the successors ranked with
    /// the share of their rank that the position fixes computed once.
    ///
    /// After a roll of 1 to 5 that captures nothing and moves a piece along the track (most
    /// moves), the other side moves next unchanged and the mover's goal tiles and pieces on the
    /// track keep their counts: every digit of the successor's rank but the last is the
    /// position's (`flip`), and the last is the moved track's colex rank among the tiles the
    /// other side leaves free.
    #[inline(always)]
    fn expand_with<B: BitOps>(&self, position: u64, out: &mut Expansion) {
        out.clear();
        let p = self.unrank_with::<B>(position);
        let (m, o) = (p.mover, p.opponent);
        let own = m.fields();
        let theirs = rotate(o.track);
        let other = self.mover_part::<B>(&o);
        let flip = self.rank_high::<B>(&other, m.goal, B::count(m.track));
        // The successor after a roll of 1 to 5 that neither captures nor changes the goal tiles.
        let track_flip = |track: u64| flip + self.colex.rank(B::compress(rotate(track), o.track));
        // The successor after a 6 that moves a piece along the track and captures nothing: the
        // mover's track digit and the other side's (among the tiles the mover leaves free)
        // change, the rest is the position's.
        let mover = self.mover_part::<B>(&m);
        let on_track = B::count(o.track);
        let same = self.rank_high::<B>(
            &MoverPart {
                track_rank: 0,
                ..mover
            },
            o.goal,
            on_track,
        );
        let radix = self.binomial.get(TRACK - mover.track_pieces, on_track);
        let track_same = |track: u64| {
            same + self.colex.rank(track) * radix + self.colex.rank(B::compress(theirs, track))
        };
        for roll in 1..=FACES {
            let bit = 1u64 << (roll - 1);
            // The start tile must be cleared when a piece waits (unless an own piece blocks
            // it), and a 6 brings a piece in where it is free: either is the only move.
            let forced = m.waiting > 0
                && ((own & 1 == 1 && own >> roll & 1 == 0) || (roll == FACES && own & 1 == 0));
            let sources = if forced {
                own & 1
            } else {
                own & !(own >> roll) & ((1u64 << (TRACK + GOAL - roll)) - 1)
            };
            if forced && own & 1 == 0 {
                // Bring a piece in: the mover rolls again.
                let s = apply(&p, theirs, u32::MAX, 0);
                out.outcomes.push(self.outcome_with::<B>(&s, roll));
            } else if sources == 0 {
                // A pass: the same position after a 6, else the other side's turn.
                out.pass |= bit;
                out.outcomes.push(if roll == FACES {
                    MoveOutcome::Same(position)
                } else {
                    MoveOutcome::Flip(track_flip(m.track))
                });
            } else {
                let mut rest = sources;
                while rest != 0 {
                    let from = rest.trailing_zeros();
                    rest &= rest - 1;
                    let to = from + roll;
                    let track = m.track ^ (1u64 << from) ^ (1u64 << to);
                    let outcome = if to >= TRACK || theirs >> to & 1 == 1 {
                        self.slow_outcome::<B>(&p, theirs, &other, [from, to], roll)
                    } else if roll != FACES {
                        MoveOutcome::Flip(track_flip(track))
                    } else {
                        MoveOutcome::Same(track_same(track))
                    };
                    out.outcomes.push(outcome);
                }
            }
            out.end_roll();
        }
    }

    /// The outcome of moving the mover's piece on field `from` (0..44) to `to` that
    /// [`Self::expand_with`] does not rank from the position's share (a capture, or a move into
    /// or inside the goal): `other` is the other side's share, for a move that hands it the turn
    /// unchanged.
    #[inline(always)]
    fn slow_outcome<B: BitOps>(
        &self,
        p: &Position,
        theirs: u64,
        other: &MoverPart,
        [from, to]: [u32; 2],
        roll: u32,
    ) -> MoveOutcome {
        let s = apply(p, theirs, from, to);
        if roll != FACES && !s.capture && s.mover.home() < self.pieces {
            MoveOutcome::Flip(self.rank_with::<B>(other, &s.mover))
        } else {
            self.outcome_with::<B>(&s, roll)
        }
    }

    /// [`Self::expand_with`] compiled with the features of [`has_features`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,popcnt")]
    fn expand_fast(&self, position: u64, out: &mut Expansion) {
        self.expand_with::<Bmi2>(position, out)
    }

    /// [`ChanceGame::expand`] in the portable build, whatever the processor (for tests).
    #[doc(hidden)]
    pub fn expand_portable(&self, position: u64, out: &mut Expansion) {
        self.expand_with::<Portable>(position, out)
    }
}

impl ChanceGame for Maedn2 {
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
        #[cfg(target_arch = "x86_64")]
        if self.fast {
            // SAFETY: `fast` is set only where the processor has every feature `expand_fast` is
            // compiled with (`has_features`).
            return unsafe { self.expand_fast(position, out) };
        }
        self.expand_with::<Portable>(position, out)
    }

    fn sweep_key(&self, position: u64) -> u32 {
        let p = self.unrank(position);
        p.mover.progress() + p.opponent.progress()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiplication gives the hardware division's quotient and remainder for every radix
    /// of every block, at the ends of the numerators' range and around multiples of the divisor.
    #[test]
    fn divisors_divide_exactly() {
        let c = Binomial::new();
        let mut radices: Vec<u64> = (0..=4).map(|b| c.get(GOAL, b)).collect();
        for tm in 0..=4 {
            radices.push(c.get(TRACK, tm));
            radices.extend((0..=4).map(|to| c.get(TRACK - tm, to)));
        }
        let end = Divisor::NUMERATOR_END;
        for d in radices {
            let div = Divisor::new(d);
            let last = (end - 1) / d;
            for q in [0, 1, 2, 3, last / 2, last - 1, last] {
                for n in [q * d, q * d + d / 2, (q * d + d - 1).min(end - 1)] {
                    assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
                }
            }
            assert_eq!(div.div_rem(end - 1), ((end - 1) / d, (end - 1) % d));
        }
    }

    /// A rank past the last is refused, not read as some position of the last block.
    #[test]
    #[should_panic(expected = "rank 1641 of 1641 positions")]
    fn a_rank_past_the_last_is_refused() {
        Maedn2::new(1).unrank(1_641);
    }

    /// The coarse index finds every block: its first and last rank, for 1 to 4 pieces (4 reaches
    /// the largest numerators the divisors take).
    #[test]
    fn every_block_s_ends_unrank_and_rank_back() {
        for k in 1..=MAX_PIECES {
            let g = Maedn2::new(k);
            assert!(g.positions() <= Divisor::NUMERATOR_END);
            let ends = g.blocks.iter().map(|b| b.start).chain([g.positions()]);
            for (first, end) in ends.clone().zip(ends.skip(1)) {
                for r in [first, first + (end - first) / 2, end - 1] {
                    assert_eq!(g.rank(&g.unrank(r)), r, "{k} pieces, rank {r}");
                }
            }
        }
    }
}
