//! Where a solve keeps its bounds: [`BoundsTable`], one contiguous slice of every position's
//! bounds, either on the heap ([`solve`](super::solve)) or out of core (`solve-game --memory`):
//! one reserved range of virtual memory for the whole table, in which only the layer group being
//! solved lives in anonymous memory, and every finished group is its checkpoint file mapped in
//! ([`BoundsTable::map_file`]), so that its pages are file-backed and the kernel may drop them
//! and read them again. The solver still sees one `&mut [S]` indexed by global rank (`S` a
//! [`Slot`]: two `f64`, or [`Packed`](super::Packed)): nothing in its loops changes.
//!
//! Mapping needs Linux (`mmap` with `MAP_FIXED`) and a little-endian machine (the files hold
//! little-endian words); elsewhere [`BoundsTable::reserve`] refuses, saying so.

use super::{Bounds, Slot};
use std::ops::{Deref, DerefMut, Range};

/// Bytes of one position's bounds as two `f64` (the default [`Slot`]).
pub const BOUNDS_BYTES: u64 = <Bounds as Slot>::BYTES;

/// The alignment a layer file keeps with the table: its first bound lies at a file offset
/// congruent, modulo this, to the bound's byte offset in the table, so that whole pages of the
/// file map onto whole pages of the table. 64 KiB: a multiple of every page size Linux uses
/// (4, 16 and 64 KiB).
pub const FILE_ALIGN: u64 = 1 << 16;

/// Where layer group `layer`'s first bound lies in its file (format
/// `boardpath.game-checkpoint/2`), for bounds of `slot_bytes` a position: after a header of at
/// most [`FILE_ALIGN`] bytes, at the offset that keeps the file aligned with the table.
pub fn data_offset(layer: &Range<u64>, slot_bytes: u64) -> u64 {
    FILE_ALIGN + layer.start.wrapping_mul(slot_bytes) % FILE_ALIGN
}

/// Anonymous memory a solve out of core holds besides its layer groups' own: the program, its
/// heap and threads (6.7 MB resident for a whole 1-piece solve), the transparent huge pages at a
/// group's two ends (2 MiB each), the buffer of a bucket's new bounds (a slot, 16 or 8 bytes, a
/// position of the largest bucket: at most 2.5% of a group with 1 to 3 pieces, so at most 0.8
/// bytes a position of it with the buffer's doubling, less than the 4 bytes a position of sweep
/// keys freed before the first sweep).
pub const PROGRAM_BYTES: u64 = 16 << 20;

/// Bytes a position of the group being solved holds in anonymous memory out of core, with two
/// `f64` bounds: its bounds (16) and one for the buffer of a bucket's new bounds (the largest
/// bucket is at most 2.5% of its group with 1 to 3 pieces, and the buffer is made once at its
/// size). The sweep order is in a file mapped shared, its pages the kernel's to drop and read
/// again (`OrderBuf`). [`group_bytes`] for any slot.
pub const GROUP_BYTES: u64 = group_bytes(BOUNDS_BYTES);

/// [`GROUP_BYTES`] for bounds of `slot_bytes` a position.
pub const fn group_bytes(slot_bytes: u64) -> u64 {
    slot_bytes + 1
}

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

