//! Finished layers of a solve kept on disk, one file a layer, so that `solve-game --out FILE`
//! killed at any point and started again with the same command goes on from the last finished
//! layer and writes the same table, byte for byte.
//!
//! A layer file (format `boardpath.game-checkpoint/2`) is a JSON header line, zero bytes up to
//! `data_offset` ([`data_offset`]: between 64 and 128 KiB, congruent modulo 64 KiB to the
//! layer's byte offset in the table, so that out of core its whole pages map onto the table's:
//! [`BoundsTable::map_file`]), then the layer's bounds in the header's `encoding` (two
//! little-endian `f64` a position, lower first; or one little-endian
//! [`Packed`](crate::game::exact::Packed) word), whose SHA-256 the header holds.

use crate::game::exact::{
    Bounds, BoundsTable, Checkpoint, FILE_ALIGN, LayerReport, Slot, data_offset,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The format word of a layer file's header.
const FORMAT: &str = "boardpath.game-checkpoint/2";

/// Positions read or written at a time (1 MiB of bounds).
const CHUNK: usize = 1 << 16;

/// A directory of finished layers of one solve, named by what makes the solve: the same solve
/// (board, rules, pieces, tolerance) reads them back, any other is refused.
pub struct LayerFiles {
    dir: PathBuf,
    solve: String,
}

/// A layer file's header line.
#[derive(Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct LayerHeader {
    format: String,
    solve: String,
    index: usize,
    start: u64,
    end: u64,
    sweeps: u32,
    /// Position updates (absent from layers saved before it was counted).
    #[serde(default)]
    updates: u64,
    gap: f64,
    residual: f64,
    seconds: f64,
    /// How the bounds are stored ([`Slot::NAME`]; absent from layers saved before there was a
    /// choice, which hold two `f64`).
    #[serde(default = "f64_pair")]
    encoding: String,
    /// Where the bounds start in the file ([`data_offset`]).
    data_offset: u64,
    sha256: String,
}

fn f64_pair() -> String {
    <Bounds as Slot>::NAME.into()
}

/// The one field every version of the header has.
#[derive(Deserialize)]
struct Format {
    format: String,
}

impl LayerFiles {
    /// The checkpoint of the solve described by `solve` (any text that differs between solves
    /// whose layers differ) in `dir`, made when the first layer is saved.
    pub fn new(dir: PathBuf, solve: String) -> Self {
        LayerFiles { dir, solve }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("layer-{index}.bounds"))
    }

    /// Removes the directory and its layer files (after the table is written).
    pub fn remove(&self) -> std::io::Result<()> {
        match std::fs::remove_dir_all(&self.dir) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }
}

