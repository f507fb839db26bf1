//! The paper's recursive branch-and-bound search on the bit-board (`handle_piece`, listings 7-11).
//!
//! Per piece: try die faces from highest to lowest; skip a roll that lands where the piece may not
//! stop or leaves the board; a roll onto the target records the path if strictly shorter than the
//! best so far and ends the call (lower rolls are not tried); any other roll recurses. Before the
//! loop a bound prunes: `distance so far + lower bound of the rest > best so far` returns.
//! Every call counts as one node.

use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::encoding::bitboard::{Bitboard, Bits, Layout};
use crate::encoding::graph::GraphEncoding;
use crate::race::Race;
use crate::search::dijkstra::distances_to;
use crate::solve::SolveError;

/// The paper's `min_units_per_tile`.
pub const PAPER_UNITS_PER_TILE: u64 = 193;

/// The lower bound used to prune.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No estimate: only `distance so far > best so far` prunes (the paper's 660,449,985 calls).
    None,
    /// 193 units per tile, tiles counted up to and including the first occupied goal tile or the end
    /// of the goal area: the paper's reported run (14,282,614 calls).
    Paper,
    /// 193 units per tile with Listing 9's `tiles_left--`, as printed (18,526,851 calls).
    Listing,
    /// The board's least cost per tile over all legal moves, times the tiles left: a true lower bound.
    Admissible,
    /// The exact remaining distance, from the graph formulation: the tightest bound.
    Exact,
}

impl Bound {
    /// Every bound with its command-line name.
    pub const ALL: [(&'static str, Bound); 5] = [
        ("none", Bound::None),
        ("paper", Bound::Paper),
        ("listing", Bound::Listing),
        ("admissible", Bound::Admissible),
        ("exact", Bound::Exact),
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        crate::text::name_in(&Bound::ALL, self)
    }

    /// Whether the search is guaranteed to find the optimum with this bound on every board.
    pub fn is_exact(self) -> bool {
        !matches!(self, Bound::Paper | Bound::Listing)
    }
}

/// What the search needs about a race, computed once per race: whole-unit costs, exact remaining
/// distances, the least cost per tile and the longest possible path.
#[derive(Clone, Debug)]
pub struct Tables {
    bound: Bound,
    /// Cost of every move as whole units, `[step * faces + face]`.
    costs: Vec<Option<u64>>,
    /// `remaining[target][step]`: least cost from `step` to goal tile `target`.
    remaining: Vec<Vec<Option<u64>>>,
    /// Least cost per tile over all legal moves, as (cost, tiles).
    ratio: (u64, u64),
    /// Longest possible cost of any piece path (to size the distance field).
    pub longest: u64,
}

impl Tables {
    /// Computes the tables; fails if a move's cost is not a whole number of units.
    pub fn new<C: Cost>(
        race: &Race<C>,
        graph: &GraphEncoding<C>,
        bound: Bound,
    ) -> Result<Tables, SolveError> {
        let nf = race.faces.len();
        let mut costs = Vec::with_capacity(race.steps() * nf);
        for step in 0..race.steps() {
            for face in 0..nf {
                costs.push(match race.cost(step, face) {
                    None => None,
                    Some(c) => Some(c.whole_units().ok_or_else(|| SolveError::Unsupported {
                        encoding: "bitboard",
                        reason: format!(
                            "its distance bits hold whole units, but the move of {} from {} costs {} (rounding = \"exact\"); use --rounding per-move or --encoding graph",
                            race.faces[face],
                            race.label(step),
                            c.show()
                        ),
                    })?),
                });
            }
        }
        let mut remaining = vec![Vec::new(); race.goal_len];
        let mut ratio = (u64::MAX, 1);
        let mut longest = 0;
        for target in race.targets() {
            if !remaining[target].is_empty() {
                continue;
            }
            let (_, goal) = graph
                .endpoints(race.track_steps, target)
                .ok_or_else(|| SolveError::internal("graph lacks a target"))?;
            let t = race.target_step(target);
            let h = distances_to(&graph.graph, goal);
            remaining[target] = (0..=t)
                .map(|s| {
                    graph
                        .node(s, target)
                        .and_then(|n| h[n.index()])
                        .and_then(C::whole_units)
                })
                .collect();
            // Longest path over reachable steps, moves only go forward.
            let mut far: Vec<Option<u64>> = vec![None; t + 1];
            far[0] = Some(0);
            for s in 0..t {
                let Some(here) = far[s] else { continue };
                for m in race.moves(s, target) {
                    let c = m.cost.whole_units().unwrap_or(0);
                    let cand = here.saturating_add(c);
                    far[m.to] = Some(far[m.to].map_or(cand, |v| v.max(cand)));
                    if (c as u128) * (ratio.1 as u128) < (ratio.0 as u128) * (m.roll as u128) {
                        ratio = (c, m.roll as u64);
                    }
                }
            }
            longest = longest.max(far.iter().flatten().copied().max().unwrap_or(0));
        }
        Ok(Tables {
            bound,
            costs,
            remaining,
            ratio,
            longest,
        })
    }

    /// The admissible units per tile as text, e.g. `170` or `170.5`.
    pub fn ratio_text(&self) -> String {
        let (c, t) = self.ratio;
        if c == u64::MAX {
            return "undefined (no legal move)".into();
        }
        if c % t == 0 {
            format!("{}", c / t)
        } else {
            format!("{:.3}", c as f64 / t as f64)
        }
    }

