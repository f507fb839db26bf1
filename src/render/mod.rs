//! Pictures of a board and its shortest paths, as SVG and PNG.
//!
//! Tiles are circles at their board positions, styled by role and coloured by player; each piece's
//! shortest path is drawn as straight arrows with the roll on each, with a legend of the lengths, the
//! enter cost and the total. One piece can be drawn alone (the paper's figures 8 to 11) or all
//! together (figure 12); the SVG can animate the pieces roll by roll; a `--bits` value is drawn as
//! the tiles it sets and the path through them. The SVG text is deterministic: the same request gives
//! the same bytes. PNG is rasterised with the font compiled into the binary.
//!
//! Render draws the solutions it is handed; it never solves:
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::render::{svg, Request};
//! use boardpath::solve::{solve, Method, DEFAULT_BUDGET};
//!
//! let board = Board::load("maedn").unwrap();
//! let method = Method::find("dp/step").unwrap();
//! let solutions = vec![solve(&board, 0, method, DEFAULT_BUDGET).unwrap()];
//! let request = Request { players: vec![0], solutions, piece: Some(1), ..Request::default() };
//! assert!(svg(&board, &request).unwrap().contains("19462 units"));
//! ```

mod animate;
mod error;
mod font;
pub mod html;
mod labels;
mod legend;
pub mod palette;
mod paths;
pub mod png;
pub mod solved;
mod svg;
mod tiles;
mod view;

pub use error::RenderError;
pub use view::View;

use crate::board::Board;
use crate::encoding::bitboard::{Layout, Reading};
use crate::output::decode::BitboardView;
use crate::race::step_positions;
use crate::solve::{Solved, bitboard_layout};
use crate::text::plural;
use animate::Timeline;
use labels::Placer;
use legend::{Item, Legend};
use palette::Rgb;
use paths::{Info, Kind, Segment};
use solved::{piece_title, rules_lines, summary, waiting_tile, with_cm};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use svg::{El, Svg};
use tiles::Role;

/// The file format, chosen by the output file's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// SVG text.
    Svg,
    /// A PNG image.
    Png,
}

impl ImageFormat {
    /// The format named by `path`'s extension (`.svg` or `.png`, any case).
    pub fn of_path(path: &Path) -> Result<ImageFormat, RenderError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(ImageFormat::Svg),
            Some("png") => Ok(ImageFormat::Png),
            _ => Err(RenderError::Format {
                path: path.display().to_string(),
            }),
        }
    }
}

/// What to draw.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The players, one panel each.
    pub players: Vec<usize>,
    /// Their solutions, in the order of `players` (to draw the shortest paths; not needed with
    /// `bits`). Render draws what it is handed and never solves.
    pub solutions: Vec<Solved>,
    /// Only this piece (1 = the first to finish); all when `None`.
    pub piece: Option<usize>,
    /// Animate the pieces roll by roll (SVG only).
    pub animate: bool,
    /// Draw this bit-board value instead of the shortest paths (one player).
    pub bits: Option<u128>,
    /// Write each track tile's index on it.
    pub labels: bool,
}

/// The most rolls a legend line lists.
const LEGEND_ROLLS: usize = 24;

/// Space between panels when several players are drawn.
const GAP: f64 = 24.0;

/// The most moves a picture held in memory draws (a PNG, the HTML viewer, the server's answer):
/// about 450 bytes of SVG a move, so some 90 MB of SVG. An `.svg` file is streamed and has no such
/// bound.
pub const IN_MEMORY_MOVES: usize = 200_000;

/// One player's panel, planned: its legend and view are known before anything is written (the
/// page's layout needs their sizes), its board is drawn while the page is written.
struct Panel {
    /// The player's name.
    player: String,
    body: Body,
    legend: Legend,
    view: View,
}

/// How a panel's board is drawn.
enum Body {
    /// Drawn already (a bit-board value: a handful of moves).
    Drawn(Svg),
    /// Shortest paths, drawn move by move as the page is written.
    Paths(Box<Paths>),
}

