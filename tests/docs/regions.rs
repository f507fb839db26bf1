//! Generated regions: `<!-- generated: boardpath ARGS -->`, the command's output, `<!-- end
//! generated -->` (see the crate's doc).

use super::{heavy, pages, regenerating, rewrite, root, shell, splice_lines};

const OPEN: &str = "<!-- generated: ";
const OPEN_HEAVY: &str = "<!-- generated heavy: ";
const CLOSE: &str = "<!-- end generated -->";

/// One generated region of a page.
#[derive(Debug)]
struct Region {
    /// The line of its opening marker, from 0.
    line: usize,
    /// The command, `boardpath ...`.
    command: String,
    heavy: bool,
    /// The lines between the markers.
    body: Vec<String>,
}

/// The regions of `text`; a marker without its end, or a command not `boardpath`, is an error.
fn regions(page: &str, text: &str) -> Vec<Region> {
    let mut found = Vec::new();
    let mut open: Option<Region> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(region) = &mut open {
            if line == CLOSE {
                found.push(open.take().unwrap());
            } else {
                assert!(
                    !line.starts_with(OPEN) && !line.starts_with(OPEN_HEAVY),
                    "{page}:{}: a generated region opens inside another",
                    i + 1
                );
                region.body.push(line.to_string());
            }
            continue;
        }
        let (rest, heavy) = match (line.strip_prefix(OPEN), line.strip_prefix(OPEN_HEAVY)) {
            (Some(rest), _) => (rest, false),
            (_, Some(rest)) => (rest, true),
            _ => continue,
        };
        let command = rest
            .strip_suffix(" -->")
            .unwrap_or_else(|| panic!("{page}:{}: the marker ends with ` -->`", i + 1));
        assert!(
            command.starts_with("boardpath "),
            "{page}:{}: a generated region runs boardpath only: {command}",
            i + 1
        );
        open = Some(Region {
            line: i,
            command: command.to_string(),
            heavy,
            body: Vec::new(),
        });
    }
    if let Some(region) = open {
        panic!("{page}:{}: `{CLOSE}` is missing", region.line + 1);
    }
    found
}

/// Checks (or rewrites) every region of every page; returns how many ran and the failures.
pub fn check_all() -> (usize, Vec<String>) {
    let (mut ran, mut failures) = (0, Vec::new());
    for page in pages() {
        let text = std::fs::read_to_string(root().join(&page)).unwrap();
        for region in regions(&page, &text) {
            if region.heavy && !heavy() {
                continue;
            }
            ran += 1;
            let (stdout, stderr, status) = shell(&region.command);
            if status != 0 {
                failures.push(format!(
                    "{page}:{}: `{}` failed ({status}):\n{stderr}",
                    region.line + 1,
                    region.command
                ));
                continue;
            }
            let printed: Vec<String> = stdout.lines().map(str::to_string).collect();
            if printed == region.body {
                continue;
            }
            if regenerating() {
                rewrite(&page, |text| replace(text, &region, &printed));
            } else {
                failures.push(difference(&page, &region, &printed));
            }
        }
    }
    (ran, failures)
}

/// The lines of `region` that differ from `printed`, each with its line number.
fn difference(page: &str, region: &Region, printed: &[String]) -> String {
    let mut out = format!(
        "{page}:{}: `{}` prints {} lines, the page holds {}; the first differences:\n",
        region.line + 1,
        region.command,
        printed.len(),
        region.body.len()
    );
    let differing = (0..printed.len().max(region.body.len()))
        .filter(|&k| printed.get(k) != region.body.get(k))
        .take(5);
    for k in differing {
        let at = region.line + 2 + k;
        out += &format!(
            "  line {at}:\n    page:    {}\n    printed: {}\n",
            region.body.get(k).map_or("(none)", String::as_str),
            printed.get(k).map_or("(none)", String::as_str)
        );
    }
    out
}

/// `text` with the body of `region` replaced by `printed`.
fn replace(text: &str, region: &Region, printed: &[String]) -> String {
    splice_lines(text, region.line + 1, &region.body, printed)
}

#[test]
fn regions_are_read_and_replaced_as_documented() {
    let text = "a\n<!-- generated: boardpath methods -->\nold\n<!-- end generated -->\nb\n";
    let found = regions("x.md", text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].command, "boardpath methods");
    assert_eq!(found[0].body, ["old"]);
    assert_eq!(
        replace(text, &found[0], &["n1".into(), "n2".into()]),
        "a\n<!-- generated: boardpath methods -->\nn1\nn2\n<!-- end generated -->\nb\n"
    );
    let text = "<!-- generated heavy: boardpath x -->\n<!-- end generated -->\n";
    assert!(regions("x.md", text)[0].heavy);
}

#[test]
#[should_panic(expected = "is missing")]
fn a_region_without_its_end_is_an_error() {
    regions("x.md", "<!-- generated: boardpath methods -->\nold\n");
}
