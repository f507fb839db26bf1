//! `boardpath solve-game`: the exact two-player game under OpenSpiel's `maedn` rules, for `K`
//! pieces a side: the first player's win probability under optimal play by both, the value of
//! chosen positions, how the fixed point was certified, and the value table for a policy.

use super::range::{MAX_THREADS, decimal, size, whole};
use super::strategies::{self, GameFormat};
use super::{Error, load_board, out};
use boardpath::board::{Board, embedded};
use boardpath::game::exact::table::{self, TableFacts};
use boardpath::game::exact::{MAX_PIECES, Maedn2, Slot, bytes_in_words, gigabytes};
use boardpath::game::policy::optimal::MAX_SOLVE_AT_START;
use boardpath::jobs::{
    self, BoundsEncoding, GameRanking, JobError, MemoryFit, OutOfCore, Solution, SolveGameJob,
    SolveGameReport, SolveGameWatch, TableCheck,
};
use boardpath::text::plural;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `solve-game`.
#[derive(Args)]
pub struct SolveGameArgs {
    /// Board file or embedded name on which two players can play; two players sit spread round
    /// the board (opposite on a 4-player board).
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Pieces a side, 1 to 16 (at most the board's goal tiles); the standard board's larger
    /// counts' memory is in `--help`, and a machine with less refuses them.
    #[arg(long, default_value_t = 2, help = pieces_help(), allow_negative_numbers = true, value_parser = whole(1, MAX_SIDE_PIECES))]
    pub pieces: u64,
    /// Rules: PRESET[,SWITCH=VALUE...] (presets openspiel, schmidt, ludo; default: the board's
    /// `[game]` rules, else openspiel; see docs/game.md).
    #[arg(long, value_parser = super::play::rules_arg)]
    pub rules: Option<String>,
    /// The exact worth of two strategies: P0,P1 for seat 0 (first to roll) and seat 1, each
    /// optimal, best-response, random, front, rear, aggressive, defensive, solitaire or
    /// file:PATH.
    #[arg(long, value_name = "P0,P1", conflicts_with_all = ["exploitability", "matrix"])]
    pub policy: Option<String>,
    /// A strategy against its best response from each seat, and what it gives away.
    #[arg(long, value_name = "P", conflicts_with = "matrix")]
    pub exploitability: Option<String>,
    /// Every pair of these strategies (comma-separated; `named`: optimal, random, front, rear,
    /// aggressive, defensive, solitaire) as one matrix of exact win probabilities.
    #[arg(long, value_name = "LIST")]
    pub matrix: Option<String>,
    /// The most memory the solve may take: 1G, 1500M, 2.5GB, 1.5GiB (a plain number is
    /// megabytes; default: what the machine has available). The standard board's solve then runs
    /// out of core: finished layer groups stay in the --out FILE's checkpoint (which it needs),
    /// mapped into memory, refused before it starts if LIMIT is below the least it needs
    /// (--plan --memory LIMIT says how much).
    #[arg(long, value_name = "LIMIT", allow_hyphen_values = true, value_parser = size)]
    pub memory: Option<u64>,
    /// How each position's bounds are stored while solving: f64 (two f64, 16 bytes) or packed
    /// (8 bytes: a midpoint on a grid of 2^-45 and a half-width of 12 significant bits, rounded
    /// outward, so the bounds still hold; half the memory, for --memory limits the f64 bounds do
    /// not fit). The table written is the same format either way.
    #[arg(long, value_enum, default_value_t = BoundsArg::F64, conflicts_with_all = ["verify", "export_graph", "policy", "exploitability", "matrix"])]
    pub bounds: BoundsArg,
    /// How far apart every position's lower and upper bound may be when the solve stops, 1e-12
    /// to 1e-3 (default 1e-10, so that the nine decimals printed are the bounds' midpoint
    /// rounded unless the value lies within 5e-11 of a rounding boundary; 1e-9 takes 8% fewer
    /// updates with 3 pieces). The packed bounds reach 1e-11 at the finest.
    #[arg(long, value_name = "GAP", allow_hyphen_values = true, default_value_t = jobs::CERTIFIED_GAP, value_parser = decimal(MIN_GAP, MAX_GAP), conflicts_with_all = ["verify", "export_graph", "plan", "policy", "exploitability", "matrix"])]
    pub gap: f64,
    /// Worker threads, 1 to 1,024 (default: every core).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_THREADS as u64))]
    pub threads: Option<u64>,
    /// Write the value table to FILE (the standard board under openspiel rules; format in
    /// docs/game-solve.md: one JSON header line, then one little-endian u32 per ranked position); the
    /// optimal move is the best one-ply look-up.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Check the value table FILE instead of solving, as a reader of a published table would:
    /// its checksum, every position's backup recomputed with the engine's moves, the start's
    /// value against the header's bounds; exits 1 naming the first position that fails.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "policy", "exploitability", "matrix"])]
    pub verify: Option<PathBuf>,
    /// Write the game's position graph into the directory DIR instead of solving, for a solver
    /// outside this program (a GPU kernel, another language): every position's moves, roll by
    /// roll, as little-endian arrays with graph.json describing them (docs/game-solve.md;
    /// scripts/gpu/solve_graph.py solves it). Fewer than 2^30 positions: 1 to 3 pieces.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "verify", "plan", "memory", "policy", "exploitability", "matrix"])]
    pub export_graph: Option<PathBuf>,
    /// Print the standard ranking's layers for `--pieces` (each one's first rank, positions and
    /// place in the solving order) and the bytes of the table and of a solve, then exit.
    #[arg(long, conflicts_with_all = ["out", "verify", "policy", "exploitability", "matrix"])]
    pub plan: bool,
    /// With `--plan`: also measure, on this machine, the cost of an update and the updates a
    /// position takes (solving 1 and 2 pieces: about a minute), and give each group's expected
    /// time on `--threads`.
    #[arg(long, requires = "plan")]
    pub measure: bool,
    /// Output format: `text`; `json`, one document `{schema: "boardpath.solve-game/1",
    /// provenance, results}` (see docs/game-solve.md); `csv` (strategies only).
    #[arg(long, value_enum, default_value_t = GameFormat::Text)]
    pub format: GameFormat,
}

/// The finest `--gap`: `f64` bounds meet to a few units of their last place (`2^-53` near 1),
/// and a finer gap would be rounding noise.
const MIN_GAP: f64 = 1e-12;

/// The coarsest `--gap`: a coarser one leaves the values, and the moves chosen from them, too
/// loose to be worth a solve.
const MAX_GAP: f64 = 1e-3;

/// The most pieces a side `--pieces` takes (a game state holds 32 pieces in all).
const MAX_SIDE_PIECES: u64 = (boardpath::game::MAX_PIECES / 2) as u64;

/// `--bounds`: how the solve stores each position's bounds.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BoundsArg {
    /// Two f64 a position.
    F64,
    /// 8 bytes a position.
    Packed,
}

