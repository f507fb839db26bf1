//! The paper's bit-board (section 3.2), generic over the unsigned integer width.
//!
//! Layout, most significant bit first: one bit per waiting tile, one per track step, one per goal
//! tile, and the remaining low bits hold the distance the current piece has travelled. A set track or
//! goal bit means the piece has been there, so one integer holds a piece's whole path. For the
//! standard board in a `u64` this is the paper's 4 + 40 + 4 + 16 bits. When a move's cost is not a
//! whole number of units (`rounding = "exact"`), or the packed layout would not fit in 128 bits,
//! the distance is carried beside the word instead of in it.
//!
//! A move of `r` tiles is the paper's `path | (piece >> r)` plus the move's cost in the distance
//! bits. The current piece is the lowest set bit among its steps: pieces never move backwards.

use super::{EncodingError, PiecePath, StateEncoding};
use crate::board::Rounding;
use crate::cost::Cost;
use crate::race::{Piece, Race};
use crate::search::branch_and_bound::{Edge, Grandchildren};
use num_traits::{PrimInt, Unsigned};
use std::fmt;
use std::ops::{Add, BitAnd, BitOr, Shr};

/// An unsigned integer a bit-board can live in (`u64`, `u128`, ...).
pub trait Bits: PrimInt + Unsigned + fmt::LowerHex + fmt::Binary + fmt::Debug + 'static {}
impl<T: PrimInt + Unsigned + fmt::LowerHex + fmt::Binary + fmt::Debug + 'static> Bits for T {}

/// A bit-board: one piece's path and travelled distance in one integer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard<T>(pub T);

impl<T: Bits> BitOr for Bitboard<T> {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Bitboard(self.0 | rhs.0)
    }
}

impl<T: Bits> BitAnd for Bitboard<T> {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        Bitboard(self.0 & rhs.0)
    }
}

/// Moving a piece `n` tiles forward is a right shift by `n`, as in the paper.
impl<T: Bits> Shr<u32> for Bitboard<T> {
    type Output = Self;
    fn shr(self, n: u32) -> Self {
        Bitboard(self.0 >> n as usize)
    }
}

/// Adding a cost adds it to the distance field in the low bits.
impl<T: Bits> Add<T> for Bitboard<T> {
    type Output = Self;
    fn add(self, d: T) -> Self {
        Bitboard(self.0 + d)
    }
}

impl<T: Bits> Bitboard<T> {
    /// The board with only bit `index` set.
    pub fn bit(index: u32) -> Self {
        Bitboard(T::one() << index as usize)
    }

    /// Whether no bit is set.
    pub fn is_empty(self) -> bool {
        self.0.is_zero()
    }

    /// Whether bit `index` is set.
    pub fn has(self, index: u32) -> bool {
        !(self & Bitboard::bit(index)).is_empty()
    }

    /// The indices of the set bits, lowest first.
    pub fn ones(self) -> Ones<T> {
        Ones(self.0)
    }

    /// The value as fixed-width hex, `0x` and one digit per four bits.
    pub fn hex(self) -> String {
        let digits = (T::zero().count_zeros() as usize).div_ceil(4);
        format!("0x{:0digits$x}", self.0)
    }
}

/// The set bits of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Ones<T>(T);

impl<T: Bits> Iterator for Ones<T> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.0.is_zero() {
            return None;
        }
        let i = self.0.trailing_zeros();
        // Clear the lowest set bit.
        self.0 = self.0 & (self.0 - T::one());
        Some(i)
    }
}

/// Drawn as hex and as binary, most significant bit first (the fields need a [`Layout`]: see
/// [`Layout::fields`]).
impl<T: Bits> fmt::Debug for Bitboard<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = T::zero().count_zeros() as usize;
        write!(f, "Bitboard({} = 0b{:0width$b})", self.hex(), self.0)
    }
}

/// Integer widths a board can be solved in, chosen automatically.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// `u64`: the paper's width, enough for the standard board.
    U64,
    /// `u128`: for boards with more tiles (Ludo).
    U128,
}

