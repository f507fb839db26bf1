//! Where a solve keeps its bounds: [`BoundsTable`], one contiguous slice of every position's
//! bounds, either on the heap ([`solve`](super::solve)) or out of core (`solve-game --memory`):
//! one reserved range of virtual memory for the whole table, in which only the layer group being
//! solved lives in anonymous memory, and every finished group is its checkpoint file mapped in
//! ([`BoundsTable::map_file`]), so that its pages are file-backed and the kernel may drop them
//! and read them again. The solver still sees one `&mut [Bounds]` indexed by global rank: nothing
//! in its loops changes.
//!
//! Mapping needs Linux (`mmap` with `MAP_FIXED`) and a little-endian machine (the files hold
//! little-endian `f64`); elsewhere [`BoundsTable::reserve`] refuses, saying so.

use super::Bounds;
use std::ops::{Deref, DerefMut, Range};

/// Bytes of one position's bounds (two `f64`).
pub const BOUNDS_BYTES: u64 = 16;

/// The alignment a layer file keeps with the table: its first bound lies at a file offset
/// congruent, modulo this, to the bound's byte offset in the table, so that whole pages of the
/// file map onto whole pages of the table. 64 KiB: a multiple of every page size Linux uses
/// (4, 16 and 64 KiB).
pub const FILE_ALIGN: u64 = 1 << 16;

/// Where layer group `layer`'s first bound lies in its file (format
/// `boardpath.game-checkpoint/2`): after a header of at most [`FILE_ALIGN`] bytes, at the offset
/// that keeps the file aligned with the table.
pub fn data_offset(layer: &Range<u64>) -> u64 {
    FILE_ALIGN + layer.start * BOUNDS_BYTES % FILE_ALIGN
}

/// Anonymous memory a solve out of core holds besides its layer groups' own: the program, its
/// heap and threads (6.7 MB resident for a whole 1-piece solve), the transparent huge pages at a
/// group's two ends (2 MiB each), the buffer of a bucket's new bounds (16 bytes a position of the
/// largest bucket: at most 2.5% of a group with 1 to 3 pieces, so at most 0.8 bytes a position
/// of it with the buffer's doubling, less than the 4 bytes a position of sweep keys freed before
/// the first sweep).
pub const PROGRAM_BYTES: u64 = 16 << 20;

/// Bytes a position of the group being solved holds in anonymous memory: its bounds (16) and,
/// while its sweep order is built, the sweep keys and the order (a `u32` each: see
/// `sweep_order` in `value_iteration.rs`).
pub const GROUP_BYTES: u64 = BOUNDS_BYTES + 8;

/// `bytes` in words: megabytes (10^6 bytes) below a gigabyte, else gigabytes, two decimals
/// (`31.46 MB`, `2.21 GB`).
pub fn bytes_in_words(bytes: u64) -> String {
    if bytes < 1_000_000_000 {
        format!("{:.2} MB", bytes as f64 / 1e6)
    } else {
        format!("{:.2} GB", bytes as f64 / 1e9)
    }
}

/// The least memory a solve out of core needs, and what needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfCoreMinimum {
    /// Bytes.
    pub bytes: u64,
    /// The layer group (index in solving order) whose solve needs them; `None` where there are
    /// no groups.
    pub group: Option<usize>,
    /// Positions of that group.
    pub positions: u64,
}

/// The least memory a solve of the layer groups `groups` (in solving order) needs out of core:
/// [`GROUP_BYTES`] a position of the largest group, plus [`PROGRAM_BYTES`] and the page tables of
/// the whole reserved range (8 bytes per 4 KiB page: `positions / 32`). Writing the table takes
/// no more: its values are encoded a chunk at a time (`table::write_table`).
pub fn out_of_core_minimum(groups: &[Range<u64>]) -> OutOfCoreMinimum {
    let positions: u64 = groups.iter().map(|g| g.end - g.start).sum();
    let mut worst = OutOfCoreMinimum {
        bytes: 0,
        group: None,
        positions: 0,
    };
    for (i, g) in groups.iter().enumerate() {
        let n = g.end - g.start;
        let bytes = n.saturating_mul(GROUP_BYTES);
        if bytes >= worst.bytes {
            worst = OutOfCoreMinimum {
                bytes,
                group: Some(i),
                positions: n,
            };
        }
    }
    worst.bytes = worst
        .bytes
        .saturating_add(PROGRAM_BYTES)
        .saturating_add(positions / 32);
    worst
}

