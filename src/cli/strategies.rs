//! `solve-game --policy P0,P1`, `--exploitability P` and `--matrix LIST`: the exact worth of
//! strategies ([`boardpath::game::strategy`]).

use super::{Error, out};
use boardpath::board::Board;
use boardpath::game::Game;
use boardpath::game::exact::gigabytes;
use boardpath::game::exact::{ChanceGame, EngineGame};
use boardpath::game::strategy::{Exploitability, Strategies, Strategy, StrategyError, Worth};
use serde::Serialize;

/// The strategies `--matrix named` stands for.
pub const NAMED: [&str; 7] = [
    "optimal",
    "random",
    "front",
    "rear",
    "aggressive",
    "defensive",
    "solitaire",
];

/// Bytes an evaluation holds a position, besides its moves: the values being solved, the game's
/// values, two seats' choice tables of one byte a roll and the sweep order.
fn bytes_per_position(rolls: u64) -> u64 {
    8 + 8 + 2 * rolls + 8
}

/// What the strategies' output reports.
#[derive(Serialize)]
struct Report {
    board: String,
    rules: String,
    pieces: usize,
    positions: u64,
    first_player_wins: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pairs: Vec<Pair>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exploitability: Option<Loss>,
}

#[derive(Serialize)]
struct Pair {
    first: String,
    second: String,
    first_player_wins: f64,
    second_player_wins: f64,
    residual: f64,
    seconds: f64,
}

#[derive(Serialize)]
struct Loss {
    strategy: String,
    as_first: f64,
    as_second: f64,
    loss_as_first: f64,
    loss_as_second: f64,
    mean_loss: f64,
}

fn failed(e: StrategyError) -> Error {
    Error::Input(e.to_string())
}

/// The strategies named in `list` (comma-separated, or `named`), for seat `seat`; `None`: for
/// `--policy`, the first for seat 0 and the second for seat 1.
fn strategies(
    list: &str,
    board: &Board,
    game: &Game,
    option: &str,
    seat: Option<usize>,
) -> Result<Vec<Strategy>, Error> {
    let names: Vec<&str> = if list == "named" {
        NAMED.to_vec()
    } else {
        list.split(',').map(str::trim).collect()
    };
    if names.iter().any(|n| n.is_empty()) {
        return Err(Error::Usage(format!(
            "{option} {list}: an empty strategy name (valid: {}, best-response, file:PATH)",
            NAMED.join(", ")
        )));
    }
    // A misspelt name is a malformed option (exit 2); a file that cannot be read is data (1).
    for n in &names {
        Strategy::check_name(n).map_err(|e| Error::Usage(format!("{option} {list}: {e}")))?;
    }
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            Strategy::by_name(n, board, game, seat.unwrap_or(i))
                .map_err(|e| Error::Input(format!("{option} {list}: {e}")))
        })
        .collect()
}

/// Refuses an evaluation whose tables pass the memory budget, with the figures.
fn check_memory(game: &Game, budget: Option<u64>) -> Result<u64, Error> {
    let engine = EngineGame::seat_aware(game).map_err(|e| Error::Input(e.to_string()))?;
    let rolls = game.faces().len() as u64;
    let positions = engine.positions();
    // The moves kept: about two outcomes a roll, 8 bytes each, and a count a roll.
    let need = positions.saturating_mul(bytes_per_position(rolls) + rolls * 17);
    if let Some(have) = budget
        && need > have
    {
        return Err(Error::Input(format!(
            "{} with {} pieces: evaluating strategies holds {positions} positions (one table per \
             mover) and their moves, about {need} bytes ({}), but {} are available; fewer \
             pieces need less",
            game.board,
            game.pieces(),
            gigabytes(need),
            gigabytes(have)
        )));
    }
    Ok(positions)
}

/// The `--format` values of `solve-game`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameFormat {
    /// Human-readable lines.
    Text,
    /// One JSON document.
    Json,
    /// Comma-separated values (the strategies' worth only).
    Csv,
}

/// What `solve-game` asks of the strategies: `--policy`, `--exploitability`, `--matrix`,
/// `--format`.
pub struct Wanted<'a> {
    /// `--policy P0,P1`.
    pub policy: Option<&'a str>,
    /// `--exploitability P`.
    pub exploitability: Option<&'a str>,
    /// `--matrix LIST`.
    pub matrix: Option<&'a str>,
    /// `--format`.
    pub format: GameFormat,
}

