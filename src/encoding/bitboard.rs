//! The paper's bit-board (section 3.2), generic over the unsigned integer width.
//!
//! Layout, most significant bit first: one bit per waiting tile, one per track step, one per goal
//! tile, and the remaining low bits hold the distance the current piece has travelled. A set track or
//! goal bit means the piece has been there, so one integer holds a piece's whole path. For the
//! standard board in a `u64` this is the paper's 4 + 40 + 4 + 16 bits.

use super::graph::GraphEncoding;
use super::{PiecePath, StateEncoding};
use crate::board::Board;
use crate::cost::Cost;
use crate::race::Race;
pub use crate::search::branch_and_bound::Bound;
use crate::search::branch_and_bound::{self, Tables};
use crate::solve::SolveError;
use num_traits::{PrimInt, Unsigned};
use std::fmt;
use std::ops::{Add, BitAnd, BitOr, Not, Shl, Shr};

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

impl<T: Bits> Not for Bitboard<T> {
    type Output = Self;
    fn not(self) -> Self {
        Bitboard(!self.0)
    }
}

/// Moving a piece `n` tiles forward is a right shift by `n`, as in the paper.
impl<T: Bits> Shr<u32> for Bitboard<T> {
    type Output = Self;
    fn shr(self, n: u32) -> Self {
        Bitboard(self.0 >> n as usize)
    }
}

impl<T: Bits> Shl<u32> for Bitboard<T> {
    type Output = Self;
    fn shl(self, n: u32) -> Self {
        Bitboard(self.0 << n as usize)
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

    /// The value as fixed-width hex, `0x` and one digit per four bits.
    pub fn hex(self) -> String {
        let digits = (T::zero().count_zeros() as usize).div_ceil(4);
        format!("0x{:0digits$x}", self.0)
    }
}

/// Binary, grouped by nothing: the layout is needed to draw fields (see [`Layout::fields`]).
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
    /// The narrowest layout whose distance field holds `longest` (the longest possible piece path)
    /// with room for the search's initial "no path yet" value above it.
    pub fn fit(waiting: u32, track: u32, goal: u32, longest: u64) -> Result<Layout, SolveError> {
        let fixed = waiting + track + goal;
        // The search starts from best = field maximum and records only strictly shorter paths.
        let need = 64 - (longest + 1).leading_zeros();
        for width in [Width::U64, Width::U128] {
            if fixed + need <= width.bits() {
                return Ok(Layout {
                    waiting,
                    track,
                    goal,
                    distance: width.bits() - fixed,
                    width,
                });
            }
        }
        Err(SolveError::Unsupported {
            encoding: "bitboard",
            reason: format!(
                "this board needs {} bits ({waiting} waiting + {track} track + {goal} goal tiles, and {need} distance bits for a longest piece path of {longest} units), more than the 128 of the widest integer",
                fixed + need
            ),
        })
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
    pub fn start_board<T: Bits>(&self, race_pieces: usize, finished: &[usize]) -> Bitboard<T> {
        let index = finished.len();
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
}

/// Prints `message` on standard error the first time this process sees it, so that a solver built
/// again for the same board (`compare` builds one per timed run) does not repeat its warning.
fn warn_once(message: String) {
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.contains(&message) {
        eprintln!("{message}");
        seen.push(message);
    }
}

/// The bit-board encoding bound to its race, solving each piece with the paper's search.
pub struct BitboardSolver<'r, C> {
    race: &'r Race<C>,
    bound: Bound,
    /// The layout chosen for this race.
    pub layout: Layout,
    tables: Tables,
    finished: Vec<usize>,
}

impl<'r, C: Cost> BitboardSolver<'r, C> {
    /// Prepares the search: integer costs, layout, bound and cut-off tables. Fails with a clear
    /// message when costs are not whole units or the board does not fit in 128 bits.
    pub fn new(board: &Board, race: &'r Race<C>, bound: Bound) -> Result<Self, SolveError> {
        let graph = GraphEncoding::new(race);
        let tables = Tables::new(race, &graph, bound)?;
        let layout = Layout::fit(
            race.pieces as u32,
            race.track_steps as u32,
            race.goal_len as u32,
            tables.longest,
        )?;
        if matches!(bound, Bound::Paper | Bound::Listing)
            && !crate::board::embedded::is_paper_board(board)
        {
            warn_once(format!(
                "warning: --bound {} uses the paper's 193 units per tile, which is not a proven lower bound on {} (the admissible value here is {}); the result may not be optimal",
                bound.name(),
                board.name,
                tables.ratio_text()
            ));
        }
        Ok(BitboardSolver {
            race,
            bound,
            layout,
            tables,
            finished: Vec::new(),
        })
    }
}

impl<C: Cost> StateEncoding<C> for BitboardSolver<'_, C> {
    fn name(&self) -> &'static str {
        "bitboard"
    }

    fn algorithm(&self) -> String {
        format!(
            "branch-and-bound (bound {}, {})",
            self.bound.name(),
            self.layout.width.name()
        )
    }

    fn solve_piece(&mut self, target: usize) -> Result<PiecePath<C>, SolveError> {
        let found = match self.layout.width {
            Width::U64 => branch_and_bound::search::<u64, C>(
                self.race,
                &self.tables,
                &self.layout,
                &self.finished,
                target,
            ),
            Width::U128 => branch_and_bound::search::<u128, C>(
                self.race,
                &self.tables,
                &self.layout,
                &self.finished,
                target,
            ),
        }
        .ok_or_else(|| {
            self.race
                .check_reachable()
                .err()
                .unwrap_or_else(|| SolveError::internal("branch and bound found no path"))
        })?;
        if self.race.goal_mode == crate::board::GoalMode::Slots {
            self.finished.push(target);
        }
        Ok(found)
    }
}
