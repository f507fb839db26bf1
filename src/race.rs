//! One player's race compiled from a board: positions by relative step, legal rolls and their costs.
//!
//! Step `k < track_steps` is track tile `(start + k) mod len(track)`; step `track_steps + j` is goal
//! tile `j`. Every encoding and algorithm works on this, so they all see the same problem.

use crate::board::{Board, GoalMode, Point, goal_label};
use crate::cost::Cost;
use crate::solve::SolveError;

/// One legal roll from a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Move<C> {
    /// The step landed on.
    pub to: usize,
    /// The die face rolled.
    pub roll: u32,
    /// The cost of the straight move.
    pub cost: C,
}

/// One player's race: everything the solvers need, with costs precomputed.
#[derive(Clone, Debug)]
pub struct Race<C> {
    /// Player name, for messages.
    pub player: String,
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
    /// `costs[step * faces.len() + i]`: cost of rolling `faces[i]` from `step`, if it stays on the board.
    costs: Vec<Option<C>>,
}

impl<C: Cost> Race<C> {
    /// Compiles player `player` of `board` under the board's rules.
    pub fn new(board: &Board, player: usize) -> Race<C> {
        let p = &board.players[player];
        let rules = &board.rules;
        let n = board.track.len();
        let mut positions: Vec<Point> = (0..p.track_steps)
            .map(|k| board.track[(p.start + k) % n])
            .collect();
        positions.extend_from_slice(&p.goal);
        let mut faces = rules.die.clone();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        let len = |a: Point, b: Point| C::from_length(rules.metric.length(a, b));
        let steps = positions.len();
        let mut costs = Vec::with_capacity(steps * faces.len());
        for from in 0..steps {
            for &f in &faces {
                let to = from + f as usize;
                costs.push((to < steps).then(|| len(positions[from], positions[to])));
            }
        }
        Race {
            player: p.name.clone(),
            track_steps: p.track_steps,
            goal_len: p.goal.len(),
            pieces: p.base.len(),
            enter: p.base.iter().map(|&b| len(b, positions[0])).collect(),
            positions,
            faces,
            goal_mode: rules.goal_mode,
            moves_in_goal: rules.moves_in_goal,
            costs,
        }
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
    pub fn can_land(&self, to: usize, target: usize) -> bool {
        let t = self.target_step(target);
        to < self.track_steps
            || to == t
            || (to < t && (self.goal_mode == GoalMode::Stack || self.moves_in_goal))
    }

    /// The cost of rolling `faces[face]` from `step`, if that stays on the board.
    pub fn cost(&self, step: usize, face: usize) -> Option<C> {
        self.costs[step * self.faces.len() + face]
    }

    /// The legal rolls from `step` for a piece heading for `target`, highest roll first.
    pub fn moves(&self, step: usize, target: usize) -> impl Iterator<Item = Move<C>> + '_ {
        self.faces.iter().enumerate().filter_map(move |(i, &roll)| {
            let to = step + roll as usize;
            if !self.can_land(to, target) {
                return None;
            }
            self.cost(step, i).map(|cost| Move { to, roll, cost })
        })
    }

    /// Every legal move for any target: `(from, to, cost)`.
    pub fn all_moves(&self) -> impl Iterator<Item = (usize, Move<C>)> + '_ {
        let last = self.goal_len - 1;
        (0..self.steps()).flat_map(move |s| self.moves(s, last).map(move |m| (s, m)))
    }

    /// A readable name for a step: `track 12` (the board's track index) or `goal d`.
    pub fn label(&self, step: usize) -> String {
        if step < self.track_steps {
            format!("track {step}")
        } else {
            format!("goal {}", goal_label(step - self.track_steps))
        }
    }

    /// Checks that every piece can reach its target; the error says which and why.
    pub fn check_reachable(&self) -> Result<(), SolveError> {
        let mut seen = Vec::new();
        for (piece, target) in self.targets().into_iter().enumerate() {
            if seen.contains(&target) {
                continue;
            }
            seen.push(target);
            let t = self.target_step(target);
            let mut reach = vec![false; t + 1];
            reach[0] = true;
            for s in 0..t {
                if reach[s] {
                    for m in self.moves(s, target) {
                        reach[m.to] = true;
                    }
                }
            }
            if !reach[t] {
                let furthest = (0..t).rev().find(|&s| reach[s]).unwrap_or(0);
                let faces: Vec<String> = self.faces.iter().rev().map(u32::to_string).collect();
                let rule = match (self.goal_mode, self.moves_in_goal) {
                    (GoalMode::Slots, false) => {
                        " (slots without moves_in_goal: the only goal tile it may stop on is its target)"
                    }
                    _ => "",
                };
                return Err(SolveError::Unreachable {
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
