//! The solve-game job: the exact two-player game, every position's value, by the standard
//! board's perfect ranking under openspiel rules and by the general ranking otherwise.

use super::checkpoint::LayerFiles;
use super::{JobError, MemoryFit, MemoryRefusal, OutOfCore, thread_pool};
use crate::board::Board;
use crate::game::exact::graph::{GraphHeader, write_graph};
use crate::game::exact::{
    Bounds, BoundsTable, Cached, ChanceGame, Checkpoint, EngineGame, GameSolution, Maedn2,
    OutOfCoreMinimum, Packed, Position, Side, Slot, ValueIterationOptions, available_memory,
    check_tolerance, is_standard, most_pieces_within, out_of_core_minimum, solve_into,
};
use crate::game::{Game, GameConfig, Rules, State};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Instant;

/// What to solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolveGameJob {
    /// Pieces a side.
    pub pieces: usize,
    /// Rules, `PRESET[,SWITCH=VALUE...]`; `None`: the board's `[game] rules`, else openspiel.
    pub rules: Option<String>,
    /// The most memory the solve may take, in bytes; `None`: what the machine has available (no
    /// bound where that cannot be read). With the standard ranking a limit solves out of core:
    /// the finished layer groups stay in the checkpoint's files (which it then needs), mapped
    /// into memory, and only the group being solved is held in memory, refused before it starts
    /// where the limit is below [`out_of_core_minimum`].
    pub memory: Option<u64>,
    /// Worker threads; `None`: one per core.
    pub threads: Option<usize>,
    /// Whether the values will be written as a table ([`GameRanking::Standard`] only): a game the
    /// general ranking solves is then refused before it is solved.
    pub table: bool,
    /// A directory where each finished layer is kept (the standard ranking): a solve that stops
    /// and is started again with the same job goes on after the last finished layer.
    pub checkpoint: Option<std::path::PathBuf>,
    /// How each position's bounds are stored while the game is solved.
    pub bounds: BoundsEncoding,
    /// How far apart every position's bounds may be when the solve stops ([`CERTIFIED_GAP`]
    /// unless set; the bounds' storage refuses one finer than it can reach, see
    /// [`Slot::FINEST`]).
    pub gap: f64,
}

/// How a solve stores each position's bounds ([`Slot`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoundsEncoding {
    /// Two `f64` (16 bytes a position).
    #[default]
    F64,
    /// [`Packed`] (8 bytes a position; gaps of at least [`Packed::FINEST`]).
    Packed,
}

impl BoundsEncoding {
    /// Bytes a position.
    pub fn bytes(self) -> u64 {
        match self {
            BoundsEncoding::F64 => <Bounds as Slot>::BYTES,
            BoundsEncoding::Packed => Packed::BYTES,
        }
    }

    /// What a position's bounds take, in words (`two f64 a position`).
    pub fn in_words(self) -> &'static str {
        match self {
            BoundsEncoding::F64 => "two f64 a position",
            BoundsEncoding::Packed => "packed, 8 bytes a position",
        }
    }

    /// As `--bounds` spells it.
    pub fn name(self) -> &'static str {
        match self {
            BoundsEncoding::F64 => "f64",
            BoundsEncoding::Packed => "packed",
        }
    }
}

/// Every position's bounds as the solve stored them ([`SolveGameJob::bounds`]).
#[derive(Clone, Debug)]
pub enum Solution {
    /// Two `f64` a position.
    F64(GameSolution),
    /// [`Packed`].
    Packed(GameSolution<Packed>),
}

impl Solution {
    /// Position `p`'s bounds.
    pub fn bounds_of(&self, p: u64) -> Bounds {
        match self {
            Solution::F64(s) => s.bounds_of(p),
            Solution::Packed(s) => s.bounds_of(p),
        }
    }

    /// Position `p`'s value, the middle of its bounds.
    pub fn value(&self, p: u64) -> f64 {
        match self {
            Solution::F64(s) => s.value(p),
            Solution::Packed(s) => s.value(p),
        }
    }

    /// Every position's value, by rank.
    pub fn into_values(self) -> Vec<f64> {
        match self {
            Solution::F64(s) => s.into_values(),
            Solution::Packed(s) => (0..s.bounds.len() as u64).map(|p| s.value(p)).collect(),
        }
    }
}