/// The least memory a solve of the layer groups `groups` (in solving order) needs out of core
/// with bounds of `slot_bytes` a position: [`group_bytes`] a position of the largest group, plus
/// [`PROGRAM_BYTES`] and the page tables of the whole reserved range and of the group's sweep
/// order (8 bytes per 4 KiB page: `positions * slot_bytes / 512` and `group / 128`). Writing the
/// table takes no more: its values are encoded a chunk at a time (`table::write_table`).
pub fn out_of_core_minimum(groups: &[Range<u64>], slot_bytes: u64) -> OutOfCoreMinimum {
    let positions: u64 = groups.iter().map(|g| g.end - g.start).sum();
    let mut worst = OutOfCoreMinimum {
        bytes: 0,
        group: None,
        positions: 0,
    };
    for (i, g) in groups.iter().enumerate() {
        let n = g.end - g.start;
        let bytes = n
            .saturating_mul(group_bytes(slot_bytes))
            .saturating_add(n / 128);
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
        .saturating_add(positions.saturating_mul(slot_bytes) / 512);
    worst
}

/// `n` copies of `value`, on transparent huge pages where the system gives them on request: the
/// solver reads successors at random over the whole table, and 4 KB pages would miss the
/// translation cache on nearly every read of a large one.
pub(crate) fn huge_vec<T: Copy>(n: usize, value: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + n * std::mem::size_of::<T>();
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: advice on pages of this vector's own (untouched) allocation; it changes
            // how they are backed, never their contents. A refusal leaves ordinary pages.
            unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
        }
    }
    v.resize(n, value);
    v
}

/// Every position's bounds, by rank, in one contiguous slice (`Deref<Target = [S]>`).
pub struct BoundsTable<S: Slot = Bounds>(Kind<S>);

enum Kind<S: Slot> {
    Heap(Vec<S>),
    #[cfg(all(target_os = "linux", target_endian = "little"))]
    Mapped(mapped::Region<S>),
}

impl<S: Slot> From<Vec<S>> for BoundsTable<S> {
    fn from(v: Vec<S>) -> Self {
        BoundsTable(Kind::Heap(v))
    }
}

impl<S: Slot> BoundsTable<S> {
    /// A table of `positions` on the heap, every bound `[0, 1]` (on transparent huge pages
    /// where the system gives them: successors are read at random over the whole table).
    pub fn unknown(positions: u64) -> Self {
        BoundsTable(Kind::Heap(huge_vec(positions as usize, S::UNKNOWN)))
    }

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
            self[layer.start as usize..layer.end as usize].fill(S::UNKNOWN);
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
    pub fn into_vec(self) -> Vec<S> {
        match self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice().to_vec(),
        }
    }
}

impl<S: Slot> Deref for BoundsTable<S> {
    type Target = [S];
    #[inline]
    fn deref(&self) -> &[S] {
        match &self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice(),
        }
    }
}

impl<S: Slot> DerefMut for BoundsTable<S> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [S] {
        match &mut self.0 {
            Kind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            Kind::Mapped(r) => r.slice_mut(),
        }
    }
}

impl<'a, S: Slot> IntoIterator for &'a BoundsTable<S> {
    type Item = &'a S;
    type IntoIter = std::slice::Iter<'a, S>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, S: Slot> IntoIterator for &'a mut BoundsTable<S> {
    type Item = &'a mut S;
    type IntoIter = std::slice::IterMut<'a, S>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<S: Slot> Clone for BoundsTable<S> {
    /// A copy on the heap.
    fn clone(&self) -> Self {
        BoundsTable(Kind::Heap(self.to_vec()))
    }
}

impl<S: Slot> std::fmt::Debug for BoundsTable<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        <[S] as std::fmt::Debug>::fmt(self, f)
    }
}

/// A layer group's sweep order (see `sweep_order` in `value_iteration.rs`): a `u32` a position,
/// on the heap, or out of core in a file mapped shared (its pages are the file's, written back
/// and dropped by the kernel as it needs: the order is read and compacted front to back, once a
/// sweep). Its length shrinks as positions freeze ([`OrderBuf::truncate`]).
pub(crate) struct OrderBuf {
    kind: OrderKind,
    len: usize,
}

enum OrderKind {
    Heap(Vec<u32>),
    #[cfg(all(target_os = "linux", target_endian = "little"))]
    Mapped(mapped::Words),
}