impl Width {
    /// Number of bits.
    pub fn bits(self) -> u32 {
        match self {
            Width::U64 => 64,
            Width::U128 => 128,
        }
    }

    /// Type name.
    pub fn name(self) -> &'static str {
        match self {
            Width::U64 => "u64",
            Width::U128 => "u128",
        }
    }
}

/// Where each field of a player's bit-board lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Waiting tiles (pieces).
    pub waiting: u32,
    /// Track steps.
    pub track: u32,
    /// Goal tiles.
    pub goal: u32,
    /// Low bits holding the distance.
    pub distance: u32,
    /// Integer width in use.
    pub width: Width,
}

impl Layout {
    /// The narrowest layout for `waiting`, `track` and `goal` tiles. With `longest` (the longest
    /// possible piece path, when every cost is a whole number of units) the distance is packed in
    /// the low bits, as in the paper: they fill the rest of the integer and must hold `longest`
    /// with room above it for the search's initial "no path yet" value. Otherwise, or when the
    /// packed layout would need more than 128 bits, the distance is carried beside the word.
    pub fn fit(
        waiting: u32,
        track: u32,
        goal: u32,
        longest: Option<u64>,
    ) -> Result<Layout, EncodingError> {
        let fixed = waiting.saturating_add(track).saturating_add(goal);
        let need = longest.map(|l| 64 - l.saturating_add(1).leading_zeros());
        for width in [Width::U64, Width::U128] {
            let distance = width.bits().saturating_sub(fixed);
            if need.is_some_and(|n| fixed + n <= width.bits()) {
                return Ok(Layout {
                    waiting,
                    track,
                    goal,
                    distance,
                    width,
                });
            }
        }
        for width in [Width::U64, Width::U128] {
            if fixed <= width.bits() {
                return Ok(Layout {
                    waiting,
                    track,
                    goal,
                    distance: 0,
                    width,
                });
            }
        }
        Err(EncodingError::Unsupported {
            encoding: "bitboard",
            reason: format!(
                "this board needs {fixed} bits ({waiting} waiting + {track} track + {goal} goal tiles), more than the 128 of the widest integer; use another encoding (see `boardpath methods`)"
            ),
        })
    }

    /// Whether a board with these tile counts fits in the widest integer at all (the distance
    /// carried beside the word): what [`Layout::fit`] refuses whatever the costs, known before a
    /// race is compiled.
    pub(crate) fn check_tiles(
        waiting: usize,
        track: usize,
        goal: usize,
    ) -> Result<(), EncodingError> {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Layout::fit(count(waiting), count(track), count(goal), None).map(drop)
    }

    /// The layout of `race`'s bit-board (see [`Layout::fit`]).
    pub fn for_race<C: Cost>(race: &Race<C>) -> Result<Layout, EncodingError> {
        Layout::fit(
            race.pieces as u32,
            race.track_steps as u32,
            race.goal_len as u32,
            longest_path(race),
        )
    }

    /// Whether the travelled distance lives in the low bits (else it is carried beside the word).
    pub fn packs_distance(&self) -> bool {
        self.distance > 0
    }

    /// Bit index of relative step `step` (track steps, then goal tiles).
    pub fn step_bit(&self, step: usize) -> u32 {
        self.distance + self.track + self.goal - 1 - step as u32
    }

    /// Bit index of waiting tile `i` (tile 0 is the most significant bit).
    pub fn waiting_bit(&self, i: usize) -> u32 {
        self.distance + self.track + self.goal + self.waiting - 1 - i as u32
    }

    /// Largest value the distance field holds.
    pub fn distance_max(&self) -> u128 {
        if self.distance >= 128 {
            u128::MAX
        } else {
            (1u128 << self.distance) - 1
        }
    }

    /// Bits used by tiles; a value must fit in `width` bits.
    pub fn used_bits(&self) -> u32 {
        self.waiting + self.track + self.goal + self.distance
    }

    /// The fields of `value` as binary strings: waiting, track, goal, distance.
    pub fn fields(&self, value: u128) -> [String; 4] {
        let field = |lo: u32, len: u32| -> String {
            (0..len)
                .rev()
                .map(|i| if value >> (lo + i) & 1 == 1 { '1' } else { '0' })
                .collect()
        };
        let d = self.distance;
        [
            field(d + self.goal + self.track, self.waiting),
            field(d + self.goal, self.track),
            field(d, self.goal),
            field(0, d),
        ]
    }

