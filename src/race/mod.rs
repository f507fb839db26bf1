//! One player's race compiled from a board: positions by relative step, legal rolls and their costs.
//!
//! Step `k < track_steps` is track tile `(start + k) mod len(track)`; step `track_steps + j` is goal
//! tile `j`. Every encoding and algorithm works on this, so they all see the same problem.
//! [`estimate`] holds the lower bounds computed from it.

mod error;
pub mod estimate;

pub use error::RaceError;

use crate::board::{Board, GoalMode, Metric, Player, Point, goal_label};
use crate::cost::Cost;

/// The most (step, face) pairs a race compiles: its cost table takes 16 bytes each, so this keeps
/// it under 320 MB (a 1,000,000-tile board with a six-sided die needs 6,000,000).
pub const MAX_MOVES: usize = 20_000_000;

/// One piece of a race, in finishing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Number in finishing order, from 1.
    pub number: usize,
    /// The goal tile it heads for (0 = a).
    pub target: usize,
    /// Goal tiles already filled by the pieces before it: the deeper ones, `target + 1..goal_len`
    /// (slots mode; empty for stack). A range, not a list: with thousands of pieces the lists
    /// added up to n^2/2 entries (400 MB for 10,000 pieces).
    pub finished: std::ops::Range<usize>,
}

/// Checks that every piece of player `player` can finish, whatever the board's rounding.
pub fn check(board: &Board, player: usize) -> Result<(), RaceError> {
    match board.rules.rounding {
        crate::board::Rounding::PerMove => Race::<u64>::new(board, player).map(drop),
        crate::board::Rounding::Exact => Race::<f64>::new(board, player).map(drop),
    }
}

/// The board position of every step of player `player` (an index into `board.players`): track
/// steps from its start tile, then its goal tiles. Empty for a player the board does not have.
pub fn step_positions(board: &Board, player: usize) -> Vec<Point> {
    let Some(p) = board.players.get(player) else {
        return Vec::new();
    };
    let n = board.track.len().max(1);
    // Sized up front: collecting a filter would double the buffer as it grows.
    let mut positions = Vec::with_capacity(p.track_steps + p.goal.len());
    positions
        .extend((0..p.track_steps).filter_map(|k| board.track.get((p.start + k) % n).copied()));
    positions.extend_from_slice(&p.goal);
    positions
}

/// Finds a player by name; the error lists the valid names.
pub fn player_index(board: &Board, name: &str) -> Result<usize, RaceError> {
    board
        .players
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| RaceError::UnknownPlayer {
            name: name.to_string(),
            known: board.players.iter().map(|p| p.name.clone()).collect(),
        })
}

/// One legal roll from a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceMove<C> {
    /// The step landed on.
    pub to: usize,
    /// The die face rolled.
    pub roll: u32,
    /// Its index in [`Race::faces`].
    pub face: usize,
    /// The cost of the straight move.
    pub cost: C,
}

/// One player's race: everything the solvers need, with costs precomputed.
#[derive(Clone, Debug)]
pub struct Race<C> {
    /// Player name, for messages.
    pub player: String,
    /// The board track index of step 0 (the player's start tile).
    pub start: usize,
    /// Number of tiles on the board's track.
    pub track_len: usize,
    /// How a move's length is measured.
    pub metric: Metric,
    /// Track tiles visited, start tile included.
    pub track_steps: usize,
    /// Number of goal tiles.
    pub goal_len: usize,
    /// Number of pieces.
    pub pieces: usize,
    /// Position of every step.
    pub positions: Vec<Point>,
    /// Die faces, highest first: the paper's roll order, and the tie-break order of every solver.
    pub faces: Vec<u32>,
    /// Goal mode in force.
    pub goal_mode: GoalMode,
    /// Whether a piece may stop short of its target inside the goal (slots only).
    pub moves_in_goal: bool,
    /// Cost of each piece's move from its waiting tile onto the start tile.
    pub enter: Vec<C>,
    /// `costs[step * faces.len() + i]`: cost of rolling `faces[i]` from `step`; zero where the
    /// roll leaves the board (see [`Race::cost`]), which keeps the table at 8 bytes a move.
    costs: Vec<C>,
}