impl OrderBuf {
    /// `n` zeros, in `file` where one is given (its contents are replaced; Linux only, on the
    /// heap elsewhere), else on the heap.
    pub(crate) fn new(n: usize, file: Option<std::fs::File>) -> std::io::Result<OrderBuf> {
        #[cfg(all(target_os = "linux", target_endian = "little"))]
        if let Some(file) = file
            && n > 0
        {
            return Ok(OrderBuf {
                kind: OrderKind::Mapped(mapped::Words::new(n, &file)?),
                len: n,
            });
        }
        #[cfg(not(all(target_os = "linux", target_endian = "little")))]
        let _ = file;
        Ok(OrderBuf {
            kind: OrderKind::Heap(vec![0; n]),
            len: n,
        })
    }

    /// Keeps the first `len` entries.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

impl Deref for OrderBuf {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        let all: &[u32] = match &self.kind {
            OrderKind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            OrderKind::Mapped(w) => w.slice(),
        };
        &all[..self.len]
    }
}

impl DerefMut for OrderBuf {
    fn deref_mut(&mut self) -> &mut [u32] {
        let all: &mut [u32] = match &mut self.kind {
            OrderKind::Heap(v) => v,
            #[cfg(all(target_os = "linux", target_endian = "little"))]
            OrderKind::Mapped(w) => w.slice_mut(),
        };
        &mut all[..self.len]
    }
}

#[cfg(all(target_os = "linux", target_endian = "little"))]
mod mapped {
    use super::{FILE_ALIGN, Slot};
    use std::io::{Error, ErrorKind};
    use std::marker::PhantomData;
    use std::ops::Range;
    use std::os::fd::AsRawFd;
    use std::ptr::NonNull;

    /// A reserved range of virtual memory holding `len` slots, owned like a `Box<[S]>`.
    pub struct Region<S: Slot> {
        base: NonNull<S>,
        len: usize,
        /// Bytes reserved: `len * S::BYTES` rounded up to a page (at least one).
        bytes: usize,
        page: usize,
        slots: PhantomData<S>,
    }

    // SAFETY: the region is memory owned by this value alone (like a `Box<[S]>`), reached
    // only through `&self` (shared reads) and `&mut self` (exclusive writes).
    unsafe impl<S: Slot> Send for Region<S> {}
    // SAFETY: as for `Send`: `&Region` gives only shared reads of plain words (`S: Sync`).
    unsafe impl<S: Slot> Sync for Region<S> {}

    fn page_size() -> usize {
        // SAFETY: sysconf reads a system constant; it touches no memory of ours.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(page).unwrap_or(4096)
    }