impl From<BoundsArg> for BoundsEncoding {
    fn from(e: BoundsArg) -> Self {
        match e {
            BoundsArg::F64 => BoundsEncoding::F64,
            BoundsArg::Packed => BoundsEncoding::Packed,
        }
    }
}

/// The help of `--pieces`: the range, and the memory of each count too big to solve at start
/// (`play --policy optimal`), from the solver's own counts.
fn pieces_help() -> String {
    let needs: Vec<String> = (MAX_SOLVE_AT_START + 1..=MAX_PIECES)
        .map(|k| format!("{k} needs about {}", gigabytes(Maedn2::bytes_needed(k))))
        .collect();
    format!(
        "Pieces a side, 1 to {MAX_SIDE_PIECES}, at most the board's goal tiles (the standard board: {}; a machine with less memory refuses them)",
        needs.join(", ")
    )
}

/// Runs `solve-game`.
pub fn run(args: &SolveGameArgs) -> Result<(), Error> {
    let pieces = args.pieces as usize;
    let board = load_board(&args.board)?;
    let threads = args.threads.map(|t| t as usize);
    let strategies =
        args.policy.is_some() || args.exploitability.is_some() || args.matrix.is_some();
    if args.format == GameFormat::Csv && !strategies {
        return Err(Error::Usage(
            "--format csv is for strategies (--policy, --exploitability, --matrix); the game's \
             value, its plan, a table's check and a graph's summary print as text or json"
                .into(),
        ));
    }
    if args.plan {
        return plan_only(args, &board, pieces, threads);
    }
    if let Some(path) = &args.verify {
        return verify(args, &board, &path.to_string_lossy(), threads);
    }
    if let Some(dir) = &args.export_graph {
        return export_graph(args, &board, dir, threads);
    }
    if strategies {
        return strategies_only(args, &board, pieces, threads);
    }
    let job = SolveGameJob {
        pieces,
        rules: args.rules.clone(),
        memory: args.memory,
        threads,
        table: args.out.is_some(),
        checkpoint: args.out.as_deref().map(checkpoint_dir),
        bounds: args.bounds.into(),
        gap: args.gap,
    };
    let watch = SolveGameWatch {
        plan: Some(&plan),
        sweep: Some(&progress),
    };
    let values = jobs::solve_game(&board, &job, watch).map_err(|e| job_error(e, &board, pieces))?;
    if let (Some(path), GameRanking::Standard(game)) = (&args.out, &values.ranking) {
        match &values.solution {
            Solution::F64(s) => write_table(path, &values.report, &board.sha256, game, &s.bounds)?,
            Solution::Packed(s) => {
                write_table(path, &values.report, &board.sha256, game, &s.bounds)?
            }
        }
        let dir = checkpoint_dir(path);
        if let Err(e) = std::fs::remove_dir_all(&dir)
            && e.kind() != std::io::ErrorKind::NotFound
        {
            super::say(format_args!(
                "the table is written; its checkpoint {} could not be removed: {e}",
                dir.display()
            ));
        }
    }
    match args.format {
        GameFormat::Json => {
            out::print(&out::json_document("solve-game", [&board], &values.report)?)
        }
        _ => out::print(&text(&values.report)),
    }
}

