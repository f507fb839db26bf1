//! The exact optimal policy of any two-player game: in every position and roll the move with the
//! largest probability that the player to move wins under optimal play by both (see
//! `docs/game-solve.md`), and those probabilities themselves ([`Optimal::value`],
//! [`Optimal::move_values`]) for hints and reviews.
//!
//! Two-player `maedn` under OpenSpiel's rules (players opposite) is ranked by [`Maedn2`]: its
//! values come from a table written by `boardpath solve-game --out FILE` (`optimal:FILE`),
//! checked against its header, or are solved when the policy is built (1 or 2 pieces a side: well
//! under a minute), and its moves are [`best_move`](exact::best_move)'s. Every other board and
//! rule set is ranked by [`EngineGame`] and solved when the policy is built (1 or 2 pieces a side);
//! its move is the first legal move of the largest value. Both seats share one solution where the
//! seats are symmetric: the table is read from the mover's side.

use super::{Policy, PolicyError};
use crate::board::Board;
use crate::game::action::{PASS, action_id};
use crate::game::exact::table::{self, TableHeader};
use crate::game::exact::{
    self, Cached, ChanceGame, EngineGame, Maedn2, Moves, ValueIterationOptions, action,
};
use crate::game::{Game, Move, Rules, State, WAITING, apply, legal_moves};
use crate::random::SplitMix64;
use std::io::{BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most pieces a side solved when the policy is built without a table (2: about 12 s CPU;
/// 3 takes many minutes and gigabytes, so it needs `solve-game --out` first).
pub const MAX_SOLVE_AT_START: usize = 2;

/// The value table's format name, the first field of its header line.
pub use exact::table::TABLE_FORMAT;

/// Solutions already made or read in this process, by source (`solve:K` or the table's path):
/// both seats, and every tournament of one run, share one.
type Cache = Mutex<Vec<(String, Arc<Vec<f64>>)>>;
static SOLVED: Cache = Mutex::new(Vec::new());

/// How the positions of a solved game are ranked: the fast standard ranking or the general one.
enum Ranking {
    Standard(Box<Maedn2>),
    Engine(Box<EngineGame>),
}

impl Ranking {
    fn positions(&self) -> u64 {
        match self {
            Ranking::Standard(g) => g.positions(),
            Ranking::Engine(g) => g.positions(),
        }
    }

    fn rank(&self, state: &State) -> u64 {
        match self {
            Ranking::Standard(g) => g.rank(&position(state)),
            Ranking::Engine(g) => g.rank(state),
        }
    }
}

/// The exact optimal policy for one seat of a two-player game.
pub struct Optimal {
    name: String,
    game: Game,
    ranking: Ranking,
    values: Arc<Vec<f64>>,
}

impl std::fmt::Debug for Optimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Optimal({}, {} values)", self.name, self.values.len())
    }
}

/// Why no exact solution covers `game` on `board` (with a value table at `table`, if given), if
/// none does.
pub fn unsupported(board: &Board, game: &Game, table: Option<&str>) -> Option<String> {
    let why = if game.players() != 2 {
        format!(
            "{} players (it is solved for 2: --players 2)",
            game.players()
        )
    } else if table.is_some() && !is_fast(game) {
        let what = if game.rules != Rules::openspiel() {
            format!("rules {}", game.rules.describe())
        } else {
            format!("board {}: {}", board.name, exact::describe_geometry(game))
        };
        format!(
            "{what} with a value table (tables from `solve-game --out` are for the standard \
             board under openspiel rules; without a table, 1 or {MAX_SOLVE_AT_START} pieces \
             are solved when the policy is built: --policy optimal)"
        )
    } else if is_fast(game) && !(1..=exact::MAX_PIECES).contains(&game.pieces()) {
        format!("{} pieces a side (it is solved for 1 to 4)", game.pieces())
    } else {
        return None;
    };
    Some(why)
}

/// Whether `game` is ranked by the standard board's own ranking ([`Maedn2`]): the standard
/// geometry under exactly OpenSpiel's rules.
fn is_fast(game: &Game) -> bool {
    game.rules == Rules::openspiel() && exact::is_standard(game)
}

impl Optimal {
    /// The policy for `game` on `board`: values from the table at `table` (written by
    /// `solve-game --out`, standard board only), or solved now when `table` is `None` and the
    /// game has at most [`MAX_SOLVE_AT_START`] pieces a side (reported on stderr with the time).
    pub fn new(board: &Board, game: &Game, table: Option<&str>) -> Result<Optimal, PolicyError> {
        Self::with_progress(board, game, table, &|_| {})
    }

