//! The animation: a token per piece moving roll by roll, pieces one after another (SMIL, so it
//! plays in browsers with no script; still renderers show the first frame).

use super::palette::{self, Rgb};
use super::svg::{El, Svg};

/// Seconds one move takes.
pub(crate) const MOVE_S: f64 = 0.6;
/// Seconds a token rests between moves.
pub(crate) const REST_S: f64 = 0.25;
/// Seconds the finished picture stays before the animation starts over.
pub(crate) const END_S: f64 = 2.5;

/// A key-time fraction, with enough decimals to keep short rests apart.
fn frac(x: f64) -> String {
    let s = format!("{x:.5}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() { "0".into() } else { s.into() }
}

/// One piece's token and where it is at each key time (seconds).
struct Token {
    colour: Rgb,
    keys: Vec<(f64, (f64, f64))>,
}

/// When every move happens.
#[derive(Default)]
pub(crate) struct Timeline {
    clock: f64,
    tokens: Vec<Token>,
}

impl Timeline {
    /// An empty timeline.
    pub fn new() -> Timeline {
        Timeline::default()
    }

    /// Adds a token waiting at `at` from the start; returns its index.
    pub fn token(&mut self, colour: Rgb, at: (f64, f64)) -> usize {
        self.tokens.push(Token {
            colour,
            keys: vec![(0.0, at)],
        });
        self.tokens.len() - 1
    }

    /// Moves token `token` to `to` after a rest; returns the move's start and end in seconds.
    pub fn go(&mut self, token: usize, to: (f64, f64)) -> (f64, f64) {
        let start = self.clock + REST_S;
        let end = start + MOVE_S;
        self.clock = end;
        let keys = &mut self.tokens[token].keys;
        let here = keys.last().map_or(to, |k| k.1);
        keys.push((start, here));
        keys.push((end, to));
        (start, end)
    }

    /// Length of one cycle in seconds.
    pub fn total(&self) -> f64 {
        self.clock + END_S
    }

    /// Writes the `<animate>` that shows an element faintly until `[start, end]`, then fully.
    pub(crate) fn reveal(&self, svg: &mut Svg, (start, end): (f64, f64)) {
        let t = self.total();
        svg.empty(
            El::new("animate")
                .a("attributeName", "opacity")
                .a("values", "0.15;0.15;1;1")
                .a(
                    "keyTimes",
                    format!("0;{};{};1", frac(start / t), frac(end / t)),
                )
                .a("dur", format!("{}s", super::svg::num(t)))
                .a("repeatCount", "indefinite"),
        );
    }

    /// Draws the tokens with their motion, `r` pixels in radius.
    pub(crate) fn draw_tokens(&self, svg: &mut Svg, r: f64) {
        let t = self.total();
        let dur = format!("{}s", super::svg::num(t));
        for tok in &self.tokens {
            let (x0, y0) = tok.keys[0].1;
            svg.open(
                El::new("circle")
                    .a("class", "token")
                    .a("cx", x0)
                    .a("cy", y0)
                    .a("r", r)
                    .a("fill", tok.colour.hex())
                    .a("stroke", palette::WHITE.hex())
                    .a("stroke-width", 2.0),
            );
            let mut times: Vec<String> = tok.keys.iter().map(|k| frac(k.0 / t)).collect();
            let mut xs: Vec<String> = tok.keys.iter().map(|k| super::svg::num(k.1.0)).collect();
            let mut ys: Vec<String> = tok.keys.iter().map(|k| super::svg::num(k.1.1)).collect();
            if let Some(last) = tok.keys.last() {
                times.push("1".into());
                xs.push(super::svg::num(last.1.0));
                ys.push(super::svg::num(last.1.1));
            }
            for (attr, values) in [("cx", xs), ("cy", ys)] {
                svg.empty(
                    El::new("animate")
                        .a("attributeName", attr)
                        .a("values", values.join(";"))
                        .a("keyTimes", times.join(";"))
                        .a("dur", dur.clone())
                        .a("repeatCount", "indefinite"),
                );
            }
            svg.close("circle");
        }
    }
}
