//! `boardpath solve-game`: the exact two-player game under OpenSpiel's `maedn` rules, for `K`
//! pieces a side: the first player's win probability under optimal play by both, the value of
//! chosen positions, how the fixed point was certified, and the value table for a policy.

use super::range::{MAX_THREADS, whole};
use super::{Error, Format, load_board, out};
use boardpath::board::{Board, embedded};
use boardpath::game::exact::{
    ChanceGame, MAX_PIECES, Maedn2, Options, Position, Side, Solution, available_memory, gigabytes,
    most_pieces_within, solve,
};
use boardpath::game::policy::optimal::MAX_SOLVE_AT_START;
use boardpath::game::{Game, GameConfig};
use boardpath::text::plural;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `solve-game`.
#[derive(Args)]
pub struct SolveGameArgs {
    /// Board file or embedded name; it must have the standard geometry (40 track tiles, 4 goal
    /// tiles a player, a die 1-6), two players sit opposite.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Pieces a side, 1 to 4; the memory the larger ones need is in `--help` (computed from
    /// the position counts), and a machine with less refuses them.
    #[arg(long, default_value_t = 2, help = pieces_help(), allow_negative_numbers = true, value_parser = whole(1, MAX_PIECES as u64))]
    pub pieces: u64,
    /// Worker threads, 1 to 1,024 (default: every core).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_THREADS as u64))]
    pub threads: Option<u64>,
    /// Write the value table to FILE (format in docs/game-solve.md: one header line, then one
    /// little-endian f64 per ranked position); the optimal move is the best one-ply look-up.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Output format: `text`; `json`, one document `{schema: "boardpath.solve-game/1",
    /// provenance, results}` (see docs/game-solve.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The help of `--pieces`: the range, and the memory of each count too big to solve at start
/// (`play --policy optimal`), from the solver's own counts.
fn pieces_help() -> String {
    let needs: Vec<String> = (MAX_SOLVE_AT_START + 1..=MAX_PIECES)
        .map(|k| format!("{k} needs about {}", gigabytes(Maedn2::bytes_needed(k))))
        .collect();
    format!(
        "Pieces a side, 1 to {MAX_PIECES} ({}; a machine with less memory refuses them)",
        needs.join(", ")
    )
}

/// What `solve-game` reports.
#[derive(Serialize)]
struct Report {
    board: String,
    rules: &'static str,
    pieces: usize,
    positions: u64,
    placements: u64,
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

/// The standard geometry [`Maedn2`] ranks, checked on the board with the engine's set-up.
fn check_board(name: &str, pieces: usize) -> Result<Board, Error> {
    let board = load_board(name)?;
    let config = GameConfig {
        pieces: Some(pieces),
        ..GameConfig::new(2)
    };
    let game = Game::new(&board, &config).map_err(|e| Error::Input(e.to_string()))?;
    if !boardpath::game::exact::is_standard(&game) {
        return Err(Error::Input(format!(
            "{name}: solve-game needs the standard geometry (40 track tiles, two players opposite, \
             4 goal tiles each, a die 1-6); this board has {}",
            boardpath::game::exact::describe_geometry(&game)
        )));
    }
    Ok(board)
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
    let board = check_board(&args.board, pieces)?;
    let need = Maedn2::bytes_needed(pieces);
    let available = available_memory();
    if let Some(have) = available
        && need > have
    {
        let fits = match most_pieces_within(available) {
            0 => "no count of pieces fits".to_string(),
            1 => "--pieces 1 fits".to_string(),
            k => format!("--pieces 1 to {k} fit"),
        };
        return Err(Error::Input(format!(
            "--pieces {pieces}: {} positions need about {need} bytes ({}: an f64 each plus the \
             largest layer's sweep order), but {} are available; {fits} here (see \
             docs/game-solve.md for the out-of-core plan)",
            Maedn2::count(pieces),
            gigabytes(need),
            gigabytes(have)
        )));
    }
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Internal(e.to_string()))?;
    let started = Instant::now();
    let game = Maedn2::new(pieces);
    let progress = |layer: usize, layers: usize, sweep: u32, change: f64| {
        if sweep.is_multiple_of(10) {
            super::say(format_args!(
                "layer {}/{layers}: sweep {sweep}, change {change:.2e}",
                layer + 1
            ));
        }
    };
    let options = Options {
        progress: Some(&progress),
        ..Options::default()
    };
    let solution = pool
        .install(|| solve(&game, &options))
        .map_err(|e| Error::Input(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    let report = report(&game, &solution, board.name.clone(), threads, seconds);
    if let Some(path) = &args.out {
        write_table(path, &report, &board.sha256, &solution.values)?;
    }
    match args.format {
        Format::Json => out::print(&out::json_document("solve-game", [&board], &report)?),
        Format::Text => out::print(&text(&report)),
    }
}

fn report(game: &Maedn2, s: &Solution, board: String, threads: usize, seconds: f64) -> Report {
    Report {
        board,
        rules: "openspiel",
        pieces: game.pieces(),
        positions: game.positions(),
        placements: Maedn2::count_all(game.pieces()),
        first_player_wins: s.values[game.rank(&game.start()) as usize],
        residual: s.residual(),
        sweeps: s.sweeps(),
        most_sweeps_in_a_layer: s.max_sweeps(),
        layers: s
            .layers
            .iter()
            .map(|l| LayerRow {
                positions: l.positions.end - l.positions.start,
                sweeps: l.sweeps,
                residual: l.residual,
                seconds: l.seconds,
            })
            .collect(),
        chosen: chosen(game, &s.values),
        threads,
        seconds,
        value_bytes: game.positions() * 8,
    }
}

fn text(r: &Report) -> String {
    let mut s = format!(
        "{}: two players opposite, openspiel rules, {} piece{} each\n",
        r.board,
        r.pieces,
        if r.pieces == 1 { "" } else { "s" }
    );
    s += &format!(
        "positions           {} from the mover's side ({} placements with finished games)\n",
        r.positions, r.placements
    );
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