/// The cost of player `p`'s move from `a` to `b` under `metric`, described by `what` if refused.
fn cost<C: Cost>(
    p: &Player,
    metric: Metric,
    a: Point,
    b: Point,
    what: &dyn Fn() -> String,
) -> Result<C, RaceError> {
    // Every cost must be a number the cost type holds exactly (whole units up to 2^53, or a
    // finite float): a move that is not is refused here, naming it, rather than wrapped.
    let l = metric.length(a, b);
    if l.is_finite() && l <= C::LARGEST {
        Ok(C::from_length(l))
    } else {
        Err(RaceError::Cost {
            player: p.name.clone(),
            what: what(),
            length: l,
            limit: C::LARGEST,
        })
    }
}

/// The cost of every move of player `p` (steps at `positions`, on a track of `n` tiles), by step
/// then face (`faces`, largest first); a move past the last step costs zero.
fn move_costs<C: Cost>(
    p: &Player,
    metric: Metric,
    n: usize,
    positions: &[Point],
    faces: &[u32],
) -> Result<Vec<C>, RaceError> {
    // A step by the board's own names, for messages: track index or goal letter.
    let tile_name = |step: usize| {
        if step < p.track_steps {
            format!("track tile {}", (p.start + step) % n.max(1))
        } else {
            format!("goal tile {}", goal_label(step - p.track_steps))
        }
    };
    let steps = positions.len();
    // The cost table is steps x faces entries: refuse before allocating one that is too big.
    let entries = steps.saturating_mul(faces.len());
    if entries > MAX_MOVES {
        return Err(RaceError::TooLarge {
            player: p.name.clone(),
            steps,
            faces: faces.len(),
            limit: MAX_MOVES,
        });
    }
    let mut costs = Vec::with_capacity(entries);
    for from in 0..steps {
        for &f in faces {
            let to = from + f as usize;
            costs.push(if to < steps {
                cost(p, metric, positions[from], positions[to], &|| {
                    format!(
                        "the move of {f} from {} to {}",
                        tile_name(from),
                        tile_name(to)
                    )
                })?
            } else {
                C::zero()
            });
        }
    }
    Ok(costs)
}