    /// The start board of the piece that finishes `index`-th (from 0): the pieces still waiting, the
    /// piece on step 0, the goal tiles of pieces already finished, distance 0 (the paper's `start_pN`).
    pub(crate) fn start_board<T: Bits>(
        &self,
        race_pieces: usize,
        index: usize,
        finished: &[usize],
    ) -> Bitboard<T> {
        let mut b = Bitboard::<T>::bit(self.step_bit(0));
        // The paper moves the rightmost waiting bit out first, so the leftmost ones remain.
        for i in 0..race_pieces.saturating_sub(index + 1) {
            b = b | Bitboard::bit(self.waiting_bit(i));
        }
        for &t in finished {
            b = b | Bitboard::bit(self.step_bit(self.track as usize + t));
        }
        b
    }

    /// What `value` says, read with this layout: the one reader of bit-board values, behind
    /// `boardpath decode` and `render --bits`.
    pub fn read(&self, value: u128) -> Reading {
        let set = |bit: u32| value >> bit & 1 == 1;
        Reading {
            waiting: (0..self.waiting as usize)
                .filter(|&i| set(self.waiting_bit(i)))
                .collect(),
            steps: (0..(self.track + self.goal) as usize)
                .filter(|&s| set(self.step_bit(s)))
                .collect(),
            distance: value & self.distance_max(),
        }
    }
}

/// What a bit-board value says ([`Layout::read`]): which tiles are set and the distance travelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Waiting tiles whose bit is set.
    pub waiting: Vec<usize>,
    /// Relative steps (track steps, then goal tiles) whose bit is set, in move order.
    pub steps: Vec<usize>,
    /// The distance field.
    pub distance: u128,
}

impl Reading {
    /// Whether waiting tile `i` is set.
    pub fn has_waiting(&self, i: usize) -> bool {
        self.waiting.binary_search(&i).is_ok()
    }

    /// Whether relative step `step` (track steps, then goal tiles) is set.
    pub fn has_step(&self, step: usize) -> bool {
        self.steps.binary_search(&step).is_ok()
    }

    /// The piece's path: the set track steps in order, up to and including the first set goal
    /// tile. Deeper set goal tiles belong to pieces that finished earlier (the paper's boards
    /// keep them), so the path stops where the piece entered the goal.
    pub fn path(&self, track_steps: usize) -> Vec<usize> {
        match self.steps.iter().position(|&s| s >= track_steps) {
            Some(i) => self.steps[..=i].to_vec(),
            None => self.steps.clone(),
        }
    }
}

/// Parses a bit-board value written as `0x...` (hex) or `0b...` (binary); `_` separators allowed.
pub fn parse_value(text: &str) -> Result<u128, String> {
    let t = text.trim().replace('_', "");
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        (b, 2)
    } else {
        return Err(format!(
            "bit-board value \"{text}\" must start with 0x (hex) or 0b (binary), e.g. 0xe008000000004c06"
        ));
    };
    if digits.is_empty() {
        return Err(format!(
            "bit-board value \"{text}\" has no digits after its prefix"
        ));
    }
    if let Some(bad) = digits.chars().find(|c| !c.is_digit(radix)) {
        let kind = if radix == 16 { "hex" } else { "binary" };
        return Err(format!(
            "bit-board value \"{text}\": '{bad}' is not a {kind} digit"
        ));
    }
    u128::from_str_radix(digits, radix).map_err(|_| {
        format!(
            "bit-board value \"{text}\" has more than 128 bits; no bit-board is wider than u128"
        )
    })
}

