//! The exact worth of strategies in a two-player game: the probability that each seat wins when
//! seat 0 plays one strategy and seat 1 another, the best response to a strategy, and how much a
//! strategy gives away against its best response (its exploitability). Each is one solve of the
//! game with the seats' moves fixed ([`exact::FixedGame`]), on every board and rule set the
//! engine plays ([`exact::EngineGame`]).
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::game::strategy::{Strategies, Strategy};
//! use boardpath::game::{Game, GameConfig};
//!
//! let board = Board::load("maedn").unwrap();
//! let game = Game::new(&board, &GameConfig { pieces: Some(1), ..GameConfig::new(2) }).unwrap();
//! let s = Strategies::new(&game).unwrap();
//! let value = s.value().unwrap().first_player_wins;
//! let both = s.pair(&Strategy::Optimal, &Strategy::Optimal).unwrap().first_player_wins;
//! assert!((value - 0.523984914).abs() < 1e-9 && (both - value).abs() < 1e-9);
//! ```

use super::exact::{
    self, Cached, ChanceGame, Choice, EngineGame, FixedGame, GameSolveError, UNIFORM,
    ValueIterationOptions,
};
use super::policy::{self, Policy, PolicyError};
use super::{Game, GameError, legal_moves};
use crate::board::Board;
use crate::random::SplitMix64;
use rayon::prelude::*;
use std::sync::OnceLock;
use std::time::Instant;

/// Moves within this of the best are ties, broken by the game's move order ("the optimal
/// policy": the first best move in OpenSpiel's action order).
pub const TIE: f64 = 1e-9;

/// How a seat plays.
pub enum Strategy {
    /// The minimax policy of the solved game, played as a fixed policy (ties within [`TIE`] to the
    /// first move in action order).
    Optimal,
    /// Maximises its own win probability against the other seat's fixed strategy.
    BestResponse,
    /// Uniformly at random among the legal moves.
    Random,
    /// A policy of [`policy::by_name`] (`front`, `rear`, `aggressive`, `defensive`,
    /// `solitaire`, `file:PATH`): a function of the position and roll, except where it says it
    /// draws uniformly ([`Policy::draws_uniformly`]).
    Policy(Box<dyn Policy>),
}

impl Strategy {
    /// Whether `name` names a strategy as [`Strategy::by_name`] takes it (files not read), or why
    /// not, with the valid names.
    pub fn check_name(name: &str) -> Result<(), PolicyError> {
        let special = ["optimal", "best-response", "random"].contains(&name);
        if special || (!name.starts_with("optimal:") && policy::check_name(name).is_ok()) {
            return Ok(());
        }
        if name.starts_with("optimal:") {
            return Err(PolicyError(format!(
                "\"{name}\": the exact evaluation solves the game itself; use optimal"
            )));
        }
        Err(PolicyError(format!(
            "unknown strategy \"{name}\" (valid: optimal, best-response, random, {}, file:PATH)",
            policy::NAMES[1..].join(", ")
        )))
    }

    /// The strategy called `name` for game seat `seat`: `optimal`, `best-response`, `random`, or
    /// a policy name of [`policy::by_name`] (not `optimal:TABLE`).
    pub fn by_name(
        name: &str,
        board: &Board,
        game: &Game,
        seat: usize,
    ) -> Result<Strategy, PolicyError> {
        Ok(match name {
            "optimal" => Strategy::Optimal,
            "best-response" => Strategy::BestResponse,
            "random" => Strategy::Random,
            _ => {
                Strategy::check_name(name)?;
                Strategy::Policy(policy::by_name(name, board, game, seat)?)
            }
        })
    }

    /// Its name in output.
    pub fn name(&self) -> String {
        match self {
            Strategy::Optimal => "optimal".into(),
            Strategy::BestResponse => "best-response".into(),
            Strategy::Random => "random".into(),
            Strategy::Policy(p) => p.name(),
        }
    }
}

/// Why an evaluation failed.
#[derive(Debug)]
pub enum StrategyError {
    /// The solver stopped.
    Solve(GameSolveError),
    /// A policy could not choose (a file naming an illegal move).
    Policy(PolicyError),
}