/// `--policy`, `--exploitability` or `--matrix`: the exact worth of strategies, no table.
fn strategies_only(
    args: &SolveGameArgs,
    board: &Board,
    pieces: usize,
    threads: Option<usize>,
) -> Result<(), Error> {
    if args.out.is_some() {
        return Err(Error::Usage(
            "--out writes the game's value table; it does not combine with --policy, \
             --exploitability or --matrix"
                .into(),
        ));
    }
    let wanted = strategies::Wanted {
        policy: args.policy.as_deref(),
        exploitability: args.exploitability.as_deref(),
        matrix: args.matrix.as_deref(),
        format: args.format,
        pieces,
        rules: args.rules.as_deref(),
        memory: args.memory,
        threads,
    };
    strategies::run(&wanted, board)
}

/// `--plan` (with `--memory LIMIT`, the least a solve out of core needs): printed, nothing solved.
fn plan_only(
    args: &SolveGameArgs,
    board: &Board,
    pieces: usize,
    threads: Option<usize>,
) -> Result<(), Error> {
    if pieces > MAX_PIECES {
        return Err(Error::Input(format!(
            "--plan: the standard ranking holds 1 to {MAX_PIECES} pieces a side, not {pieces}"
        )));
    }
    let job = jobs::PlanJob {
        pieces,
        measure: args.measure,
        threads,
        bounds: args.bounds.into(),
    };
    if args.measure {
        super::say(format_args!(
            "measuring the cost of an update and the updates a position takes"
        ));
    }
    let plan = jobs::plan(&job).map_err(|e| job_error(e, board, pieces))?;
    let out_of_core = args.memory.map(|limit| {
        let (need, group) = jobs::out_of_core_need(pieces, job.bounds);
        PlanOutOfCore {
            least_bytes: need.bytes,
            group,
            positions: need.positions,
            limit,
            enough: limit >= need.bytes,
        }
    });
    if args.format == GameFormat::Json {
        let document = PlanDocument {
            plan: &plan,
            out_of_core,
        };
        return out::print(&out::json_document("solve-game", [board], &document)?);
    }
    let mut text = plan_text(&plan);
    if let Some(o) = &out_of_core {
        text += &out_of_core_text(o, job.bounds);
    }
    out::print(&text)
}

/// `--plan --format json`: the plan, and with `--memory LIMIT` what a solve out of core needs.
#[derive(serde::Serialize)]
struct PlanDocument<'a> {
    #[serde(flatten)]
    plan: &'a jobs::SolvePlan,
    out_of_core: Option<PlanOutOfCore>,
}

/// The least memory a solve out of core needs ([`jobs::out_of_core_need`]) against a limit.
#[derive(serde::Serialize)]
struct PlanOutOfCore {
    /// Bytes.
    least_bytes: u64,
    /// The layer group that needs them (its layers' pieces home, as `a,b+b,a`).
    group: Option<String>,
    /// Its positions.
    positions: u64,
    /// `--memory`, in bytes.
    limit: u64,
    /// Whether the limit is at least the least.
    enough: bool,
}

