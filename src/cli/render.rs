//! `boardpath render`: a picture of a board and its shortest paths, as SVG or PNG.

use super::Error;
use super::out;
use super::{RuleArgs, load, players};
use boardpath::board::embedded;
use boardpath::output::decode::parse_bits;
use boardpath::render::{self, Format, Request};
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};
use std::path::PathBuf;

/// Arguments of `render`.
#[derive(clap::Args)]
pub struct RenderArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Player to draw, or `all` (one panel each); default: the first player in the file.
    #[arg(long)]
    pub player: Option<String>,
    /// Draw only this piece's path (1 = the first to finish, which fills the deepest goal tile).
    #[arg(long, value_name = "N")]
    pub piece: Option<usize>,
    /// Animate the pieces roll by roll (SVG only).
    #[arg(long)]
    pub animate: bool,
    /// Draw a bit-board value (0x... or 0b...): the tiles it sets and the distance it holds.
    #[arg(long, value_name = "VALUE", conflicts_with_all = ["piece", "animate"])]
    pub bits: Option<String>,
    /// Output file; its name ends in .svg or .png, which chooses the format.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `render`: checks the options, draws, writes the file.
pub fn run(args: &RenderArgs) -> Result<(), Error> {
    let format = Format::of_path(&args.output)?;
    let bits = args
        .bits
        .as_deref()
        .map(parse_bits)
        .transpose()
        .map_err(Error::Usage)?;
    let board = load(&args.board, &args.rules)?;
    let players = players(&board, args.player.as_deref())?;
    // The pictures draw what `solve` finds with its default method.
    let solutions = if bits.is_some() {
        Vec::new()
    } else {
        let method = Method::find("petgraph-dijkstra/graph")?;
        players
            .iter()
            .map(|&p| solve(&board, p, method, DEFAULT_BUDGET))
            .collect::<Result<_, _>>()?
    };
    let request = Request {
        players,
        solutions,
        piece: args.piece,
        animate: args.animate,
        bits,
    };
    let bytes = render::render(&board, &request, format)?;
    out::write_file(&args.output, &bytes)?;
    out::print(&format!("wrote {}\n", args.output.display()))?;
    Ok(())
}