    /// [`Optimal::new`], calling `progress(fraction)` (0 to 1, by layers solved) while it solves.
    pub fn with_progress(
        board: &Board,
        game: &Game,
        table: Option<&str>,
        progress: &(dyn Fn(f64) + Sync),
    ) -> Result<Optimal, PolicyError> {
        let name = table.map_or_else(|| "optimal".to_string(), |p| format!("optimal:{p}"));
        if let Some(why) = unsupported(board, game, table) {
            return Err(PolicyError(format!(
                "policy {name}: no exact solution for {why}"
            )));
        }
        let k = game.pieces();
        let (ranking, key) = if is_fast(game) {
            let key = table.map_or_else(|| format!("solve:{k}"), str::to_string);
            (Ranking::Standard(Box::new(Maedn2::new(k))), key)
        } else {
            let engine = EngineGame::new(game)
                .map_err(|e| PolicyError(format!("policy {name}: {}: {e}", board.name)))?;
            let key = format!(
                "solve:{}:{:?}:{}:{k}",
                board.sha256,
                game.seats(),
                game.rules.describe()
            );
            (Ranking::Engine(Box::new(engine)), key)
        };
        let mut cache = SOLVED.lock().unwrap_or_else(|e| e.into_inner());
        let cached = cache
            .iter()
            .find(|(s, _)| *s == key)
            .map(|(_, v)| v.clone());
        let values = match cached {
            Some(v) if v.len() as u64 == ranking.positions() => v,
            _ => {
                let v = Arc::new(match (table, &ranking) {
                    (Some(path), Ranking::Standard(solver)) => read_table(path, board, solver)?,
                    _ => solve_now(&ranking, k, &board.name, &name, progress)?,
                });
                cache.retain(|(s, _)| *s != key);
                cache.push((key, v.clone()));
                v
            }
        };
        Ok(Optimal {
            name,
            game: game.clone(),
            ranking,
            values,
        })
    }

    /// The probability that the player to move in `state` wins under optimal play by both
    /// (before its roll; `state` is not over).
    pub fn value(&self, state: &State) -> f64 {
        self.values[self.ranking.rank(state) as usize]
    }

    /// The probability that the player to move in `state` wins after it rolled `roll` and made
    /// move `mv` (`None`: a pass), under optimal play by both from there.
    pub fn value_after(&self, state: &State, roll: u32, mv: Option<&Move>) -> f64 {
        let m = state.to_move();
        let mut next = *state;
        apply(&self.game, &mut next, roll, mv);
        if next.has_won(&self.game, m) {
            1.0
        } else if next.to_move() == m {
            self.value(&next)
        } else {
            1.0 - self.value(&next)
        }
    }

    /// Every legal action after `roll` (OpenSpiel's ids from the mover's side, ascending; `[0]`,
    /// a pass, when nothing can move) with the mover's win probability after it.
    pub fn move_values(&self, state: &State, roll: u32) -> Vec<(usize, f64)> {
        let mut moves = Vec::new();
        legal_moves(&self.game, state, roll, &mut moves);
        if moves.is_empty() {
            return vec![(PASS, self.value_after(state, roll, None))];
        }
        let mut out: Vec<(usize, f64)> = moves
            .iter()
            .map(|m| (action_id(m), self.value_after(state, roll, Some(m))))
            .collect();
        out.sort_by_key(|&(a, _)| a);
        out
    }

