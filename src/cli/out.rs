//! Writing results: standard output that a closed pipe ends quietly, and files that a failure
//! never leaves half-written.

use super::Error;
use boardpath::board::Board;
use boardpath::output::document::{Provenance, to_json};
use serde::Serialize;
use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

/// Writes `text` to standard output. A reader that went away (`boardpath solve | head -1`) is
/// [`Error::ClosedPipe`], which ends the program quietly; any other failure (a full disk) is one
/// plain error.
pub fn print(text: &str) -> Result<(), Error> {
    print_with(|out| out.write_all(text.as_bytes()))
}

/// Standard output as [`print`] writes it, for output written piece by piece (buffered).
pub fn print_with(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), Error> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => Error::ClosedPipe,
            _ => Error::Output {
                path: "standard output".into(),
                reason: e.to_string(),
            },
        })
}

/// Writes `bytes` to `path` through a temporary file beside it, renamed over it once complete:
/// a failure leaves whatever was at `path` as it was.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_file_with(path, |out| out.write_all(bytes))
}

/// A file as [`write_file`] writes it, for output written piece by piece (buffered).
pub fn write_file_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    boardpath::file::write_atomically(path, |out| write(out)).map_err(|e| Error::Output {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// `results` of `kind`, computed on `boards`, as a self-describing JSON document (schema,
/// provenance with this command line, results; see `docs/json.md`).
pub fn json_document<'a, T: Serialize>(
    kind: &str,
    boards: impl IntoIterator<Item = &'a Board>,
    results: T,
) -> Result<String, Error> {
    json_document_of(kind, Provenance::command_line(), boards, results)
}

/// [`json_document`] with `command` as the command line (`serve` gives the command that prints the
/// same document).
pub fn json_document_of<'a, T: Serialize>(
    kind: &str,
    command: Vec<String>,
    boards: impl IntoIterator<Item = &'a Board>,
    results: T,
) -> Result<String, Error> {
    let provenance = Provenance::new(command, boards);
    to_json(kind, &provenance, results).map_err(|e| Error::Internal(e.to_string()))
}
