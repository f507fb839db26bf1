//! Straight moves drawn between tiles: a line from tile edge to tile edge, an arrowhead that stops at
//! the target tile's rim (so no circle hides it), and the roll number on the line.

use super::animate::Timeline;
use super::labels::Placer;
use super::palette::{self, Rgb};
use super::svg::{El, Svg, num};
use super::view::View;

/// What a segment stands for; its `class` in the SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A rolled move of a piece's shortest path.
    Move,
    /// A piece's move from its waiting tile onto the start tile (dashed, no roll number).
    Enter,
    /// A move read off a `--bits` value.
    Bits,
}

impl Kind {
    fn class(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Enter => "enter",
            Kind::Bits => "bitpath",
        }
    }
}

/// One straight move to draw, between two tile centres in pixels.
#[derive(Clone, Debug)]
pub(crate) struct Segment {
    /// Centre of the tile moved from.
    pub from: (f64, f64),
    /// Centre of the tile moved to.
    pub to: (f64, f64),
    /// Stroke colour.
    pub colour: Rgb,
    /// Sideways shift in pixels, so that pieces sharing a move stay apart.
    pub lane: f64,
    /// What it stands for.
    pub kind: Kind,
    /// The number written on it (the roll) and the colour of its disc.
    pub label: Option<(String, Rgb)>,
    /// When the animation draws it (seconds), if animated.
    pub when: Option<(f64, f64)>,
    /// Which move of which pieces it is, for hover text and the HTML viewer.
    pub info: Option<Info>,
}

/// What a drawn move is: written as a `<title>` (shown on hover) and `data-` attributes, which the
/// HTML viewer reads to show, hide and step through the pieces' moves.
#[derive(Clone, Debug)]
pub(crate) struct Info {
    /// The pieces (numbered from 1, in finishing order) that make this move, e.g. `1 2 3 4` for
    /// the shared path of a stack goal.
    pub pieces: String,
    /// The pieces of every group drawn making this move: its roll number, drawn once, stays shown
    /// while any of them is.
    pub label_pieces: String,
    /// The move's number along the piece's path, from 1; 0 for the enter move.
    pub number: usize,
    /// One line describing it: piece, move, roll and cost.
    pub title: String,
}

impl Info {
    /// The element that groups a move's drawing (`class` as given), with its `data-` attributes:
    /// `pieces`, the move's number, and the centres of the tiles it joins (`data-from`,
    /// `data-to`, in the panel's pixels).
    fn group(&self, class: &str, pieces: &str, s: &Segment) -> El {
        El::new("g")
            .a("class", class.to_string())
            .a("data-pieces", pieces)
            .a("data-move", self.number)
            .a("data-from", format!("{} {}", num(s.from.0), num(s.from.1)))
            .a("data-to", format!("{} {}", num(s.to.0), num(s.to.1)))
    }
}

/// The line of segment `s` (of shape `sh`), up to its arrowhead; enter moves thinner and dashed.
fn shaft(s: &Segment, sh: &Shape, stroke: f64) -> El {
    let base = (
        sh.tip.0 - sh.dir.0 * sh.arrow * 0.9,
        sh.tip.1 - sh.dir.1 * sh.arrow * 0.9,
    );
    let width = if s.kind == Kind::Enter {
        stroke * 0.7
    } else {
        stroke
    };
    let mut line = El::new("line")
        .a("class", s.kind.class())
        .a("x1", sh.start.0)
        .a("y1", sh.start.1)
        .a("x2", base.0)
        .a("y2", base.1)
        .a("stroke", s.colour.hex())
        .a("stroke-width", width);
    if s.kind == Kind::Enter {
        line = line.a(
            "stroke-dasharray",
            format!("{} {}", num(width * 2.5), num(width * 2.0)),
        );
    }
    line
}

/// The arrowhead at the tip of shape `sh`, in `colour`.
fn arrowhead(sh: &Shape, colour: Rgb) -> El {
    let half = sh.arrow * 0.38;
    let back = (
        sh.tip.0 - sh.dir.0 * sh.arrow,
        sh.tip.1 - sh.dir.1 * sh.arrow,
    );
    let pts = [
        sh.tip,
        (back.0 + sh.normal.0 * half, back.1 + sh.normal.1 * half),
        (back.0 - sh.normal.0 * half, back.1 - sh.normal.1 * half),
    ];
    El::new("polygon")
        .a("class", "arrowhead")
        .a(
            "points",
            pts.iter()
                .map(|p| format!("{},{}", num(p.0), num(p.1)))
                .collect::<Vec<_>>()
                .join(" "),
        )
        .a("fill", colour.hex())
}

/// A segment's drawn geometry.
struct Shape {
    /// Start of the visible line.
    start: (f64, f64),
    /// The arrowhead's tip.
    tip: (f64, f64),
    /// Unit direction and its left normal.
    dir: (f64, f64),
    normal: (f64, f64),
    /// Arrowhead length.
    arrow: f64,
}

fn shape(s: &Segment, view: &View) -> Shape {
    let (dx, dy) = (s.to.0 - s.from.0, s.to.1 - s.from.1);
    let len = dx.hypot(dy).max(1e-9);
    let dir = (dx / len, dy / len);
    let normal = (-dir.1, dir.0);
    let r = view.tile_r;
    // A shifted line meets the circle a little nearer its centre than the rim straight ahead.
    let trim = (r * r - s.lane * s.lane).max(0.0).sqrt() + 1.5;
    // Very close tiles: keep at least a visible arrowhead between them.
    let trim = trim.min(((len - view.arrow() - 2.0) / 2.0).max(0.0));
    let off = (normal.0 * s.lane, normal.1 * s.lane);
    let start = (
        s.from.0 + off.0 + dir.0 * trim,
        s.from.1 + off.1 + dir.1 * trim,
    );
    let tip = (s.to.0 + off.0 - dir.0 * trim, s.to.1 + off.1 - dir.1 * trim);
    let visible = (len - 2.0 * trim).max(0.0);
    Shape {
        start,
        tip,
        dir,
        normal,
        arrow: view.arrow().min(0.8 * visible),
    }
}

