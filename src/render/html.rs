//! The HTML viewer: the SVG that [`svg`](super::svg()) draws, in a page whose script shows and
//! hides players and pieces, walks through a player's moves with a slider and step buttons, shows
//! each move's roll and cost on hover, and offers the board, the picture (SVG, PNG) and the
//! solution (JSON) for download.
//!
//! `boardpath render -o FILE.html` writes it as one self-contained file: style, script, picture
//! and data inline, nothing loaded from the network. `boardpath serve` adds an editor pane and its
//! own script (an [`Extra`]) to the same page.
//!
//! The script reads what it needs from the SVG itself: every panel names its player
//! (`data-player`), every drawn move its pieces, its number and the tiles it joins (`data-pieces`,
//! `data-move`, `data-from`, `data-to`), with a `<title>` giving its roll and cost.

use super::svg::escape;
use serde_json::json;

/// The viewer's style sheet.
pub const STYLE: &str = include_str!("html/viewer.css");
/// The viewer's script (plain JavaScript, no build step, no network).
pub const SCRIPT: &str = include_str!("html/viewer.js");

/// What a viewer page shows.
#[derive(Clone, Copy, Debug)]
pub struct Page<'a> {
    /// The page's title: the board's name.
    pub title: &'a str,
    /// The board file's name, which the downloads are named after (`ludo.toml` gives
    /// `ludo.svg`, `ludo.png`, `ludo.json`).
    pub file: &'a str,
    /// The board file's text, for the TOML download.
    pub toml: &'a str,
    /// The picture, as [`svg`](super::svg()) draws it; empty when a script fills it in.
    pub svg: &'a str,
    /// The `solve --format json` document of the solutions drawn, for the JSON download.
    pub solution: Option<&'a str>,
}

/// More of a page: `boardpath serve`'s editor.
#[derive(Clone, Copy, Debug)]
pub struct Extra<'a> {
    /// Markup placed before the viewer (the editor pane).
    pub before: &'a str,
    /// Markup placed after the viewer.
    pub after: &'a str,
    /// A style sheet.
    pub style: &'a str,
    /// A script run after the viewer's.
    pub script: &'a str,
    /// Data for that script, in `<script type="application/json" id="extra-data">`.
    pub data: &'a serde_json::Value,
}

/// What the page may load: nothing from the network; its own inline script and style, pictures
/// from `data:` and `blob:` addresses (the PNG download), and requests to the server it came
/// from (`serve`'s API; a file opened from disk has none).
const CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'";

/// JSON text safe inside a `<script>` element: `<` (so `</script>` and `<!--`) written as `\u003c`,
/// which JSON allows in strings, the only place `<` can appear in JSON.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// A script's text safe inside a `<script>` element.
fn script_text(text: &str) -> String {
    text.replace("</script", "<\\/script")
}

/// The viewer's controls: which players and pieces are shown, the walk through the moves, the
/// view and the downloads (the script gives them their behaviour).
const CONTROLS: &str = r#"<div class="controls">
<fieldset id="players"><legend>players</legend></fieldset>
<fieldset id="pieces"><legend>pieces</legend></fieldset>
<fieldset id="walk-box"><legend>moves of</legend>
<select id="walk-player" aria-label="player whose moves to walk"></select>
<button type="button" id="walk-first" title="before the first move (Home)" aria-label="before the first move" aria-keyshortcuts="Home">|&#x25C0;</button>
<button type="button" id="walk-prev" title="previous move (left arrow)" aria-label="previous move" aria-keyshortcuts="ArrowLeft">&#x25C0;</button>
<input type="range" id="walk" min="0" max="0" value="0" aria-label="move">
<button type="button" id="walk-next" title="next move (right arrow)" aria-label="next move" aria-keyshortcuts="ArrowRight">&#x25B6;</button>
<button type="button" id="walk-last" title="after the last move (End)" aria-label="after the last move" aria-keyshortcuts="End">&#x25B6;|</button>
</fieldset>
<fieldset id="view-box"><legend>view</legend>
<button type="button" id="zoom-in" title="zoom in (+; or the mouse wheel)" aria-keyshortcuts="+">+</button>
<button type="button" id="zoom-out" title="zoom out (-)" aria-keyshortcuts="-">&#x2212;</button>
<button type="button" id="zoom-fit" title="the whole picture (0)" aria-keyshortcuts="0">fit</button>
</fieldset>
<fieldset id="downloads"><legend>download</legend>
<button type="button" id="download-toml">TOML</button>
<button type="button" id="download-svg">SVG</button>
<button type="button" id="download-png">PNG</button>
<button type="button" id="download-json">JSON</button>
</fieldset>
</div>"#;

/// The whole page: the viewer of `page`, with `extra` around it when given.
pub fn page(page: &Page, extra: Option<&Extra>) -> String {
    let data = json!({
        "file": page.file,
        "toml": page.toml,
        "solution": page.solution,
    });
    let mode = if extra.is_some() {
        "workbench"
    } else {
        "standalone"
    };
    let extra_style = extra.map_or("", |e| e.style);
    let extra_script = extra.map_or(String::new(), |e| {
        format!(
            "<script type=\"application/json\" id=\"extra-data\">{}</script>\n<script>\n{}\n</script>\n",
            script_json(e.data),
            script_text(e.script)
        )
    });
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<title>{title} - boardpath</title>
<style>
{style}
{extra_style}
</style>
</head>
<body data-mode="{mode}">
<header><h1>{title}</h1><span class="tagline">boardpath {what}</span></header>
<main>
{before}
<section id="viewer" aria-label="the board and its shortest paths">
{controls}
<p id="walk-caption" class="caption" aria-live="polite"></p>
<p id="hover" class="caption hover"></p>
<div id="drawing">
{svg}
</div>
</section>
{after}
</main>
<script type="application/json" id="boardpath-data">{data}</script>
<script>
{script}
</script>
{extra_script}</body>
</html>
"#,
        title = escape(page.title),
        csp = CSP,
        style = STYLE,
        controls = CONTROLS,
        what = if extra.is_some() {
            "workbench"
        } else {
            "viewer"
        },
        before = extra.map_or("", |e| e.before),
        after = extra.map_or("", |e| e.after),
        svg = page.svg,
        data = script_json(&data),
        script = script_text(SCRIPT),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_cannot_end_its_script() {
        let page = page(
            &Page {
                title: "a <b> & c",
                file: "x.toml",
                toml: "name = \"</script><script>alert(1)</script>\"",
                svg: "",
                solution: None,
            },
            None,
        );
        assert_eq!(page.matches("</script>").count(), 2, "{page}");
        assert!(page.contains("<title>a &lt;b&gt; &amp; c - boardpath</title>"));
        let start = page.find("id=\"boardpath-data\">").unwrap() + 20;
        let end = start + page[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(
            data["toml"],
            "name = \"</script><script>alert(1)</script>\""
        );
        assert_eq!(data["solution"], serde_json::Value::Null);
    }
}