/// Every position's bounds, by rank, in one contiguous slice (`Deref<Target = [Bounds]>`).
pub struct BoundsTable(Kind);

enum Kind {
    Heap(Vec<Bounds>),
    #[cfg(all(target_os = "linux", target_endian = "little"))]
    Mapped(mapped::Region),
}

impl From<Vec<Bounds>> for BoundsTable {
    fn from(v: Vec<Bounds>) -> Self {
        BoundsTable(Kind::Heap(v))
    }
}

impl BoundsTable {
    /// A table of `positions` out of core: one range of virtual memory reserved for all of them
    /// (no memory is taken until a page is touched), every bound 0 until
    /// [`BoundsTable::prepare`] or a restored layer fills it. Refused off Linux, on a
    /// big-endian machine, where the page size does not divide [`FILE_ALIGN`], or where the range
    /// cannot be reserved.
    pub fn reserve(positions: u64) -> std::io::Result<Self> {
        #[cfg(all(target_os = "linux", target_endian = "little"))]
        {
            mapped::Region::reserve(positions).map(|r| BoundsTable(Kind::Mapped(r)))
        }
        #[cfg(not(all(target_os = "linux", target_endian = "little")))]
        {
            let _ = positions;
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "out of core, finished layer groups are mapped from their files, which this build \
                 does only on Linux on a little-endian machine",
            ))
        }
    }

    /// Whether finished layers can be mapped from their files ([`BoundsTable::reserve`]).
    pub fn is_out_of_core(&self) -> bool {
        !matches!(self.0, Kind::Heap(_))
    }

    /// Sets the bounds of `layer` to `[0, 1]` before it is solved, where they are not yet (out
    /// of core, the layer's pages are touched here first; on the heap every bound starts there).
    pub fn prepare(&mut self, layer: &Range<u64>) {
        if self.is_out_of_core() {
            self[layer.start as usize..layer.end as usize].fill([0.0, 1.0]);
        }
    }

    /// Maps the bounds of `layer` from `file`, where they lie from byte `offset` on
    /// ([`data_offset`]), over the table's own (out of core; on the heap it does nothing). Every
    /// whole page of the layer becomes a private, file-backed page; the partial pages at its two
    /// ends (at most two) stay as they are. The file must hold the same bytes as the layer (it
    /// was just saved from it, or restored into it).
    ///
    /// # Safety
    ///
    /// The file's bytes from `offset` on, as far as the layer's, must not change or be truncated
    /// while the table lives: a change would show through the table's slice (and a truncation
    /// would fault on reading it). Renaming or removing the file is harmless.
    pub unsafe fn map_file(
        &mut self,
        layer: &Range<u64>,
        file: &std::fs::File,
        offset: u64,
    ) -> std::io::Result<()> {
        match &mut self.0 {
            Kind::Heap(_) => {
                let _ = (layer, file, offset);
                Ok(())
            }
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => {
                // SAFETY: the caller's promise, passed on.
                unsafe { r.map_file(layer, file, offset) }
            }
        }
    }

    /// Every bound in a vector (the heap's own, or a copy of the table out of core).
    pub fn into_vec(self) -> Vec<Bounds> {
        match self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice().to_vec(),
        }
    }
}

impl Deref for BoundsTable {
    type Target = [Bounds];
    #[inline]
    fn deref(&self) -> &[Bounds] {
        match &self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice(),
        }
    }
}

impl DerefMut for BoundsTable {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Bounds] {
        match &mut self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice_mut(),
        }
    }
}

impl<'a> IntoIterator for &'a BoundsTable {
    type Item = &'a Bounds;
    type IntoIter = std::slice::Iter<'a, Bounds>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut BoundsTable {
    type Item = &'a mut Bounds;
    type IntoIter = std::slice::IterMut<'a, Bounds>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl Clone for BoundsTable {
    /// A copy on the heap.
    fn clone(&self) -> Self {
        BoundsTable(Kind::Heap(self.to_vec()))
    }
}

impl std::fmt::Debug for BoundsTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        <[Bounds] as std::fmt::Debug>::fmt(self, f)
    }
}