/// Where `--out FILE` keeps the finished layers until the table is written: `FILE.partial/`.
fn checkpoint_dir(out: &std::path::Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// `--export-graph DIR`: the graph written, what it holds printed.
fn export_graph(
    args: &SolveGameArgs,
    board: &Board,
    dir: &std::path::Path,
    threads: Option<usize>,
) -> Result<(), Error> {
    let pieces = args.pieces as usize;
    let job = SolveGameJob {
        pieces,
        rules: args.rules.clone(),
        threads,
        ..SolveGameJob::default()
    };
    let step = std::sync::atomic::AtomicU64::new(0);
    let progress = |done: u64, n: u64| {
        // About every tenth of the positions, on standard error.
        let tenth = (done * 10 / n.max(1)).min(10);
        if step.fetch_max(tenth, std::sync::atomic::Ordering::Relaxed) < tenth {
            super::say(format_args!("graph: {done} of {n} positions written"));
        }
    };
    let header = jobs::export_graph(board, &job, dir, progress).map_err(|e| match e {
        JobError::Graph(g) => Error::Input(format!("--export-graph {}: {g}", dir.display())),
        e => job_error(e, board, pieces),
    })?;
    if args.format == GameFormat::Json {
        return out::print(&out::json_document("solve-game", [board], &header)?);
    }
    out::print(&format!(
        "{}: {} positions in {} layers, {} outcomes ({} rolls a position), start {}; written to {}\n",
        header.game,
        header.positions,
        header.layers.len(),
        header.outcomes,
        header.rolls,
        header.start,
        dir.display()
    ))
}

/// `--verify FILE`: the check printed, exit 1 naming what failed.
fn verify(
    args: &SolveGameArgs,
    board: &Board,
    path: &str,
    threads: Option<usize>,
) -> Result<(), Error> {
    let pool = jobs::thread_pool(threads)?;
    let check = pool.install(|| jobs::verify_table(board, path))?;
    match args.format {
        GameFormat::Json => out::print(&out::json_document("solve-game", [board], &check)?)?,
        _ => out::print(&verify_text(path, &check))?,
    }
    match &check.first_failure {
        _ if check.passed() => Ok(()),
        Some((rank, residual, position)) => Err(Error::Mismatch(format!(
            "{path}: position {rank} ({position}): its value is {residual:.1e} from its backup, \
             more than the {:.1e} the header's error allows",
            check.allowed
        ))),
        None => Err(Error::Mismatch(format!(
            "{path}: the start's stored value {:.12} is not within the header's bounds {:.12} to \
             {:.12} (error {:.1e})",
            check.start_value, check.header.lower, check.header.upper, check.header.error
        ))),
    }
}

/// A job's error as `solve-game` words it: the board named with a game it cannot set up, the
/// memory refused with `--pieces` and `--memory`, the value table with `--out`.
fn job_error(e: JobError, board: &Board, pieces: usize) -> Error {
    match e {
        JobError::Game(e) => Error::Input(format!("{}: {e}", board.name)),
        JobError::Memory(m) => {
            let (fits, prefix) = match m.fits {
                MemoryFit::Pieces(0) => ("no count of pieces fits here".into(), None),
                MemoryFit::Pieces(1) => ("--pieces 1 fits here".into(), None),
                MemoryFit::Pieces(k) => (format!("--pieces 1 to {k} fit here"), None),
                MemoryFit::Fewer => ("fewer pieces need less".into(), Some(&board.name)),
            };
            let prefix = match prefix {
                None => format!("--pieces {pieces}: "),
                Some(name) => format!("{name} with {pieces} pieces: "),
            };
            too_big(m.positions, m.need, m.have, m.limited, fits).prefixed(&prefix)
        }
        JobError::OutOfCore(OutOfCore::NoCheckpoint) => Error::Usage(
            "--memory solves the standard board out of core: its finished layer groups stay in \
             FILE.partial/ beside the table and are read from there, so it needs --out FILE \
             (or leave out --memory to solve in memory)"
                .into(),
        ),
        JobError::OutOfCore(o @ OutOfCore::BelowMinimum { .. }) => Error::Input(format!(
            "--pieces {pieces} --memory: {o}; nothing was written (--plan --memory LIMIT gives \
             the figures)"
        )),
        JobError::NoTable { board, rules } => Error::Input(format!(
            "--out writes the standard board's table under openspiel rules; {board} with rules \
             {rules} is solved with the general ranking, whose table is not written yet"
        )),
        e => e.into(),
    }
}

/// Before a general solve, on standard error: its positions and the memory of their values and of
/// the moves kept.
fn plan(positions: u64, values: u64, kept: Option<u64>) {
    super::say(format_args!(
        "{positions} positions: about {} of values{}",
        gigabytes(values),
        kept.map_or_else(String::new, |bytes| format!(
            " and {} of moves kept",
            gigabytes(bytes)
        ))
    ));
}

/// Progress on standard error every tenth sweep.
fn progress(layer: usize, layers: usize, sweep: u32, gap: f64) {
    if sweep.is_multiple_of(10) {
        super::say(format_args!(
            "layer {}/{layers}: sweep {sweep}, gap {gap:.2e}",
            layer + 1
        ));
    }
}

/// The refusal of a solve that needs more memory than the budget.
fn too_big(positions: u64, need: u64, have: u64, memory: bool, fits: String) -> Error {
    let limit = if memory {
        "--memory allows"
    } else {
        "are available"
    };
    Error::Input(format!(
        "{positions} positions need about {need} bytes ({}: two f64 bounds each plus the largest layer's \
         sweep order), but {} {limit}; {fits} (see docs/game-solve.md for the out-of-core plan)",
        gigabytes(need),
        gigabytes(have)
    ))
}

/// The standard ranking's layers and what a solve and its table take, in words.
fn plan_text(plan: &jobs::SolvePlan) -> String {
    let groups = plan.groups.len();
    let mut s = format!(
        "two-player maedn, openspiel rules, {}: {} positions in {} layers, solved in {groups} groups\n\
         table               {} bytes of values (4 a position) after its header line\n\
         solve               {} bytes of bounds ({}) in memory\n\
         home   first rank     positions  solved\n",
        plural(plan.pieces, "piece a side", "pieces a side"),
        plan.positions,
        plan.layers.len(),
        plan.table_bytes,
        plan.bounds_bytes,
        plan.bounds.in_words(),
    );
    for l in &plan.layers {
        let [a, b] = l.home;
        s += &format!(
            "{a},{b}  {:>12}  {:>12}  {} of {groups}\n",
            l.offset, l.positions, l.group
        );
    }
    let Some(m) = &plan.measured else {
        return s;
    };
    let measured: Vec<String> = m
        .updates_per_position
        .iter()
        .map(|(k, u)| format!("{u:.1} ({})", plural(*k, "piece", "pieces")))
        .collect();
    s += &format!(
        "cost of an update   {:.3} core-microseconds (timed: {} updates in the largest layer of {})\n\
         threads             {:.2} times one thread's speed on {} ({:.3} against {:.3} wall-microseconds an update)\n\
         updates a position  {} measured; {:.1} expected for {}\n\
         group    positions  in memory (bytes)  on disk (bytes)  expected time on {}\n",
        m.seconds_per_update * 1e6,
        m.updates_timed,
        plural(m.timed_pieces, "piece", "pieces"),
        m.wall_per_update[0] / m.wall_per_update[1],
        plural(m.threads, "thread", "threads"),
        m.wall_per_update[1] * 1e6,
        m.wall_per_update[0] * 1e6,
        measured.join(", "),
        m.expected_updates_per_position,
        plural(plan.pieces, "piece", "pieces"),
        plural(m.threads, "thread", "threads"),
    );
    for (i, g) in plan.groups.iter().enumerate() {
        s += &format!(
            "{:>5}  {:>11}  {:>17}  {:>15}  {}\n",
            i + 1,
            g.positions,
            g.memory_bytes,
            g.disk_bytes,
            duration(g.seconds.unwrap_or(0.0))
        );
    }
    s += &format!(
        "total                                                    {} ({} of core time)\n",
        duration(m.seconds),
        duration(m.core_seconds)
    );
    s
}

/// Seconds in the largest unit that keeps them readable: `42 s`, `12.5 min`, `3.2 h`.
fn duration(seconds: f64) -> String {
    if seconds < 100.0 {
        format!("{seconds:.0} s")
    } else if seconds < 6000.0 {
        format!("{:.1} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// What `--plan --memory LIMIT` adds: the least a solve out of core needs, what needs it, and
/// whether the limit is enough.
fn out_of_core_text(o: &PlanOutOfCore, bounds: BoundsEncoding) -> String {
    let what = match &o.group {
        Some(g) => format!(
            "layer group {g}: {} positions x {} bytes (bounds {}, a bucket's new bounds 1; the \
             sweep order in a file)",
            o.positions,
            boardpath::game::exact::group_bytes(bounds.bytes()),
            bounds.bytes()
        ),
        None => "no layer groups".to_string(),
    };
    format!(
        "out of core         at least {} bytes ({}) in memory: {what}, plus {} MiB and page tables\n\
         --memory            {} bytes ({}): {}\n",
        o.least_bytes,
        bytes_in_words(o.least_bytes),
        boardpath::game::exact::PROGRAM_BYTES >> 20,
        o.limit,
        bytes_in_words(o.limit),
        if o.enough {
            "enough"
        } else {
            "below the least, refused"
        }
    )
}

/// The check of a table, in words.
fn verify_text(path: &str, c: &TableCheck) -> String {
    let h = &c.header;
    format!(
        "table               {path}: {}, {}, {} positions\n\
         checksum            sha256 {} matches the values\n\
         first player wins   {:.9}, bounds {:.12} to {:.12} (gap of any position {:.1e}, \
         stored values within {:.1e})\n\
         start               stored {:.12}: {}\n\
         largest residual    {:.1e} at position {} (allowed {:.1e}), every backup recomputed \
         with the engine's moves\n\
         verdict             {}\n",
        h.format,
        plural(h.pieces, "piece a side", "pieces a side"),
        h.positions,
        h.values_sha256,
        h.first_player_wins,
        h.lower,
        h.upper,
        h.gap,
        h.error,
        c.start_value,
        if c.start_ok {
            "within the bounds"
        } else {
            "OUTSIDE the bounds"
        },
        c.residual,
        c.worst,
        c.allowed,
        if c.passed() { "verified" } else { "FAILED" }
    )
}

fn text(r: &SolveGameReport) -> String {
    let pieces = plural(r.pieces, "piece", "pieces");
    let mut s = match r.placements {
        Some(placements) => format!(
            "{}: two players opposite, openspiel rules, {pieces} each\n\
             positions           {} from the mover's side ({placements} placements with finished games)\n",
            r.board, r.positions
        ),
        None => format!(
            "{}: two players (board players {}), rules {}, {pieces} each\n\
             positions           {} ({}{})\n",
            r.board,
            r.seats
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" and "),
            r.rules,
            r.positions,
            r.ranking,
            if r.moves_kept {
                "; every position's moves kept"
            } else {
                ""
            }
        ),
    };
    s += &format!(
        "first player wins   {:.9} (second {:.9}), optimal play by both\n",
        r.first_player_wins,
        1.0 - r.first_player_wins
    );
    s += &format!(
        "bounds              {:.12} to {:.12} (certified; largest gap of any position {:.1e})\n",
        r.first_player_lower, r.first_player_upper, r.gap
    );
    s += &format!(
        "residual            {:.1e} (largest Bellman residual of any layer's midpoints)\n",
        r.residual
    );
    s += &format!(
        "sweeps              {} over {} layers (most in one layer: {}); {} position updates \
         ({:.1} a position)\n",
        r.sweeps,
        r.layers.len(),
        r.most_sweeps_in_a_layer,
        r.updates,
        r.updates as f64 / r.positions as f64
    );
    s += &format!(
        "time                {:.2} s on {}; bounds {} bytes ({})\n",
        r.seconds,
        plural(r.threads, "thread", "threads"),
        r.value_bytes,
        r.bounds_encoding.in_words()
    );
    if let Some(o) = &r.out_of_core {
        s += &format!(
            "memory              out of core within {} bytes ({}; at least {} needed): finished \
             layer groups mapped from their checkpoint files\n",
            o.limit,
            bytes_in_words(o.limit),
            bytes_in_words(o.minimum)
        );
    }
    s += "chosen positions (the mover's win probability):\n";
    for c in &r.chosen {
        s += &format!("  {:.9}  {}\n", c.mover_wins, c.position);
    }
    s
}

/// The value table (format in docs/game-solve.md): its header line, then a `u32` per position.
fn write_table(
    path: &std::path::Path,
    r: &SolveGameReport,
    board_sha256: &str,
    game: &Maedn2,
    bounds: &[impl Slot],
) -> Result<(), Error> {
    let facts = TableFacts {
        board: &r.board,
        board_sha256,
        start: [r.first_player_lower, r.first_player_upper],
        gap: r.gap,
        residual: r.residual,
    };
    let header = table::table_header(game, &facts, bounds);
    out::write_file_with(path, |w: &mut dyn Write| {
        table::write_table(w, &header, bounds)
    })
}
