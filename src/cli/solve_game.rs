//! `boardpath solve-game`: the exact two-player game under OpenSpiel's `maedn` rules, for `K`
//! pieces a side: the first player's win probability under optimal play by both, the value of
//! chosen positions, how the fixed point was certified, and the value table for a policy.

use super::range::{MAX_THREADS, at_least, whole};
use super::strategies::{self, GameFormat};
use super::{Error, load_board, out};
use boardpath::board::{Board, embedded};
use boardpath::game::exact::{
    Cached, ChanceGame, EngineGame, GameSolution, MAX_PIECES, Maedn2, Position, Side,
    ValueIterationOptions, available_memory, gigabytes, most_pieces_within, solve,
};
use boardpath::game::policy::optimal::MAX_SOLVE_AT_START;
use boardpath::game::{Game, GameConfig, Rules, State};
use boardpath::text::plural;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

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
    /// The most memory the solve may take, in megabytes, 1 or more (default: what the machine
    /// has available).
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub memory: Option<u64>,
    /// Worker threads, 1 to 1,024 (default: every core).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_THREADS as u64))]
    pub threads: Option<u64>,
    /// Write the value table to FILE (the standard board under openspiel rules; format in
    /// docs/game-solve.md: one header line, then one little-endian f64 per ranked position); the
    /// optimal move is the best one-ply look-up.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Output format: `text`; `json`, one document `{schema: "boardpath.solve-game/1",
    /// provenance, results}` (see docs/game-solve.md); `csv` (strategies only).
    #[arg(long, value_enum, default_value_t = GameFormat::Text)]
    pub format: GameFormat,
}

/// The most pieces a side `--pieces` takes (a game state holds 32 pieces in all).
const MAX_SIDE_PIECES: u64 = (boardpath::game::MAX_PIECES / 2) as u64;

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

/// What `solve-game` reports.
#[derive(Serialize)]
pub(crate) struct Report {
    board: String,
    rules: String,
    /// The board players seated (game player 0 first).
    seats: Vec<usize>,
    ranking: &'static str,
    /// Whether every position's moves were kept in memory between sweeps.
    moves_kept: bool,
    pieces: usize,
    positions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    placements: Option<u64>,
    first_player_wins: f64,
    residual: f64,
    sweeps: u64,
    most_sweeps_in_a_layer: u32,
    layers: Vec<LayerRow>,
    chosen: Vec<Chosen>,
    threads: usize,
    seconds: f64,
    value_bytes: u64,
}

#[derive(Serialize)]
struct LayerRow {
    positions: u64,
    sweeps: u32,
    residual: f64,
    seconds: f64,
}

#[derive(Serialize)]
struct Chosen {
    position: String,
    mover_wins: f64,
}

/// The two-player game `solve-game` solves: `board` with `pieces` a side under `rules`.
fn two_player_game(board: &Board, pieces: usize, rules: &Rules) -> Result<Game, Error> {
    let config = GameConfig {
        pieces: Some(pieces),
        rules: rules.clone(),
        ..GameConfig::new(2)
    };
    Game::new(board, &config).map_err(|e| Error::Input(format!("{}: {e}", board.name)))
}

/// Whether the specialised ranking of the standard board ([`Maedn2`]) solves `game`: the standard
/// geometry under exactly OpenSpiel's rules.
fn standard(game: &Game) -> bool {
    boardpath::game::exact::is_standard(game) && game.rules == Rules::openspiel()
}

/// The memory a solve may take: `--memory`, else what the machine has available.
fn budget(memory: Option<u64>) -> Option<u64> {
    memory
        .map(|mb| mb.saturating_mul(1_000_000))
        .or_else(available_memory)
}

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

/// Positions worth quoting: the start, the first piece brought in, and a race of last pieces.
fn chosen(game: &Maedn2, values: &[f64]) -> Vec<Chosen> {
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
            position: format!(
                "mover: {}; other: {}",
                describe(&p.mover),
                describe(&p.opponent)
            ),
            mover_wins: values[game.rank(p) as usize],
        })
        .collect()
}