impl Panel {
    fn width(&self) -> f64 {
        self.view.width + self.legend.width()
    }

    fn height(&self) -> f64 {
        self.view.height.max(self.legend.height())
    }

    /// The moves its board draws.
    fn moves(&self) -> usize {
        match &self.body {
            Body::Drawn(_) => 0,
            Body::Paths(paths) => paths.moves(),
        }
    }
}

/// A picture planned and checked, ready to be written: [`Picture::write`] streams it, so that a
/// picture of thousands of pieces (hundreds of MB of SVG) is never held whole in memory.
pub struct Picture<'a> {
    board: &'a Board,
    request: &'a Request,
    colours: Vec<Rgb>,
    panels: Vec<Panel>,
}

impl<'a> Picture<'a> {
    /// Checks `request` and plans its panels; every error of the picture is found here, before
    /// anything is written.
    pub fn plan(board: &'a Board, request: &'a Request) -> Result<Picture<'a>, RenderError> {
        check(board, request)?;
        let colours = (0..board.players.len())
            .map(|i| palette::player_colour(board, i))
            .collect::<Result<Vec<Rgb>, _>>()?;
        let view = View::of(board);
        let panels = request
            .players
            .iter()
            .enumerate()
            .map(|(i, &p)| match request.bits {
                Some(value) => bits_panel(board, &view, &colours, p, value, request.labels),
                None => {
                    let s = request.solutions.get(i).ok_or_else(|| {
                        RenderError::Options(format!(
                            "no solution was given for player {} to draw",
                            board.players[p].name
                        ))
                    })?;
                    paths_panel(board, &view, p, s, request)
                }
            })
            .collect::<Result<Vec<Panel>, _>>()?;
        Ok(Picture {
            board,
            request,
            colours,
            panels,
        })
    }

    /// The moves the picture draws (its size grows with them).
    pub fn moves(&self) -> usize {
        self.panels.iter().map(Panel::moves).sum()
    }

    /// Writes the SVG text to `out` as it is drawn (buffer `out`: it is written in pieces).
    pub fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        compose(self, out)
    }
}

/// The picture `request` asks for, as SVG text held in memory; refused beyond
/// [`IN_MEMORY_MOVES`] (write it with [`Picture::write`] instead).
pub fn svg(board: &Board, request: &Request) -> Result<String, RenderError> {
    let picture = Picture::plan(board, request)?;
    let moves = picture.moves();
    if moves > IN_MEMORY_MOVES {
        return Err(RenderError::TooBig(format!(
            "the picture draws {moves} moves, and a picture held in memory (PNG, the HTML viewer, the server) draws at most {IN_MEMORY_MOVES}: write an .svg file (streamed, no limit), or draw fewer pieces with --piece N"
        )));
    }
    let mut text = Vec::new();
    picture
        .write(&mut text)
        .map_err(|e| RenderError::Raster(format!("writing SVG to memory failed: {e}")))?;
    String::from_utf8(text).map_err(|e| RenderError::Raster(format!("SVG text not UTF-8: {e}")))
}

/// The picture `request` asks for, in `format` (held in memory: see [`svg`]'s bound).
pub fn render(
    board: &Board,
    request: &Request,
    format: ImageFormat,
) -> Result<Vec<u8>, RenderError> {
    if format == ImageFormat::Png && request.animate {
        return Err(RenderError::Options(
            "--animate makes a moving SVG, and a PNG is a still picture: write to a .svg file, or drop --animate".into(),
        ));
    }
    let text = svg(board, request)?;
    match format {
        ImageFormat::Svg => Ok(text.into_bytes()),
        ImageFormat::Png => png::rasterise(&text),
    }
}