#[cfg(all(target_os = "linux", target_endian = "little"))]
mod mapped {
    use super::{BOUNDS_BYTES, Bounds, FILE_ALIGN};
    use std::io::{Error, ErrorKind};
    use std::ops::Range;
    use std::os::fd::AsRawFd;
    use std::ptr::NonNull;

    /// A reserved range of virtual memory holding `len` bounds, owned like a `Box<[Bounds]>`.
    pub struct Region {
        base: NonNull<Bounds>,
        len: usize,
        /// Bytes reserved: `len * 16` rounded up to a page (at least one).
        bytes: usize,
        page: usize,
    }

    // SAFETY: the region is memory owned by this value alone (like a `Box<[Bounds]>`), reached
    // only through `&self` (shared reads) and `&mut self` (exclusive writes).
    unsafe impl Send for Region {}
    // SAFETY: as for `Send`: `&Region` gives only shared reads of plain `f64`s.
    unsafe impl Sync for Region {}

    fn page_size() -> usize {
        // SAFETY: sysconf reads a system constant; it touches no memory of ours.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(page).unwrap_or(4096)
    }

    impl Region {
        pub fn reserve(positions: u64) -> std::io::Result<Region> {
            let page = page_size();
            if !(FILE_ALIGN as usize).is_multiple_of(page) {
                return Err(Error::new(
                    ErrorKind::Unsupported,
                    format!(
                        "the page size, {page} bytes, does not divide the layer files' alignment \
                         ({FILE_ALIGN} bytes)"
                    ),
                ));
            }
            let len =
                usize::try_from(positions).map_err(|_| Error::from(ErrorKind::OutOfMemory))?;
            let bytes = len
                .checked_mul(BOUNDS_BYTES as usize)
                .and_then(|b| b.max(1).checked_next_multiple_of(page))
                .ok_or_else(|| Error::from(ErrorKind::OutOfMemory))?;
            // SAFETY: a new private anonymous mapping at an address the kernel picks: no memory
            // of ours is affected. MAP_NORESERVE: untouched pages take no memory or swap.
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if at == libc::MAP_FAILED {
                return Err(Error::last_os_error());
            }
            // SAFETY: advice on the range just mapped; it changes how the anonymous pages are
            // backed (huge pages for the random reads of the group being solved), never their
            // contents. A refusal leaves ordinary pages.
            unsafe { libc::madvise(at, bytes, libc::MADV_HUGEPAGE) };
            Ok(Region {
                base: NonNull::new(at.cast()).expect("mmap succeeded"),
                len,
                bytes,
                page,
            })
        }

        pub fn slice(&self) -> &[Bounds] {
            // SAFETY: `len` bounds lie in the mapping (`bytes >= len * 16`), which lives as long
            // as `self`, is aligned to a page (so to `Bounds`), and holds initialised `f64`s
            // (zero pages, written bounds, or file bytes: every bit pattern is an `f64`).
            unsafe { std::slice::from_raw_parts(self.base.as_ptr(), self.len) }
        }

        pub fn slice_mut(&mut self) -> &mut [Bounds] {
            // SAFETY: as in `slice`; `&mut self` makes the borrow exclusive, and every page is
            // writable (anonymous, or a private file mapping whose writes never reach the file).
            unsafe { std::slice::from_raw_parts_mut(self.base.as_ptr(), self.len) }
        }