/// The longest possible cost of any piece path of `race` in whole units, or `None` when some
/// move's cost is not a whole number of units.
fn longest_path<C: Cost>(race: &Race<C>) -> Option<u64> {
    let mut longest = 0u64;
    for target in race.distinct_targets() {
        let t = race.target_step(target);
        let mut far: Vec<Option<u64>> = vec![None; t + 1];
        far[0] = Some(0);
        for s in 0..t {
            let Some(here) = far[s] else { continue };
            for m in race.moves(s, target) {
                let cand = here.checked_add(m.cost.whole_units()?)?;
                far[m.to] = Some(far[m.to].map_or(cand, |v| v.max(cand)));
            }
        }
        longest = longest.max(far.iter().flatten().copied().max().unwrap_or(0));
    }
    Some(longest)
}

/// A state of the bit-board encoding: the word, and the distance when it is carried beside it.
#[derive(Clone, Copy, PartialEq)]
pub struct BitState<T, C> {
    /// The paper's `path`: waiting, visited and filled tiles, and (packed) the distance.
    pub board: Bitboard<T>,
    /// The travelled distance when the layout does not pack it; zero otherwise.
    pub carried: C,
    /// The step the piece stands on. The word says it too (its lowest set step bit); keeping it
    /// beside the word saves the hot loop a bit scan per state and per test.
    pub step: u32,
}

impl<T: Bits, C: Cost> fmt::Debug for BitState<T, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} + {} at step {}",
            self.board, self.carried, self.step
        )
    }
}

/// One legal roll from a step, prepared for the hot loop.
#[derive(Clone, Copy, Debug)]
struct Roll<T, C> {
    face: u32,
    cost: C,
    /// `cost` in the integer type, added to the distance bits (zero when the distance is carried).
    bits: T,
    /// `cost` when the distance is carried beside the word, zero when it is packed.
    carry: C,
    /// The bit of the step landed on: the paper's `piece >> face` for this roll's step.
    mask: T,
    /// The step landed on.
    to: u32,
    /// Whether `to` is the target.
    finishes: bool,
    /// `cost` plus the estimate of the step landed on, when `summed`: the hot path's one field.
    sum: C,
    /// Whether `sum` is set ([`Ahead::Sum`]) and the roll does not finish: the common case, one
    /// test ([`Edge::known_bound`]) rather than the goal test and a jump through the cases of
    /// `ahead`.
    summed: bool,
    /// What the roll knows of the estimate of the step landed on.
    ahead: Ahead<C>,
    /// The rolls from the step landed on, when every one of them is `summed`: how many, and the
    /// least of their sums ([`Edge::grandchildren`]).
    below: Option<Grandchildren<C>>,
}

/// What a roll knows of the estimate of the step it lands on, once
/// [`StateEncoding::with_estimates`] has set it.
#[derive(Clone, Copy, Debug)]
enum Ahead<C> {
    /// Nothing: the search's heuristic is asked on the child.
    Unknown,
    /// No goal is reachable from the step landed on.
    Unreachable,
    /// The roll's cost plus the estimate, added ahead of time: whole units (per-move rounding),
    /// whose sums are exact, so `g + (cost + h)` is `g + cost + h`.
    Sum(C),
    /// The estimate alone, added after the cost: floats (exact rounding) could round the other
    /// order differently.
    Estimate(C),
}

/// A roll from a state is an [`Edge`] that knows its goal test and (once set) its bound before
/// its child is built: the bound is tested first, and a child it cuts costs no work.
impl<T: Bits, C: Cost> Edge<BitState<T, C>, C> for &Roll<T, C> {
    #[inline]
    fn cost(&self) -> C {
        self.cost
    }
    #[inline]
    fn is_goal(&self, _: &BitState<T, C>, _: &mut impl FnMut(&BitState<T, C>) -> bool) -> bool {
        self.finishes
    }
    #[inline]
    fn known_bound(&self, g: C) -> Option<C> {
        self.summed.then(|| g + self.sum)
    }
    #[inline]
    fn grandchildren(&self) -> Option<Grandchildren<C>> {
        self.below
    }
    #[inline]
    fn bound(
        &self,
        g: C,
        parent: &BitState<T, C>,
        heuristic: &mut impl FnMut(&BitState<T, C>) -> Option<C>,
    ) -> Option<C> {
        match self.ahead {
            Ahead::Sum(sum) => Some(g + sum),
            Ahead::Estimate(h) => Some(g + self.cost + h),
            Ahead::Unreachable => None,
            Ahead::Unknown => heuristic(&self.node(parent)).map(|h| g + self.cost + h),
        }
    }
    #[inline]
    fn node(&self, parent: &BitState<T, C>) -> BitState<T, C> {
        BitState {
            board: Bitboard((parent.board.0 | self.mask) + self.bits),
            carried: parent.carried + self.carry,
            step: self.to,
        }
    }
}

