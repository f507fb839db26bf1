//! `boardpath play`: tournaments of policies on the real game (captures, opponents): per seat the
//! win rate, turns, rolls, captures and the physical distance its pieces travel.

use super::range::{MAX_THREADS, at_least, whole};
use super::{Error, load_board, out, progress::progress_bar};
use boardpath::board::embedded;
use boardpath::game::policy;
use boardpath::game::tournament::{MAX_GAMES, PlayReport};
use boardpath::game::{MAX_PIECES, MAX_PLAYERS, MIN_PLAYERS, Rules};
use boardpath::jobs::{self, PlayJob};
use boardpath::output::plot::{colour, svg};
use boardpath::text::plural;
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use std::path::Path;

/// Arguments of `play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Players at the table, 2 to 6 (at most the board's players).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = whole(MIN_PLAYERS, MAX_PLAYERS))]
    pub players: usize,
    /// Pieces per player, 1 to 16 (at most the board's waiting tiles a player, and 32 pieces in
    /// all; default: the board's).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_PIECES / MIN_PLAYERS))]
    pub pieces: Option<usize>,
    /// Rules: PRESET[,SWITCH=VALUE...], e.g. openspiel,bonus-roll=false,tries=3. Presets:
    /// openspiel, schmidt, ludo; switches: enter-on, bonus-roll, clear-start, must-enter, tries,
    /// compulsory-capture, safe-tiles, jump-in-goal, first-piece-out, three-bonus-forfeit (see
    /// docs/game.md). Default: the board's [game] rules, else openspiel.
    #[arg(long, value_parser = rules_arg)]
    pub rules: Option<String>,
    /// Seat the players side by side instead of spread round the board.
    #[arg(long)]
    pub adjacent: bool,
    /// The policies, comma-separated: one name for all seats, or one name per seat in seat
    /// order: random, front, rear, aggressive, defensive, solitaire, optimal (two players,
    /// openspiel rules: the exact solution, solved at start for 1-2 pieces), optimal:TABLE (a
    /// `solve-game --out` table), file:PATH.
    #[arg(long, default_value = "random", value_parser = policy_list)]
    pub policy: String,
    /// Games to play, 1 to 100,000,000.
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true, value_parser = whole(1, MAX_GAMES))]
    pub games: u64,
    /// Seed (0 or more): the same seed gives the same numbers on any number of threads.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = at_least(0u64))]
    pub seed: u64,
    /// Threads, 1 to 1,024 (default: every core).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_THREADS))]
    pub threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    pub format: PlayFormat,
    /// Draw each seat's win rate and distance as an SVG file.
    #[arg(long)]
    pub plot: Option<String>,
    /// Write every game as a game record (`boardpath.game-record/1`, one JSON object a line: see
    /// docs/game-record.md) to this file; `boardpath review` reads each.
    #[arg(long)]
    pub records: Option<String>,
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

/// A `--rules` value that parses ([`Rules::parse`]), kept as written: the board's own rules are
/// only known once it is loaded ([`Rules::for_board`]).
pub fn rules_arg(text: &str) -> Result<String, String> {
    Rules::parse(text).map_err(|e| e.to_string())?;
    Ok(text.to_string())
}

/// A `--policy` list whose every name is a policy's (its files are read later).
fn policy_list(text: &str) -> Result<String, String> {
    for name in text.split(',') {
        policy::check_name(name.trim()).map_err(|e| e.to_string())?;
    }
    Ok(text.to_string())
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> Result<(), Error> {
    let board = load_board(&args.board)?;
    let bar = progress_bar(args.games as usize);
    let report = jobs::play(&board, &job(args), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    if let Some(path) = &args.plot {
        out::write_file(Path::new(path), plot(&report)?.as_bytes())?;
    }
    if let Some(path) = &args.records {
        super::records::write(&job(args), &board, &args.board, path)?;
    }
    match args.format {
        PlayFormat::Json => out::print(&out::json_document("play", [&board], &report)?),
        PlayFormat::Csv => out::print(&csv(&report)),
        PlayFormat::Text => out::print(&text(&report)),
    }
}

/// The tournament `args` ask for (`--policy` split at its commas): what `play` and the server's
/// `/api/play` run.
pub fn job(args: &PlayArgs) -> PlayJob {
    PlayJob {
        players: args.players,
        pieces: args.pieces,
        rules: args.rules.clone(),
        adjacent: args.adjacent,
        policies: args.policy.split(',').map(str::to_string).collect(),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
    }
}

fn text(r: &PlayReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} x {}, rules {}",
        r.board,
        plural(r.players, "player", "players"),
        plural(r.pieces, "piece", "pieces"),
        r.rules
    );
    let _ = writeln!(
        out,
        "{}, seed {}, {:.1} rolls a game; {:.2} s on {} ({:.0} games/s){}",
        plural(r.games, "game", "games"),
        r.seed,
        r.rolls_per_game,
        r.seconds,
        plural(r.threads, "thread", "threads"),
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
    out + &seat_table(r)
}

/// One row per seat, each column as wide as its widest cell (a policy `optimal:PATH` or a long
/// player name widens its column instead of shifting the others).
fn seat_table(r: &PlayReport) -> String {
    const HEAD: [&str; 11] = [
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
        "distance",
    ];
    // The widths of typical cells, so that the usual table keeps its shape.
    const MIN: [usize; 11] = [4, 8, 12, 24, 7, 7, 6, 6, 10, 9, 10];
    let rows: Vec<[String; 11]> = r
        .seats
        .iter()
        .map(|s| {
            [
                s.seat.to_string(),
                s.player.clone(),
                s.policy.clone(),
                format!("{:.4} [{:.4}, {:.4}]", s.win_rate, s.win_low, s.win_high),
                format!("{:.2}", s.turns),
                format!("{:.2}", s.rolls),
                format!("{:.3}", s.captures_made),
                format!("{:.3}", s.captures_suffered),
                format!("{:.1}", s.moved),
                format!("{:.1}", s.carried),
                format!("{:.1}", s.distance),
            ]
        })
        .collect();
    let width = |c: usize| {
        rows.iter()
            .map(|row| row[c].chars().count())
            .chain([MIN[c]])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..HEAD.len()).map(width).collect();
    let line = |cells: &[&str]| {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let pad = " ".repeat(widths[c] - cell.chars().count());
                // The seat, player and policy read left to right; the numbers line up right.
                if c < 3 {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        parts.join(" ").trim_end().to_string() + "\n"
    };
    let mut out = line(&HEAD);
    for row in &rows {
        out += &line(&row.each_ref().map(String::as_str));
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
