//! `dice`: exact expectations under real dice, the distribution of turns, and the policy.

use crate::board::board_arg;
use crate::convert::serialized;
use crate::errors::{InternalError, argument, detached, job_error};
use boardpath::dice::exact::{ENTER, NO_MOVE, PASS};
use boardpath::dice::{Analysis, DiceObjective, DicePolicy, DiceRules, Exact, Model, Start};
use boardpath::jobs::{self, DiceJob};
use boardpath::text::parse_choice;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One player's real-dice analysis, with the model and the policy's table kept for
/// [`NativeDice::policy_table`].
#[pyclass(frozen, module = "boardpath._native")]
pub struct NativeDice {
    model: Model,
    exact: Exact,
    analysis: Analysis,
    policy: DicePolicy,
}

const OBJECTIVES: [(&str, DiceObjective); 3] = [
    ("turns", DiceObjective::Turns),
    ("rolls", DiceObjective::Rolls),
    ("distance", DiceObjective::Distance),
];

/// The policy named `name` (`optimal` minimises `objective`).
fn policy(name: &str, objective: DiceObjective) -> PyResult<DicePolicy> {
    let all = [
        ("optimal", DicePolicy::Optimal(objective)),
        ("front", DicePolicy::Front),
        ("rear", DicePolicy::Rear),
        ("random", DicePolicy::Random),
    ];
    parse_choice("policy", name, &all).map_err(argument)
}

/// Analyses `player` (None: the first) of `board` under real dice: every argument as
/// `boardpath dice` takes it.
#[pyfunction]
#[pyo3(signature = (board, player=None, objective="turns", policy_name="optimal", start="waiting", no_goal_jump=false, tries=3, may_pass=false, enter_faces=None, simulate=None, seed=1))]
#[allow(clippy::too_many_arguments)]
pub fn dice(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    player: Option<&str>,
    objective: &str,
    policy_name: &str,
    start: &str,
    no_goal_jump: bool,
    tries: usize,
    may_pass: bool,
    enter_faces: Option<&Bound<'_, PyAny>>,
    simulate: Option<u64>,
    seed: u64,
) -> PyResult<NativeDice> {
    let board = board_arg(py, board)?;
    if player == Some("all") {
        return Err(argument(
            "dice analyses one player at a time; call it once per player name",
        ));
    }
    let objective = parse_choice("objective", objective, &OBJECTIVES).map_err(argument)?;
    let policy = policy(policy_name, objective)?;
    let start = parse_choice(
        "start",
        start,
        &[("waiting", Start::Waiting), ("one-out", Start::OneOut)],
    )
    .map_err(argument)?;
    let job = DiceJob {
        player: player.map(str::to_string),
        objective,
        policy,
        rules: DiceRules {
            start,
            enter_faces: enter_faces.map(crate::board::die_arg).transpose()?,
            no_goal_jump,
            tries,
            may_pass,
        },
        simulate,
        seed,
        max_states: None,
    };
    let mut analysed = detached(py, || {
        jobs::dice(&board, &job, None).map_err(|e| job_error(&e))
    })?;
    // One player is selected: a name, or the first.
    let one = analysed.pop().ok_or_else(|| {
        InternalError::new_err("internal error (please report): no player analysed")
    })?;
    Ok(NativeDice {
        model: one.model,
        exact: one.exact,
        analysis: one.analysis,
        policy,
    })
}

#[pymethods]
impl NativeDice {
    /// Every field of `boardpath dice --format json`'s result for this player.
    fn analysis<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.analysis)
    }

    /// The distribution of turns: `P(T = n)` for n = 1, 2, ... as little-endian f64 bytes.
    fn distribution_bytes(&self) -> Vec<u8> {
        self.analysis
            .turns_distribution
            .iter()
            .flat_map(|p| p.to_le_bytes())
            .collect()
    }

    /// The policy as columns: for every unfinished state and roll, `waiting`, `home`, `steps` (the
    /// other occupied steps), `roll` and `move` (`enter`, `FROM>TO`, `pass` or `none`), as
    /// `dice --policy-out` writes them.
    fn policy_table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if self.policy == DicePolicy::Random {
            return Err(argument(
                "the random policy has no table (it draws among the legal moves)",
            ));
        }
        let faces = &self.model.faces;
        let f = faces.len();
        let (mut waiting, mut home, mut steps, mut roll, mut moves) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (i, s) in self.exact.states.iter().enumerate() {
            if self.model.finished(s) {
                continue;
            }
            let occupied: Vec<u32> = (0..128).filter(|b| s.mask >> b & 1 != 0).collect();
            for (k, &r) in faces.iter().enumerate() {
                waiting.push(u32::from(s.waiting));
                home.push(u32::from(s.home));
                steps.push(occupied.clone());
                roll.push(r);
                moves.push(match self.exact.choice[i * f + k] {
                    NO_MOVE => "none".to_string(),
                    PASS => "pass".to_string(),
                    ENTER => "enter".to_string(),
                    from => format!("{from}>{}", from as u32 + r),
                });
            }
        }
        let d = PyDict::new(py);
        d.set_item("waiting", waiting)?;
        d.set_item("home", home)?;
        d.set_item("steps", steps)?;
        d.set_item("roll", roll)?;
        d.set_item("move", moves)?;
        Ok(d)
    }
}
