//! Real dice: the exact expected number of turns, rolls and physical distance for one player alone
//! to bring every piece home, under the optimal piece choice for an objective or a simple policy,
//! with the full distribution of turns and a seeded Monte Carlo cross-check.
//!
//! # The model
//! Steps as in the [race](crate::race): 0 is the start tile, then the track, then the goal tiles.
//! The die is fair; each face is equally likely. Defaults, each an option of [`DiceRules`]:
//! - every piece starts waiting ([`Start::OneOut`]: one starts on the start tile, and its entering
//!   move is not counted);
//! - a waiting piece enters onto the start tile only on the die's highest face (a 6; option: the
//!   entering faces); when such a face is rolled, a piece waits and the start tile is free,
//!   entering is compulsory;
//! - the start tile must be cleared: while a piece waits and an own piece stands on the start tile,
//!   that piece must move if the roll lets it; otherwise any legal move may be made;
//! - own pieces never share a tile, except the last goal tile in stack mode (Ludo, Parcheesi:
//!   every piece finishes there). A piece moves exactly the roll, never past the last goal tile, and
//!   may stop on any free goal tile and move on inside the goal (in slots mode whatever the board's
//!   `moves_in_goal` says, as in the official rules); it may jump over own pieces in the goal
//!   (option: not);
//! - a legal move must be made when one exists (option: the optimal policy may pass; a pass on the
//!   highest face rolls again, any other pass ends the turn);
//! - the highest face (a 6) gives another roll in the same turn, whether or not it could be moved;
//!   the roll that brings the last piece home ends the game;
//! - three tries: while no piece stands on a track step, a turn allows up to three rolls (option:
//!   the count) until one gives a legal move; a roll of the highest face starts the count again;
//! - every move costs its straight-line length under the board's metric and rounding, as in the
//!   perfect-dice problem; entering costs the move from the piece's waiting tile onto the start
//!   tile. Every piece enters once per game, so the entering costs add up to the same total in
//!   every game; they are charged in the order of the board's waiting tiles.
//!
//! Parcheesi's two dice are modelled as single-die rolls: each die is one roll here.
//!
//! # The solution
//! A state is the number of waiting pieces, the pieces home on the shared last goal tile (stack
//! mode) and the set of other occupied steps ([`state`]). Every move raises the total pip count,
//! so apart from rolls that cannot move (self-loops), the states form a DAG: [`exact`] solves each
//! state once in decreasing order of pips, with the self-loops and the three-tries cycle in closed
//! form, as backgammon bear-off databases do. Each objective's value is minimised, ties broken by
//! the least expected distance (turns, rolls) or the fewest expected turns (distance); the
//! resulting policy gives for every state and roll the move made.

mod error;
pub mod exact;
pub mod simulate;
pub mod state;

pub use error::DiceError;
pub use exact::Exact;
pub use simulate::{Interval, Simulation, simulate};
pub use state::{MAX_TRIES, Model};

use crate::board::Board;
use serde::{Deserialize, Serialize};

/// How a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// Every piece waits.
    #[default]
    Waiting,
    /// One piece stands on the start tile, the others wait.
    OneOut,
}

/// The rule options of the real-dice model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiceRules {
    /// How the game starts.
    pub start: Start,
    /// Faces that let a waiting piece enter; `None`: the die's highest face.
    pub enter_faces: Option<Vec<u32>>,
    /// Forbid jumping over own pieces inside the goal.
    pub no_goal_jump: bool,
    /// Rolls per turn while no piece stands on the track.
    pub tries: usize,
    /// Let the optimal policy pass instead of making a legal move (the simple policies always
    /// move). A pass on the highest face rolls again; any other pass ends the turn.
    pub may_pass: bool,
}

impl Default for DiceRules {
    fn default() -> Self {
        DiceRules {
            start: Start::Waiting,
            enter_faces: None,
            no_goal_jump: false,
            tries: 3,
            may_pass: false,
        }
    }
}

/// What the optimal policy minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiceObjective {
    /// Expected turns (ties: least expected distance).
    Turns,
    /// Expected rolls (ties: least expected distance).
    Rolls,
    /// Expected distance (ties: fewest expected turns).
    Distance,
}

impl DiceObjective {
    /// Every objective.
    pub const ALL: [DiceObjective; 3] = [
        DiceObjective::Turns,
        DiceObjective::Rolls,
        DiceObjective::Distance,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DiceObjective::Turns => "turns",
            DiceObjective::Rolls => "rolls",
            DiceObjective::Distance => "distance",
        }
    }
}

