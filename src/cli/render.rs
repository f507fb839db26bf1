//! `boardpath render`: a picture of a board and its shortest paths, as SVG or PNG, or the HTML
//! viewer around the SVG.

use super::Error;
use super::out;
use super::range::at_least;
use super::solve::{self, solutions};
use super::{RuleArgs, method_parser, players, print_warnings, with_rules};
use boardpath::board::Board;
use boardpath::board::embedded::{self, Source};
use boardpath::encoding::bitboard::parse_value;
use boardpath::jobs::SolveJob;
use boardpath::output::document::Provenance;
use boardpath::render::html::{self, Page};
use boardpath::render::{self, ImageFormat, Request};
use boardpath::solve::DEFAULT_BUDGET;
use std::path::{Path, PathBuf};

/// The method the pictures draw when none is named: `solve`'s default.
pub use boardpath::jobs::DEFAULT_METHOD;

/// Arguments of `render`.
#[derive(clap::Args)]
pub struct RenderArgs {
    /// Board file, or an embedded board's short name.
    #[arg(default_value = embedded::DEFAULT)]
    pub board: String,
    /// Player to draw, or `all` (one panel each); default: the first player in the file.
    #[arg(long)]
    pub player: Option<String>,
    /// Draw only this piece's path (1 or more, at most the player's pieces; 1 = the first to
    /// finish, which fills the deepest goal tile).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = at_least(1usize))]
    pub piece: Option<usize>,
    /// Animate the pieces roll by roll (SVG only).
    #[arg(long)]
    pub animate: bool,
    /// Write each track tile's index on it (the number a player's `start` names).
    #[arg(long)]
    pub labels: bool,
    /// Draw a bit-board value (0x... or 0b...): the tiles it sets and the distance it holds.
    #[arg(long, value_name = "VALUE", conflicts_with_all = ["piece", "animate", "method"])]
    pub bits: Option<String>,
    /// The method whose paths are drawn (see `boardpath methods`); default: petgraph-dijkstra/graph.
    #[arg(long, value_parser = method_parser(false))]
    pub method: Option<String>,
    /// Nodes the method may expand per player (1 or more) before it gives up (exit 1).
    #[arg(long, default_value_t = DEFAULT_BUDGET, allow_negative_numbers = true, value_parser = at_least(1u64))]
    pub budget: u64,
    /// Output file; its name ends in .svg, .png or .html (the viewer: the SVG with controls to
    /// show players and pieces and step through the moves, in one self-contained file).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Whether `path` names an HTML file.
fn is_html(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// Runs `render`: checks the options, draws, writes the file.
pub fn run(args: &RenderArgs) -> Result<(), Error> {
    let html = is_html(&args.output);
    let format = if html {
        ImageFormat::Svg
    } else {
        ImageFormat::of_path(&args.output)?
    };
    if html && (args.bits.is_some() || args.animate) {
        return Err(Error::Usage(
            "an .html file is the viewer of the shortest paths, which steps through the moves itself: drop --bits and --animate, or write to .svg".into(),
        ));
    }
    let source = embedded::source(&args.board)?;
    let board = Board::from_toml(&source.text, &source.origin)?;
    print_warnings(&board);
    let board = with_rules(board, &args.rules)?;
    let (request, solved) = request(args, &board)?;
    if !html && format == ImageFormat::Svg {
        // Streamed to the file as it is drawn: thousands of pieces make hundreds of MB of SVG.
        let picture = render::Picture::plan(&board, &request)?;
        out::write_file_with(&args.output, |out| picture.write(out))?;
        out::print(&format!("wrote {}\n", args.output.display()))?;
        return Ok(());
    }
    let bytes = if html {
        let page = Page {
            title: &board.name,
            file: &file_name(&source),
            toml: &source.text,
            svg: &render::svg(&board, &request)?,
            solution: Some(&solve::json(&board, &solved, Provenance::command_line())?),
        };
        html::page(&page, None).into_bytes()
    } else {
        render::render(&board, &request, format)?
    };
    out::write_file(&args.output, &bytes)?;
    out::print(&format!("wrote {}\n", args.output.display()))?;
    Ok(())
}

/// What `args` asks to draw on `board`, and the solutions drawn (none for `--bits`): the chosen
/// players solved by `--method` within `--budget`.
pub fn request(
    args: &RenderArgs,
    board: &Board,
) -> Result<(Request, Vec<(usize, boardpath::solve::Solved)>), Error> {
    let bits = args
        .bits
        .as_deref()
        .map(parse_value)
        .transpose()
        .map_err(Error::Usage)?;
    let players = players(board, args.player.as_deref())?;
    let solved = if bits.is_some() {
        Vec::new()
    } else {
        let job = SolveJob {
            player: args.player.clone(),
            method: args.method.as_deref().unwrap_or(DEFAULT_METHOD).to_string(),
            budget: args.budget,
        };
        solutions(board, &job)?
    };
    let request = Request {
        players,
        solutions: solved.iter().map(|(_, s)| s.clone()).collect(),
        piece: args.piece,
        animate: args.animate,
        bits,
        labels: args.labels,
    };
    Ok((request, solved))
}

/// The board file's name, for the viewer's downloads: `boards/ludo.toml` → `ludo.toml`, the
/// embedded `maedn` → `maedn.toml`.
pub fn file_name(source: &Source) -> String {
    match source.origin.strip_prefix("embedded:") {
        Some(name) => format!("{name}.toml"),
        None => Path::new(&source.origin)
            .file_name()
            .map_or_else(|| "board.toml".into(), |n| n.to_string_lossy().into_owned()),
    }
}