/// One piece's race on the paper's bit-board, in integer type `T` (`u64` or `u128`).
#[derive(Clone, Debug)]
pub struct BitboardEncoding<'r, C, T: Bits> {
    race: &'r Race<C>,
    /// The layout in use.
    pub layout: Layout,
    target: usize,
    target_step: usize,
    start: Bitboard<T>,
    /// Rolls from each step in order: `rolls[span[step].0..span[step].1]`.
    rolls: Vec<Roll<T, C>>,
    span: Vec<(u32, u32)>,
    /// Bits of the steps the piece may stand on, start to target.
    region: T,
    /// Bit index of step 0.
    top: u32,
    distance_mask: T,
}

impl<'r, C: Cost, T: Bits> BitboardEncoding<'r, C, T> {
    /// The bit-board of `piece` with `layout` (see [`Layout::for_race`]); fails if `T` is narrower
    /// than the layout.
    pub fn new(race: &'r Race<C>, piece: &Piece, layout: Layout) -> Result<Self, EncodingError> {
        let bits = T::zero().count_zeros();
        if bits < layout.width.bits() {
            return Err(EncodingError::Unsupported {
                encoding: "bitboard",
                reason: format!(
                    "the layout needs {} bits, the integer type has {bits}",
                    layout.width.bits()
                ),
            });
        }
        let t = race.target_step(piece.target);
        let packed = layout.packs_distance();
        let mut rolls = Vec::new();
        let mut span = Vec::with_capacity(t + 1);
        for step in 0..=t {
            let lo = rolls.len() as u32;
            for m in race.moves(step, piece.target) {
                let bits = match (packed, m.cost.whole_units()) {
                    (false, _) => T::zero(),
                    (true, Some(w)) => T::from(w).ok_or_else(|| too_wide(w))?,
                    (true, None) => return Err(too_wide(0)),
                };
                rolls.push(Roll {
                    face: m.roll,
                    cost: m.cost,
                    bits,
                    carry: if packed { C::zero() } else { m.cost },
                    mask: (Bitboard::<T>::bit(layout.step_bit(step)) >> m.roll).0,
                    to: m.to as u32,
                    finishes: m.to == t,
                    sum: C::zero(),
                    summed: false,
                    ahead: Ahead::Unknown,
                    below: None,
                });
            }
            span.push((lo, rolls.len() as u32));
        }
        let region = (0..=t).fold(T::zero(), |acc, s| {
            acc | Bitboard::bit(layout.step_bit(s)).0
        });
        let distance_mask = if layout.distance as usize >= bits as usize {
            !T::zero()
        } else {
            (T::one() << layout.distance as usize) - T::one()
        };
        Ok(BitboardEncoding {
            race,
            layout,
            target: piece.target,
            target_step: t,
            start: layout.start_board(
                race.pieces,
                piece.number - 1,
                &piece.finished.clone().collect::<Vec<_>>(),
            ),
            rolls,
            span,
            region,
            top: layout.step_bit(0),
            distance_mask,
        })
    }
}

impl<C, T: Bits> BitboardEncoding<'_, C, T> {
    /// The rolls from `step`, in order.
    fn rolls_from(&self, step: u32) -> &[Roll<T, C>] {
        let (lo, hi) = self.span.get(step as usize).copied().unwrap_or((0, 0));
        &self.rolls[lo as usize..hi as usize]
    }
}

fn too_wide(cost: u64) -> EncodingError {
    EncodingError::Unsupported {
        encoding: "bitboard",
        reason: format!("a move's cost {cost} does not fit the distance field"),
    }
}

