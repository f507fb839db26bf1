//! `boardpath review`: a game record's every turn against the exact solution (the best move, the
//! winning chance the move made gave away, errors marked, the luck of the rolls, a summary per
//! player), or one position's value and every roll's moves (`--position ID`).

use super::range::whole;
use super::{Error, Format, out};
use boardpath::board::Board;
use boardpath::game::Game;
use boardpath::game::policy::optimal::Optimal;
use boardpath::game::record::{GameRecord, parse_position_id};
use boardpath::game::review::{Judgement, Review, Thresholds, review_position, review_record};
use boardpath::jobs::{self, JobError};
use boardpath::text::plural;
use clap::Args;

/// Arguments of `review`.
#[derive(Args)]
pub struct ReviewArgs {
    /// A game record (`boardpath.game-record/1` JSON, see docs/game-record.md); `-` reads standard
    /// input. Without it, `--position` names the position to analyse.
    #[arg(required_unless_present = "position")]
    pub record: Option<String>,
    /// A value table written by `solve-game --out` (standard board, openspiel rules), for games
    /// with more pieces than are solved at start.
    #[arg(long)]
    pub table: Option<String>,
    /// Analyse one position instead: its short id (as `review` and the play page print it), on
    /// `--board` with `--rules` and `--pieces`.
    #[arg(long, conflicts_with = "record")]
    pub position: Option<String>,
    /// The board of `--position`: an embedded board's name or a file.
    #[arg(long, default_value = "maedn", requires = "position")]
    pub board: String,
    /// The rules of `--position` (default: the board's `[game] rules`, else openspiel).
    #[arg(long, requires = "position")]
    pub rules: Option<String>,
    /// The pieces a side of `--position`, 1 to 16.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = whole(1usize, boardpath::game::MAX_PIECES / 2), requires = "position")]
    pub pieces: usize,
    /// A loss of winning chance from which a move is an inaccuracy, in percentage points, 1 to 100.
    #[arg(long, default_value_t = 5, allow_negative_numbers = true, value_parser = whole(1u32, 100))]
    pub inaccuracy: u32,
    /// A loss from which a move is a mistake, in percentage points, 1 to 100.
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = whole(1u32, 100))]
    pub mistake: u32,
    /// A loss from which a move is a blunder, in percentage points, 1 to 100.
    #[arg(long, default_value_t = 15, allow_negative_numbers = true, value_parser = whole(1u32, 100))]
    pub blunder: u32,
    /// Output format: `text`, or `json`: one document `{schema: "boardpath.review/1",
    /// provenance, results}` (see docs/game-record.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `review`.
pub fn run(args: &ReviewArgs) -> Result<(), Error> {
    if !(args.inaccuracy <= args.mistake && args.mistake <= args.blunder) {
        return Err(Error::Usage(format!(
            "--inaccuracy {} --mistake {} --blunder {}: the thresholds must not decrease",
            args.inaccuracy, args.mistake, args.blunder
        )));
    }
    let thresholds = Thresholds {
        inaccuracy: f64::from(args.inaccuracy) / 100.0,
        mistake: f64::from(args.mistake) / 100.0,
        blunder: f64::from(args.blunder) / 100.0,
    };
    match (&args.record, &args.position) {
        (Some(path), _) => record(path, args, &thresholds),
        (None, Some(id)) => position(id, args),
        (None, None) => Err(Error::Usage("give a RECORD or --position ID".into())),
    }
}

/// Reviews the record at `path`.
fn record(path: &str, args: &ReviewArgs, thresholds: &Thresholds) -> Result<(), Error> {
    let text = if path == "-" {
        std::io::read_to_string(std::io::stdin())
            .map_err(|e| Error::Input(format!("standard input: {e}")))?
    } else {
        std::fs::read_to_string(path).map_err(|e| Error::Input(format!("{path}: {e}")))?
    };
    let fail = |e: String| Error::Input(format!("{path}: {e}"));
    let rec = GameRecord::parse(&text).map_err(|e| fail(e.to_string()))?;
    let review = review_record(&rec, args.table.as_deref(), thresholds).map_err(|e| fail(e.0))?;
    match args.format {
        Format::Json => {
            let board = rec.board().map_err(|e| fail(e.0))?;
            out::print(&out::json_document("review", [&board], &review)?)
        }
        Format::Text => out::print(&text_of(&rec, &review)),
    }
}