impl<C: Cost> Race<C> {
    /// Compiles player `player` (an index into `board.players`) under the board's rules, and checks
    /// that every piece can finish. Fails if `C` does not implement the board's rounding.
    pub fn new(board: &Board, player: usize) -> Result<Race<C>, RaceError> {
        if C::ROUNDING != board.rules.rounding {
            return Err(RaceError::CostType {
                rounding: board.rules.rounding.name(),
                asked: C::ROUNDING.name(),
            });
        }
        let Some(p) = board.players.get(player) else {
            return Err(RaceError::UnknownPlayer {
                name: format!("#{player}"),
                known: board.players.iter().map(|p| p.name.clone()).collect(),
            });
        };
        let rules = &board.rules;
        let n = board.track.len();
        let positions = step_positions(board, player);
        let mut faces = rules.die.clone();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        let costs = move_costs(p, rules.metric, n, &positions, &faces)?;
        let enter = p
            .base
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                cost(p, rules.metric, b, positions[0], &|| {
                    format!("the move from waiting tile {i} onto the start tile")
                })
            })
            .collect::<Result<Vec<C>, _>>()?;
        let race = Race {
            player: p.name.clone(),
            start: p.start,
            track_len: n,
            metric: rules.metric,
            track_steps: p.track_steps,
            goal_len: p.goal.len(),
            pieces: p.base.len(),
            enter,
            positions,
            faces,
            goal_mode: rules.goal_mode,
            moves_in_goal: rules.moves_in_goal,
            costs,
        };
        race.check_reachable()?;
        race.check_sums()?;
        Ok(race)
    }

    /// Number of steps: track steps plus goal tiles.
    pub fn steps(&self) -> usize {
        self.track_steps + self.goal_len
    }

    /// The step of goal tile `target`.
    pub fn target_step(&self, target: usize) -> usize {
        self.track_steps + target
    }

    /// Each piece's target goal tile, in the order the pieces finish.
    pub fn targets(&self) -> Vec<usize> {
        match self.goal_mode {
            GoalMode::Slots => (0..self.pieces).map(|i| self.goal_len - 1 - i).collect(),
            GoalMode::Stack => vec![self.goal_len - 1; self.pieces],
        }
    }

    /// Whether a piece heading for goal tile `target` may stop on step `to`.
    pub(crate) fn can_land(&self, to: usize, target: usize) -> bool {
        let t = self.target_step(target);
        to < self.track_steps
            || to == t
            || (to < t && (self.goal_mode == GoalMode::Stack || self.moves_in_goal))
    }

    /// The cost of rolling `faces[face]` from `step`, if that stays on the board.
    pub fn cost(&self, step: usize, face: usize) -> Option<C> {
        (step + (self.faces[face] as usize) < self.steps())
            .then(|| self.costs[step * self.faces.len() + face])
    }

    /// The legal rolls from `step` for a piece heading for `target`, highest roll first.
    pub fn moves(
        &self,
        step: usize,
        target: usize,
    ) -> impl DoubleEndedIterator<Item = RaceMove<C>> + '_ {
        let n = self.faces.len();
        let costs = self.costs.get(step * n..(step + 1) * n).unwrap_or(&[]);
        // A step a piece may land on is at most its target's, so on the board.
        self.faces
            .iter()
            .zip(costs)
            .enumerate()
            .filter_map(move |(face, (&roll, &cost))| {
                let to = step + roll as usize;
                self.can_land(to, target).then_some(RaceMove {
                    to,
                    roll,
                    face,
                    cost,
                })
            })
    }

    /// The targets of [`Race::targets`], each once, in finishing order (they are all distinct,
    /// or all the same).
    pub fn distinct_targets(&self) -> Vec<usize> {
        let mut out = self.targets();
        out.dedup();
        out
    }

    /// The pieces in finishing order: the first fills the deepest goal tile.
    pub fn pieces(&self) -> Vec<Piece> {
        self.targets()
            .into_iter()
            .enumerate()
            .map(|(i, target)| Piece {
                number: i + 1,
                target,
                finished: match self.goal_mode {
                    // The pieces before it filled the goal tiles deeper than its own.
                    GoalMode::Slots => target + 1..self.goal_len,
                    GoalMode::Stack => 0..0,
                },
            })
            .collect()
    }

    /// Whether every piece's race is a prefix of the first piece's: a piece heading for a
    /// shallower goal tile may land on the same steps up to its target (`stack`, where every
    /// target is the same, or `slots` with `moves_in_goal`), so one pass or search over the
    /// first piece's race serves every piece. In `slots` without `moves_in_goal` a piece may stop
    /// on its own goal tile only.
    pub fn nested(&self) -> bool {
        self.goal_mode == GoalMode::Stack || self.moves_in_goal
    }

    /// The board's track index of a track step, `None` for a goal step.
    pub(crate) fn track_index(&self, step: usize) -> Option<usize> {
        (step < self.track_steps).then(|| (self.start + step) % self.track_len.max(1))
    }

    /// A readable name for a step: `track 12` (the board's track index) or `goal d`.
    pub fn label(&self, step: usize) -> String {
        if let Some(i) = self.track_index(step) {
            format!("track {i}")
        } else {
            format!("goal {}", goal_label(step - self.track_steps))
        }
    }

    /// Checks that the longest possible total (every piece on its longest path, plus entering) is
    /// a number the cost type holds exactly, so that no sum a method forms can round or wrap.
    fn check_sums(&self) -> Result<(), RaceError> {
        let longest = |here: f64, m: &RaceMove<C>, held: Option<f64>| {
            let c = here + m.cost.to_f64();
            held.map_or(c, |v| v.max(c))
        };
        let track = self.track_pass(0.0, longest);
        let mut total: f64 = self.enter.iter().map(|c| c.to_f64()).sum();
        let mut far = self.nested_pass(&track, longest);
        for target in self.targets() {
            if !self.nested() {
                far = Some(self.target_pass(&track, target, longest));
            }
            let step = self.target_step(target);
            total += far.as_ref().and_then(|f| f[step]).unwrap_or(0.0);
        }
        if total.is_finite() && total <= C::LARGEST {
            Ok(())
        } else {
            Err(RaceError::Cost {
                player: self.player.clone(),
                what: "the longest possible total (every piece on its longest path)".into(),
                length: total,
                limit: C::LARGEST,
            })
        }
    }

    /// When the races are [nested](Race::nested), [`Race::target_pass`] to the deepest target: its
    /// values up to a shallower target's step are that target's own pass (the same moves land on
    /// them, in the same order), so one pass serves every piece instead of one per piece
    /// (quadratic in the goal tiles).
    fn nested_pass<T: Copy>(
        &self,
        track: &[Option<T>],
        next: impl Fn(T, &RaceMove<C>, Option<T>) -> T,
    ) -> Option<Vec<Option<T>>> {
        let deepest = self.targets().into_iter().max()?;
        self.nested()
            .then(|| self.target_pass(track, deepest, next))
    }

    /// A forward pass over the track steps, which every target shares (a move between track
    /// steps does not depend on the target): step 0 holds `first`, and each move from a step
    /// holding a value offers `next(value, move, value held where it lands)` to where it lands.
    fn track_pass<T: Copy>(
        &self,
        first: T,
        next: impl Fn(T, &RaceMove<C>, Option<T>) -> T,
    ) -> Vec<Option<T>> {
        let mut values = vec![None; self.track_steps];
        values[0] = Some(first);
        // Any target: landings past the track are not kept here.
        self.pass(&mut values, 0, self.goal_len - 1, next);
        values
    }

    /// [`Race::track_pass`] continued to `target`'s step: only the track steps a roll can take
    /// into the goal, and the goal, are passed over again.
    fn target_pass<T: Copy>(
        &self,
        track: &[Option<T>],
        target: usize,
        next: impl Fn(T, &RaceMove<C>, Option<T>) -> T,
    ) -> Vec<Option<T>> {
        let mut values = track.to_vec();
        values.resize(self.target_step(target) + 1, None);
        let reach = self.faces.first().map_or(0, |&f| f as usize);
        self.pass(
            &mut values,
            self.track_steps.saturating_sub(reach),
            target,
            next,
        );
        values
    }

    /// The moves of a piece heading for `target` from steps `from..`, as in [`Race::track_pass`];
    /// landings past `values` are ignored. Offering a step the value it already holds changes
    /// nothing, so a pass may be repeated over steps already passed.
    fn pass<T: Copy>(
        &self,
        values: &mut [Option<T>],
        from: usize,
        target: usize,
        next: impl Fn(T, &RaceMove<C>, Option<T>) -> T,
    ) {
        for s in from..values.len() {
            let Some(here) = values[s] else { continue };
            for m in self.moves(s, target) {
                if let Some(held) = values.get_mut(m.to) {
                    *held = Some(next(here, &m, *held));
                }
            }
        }
    }

    /// Checks that every piece can reach its target; the error says which and why.
    fn check_reachable(&self) -> Result<(), RaceError> {
        let track = self.track_pass((), |_, _, _| ());
        let nested = self.nested_pass(&track, |_, _, _| ());
        for (piece, target) in self.targets().into_iter().enumerate() {
            let t = self.target_step(target);
            let own;
            let reached = match &nested {
                Some(all) => all,
                None => {
                    own = self.target_pass(&track, target, |_, _, _| ());
                    &own
                }
            };
            let reach = |s: usize| reached[s].is_some();
            if !reach(t) {
                let furthest = (0..t).rev().find(|&s| reach(s)).unwrap_or(0);
                let faces: Vec<String> = self.faces.iter().rev().map(u32::to_string).collect();
                let rule = match (self.goal_mode, self.moves_in_goal) {
                    (GoalMode::Slots, false) => {
                        " (slots without moves_in_goal: the only goal tile it may stop on is its target)"
                    }
                    _ => "",
                };
                return Err(RaceError::Unreachable {
                    player: self.player.clone(),
                    piece: piece + 1,
                    target,
                    reason: format!(
                        "with die [{}] no sequence of rolls lands exactly on goal tile {} (step {t}); the furthest step it can reach is {furthest} ({}), {} steps short, and no roll from a reachable step stops there{rule}",
                        faces.join(", "),
                        goal_label(target),
                        self.label(furthest),
                        t - furthest
                    ),
                });
            }
        }
        Ok(())
    }
}
