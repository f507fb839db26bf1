//! `boardpath play`: tournaments of policies on the real game (captures, opponents): per seat the
//! win rate, turns, rolls, captures and the physical distance its pieces travel.

use super::{Error, compare::progress_bar, load_board, out};
use boardpath::board::embedded;
use boardpath::game::distance::Distances;
use boardpath::game::policy::{self, Policy};
use boardpath::game::tournament::{self, MAX_GAMES, PlayReport};
use boardpath::game::{Game, GameConfig, RuleSet, Seating};
use boardpath::output::plot::{colour, svg};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// Arguments of `play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Players at the table, 2 to 6 (at most the board's players).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Pieces per player (default: the board's).
    #[arg(long)]
    pub pieces: Option<usize>,
    /// Rule set: openspiel, schmidt or ludo (see docs/game.md).
    #[arg(long, default_value = "openspiel")]
    pub rules: String,
    /// Seat the players side by side instead of spread round the board.
    #[arg(long)]
    pub adjacent: bool,
    /// One policy for every seat, or one per seat, comma-separated: random, front, rear,
    /// aggressive, defensive, solitaire, optimal (two players, openspiel rules: the exact
    /// solution, solved at start for 1-2 pieces), optimal:TABLE (a `solve-game --out` table),
    /// file:PATH.
    #[arg(long, default_value = "random")]
    pub policy: String,
    /// Games to play (at most 100,000,000).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed: the same seed gives the same numbers on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    pub format: PlayFormat,
    /// Draw each seat's win rate and distance as an SVG file.
    #[arg(long)]
    pub plot: Option<String>,
}

/// The `--format` values of `play`.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum PlayFormat {
    /// A table.
    #[default]
    Text,
    /// A `boardpath.play/1` document.
    Json,
    /// CSV, one row per seat.
    Csv,
}

fn input(e: impl std::fmt::Display) -> Error {
    Error::Input(e.to_string())
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> Result<(), Error> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Error::Input(format!(
            "--games {}: valid is 1 to {MAX_GAMES}",
            args.games
        )));
    }
    if args.threads == Some(0) {
        return Err(Error::Input("--threads 0: valid is 1 or more".into()));
    }
    let board = load_board(&args.board)?;
    let config = GameConfig {
        players: args.players,
        pieces: args.pieces,
        rules: RuleSet::parse(&args.rules).map_err(input)?.rules(),
        seating: if args.adjacent {
            Seating::Adjacent
        } else {
            Seating::Spread
        },
    };
    let game = Game::new(&board, &config).map_err(input)?;
    let names: Vec<&str> = args.policy.split(',').map(str::trim).collect();
    if names.len() != 1 && names.len() != game.players() {
        return Err(Error::Input(format!(
            "--policy names {} policies for {} players: give one for every seat, or one per seat",
            names.len(),
            game.players()
        )));
    }
    let owned: Vec<Box<dyn Policy>> = (0..game.players())
        .map(|p| {
            policy::by_name(
                names[if names.len() == 1 { 0 } else { p }],
                &board,
                &game,
                p,
            )
        })
        .collect::<Result<_, _>>()
        .map_err(input)?;
    let policies: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
    let distances = Distances::new(&board, &game).map_err(input)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::Internal(e.to_string()))?;
    let bar = progress_bar(args.games as usize);
    let clock = Instant::now();
    let sums = pool
        .install(|| {
            tournament::tournament(&game, &distances, &policies, args.games, args.seed, &|k| {
                bar.inc(k)
            })
        })
        .map_err(input)?;
    bar.finish_and_clear();
    let report = PlayReport::new(
        &board,
        &game,
        &policies,
        &sums,
        args.seed,
        clock.elapsed().as_secs_f64(),
        pool.current_num_threads(),
    );
    if let Some(path) = &args.plot {
        out::write_file(Path::new(path), plot(&report)?.as_bytes())?;
    }
    match args.format {
        PlayFormat::Json => out::print(&out::json_document("play", [&board], &report)?),
        PlayFormat::Csv => out::print(&csv(&report)),
        PlayFormat::Text => out::print(&text(&report)),
    }
}

