//! `boardpath boards`: the embedded boards, with their players, track, pieces, rules and source.

use super::Error;
use super::Format;
use super::out;
use boardpath::board::embedded::{self, BOARDS};
use boardpath::board::{Board, Rules, Scale};
use clap::Args;
use serde::Serialize;

/// Arguments of `boards`.
#[derive(Args)]
pub struct BoardsArgs {
    /// Output format: a readable list, or JSON for scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// What `boards` reports about one embedded board (the JSON object, field for field).
#[derive(Serialize)]
struct Summary {
    /// The short name `solve` accepts.
    short_name: &'static str,
    name: String,
    description: Option<String>,
    source: Option<String>,
    unit: String,
    scale: Option<Scale>,
    track_length: usize,
    players: Vec<PlayerSummary>,
    rules: Rules,
    /// The rules as `solve` prints them on its `rules:` line.
    rules_text: String,
}

#[derive(Serialize)]
struct PlayerSummary {
    name: String,
    color: Option<String>,
    start: usize,
    track_steps: usize,
    pieces: usize,
    goal_tiles: usize,
}

impl Summary {
    fn new(short_name: &'static str, board: Board) -> Summary {
        Summary {
            short_name,
            track_length: board.track.len(),
            players: board
                .players
                .iter()
                .map(|p| PlayerSummary {
                    name: p.name.clone(),
                    color: p.color.clone(),
                    start: p.start,
                    track_steps: p.track_steps,
                    pieces: p.pieces(),
                    goal_tiles: p.goal.len(),
                })
                .collect(),
            rules_text: board.rules.to_string(),
            rules: board.rules,
            name: board.name,
            description: board.description,
            source: board.source,
            unit: board.unit,
            scale: board.scale,
        }
    }

    /// `4 each` when every player has the same count, else the counts in player order.
    fn per_player(counts: impl Iterator<Item = usize>) -> String {
        let counts: Vec<usize> = counts.collect();
        match counts.first() {
            Some(&n) if counts.iter().all(|&c| c == n) => format!("{n} each"),
            _ => counts
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("/"),
        }
    }

    fn text(&self) -> String {
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        let pad = "";
        let mut out = format!("{:<16}{}\n", self.short_name, self.name);
        out += &format!(
            "{pad:16}players: {} ({})\n",
            self.players.len(),
            names.join(", ")
        );
        out += &format!(
            "{pad:16}track:   {} tiles; visited: {}; pieces: {}; goal tiles: {}\n",
            self.track_length,
            Summary::per_player(self.players.iter().map(|p| p.track_steps)),
            Summary::per_player(self.players.iter().map(|p| p.pieces)),
            Summary::per_player(self.players.iter().map(|p| p.goal_tiles)),
        );
        out += &format!("{pad:16}rules:   {}\n", self.rules_text);
        if let Some(source) = &self.source {
            out += &format!("{pad:16}source:  {source}\n");
        }
        out
    }
}

/// Runs `boards`: every embedded board, in listing order.
pub fn run(args: &BoardsArgs) -> Result<(), Error> {
    let boards = BOARDS
        .iter()
        .map(|&(short, _)| {
            let board = embedded::embedded(short)
                .ok_or_else(|| Error::Input(format!("embedded board {short} is missing")))??;
            Ok((short, board))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let summaries: Vec<Summary> = boards
        .iter()
        .map(|(short, board)| Summary::new(short, board.clone()))
        .collect();
    match args.format {
        Format::Json => {
            out::print(&out::json_document(
                "boards",
                boards.iter().map(|(_, b)| b),
                &summaries,
            )?)?;
        }
        Format::Text => {
            let blocks: Vec<String> = summaries.iter().map(Summary::text).collect();
            out::print(&blocks.join("\n"))?;
        }
    }
    Ok(())
}
