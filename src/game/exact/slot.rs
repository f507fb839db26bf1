//! How a solve stores one position's bounds: [`Slot`], with two encodings. `[f64; 2]`
//! ([`Bounds`], 16 bytes) is the default; [`Packed`] (8 bytes) halves the working set of a solve
//! that does not fit in memory otherwise (`solve-game --bounds packed`), at the price of a floor
//! under the gap a position can reach ([`Slot::FINEST`]).
//!
//! Both are read as `f64` bounds and written from them: the solver's arithmetic is the same, and
//! only the rounding on the way into the slot differs. A packed slot always encloses the bounds it
//! was made from (it rounds outward), so the bounds still hold.

use super::Bounds;

/// One position's stored bounds.
pub trait Slot: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// Bytes a position takes, in memory and in a checkpoint file.
    const BYTES: u64;
    /// The name of the encoding (in checkpoint headers and messages).
    const NAME: &'static str;
    /// The smallest tolerance a solve in this encoding can reach: below it the rounding of every
    /// update may keep gaps from ever falling within the tolerance.
    const FINEST: f64;
    /// The bounds `[0, 1]`, where every position starts.
    const UNKNOWN: Self;
    /// The bounds held, exactly.
    fn get(self) -> Bounds;
    /// Bounds no narrower than `b` (`b` itself where the encoding holds it).
    fn put(b: Bounds) -> Self;
    /// `slots` as a checkpoint file holds them (little-endian), appended to `out`.
    fn write_le(slots: &[Self], out: &mut Vec<u8>);
    /// `out.len()` slots from `bytes` ([`Slot::write_le`]'s, `BYTES` each).
    fn read_le(bytes: &[u8], out: &mut [Self]);
}

impl Slot for Bounds {
    const BYTES: u64 = 16;
    const NAME: &'static str = "f64 pair";
    const FINEST: f64 = 0.0;
    const UNKNOWN: Self = [0.0, 1.0];

    #[inline(always)]
    fn get(self) -> Bounds {
        self
    }

    #[inline(always)]
    fn put(b: Bounds) -> Self {
        b
    }

    fn write_le(slots: &[Self], out: &mut Vec<u8>) {
        out.extend(
            slots
                .iter()
                .flat_map(|[lo, hi]| lo.to_le_bytes().into_iter().chain(hi.to_le_bytes())),
        );
    }

    fn read_le(bytes: &[u8], out: &mut [Self]) {
        for (b, e) in out.iter_mut().zip(bytes.chunks_exact(16)) {
            let (lo, hi) = e.split_at(8);
            *b = [
                f64::from_le_bytes(lo.try_into().expect("8 bytes")),
                f64::from_le_bytes(hi.try_into().expect("8 bytes")),
            ];
        }
    }
}

/// Bounds in 8 bytes: a midpoint `c` on a grid of `2^-45` and a half-width `w` with 12
/// significant bits, the bounds being `[c - w, c + w]`.
///
/// The word is `a << 18 | e << 12 | m`: `c = a 2^-45` (`a <= 2^45`, 46 bits) and
/// `w = m 2^-(12 + e)` (`e <= 40`, `m < 2^12`). Every `c` and `w` is a multiple of `2^-52` below
/// 2, so `c - w` and `c + w` are exact in `f64`: reading adds no rounding. Writing `[lo, hi]`
/// rounds the midpoint to the grid and the half-width up, so the slot encloses `[lo, hi]`. The
/// price: each write widens a gap by up to `2^-45` (the midpoint's rounding, both sides) and by
/// `2^-11` of itself (the half-width's), along every chain of updates in a sweep. With `1e-10`
/// and chains of a few hundred updates that is a few percent of the tolerance; [`Slot::FINEST`]
/// is `1e-11`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Packed(u64);

/// Bits of the half-width's significand.
const M_BITS: u32 = 12;
/// The largest exponent step of the half-width (its quantum is then `2^-52`).
const E_MAX: i32 = 40;
/// The midpoint's grid: `2^-C_BITS`.
const C_BITS: i32 = 45;

impl Packed {
    /// The 64-bit word (as a checkpoint file holds it, little-endian).
    #[must_use]
    pub const fn to_bits(self) -> u64 {
        self.0
    }