/// Runs the strategies' part of `solve-game` (on the current rayon pool).
pub fn run(
    args: &Wanted<'_>,
    board: &Board,
    game: &Game,
    budget: Option<u64>,
) -> Result<(), Error> {
    let pieces = game.pieces();
    // Names first: a misspelt strategy is refused before any work.
    let pair = match args.policy {
        Some(list) => {
            let s = strategies(list, board, game, "--policy", None)?;
            if s.len() != 2 {
                return Err(Error::Usage(format!(
                    "--policy {list}: two strategies P0,P1 (seat 0's, then seat 1's), {} given",
                    s.len()
                )));
            }
            Some(s)
        }
        None => None,
    };
    let exploited = match args.exploitability {
        Some(name) => {
            let mut s = strategies(name, board, game, "--exploitability", Some(0))?;
            if s.len() != 1 {
                return Err(Error::Usage(format!(
                    "--exploitability {name}: one strategy, {} given",
                    s.len()
                )));
            }
            s.pop()
        }
        None => None,
    };
    let matrix = match args.matrix {
        Some(list) => Some((
            strategies(list, board, game, "--matrix", Some(0))?,
            strategies(list, board, game, "--matrix", Some(1))?,
        )),
        None => None,
    };
    check_memory(game, budget)?;
    super::say(format_args!(
        "expanding every position of {} ({}, both movers)",
        board.name,
        boardpath::text::plural(pieces, "piece", "pieces")
    ));
    let s = Strategies::new(game).map_err(|e| Error::Input(e.to_string()))?;
    let value = s.value().map_err(failed)?;
    let mut report = Report {
        board: board.name.clone(),
        rules: game.rules.describe(),
        pieces,
        positions: s.positions(),
        first_player_wins: value.first_player_wins,
        pairs: Vec::new(),
        exploitability: None,
    };
    if let Some(p) = pair {
        let w = s.pair(&p[0], &p[1]).map_err(failed)?;
        report.pairs.push(row(&p[0], &p[1], &w));
    }
    if let Some(e) = exploited {
        let x = s.exploitability(&e).map_err(failed)?;
        report.exploitability = Some(loss(&e, &x));
    }
    if let Some((first, second)) = matrix {
        let m = s.matrix(&first, &second).map_err(failed)?;
        for (i, r) in m.iter().enumerate() {
            for (j, w) in r.iter().enumerate() {
                report.pairs.push(row(&first[i], &second[j], w));
            }
        }
    }
    match args.format {
        GameFormat::Json => out::print(&out::json_document("solve-game", [board], &report)?),
        GameFormat::Csv => out::print(&csv(&report)),
        GameFormat::Text => out::print(&text(&report, args.matrix.is_some())),
    }
}

fn row(a: &Strategy, b: &Strategy, w: &Worth) -> Pair {
    Pair {
        first: a.name(),
        second: b.name(),
        first_player_wins: w.first_player_wins,
        second_player_wins: 1.0 - w.first_player_wins,
        residual: w.residual,
        seconds: w.seconds,
    }
}

fn loss(s: &Strategy, x: &Exploitability) -> Loss {
    Loss {
        strategy: s.name(),
        as_first: x.as_first,
        as_second: x.as_second,
        loss_as_first: x.loss_as_first(),
        loss_as_second: x.loss_as_second(),
        mean_loss: x.mean_loss(),
    }
}

fn text(r: &Report, matrix: bool) -> String {
    let mut s = format!(
        "{}: two players, rules {}, {} each; {} positions (one table per mover)\n\
         game value          {:.9} (first player, optimal play by both)\n",
        r.board,
        r.rules,
        boardpath::text::plural(r.pieces, "piece", "pieces"),
        r.positions,
        r.first_player_wins
    );
    if matrix {
        s += &matrix_text(&r.pairs);
    } else {
        for p in &r.pairs {
            s += &format!(
                "{} vs {}: first player wins {:.9}, second {:.9} (residual {:.1e})\n",
                p.first, p.second, p.first_player_wins, p.second_player_wins, p.residual
            );
        }
    }
    if let Some(l) = &r.exploitability {
        s += &format!(
            "{} as first player:  wins {:.9} against a best response (gives away {:.9})\n\
             {} as second player: wins {:.9} against a best response (gives away {:.9})\n\
             exploitability      {:.9} (the mean of the two)\n",
            l.strategy,
            l.as_first,
            l.loss_as_first,
            l.strategy,
            l.as_second,
            l.loss_as_second,
            l.mean_loss
        );
    }
    s
}

/// The pairs as a square table: rows seat 0's strategy, columns seat 1's, seat 0's win
/// probability in each cell.
fn matrix_text(pairs: &[Pair]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for p in pairs {
        if !names.contains(&p.first.as_str()) {
            names.push(&p.first);
        }
    }
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(11);
    let mut s = format!(
        "first player's win probability (rows: the first player's strategy, columns: the second's)\n{:width$}",
        ""
    );
    for n in &names {
        s += &format!(" {n:>width$}");
    }
    s += "\n";
    for a in &names {
        s += &format!("{a:width$}");
        for b in &names {
            let cell = pairs
                .iter()
                .find(|p| p.first == *a && p.second == *b)
                .map_or(f64::NAN, |p| p.first_player_wins);
            s += &format!(" {cell:>width$.9}");
        }
        s += "\n";
    }
    s
}

fn csv(r: &Report) -> String {
    let mut s = String::from(
        "board,rules,pieces,first,second,first_player_wins,second_player_wins,residual\n",
    );
    let q = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    for p in &r.pairs {
        s += &format!(
            "{},{},{},{},{},{:.12},{:.12},{:e}\n",
            q(&r.board),
            q(&r.rules),
            r.pieces,
            q(&p.first),
            q(&p.second),
            p.first_player_wins,
            p.second_player_wins,
            p.residual
        );
    }
    if let Some(l) = &r.exploitability {
        for (first, second, v) in [
            (l.strategy.as_str(), "best-response", l.as_first),
            ("best-response", l.strategy.as_str(), 1.0 - l.as_second),
        ] {
            s += &format!(
                "{},{},{},{},{},{:.12},{:.12},\n",
                q(&r.board),
                q(&r.rules),
                r.pieces,
                q(first),
                q(second),
                v,
                1.0 - v
            );
        }
    }
    s
}