    impl<S: Slot> Region<S> {
        pub fn reserve(positions: u64) -> std::io::Result<Region<S>> {
            // Slots are plain words of their stated size: the file's bytes are the memory's.
            assert_eq!(std::mem::size_of::<S>() as u64, S::BYTES);
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
                .checked_mul(S::BYTES as usize)
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
                slots: PhantomData,
            })
        }

        pub fn slice(&self) -> &[S] {
            // SAFETY: `len` slots lie in the mapping (`bytes >= len * S::BYTES`, the size of
            // `S`), which lives as long as `self`, is aligned to a page (so to `S`), and holds
            // initialised words (zero pages, written slots, or file bytes: every slot is plain
            // `f64`s or a `u64`, for which every bit pattern is a value).
            unsafe { std::slice::from_raw_parts(self.base.as_ptr(), self.len) }
        }

        pub fn slice_mut(&mut self) -> &mut [S] {
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
            let (start, end) = (layer.start * S::BYTES, layer.end * S::BYTES);
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
            // SAFETY: `from..to` lies inside the reservation (`to <= end <= len * S::BYTES <=
            // bytes`),
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

    /// `len` words in a file mapped shared, owned like a `Box<[u32]>` (see
    /// [`super::OrderBuf`]).
    pub struct Words {
        base: NonNull<u32>,
        len: usize,
        bytes: usize,
    }

    // SAFETY: the mapping is owned by this value alone, reached only through `&self` (shared
    // reads) and `&mut self` (exclusive writes).
    unsafe impl Send for Words {}
    // SAFETY: as for `Send`: `&Words` gives only shared reads of `u32`s.
    unsafe impl Sync for Words {}

    impl Words {
        /// `len` zero words in `file` (its length set to theirs, its contents replaced).
        pub fn new(len: usize, file: &std::fs::File) -> std::io::Result<Words> {
            let bytes = len
                .checked_mul(4)
                .ok_or_else(|| Error::from(ErrorKind::OutOfMemory))?;
            file.set_len(0)?;
            file.set_len(bytes as u64)?;
            // SAFETY: a new shared mapping of the whole file at an address the kernel picks: no
            // memory of ours is affected. The file was just sized to `bytes` (zeros).
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED,
                    file.as_raw_fd(),
                    0,
                )
            };
            if at == libc::MAP_FAILED {
                return Err(Error::last_os_error());
            }
            Ok(Words {
                base: NonNull::new(at.cast()).expect("mmap succeeded"),
                len,
                bytes,
            })
        }

        pub fn slice(&self) -> &[u32] {
            // SAFETY: `len` words lie in the mapping (`bytes = 4 len`), which lives as long as
            // `self` and is aligned to a page; every bit pattern is a `u32`.
            unsafe { std::slice::from_raw_parts(self.base.as_ptr(), self.len) }
        }

        pub fn slice_mut(&mut self) -> &mut [u32] {
            // SAFETY: as in `slice`; `&mut self` makes the borrow exclusive.
            unsafe { std::slice::from_raw_parts_mut(self.base.as_ptr(), self.len) }
        }
    }

    impl Drop for Words {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the mapping made in `new`; no slice of it outlives `self`.
            unsafe { libc::munmap(self.base.as_ptr().cast(), self.bytes) };
        }
    }

    impl<S: Slot> Drop for Region<S> {
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
        let m = out_of_core_minimum(&[0..10, 10..40, 40..50], BOUNDS_BYTES);
        assert_eq!(m.group, Some(1));
        assert_eq!(m.positions, 30);
        assert_eq!(m.bytes, 30 * 17 + PROGRAM_BYTES + 50 * 16 / 512);
        // Large groups: the page tables of the table and of the group's order count too.
        let groups = [0..100_000, 100_000..1_100_000, 1_100_000..1_200_000];
        let big = out_of_core_minimum(&groups, 8);
        assert_eq!((big.group, big.positions), (Some(1), 1_000_000));
        assert_eq!(
            big.bytes,
            1_000_000 * 9 + 1_000_000 / 128 + PROGRAM_BYTES + 1_200_000 * 8 / 512
        );
        // Many small groups: the largest still sets it (the table is written a chunk at a time).
        let groups: Vec<_> = (0..10).map(|i| i * 10..(i + 1) * 10).collect();
        let m = out_of_core_minimum(&groups, BOUNDS_BYTES);
        assert_eq!((m.group, m.positions), (Some(9), 10));
        assert_eq!(m.bytes, 10 * GROUP_BYTES + PROGRAM_BYTES + 100 / 32);
    }

    #[test]
    fn data_offsets_keep_the_file_aligned_with_the_table() {
        for start in [0u64, 1, 26_256, 76_791_880, 9_151_173_144] {
            for bytes in [16, 8] {
                let o = data_offset(&(start..start + 1), bytes);
                assert!((FILE_ALIGN..2 * FILE_ALIGN).contains(&o));
                assert_eq!(o % FILE_ALIGN, start * bytes % FILE_ALIGN);
            }
        }
    }

    #[cfg(all(target_os = "linux", target_endian = "little"))]
    #[test]
    fn a_mapped_file_shows_through_the_table() {
        use std::io::Write;
        let n = 20_000u64;
        let mut t: BoundsTable = BoundsTable::reserve(n).unwrap();
        assert!(t.is_out_of_core() && t.iter().all(|&b| b == [0.0, 0.0]));
        let layer = 1_000..17_000;
        t.prepare(&layer);
        for p in layer.clone() {
            t[p as usize] = [p as f64, -(p as f64)];
        }
        let before = t.to_vec();
        let offset = data_offset(&layer, BOUNDS_BYTES);
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