impl std::fmt::Display for StrategyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StrategyError::Solve(e) => e.fmt(f),
            StrategyError::Policy(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StrategyError {}

impl From<GameSolveError> for StrategyError {
    fn from(e: GameSolveError) -> Self {
        StrategyError::Solve(e)
    }
}

/// One exact evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Worth {
    /// The probability that seat 0 (the first to roll) wins; seat 1 wins with `1 - this`.
    pub first_player_wins: f64,
    /// The largest Bellman residual of the solve that gave it.
    pub residual: f64,
    /// Sweeps over all layers.
    pub sweeps: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A strategy against its best response, from each seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Exploitability {
    /// Its win probability as seat 0 against a best-responding seat 1.
    pub as_first: f64,
    /// Its win probability as seat 1 against a best-responding seat 0.
    pub as_second: f64,
    /// The game's value for seat 0 under optimal play by both.
    pub value: f64,
}

impl Exploitability {
    /// What it gives away as seat 0: the game's value minus its worth there.
    pub fn loss_as_first(&self) -> f64 {
        self.value - self.as_first
    }

    /// What it gives away as seat 1.
    pub fn loss_as_second(&self) -> f64 {
        (1.0 - self.value) - self.as_second
    }

    /// The mean of the two losses (0 for an optimal strategy).
    pub fn mean_loss(&self) -> f64 {
        (self.loss_as_first() + self.loss_as_second()) / 2.0
    }
}

/// A two-player game ready for exact evaluations: every position's moves computed once, the
/// game's value solved on first use.
pub struct Strategies {
    table: Cached<EngineGame>,
    minimax: OnceLock<Vec<f64>>,
    tolerance: f64,
}

impl Strategies {
    /// The game `game` (two players) on `board`: ranks it with the mover's seat, expands every
    /// position (in parallel on the current rayon pool).
    pub fn new(game: &Game) -> Result<Strategies, GameError> {
        let engine = EngineGame::seat_aware(game)?;
        Ok(Strategies {
            table: Cached::new(engine),
            minimax: OnceLock::new(),
            tolerance: ValueIterationOptions::<crate::game::exact::Bounds>::default().tolerance,
        })
    }

    /// The ranked game.
    pub fn engine(&self) -> &EngineGame {
        self.table.inner()
    }

    /// Positions (both movers' tables).
    pub fn positions(&self) -> u64 {
        self.table.positions()
    }

    fn seat_of(&self) -> impl Fn(u64) -> usize + Sync + '_ {
        move |p| self.engine().seat_of(p)
    }

    fn start(&self) -> u64 {
        self.engine().rank(&self.engine().start())
    }

    fn solve(&self, choices: [&Choice; 2]) -> Result<(Vec<f64>, Worth), StrategyError> {
        let started = Instant::now();
        let seat_of = self.seat_of();
        let fixed = FixedGame::new(&self.table, &seat_of, choices);
        let options = ValueIterationOptions {
            tolerance: self.tolerance,
            ..ValueIterationOptions::default()
        };
        let s = exact::solve(&fixed, &options)?;
        let worth = Worth {
            first_player_wins: s.value(self.start()),
            residual: s.residual(),
            sweeps: s.sweeps(),
            seconds: started.elapsed().as_secs_f64(),
        };
        Ok((s.into_values(), worth))
    }

    fn minimax(&self) -> Result<&[f64], StrategyError> {
        if let Some(v) = self.minimax.get() {
            return Ok(v);
        }
        let (values, _) = self.solve([&Choice::Best, &Choice::Best])?;
        Ok(self.minimax.get_or_init(|| values))
    }

    /// The game's value: seat 0's win probability under optimal play by both.
    pub fn value(&self) -> Result<Worth, StrategyError> {
        let started = Instant::now();
        let values = self.minimax()?;
        Ok(Worth {
            first_player_wins: values[self.start() as usize],
            residual: exact::residual(&self.table, values, 0..self.positions()),
            sweeps: 0,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// The choices of `strategy` playing seat `seat`.
    pub fn choice(&self, strategy: &Strategy, seat: usize) -> Result<Choice, StrategyError> {
        Ok(match strategy {
            Strategy::BestResponse => Choice::Best,
            Strategy::Random => Choice::Uniform,
            Strategy::Optimal => {
                let values = self.minimax()?;
                let seat_of = self.seat_of();
                Choice::Table(exact::best_choices(
                    &self.table,
                    values,
                    &seat_of,
                    seat,
                    TIE,
                ))
            }
            Strategy::Policy(p) => Choice::Table(self.policy_choices(p.as_ref(), seat)?),
        })
    }

    /// The move `policy` picks in every position of seat `seat`, for every roll.
    fn policy_choices(&self, policy: &dyn Policy, seat: usize) -> Result<Vec<u8>, StrategyError> {
        let engine = self.engine();
        let game = engine.game();
        let rolls = game.faces().len();
        let mut table = vec![0u8; self.positions() as usize * rolls];
        table
            .par_chunks_mut(rolls)
            .enumerate()
            .try_for_each_init(
                || (Vec::new(), SplitMix64::new(0)),
                |(moves, rng), (p, row)| {
                    let p = p as u64;
                    if engine.seat_of(p) != seat {
                        return Ok(());
                    }
                    let state = engine.unrank(p);
                    if !engine.is_valid(&state) {
                        return Ok(());
                    }
                    for (slot, &face) in row.iter_mut().zip(game.faces()) {
                        legal_moves(game, &state, face, moves);
                        // Asked even for a forced move, as a tournament asks: a table that names
                        // another move is an error to report.
                        *slot = if moves.is_empty() {
                            0
                        } else if policy.draws_uniformly(game, &state, face) {
                            UNIFORM
                        } else {
                            let i = policy.choose(game, &state, face, moves, rng)?;
                            u8::try_from(i)
                                .ok()
                                .filter(|&i| usize::from(i) < moves.len())
                                .ok_or_else(|| {
                                    PolicyError(format!(
                                        "policy {} chose move {i} of {}",
                                        policy.name(),
                                        moves.len()
                                    ))
                                })?
                        };
                    }
                    Ok(())
                },
            )
            .map_err(StrategyError::Policy)?;
        Ok(table)
    }

    /// The worth of seat 0 playing `first` and seat 1 `second`.
    pub fn pair(&self, first: &Strategy, second: &Strategy) -> Result<Worth, StrategyError> {
        let a = self.choice(first, 0)?;
        let b = self.choice(second, 1)?;
        self.worth(&a, &b)
    }

    /// The worth of seat 0 choosing by `first` and seat 1 by `second` (see [`Strategies::choice`],
    /// [`Strategies::choice_of`]).
    pub fn worth(&self, first: &Choice, second: &Choice) -> Result<Worth, StrategyError> {
        Ok(self.solve([first, second])?.1)
    }

    /// Every decision seat `seat` makes: `(position, roll index)` where it moves, the position
    /// can occur and the roll has more than one legal move, in rank order. A policy from outside
    /// (Python) answers these and [`Strategies::choice_of`] turns the answers into a choice.
    pub fn decisions(&self, seat: usize) -> Vec<(u64, usize)> {
        let engine = self.engine();
        let game = engine.game();
        (0..self.positions())
            .into_par_iter()
            .flat_map_iter(|p| {
                let mut moves = Vec::new();
                let state = engine.unrank(p);
                let mine = engine.seat_of(p) == seat && engine.is_valid(&state);
                let faces = if mine { game.faces() } else { &[] };
                faces
                    .iter()
                    .enumerate()
                    .filter_map(move |(r, &face)| {
                        legal_moves(game, &state, face, &mut moves);
                        (moves.len() > 1).then_some((p, r))
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The state of a position (seat [`EngineGame::seat_of`] to roll).
    pub fn state(&self, position: u64) -> super::State {
        self.engine().unrank(position)
    }

    /// The choice of a seat that answers `decisions[i]` (from [`Strategies::decisions`]) with
    /// the move of index `picks[i]` among the roll's legal moves; refuses a pick past them.
    pub fn choice_of(
        &self,
        decisions: &[(u64, usize)],
        picks: &[usize],
    ) -> Result<Choice, StrategyError> {
        let engine = self.engine();
        let game = engine.game();
        let rolls = game.faces().len();
        let mut table = vec![0u8; self.positions() as usize * rolls];
        let mut moves = Vec::new();
        for (&(p, r), &pick) in decisions.iter().zip(picks) {
            let state = engine.unrank(p);
            legal_moves(game, &state, game.faces()[r], &mut moves);
            if pick >= moves.len() {
                return Err(StrategyError::Policy(PolicyError(format!(
                    "move {pick} chosen for roll {} where {} are legal",
                    game.faces()[r],
                    moves.len()
                ))));
            }
            table[p as usize * rolls + r] = pick as u8;
        }
        Ok(Choice::Table(table))
    }

    /// `strategy` against a best-responding opponent from each seat, beside the game's value.
    pub fn exploitability(&self, strategy: &Strategy) -> Result<Exploitability, StrategyError> {
        let value = self.value()?.first_player_wins;
        let as_first = self
            .pair(strategy, &Strategy::BestResponse)?
            .first_player_wins;
        let as_second = 1.0
            - self
                .pair(&Strategy::BestResponse, strategy)?
                .first_player_wins;
        Ok(Exploitability {
            as_first,
            as_second,
            value,
        })
    }

    /// Every pair: `matrix[i][j]` is the worth of seat 0 playing `first[i]` and seat 1 playing
    /// `second[j]` (the same strategies built for each seat, where a policy depends on its seat).
    pub fn matrix(
        &self,
        first: &[Strategy],
        second: &[Strategy],
    ) -> Result<Vec<Vec<Worth>>, StrategyError> {
        let first: Vec<Choice> = first
            .iter()
            .map(|s| self.choice(s, 0))
            .collect::<Result<_, _>>()?;
        let second: Vec<Choice> = second
            .iter()
            .map(|s| self.choice(s, 1))
            .collect::<Result<_, _>>()?;
        first
            .iter()
            .map(|a| second.iter().map(|b| Ok(self.solve([a, b])?.1)).collect())
            .collect()
    }
}