/// Rejects requests that do not make sense, with the fix.
fn check(board: &Board, request: &Request) -> Result<(), RenderError> {
    if request.players.is_empty() || request.players.iter().any(|&p| p >= board.players.len()) {
        return Err(RenderError::Options(
            "no player to draw: name one with --player NAME, or --player all".into(),
        ));
    }
    if request.bits.is_some() {
        if request.players.len() != 1 {
            return Err(RenderError::Options(
                "--bits draws one player's bit-board: choose the player with --player NAME".into(),
            ));
        }
        if request.piece.is_some() || request.animate {
            return Err(RenderError::Options(
                "--bits draws a bit-board value; it does not combine with --piece or --animate"
                    .into(),
            ));
        }
    }
    if let Some(n) = request.piece {
        for &p in &request.players {
            let pieces = board.players[p].pieces();
            if n == 0 || n > pieces {
                return Err(RenderError::Piece {
                    player: board.players[p].name.clone(),
                    piece: n,
                    pieces,
                });
            }
        }
    }
    Ok(())
}

/// Lays the panels out in a grid (as square as possible) on one page, written to `out` as it is
/// drawn.
fn compose(picture: &Picture, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let (board, request, panels) = (picture.board, picture.request, &picture.panels);
    let n = panels.len();
    let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
    let rows = n.div_ceil(cols);
    let cell_w = panels.iter().map(Panel::width).fold(0.0, f64::max);
    let cell_h = panels.iter().map(Panel::height).fold(0.0, f64::max);
    let width = (cols as f64 * cell_w + (cols - 1) as f64 * GAP).ceil();
    let height = (rows as f64 * cell_h + (rows - 1) as f64 * GAP).ceil();
    let mut doc = Svg::new();
    doc.open(
        El::new("svg")
            .a("xmlns", "http://www.w3.org/2000/svg")
            .a("width", width)
            .a("height", height)
            .a(
                "viewBox",
                format!("0 0 {} {}", svg::num(width), svg::num(height)),
            )
            .a("font-family", format!("{}, sans-serif", font::FAMILY)),
    );
    let what = match (request.bits, request.piece) {
        (Some(v), _) => format!("bit-board {v:#x}"),
        (None, Some(p)) => format!("shortest path of piece {p}"),
        (None, None) => "shortest paths".to_string(),
    };
    doc.text(El::new("title"), &format!("{}: {what}", board.name));
    doc.empty(
        El::new("rect")
            .a("class", "paper")
            .a("width", width)
            .a("height", height)
            .a("fill", palette::PAPER.hex()),
    );
    for (i, panel) in panels.iter().enumerate() {
        let (c, r) = (i % cols, i / cols);
        let (x, y) = (c as f64 * (cell_w + GAP), r as f64 * (cell_h + GAP));
        doc.open(
            El::new("g")
                .a("class", "panel")
                .a("data-player", panel.player.as_str())
                .a(
                    "transform",
                    format!("translate({} {})", svg::num(x), svg::num(y)),
                ),
        );
        match &panel.body {
            Body::Drawn(body) => doc.fragment(body),
            Body::Paths(paths) => {
                draw_paths(&mut doc, board, &panel.view, &picture.colours, paths, out)?
            }
        }
        panel.legend.draw(&mut doc, panel.view.width, 0.0);
        doc.close("g");
        doc.drain(out, false)?;
    }
    doc.close("svg");
    doc.drain(out, true)
}

/// Obstacles for roll labels: goal letters strongly, other tile centres a little.
fn tile_obstacles(board: &Board, view: &View) -> Placer {
    let mut placer = Placer::new();
    for t in tiles::tiles(board) {
        let (x, y) = view.px(t.point);
        let weight = if matches!(t.role, Role::Goal(..)) {
            4.0
        } else {
            0.5
        };
        placer.obstacle(x, y, view.tile_r * 0.5, weight);
    }
    placer
}

/// Pieces drawn as one path because their paths are identical (e.g. every piece of a stack goal).
struct Group {
    /// Piece indices in finishing order.
    pieces: Vec<usize>,
    /// Index into the solution's pieces of the first of them.
    first: usize,
}