impl Default for SolveGameJob {
    fn default() -> Self {
        SolveGameJob {
            pieces: 2,
            rules: None,
            memory: None,
            threads: None,
            table: false,
            checkpoint: None,
            bounds: BoundsEncoding::F64,
            gap: CERTIFIED_GAP,
        }
    }
}

/// What a face is told while the game is solved.
#[derive(Clone, Copy, Default)]
pub struct SolveGameWatch<'a> {
    /// Told before a general solve starts: its positions, the bytes of their values, and the
    /// bytes of every position's moves when they are kept (`None`: not kept, they do not fit).
    pub plan: Option<&'a (dyn Fn(u64, u64, Option<u64>) + Sync)>,
    /// Told after every sweep: the layer (in solving order), the layers, the sweep and the
    /// largest change.
    pub sweep: Option<&'a (dyn Fn(usize, usize, u32, f64) + Sync)>,
}

/// The ranking the values follow.
pub enum GameRanking {
    /// The standard board's perfect ranking, from the mover's side.
    Standard(Box<Maedn2>),
    /// The general ranking of any board and rules.
    General(Box<EngineGame>),
}

impl GameRanking {
    /// Positions ranked.
    pub fn positions(&self) -> u64 {
        match self {
            GameRanking::Standard(g) => g.positions(),
            GameRanking::General(g) => g.positions(),
        }
    }

    /// Pieces a side.
    pub fn pieces(&self) -> usize {
        match self {
            GameRanking::Standard(g) => g.pieces(),
            GameRanking::General(g) => g.game().pieces(),
        }
    }

    /// The rank of the start, the first player to move.
    pub fn start(&self) -> u64 {
        match self {
            GameRanking::Standard(g) => g.rank(&g.start()),
            GameRanking::General(g) => g.rank(&g.start()),
        }
    }
}

/// The solved game: its ranking, every position's value and what the solve reports.
pub struct GameValues {
    /// How positions are ranked.
    pub ranking: GameRanking,
    /// Every position's value, by rank, and each layer's sweeps.
    pub solution: Solution,
    /// The report (`solve-game --format json`'s results).
    pub report: SolveGameReport,
}

/// What `solve-game` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveGameReport {
    /// The board's name.
    pub board: String,
    /// The rules, in the syntax of `--rules`.
    pub rules: String,
    /// The board players seated (game player 0 first).
    pub seats: Vec<usize>,
    /// Which ranking, in words.
    pub ranking: &'static str,
    /// Whether every position's moves were kept in memory between sweeps.
    pub moves_kept: bool,
    /// Pieces a side.
    pub pieces: usize,
    /// Positions ranked.
    pub positions: u64,
    /// The standard ranking's placements, finished games included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<u64>,
    /// The first player's win probability from the start, optimal play by both (the middle of
    /// its bounds).
    pub first_player_wins: f64,
    /// A certified lower bound on [`SolveGameReport::first_player_wins`]'s true value.
    pub first_player_lower: f64,
    /// A certified upper bound on it.
    pub first_player_upper: f64,
    /// The largest gap between the bounds of any position.
    pub gap: f64,
    /// The largest Bellman residual of any layer's midpoints.
    pub residual: f64,
    /// Sweeps over all layers.
    pub sweeps: u64,
    /// The most sweeps one layer took.
    pub most_sweeps_in_a_layer: u32,
    /// Position updates over all sweeps (positions whose bounds have met are not updated).
    pub updates: u64,
    /// Each layer, in solving order.
    pub layers: Vec<LayerRow>,
    /// Positions worth quoting, with their values.
    pub chosen: Vec<Chosen>,
    /// Worker threads.
    pub threads: usize,
    /// Seconds of the solve.
    pub seconds: f64,
    /// Bytes of the bounds (`bounds_encoding`'s a position).
    pub value_bytes: u64,
    /// How the bounds were stored (`--bounds`).
    pub bounds_encoding: BoundsEncoding,
    /// Out of core (a memory limit, the standard ranking): the limit and the least the solve
    /// needed, in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_core: Option<OutOfCoreRow>,
}

/// A solve out of core: the finished layer groups mapped from their checkpoint files.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutOfCoreRow {
    /// The limit, in bytes.
    pub limit: u64,
    /// The least the solve needs ([`out_of_core_minimum`]), in bytes.
    pub minimum: u64,
}

