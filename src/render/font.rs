//! The one font pictures use, compiled into the binary: DejaVu Sans (see `assets/fonts/LICENSE`).
//! The rasteriser draws with it, and the legend measures its text with it, so panels fit exactly.

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// The font file.
pub(crate) static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Its family name, which the SVG pictures ask for.
pub(crate) const FAMILY: &str = "DejaVu Sans";

/// Width in pixels of `text` set at `size` pixels, from the font's advance widths (no kerning, so
/// at most a little wider than drawn).
pub fn width(text: &str, size: f64) -> f64 {
    // An average advance for when the font cannot be read, which the embedded file always can.
    let fallback = 0.64 * size * text.chars().count() as f64;
    let Ok(font) = FontRef::new(FONT) else {
        return fallback;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size as f32), LocationRef::default());
    text.chars()
        .map(|c| {
            charmap
                .map(c)
                .and_then(|g| metrics.advance_width(g))
                .map_or(0.64 * size, f64::from)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_tabular_and_measured() {
        // DejaVu Sans digits advance 1303/2048 em.
        let w = width("0123456789", 20.0);
        assert!((w - 10.0 * 20.0 * 1303.0 / 2048.0).abs() < 0.01, "{w}");
        assert!(width("iii", 20.0) < width("WWW", 20.0));
    }
}
