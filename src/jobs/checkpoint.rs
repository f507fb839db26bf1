//! Finished layers of a solve kept on disk, one file a layer, so that `solve-game --out FILE`
//! killed at any point and started again with the same command goes on from the last finished
//! layer and writes the same table, byte for byte.
//!
//! A layer file (format `boardpath.game-checkpoint/2`) is a JSON header line, zero bytes up to
//! `data_offset` ([`data_offset`]: between 64 and 128 KiB, congruent modulo 64 KiB to the
//! layer's byte offset in the table, so that out of core its whole pages map onto the table's:
//! [`BoundsTable::map_file`]), then the layer's bounds (two little-endian `f64` a position, lower
//! first), whose SHA-256 the header holds.

use crate::game::exact::{
    BOUNDS_BYTES, Bounds, BoundsTable, Checkpoint, FILE_ALIGN, LayerReport, data_offset,
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
    /// Where the bounds start in the file ([`data_offset`]).
    data_offset: u64,
    sha256: String,
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
fn bytes_of(bounds: &[Bounds], out: &mut Vec<u8>) {
    out.clear();
    out.extend(
        bounds
            .iter()
            .flat_map(|[lo, hi]| lo.to_le_bytes().into_iter().chain(hi.to_le_bytes())),
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl LayerFiles {
    /// The header of layer `index`'s file, read from `reader` and checked to be this solve's
    /// layer `layer` in this format; why not, without the file's name.
    fn header(
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
        if header.data_offset != data_offset(layer) {
            return Err(format!(
                "its bounds start at byte {}, not {}: the file is damaged; remove it to solve \
                 that layer again",
                header.data_offset,
                data_offset(layer)
            ));
        }
        Ok(header)
    }
}

/// The bounds after `header` into `own` (the layer's), read, checked against the header's
/// SHA-256 and decoded a chunk at a time: no second copy of a large layer. Why not, in words.
fn read_bounds(
    reader: &mut BufReader<std::fs::File>,
    own: &mut [Bounds],
    header: &LayerHeader,
) -> Result<(), String> {
    let want = own.len() as u64 * BOUNDS_BYTES;
    reader
        .seek(SeekFrom::Start(header.data_offset))
        .map_err(|e| format!("cannot read: {e}"))?;
    let mut hash = Sha256::new();
    let mut bytes = Vec::with_capacity(CHUNK * BOUNDS_BYTES as usize);
    let mut read = 0u64;
    for part in own.chunks_mut(CHUNK) {
        bytes.clear();
        reader
            .take(part.len() as u64 * BOUNDS_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read: {e}"))?;
        read += bytes.len() as u64;
        hash.update(&bytes);
        for (slot, c) in part.iter_mut().zip(bytes.chunks_exact(16)) {
            let f = |i: usize| f64::from_le_bytes(c[i..i + 8].try_into().expect("8 bytes"));
            *slot = [f(0), f(8)];
        }
        if (bytes.len() as u64) < part.len() as u64 * BOUNDS_BYTES {
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

impl Checkpoint for LayerFiles {
    fn load(
        &self,
        index: usize,
        layer: &Range<u64>,
        bounds: &mut [Bounds],
    ) -> Result<Option<LayerReport>, String> {
        let path = self.path(index);
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: cannot open: {e}", path.display())),
        };
        let fail = |what: String| format!("{}: {what}", path.display());
        let mut reader = BufReader::new(file);
        let header = self.header(&mut reader, index, layer).map_err(fail)?;
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

    fn save(&self, index: usize, bounds: &[Bounds], report: &LayerReport) -> Result<(), String> {
        let path = self.path(index);
        let fail = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
        std::fs::create_dir_all(&self.dir).map_err(fail)?;
        let layer = report.positions.clone();
        let offset = data_offset(&layer);
        let mut hash = Sha256::new();
        let mut bytes = Vec::with_capacity(CHUNK * BOUNDS_BYTES as usize);
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
        let tmp = self
            .dir
            .join(format!(".layer-{index}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|f| {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
            writeln!(w, "{line}")?;
            w.write_all(&vec![0u8; (offset - line.len() as u64 - 1) as usize])?;
            let mut bytes = Vec::with_capacity(CHUNK * BOUNDS_BYTES as usize);
            for part in bounds.chunks(CHUNK) {
                bytes_of(part, &mut bytes);
                w.write_all(&bytes)?;
            }
            w.into_inner().map_err(|e| e.into_error())?.sync_all()
        });
        match written.and_then(|()| std::fs::rename(&tmp, &path)) {
            Ok(()) => Ok(()),
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                Err(fail(e))
            }
        }
    }

    fn keep(
        &self,
        index: usize,
        layer: &Range<u64>,
        bounds: &mut BoundsTable,
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
        unsafe { bounds.map_file(layer, &file, data_offset(layer)) }
            .map_err(|e| format!("{}: cannot map its bounds: {e}", path.display()))
    }
}