/// Draws `segments`: lines and arrowheads first, then every roll number on top, placed clear of
/// arrowheads, goal letters and each other. With a timeline each appears when its move is made.
pub fn draw(
    svg: &mut Svg,
    segments: &[Segment],
    view: &View,
    placer: &mut Placer,
    timeline: Option<&Timeline>,
) {
    let mut drawer = Drawer::new(view);
    for s in segments {
        drawer.line(svg, s.clone(), placer, timeline);
    }
    drawer.labels(svg, placer, timeline);
}

/// Draws segments one at a time as they are made (so thousands of pieces' moves are never held
/// together): each line and arrowhead at once, and the segments with a roll number kept for
/// [`Drawer::labels`], which puts the numbers on top once every arrowhead is known.
pub(crate) struct Drawer<'v> {
    view: &'v View,
    /// Segments whose roll number is still to be drawn, with their shapes.
    labelled: Vec<(Segment, Shape)>,
}

impl<'v> Drawer<'v> {
    /// A drawer for segments on `view`.
    pub fn new(view: &'v View) -> Drawer<'v> {
        Drawer {
            view,
            labelled: Vec::new(),
        }
    }

    /// Draws `s`'s line and arrowhead, and marks its arrowhead as an obstacle for roll numbers.
    pub fn line(
        &mut self,
        svg: &mut Svg,
        s: Segment,
        placer: &mut Placer,
        timeline: Option<&Timeline>,
    ) {
        let sh = shape(&s, self.view);
        let animated = timeline.zip(s.when);
        let class = if animated.is_some() {
            "step"
        } else {
            "segment"
        };
        let grouped = match (&s.info, animated) {
            (Some(info), _) => {
                svg.open(info.group(class, &info.pieces, &s));
                svg.text(El::new("title"), &info.title);
                true
            }
            (None, Some(_)) => {
                svg.open(El::new("g").a("class", class));
                true
            }
            (None, None) => false,
        };
        if let Some((tl, when)) = animated {
            tl.reveal(svg, when);
        }
        svg.empty(shaft(&s, &sh, self.view.stroke()));
        svg.empty(arrowhead(&sh, s.colour));
        placer.obstacle(
            sh.tip.0 - sh.dir.0 * sh.arrow * 0.5,
            sh.tip.1 - sh.dir.1 * sh.arrow * 0.5,
            sh.arrow * 0.5,
            20.0,
        );
        if grouped {
            svg.close("g");
        }
        if s.label.is_some() {
            self.labelled.push((s, sh));
        }
    }

    /// Draws the roll numbers of the segments drawn, on top of every line, each placed clear of
    /// arrowheads, goal letters and the numbers placed before it.
    pub fn labels(self, svg: &mut Svg, placer: &mut Placer, timeline: Option<&Timeline>) {
        let lr = self.view.label_r();
        for (s, sh) in &self.labelled {
            let Some((label, disc)) = &s.label else {
                continue;
            };
            let font = lr * 1.35;
            // Numbers of two or more digits (dice with more faces) widen the disc to fit.
            let r = lr.max(super::font::width(label, font) / 2.0 + 1.5);
            let (x, y) = placer.place(r, &candidates(sh, r));
            let animated = timeline.zip(s.when);
            match &s.info {
                Some(info) => {
                    svg.open(info.group("roll", &info.label_pieces, s));
                    svg.text(El::new("title"), &info.title);
                }
                None => svg.open(El::new("g").a("class", "roll")),
            }
            if let Some((tl, when)) = animated {
                tl.reveal(svg, when);
            }
            svg.empty(
                El::new("circle")
                    .a("class", "roll-disc")
                    .a("cx", x)
                    .a("cy", y)
                    .a("r", r)
                    .a("fill", disc.hex())
                    .a("stroke", palette::WHITE.hex())
                    .a("stroke-width", 1.2),
            );
            svg.text(
                El::new("text")
                    .a("x", x)
                    .a("y", y + 0.36 * font)
                    .a("font-size", font)
                    .a("text-anchor", "middle")
                    .a("fill", palette::WHITE.hex()),
                label,
            );
            svg.close("g");
        }
    }
}

/// Spots for a segment's label: on the line between its ends, middle first, then beside it.
fn candidates(sh: &Shape, lr: f64) -> Vec<(f64, f64)> {
    let end = (
        sh.tip.0 - sh.dir.0 * sh.arrow,
        sh.tip.1 - sh.dir.1 * sh.arrow,
    );
    let at = |t: f64, side: f64| {
        (
            sh.start.0 + (end.0 - sh.start.0) * t + sh.normal.0 * side,
            sh.start.1 + (end.1 - sh.start.1) * t + sh.normal.1 * side,
        )
    };
    let ts = [0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95];
    let mut out = Vec::new();
    for side in [0.0, 2.2 * lr, -2.2 * lr, 4.2 * lr, -4.2 * lr] {
        out.extend(ts.iter().map(|&t| at(t, side)));
    }
    out
}