/// `chosen` pieces grouped by identical paths, in order of their first piece.
fn groups(solved: &solved::SolutionSummary, chosen: &[usize]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    // By path, so that thousands of pieces group in linear time.
    let mut index: HashMap<&[usize], usize> = HashMap::new();
    for &k in chosen {
        let steps = solved.pieces[k].steps.as_slice();
        match index.get(steps) {
            Some(&g) => out[g].pieces.push(k),
            None => {
                index.insert(steps, out.len());
                out.push(Group {
                    pieces: vec![k],
                    first: k,
                });
            }
        }
    }
    out
}

/// `piece 1 → d` or `pieces 1, 2, 3, 4 → f`.
fn group_title(g: &Group, target: usize) -> String {
    match g.pieces.as_slice() {
        [k] => piece_title(*k, target),
        ks => format!(
            "pieces {} \u{2192} {}",
            ks.iter()
                .map(|k| (k + 1).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            crate::board::goal_label(target)
        ),
    }
}

/// What a panel of shortest paths draws: the pieces' paths, grouped, and who makes each move.
struct Paths {
    player: usize,
    solved: solved::SolutionSummary,
    groups: Vec<Group>,
    /// For each move (from step, to step): how many groups make it and their pieces (from 1).
    users: BTreeMap<(usize, usize), (usize, Vec<usize>)>,
    labels: bool,
    /// With `--animate`: the segments and their timeline, made in advance (every move's time is a
    /// fraction of the whole cycle, known only once every move is placed).
    animated: Option<(Vec<Segment>, Timeline)>,
}

impl Paths {
    /// The segments drawn: an enter move per piece and each group's moves.
    fn moves(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.pieces.len() + self.solved.pieces[g.first].rolls.len())
            .sum()
    }
}

/// Player `player`'s shortest paths, planned: grouped, with their legend.
fn paths_panel(
    board: &Board,
    view: &View,
    player: usize,
    solution: &Solved,
    request: &Request,
) -> Result<Panel, RenderError> {
    let solved = summary(board, player, solution).map_err(RenderError::Options)?;
    let p = &board.players[player];
    let chosen: Vec<usize> = match request.piece {
        Some(n) => vec![n - 1],
        None => (0..solved.pieces.len()).collect(),
    };
    let groups = groups(&solved, &chosen);
    // A move made by several groups gets one dark roll number instead of one per colour, shown
    // while any of their pieces is (in the HTML viewer).
    let mut users: BTreeMap<(usize, usize), (usize, Vec<usize>)> = BTreeMap::new();
    for g in &groups {
        for w in solved.pieces[g.first].steps.windows(2) {
            let (n, pieces) = users.entry((w[0], w[1])).or_default();
            *n += 1;
            pieces.extend(g.pieces.iter().map(|k| k + 1));
        }
    }
    let shared = users.values().any(|(n, _)| *n > 1);
    let mut paths = Paths {
        player,
        solved,
        groups,
        users,
        labels: request.labels,
        animated: None,
    };
    if request.animate {
        let mut timeline = Timeline::new();
        let mut segments = Vec::new();
        path_segments(board, view, &paths, Some(&mut timeline), &mut |s| {
            segments.push(s)
        });
        paths.animated = Some((segments, timeline));
    }
    let timeline = paths.animated.as_ref().map(|(_, t)| t);
    let items = paths_legend(board, &paths, request, shared, timeline);
    Ok(Panel {
        player: p.name.clone(),
        body: Body::Paths(Box::new(paths)),
        legend: Legend { items },
        view: *view,
    })
}

/// Draws `paths` on the board into `doc`, passing the text on to `out` as it grows.
fn draw_paths(
    doc: &mut Svg,
    board: &Board,
    view: &View,
    colours: &[Rgb],
    paths: &Paths,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    tiles::draw(doc, board, view, colours, paths.labels);
    let mut placer = tile_obstacles(board, view);
    match &paths.animated {
        Some((segments, timeline)) => {
            paths::draw(doc, segments, view, &mut placer, Some(timeline));
            timeline.draw_tokens(doc, view.tile_r * 0.55);
        }
        None => {
            let mut drawer = paths::Drawer::new(view);
            let mut written = Ok(());
            path_segments(board, view, paths, None, &mut |s| {
                if written.is_ok() {
                    drawer.line(doc, s, &mut placer, None);
                    written = doc.drain(out, false);
                }
            });
            written?;
            drawer.labels(doc, &mut placer, None);
        }
    }
    Ok(())
}