fn text(r: &PlayReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} players x {} pieces, rules {}",
        r.board, r.players, r.pieces, r.rules
    );
    let _ = writeln!(
        out,
        "{} games, seed {}, {:.1} rolls a game; {:.2} s on {} threads ({:.0} games/s){}",
        r.games,
        r.seed,
        r.rolls_per_game,
        r.seconds,
        r.threads,
        r.games as f64 / r.seconds.max(1e-9),
        if r.unfinished > 0 {
            format!("; {} unfinished", r.unfinished)
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        out,
        "distance a game (all pieces): {:.1} {}, {:.1}% of it captured pieces carried back",
        r.distance_per_game,
        r.unit,
        100.0 * r.carried_share
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<4} {:<8} {:<12} {:>24} {:>7} {:>7} {:>6} {:>6} {:>10} {:>9} {:>10}",
        "seat",
        "player",
        "policy",
        "win rate [95%]",
        "turns",
        "rolls",
        "capt+",
        "capt-",
        "moved",
        "carried",
        "distance"
    );
    for s in &r.seats {
        let _ = writeln!(
            out,
            "{:<4} {:<8} {:<12} {:>24} {:>7.2} {:>7.2} {:>6.3} {:>6.3} {:>10.1} {:>9.1} {:>10.1}",
            s.seat,
            s.player,
            s.policy,
            format!("{:.4} [{:.4}, {:.4}]", s.win_rate, s.win_low, s.win_high),
            s.turns,
            s.rolls,
            s.captures_made,
            s.captures_suffered,
            s.moved,
            s.carried,
            s.distance
        );
    }
    out
}

fn csv(r: &PlayReport) -> String {
    let mut out = String::from(
        "board,rules,players,pieces,games,seed,seat,player,policy,wins,win_rate,win_low,win_high,turns,rolls,moves,captures_made,captures_suffered,moved,carried,distance,distance_low,distance_high\n",
    );
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    for s in &r.seats {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            quote(&r.board),
            quote(&r.rules),
            r.players,
            r.pieces,
            r.games,
            r.seed,
            s.seat,
            quote(&s.player),
            quote(&s.policy),
            s.wins,
            s.win_rate,
            s.win_low,
            s.win_high,
            s.turns,
            s.rolls,
            s.moves,
            s.captures_made,
            s.captures_suffered,
            s.moved,
            s.carried,
            s.distance,
            s.distance_low,
            s.distance_high
        );
    }
    out
}

/// Each seat's win rate with its interval as bars, with the 1/N line of equal chances.
fn plot(r: &PlayReport) -> Result<String, Error> {
    use plotters::prelude::*;
    let n = r.seats.len();
    svg(800, 500, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!(
                    "{}: win rate per seat, {} games ({})",
                    r.board, r.games, r.rules
                ),
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..n as f64, 0f64..1f64)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.floor() as usize;
                r.seats
                    .get(i)
                    .map_or(String::new(), |s| format!("{} ({})", s.player, s.policy))
            })
            .x_desc("seat")
            .y_desc("win rate (95% Wilson interval)")
            .draw()?;
        for (i, s) in r.seats.iter().enumerate() {
            let x = i as f64;
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x + 0.2, 0.0), (x + 0.8, s.win_rate)],
                colour(i).filled(),
            )))?;
            chart.draw_series(LineSeries::new(
                [(x + 0.5, s.win_low), (x + 0.5, s.win_high)],
                BLACK.stroke_width(2),
            ))?;
        }
        let fair = 1.0 / n as f64;
        chart.draw_series(LineSeries::new([(0.0, fair), (n as f64, fair)], &RED))?;
        Ok(())
    })
    .map_err(|e| Error::Input(e.to_string()))
}
