//! The dice of a game and the uniform draw of an index: the random numbers `play` consumes.

use crate::random::SplitMix64;

/// A game's dice: a generator of their own, seeded by one draw from the game's generator, so the
/// rolls never depend on how many draws the players make (the same seed rolls the same dice
/// whatever the policies: common random numbers for comparing them). Each 64-bit draw gives
/// several rolls as the digits of a base-`faces` fraction: multiply by `faces`, the high word is
/// the face, the low word stays for the next; as many digits as keep `faces^digits <= 2^32`, so
/// a face's probability is off by at most `2^-32` of itself.
#[derive(Clone, Debug)]
pub struct Roller {
    rng: SplitMix64,
    word: u64,
    left: u32,
    per_word: u32,
    faces: u64,
}

impl Roller {
    /// The dice of a game with `faces` faces (at least 1), seeded by one draw from `game`.
    pub fn new(game: &mut SplitMix64, faces: usize) -> Roller {
        let faces = faces.max(1) as u64;
        let mut per_word = 0;
        let mut power = 1u64;
        while per_word < 32 && power.saturating_mul(faces) <= 1 << 32 {
            power *= faces;
            per_word += 1;
        }
        Roller {
            rng: SplitMix64::new(game.next_u64()),
            word: 0,
            left: 0,
            per_word: per_word.max(1),
            faces,
        }
    }

    /// The same dice seeded anew by one draw from `game`, as [`Roller::new`] gives them.
    #[inline]
    pub fn reseed(&mut self, game: &mut SplitMix64) {
        self.rng = SplitMix64::new(game.next_u64());
        self.left = 0;
    }

    /// The index of the next face rolled, in `0..faces`.
    #[inline(always)]
    pub fn face(&mut self) -> usize {
        if self.left == 0 {
            self.word = self.rng.next_u64();
            self.left = self.per_word;
        }
        self.left -= 1;
        let m = self.word as u128 * self.faces as u128;
        self.word = m as u64;
        (m >> 64) as usize
    }
}

/// A uniform index in `0..n` (`n` at least 1) from one draw of `rng`, by multiply-and-shift
/// (Lemire): the high word of `draw * n`, no division; a choice's probability is off by at most
/// `n / 2^64`. No draw is made for `n = 1`: the caller skips it (the random policy does).
#[inline(always)]
pub fn uniform_index(rng: &mut SplitMix64, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_gives_the_digits_that_fit_in_32_bits() {
        let digits = |faces| Roller::new(&mut SplitMix64::new(1), faces).per_word;
        // 6^12 = 2,176,782,336 <= 2^32 < 6^13; 2^32 exactly; one face: the cap.
        assert_eq!(
            (digits(6), digits(2), digits(1), digits(65536)),
            (12, 32, 32, 2)
        );
        assert_eq!(digits(100_000), 1);
    }

    #[test]
    fn the_digits_are_the_base_faces_expansion_of_the_draw() {
        let mut game = SplitMix64::new(9);
        let mut roller = Roller::new(&mut game, 6);
        let word = SplitMix64::new(SplitMix64::new(9).next_u64()).next_u64();
        // The first 12 digits of word / 2^64 in base 6, by exact integer arithmetic.
        let mut fraction = word as u128;
        for _ in 0..12 {
            fraction *= 6;
            assert_eq!(roller.face() as u128, fraction >> 64);
            fraction &= u64::MAX as u128;
        }
    }

    #[test]
    fn faces_come_out_uniform() {
        let mut roller = Roller::new(&mut SplitMix64::new(3), 6);
        let mut counts = [0u32; 6];
        for _ in 0..600_000 {
            counts[roller.face()] += 1;
        }
        // 100,000 expected each, standard deviation about 289: 5 sigma either side.
        assert!(
            counts.iter().all(|&c| c.abs_diff(100_000) < 1_500),
            "{counts:?}"
        );
    }
}