/// Makes the segments of `paths` one by one, in drawing order, handing each to `emit`: each
/// piece's enter move, and each group's moves once. With a timeline, each is given its time.
fn path_segments(
    board: &Board,
    view: &View,
    paths: &Paths,
    mut timeline: Option<&mut Timeline>,
    emit: &mut dyn FnMut(Segment),
) {
    let (solved, groups, users) = (&paths.solved, &paths.groups, &paths.users);
    let p = &board.players[paths.player];
    let positions = step_positions(board, paths.player);
    let mut labelled: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (gi, g) in groups.iter().enumerate() {
        let colour = palette::piece_colour(g.first);
        let lane = (gi as f64 - (groups.len() - 1) as f64 / 2.0) * view.lane();
        let start = view.px(positions[0]);
        let path = &solved.pieces[g.first];
        let numbers = piece_numbers(&g.pieces);
        let title = group_title(g, path.target);
        let mut drawn = false;
        for &k in &g.pieces {
            let from_tile = view.px(p.base[waiting_tile(p.pieces(), k)]);
            let token = timeline.as_mut().map(|t| t.token(colour, from_tile));
            let mut when = |to: (f64, f64)| timeline.as_mut().zip(token).map(|(t, i)| t.go(i, to));
            emit(Segment {
                from: from_tile,
                to: start,
                colour,
                lane: 0.0,
                kind: Kind::Enter,
                label: None,
                when: when(start),
                info: Some(enter_info(k, path.target, p.pieces(), solved)),
            });
            let moves = path.rolls.len();
            for (i, ((w, &roll), cost)) in path
                .steps
                .windows(2)
                .zip(&path.rolls)
                .zip(&path.costs)
                .enumerate()
            {
                let to = view.px(positions[w[1]]);
                let at = when(to);
                if drawn {
                    continue;
                }
                let (label, label_pieces) = move_label(
                    &users[&(w[0], w[1])],
                    &mut labelled,
                    (w[0], w[1]),
                    roll,
                    colour,
                );
                emit(Segment {
                    from: view.px(positions[w[0]]),
                    to,
                    colour,
                    lane,
                    kind: Kind::Move,
                    label,
                    when: at,
                    info: Some(Info {
                        pieces: numbers.clone(),
                        label_pieces,
                        number: i + 1,
                        title: format!(
                            "{title}, move {} of {moves}: roll {roll}, cost {cost}",
                            i + 1
                        ),
                    }),
                });
            }
            drawn = true;
        }
    }
}

/// The legend of a panel of shortest paths.
fn paths_legend(
    board: &Board,
    paths: &Paths,
    request: &Request,
    shared: bool,
    timeline: Option<&Timeline>,
) -> Vec<Item> {
    let (solved, groups) = (&paths.solved, &paths.groups);
    let p = &board.players[paths.player];
    let mut items = vec![
        Item::Title(board.name.clone()),
        Item::Text(match request.piece {
            Some(n) => format!("player {}, piece {n} of {}", p.name, p.pieces()),
            None => format!("player {}, {}", p.name, all_pieces(p.pieces())),
        }),
    ];
    items.extend(rules_lines(board).map(Item::Note));
    items.push(Item::Gap);
    items.extend(groups.iter().map(|g| group_swatch(g, solved)));
    items.push(Item::Swatch {
        colour: palette::MUTED,
        dashed: true,
        text: format!(
            "enter: {}",
            with_cm(&solved.enter, &solved.unit, solved.enter_cm)
        ),
        detail: Some(format!(
            "{}, waiting tile \u{2192} start tile",
            all_pieces(p.pieces())
        )),
    });
    if shared {
        items.push(Item::Note(
            "dark numbers: moves that several pieces make".into(),
        ));
    }
    items.push(Item::Gap);
    items.push(Item::Text(format!(
        "total: {}",
        with_cm(&solved.total, &solved.unit, solved.total_cm)
    )));
    if request.piece.is_some() {
        items.push(Item::Note(format!(
            "the total is for {} and the enter moves",
            all_pieces(p.pieces())
        )));
    }
    if let Some(t) = timeline {
        items.push(Item::Note(format!(
            "animated: a move every {} s, a cycle {} s",
            svg::num(animate::MOVE_S + animate::REST_S),
            svg::num(t.total())
        )));
    }
    items
}

