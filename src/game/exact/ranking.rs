//! The generic ranking of one seat's pieces: every placement of `K` indistinguishable pieces on a
//! seat's steps (track steps, then goal steps), at most one piece a step, the rest waiting, ranked
//! perfectly onto `0..count(h)` for each number `h` of pieces home.
//!
//! A side with `h` pieces on goal steps and `t` on track steps ranks as
//! `goal * tracks(K - h) + first(t) + track`, where `goal` is the colex rank of its goal steps
//! among the `C(G, h)` subsets, `track` the colex rank of its track steps among the `C(T, t)`,
//! `first(t) = sum_{j < t} C(T, j)` and `tracks(m) = first(m + 1)`. Any track length and goal size
//! (no bit-mask limit): the steps are the engine's relative steps.

use crate::game::{PieceStep, WAITING};

/// Binomial coefficients `C(n, k)` for `n <= n_max`, `k <= k_max`, saturating at `u64::MAX`.
#[derive(Clone, Debug)]
pub(crate) struct Binomials {
    k_max: usize,
    table: Vec<u64>,
}

impl Binomials {
    pub(crate) fn new(n_max: usize, k_max: usize) -> Binomials {
        let w = k_max + 1;
        let mut table = vec![0u64; (n_max + 1) * w];
        for n in 0..=n_max {
            table[n * w] = 1;
            for k in 1..=k_max.min(n) {
                let above = if k < n { table[(n - 1) * w + k] } else { 0 };
                table[n * w + k] = table[(n - 1) * w + k - 1].saturating_add(above);
            }
        }
        Binomials { k_max, table }
    }

    #[inline]
    pub(crate) fn get(&self, n: usize, k: usize) -> u64 {
        self.table[n * (self.k_max + 1) + k]
    }

    /// Colex rank of the ascending `items` (each below `n_max`): `sum C(x_i, i + 1)`.
    #[inline]
    fn rank(&self, items: &[PieceStep]) -> u64 {
        items
            .iter()
            .enumerate()
            .map(|(i, &x)| self.get(x as usize, i + 1))
            .sum()
    }

    /// The ascending `k` items below `n` of colex rank `r`, written to `out[..k]`, each plus
    /// `offset`.
    fn unrank(&self, mut r: u64, k: usize, n: usize, offset: PieceStep, out: &mut [PieceStep]) {
        let mut x = n;
        for i in (1..=k).rev() {
            // The largest x with C(x, i) <= r.
            x -= 1;
            while self.get(x, i) > r {
                x -= 1;
            }
            r -= self.get(x, i);
            out[i - 1] = x as PieceStep + offset;
        }
    }
}

/// The sides of one seat (see the module documentation).
#[derive(Clone, Debug)]
pub struct SideRanking {
    pieces: usize,
    track: usize,
    goal: usize,
    binomials: Binomials,
    /// `first[t]`: sides' track parts with fewer than `t` track pieces (`0..=K + 1`).
    first: Vec<u64>,
    /// `count[h]`: sides with `h` pieces home (`0..=K`).
    count: Vec<u64>,
}

impl SideRanking {
    /// The sides of `pieces` pieces on `track` track steps and `goal` goal steps; `None` when a
    /// count passes `u64` or the goal holds fewer than `pieces`.
    pub fn new(pieces: usize, track: usize, goal: usize) -> Option<SideRanking> {
        if goal < pieces || pieces == 0 {
            return None;
        }
        let binomials = Binomials::new(track.max(goal), pieces);
        let mut first = vec![0u64];
        for t in 0..=pieces {
            let c = binomials.get(track, t);
            first.push(first[t].checked_add(c)?);
        }
        let count = (0..=pieces)
            .map(|h| binomials.get(goal, h).checked_mul(first[pieces - h + 1]))
            .collect::<Option<Vec<u64>>>()?;
        if count.contains(&u64::MAX) {
            return None;
        }
        Some(SideRanking {
            pieces,
            track,
            goal,
            binomials,
            first,
            count,
        })
    }

    /// Sides with `h` pieces home.
    #[inline]
    pub fn count(&self, home: usize) -> u64 {
        self.count[home]
    }

    /// Pieces home of a side given by its steps (any order; [`WAITING`] for a waiting piece).
    #[inline]
    pub fn home(&self, steps: &[PieceStep]) -> usize {
        steps
            .iter()
            .filter(|&&s| s != WAITING && s as usize >= self.track)
            .count()
    }

    /// The rank of a side among those with as many pieces home, from its steps sorted ascending
    /// (waiting pieces last, as [`WAITING`] sorts).
    #[inline]
    pub fn rank(&self, sorted: &[PieceStep]) -> u64 {
        let t = sorted.partition_point(|&s| (s as usize) < self.track);
        let h = sorted[t..].partition_point(|&s| s != WAITING);
        let track = self.binomials.rank(&sorted[..t]);
        let mut goal = 0;
        for (i, &s) in sorted[t..t + h].iter().enumerate() {
            goal += self.binomials.get(s as usize - self.track, i + 1);
        }
        goal * self.first[self.pieces - h + 1] + self.first[t] + track
    }

    /// The side of `home` pieces home and rank `r`: its steps ascending, waiting pieces last.
    pub fn unrank(&self, home: usize, r: u64, out: &mut [PieceStep]) {
        let tracks = self.first[self.pieces - home + 1];
        let (goal, rest) = (r / tracks, r % tracks);
        let t = self.first.partition_point(|&f| f <= rest) - 1;
        self.binomials
            .unrank(rest - self.first[t], t, self.track, 0, &mut out[..t]);
        self.binomials.unrank(
            goal,
            home,
            self.goal,
            self.track as PieceStep,
            &mut out[t..t + home],
        );
        out[t + home..self.pieces].fill(WAITING);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_ranks_back_to_itself() {
        for (k, track, goal) in [(1, 5, 1), (2, 7, 3), (3, 9, 4), (2, 40, 4)] {
            let s = SideRanking::new(k, track, goal).unwrap();
            let mut steps = vec![0; k];
            let mut total = 0;
            for h in 0..=k {
                for r in 0..s.count(h) {
                    s.unrank(h, r, &mut steps);
                    assert!(steps.is_sorted(), "{steps:?}");
                    assert_eq!(s.home(&steps), h);
                    assert_eq!(s.rank(&steps), r, "{steps:?}");
                    total += 1;
                }
            }
            // Every subset of at most k of the track + goal steps.
            let b = Binomials::new(track + goal, k);
            assert_eq!(total, (0..=k).map(|j| b.get(track + goal, j)).sum::<u64>());
        }
    }

    #[test]
    fn too_few_goal_steps_or_no_pieces_are_refused() {
        assert!(SideRanking::new(3, 40, 2).is_none());
        assert!(SideRanking::new(0, 40, 4).is_none());
    }
}
