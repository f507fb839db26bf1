//! The exact optimal policy of two-player `maedn` (OpenSpiel's rules, players opposite): in every
//! position and roll the move [`best_move`] picks from the solved values, the probability that
//! the player to move wins under optimal play by both (see `docs/game-solve.md`).
//!
//! The values come from a table written by `boardpath solve-game --out FILE` (`optimal:FILE`),
//! checked against its header, or are solved when the policy is built (1 or 2 pieces a side: well
//! under a minute). Both seats share one solution: the table is read from the mover's side, so
//! seat 1 sees the board from its own start tile.

use super::{Policy, PolicyError};
use crate::board::Board;
use crate::game::exact::{
    self, ChanceGame, Maedn2, Moves, Position, Side, ValueIterationOptions, action,
};
use crate::game::{Game, Move, Rules, State, WAITING};
use crate::random::SplitMix64;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most pieces a side solved when the policy is built without a table (2: about 12 s CPU;
/// 3 takes many minutes and gigabytes, so it needs `solve-game --out` first).
pub const MAX_SOLVE_AT_START: usize = 2;

/// The value table's format name, the first field of its header line.
pub const TABLE_FORMAT: &str = "boardpath.game-values/1";

/// Solutions already made or read in this process, by source (`solve:K` or the table's path):
/// both seats, and every tournament of one run, share one.
type Cache = Mutex<Vec<(String, Arc<Vec<f64>>)>>;
static SOLVED: Cache = Mutex::new(Vec::new());

/// The exact optimal policy for one seat of a two-player game.
pub struct Optimal {
    name: String,
    solver: Maedn2,
    values: Arc<Vec<f64>>,
}

impl std::fmt::Debug for Optimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Optimal({}, {} values)", self.name, self.values.len())
    }
}

/// Why no exact solution covers `game` on `board`, if none does.
pub fn unsupported(board: &Board, game: &Game) -> Option<String> {
    let why = if game.players() != 2 {
        format!(
            "{} players (it is solved for 2: --players 2)",
            game.players()
        )
    } else if game.rules != Rules::openspiel() {
        format!(
            "rules {} (it is solved for openspiel rules, unchanged: --rules openspiel)",
            game.rules.describe()
        )
    } else if !exact::is_standard(game) {
        format!(
            "board {}: {} (it is solved for 40 track tiles, two players opposite, 4 goal tiles \
             each, a die 1-6)",
            board.name,
            exact::describe_geometry(game)
        )
    } else if !(1..=exact::MAX_PIECES).contains(&game.pieces()) {
        format!("{} pieces a side (it is solved for 1 to 4)", game.pieces())
    } else {
        return None;
    };
    Some(why)
}

impl Optimal {
    /// The policy for `game` on `board`: values from the table at `table` (written by
    /// `solve-game --out`), or solved now when `table` is `None` and the game has at most
    /// [`MAX_SOLVE_AT_START`] pieces a side (reported on stderr with the time).
    pub fn new(board: &Board, game: &Game, table: Option<&str>) -> Result<Optimal, PolicyError> {
        let name = table.map_or_else(|| "optimal".to_string(), |p| format!("optimal:{p}"));
        if let Some(why) = unsupported(board, game) {
            return Err(PolicyError(format!(
                "policy {name}: no exact solution for {why}"
            )));
        }
        let k = game.pieces();
        let solver = Maedn2::new(k);
        let key = table.map_or_else(|| format!("solve:{k}"), str::to_string);
        let mut cache = SOLVED.lock().unwrap_or_else(|e| e.into_inner());
        let cached = cache
            .iter()
            .find(|(s, _)| *s == key)
            .map(|(_, v)| v.clone());
        let values = match cached {
            Some(v) if v.len() as u64 == solver.positions() => v,
            _ => {
                let v = Arc::new(match table {
                    Some(path) => read_table(path, board, &solver)?,
                    None => solve_now(&solver, &name)?,
                });
                cache.retain(|(s, _)| *s != key);
                cache.push((key, v.clone()));
                v
            }
        };
        Ok(Optimal {
            name,
            solver,
            values,
        })
    }

