//! Charts as SVG text, drawn with plotters: the one place that sets up a canvas, picks series
//! colours and draws a legend beside a chart, for every plot the command line writes.

use plotters::coord::Shift;
use plotters::prelude::*;
use std::fmt;

/// A chart's drawing area on an SVG canvas.
pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// What a drawing step returns: plotters' errors, boxed.
pub(crate) type Drawn = Result<(), Box<dyn std::error::Error>>;

/// A chart that could not be drawn, or has nothing to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlotError(pub String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot draw the plot: {}", self.0)
    }
}

impl std::error::Error for PlotError {}

/// Runs `draw` on a white `width` x `height` canvas and returns the SVG.
pub fn svg(
    width: u32,
    height: u32,
    draw: impl FnOnce(&Area) -> Drawn,
) -> Result<String, PlotError> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (width, height)).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.into())
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(|e| e.into()))
            .map_err(|e| PlotError(e.to_string()))?;
    }
    Ok(text)
}

/// The colour of series `i`.
pub fn colour(i: usize) -> RGBColor {
    let (r, g, b) = Palette99::pick(i).rgb();
    RGBColor(r, g, b)
}

/// Pixels per legend line.
const LEGEND_LINE: i32 = 20;

/// The width a legend of `labels` needs, in pixels, estimated from their lengths.
pub(crate) fn legend_width(labels: &[String]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    40 + 7 * longest as u32
}

/// A legend in `area`: a colour swatch and the label of each series, top down.
pub fn legend(area: &Area, labels: &[String]) -> Drawn {
    for (i, label) in labels.iter().enumerate() {
        let y = 40 + i as i32 * LEGEND_LINE;
        area.draw(&Rectangle::new(
            [(8, y - 6), (24, y + 6)],
            colour(i).filled(),
        ))?;
        area.draw(&Text::new(
            label.clone(),
            (30, y - 7),
            ("sans-serif", 14).into_font(),
        ))?;
    }
    Ok(())
}
