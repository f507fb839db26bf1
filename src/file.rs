//! Files written whole or not at all: every file the crate writes (the command line's outputs,
//! value tables, checkpoints, exported graphs) goes to a temporary file beside its destination,
//! which is flushed to disk and then renamed over the destination. A reader sees the old file or
//! the new one, never half of one, and a failure or a kill leaves the destination as it was.
//! Uses nothing of the crate, so every layer may write through it.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary names taken by this process so far, so that two writers of one destination in one
/// process (the server's threads) never share a temporary file.
static TAKEN: AtomicU64 = AtomicU64::new(0);

/// How every temporary name this module gives ends; such a name also starts with a dot.
pub const TEMPORARY_SUFFIX: &str = ".tmp";

/// Whether `name` (a file name, without its directory) has the shape of a temporary name: a
/// hidden file ending in [`TEMPORARY_SUFFIX`]. A directory this program owns (a checkpoint's)
/// may remove such files that a killed run left behind.
///
/// ```
/// use boardpath::file::is_temporary;
/// assert!(is_temporary(".table.bin.4242-0.tmp"));
/// assert!(!is_temporary("table.bin") && !is_temporary("notes.tmp"));
/// ```
#[must_use]
pub fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TEMPORARY_SUFFIX)
}

/// A temporary name for a file `name` in `dir`: `dir/.NAME.PID-N.tmp`, distinct for every call in
/// this process (the server's threads) and from other processes, and of the shape
/// [`is_temporary`] knows.
pub(crate) fn temporary_path(dir: &Path, name: &str) -> PathBuf {
    let n = TAKEN.fetch_add(1, Ordering::Relaxed);
    dir.join(format!(
        ".{name}.{}-{n}{TEMPORARY_SUFFIX}",
        std::process::id()
    ))
}

/// A file being written under a temporary name beside its destination (`.NAME.PID-N.tmp` in the
/// same directory, so that the rename stays on one file system), buffered; [`commit`] flushes it
/// to disk and renames it over the destination. Dropped before that, it removes the temporary file
/// and leaves the destination as it was.
///
/// ```
/// use boardpath::file::AtomicFile;
/// use std::io::Write;
/// let dir = std::env::temp_dir().join(format!("boardpath-doc-atomic-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("out.txt");
/// std::fs::write(&path, "old").unwrap();
///
/// let mut file = AtomicFile::create(&path).unwrap();
/// file.write_all(b"new").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "old"); // not renamed yet
/// file.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
///
/// let mut abandoned = AtomicFile::create(&path).unwrap();
/// abandoned.write_all(b"half").unwrap();
/// drop(abandoned); // never committed: the destination keeps what it had
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
/// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1); // no temporary file left
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// [`commit`]: AtomicFile::commit
#[must_use = "an AtomicFile writes nothing to its destination until it is committed"]
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    /// `None` once committed (or once the commit failed and cleaned up).
    out: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`: creates the temporary file beside it. The directory must exist.
    pub fn create(path: impl AsRef<Path>) -> io::Result<Self> {
        let path = path.as_ref().to_path_buf();
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "the path names no file (it ends in `..` or is a root)",
                )
            })?
            .to_string_lossy()
            .into_owned();
        let tmp = temporary_path(dir, &name);
        let file = File::create(&tmp)?;
        Ok(AtomicFile {
            path,
            tmp,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
        })
    }

    /// The destination.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the file to disk and renames it over the destination. On failure the temporary
    /// file is removed and the destination left as it was.
    pub fn commit(mut self) -> io::Result<()> {
        let out = self.out.take().expect("an AtomicFile is committed once");
        let done = out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .and_then(|file| file.sync_all())
            .and_then(|()| std::fs::rename(&self.tmp, &self.path));
        if done.is_err() {
            // Best effort: the temporary file is ours and useless now.
            let _ = std::fs::remove_file(&self.tmp);
        }
        done
    }

    /// The writer: present until `commit` or `drop` takes it, and neither leaves `self` usable.
    fn out(&mut self) -> &mut BufWriter<File> {
        self.out
            .as_mut()
            .expect("an AtomicFile is written only before its commit")
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(out) = self.out.take() {
            // Closed before removal; what it still buffered is dropped with it.
            drop(out.into_parts());
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Writes `path` whole or not at all: `write` fills an [`AtomicFile`], which is committed if
/// `write` succeeds and abandoned (the destination untouched) if it fails.
///
/// ```
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("boardpath-doc-write-{}.txt", std::process::id()));
/// boardpath::file::write_atomically(&path, |out| out.write_all(b"whole")).unwrap();
/// let failed = boardpath::file::write_atomically(&path, |out| {
///     out.write_all(b"half")?;
///     Err(std::io::Error::other("the writer gave up"))
/// });
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut AtomicFile) -> io::Result<()>,
) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    write(&mut file)?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardpath-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_appears_only_on_commit() {
        let dir = scratch("new");
        let path = dir.join("table.bin");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(&[7u8; 3 << 20]).unwrap(); // more than the buffer holds
        assert!(!path.exists());
        assert_eq!(names(&dir).len(), 1);
        assert!(names(&dir)[0].starts_with(".table.bin.") && is_temporary(&names(&dir)[0]));
        file.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), vec![7u8; 3 << 20]);
        assert_eq!(names(&dir), ["table.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_writers_of_one_path_have_their_own_temporary_files() {
        let dir = scratch("two");
        let path = dir.join("a");
        let mut first = AtomicFile::create(&path).unwrap();
        let mut second = AtomicFile::create(&path).unwrap();
        first.write_all(b"first").unwrap();
        second.write_all(b"second").unwrap();
        assert_eq!(names(&dir).len(), 2);
        second.commit().unwrap();
        first.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first");
        assert_eq!(names(&dir), ["a"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_writer_leaves_the_old_file_and_no_temporary_one() {
        let dir = scratch("fail");
        let path = dir.join("kept");
        std::fs::write(&path, "before").unwrap();
        let err = write_atomically(&path, |out| {
            out.write_all(b"partial")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "before");
        assert_eq!(names(&dir), ["kept"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn hostile_destinations_are_refused_and_leave_nothing() {
        let dir = scratch("hostile");
        // No such directory: the temporary file cannot be made.
        let missing = dir.join("no-such-dir").join("x");
        assert_eq!(
            AtomicFile::create(&missing).err().unwrap().kind(),
            io::ErrorKind::NotFound
        );
        // A path that names no file.
        let err = AtomicFile::create(dir.join("..")).err().unwrap();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("names no file"), "{err}");
        // A directory in the way: written, then the rename fails and cleans up.
        std::fs::create_dir(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub").join("inside"), "x").unwrap();
        let err = write_atomically(&dir.join("sub"), |out| out.write_all(b"x")).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert!(dir.join("sub").is_dir());
        assert_eq!(names(&dir), ["sub"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