/// Runs `solve-game`.
pub fn run(args: &SolveGameArgs) -> Result<(), Error> {
    let pieces = args.pieces as usize;
    let board = load_board(&args.board)?;
    let rules = super::play::rules_of(&board, args.rules.as_deref())?;
    let game = two_player_game(&board, pieces, &rules)?;
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Internal(e.to_string()))?;
    let budget = budget(args.memory);
    if args.policy.is_some() || args.exploitability.is_some() || args.matrix.is_some() {
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
        };
        return pool.install(|| strategies::run(&wanted, &board, &game, budget));
    }
    if args.format == GameFormat::Csv {
        return Err(Error::Usage(
            "--format csv is for strategies (--policy, --exploitability, --matrix); the game's \
             value prints as text or json"
                .into(),
        ));
    }
    let started = Instant::now();
    let report = if standard(&game) {
        pool.install(|| solve_standard(args, &board, pieces, budget, threads, started))?
    } else {
        if args.out.is_some() {
            return Err(Error::Input(format!(
                "--out writes the standard board's table under openspiel rules; {} with rules {} is \
                 solved with the general ranking, whose table is not written yet",
                board.name,
                rules.describe()
            )));
        }
        pool.install(|| {
            solve_general(
                &board,
                &game,
                budget,
                args.memory.is_some(),
                threads,
                started,
            )
        })?
    };
    match args.format {
        GameFormat::Json => out::print(&out::json_document("solve-game", [&board], &report)?),
        _ => out::print(&text(&report)),
    }
}

