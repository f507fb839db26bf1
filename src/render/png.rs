//! Rasterising an SVG picture to PNG with resvg, using only the font compiled into the binary, so
//! the same picture gives the same pixels on every machine.

use super::error::RenderError;
use super::font::{FAMILY, FONT};
use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// Rasterises `svg` at one pixel per SVG unit and encodes it as PNG.
pub fn rasterise(svg: &str) -> Result<Vec<u8>, RenderError> {
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