    /// The slot of a word ([`Packed::to_bits`]); `None` where it is not one (a midpoint above
    /// 1 or an exponent above 40).
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Packed> {
        let a = bits >> 18;
        let e = (bits >> M_BITS) & 63;
        if a > 1 << C_BITS || e > E_MAX as u64 {
            None
        } else {
            Some(Packed(bits))
        }
    }

    /// The midpoint `c`.
    #[must_use]
    #[inline(always)]
    pub fn mid(self) -> f64 {
        (self.0 >> 18) as f64 * pow2(-C_BITS)
    }

    /// The half-width `w`.
    #[must_use]
    #[inline(always)]
    pub fn half_width(self) -> f64 {
        let e = ((self.0 >> M_BITS) & 63) as i32;
        (self.0 & ((1 << M_BITS) - 1)) as f64 * pow2(-(M_BITS as i32) - e)
    }

    /// The slot enclosing `[lo, hi]` (see the type's documentation). Bounds outside `[0, 1]`
    /// are cut to it (every value is a probability); bounds in the wrong order, by rounding, are
    /// enclosed all the same. A NaN gives `[0, 1]`.
    #[must_use]
    pub fn enclose([lo, hi]: Bounds) -> Packed {
        if lo.is_nan() || hi.is_nan() {
            return Packed::UNKNOWN;
        }
        let (lo, hi) = (lo.clamp(0.0, 1.0), hi.clamp(0.0, 1.0));
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let scale = pow2(C_BITS);
        let a = ((lo + hi) * 0.5 * scale).round().clamp(0.0, scale);
        let c = a * pow2(-C_BITS);
        let need = difference_up(c, lo).max(difference_up(hi, c)).max(0.0);
        Packed(((a as u64) << 18) | half_width_bits(need))
    }
}

/// The least `f64` at least `a - b` (the difference rounded up, not to nearest): the rounding
/// error of the subtraction, found exactly (Knuth's two-sum), decides whether to step up.
fn difference_up(a: f64, b: f64) -> f64 {
    let s = a - b;
    let bb = s - a;
    let error = (a - (s - bb)) + (-b - bb);
    if error > 0.0 { s.next_up() } else { s }
}

