//! Finished layers of a solve kept on disk, one file a layer, so that `solve-game --out FILE`
//! killed at any point and started again with the same command goes on from the last finished
//! layer and writes the same table, byte for byte.

use crate::game::exact::{Bounds, Checkpoint, LayerReport};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The format word of a layer file's header.
const FORMAT: &str = "boardpath.game-checkpoint/1";

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
    sha256: String,
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

fn bytes_of(bounds: &[Bounds]) -> Vec<u8> {
    bounds
        .iter()
        .flat_map(|[lo, hi]| lo.to_le_bytes().into_iter().chain(hi.to_le_bytes()))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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
        let mut line = Vec::new();
        reader
            .by_ref()
            .take(64 * 1024)
            .read_until(b'\n', &mut line)
            .map_err(|e| fail(format!("cannot read: {e}")))?;
        let header: LayerHeader = serde_json::from_slice(&line)
            .map_err(|e| fail(format!("line 1: not a layer header: {e}")))?;
        if header.format != FORMAT || header.solve != self.solve {
            return Err(fail(format!(
                "holds a layer of another solve ({} of {:?}); this one is {:?}: remove {} or \
                 write the table elsewhere",
                header.format,
                header.solve,
                self.solve,
                self.dir.display()
            )));
        }
        if header.index != index || (header.start..header.end) != *layer {
            return Err(fail(format!(
                "holds layer {} (positions {}..{}), expected layer {index} ({}..{})",
                header.index, header.start, header.end, layer.start, layer.end
            )));
        }
        let want = (layer.end - layer.start) * 16;
        let mut bytes = Vec::with_capacity(want as usize);
        reader
            .take(want + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(format!("cannot read: {e}")))?;
        if bytes.len() as u64 != want || hex(&Sha256::digest(&bytes)) != header.sha256 {
            return Err(fail(format!(
                "{} bytes of bounds where {want} with SHA-256 {} were saved: the file is damaged; \
                 remove it to solve that layer again",
                bytes.len(),
                header.sha256
            )));
        }
        let own = &mut bounds[layer.start as usize..layer.end as usize];
        for (slot, c) in own.iter_mut().zip(bytes.chunks_exact(16)) {
            let f = |i: usize| f64::from_le_bytes(c[i..i + 8].try_into().expect("8 bytes"));
            *slot = [f(0), f(8)];
        }
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
        let bytes = bytes_of(bounds);
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
            sha256: hex(&Sha256::digest(&bytes)),
        };
        let line = serde_json::to_string(&header).map_err(|e| e.to_string())?;
        // A file is whole or absent: written beside, then renamed over.
        let tmp = self
            .dir
            .join(format!(".layer-{index}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|f| {
            let mut w = std::io::BufWriter::new(f);
            writeln!(w, "{line}")?;
            w.write_all(&bytes)?;
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
}