/// One layer of the solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayerRow {
    /// Its positions.
    pub positions: u64,
    /// Sweeps it took.
    pub sweeps: u32,
    /// Position updates it took.
    pub updates: u64,
    /// Its largest gap between a position's bounds.
    pub gap: f64,
    /// Its largest Bellman residual.
    pub residual: f64,
    /// Seconds it took.
    pub seconds: f64,
}

/// A position worth quoting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chosen {
    /// The position, in words.
    pub position: String,
    /// The probability that the player to move wins.
    pub mover_wins: f64,
}

/// The bytes a solve of the game may take: `bytes` given, else what the machine has available
/// (`None`: no bound, where that cannot be read).
pub fn memory_budget(bytes: Option<u64>) -> Option<u64> {
    bytes.or_else(available_memory)
}

/// The least memory a solve of the standard ranking with `pieces` a side needs out of core
/// with its bounds stored as `bounds` ([`out_of_core_minimum`]), and the layer group that needs
/// it, by its layers' pieces home (`0,1+1,0`; `None`: no groups).
pub fn out_of_core_need(
    pieces: usize,
    bounds: BoundsEncoding,
) -> (OutOfCoreMinimum, Option<String>) {
    let game = Maedn2::new(pieces);
    let groups = game.layers();
    let need = out_of_core_minimum(&groups, bounds.bytes());
    let name = need.group.map(|i| {
        game.layer_table()
            .iter()
            .filter(|(_, offset, _)| groups[i].contains(offset))
            .map(|([a, b], _, _)| format!("{a},{b}"))
            .collect::<Vec<_>>()
            .join("+")
    });
    (need, name)
}

/// The two-player game of `board` with `pieces` a side under `rules` (`None`: the board's `[game]`
/// rules, else openspiel), the players spread round the board.
pub fn two_player_game(
    board: &Board,
    pieces: usize,
    rules: Option<&str>,
) -> Result<Game, JobError> {
    let config = GameConfig {
        pieces: Some(pieces),
        rules: Rules::for_board(board, rules).map_err(JobError::Rules)?,
        ..GameConfig::new(2)
    };
    Game::new(board, &config).map_err(JobError::Game)
}

/// How far apart a solve's bounds may be when it stops, for every position: ten times tighter
/// than the nine decimals the values are printed with, so the middle of the bounds rounds to
/// them unless the true value lies within `5e-11` of a rounding boundary.
pub const CERTIFIED_GAP: f64 = 1e-10;

/// Solves the two-player game `job` sets up on `board`, every position's value, on the job's
/// threads within its memory; `watch` is told the plan and each sweep.
pub fn solve_game(
    board: &Board,
    job: &SolveGameJob,
    watch: SolveGameWatch<'_>,
) -> Result<GameValues, JobError> {
    match job.bounds {
        BoundsEncoding::F64 => {
            let (ranking, s, report) = solve_game_in::<Bounds>(board, job, watch)?;
            Ok(GameValues {
                ranking,
                solution: Solution::F64(s),
                report,
            })
        }
        BoundsEncoding::Packed => {
            let (ranking, s, report) = solve_game_in::<Packed>(board, job, watch)?;
            Ok(GameValues {
                ranking,
                solution: Solution::Packed(s),
                report,
            })
        }
    }
}