/// `2^k` (`|k| < 1000`).
#[inline(always)]
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// The bits `e << 12 | m` of the smallest half-width of the format at least `w` (`0 <= w < 1`).
fn half_width_bits(w: f64) -> u64 {
    if w <= 0.0 {
        return 0;
    }
    // w = f 2^t with 1 <= f < 2 (w below 2^-1022 counts as tiny: e = E_MAX).
    let t = ((w.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mut e = (-t - 1).clamp(0, E_MAX);
    let mut m = (w * pow2(M_BITS as i32 + e)).ceil();
    if m >= f64::from(1u32 << M_BITS) {
        e -= 1;
        m = (w * pow2(M_BITS as i32 + e)).ceil();
    }
    debug_assert!(
        e >= 0 && m < f64::from(1u32 << M_BITS),
        "half-width {w} too wide"
    );
    ((e as u64) << M_BITS) | m as u64
}

impl Slot for Packed {
    const BYTES: u64 = 8;
    const NAME: &'static str = "packed";
    const FINEST: f64 = 1e-11;
    // c = 1/2 (a = 2^44), w = 1/2 (e = 0, m = 2^11).
    const UNKNOWN: Self = Packed((1 << 44 << 18) | (1 << 11));

    #[inline(always)]
    fn get(self) -> Bounds {
        let (c, w) = (self.mid(), self.half_width());
        [c - w, c + w]
    }

    #[inline(always)]
    fn put(b: Bounds) -> Self {
        Packed::enclose(b)
    }

    fn write_le(slots: &[Self], out: &mut Vec<u8>) {
        out.extend(slots.iter().flat_map(|p| p.0.to_le_bytes()));
    }

    fn read_le(bytes: &[u8], out: &mut [Self]) {
        for (p, e) in out.iter_mut().zip(bytes.chunks_exact(8)) {
            *p = Packed(u64::from_le_bytes(e.try_into().expect("8 bytes")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encloses(p: Packed, [lo, hi]: Bounds) -> bool {
        let [l, h] = p.get();
        l <= lo.max(0.0) && hi.min(1.0) <= h
    }

    #[test]
    fn the_unknown_slot_is_zero_to_one() {
        assert_eq!(Packed::UNKNOWN.get(), [0.0, 1.0]);
        assert_eq!(Packed::put([0.0, 1.0]).get(), [0.0, 1.0]);
        assert_eq!(Packed::put([1.0, 1.0]).get(), [1.0, 1.0]);
        assert_eq!(Packed::put([0.0, 0.0]).get(), [0.0, 0.0]);
        assert_eq!(Packed::put([f64::NAN, 0.3]), Packed::UNKNOWN);
    }

    #[test]
    fn a_slot_encloses_its_bounds_and_adds_little() {
        // A deterministic spread of bounds: midpoints over [0, 1], gaps from 1 down to 1e-15.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let u = (x >> 11) as f64 / (1u64 << 53) as f64;
            let gap = 10f64.powf(-15.0 * ((x & 0xffff) as f64 / 65535.0));
            let lo = (u - gap / 2.0).max(0.0);
            let hi = (lo + gap).min(1.0);
            let p = Packed::put([lo, hi]);
            assert!(encloses(p, [lo, hi]), "{lo} {hi} -> {:?}", p.get());
            let [l, h] = p.get();
            // At most the midpoint's grid on each side plus 2^-11 of the gap.
            assert!(
                (h - l) - (hi - lo) <= 2.0 * pow2(-45) + (hi - lo) * pow2(-10),
                "{lo} {hi} -> {l} {h}"
            );
            // Reading is exact: writing what was read gives the same slot (where the bounds
            // read lie in [0, 1]; outside, they are cut to it and still enclosed).
            if (0.0..=1.0).contains(&l) && (0.0..=1.0).contains(&h) {
                assert_eq!(Packed::put(p.get()), p);
            } else {
                assert!(encloses(Packed::put(p.get()), [l, h]));
            }
            assert_eq!(Packed::from_bits(p.to_bits()), Some(p));
        }
    }

    #[test]
    fn differences_round_up() {
        // 1 - 2^-60 is not an f64: rounded to nearest it is 1, rounded up too; 2^-60 - 1 rounds
        // to -1 and up to the next f64 above -1.
        assert_eq!(difference_up(1.0, pow2(-60)), 1.0);
        assert_eq!(difference_up(pow2(-60), 1.0), (-1.0f64).next_up());
        assert_eq!(difference_up(0.75, 0.25), 0.5);
        // c - lo with lo just below a grid point: the exact difference is kept or exceeded.
        let lo = 0.3f64;
        let c = (0.3 * pow2(45)).round() * pow2(-45);
        let d = difference_up(c, lo);
        assert!(d >= c - lo && (d == c - lo || d == (c - lo).next_up()));
    }

    #[test]
    fn bounds_out_of_order_or_range_are_enclosed() {
        let p = Packed::put([0.6, 0.4]);
        assert!(encloses(p, [0.4, 0.6]));
        let p = Packed::put([-0.25, 1.5]);
        assert_eq!(p.get(), [0.0, 1.0]);
        assert_eq!(Packed::put([-5.0, -4.0]).get(), [0.0, 0.0]);
        assert_eq!(Packed::put([f64::INFINITY, 7.0]).get(), [1.0, 1.0]);
        let tiny = Packed::put([0.3, 0.3 + 1e-300]);
        assert!(encloses(tiny, [0.3, 0.3 + 1e-300]));
    }

    #[test]
    fn words_that_are_no_slot_are_refused() {
        assert_eq!(Packed::from_bits(u64::MAX), None);
        assert_eq!(Packed::from_bits(((1u64 << 45) + 1) << 18), None);
        assert_eq!(Packed::from_bits(41 << 12), None);
        assert!(Packed::from_bits((1u64 << 45) << 18 | 40 << 12 | 4095).is_some());
    }

    #[test]
    fn files_round_trip_both_encodings() {
        let b: Vec<Bounds> = vec![[0.25, 0.5], [0.0, 1.0], [1.0 / 3.0, 0.5]];
        let mut bytes = Vec::new();
        Bounds::write_le(&b, &mut bytes);
        assert_eq!(bytes.len(), 48);
        let mut back = vec![[0.0; 2]; 3];
        Bounds::read_le(&bytes, &mut back);
        assert_eq!(back, b);
        let p: Vec<Packed> = b.iter().map(|&x| Packed::put(x)).collect();
        bytes.clear();
        Packed::write_le(&p, &mut bytes);
        assert_eq!(bytes.len(), 24);
        let mut back = vec![Packed::UNKNOWN; 3];
        Packed::read_le(&bytes, &mut back);
        assert_eq!(back, p);
    }
}
