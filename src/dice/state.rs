//! The compiled model and its state space: a position is the waiting count, the pieces home on the
//! shared last goal tile (stack mode) and the set of other occupied steps, ranked densely.
//!
//! Pieces are interchangeable, so a set of steps is enough. A set of `k` steps is ranked in colex
//! order (`sum C(step_j, j + 1)`), which is the order of the bit masks as numbers, so Gosper's hack
//! enumerates every block in rank order without a hash table.

use super::{DiceError, DiceRules, Start};
use crate::board::{Board, GoalMode, Rounding, RuleOverrides};
use crate::cost::Cost;
use crate::race::Race;

/// The most states the exact solver accepts. A state takes about 175 bytes with the transitions of
/// the distribution (Parcheesi: 1.09 million states, 190 MB), so this is about 1.8 GB; the embedded
/// boards need at most 1.1 million.
pub const MAX_STATES: u64 = 10_000_000;

/// The most die faces the model takes (the solver keeps per-face arrays on the stack).
pub const MAX_FACES: usize = 64;

/// The most rolls a turn may allow while no piece stands on the track ([`DiceRules::tries`]):
/// each state's value sums over them, so the solver's time grows with them (the standard rules
/// give 3; past a few dozen more tries change no digit shown).
pub const MAX_TRIES: usize = 1_000;

/// A position: pieces waiting, pieces home on the last goal tile (stack mode only), other steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceState {
    /// Occupied steps other than the shared last goal tile in stack mode: bit `s` for step `s`.
    pub mask: u128,
    /// Pieces still waiting.
    pub waiting: u8,
    /// Pieces home on the last goal tile (stack mode; always 0 in slots mode).
    pub home: u8,
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// A waiting piece enters onto the start tile.
    Enter,
    /// The piece on step `from` moves to step `to`.
    Step {
        /// Step left.
        from: usize,
        /// Step reached.
        to: usize,
    },
}

/// One legal move for a roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiceMove {
    /// What it does.
    pub action: Action,
    /// Its straight-line cost in board units.
    pub cost: f64,
    /// The position after it.
    pub next: DiceState,
}

impl DiceMove {
    /// The step the moved piece leaves; `-1` for a waiting piece (the rear-most of all).
    pub fn from_key(&self) -> i64 {
        match self.action {
            Action::Enter => -1,
            Action::Step { from, .. } => from as i64,
        }
    }
}

/// One player's race under real dice: costs as floats, the rules, and the state ranking.
#[derive(Clone, Debug)]
pub struct Model {
    /// Player name.
    pub player: String,
    /// Die faces, highest first.
    pub faces: Vec<u32>,
    /// Steps: track then goal.
    pub steps: usize,
    /// Track steps (start tile included).
    pub track_steps: usize,
    /// Number of pieces.
    pub pieces: usize,
    /// Whether pieces share the last goal tile (stack mode).
    pub stack: bool,
    /// Rules in force.
    pub rules: DiceRules,
    /// Whether `faces[i]` lets a waiting piece enter.
    pub enters: Vec<bool>,
    /// Whether `faces[i]` gives another roll.
    pub bonus: Vec<bool>,
    /// Entering cost of each piece in the order of the waiting tiles.
    pub enter_cost: Vec<f64>,
    /// The sum of every piece's entering cost.
    pub enter_total: f64,
    costs: Vec<Option<f64>>,
    set_steps: usize,
    binom: Vec<Vec<u64>>,
    offsets: Vec<u64>,
    states: u64,
    track_mask: u128,
    goal_mask: u128,
}

fn from_race<C: Cost>(race: &Race<C>) -> (Vec<Option<f64>>, Vec<f64>) {
    let mut costs = Vec::with_capacity(race.steps() * race.faces.len());
    for s in 0..race.steps() {
        for i in 0..race.faces.len() {
            costs.push(race.cost(s, i).map(Cost::to_f64));
        }
    }
    (costs, race.enter.iter().map(|c| c.to_f64()).collect())
}