/// A probability in percent, two decimals.
fn pct(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// The review as a table of turns and a summary per player.
fn text_of(rec: &GameRecord, r: &Review) -> String {
    let mut s = format!(
        "{} on {}, {} players x {}, rules {}: seat 0 wins {} at the start under optimal \
         play\n\n",
        plural(rec.turns.len(), "turn", "turns"),
        rec.board,
        rec.players,
        rec.pieces.map_or_else(
            || "every piece".to_string(),
            |k| plural(k, "piece", "pieces")
        ),
        rec.rules,
        pct(r.start_value)
    );
    s += " turn  seat  roll  move  best   before  best after  move after   loss  mark\n";
    for t in &r.turns {
        let mark = match t.judgement {
            Judgement::Forced => "forced",
            Judgement::Best => "",
            Judgement::Good => "",
            Judgement::Inaccuracy => "?! inaccuracy",
            Judgement::Mistake => "? mistake",
            Judgement::Blunder => "?? blunder",
        };
        s += &format!(
            "{:>5}  {:>4}  {:>4}  {:>4}  {:>4}  {:>7}  {:>10}  {:>10}  {:>5.2}  {mark}\n",
            t.turn,
            t.seat,
            t.roll,
            t.action,
            t.best_action,
            pct(t.position_value),
            pct(t.best_value),
            pct(t.value),
            100.0 * t.loss,
        );
    }
    s += "\nseat  turns  decisions  lost (points)  inaccuracies  mistakes  blunders  accuracy  luck (points)\n";
    for p in &r.players {
        s += &format!(
            "{:>4}  {:>5}  {:>9}  {:>13.2}  {:>12}  {:>8}  {:>8}  {:>8.1}  {:>13.2}{}\n",
            p.seat,
            p.turns,
            p.decisions,
            100.0 * p.loss,
            p.inaccuracies,
            p.mistakes,
            p.blunders,
            p.accuracy,
            100.0 * p.luck,
            p.name
                .as_ref()
                .map_or(String::new(), |n| format!("  ({n})"))
        );
    }
    s += &match r.winner {
        Some(w) => format!("\nseat {w} won; final position {}\n", r.end),
        None => format!("\nthe game is not over; position {}\n", r.end),
    };
    s
}

/// Analyses the position `id` of the game given by `--board`, `--rules` and `--pieces`.
fn position(id: &str, args: &ReviewArgs) -> Result<(), Error> {
    let board = super::load_board(&args.board)?;
    let game = game_of(&board, args)?;
    let state = parse_position_id(&game, id).map_err(|e| Error::Input(e.to_string()))?;
    if state.is_terminal(&game) {
        return Err(Error::Input(format!(
            "position {id}: the game is over (player {} has won)",
            state.winner(&game).unwrap_or(0)
        )));
    }
    let optimal = Optimal::new(&board, &game, args.table.as_deref())
        .map_err(|e| Error::Input(e.to_string()))?;
    let report = review_position(&state, &optimal);
    match args.format {
        Format::Json => out::print(&out::json_document("review-position", [&board], &report)?),
        Format::Text => {
            let mut s = format!(
                "position {}: player {} to roll wins {} under optimal play\n",
                report.position,
                report.to_move,
                pct(report.value)
            );
            for r in &report.rolls {
                let moves: Vec<String> = r
                    .options
                    .iter()
                    .map(|o| format!("{} {}", o.action, pct(o.value)))
                    .collect();
                s += &format!(
                    "roll {}: best {} ({}); every move: {}\n",
                    r.roll,
                    r.best_action,
                    pct(r.best_value),
                    moves.join(", ")
                );
            }
            out::print(&s)
        }
    }
}

/// The two-player game `solve-game` solves, as `--pieces` and `--rules` set it up on `board`.
fn game_of(board: &Board, args: &ReviewArgs) -> Result<Game, Error> {
    jobs::two_player_game(board, args.pieces, args.rules.as_deref()).map_err(|e| match e {
        JobError::Game(e) => Error::Input(format!("{}: {e}", board.name)),
        e => Error::Input(e.to_string()),
    })
}