    /// The game the values are for.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// What works past [`MAX_SOLVE_AT_START`] pieces on a machine with `available` bytes (`None`:
/// unknown): a table written first for each count whose solve fits, the memory of each that
/// does not.
fn beyond_start(available: Option<u64>) -> String {
    let here = available.map_or(String::new(), |a| {
        format!(", {} available here", exact::gigabytes(a))
    });
    let fits = exact::most_pieces_within(available);
    (MAX_SOLVE_AT_START + 1..=exact::MAX_PIECES)
        .map(|k| {
            let need = exact::gigabytes(Maedn2::bytes_needed(k));
            if fits >= k {
                format!(
                    "`--pieces {k}` with a table written first: `boardpath solve-game --pieces \
                     {k} --out FILE`, then `--policy optimal:FILE` (the solve holds about \
                     {need}{here})"
                )
            } else {
                // Too big only where the memory is known.
                let have = available.map_or_else(String::new, exact::gigabytes);
                format!(
                    "{k} pieces need about {need} to solve, more than the {have} available here"
                )
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Solves the game of `ranking` (`k` pieces a side, on board `board`), saying so on stderr.
fn solve_now(
    ranking: &Ranking,
    k: usize,
    board: &str,
    name: &str,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<Vec<f64>, PolicyError> {
    let positions = ranking.positions();
    if k > MAX_SOLVE_AT_START {
        let beyond = match ranking {
            Ranking::Standard(_) => beyond_start(exact::available_memory()),
            Ranking::Engine(_) => "tables of larger games exist for the standard board under \
                                   openspiel rules only"
                .to_string(),
        };
        return Err(PolicyError(format!(
            "policy {name}: {k} pieces a side ({positions} positions) are too many to solve when \
             the policy is built (at most {MAX_SOLVE_AT_START} are); what works: `--pieces \
             {MAX_SOLVE_AT_START}` or fewer, solved at start in seconds; {beyond}"
        )));
    }
    let what = match ranking {
        Ranking::Standard(_) => "two-player maedn".to_string(),
        Ranking::Engine(_) => format!("two-player {board}"),
    };
    // Progress only: a standard error nobody reads (closed) is no reason to stop.
    let _ = writeln!(
        std::io::stderr(),
        "policy optimal: solving {what} with {k} piece{} a side ({positions} positions)...",
        if k == 1 { "" } else { "s" },
    );
    let clock = Instant::now();
    let by_layer = |layer: usize, layers: usize, _: u32, _: f64| {
        progress(layer as f64 / layers.max(1) as f64);
    };
    let options = ValueIterationOptions {
        progress: Some(&by_layer),
        ..ValueIterationOptions::default()
    };
    let solution = match ranking {
        Ranking::Standard(g) => exact::solve(g.as_ref(), &options),
        // Every position's moves kept: the general rule book costs more than reading them back.
        Ranking::Engine(g) => exact::solve(&Cached::new(g.as_ref().clone()), &options),
    }
    .map_err(|e| PolicyError(format!("policy {name}: solving failed: {e}")))?;
    let _ = writeln!(
        std::io::stderr(),
        "policy optimal: solved in {:.2} s (residual {:.1e}, {} sweeps)",
        clock.elapsed().as_secs_f64(),
        solution.residual(),
        solution.sweeps()
    );
    Ok(solution.into_values())
}

/// Reads a value table written by `solve-game --out`, refusing one made for another game.
fn read_table(path: &str, board: &Board, solver: &Maedn2) -> Result<Vec<f64>, PolicyError> {
    let fail = |what: String| PolicyError(format!("policy optimal:{path}: {what}"));
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut reader = BufReader::new(file);
    let (header, header_len) = table::read_header(&mut reader).map_err(fail)?;
    check_header(&header, board, solver).map_err(|e| fail(format!("line 1: {e}")))?;
    table::read_values(&mut reader, &header, header_len).map_err(fail)
}

/// The pieces a side of the table at `path`, from its header (the rest is checked when the
/// policy reads it: [`Optimal::new`]).
pub fn table_pieces(path: &str) -> Result<usize, PolicyError> {
    let fail = |what: String| PolicyError(format!("policy optimal:{path}: {what}"));
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let (header, _) = table::read_header(&mut BufReader::new(file)).map_err(fail)?;
    Ok(header.pieces)
}

/// The header's rules, pieces, positions and board SHA-256 against the game being played.
fn check_header(h: &TableHeader, board: &Board, solver: &Maedn2) -> Result<(), String> {
    let differ = |name: &str, got: String, want: String| {
        Err(format!(
            "header \"{name}\" is {got}, but this game needs {want}"
        ))
    };
    if h.rules != "openspiel" {
        return differ("rules", format!("{:?}", h.rules), "\"openspiel\"".into());
    }
    if h.pieces != solver.pieces() {
        return differ("pieces", h.pieces.to_string(), solver.pieces().to_string());
    }
    if h.positions != solver.positions() {
        return differ(
            "positions",
            h.positions.to_string(),
            solver.positions().to_string(),
        );
    }
    if h.board_sha256 != board.sha256 {
        return differ(
            "board_sha256",
            format!("{:?} ({})", h.board_sha256, h.board),
            format!("{:?} ({})", board.sha256, board.name),
        );
    }
    Ok(())
}

/// The engine's state as the solver's position, from the side of the player to move.
pub use exact::table::position_of as position;

impl Policy for Optimal {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(
        &self,
        _: &Game,
        state: &State,
        roll: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        let Ranking::Standard(solver) = &self.ranking else {
            // The first legal move of the largest value.
            let mut best = (0, f64::NEG_INFINITY);
            for (i, m) in moves.iter().enumerate() {
                let v = self.value_after(state, roll, Some(m));
                if v > best.1 {
                    best = (i, v);
                }
            }
            return Ok(best.0);
        };
        let p = position(state);
        let rank = solver.rank(&p);
        let (best, _) = exact::best_move(solver.as_ref(), &self.values, rank, roll as usize - 1);
        let mut steps = Moves::default();
        exact::moves(&p, roll, &mut steps);
        let step = steps.as_slice()[best];
        let found = moves.iter().position(|m| match step.action {
            action::PASS => false,
            action::BRING_IN => m.enters(),
            a => m.from != WAITING && m.from == a - action::FIELD,
        });
        found.ok_or_else(|| {
            PolicyError(format!(
                "policy {}: the solver's move (action {}) for roll {roll} is not among the \
                 engine's {} legal moves",
                self.name,
                step.action,
                moves.len()
            ))
        })
    }
}
