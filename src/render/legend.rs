//! The legend beside a board drawing: title, rules, each piece's length, the enter cost and total.
//! Its width is measured with the embedded font, so the panel fits it.

use super::palette::{self, Rgb};
use super::svg::{El, Svg, num};

/// Inner margin of the legend in pixels.
pub(crate) const PAD: f64 = 18.0;
const SWATCH: f64 = 34.0;
/// Where the value column of [`Item::Field`] starts.
const FIELD: f64 = 62.0;

/// One line (or pair of lines) of a legend.
#[derive(Clone, Debug)]
pub enum Item {
    /// Large text.
    Title(String),
    /// Normal text.
    Text(String),
    /// Small grey text.
    Note(String),
    /// A coloured arrow, a text beside it and a small second line.
    Swatch {
        /// Colour of the arrow.
        colour: Rgb,
        /// Whether the arrow is dashed (enter moves).
        dashed: bool,
        /// The main text.
        text: String,
        /// The small line below, if any.
        detail: Option<String>,
    },
    /// Small text in two columns: a name and a value (bit fields).
    Field(String, String),
    /// A coloured ring and a text beside it.
    Ring(Rgb, String),
    /// Vertical space.
    Gap,
}

impl Item {
    fn height(&self) -> f64 {
        match self {
            Item::Title(_) => 26.0,
            Item::Text(_) => 20.0,
            Item::Note(_) => 16.0,
            Item::Swatch { detail, .. } => 20.0 + if detail.is_some() { 15.0 } else { 0.0 } + 4.0,
            Item::Field(..) => 16.0,
            Item::Ring(..) => 24.0,
            Item::Gap => 8.0,
        }
    }

    fn width(&self) -> f64 {
        let w = super::font::width;
        match self {
            Item::Title(t) => w(t, 17.0),
            Item::Text(t) => w(t, 13.0),
            Item::Note(t) => w(t, 11.0),
            Item::Swatch { text, detail, .. } => {
                SWATCH + 8.0 + w(text, 13.0).max(detail.as_deref().map_or(0.0, |d| w(d, 11.0)))
            }
            Item::Field(_, v) => FIELD + w(v, 11.0),
            Item::Ring(_, t) => SWATCH + 8.0 + w(t, 13.0),
            Item::Gap => 0.0,
        }
    }
}

/// A legend: items from top to bottom.
#[derive(Clone, Debug, Default)]
pub(crate) struct Legend {
    /// The items.
    pub items: Vec<Item>,
}

impl Legend {
    /// Width including margins.
    pub fn width(&self) -> f64 {
        self.items.iter().map(Item::width).fold(0.0, f64::max) + 2.0 * PAD
    }

    /// Height including margins.
    pub fn height(&self) -> f64 {
        self.items.iter().map(Item::height).sum::<f64>() + 2.0 * PAD
    }

    /// Draws the legend with its top-left corner at `(x, y)`.
    pub fn draw(&self, svg: &mut Svg, x: f64, y: f64) {
        svg.open(El::new("g").a("class", "legend"));
        let x = x + PAD;
        let mut top = y + PAD;
        let text = |svg: &mut Svg, x: f64, base: f64, size: f64, colour: Rgb, s: &str| {
            svg.text(
                El::new("text")
                    .a("x", x)
                    .a("y", base)
                    .a("font-size", size)
                    .a("fill", colour.hex()),
                s,
            );
        };
        for item in &self.items {
            match item {
                Item::Title(t) => text(svg, x, top + 18.0, 17.0, palette::INK, t),
                Item::Text(t) => text(svg, x, top + 14.0, 13.0, palette::INK, t),
                Item::Note(t) => text(svg, x, top + 11.0, 11.0, palette::MUTED, t),
                Item::Swatch {
                    colour,
                    dashed,
                    text: t,
                    detail,
                } => {
                    swatch(svg, x, top + 10.0, *colour, *dashed);
                    text(svg, x + SWATCH + 8.0, top + 14.0, 13.0, palette::INK, t);
                    if let Some(d) = detail {
                        text(svg, x + SWATCH + 8.0, top + 30.0, 11.0, palette::MUTED, d);
                    }
                }
                Item::Field(name, value) => {
                    text(svg, x, top + 11.0, 11.0, palette::MUTED, name);
                    text(svg, x + FIELD, top + 11.0, 11.0, palette::INK, value);
                }
                Item::Ring(colour, t) => {
                    svg.empty(
                        El::new("circle")
                            .a("class", "swatch")
                            .a("cx", x + SWATCH / 2.0)
                            .a("cy", top + 10.0)
                            .a("r", 8.0)
                            .a("fill", "none")
                            .a("stroke", colour.hex())
                            .a("stroke-width", 3.0),
                    );
                    text(svg, x + SWATCH + 8.0, top + 14.0, 13.0, palette::INK, t);
                }
                Item::Gap => {}
            }
            top += item.height();
        }
        svg.close("g");
    }
}

/// A swatch's arrow, its shaft centred at height `cy`: solid, or dashed for `dashed`.
fn swatch(svg: &mut Svg, x: f64, cy: f64, colour: Rgb, dashed: bool) {
    let mut line = El::new("line")
        .a("class", "swatch")
        .a("x1", x)
        .a("y1", cy)
        .a("x2", x + SWATCH - 9.0)
        .a("y2", cy)
        .a("stroke", colour.hex())
        .a("stroke-width", 3.0);
    if dashed {
        line = line.a("stroke-dasharray", "5 4");
    }
    svg.empty(line);
    svg.empty(
        El::new("polygon")
            .a(
                "points",
                format!(
                    "{},{} {},{} {},{}",
                    num(x + SWATCH),
                    num(cy),
                    num(x + SWATCH - 10.0),
                    num(cy - 4.5),
                    num(x + SWATCH - 10.0),
                    num(cy + 4.5)
                ),
            )
            .a("fill", colour.hex()),
    );
}