impl<C: Cost, T: Bits> StateEncoding<C> for BitboardEncoding<'_, C, T> {
    const NAME: &'static str = "bitboard";
    type State = BitState<T, C>;

    fn start(&self) -> Self::State {
        BitState {
            board: self.start,
            carried: C::zero(),
            step: 0,
        }
    }

    fn successors(&self, state: Self::State) -> impl Iterator<Item = (Self::State, u32, C)> {
        self.rolls_from(state.step)
            .iter()
            .map(move |r| (r.node(&state), r.face, r.cost))
    }

    fn edges(&self, state: Self::State) -> impl Iterator<Item = impl Edge<Self::State, C>> {
        self.rolls_from(state.step).iter()
    }

    fn with_estimates(&self, estimate: &[Option<C>]) -> Option<Self> {
        let mut out = self.clone();
        for r in &mut out.rolls {
            r.ahead = match estimate.get(r.to as usize).copied().flatten() {
                None => Ahead::Unreachable,
                Some(h) if C::ROUNDING == Rounding::PerMove => Ahead::Sum(r.cost + h),
                Some(h) => Ahead::Estimate(h),
            };
            (r.sum, r.summed) = match r.ahead {
                Ahead::Sum(sum) => (sum, !r.finishes),
                _ => (C::zero(), false),
            };
        }
        // What each roll's child will find: its own rolls, when every one answers at once.
        let below: Vec<Option<Grandchildren<C>>> = out
            .span
            .iter()
            .map(|&(lo, hi)| {
                let rolls = &out.rolls[lo as usize..hi as usize];
                rolls.iter().all(|r| r.summed).then(|| Grandchildren {
                    count: rolls.len() as u64,
                    least: rolls
                        .iter()
                        .map(|r| r.sum)
                        .reduce(|a, b| if b < a { b } else { a }),
                })
            })
            .collect();
        for r in &mut out.rolls {
            r.below = below.get(r.to as usize).copied().flatten();
        }
        Some(out)
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        state.step as usize == self.target_step
    }

    fn position(&self, state: &Self::State) -> usize {
        state.step as usize
    }

    fn positions(&self) -> usize {
        self.target_step + 1
    }

    fn limit(&self) -> Option<C> {
        self.layout
            .packs_distance()
            .then(|| C::from_length(self.layout.distance_max() as f64))
    }

    /// The paper's way: the last state alone holds the whole path and its distance.
    fn decode(&self, path: &[Self::State]) -> Result<PiecePath<C>, EncodingError> {
        let bad = |reason: String| EncodingError::BadPath {
            encoding: "bitboard",
            reason,
        };
        let last = path.last().ok_or_else(|| bad("empty path".into()))?;
        let visited = last.board & Bitboard(self.region);
        let mut steps: Vec<usize> = visited.ones().map(|b| (self.top - b) as usize).collect();
        steps.reverse();
        let mut out = PiecePath::from_steps(self.race, self.target, steps)
            .ok_or_else(|| bad(format!("{:?} is not a legal path", last.board)))?;
        let recorded = if self.layout.packs_distance() {
            (last.board.0 & self.distance_mask)
                .to_u64()
                .map(|d| C::from_length(d as f64))
        } else {
            Some(last.carried)
        };
        if recorded.is_none_or(|d| d.to_f64() != out.length.to_f64()) {
            return Err(bad(format!(
                "{:?} records a distance other than its path's {}",
                last.board,
                out.length.show()
            )));
        }
        out.bitboard = Some(last.board.hex());
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_or_explain() {
        assert_eq!(parse_value("0xff").unwrap(), 255);
        assert_eq!(parse_value("0b1_01").unwrap(), 5);
        assert!(
            parse_value("255")
                .unwrap_err()
                .contains("must start with 0x")
        );
        assert!(
            parse_value("0xfg")
                .unwrap_err()
                .contains("'g' is not a hex digit")
        );
        assert!(
            parse_value("0b102")
                .unwrap_err()
                .contains("'2' is not a binary digit")
        );
        assert!(parse_value("0x").unwrap_err().contains("no digits"));
        assert!(
            parse_value(&format!("0x1{}", "0".repeat(32)))
                .unwrap_err()
                .contains("more than 128 bits")
        );
    }
}
