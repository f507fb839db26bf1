//! Self-describing JSON: every JSON document the command line prints is
//! `{"schema": "boardpath.KIND/N", "provenance": {...}, "results": ...}` (fields in `docs/json.md`),
//! so that a result read years later still says which tool, commit, command and board file made it.

use crate::board::Board;
use serde::Serialize;

/// Version of every document's layout; raised when a field changes meaning or disappears.
pub(crate) const SCHEMA_VERSION: u32 = 1;

/// Where a result came from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Provenance {
    /// Always `boardpath`.
    pub tool: &'static str,
    /// The crate version.
    pub version: &'static str,
    /// The git commit the binary was built from, or `unknown`.
    pub commit: &'static str,
    /// The command line, program name first.
    pub command: Vec<String>,
    /// Every board the results were computed on, in order of first use.
    pub boards: Vec<BoardSource>,
}

/// One board file behind a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardSource {
    /// The board's full name (`[board] name`).
    pub name: String,
    /// The file path as given, `<stdin>`, or `embedded:NAME` for a board built into the binary.
    pub origin: String,
    /// SHA-256 of the file's bytes (`sha256sum FILE` prints the same).
    pub sha256: String,
}

impl BoardSource {
    /// The source of `board`.
    pub fn of(board: &Board) -> Self {
        BoardSource {
            name: board.name.clone(),
            origin: board.origin.clone(),
            sha256: board.sha256.clone(),
        }
    }
}

impl Provenance {
    /// The provenance of a result computed by `command` on `boards` (each listed once).
    pub fn new<'a>(command: Vec<String>, boards: impl IntoIterator<Item = &'a Board>) -> Self {
        let mut sources: Vec<BoardSource> = Vec::new();
        for b in boards {
            let s = BoardSource::of(b);
            if !sources.contains(&s) {
                sources.push(s);
            }
        }
        Provenance {
            tool: "boardpath",
            version: crate::VERSION,
            commit: crate::COMMIT,
            command,
            boards: sources,
        }
    }

    /// This process's command line (arguments that are not UTF-8 converted lossily).
    pub fn command_line() -> Vec<String> {
        std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }
}

/// A whole document.
#[derive(Debug, Serialize)]
pub struct Document<'a, T: Serialize> {
    /// `boardpath.KIND/VERSION`, e.g. `boardpath.solve/1`.
    pub schema: String,
    /// Where the results came from.
    pub provenance: &'a Provenance,
    /// The results, as each command documents them.
    pub results: T,
}

/// The schema name of documents of `kind` (`solve`, `compare`, ...).
pub fn schema(kind: &str) -> String {
    format!("boardpath.{kind}/{SCHEMA_VERSION}")
}

/// `results` of `kind` as [`to_json`] writes it, written to `out` as it is serialized (buffer
/// `out`): a document of gigabytes is never held in memory.
pub fn write_json<T: Serialize>(
    out: &mut dyn std::io::Write,
    kind: &str,
    provenance: &Provenance,
    results: T,
) -> std::io::Result<()> {
    let doc = Document {
        schema: schema(kind),
        provenance,
        results,
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    out.write_all(b"\n")
}

/// `results` of `kind` as a pretty-printed document, ending with a newline.
pub fn to_json<T: Serialize>(
    kind: &str,
    provenance: &Provenance,
    results: T,
) -> Result<String, serde_json::Error> {
    let doc = Document {
        schema: schema(kind),
        provenance,
        results,
    };
    serde_json::to_string_pretty(&doc).map(|mut s| {
        s.push('\n');
        s
    })
}