/// [`solve_game`] with the bounds stored as `S`.
fn solve_game_in<S: Slot>(
    board: &Board,
    job: &SolveGameJob,
    watch: SolveGameWatch<'_>,
) -> Result<(GameRanking, GameSolution<S>, SolveGameReport), JobError> {
    // Refused before anything is allocated or written.
    check_tolerance::<S>(job.gap)?;
    let game = two_player_game(board, job.pieces, job.rules.as_deref())?;
    let pool = thread_pool(job.threads)?;
    let budget = memory_budget(job.memory);
    // The encoding names the solve for f64 bounds as it did before there was a choice.
    let encoding = match job.bounds {
        BoundsEncoding::F64 => String::new(),
        other => format!(" bounds {}", other.name()),
    };
    let store = job.checkpoint.as_ref().map(|dir| {
        LayerFiles::new(
            dir.clone(),
            format!(
                "board {} rules {} pieces {} gap {:e}{encoding}",
                board.sha256,
                game.rules.describe(),
                job.pieces,
                job.gap
            ),
        )
    });
    let options = ValueIterationOptions {
        tolerance: job.gap,
        progress: watch.sweep,
        checkpoint: store.as_ref().map(|s| s as &dyn Checkpoint<S>),
        ..ValueIterationOptions::default()
    };
    let limited = job.memory.is_some();
    let started = Instant::now();
    let mut out_of_core = None;
    let (ranking, solution, kept) = if is_standard(&game) && game.rules == Rules::openspiel() {
        let (ranking, solution) = match job.memory {
            Some(limit) => {
                let need = out_of_core_check(job.pieces, limit, store.as_ref(), job.bounds)?;
                out_of_core = Some(OutOfCoreRow {
                    limit,
                    minimum: need,
                });
                pool.install(|| standard_out_of_core(job.pieces, &options))?
            }
            None => pool.install(|| standard(job.pieces, budget, limited, &options))?,
        };
        (ranking, solution, false)
    } else if job.table {
        return Err(JobError::NoTable {
            board: board.name.clone(),
            rules: game.rules.describe(),
        });
    } else {
        pool.install(|| general(&game, budget, limited, &options, watch))?
    };
    let seconds = started.elapsed().as_secs_f64();
    let threads = pool.current_num_threads();
    let mut report = match &ranking {
        GameRanking::Standard(g) => {
            standard_report(g, &solution, board, job.bounds, threads, seconds)
        }
        GameRanking::General(g) => {
            general_report(g, &solution, board, job.bounds, threads, seconds, kept)
        }
    };
    report.out_of_core = out_of_core;
    Ok((ranking, solution, report))
}

