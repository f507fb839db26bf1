//! Rasterising an SVG picture to PNG with resvg, using only the font compiled into the binary, so
//! the same picture gives the same pixels on every machine.

use super::error::RenderError;
use super::font::{FAMILY, FONT};
use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// The largest PNG drawn, in pixels: 400 MB of memory at 4 bytes a pixel.
const MAX_PIXELS: u64 = 100_000_000;

/// Rasterises `svg` at one pixel per SVG unit and encodes it as PNG.
pub fn rasterise(svg: &str) -> Result<Vec<u8>, RenderError> {
    // Refuse a picture too big before parsing it: the root element states its size.
    if let Some((w, h)) = declared_size(svg) {
        too_many_pixels(w.ceil() as u64, h.ceil() as u64)?;
    }
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT.to_vec());
    // Generic families too, so that no text depends on what the machine has installed.
    fonts.set_sans_serif_family(FAMILY);
    fonts.set_serif_family(FAMILY);
    fonts.set_monospace_family(FAMILY);
    let options = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Raster(e.to_string()))?;
    let size = tree.size().to_int_size();
    too_many_pixels(u64::from(size.width()), u64::from(size.height()))?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        RenderError::Raster(format!(
            "cannot allocate a {}x{} picture",
            size.width(),
            size.height()
        ))
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Raster(e.to_string()))
}

fn too_many_pixels(width: u64, height: u64) -> Result<(), RenderError> {
    let pixels = width.saturating_mul(height);
    if pixels > MAX_PIXELS {
        return Err(RenderError::TooBig(format!(
            "a {width}x{height} PNG is {pixels} pixels, more than the {MAX_PIXELS} a PNG may have (4 bytes each in memory); write an .svg instead"
        )));
    }
    Ok(())
}

/// The `width` and `height` of the root `<svg>` element, when it states them in plain numbers.
fn declared_size(svg: &str) -> Option<(f64, f64)> {
    let root = &svg[svg.find("<svg")?..];
    let root = &root[..root.find('>')?];
    let attr = |name: &str| -> Option<f64> {
        let at = root.find(&format!(" {name}=\""))? + name.len() + 3;
        root[at..].split('"').next()?.parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}