/// How the piece to move is chosen among the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DicePolicy {
    /// The best move for the objective.
    Optimal(DiceObjective),
    /// The front-most movable piece.
    Front,
    /// The rear-most movable piece (a waiting piece is the rear-most).
    Rear,
    /// A uniformly random legal move.
    Random,
}

impl DicePolicy {
    /// Its name: `optimal`, `front`, `rear` or `random`.
    pub fn name(self) -> String {
        match self {
            DicePolicy::Optimal(_) => "optimal".into(),
            DicePolicy::Front => "front".into(),
            DicePolicy::Rear => "rear".into(),
            DicePolicy::Random => "random".into(),
        }
    }
}

/// The distribution's tail threshold: `P(T = n)` is listed until less than this mass remains.
pub const TAIL: f64 = 1e-12;

/// The answer for one player and policy.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// Board name.
    pub board: String,
    /// Player name.
    pub player: String,
    /// Length unit.
    pub unit: String,
    /// Number of states.
    pub states: usize,
    /// The objective (for every policy: what the optimal policy would minimise).
    pub objective: DiceObjective,
    /// The policy.
    pub policy: String,
    /// Rules in force.
    pub rules: DiceRules,
    /// Expected turns.
    pub expected_turns: f64,
    /// Expected rolls.
    pub expected_rolls: f64,
    /// Expected distance in board units.
    pub expected_distance: f64,
    /// Expected distance in centimetres, when the board has a scale.
    pub expected_distance_cm: Option<f64>,
    /// `turns_distribution[n - 1]` = P(T = n), until less than [`TAIL`] remains.
    pub turns_distribution: Vec<f64>,
    /// `(percent, turns)`: the least n with P(T <= n) >= percent / 100.
    pub turns_percentiles: Vec<(u32, usize)>,
    /// The Monte Carlo check, when asked.
    pub simulation: Option<Simulation>,
}

/// The least n (from 1) with P(T <= n) >= p for each percent of `percents`.
pub fn percentiles(dist: &[f64], percents: &[u32]) -> Vec<(u32, usize)> {
    percents
        .iter()
        .map(|&pc| {
            let target = pc as f64 / 100.0 - 1e-12;
            let mut acc = 0.0;
            let n = dist
                .iter()
                .position(|&x| {
                    acc += x;
                    acc >= target
                })
                .map_or(dist.len(), |i| i + 1);
            (pc, n)
        })
        .collect()
}

/// Solves `policy` for player `player` of `board`: the model, its exact values and the analysis
/// from the start; `simulate` is `(games, seed)`.
pub fn analyse(
    board: &Board,
    player: usize,
    rules: &DiceRules,
    objective: DiceObjective,
    policy: DicePolicy,
    simulate: Option<(u64, u64)>,
) -> Result<(Model, Exact, Analysis), DiceError> {
    analyse_with(board, player, rules, objective, policy, simulate, None)
}

/// [`analyse`], adding the games simulated so far to `played` as they finish (for a progress
/// display on another thread).
pub fn analyse_with(
    board: &Board,
    player: usize,
    rules: &DiceRules,
    objective: DiceObjective,
    policy: DicePolicy,
    simulate: Option<(u64, u64)>,
    played: Option<&std::sync::atomic::AtomicU64>,
) -> Result<(Model, Exact, Analysis), DiceError> {
    let model = Model::new(board, player, rules)?;
    let exact = exact::solve(&model, policy, true)?;
    let start = model.index(&model.initial());
    let (t, r, d) = (
        exact.turns[start],
        exact.rolls[start],
        exact.distance[start],
    );
    if !t.is_finite() || !r.is_finite() || !d.is_finite() {
        return Err(DiceError::NeverFinishes {
            policy: policy.name(),
        });
    }
    let dist = exact
        .distribution(start, TAIL)
        .ok_or_else(|| DiceError::NeverFinishes {
            policy: policy.name(),
        })?;
    let simulation = match simulate {
        None => None,
        Some((0, _)) => {
            return Err(DiceError::Rules(
                "--simulate needs at least one game".into(),
            ));
        }
        Some((games, seed)) => Some(simulate::simulate_with(
            &model, &exact, policy, games, seed, played,
        )?),
    };
    let analysis = Analysis {
        board: board.name.clone(),
        player: model.player.clone(),
        unit: board.unit.clone(),
        states: model.len(),
        objective,
        policy: policy.name(),
        rules: rules.clone(),
        expected_turns: t,
        expected_rolls: r,
        expected_distance: d,
        expected_distance_cm: board.scale.map(|s| s.to_cm(d)),
        turns_percentiles: percentiles(&dist, &[10, 25, 50, 75, 90, 99]),
        turns_distribution: dist,
        simulation,
    };
    Ok((model, exact, analysis))
}