/// `bounds` as the file holds them, into `out` (cleared first).
fn bytes_of<S: Slot>(bounds: &[S], out: &mut Vec<u8>) {
    out.clear();
    S::write_le(bounds, out);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl LayerFiles {
    /// The header of layer `index`'s file, read from `reader` and checked to be this solve's
    /// layer `layer` in this format, its bounds stored as `S`; why not, without the file's name.
    fn header<S: Slot>(
        &self,
        reader: &mut BufReader<std::fs::File>,
        index: usize,
        layer: &Range<u64>,
    ) -> Result<LayerHeader, String> {
        let mut line = Vec::new();
        reader
            .by_ref()
            .take(FILE_ALIGN)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read: {e}"))?;
        let format: Format = serde_json::from_slice(&line)
            .map_err(|e| format!("line 1: not a layer header: {e}"))?;
        if format.format != FORMAT {
            return Err(format!(
                "holds a layer in checkpoint format {:?}, and this version reads {FORMAT:?} only: \
                 remove {} to solve its layers again",
                format.format,
                self.dir.display()
            ));
        }
        let header: LayerHeader = serde_json::from_slice(&line)
            .map_err(|e| format!("line 1: not a layer header: {e}"))?;
        if header.solve != self.solve {
            return Err(format!(
                "holds a layer of another solve ({} of {:?}); this one is {:?}: remove {} or \
                 write the table elsewhere",
                header.format,
                header.solve,
                self.solve,
                self.dir.display()
            ));
        }
        if header.index != index || (header.start..header.end) != *layer {
            return Err(format!(
                "holds layer {} (positions {}..{}), expected layer {index} ({}..{})",
                header.index, header.start, header.end, layer.start, layer.end
            ));
        }
        if header.encoding != S::NAME {
            return Err(format!(
                "holds bounds stored {:?}, and this solve stores them {:?}: solve with the same \
                 --bounds, or remove {}",
                header.encoding,
                S::NAME,
                self.dir.display()
            ));
        }
        if header.data_offset != data_offset(layer, S::BYTES) {
            return Err(format!(
                "its bounds start at byte {}, not {}: the file is damaged; remove it to solve \
                 that layer again",
                header.data_offset,
                data_offset(layer, S::BYTES)
            ));
        }
        Ok(header)
    }
}

/// The bounds after `header` into `own` (the layer's), read, checked against the header's
/// SHA-256 and decoded a chunk at a time: no second copy of a large layer. Why not, in words.
fn read_bounds<S: Slot>(
    reader: &mut BufReader<std::fs::File>,
    own: &mut [S],
    header: &LayerHeader,
) -> Result<(), String> {
    let want = own.len() as u64 * S::BYTES;
    reader
        .seek(SeekFrom::Start(header.data_offset))
        .map_err(|e| format!("cannot read: {e}"))?;
    let mut hash = Sha256::new();
    let mut bytes = Vec::with_capacity(CHUNK * S::BYTES as usize);
    let mut read = 0u64;
    for part in own.chunks_mut(CHUNK) {
        bytes.clear();
        reader
            .take(part.len() as u64 * S::BYTES)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read: {e}"))?;
        read += bytes.len() as u64;
        hash.update(&bytes);
        S::read_le(&bytes, part);
        if (bytes.len() as u64) < part.len() as u64 * S::BYTES {
            break;
        }
    }
    let more = reader
        .read(&mut [0u8])
        .map_err(|e| format!("cannot read: {e}"))?;
    if read != want || more != 0 || hex(&hash.finalize()) != header.sha256 {
        return Err(format!(
            "{}{} bytes of bounds where {want} with SHA-256 {} were saved",
            read,
            if more != 0 { " or more" } else { "" },
            header.sha256
        ));
    }
    Ok(())
}

impl<S: Slot> Checkpoint<S> for LayerFiles {
    fn load(
        &self,
        index: usize,
        layer: &Range<u64>,
        bounds: &mut [S],
    ) -> Result<Option<LayerReport>, String> {
        let path = self.path(index);
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: cannot open: {e}", path.display())),
        };
        let fail = |what: String| format!("{}: {what}", path.display());
        let mut reader = BufReader::new(file);
        let header = self.header::<S>(&mut reader, index, layer).map_err(fail)?;
        let own = &mut bounds[layer.start as usize..layer.end as usize];
        read_bounds(&mut reader, own, &header).map_err(|what| {
            fail(format!(
                "{what}: the file is damaged; remove it to solve that layer again"
            ))
        })?;
        Ok(Some(LayerReport {
            positions: layer.clone(),
            sweeps: header.sweeps,
            updates: header.updates,
            gap: header.gap,
            residual: header.residual,
            seconds: header.seconds,
        }))
    }

    fn save(&self, index: usize, bounds: &[S], report: &LayerReport) -> Result<(), String> {
        let path = self.path(index);
        let fail = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
        std::fs::create_dir_all(&self.dir).map_err(fail)?;
        let layer = report.positions.clone();
        let offset = data_offset(&layer, S::BYTES);
        let mut hash = Sha256::new();
        let mut bytes = Vec::with_capacity(CHUNK * S::BYTES as usize);
        for part in bounds.chunks(CHUNK) {
            bytes_of(part, &mut bytes);
            hash.update(&bytes);
        }
        let header = LayerHeader {
            format: FORMAT.into(),
            solve: self.solve.clone(),
            index,
            start: report.positions.start,
            end: report.positions.end,
            sweeps: report.sweeps,
            updates: report.updates,
            gap: report.gap,
            residual: report.residual,
            seconds: report.seconds,
            encoding: S::NAME.into(),
            data_offset: offset,
            sha256: hex(&hash.finalize()),
        };
        let line = serde_json::to_string(&header).map_err(|e| e.to_string())?;
        if line.len() as u64 >= FILE_ALIGN {
            return Err(format!(
                "{}: a header of {} bytes is longer than the {FILE_ALIGN} a layer file gives it",
                path.display(),
                line.len()
            ));
        }
        // A file is whole or absent: written beside, then renamed over.
        crate::file::write_atomically(&path, |w| {
            writeln!(w, "{line}")?;
            w.write_all(&vec![0u8; (offset - line.len() as u64 - 1) as usize])?;
            let mut bytes = Vec::with_capacity(CHUNK * S::BYTES as usize);
            for part in bounds.chunks(CHUNK) {
                bytes_of(part, &mut bytes);
                w.write_all(&bytes)?;
            }
            Ok(())
        })
        .map_err(fail)
    }

    fn scratch(&self, index: usize) -> Result<Option<std::fs::File>, String> {
        let fail = |path: &Path, e: std::io::Error| format!("{}: cannot make: {e}", path.display());
        std::fs::create_dir_all(&self.dir).map_err(|e| fail(&self.dir, e))?;
        // Left by a solve killed between naming its order file and unlinking it, or while it
        // wrote a layer file (an `AtomicFile`): both have temporary names.
        for entry in std::fs::read_dir(&self.dir).map_err(|e| fail(&self.dir, e))? {
            let entry = entry.map_err(|e| fail(&self.dir, e))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if crate::file::is_temporary(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        // A file without a name from the start: a solve killed at any moment leaves nothing.
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::OpenOptionsExt;
            let unnamed = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc::O_TMPFILE)
                .open(&self.dir);
            if let Ok(file) = unnamed {
                return Ok(Some(file));
            }
        }
        // Elsewhere (or on a file system without unnamed files): named, then unlinked at once.
        let path = crate::file::temporary_path(&self.dir, &format!("order-{index}"));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|e| fail(&path, e))?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(fail(&path, e)),
            _ => Ok(Some(file)),
        }
    }

    fn keep(
        &self,
        index: usize,
        layer: &Range<u64>,
        bounds: &mut BoundsTable<S>,
    ) -> Result<(), String> {
        if !bounds.is_out_of_core() {
            return Ok(());
        }
        let path = self.path(index);
        let file = std::fs::File::open(&path)
            .map_err(|e| format!("{}: cannot open: {e}", path.display()))?;
        // SAFETY: a layer file is written beside and renamed over, never changed in place, and
        // this solve writes each layer once; the file just saved or checked is the one mapped,
        // and stays as it is while the table lives unless someone else writes into this solve's
        // own checkpoint directory.
        unsafe { bounds.map_file(layer, &file, data_offset(layer, S::BYTES)) }
            .map_err(|e| format!("{}: cannot map its bounds: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order's scratch file leaves no name in the checkpoint directory, and the temporary
    /// files a killed solve left there (an order file, a layer file half written) are removed;
    /// the file holds what is written to it.
    #[test]
    fn the_order_file_leaves_no_name() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().join("k.values.partial");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(".order-3.1.tmp"), b"left").unwrap();
        std::fs::write(dir.join(".layer-4.bounds.1-0.tmp"), b"half").unwrap();
        std::fs::write(dir.join("layer-0.bounds"), b"kept").unwrap();
        std::fs::write(dir.join("notes.tmp"), b"not hidden: not ours").unwrap();
        let files = LayerFiles::new(dir.clone(), "a solve".into());
        let mut file = Checkpoint::<Bounds>::scratch(&files, 5).unwrap().unwrap();
        file.write_all(b"order").unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
        let mut back = String::new();
        file.read_to_string(&mut back).unwrap();
        assert_eq!(back, "order");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["layer-0.bounds", "notes.tmp"]);
    }
}