    /// The probability that the player to move in `state` wins under optimal play by both.
    pub fn value(&self, state: &State) -> f64 {
        self.values[self.solver.rank(&position(state)) as usize]
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

/// Solves the game with `solver.pieces()` pieces a side, saying so on stderr.
fn solve_now(solver: &Maedn2, name: &str) -> Result<Vec<f64>, PolicyError> {
    let k = solver.pieces();
    if k > MAX_SOLVE_AT_START {
        return Err(PolicyError(format!(
            "policy {name}: {k} pieces a side ({} positions) are too many to solve when the policy \
             is built (at most {MAX_SOLVE_AT_START} are); what works: `--pieces \
             {MAX_SOLVE_AT_START}` or fewer, solved at start in seconds; {}",
            solver.positions(),
            beyond_start(exact::available_memory())
        )));
    }
    // Progress only: a standard error nobody reads (closed) is no reason to stop.
    let _ = writeln!(
        std::io::stderr(),
        "policy optimal: solving two-player maedn with {k} piece{} a side ({} positions)...",
        if k == 1 { "" } else { "s" },
        solver.positions()
    );
    let clock = Instant::now();
    let solution = exact::solve(solver, &ValueIterationOptions::default())
        .map_err(|e| PolicyError(format!("policy {name}: solving failed: {e}")))?;
    let _ = writeln!(
        std::io::stderr(),
        "policy optimal: solved in {:.2} s (residual {:.1e}, {} sweeps)",
        clock.elapsed().as_secs_f64(),
        solution.residual(),
        solution.sweeps()
    );
    Ok(solution.values)
}

/// Reads a value table written by `solve-game --out`, refusing one made for another game.
fn read_table(path: &str, board: &Board, solver: &Maedn2) -> Result<Vec<f64>, PolicyError> {
    let fail = |what: String| PolicyError(format!("policy optimal:{path}: {what}"));
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    // A header is a few hundred bytes: a file without a newline early is not a table.
    (&mut reader)
        .take(64 * 1024)
        .read_until(b'\n', &mut line)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if line.last() != Some(&b'\n') {
        return Err(fail(format!(
            "line 1: no header line (a table starts with a JSON line whose \"format\" is \
             \"{TABLE_FORMAT}\", as `boardpath solve-game --out` writes)"
        )));
    }
    let header: serde_json::Value = serde_json::from_slice(&line).map_err(|e| {
        fail(format!(
            "line 1, column {}: header is not JSON: {e}",
            e.column()
        ))
    })?;
    check_header(&header, board, solver).map_err(|e| fail(format!("line 1: {e}")))?;
    let n = solver.positions() as usize;
    let mut values = Vec::with_capacity(n);
    let mut buf = vec![0u8; 8 * 65_536];
    let mut offset = line.len() as u64;
    loop {
        let got =
            read_full(&mut reader, &mut buf).map_err(|e| fail(format!("cannot read: {e}")))?;
        for chunk in buf[..got - got % 8].chunks_exact(8) {
            let v = f64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            if !(0.0..=1.0).contains(&v) || values.len() == n {
                return Err(fail(format!(
                    "byte {offset}: value {} {v} is {}",
                    values.len(),
                    if values.len() == n {
                        format!("past the {n} positions the header promises")
                    } else {
                        "not a probability (0 to 1)".to_string()
                    }
                )));
            }
            values.push(v);
            offset += 8;
        }
        if got < buf.len() {
            if got % 8 != 0 || values.len() != n {
                return Err(fail(format!(
                    "ends after {} of {n} values (byte {}); the table is truncated",
                    values.len(),
                    offset + (got % 8) as u64
                )));
            }
            return Ok(values);
        }
    }
}

/// Fills `buf` as far as the reader goes; the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// The header's format, rules, pieces, positions and board (its SHA-256 when the table names it,
/// else its name) against the game being played.
fn check_header(h: &serde_json::Value, board: &Board, solver: &Maedn2) -> Result<(), String> {
    let field = |name: &str| h.get(name).cloned().unwrap_or(serde_json::Value::Null);
    let expect = |name: &str, want: serde_json::Value| {
        let got = field(name);
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "header \"{name}\" is {got}, but this game needs {want}"
            ))
        }
    };
    expect("format", TABLE_FORMAT.into())?;
    expect("rules", "openspiel".into())?;
    expect("pieces", solver.pieces().into())?;
    expect("positions", solver.positions().into())?;
    match h.get("board_sha256") {
        Some(_) => expect("board_sha256", board.sha256.clone().into()),
        None => expect("board", board.name.clone().into()),
    }
}

/// The engine's state as the solver's position, from the side of the player to move: each side
/// in its own frame (its steps 0..39 are its track tiles from its start tile, 40..43 its goal).
pub fn position(state: &State) -> Position {
    let side = |p: usize| {
        let mut s = Side::default();
        for &step in state.pieces_of(p) {
            match step {
                WAITING => s.waiting += 1,
                t if t < 40 => s.track |= 1 << t,
                g => s.goal |= 1 << (g - 40),
            }
        }
        s
    };
    let p = state.to_move();
    Position {
        mover: side(p),
        opponent: side(1 - p),
    }
}

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
        let p = position(state);
        let rank = self.solver.rank(&p);
        let (best, _) = exact::best_move(&self.solver, &self.values, rank, roll as usize - 1);
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
