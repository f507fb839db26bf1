//! The dice job: each selected player alone under real dice, solved exactly, and simulated if
//! asked.

use super::{JobError, players};
use crate::board::Board;
use crate::dice::{Analysis, DiceObjective, DicePolicy, DiceRules, Exact, Model, analyse_with};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// What to analyse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DiceJob {
    /// The players: `None` the first, `all` every one, else a player's name.
    pub player: Option<String>,
    /// What the optimal policy minimises (reported with any policy).
    pub objective: DiceObjective,
    /// How the piece to move is chosen.
    pub policy: DicePolicy,
    /// The real-dice rules.
    pub rules: DiceRules,
    /// Games to simulate as a check, if any.
    pub simulate: Option<u64>,
    /// The simulation's seed.
    pub seed: u64,
    /// The most states a player's model may have (a server's bound on a request's work); `None`:
    /// no bound.
    pub max_states: Option<u64>,
}

impl Default for DiceJob {
    fn default() -> Self {
        DiceJob {
            player: None,
            objective: DiceObjective::Turns,
            policy: DicePolicy::Optimal(DiceObjective::Turns),
            rules: DiceRules::default(),
            simulate: None,
            seed: 1,
            max_states: None,
        }
    }
}

/// One player's analysis, with the model and the solved policy it came from.
#[derive(Debug)]
pub struct DiceAnalysis {
    /// The player's index.
    pub player: usize,
    /// The state space.
    pub model: Model,
    /// The policy's values and choices in every state.
    pub exact: Exact,
    /// The expectations, the distribution of turns and the simulation.
    pub analysis: Analysis,
    /// Seconds the player took, model to simulation.
    pub seconds: f64,
}

/// Analyses each player `job` selects on `board`, in order; the games simulated so far are added
/// to `played` as they finish (for a progress display on another thread).
pub fn dice(
    board: &Board,
    job: &DiceJob,
    played: Option<&AtomicU64>,
) -> Result<Vec<DiceAnalysis>, JobError> {
    let simulate = job.simulate.map(|games| (games, job.seed));
    players(board, job.player.as_deref())?
        .into_iter()
        .map(|p| {
            if let Some(most) = job.max_states {
                let states = Model::new(board, p, &job.rules)?.len();
                if states as u64 > most {
                    return Err(JobError::DiceStates {
                        player: board.players[p].name.clone(),
                        states,
                        most,
                    });
                }
            }
            let clock = Instant::now();
            let (model, exact, analysis) = analyse_with(
                board,
                p,
                &job.rules,
                job.objective,
                job.policy,
                simulate,
                played,
            )?;
            Ok(DiceAnalysis {
                player: p,
                model,
                exact,
                analysis,
                seconds: clock.elapsed().as_secs_f64(),
            })
        })
        .collect()
}
