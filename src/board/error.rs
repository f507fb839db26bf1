//! Errors about board files: where the problem is and what would be valid.

use std::fmt;

/// One problem found in a board file, with its place when the file gives one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file path, or `embedded:NAME` for a board built into the binary.
    pub origin: String,
    /// 1-based line and column of the offending key or value.
    pub position: Option<(usize, usize)>,
    /// What is wrong and what would be valid.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{}:{}: {}", self.origin, line, col, self.message),
            None => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}

/// Why a board could not be loaded.
#[derive(Debug)]
pub enum BoardError {
    /// The file could not be read.
    Io {
        /// The path as given.
        path: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The name is neither an embedded board nor an existing file.
    Unknown {
        /// The name as given.
        name: String,
        /// The embedded boards' short names.
        known: Vec<&'static str>,
    },
    /// The file is larger than [`MAX_BOARD_BYTES`](super::MAX_BOARD_BYTES).
    TooLarge {
        /// The path as given.
        path: String,
        /// The limit, in bytes.
        limit: u64,
    },
    /// The file was read but is not a valid board; every problem found is listed.
    Invalid(Vec<Diagnostic>),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Io { path, source } => {
                write!(f, "{path}: cannot read board file: {source}")
            }
            BoardError::TooLarge { path, limit } => write!(
                f,
                "{path}: larger than {} MiB, the most a board file may be (a 1,000,000-tile board takes about 20 MiB)",
                limit / (1024 * 1024)
            ),
            BoardError::Unknown { name, known } => write!(
                f,
                "{name}: no such board file, and not an embedded board; embedded boards are: {}",
                known.join(", ")
            ),
            BoardError::Invalid(diags) => {
                for (i, d) in diags.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{d}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// Converts a byte offset into a 1-based (line, column) pair, counting columns in characters.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let t = "ab\ncdé\nf";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 7), (2, 4)); // after the two-byte é
        assert_eq!(line_col(t, 99), (3, 2));
    }
}