/// The board with the tiles a bit-board value sets, and the path through them.
fn bits_panel(
    board: &Board,
    view: &View,
    colours: &[Rgb],
    player: usize,
    value: u128,
    labels: bool,
) -> Result<Panel, RenderError> {
    let p = &board.players[player];
    // The layout depends on the longest path, so on the costs: built as `solve` and `decode` do.
    let layout = bitboard_layout(board, player)?;
    let view_of_value =
        BitboardView::new(board, player, layout, value).map_err(RenderError::Bits)?;
    let decoded = view_of_value.reading();
    let positions = step_positions(board, player);

    let mut body = Svg::new();
    tiles::draw(&mut body, board, view, colours, labels);
    let set_points = decoded
        .waiting
        .iter()
        .map(|&i| p.base[i])
        .chain(decoded.steps.iter().map(|&s| positions[s]));
    for point in set_points {
        let (x, y) = view.px(point);
        body.empty(
            El::new("circle")
                .a("class", "set")
                .a("cx", x)
                .a("cy", y)
                .a("r", view.tile_r + 3.5)
                .a("fill", "none")
                .a("stroke", palette::HIGHLIGHT.hex())
                .a("stroke-width", 4.0),
        );
    }
    let path = decoded.path(p.track_steps);
    let segments: Vec<Segment> = path
        .windows(2)
        .map(|w| Segment {
            from: view.px(positions[w[0]]),
            to: view.px(positions[w[1]]),
            colour: palette::piece_colour(0),
            lane: 0.0,
            kind: Kind::Bits,
            label: Some(((w[1] - w[0]).to_string(), palette::piece_colour(0))),
            when: None,
            info: None,
        })
        .collect();
    let mut placer = tile_obstacles(board, view);
    paths::draw(&mut body, &segments, view, &mut placer, None);

    let items = bits_legend(board, player, &layout, value, decoded, segments.len());
    Ok(Panel {
        player: p.name.clone(),
        body: Body::Drawn(body),
        legend: Legend { items },
        view: *view,
    })
}