        /// See [`super::BoundsTable::map_file`].
        pub unsafe fn map_file(
            &mut self,
            layer: &Range<u64>,
            file: &std::fs::File,
            offset: u64,
        ) -> std::io::Result<()> {
            let invalid = |what: String| Error::new(ErrorKind::InvalidInput, what);
            if layer.start > layer.end || layer.end > self.len as u64 {
                return Err(invalid(format!(
                    "layer {}..{} is not in a table of {} positions",
                    layer.start, layer.end, self.len
                )));
            }
            let (start, end) = (layer.start * BOUNDS_BYTES, layer.end * BOUNDS_BYTES);
            let page = self.page as u64;
            if offset % page != start % page {
                return Err(invalid(format!(
                    "the layer's bounds lie at byte {offset} of their file, not aligned with \
                     byte {start} of the table"
                )));
            }
            let have = file.metadata()?.len();
            if have < offset + (end - start) {
                return Err(invalid(format!(
                    "the file holds {have} bytes, fewer than the layer's {} from byte {offset}",
                    end - start
                )));
            }
            // Whole pages of the layer only: its partial end pages share a page with the next
            // or the previous layer, and stay anonymous.
            let (from, to) = (start.next_multiple_of(page), end / page * page);
            if to <= from {
                return Ok(());
            }
            let file_offset = libc::off_t::try_from(offset + (from - start))
                .map_err(|_| invalid(format!("offset {offset} is past what mmap takes")))?;
            // SAFETY: `from..to` lies inside the reservation (`to <= end <= len * 16 <= bytes`),
            // so MAP_FIXED replaces only pages this region owns, and `&mut self` means no slice
            // of them is borrowed. The file's bytes equal the table's there (saved from it, or
            // restored into it), and the caller promises they stay so; MAP_PRIVATE keeps any
            // write to these pages from reaching the file.
            let at = unsafe {
                libc::mmap(
                    self.base.as_ptr().cast::<u8>().add(from as usize).cast(),
                    (to - from) as usize,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_FIXED,
                    file.as_raw_fd(),
                    file_offset,
                )
            };
            if at == libc::MAP_FAILED {
                return Err(Error::last_os_error());
            }
            Ok(())
        }
    }

    impl Drop for Region {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the reservation made in `reserve` (and whatever was mapped
            // over parts of it); no slice of it outlives `self`.
            unsafe { libc::munmap(self.base.as_ptr().cast(), self.bytes) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimum_is_the_largest_group() {
        let m = out_of_core_minimum(&[0..10, 10..40, 40..50]);
        assert_eq!(m.group, Some(1));
        assert_eq!(m.positions, 30);
        assert_eq!(m.bytes, 30 * GROUP_BYTES + PROGRAM_BYTES + 50 / 32);
        // Many small groups: the largest still sets it (the table is written a chunk at a time).
        let groups: Vec<_> = (0..10).map(|i| i * 10..(i + 1) * 10).collect();
        let m = out_of_core_minimum(&groups);
        assert_eq!((m.group, m.positions), (Some(9), 10));
        assert_eq!(m.bytes, 10 * GROUP_BYTES + PROGRAM_BYTES + 100 / 32);
    }

    #[test]
    fn data_offsets_keep_the_file_aligned_with_the_table() {
        for start in [0u64, 1, 26_256, 76_791_880, 9_151_173_144] {
            let o = data_offset(&(start..start + 1));
            assert!((FILE_ALIGN..2 * FILE_ALIGN).contains(&o));
            assert_eq!(o % FILE_ALIGN, start * BOUNDS_BYTES % FILE_ALIGN);
        }
    }

    #[cfg(all(target_os = "linux", target_endian = "little"))]
    #[test]
    fn a_mapped_file_shows_through_the_table() {
        use std::io::Write;
        let n = 20_000u64;
        let mut t = BoundsTable::reserve(n).unwrap();
        assert!(t.is_out_of_core() && t.iter().all(|&b| b == [0.0, 0.0]));
        let layer = 1_000..17_000;
        t.prepare(&layer);
        for p in layer.clone() {
            t[p as usize] = [p as f64, -(p as f64)];
        }
        let before = t.to_vec();
        let offset = data_offset(&layer);
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(&vec![0u8; offset as usize]).unwrap();
        for b in &t[layer.start as usize..layer.end as usize] {
            f.write_all(&b[0].to_le_bytes()).unwrap();
            f.write_all(&b[1].to_le_bytes()).unwrap();
        }
        // SAFETY: the temporary file is this test's alone and is not changed again.
        unsafe { t.map_file(&layer, &f, offset).unwrap() };
        assert_eq!(t.to_vec(), before);
        // The pages really are the file's: the mapping lists it.
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let base = t.as_ptr() as usize;
        let from = (base + 16 * 1_000).next_multiple_of(4096);
        assert!(
            maps.lines().any(|l| l.starts_with(&format!("{from:x}-"))),
            "{maps}"
        );
        // Misaligned offsets and short files are refused.
        // SAFETY: as above.
        assert!(unsafe { t.map_file(&layer, &f, offset + 16) }.is_err());
        // SAFETY: as above.
        assert!(unsafe { t.map_file(&(0..n), &f, FILE_ALIGN) }.is_err());
        assert_eq!(t.clone().into_vec(), before);
    }
}