/// Writes the position graph of the two-player game `job` sets up on `board` into `dir`
/// ([`write_graph`]) on the job's threads, for a solver outside this program: the standard
/// ranking ([`Maedn2`]) on the standard board under openspiel rules, the general one
/// ([`EngineGame`]) otherwise. `progress` is told the positions written and the positions.
pub fn export_graph(
    board: &Board,
    job: &SolveGameJob,
    dir: &Path,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<GraphHeader, JobError> {
    let game = two_player_game(board, job.pieces, job.rules.as_deref())?;
    let pool = thread_pool(job.threads)?;
    let name = format!(
        "two players on {}, rules {}, {}",
        board.name,
        game.rules.describe(),
        crate::text::plural(job.pieces, "piece a side", "pieces a side")
    );
    let header = if is_standard(&game) && game.rules == Rules::openspiel() {
        let ranking = Maedn2::new(job.pieces);
        let n = ranking.positions();
        let start = ranking.rank(&ranking.start());
        pool.install(|| write_graph(&ranking, start, &name, dir, |done| progress(done, n)))
    } else {
        let engine = EngineGame::new(&game).map_err(JobError::Game)?;
        let n = engine.positions();
        let start = engine.rank(&engine.start());
        pool.install(|| write_graph(&engine, start, &name, dir, |done| progress(done, n)))
    };
    header.map_err(JobError::Graph)
}

/// The standard board under openspiel rules, with [`Maedn2`]'s ranking.
fn standard<S: Slot>(
    pieces: usize,
    budget: Option<u64>,
    limited: bool,
    options: &ValueIterationOptions<'_, S>,
) -> Result<(GameRanking, GameSolution<S>), JobError> {
    let need = Maedn2::bytes_needed_for(pieces, S::BYTES);
    if let Some(have) = budget
        && need > have
    {
        return Err(JobError::Memory(MemoryRefusal {
            positions: Maedn2::count(pieces),
            need,
            have,
            limited,
            fits: MemoryFit::Pieces(most_pieces_within(budget)),
        }));
    }
    let game = Maedn2::new(pieces);
    let solution = solve_into(&game, BoundsTable::unknown(game.positions()), options)?;
    Ok((GameRanking::Standard(Box::new(game)), solution))
}

/// Whether the standard ranking with `pieces` a side can be solved out of core within `limit`
/// bytes, its finished layer groups in `store`: the least it needs, or why not.
fn out_of_core_check(
    pieces: usize,
    limit: u64,
    store: Option<&LayerFiles>,
    bounds: BoundsEncoding,
) -> Result<u64, JobError> {
    if store.is_none() {
        return Err(JobError::OutOfCore(OutOfCore::NoCheckpoint));
    }
    let (need, group) = out_of_core_need(pieces, bounds);
    if need.bytes > limit {
        let packed = out_of_core_need(pieces, BoundsEncoding::Packed).0.bytes;
        return Err(JobError::OutOfCore(OutOfCore::BelowMinimum {
            limit,
            minimum: need.bytes,
            group,
            positions: need.positions,
            group_bytes: crate::game::exact::group_bytes(bounds.bytes()),
            packed: (bounds != BoundsEncoding::Packed && packed <= limit).then_some(packed),
        }));
    }
    Ok(need.bytes)
}

/// The standard board under openspiel rules out of core: the table reserved, not allocated,
/// and each finished layer group mapped from its checkpoint file (`options.checkpoint`).
fn standard_out_of_core<S: Slot>(
    pieces: usize,
    options: &ValueIterationOptions<'_, S>,
) -> Result<(GameRanking, GameSolution<S>), JobError> {
    let game = Maedn2::new(pieces);
    let bounds = BoundsTable::reserve(game.positions())
        .map_err(|e| JobError::OutOfCore(OutOfCore::Unavailable(e.to_string())))?;
    let solution = solve_into(&game, bounds, options)?;
    Ok((GameRanking::Standard(Box::new(game)), solution))
}

/// Any other two-player game, with the general ranking ([`EngineGame`]); every position's moves
/// are kept ([`Cached`]) when that fits the budget too.
fn general<S: Slot>(
    game: &Game,
    budget: Option<u64>,
    limited: bool,
    options: &ValueIterationOptions<'_, S>,
    watch: SolveGameWatch<'_>,
) -> Result<(GameRanking, GameSolution<S>, bool), JobError> {
    let engine = EngineGame::new(game).map_err(JobError::Game)?;
    let need = engine.bytes_needed_for(S::BYTES);
    let rolls = game.faces().len() as u64;
    let cache = Cached::<EngineGame>::bytes_for(
        engine.positions(),
        game.faces().len(),
        engine.positions().saturating_mul(rolls * 2),
    );
    if let Some(have) = budget
        && need > have
    {
        return Err(JobError::Memory(MemoryRefusal {
            positions: engine.positions(),
            need,
            have,
            limited,
            fits: MemoryFit::Fewer,
        }));
    }
    let keep = budget.is_none_or(|have| need.saturating_add(cache) <= have);
    if let Some(plan) = watch.plan {
        plan(engine.positions(), need, keep.then_some(cache));
    }
    let table = BoundsTable::unknown(engine.positions());
    let solution = if keep {
        solve_into(&Cached::new(engine.clone()), table, options)?
    } else {
        solve_into(&engine, table, options)?
    };
    Ok((GameRanking::General(Box::new(engine)), solution, keep))
}

/// A side in words: its waiting pieces, track tiles and goal tiles.
fn describe(s: &Side) -> String {
    let mut parts = Vec::new();
    if s.waiting > 0 {
        parts.push(format!("{} waiting", s.waiting));
    }
    let tiles: Vec<String> = (0..40)
        .filter(|t| s.track >> t & 1 == 1)
        .map(|t| t.to_string())
        .collect();
    if !tiles.is_empty() {
        parts.push(format!("track {}", tiles.join(",")));
    }
    let goal: Vec<String> = (0..4)
        .filter(|g| s.goal >> g & 1 == 1)
        .map(|g| g.to_string())
        .collect();
    if !goal.is_empty() {
        parts.push(format!("goal {}", goal.join(",")));
    }
    parts.join(" ")
}

/// A position in words: "mover: ...; other: ...".
pub(crate) fn describe_position(p: &Position) -> String {
    format!(
        "mover: {}; other: {}",
        describe(&p.mover),
        describe(&p.opponent)
    )
}

/// Positions worth quoting: the start, the first piece brought in, and a race of last pieces.
fn chosen<S: Slot>(game: &Maedn2, s: &GameSolution<S>) -> Vec<Chosen> {
    let k = game.pieces() as u8;
    let start = game.start();
    let one_in = Side {
        waiting: k - 1,
        track: 1,
        goal: 0,
    };
    let mut positions = vec![
        start,
        Position {
            mover: start.mover,
            opponent: one_in,
        },
        Position {
            mover: one_in,
            opponent: start.opponent,
        },
    ];
    if k >= 2 {
        // Both sides one piece short of home, the mover's on tile 30, the other's on tile 35.
        let home = ((1u8 << (k - 1)) - 1) << (5 - k);
        let side = |t: u64| Side {
            waiting: 0,
            track: 1 << t,
            goal: home,
        };
        positions.push(Position {
            mover: side(30),
            opponent: side(35),
        });
    }
    positions
        .iter()
        .map(|p| Chosen {
            position: describe_position(p),
            mover_wins: s.value(game.rank(p)),
        })
        .collect()
}

fn layer_rows<S: Slot>(s: &GameSolution<S>) -> Vec<LayerRow> {
    s.layers
        .iter()
        .map(|l| LayerRow {
            positions: l.positions.end - l.positions.start,
            sweeps: l.sweeps,
            updates: l.updates,
            gap: l.gap,
            residual: l.residual,
            seconds: l.seconds,
        })
        .collect()
}

/// The report of the standard board solved with [`Maedn2`]'s ranking.
fn standard_report<S: Slot>(
    game: &Maedn2,
    s: &GameSolution<S>,
    board: &Board,
    bounds_encoding: BoundsEncoding,
    threads: usize,
    seconds: f64,
) -> SolveGameReport {
    let start = game.rank(&game.start());
    SolveGameReport {
        board: board.name.clone(),
        rules: Rules::openspiel().describe(),
        seats: vec![0, 2],
        ranking: "standard (the 40-tile board's perfect ranking)",
        moves_kept: false,
        pieces: game.pieces(),
        positions: game.positions(),
        placements: Some(Maedn2::count_all(game.pieces())),
        first_player_wins: s.value(start),
        first_player_lower: s.bounds_of(start)[0],
        first_player_upper: s.bounds_of(start)[1],
        gap: s.gap(),
        residual: s.residual(),
        sweeps: s.sweeps(),
        most_sweeps_in_a_layer: s.max_sweeps(),
        updates: s.updates(),
        layers: layer_rows(s),
        chosen: chosen(game, s),
        threads,
        seconds,
        value_bytes: game.positions() * S::BYTES,
        bounds_encoding,
        out_of_core: None,
    }
}

/// The report of a game solved with the general ranking.
fn general_report<S: Slot>(
    engine: &EngineGame,
    s: &GameSolution<S>,
    board: &Board,
    bounds_encoding: BoundsEncoding,
    threads: usize,
    seconds: f64,
    kept: bool,
) -> SolveGameReport {
    let game = engine.game();
    let start = engine.start();
    let mut chosen = vec![Chosen {
        position: "the start, the first player to move".into(),
        mover_wins: s.value(engine.rank(&start)),
    }];
    if engine.is_seat_aware() {
        let second = State::initial(game).with_turn(0, 0);
        let second = State::from_steps(game, second.steps(), 1).unwrap_or(second);
        chosen.push(Chosen {
            position: "the start, the second player to move".into(),
            mover_wins: s.value(engine.rank(&second)),
        });
    }
    SolveGameReport {
        board: board.name.clone(),
        rules: game.rules.describe(),
        seats: game.seats().to_vec(),
        ranking: if engine.is_seat_aware() {
            "general ranking, one table per mover: the seats are not symmetric"
        } else {
            "general ranking, one table from the mover's side: the seats are symmetric"
        },
        moves_kept: kept,
        pieces: game.pieces(),
        positions: engine.positions(),
        placements: None,
        first_player_wins: s.value(engine.rank(&start)),
        first_player_lower: s.bounds_of(engine.rank(&start))[0],
        first_player_upper: s.bounds_of(engine.rank(&start))[1],
        gap: s.gap(),
        residual: s.residual(),
        sweeps: s.sweeps(),
        most_sweeps_in_a_layer: s.max_sweeps(),
        updates: s.updates(),
        layers: layer_rows(s),
        chosen,
        threads,
        seconds,
        value_bytes: engine.positions() * S::BYTES,
        bounds_encoding,
        out_of_core: None,
    }
}