/// Progress on standard error every tenth sweep.
fn progress(layer: usize, layers: usize, sweep: u32, change: f64) {
    if sweep.is_multiple_of(10) {
        super::say(format_args!(
            "layer {}/{layers}: sweep {sweep}, change {change:.2e}",
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
        "{positions} positions need about {need} bytes ({}: an f64 each plus the largest layer's \
         sweep order), but {} {limit}; {fits} (see docs/game-solve.md for the out-of-core plan)",
        gigabytes(need),
        gigabytes(have)
    ))
}

/// The standard board under openspiel rules, with [`Maedn2`]'s ranking.
fn solve_standard(
    args: &SolveGameArgs,
    board: &Board,
    pieces: usize,
    budget: Option<u64>,
    threads: usize,
    started: Instant,
) -> Result<Report, Error> {
    let need = Maedn2::bytes_needed(pieces);
    if let Some(have) = budget
        && need > have
    {
        let fits = match most_pieces_within(budget) {
            0 => "no count of pieces fits".to_string(),
            1 => "--pieces 1 fits".to_string(),
            k => format!("--pieces 1 to {k} fit"),
        };
        return Err(too_big(
            Maedn2::count(pieces),
            need,
            have,
            args.memory.is_some(),
            format!("{fits} here"),
        )
        .prefixed(&format!("--pieces {pieces}: ")));
    }
    let game = Maedn2::new(pieces);
    let options = ValueIterationOptions {
        progress: Some(&progress),
        ..ValueIterationOptions::default()
    };
    let solution = solve(&game, &options).map_err(|e| Error::Input(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    let report = report(&game, &solution, board.name.clone(), threads, seconds);
    if let Some(path) = &args.out {
        write_table(path, &report, &board.sha256, &solution.values)?;
    }
    Ok(report)
}

/// Any other two-player game, with the general ranking ([`EngineGame`]); every position's moves
/// are kept ([`Cached`]) when that fits the budget too.
fn solve_general(
    board: &Board,
    game: &Game,
    budget: Option<u64>,
    limited: bool,
    threads: usize,
    started: Instant,
) -> Result<Report, Error> {
    let engine = EngineGame::new(game).map_err(|e| Error::Input(format!("{}: {e}", board.name)))?;
    let need = engine.bytes_needed();
    let cache = Cached::<EngineGame>::bytes_for(
        engine.positions(),
        game.faces().len(),
        engine
            .positions()
            .saturating_mul(game.faces().len() as u64 * 2),
    );
    if let Some(have) = budget
        && need > have
    {
        return Err(too_big(
            engine.positions(),
            need,
            have,
            limited,
            "fewer pieces need less".into(),
        )
        .prefixed(&format!("{} with {} pieces: ", board.name, game.pieces())));
    }
    let keep = budget.is_none_or(|have| need.saturating_add(cache) <= have);
    super::say(format_args!(
        "{} positions: about {} of values{}",
        engine.positions(),
        gigabytes(need),
        if keep {
            format!(" and {} of moves kept", gigabytes(cache))
        } else {
            String::new()
        }
    ));
    let options = ValueIterationOptions {
        progress: Some(&progress),
        ..ValueIterationOptions::default()
    };
    let fail = |e: boardpath::game::exact::GameSolveError| Error::Input(e.to_string());
    let (solution, cached) = if keep {
        let table = Cached::new(engine.clone());
        (solve(&table, &options).map_err(fail)?, true)
    } else {
        (solve(&engine, &options).map_err(fail)?, false)
    };
    let seconds = started.elapsed().as_secs_f64();
    Ok(general_report(
        &engine, &solution, board, threads, seconds, cached,
    ))
}

/// The report of a game solved with the general ranking.
fn general_report(
    engine: &EngineGame,
    s: &GameSolution,
    board: &Board,
    threads: usize,
    seconds: f64,
    cached: bool,
) -> Report {
    let game = engine.game();
    let start = engine.start();
    let mut chosen = vec![Chosen {
        position: "the start, the first player to move".into(),
        mover_wins: s.values[engine.rank(&start) as usize],
    }];
    if engine.is_seat_aware() {
        let second = State::initial(game).with_turn(0, 0);
        let second = State::from_steps(game, second.steps(), 1).unwrap_or(second);
        chosen.push(Chosen {
            position: "the start, the second player to move".into(),
            mover_wins: s.values[engine.rank(&second) as usize],
        });
    }
    Report {
        board: board.name.clone(),
        rules: game.rules.describe(),
        seats: game.seats().to_vec(),
        ranking: if engine.is_seat_aware() {
            "general ranking, one table per mover: the seats are not symmetric"
        } else {
            "general ranking, one table from the mover's side: the seats are symmetric"
        },
        moves_kept: cached,
        pieces: game.pieces(),
        positions: engine.positions(),
        placements: None,
        first_player_wins: s.values[engine.rank(&start) as usize],
        residual: s.residual(),
        sweeps: s.sweeps(),
        most_sweeps_in_a_layer: s.max_sweeps(),
        layers: layer_rows(s),
        chosen,
        threads,
        seconds,
        value_bytes: engine.positions() * 8,
    }
}

fn layer_rows(s: &GameSolution) -> Vec<LayerRow> {
    s.layers
        .iter()
        .map(|l| LayerRow {
            positions: l.positions.end - l.positions.start,
            sweeps: l.sweeps,
            residual: l.residual,
            seconds: l.seconds,
        })
        .collect()
}

fn report(game: &Maedn2, s: &GameSolution, board: String, threads: usize, seconds: f64) -> Report {
    Report {
        board,
        rules: Rules::openspiel().describe(),
        seats: vec![0, 2],
        ranking: "standard (the 40-tile board's perfect ranking)",
        moves_kept: false,
        pieces: game.pieces(),
        positions: game.positions(),
        placements: Some(Maedn2::count_all(game.pieces())),
        first_player_wins: s.values[game.rank(&game.start()) as usize],
        residual: s.residual(),
        sweeps: s.sweeps(),
        most_sweeps_in_a_layer: s.max_sweeps(),
        layers: layer_rows(s),
        chosen: chosen(game, &s.values),
        threads,
        seconds,
        value_bytes: game.positions() * 8,
    }
}

fn text(r: &Report) -> String {
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
        "residual            {:.1e} (largest Bellman residual of any layer)\n",
        r.residual
    );
    s += &format!(
        "sweeps              {} over {} layers (most in one layer: {})\n",
        r.sweeps,
        r.layers.len(),
        r.most_sweeps_in_a_layer
    );
    s += &format!(
        "time                {:.2} s on {}; values {} bytes (f64)\n",
        r.seconds,
        plural(r.threads, "thread", "threads"),
        r.value_bytes
    );
    s += "chosen positions (the mover's win probability):\n";
    for c in &r.chosen {
        s += &format!("  {:.9}  {}\n", c.mover_wins, c.position);
    }
    s
}

/// The value table: a JSON header line (the report without the chosen positions' text) after a
/// magic word, then `positions` little-endian f64 in rank order.
fn write_table(
    path: &std::path::Path,
    r: &Report,
    board_sha256: &str,
    values: &[f64],
) -> Result<(), Error> {
    let header = serde_json::json!({
        "format": "boardpath.game-values/1",
        "board": r.board,
        "board_sha256": board_sha256,
        "rules": r.rules,
        "pieces": r.pieces,
        "positions": r.positions,
        "value": "f64 little-endian, the probability that the player to move wins",
        "ranking": "docs/game-solve.md",
        "residual": r.residual,
    });
    out::write_file_with(path, |w: &mut dyn Write| {
        writeln!(w, "{header}")?;
        for v in values {
            w.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    })
}