    /// The bound's estimate of the cost still to pay from `step` to goal tile `target`.
    fn estimate(&self, step: usize, target_step: usize, target: usize) -> u64 {
        let tiles = (target_step - step) as u64;
        match self.bound {
            Bound::None => 0,
            Bound::Paper => (tiles + 1) * PAPER_UNITS_PER_TILE,
            Bound::Listing => tiles * PAPER_UNITS_PER_TILE,
            Bound::Admissible if self.ratio.0 == u64::MAX => 0,
            Bound::Admissible => {
                (tiles as u128 * self.ratio.0 as u128).div_ceil(self.ratio.1 as u128) as u64
            }
            Bound::Exact => self.remaining[target][step].unwrap_or(UNREACHABLE),
        }
    }
}

/// An estimate that prunes every call (the step cannot reach the target).
const UNREACHABLE: u64 = u64::MAX / 4;

/// One legal roll from a step, prepared for the search.
#[derive(Clone, Copy)]
struct Roll<T> {
    face: u32,
    cost: u64,
    /// `cost` plus the bound's estimate from the step landed on: the child's bound check is
    /// `distance so far + lower <= best`, one addition in the hot loop.
    lower: u64,
    /// `cost` in the bit-board's integer type, to add to the distance bits.
    cost_bits: T,
    finishes: bool,
}

/// The per-piece search state: flat tables indexed by step, the best path so far and the call count.
struct Search<'a, T> {
    /// Rolls from each step in order: `rolls[span[step].0..span[step].1]`.
    rolls: &'a [Roll<T>],
    span: &'a [(usize, usize)],
    /// Whether ending the call after a finishing roll is proven safe at each step.
    cut: &'a [bool],
    /// Bits of the steps the current piece may stand on (start to just before the target).
    region: T,
    distance_mask: T,
    /// Bit index of step 0.
    top: u32,
    best: u64,
    best_path: T,
    calls: u64,
}

impl<T: Bits> Search<'_, T> {
    /// The paper's `handle_piece` for a call that has passed its bound check (counted by the caller).
    ///
    /// Checking a child's bound here, before calling it, gives the same calls and the same count
    /// as checking it at the top of the child, and saves the call when it would return at once.
    fn handle_piece(&mut self, path: T) {
        // The current piece is the lowest set bit of its region: pieces never move backwards.
        let at = (path & self.region).trailing_zeros();
        let step = (self.top - at) as usize;
        let dist = (path & self.distance_mask).to_u64().unwrap_or(u64::MAX);
        let piece = T::one() << at as usize;
        let (lo, hi) = self.span[step];
        for r in &self.rolls[lo..hi] {
            let next = (path | (piece >> r.face as usize)) + r.cost_bits;
            if r.finishes {
                let len = dist + r.cost;
                if len < self.best {
                    self.best = len;
                    self.best_path = next;
                }
                if self.cut[step] {
                    return;
                }
            } else {
                self.calls += 1;
                if dist.saturating_add(r.lower) <= self.best {
                    self.handle_piece(next);
                }
            }
        }
    }
}

/// Runs the paper's search for the piece heading for goal tile `target`; `finished` lists the goal
/// tiles already filled (they are set in the start board, as in the paper). Returns `None` when
/// no path exists.
pub fn search<T: Bits, C: Cost>(
    race: &Race<C>,
    tables: &Tables,
    layout: &Layout,
    finished: &[usize],
    target: usize,
) -> Option<PiecePath<C>> {
    let t = race.target_step(target);
    let nf = race.faces.len();
    let mut rolls = Vec::new();
    let mut span = Vec::with_capacity(t);
    let mut cut = Vec::with_capacity(t);
    let remaining = &tables.remaining[target];
    for step in 0..t {
        let lo = rolls.len();
        let mut finish_cost = None;
        let mut safe = true;
        for m in race.moves(step, target) {
            let face = race.faces.iter().position(|&f| f == m.roll).unwrap_or(nf);
            let cost = tables.costs[step * nf + face]?;
            let finishes = m.to == t;
            // Skipping the lower rolls after a finish is only right when none of them could be
            // cheaper overall; the paper takes this for granted, here it is checked per step.
            if let Some(fc) = finish_cost
                && remaining[m.to].is_some_and(|rest| cost + rest < fc)
            {
                safe = false;
            }
            if finishes {
                finish_cost = Some(cost);
            }
            let cost_bits = T::from(cost)?;
            let lower = if finishes {
                cost
            } else {
                cost.saturating_add(tables.estimate(m.to, t, target))
            };
            rolls.push(Roll {
                face: m.roll,
                cost,
                lower,
                cost_bits,
                finishes,
            });
        }
        span.push((lo, rolls.len()));
        cut.push(safe);
    }
    let region = (0..t).fold(T::zero(), |acc, s| {
        acc | (T::one() << layout.step_bit(s) as usize)
    });
    let distance_mask = if layout.distance as usize >= T::zero().count_zeros() as usize {
        !T::zero()
    } else {
        (T::one() << layout.distance as usize) - T::one()
    };
    let initial_best = u64::try_from(layout.distance_max()).unwrap_or(u64::MAX);
    let mut s = Search {
        rolls: &rolls,
        span: &span,
        cut: &cut,
        region,
        distance_mask,
        top: layout.step_bit(0),
        best: initial_best,
        best_path: T::zero(),
        calls: 0,
    };
    let start: Bitboard<T> = layout.start_board(race.pieces, finished);
    s.calls = 1;
    if tables.estimate(0, t, target) <= s.best {
        s.handle_piece(start.0);
    }
    if s.best == initial_best {
        return None;
    }
    let path = Bitboard(s.best_path);
    let steps: Vec<usize> = (0..=t)
        .filter(|&st| path.has(layout.step_bit(st)))
        .collect();
    let rolls_taken = steps.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
    Some(PiecePath {
        target,
        length: C::from_length(s.best as f64),
        steps,
        rolls: rolls_taken,
        nodes: s.calls,
        bitboard: Some(path.hex()),
    })
}