fn bits_below(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// What a model takes from player `player`'s race: its die, lengths and move costs.
struct RaceFacts {
    name: String,
    faces: Vec<u32>,
    track_steps: usize,
    goal_len: usize,
    pieces: usize,
    costs: Vec<Option<f64>>,
    enter_cost: Vec<f64>,
}

/// Player `player`'s race on `board`, under the board's rounding, as [`RaceFacts`].
fn race_facts(board: &Board, player: usize) -> Result<RaceFacts, DiceError> {
    // Moves inside the goal are always allowed here, so the race's check that every piece can
    // finish must allow them too (the costs do not depend on it).
    let owned;
    let board = if board.rules.goal_mode == GoalMode::Slots && !board.rules.moves_in_goal {
        owned = board
            .with_overrides(&RuleOverrides {
                moves_in_goal: Some(true),
                ..RuleOverrides::default()
            })
            .map_err(|e| DiceError::Rules(e.to_string()))?;
        &owned
    } else {
        board
    };
    /// The facts of one race, whatever its cost type.
    fn facts<C: Cost>(r: &Race<C>) -> RaceFacts {
        let (costs, enter_cost) = from_race(r);
        RaceFacts {
            name: r.player.clone(),
            faces: r.faces.clone(),
            track_steps: r.track_steps,
            goal_len: r.goal_len,
            pieces: r.pieces,
            costs,
            enter_cost,
        }
    }
    Ok(match board.rules.rounding {
        Rounding::PerMove => facts(&Race::<u64>::new(board, player)?),
        Rounding::Exact => facts(&Race::<f64>::new(board, player)?),
    })
}

/// The ranking tables for `pieces` pieces on `set_steps` steps: binomials, the offset of each
/// (waiting, home) count pair, and the number of states, all saturating (the caller checks).
fn index_tables(set_steps: usize, pieces: usize, stack: bool) -> (Vec<Vec<u64>>, Vec<u64>, u64) {
    // binom[n][k] for n <= set_steps, k <= pieces.
    let mut binom = vec![vec![0u64; pieces + 1]; set_steps + 1];
    for n in 0..=set_steps {
        binom[n][0] = 1;
        for k in 1..=pieces.min(n) {
            binom[n][k] = binom[n - 1][k - 1].saturating_add(binom[n - 1][k]);
        }
    }
    let mut offsets = vec![0u64; (pieces + 1) * (pieces + 1)];
    let mut total: u64 = 0;
    for b in 0..=pieces {
        for h in 0..=(pieces - b) {
            if !stack && h > 0 {
                continue;
            }
            offsets[b * (pieces + 1) + h] = total;
            total = total.saturating_add(binom[set_steps][pieces - b - h]);
        }
    }
    (binom, offsets, total)
}

impl Model {
    /// Compiles player `player` of `board` under `rules`; fails on a board the race refuses, or a
    /// state space beyond [`MAX_STATES`].
    pub fn new(board: &Board, player: usize, rules: &DiceRules) -> Result<Model, DiceError> {
        let facts = race_facts(board, player)?;
        let RaceFacts {
            name,
            faces,
            track_steps,
            goal_len,
            pieces,
            costs,
            enter_cost,
        } = facts;
        let steps = track_steps + goal_len;
        let stack = board.rules.goal_mode == GoalMode::Stack;
        let Some(&top) = faces.first() else {
            return Err(DiceError::Rules("the die has no faces".into()));
        };
        let enter_faces = rules.enter_faces.clone().unwrap_or_else(|| vec![top]);
        if let Some(f) = enter_faces.iter().find(|f| !faces.contains(f)) {
            return Err(DiceError::Rules(format!(
                "entering face {f} is not a face of the die {faces:?}"
            )));
        }
        if faces.len() > MAX_FACES {
            return Err(DiceError::Rules(format!(
                "{} die faces; at most {} are supported",
                faces.len(),
                MAX_FACES
            )));
        }
        if !(1..=MAX_TRIES).contains(&rules.tries) {
            return Err(DiceError::Rules(format!(
                "--tries {}: valid is 1 to {MAX_TRIES}",
                rules.tries
            )));
        }
        if pieces == 0 || pieces > 64 {
            return Err(DiceError::Rules(format!("{pieces} pieces: need 1 to 64")));
        }
        if !stack && goal_len < pieces {
            return Err(DiceError::Rules(format!(
                "slots goal with {goal_len} goal tiles for {pieces} pieces"
            )));
        }
        let set_steps = if stack { steps - 1 } else { steps };
        if set_steps > 128 {
            return Err(DiceError::TooLarge {
                what: format!("{steps} steps; at most 128 (129 in stack mode) are supported"),
            });
        }
        let (binom, offsets, total) = index_tables(set_steps, pieces, stack);
        if total > MAX_STATES {
            return Err(DiceError::TooLarge {
                what: format!("{total} states (limit {MAX_STATES})"),
            });
        }
        let enter_total = enter_cost.iter().sum();
        Ok(Model {
            player: name,
            enters: faces.iter().map(|f| enter_faces.contains(f)).collect(),
            bonus: faces.iter().map(|&f| f == top).collect(),
            faces,
            steps,
            track_steps,
            pieces,
            stack,
            rules: rules.clone(),
            enter_cost,
            enter_total,
            costs,
            set_steps,
            binom,
            offsets,
            states: total,
            track_mask: bits_below(track_steps),
            goal_mask: bits_below(steps) & !bits_below(track_steps),
        })
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.states as usize
    }

    /// Whether the state space is empty (never: a model has at least its start).
    pub fn is_empty(&self) -> bool {
        self.states == 0
    }

    /// The dense index of a state.
    pub fn index(&self, s: &DiceState) -> usize {
        let (b, h) = (s.waiting as usize, s.home as usize);
        let mut rank = self.offsets[b * (self.pieces + 1) + h];
        let mut m = s.mask;
        let mut j = 1;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            rank += self.binom[p][j];
            m &= m - 1;
            j += 1;
        }
        rank as usize
    }

    /// Every state, in index order.
    pub fn enumerate(&self) -> Vec<DiceState> {
        let mut out = Vec::with_capacity(self.len());
        for b in 0..=self.pieces {
            for h in 0..=(self.pieces - b) {
                if !self.stack && h > 0 {
                    continue;
                }
                let k = self.pieces - b - h;
                let (waiting, home) = (b as u8, h as u8);
                if k == 0 {
                    out.push(DiceState {
                        mask: 0,
                        waiting,
                        home,
                    });
                    continue;
                }
                if k > self.set_steps {
                    continue;
                }
                let mut m: u128 = bits_below(k);
                let limit = self.set_steps;
                loop {
                    out.push(DiceState {
                        mask: m,
                        waiting,
                        home,
                    });
                    // Gosper's hack: the next larger number with the same count of set bits.
                    let c = m & m.wrapping_neg();
                    let r = m.wrapping_add(c);
                    if r == 0 {
                        break;
                    }
                    let next = (((r ^ m) >> 2) / c) | r;
                    if limit < 128 && next >> limit != 0 {
                        break;
                    }
                    m = next;
                }
            }
        }
        out
    }

    /// The position the game starts from.
    pub fn initial(&self) -> DiceState {
        match self.rules.start {
            Start::Waiting => DiceState {
                mask: 0,
                waiting: self.pieces as u8,
                home: 0,
            },
            Start::OneOut => DiceState {
                mask: 1,
                waiting: (self.pieces - 1) as u8,
                home: 0,
            },
        }
    }

    /// Whether every piece is home: on the last goal tile (stack mode), or on a goal tile (slots
    /// mode; with one goal tile per piece that is every goal tile filled, and with more goal tiles
    /// than pieces, as in a game with fewer pieces, it is the game's end).
    pub fn finished(&self, s: &DiceState) -> bool {
        if self.stack {
            s.home as usize == self.pieces
        } else {
            s.waiting == 0 && s.mask & !self.goal_mask == 0
        }
    }

    /// Whether the three-tries rule applies: no piece on a track step.
    pub(crate) fn tries_here(&self, s: &DiceState) -> bool {
        s.mask & self.track_mask == 0
    }

    /// The progress of a state: the total pip count, which every move strictly increases.
    pub fn pips(&self, s: &DiceState) -> usize {
        let mut m = s.mask;
        let mut total = s.home as usize * self.steps;
        while m != 0 {
            total += m.trailing_zeros() as usize + 1;
            m &= m - 1;
        }
        total
    }

    /// The legal moves for `faces[face]` from `s` (after the compulsory rules), into `out`.
    pub fn moves(&self, s: &DiceState, face: usize, out: &mut Vec<DiceMove>) {
        out.clear();
        let roll = self.faces[face] as usize;
        let waiting = s.waiting > 0;
        let start_busy = s.mask & 1 != 0;
        if waiting && self.enters[face] && !start_busy {
            let piece = self.pieces - s.waiting as usize;
            out.push(DiceMove {
                action: Action::Enter,
                cost: self.enter_cost.get(piece).copied().unwrap_or(0.0),
                next: DiceState {
                    mask: s.mask | 1,
                    waiting: s.waiting - 1,
                    home: s.home,
                },
            });
            return;
        }
        let last = self.steps - 1;
        let mut m = s.mask;
        while m != 0 {
            let from = m.trailing_zeros() as usize;
            m &= m - 1;
            let to = from + roll;
            let Some(Some(cost)) = self.costs.get(from * self.faces.len() + face).copied() else {
                continue;
            };
            let home = self.stack && to == last;
            if !home && s.mask >> to & 1 != 0 {
                continue;
            }
            if self.rules.no_goal_jump {
                // Goal steps strictly between `from` and `to`.
                let between = bits_below(to) & !bits_below(from + 1) & self.goal_mask;
                if s.mask & between != 0 {
                    continue;
                }
            }
            let mask = s.mask & !(1u128 << from);
            let next = if home {
                DiceState {
                    mask,
                    waiting: s.waiting,
                    home: s.home + 1,
                }
            } else {
                DiceState {
                    mask: mask | 1u128 << to,
                    waiting: s.waiting,
                    home: s.home,
                }
            };
            out.push(DiceMove {
                action: Action::Step { from, to },
                cost,
                next,
            });
        }
        // Clear the start tile: the piece on it must move if it can.
        if waiting
            && start_busy
            && let Some(i) = out.iter().position(|mv| mv.from_key() == 0)
        {
            let only = out[i];
            out.clear();
            out.push(only);
        }
    }
}