/// Pieces by their numbers from 1, e.g. `1 2 3 4`.
fn piece_numbers(pieces: &[usize]) -> String {
    pieces
        .iter()
        .map(|k| (k + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the enter move of piece `k` (of `pieces`, bound for goal tile `target`) shows.
fn enter_info(k: usize, target: usize, pieces: usize, solved: &solved::SolutionSummary) -> Info {
    Info {
        pieces: (k + 1).to_string(),
        label_pieces: String::new(),
        number: 0,
        title: format!(
            "{}: enters, from its waiting tile onto the start tile (the enter moves of {}: {})",
            piece_title(k, target),
            all_pieces(pieces),
            with_cm(&solved.enter, &solved.unit, solved.enter_cm)
        ),
    }
}

/// The roll number drawn on move `key` and the pieces it lists: in the group's colour when one
/// group makes the move, else once (the first time, recorded in `labelled`) in ink.
fn move_label(
    (n, makers): &(usize, Vec<usize>),
    labelled: &mut BTreeSet<(usize, usize)>,
    key: (usize, usize),
    roll: u32,
    colour: Rgb,
) -> (Option<(String, Rgb)>, String) {
    let label = match n {
        1 => Some((roll.to_string(), colour)),
        _ if labelled.insert(key) => Some((roll.to_string(), palette::INK)),
        _ => None,
    };
    // Only a drawn roll number lists every piece making the move: written for each segment, the
    // lists would grow with the square of the pieces.
    let label_pieces = match label {
        Some(_) => makers
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        None => String::new(),
    };
    (label, label_pieces)
}

/// The legend line of group `g`: its length, and its first rolls and how many there are.
fn group_swatch(g: &Group, solved: &solved::SolutionSummary) -> Item {
    let piece = &solved.pieces[g.first];
    // A legend line, not a list: a long race shows its first rolls and how many there are.
    let mut rolls: Vec<String> = piece
        .rolls
        .iter()
        .take(LEGEND_ROLLS)
        .map(u32::to_string)
        .collect();
    if piece.rolls.len() > LEGEND_ROLLS {
        rolls.push("\u{2026}".into());
    }
    let each = if g.pieces.len() > 1 { " each" } else { "" };
    Item::Swatch {
        colour: palette::piece_colour(g.first),
        dashed: false,
        text: format!(
            "{}: {}{each}",
            group_title(g, piece.target),
            with_cm(&piece.length, &solved.unit, piece.length_cm)
        ),
        detail: Some(format!(
            "{}, rolls {}",
            plural(piece.rolls.len(), "move", "moves"),
            rolls.join(" ")
        )),
    }
}

/// The legend of a bit-board panel: the value, its fields, and what the drawing shows.
fn bits_legend(
    board: &Board,
    player: usize,
    layout: &Layout,
    value: u128,
    decoded: &Reading,
    moves: usize,
) -> Vec<Item> {
    let p = &board.players[player];
    let [waiting, track, goal, distance] = layout.fields(value);
    let digits = (layout.width.bits() / 4) as usize;
    let cm = board.scale.map(|s| s.to_cm(decoded.distance as f64));
    let unit = &board.unit;
    vec![
        Item::Title(board.name.clone()),
        Item::Text(format!("bit-board of player {}", p.name)),
        Item::Text(format!("0x{value:0digits$x}")),
        Item::Note(format!(
            "{}: {} waiting + {} track + {} goal + {} distance bits",
            layout.width.name(),
            layout.waiting,
            layout.track,
            layout.goal,
            layout.distance
        )),
        Item::Gap,
        Item::Field("waiting".into(), grouped(&waiting)),
        Item::Field("track".into(), grouped(&track)),
        Item::Field("goal".into(), grouped(&goal)),
        Item::Field("distance".into(), grouped(&distance)),
        Item::Gap,
        Item::Text(format!(
            "distance: {}",
            with_cm(&decoded.distance.to_string(), unit, cm)
        )),
        Item::Text(format!(
            "set: {} waiting, {} track, {} goal tiles",
            decoded.waiting.len(),
            decoded.steps.iter().filter(|&&s| s < p.track_steps).count(),
            decoded
                .steps
                .iter()
                .filter(|&&s| s >= p.track_steps)
                .count()
        )),
        Item::Gap,
        Item::Ring(palette::HIGHLIGHT, "ringed: tiles whose bit is set".into()),
        Item::Swatch {
            colour: palette::piece_colour(0),
            dashed: false,
            text: format!("the path through them, {}", plural(moves, "move", "moves")),
            detail: Some("numbers: tiles advanced (the roll)".into()),
        },
    ]
}

/// `bits` as groups of ten, so long fields stay countable.
fn grouped(bits: &str) -> String {
    let chars: Vec<char> = bits.chars().collect();
    chars
        .chunks(10)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `all 4 pieces`, or `its one piece`.
fn all_pieces(n: usize) -> String {
    if n == 1 {
        "its one piece".to_string()
    } else {
        format!("all {n} pieces")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_ten() {
        assert_eq!(grouped("111111111100"), "1111111111 00");
    }
}
