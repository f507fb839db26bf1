//! A minimal SVG writer with deterministic output: fixed number formatting, attributes in the order
//! given, text escaped.

use std::fmt::Write;

/// A number as SVG text: at most two decimals, no trailing zeros, never `-0`.
pub fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// `text` escaped for use in XML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Something that can be an attribute value.
pub trait Value {
    /// The value as attribute text, escaped.
    fn text(&self) -> String;
}

impl Value for f64 {
    fn text(&self) -> String {
        num(*self)
    }
}

impl Value for usize {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Value for &str {
    fn text(&self) -> String {
        escape(self)
    }
}

impl Value for String {
    fn text(&self) -> String {
        escape(self)
    }
}

/// One element: a tag and its attributes, in the order added.
pub(crate) struct El {
    tag: &'static str,
    attrs: String,
}

impl El {
    /// An element with no attributes.
    pub fn new(tag: &'static str) -> El {
        El {
            tag,
            attrs: String::new(),
        }
    }

    /// Adds attribute `name="value"`.
    pub fn a(mut self, name: &str, value: impl Value) -> El {
        let _ = write!(self.attrs, " {name}=\"{}\"", value.text());
        self
    }
}

/// Text held before [`Svg::drain`] passes it on.
const DRAIN_BYTES: usize = 1 << 16;

/// An SVG document or fragment being written, indented by nesting depth.
#[derive(Default)]
pub struct Svg {
    out: String,
    depth: usize,
}

impl Svg {
    /// An empty fragment.
    pub fn new() -> Svg {
        Svg::default()
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// Writes `<tag ...>` and nests what follows inside it.
    pub fn open(&mut self, el: El) {
        self.indent();
        let _ = writeln!(self.out, "<{}{}>", el.tag, el.attrs);
        self.depth += 1;
    }

    /// Writes `</tag>`.
    pub fn close(&mut self, tag: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        let _ = writeln!(self.out, "</{tag}>");
    }

    /// Writes `<tag .../>`.
    pub fn empty(&mut self, el: El) {
        self.indent();
        let _ = writeln!(self.out, "<{}{}/>", el.tag, el.attrs);
    }

    /// Writes `<tag ...>text</tag>` with `text` escaped.
    pub fn text(&mut self, el: El, text: &str) {
        self.indent();
        let _ = writeln!(
            self.out,
            "<{}{}>{}</{}>",
            el.tag,
            el.attrs,
            escape(text),
            el.tag
        );
    }

    /// Appends another fragment, indented to the current depth.
    pub fn fragment(&mut self, other: &Svg) {
        for line in other.out.lines() {
            self.indent();
            self.out.push_str(line);
            self.out.push('\n');
        }
    }

    /// Writes the text held so far to `out` and forgets it, once it has grown past a buffer's
    /// worth (or always, with `all`): a picture streamed this way is never held whole in memory.
    pub(crate) fn drain(&mut self, out: &mut dyn std::io::Write, all: bool) -> std::io::Result<()> {
        if all || self.out.len() >= DRAIN_BYTES {
            out.write_all(self.out.as_bytes())?;
            self.out.clear();
        }
        Ok(())
    }

    /// The text written so far.
    #[cfg(test)]
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_fixed() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(2.0 / 3.0), "0.67");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-12.345), "-12.35");
        assert_eq!(num(100.0), "100");
    }

    #[test]
    fn elements_escape_and_nest() {
        let mut s = Svg::new();
        s.open(El::new("g").a("class", "a&b"));
        s.text(El::new("text").a("x", 1.25), "<ä>");
        s.close("g");
        assert_eq!(
            s.finish(),
            "<g class=\"a&amp;b\">\n  <text x=\"1.25\">&lt;ä&gt;</text>\n</g>\n"
        );
    }
}
