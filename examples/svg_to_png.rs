//! Rasterises SVG files with boardpath's renderer and its embedded font, e.g. to look at the
//! pictures in `docs/` without a browser:
//!
//! ```sh
//! cargo run --release --example svg_to_png -- docs/pictures/maedn.svg /tmp/maedn.png
//! ```
//!
//! Animations are not played: the PNG shows the first frame.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: svg_to_png INPUT.svg OUTPUT.png");
        return ExitCode::from(2);
    };
    let result = std::fs::read_to_string(input)
        .map_err(|e| format!("{input}: cannot read: {e}"))
        .and_then(|svg| boardpath::render::png::rasterise(&svg).map_err(|e| e.to_string()))
        .and_then(|png| {
            std::fs::write(output, png).map_err(|e| format!("{output}: cannot write: {e}"))
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
