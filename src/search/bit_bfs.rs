//! Bit-parallel breadth-first search: the fewest moves when every move is a forward jump by one of
//! a few fixed distances (the die faces) onto an allowed node.
//!
//! The frontier is a bit set over nodes; one round shifts it by each jump distance, ORs the
//! shifts, masks the result with the nodes a move may end on and removes the nodes already
//! visited: a whole frontier advances with a few word operations per jump, as in the bit-shift BFS
//! on grids (one shift and mask per direction). Only the words between the lowest and highest set
//! frontier bit are touched, and on a race that window is about one die wide, so a round costs
//! a few words per face however long the board is.

/// The result of [`fewest_moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BfsResult {
    /// Moves (rounds) to the goal.
    pub moves: u32,
    /// Nodes reached (start included) before the goal was: the BFS's expanded nodes.
    pub reached: u64,
}

/// The fewest jumps from node `start` to node `goal`. Bit `i` of `landable` (word `i / 64`, bit
/// `i % 64`) says whether a jump may end on node `i`; nodes past the last word do not exist.
/// `jumps` are the jump distances (positive). `None` when `goal` cannot be reached.
pub fn fewest_moves(
    landable: &[u64],
    jumps: &[usize],
    start: usize,
    goal: usize,
) -> Option<BfsResult> {
    search(landable, jumps, start, goal, &mut |_, _| {})
}

/// One path with the fewest jumps from `start` to `goal`, and the nodes reached, as
/// [`fewest_moves`] finds them. Each round's frontier (its window of words) is kept, and the path
/// is read backwards from the goal: at each round the longest jump that comes from the round
/// before. Memory: the windows, a few words per round on a race.
pub fn fewest_path(
    landable: &[u64],
    jumps: &[usize],
    start: usize,
    goal: usize,
) -> Option<(Vec<usize>, u64)> {
    let mut rounds: Vec<(usize, Vec<u64>)> = Vec::new();
    let r = search(landable, jumps, start, goal, &mut |lo, words| {
        rounds.push((lo, words.to_vec()))
    })?;
    let has = |round: &(usize, Vec<u64>), node: usize| {
        let w = node / 64;
        w >= round.0
            && round
                .1
                .get(w - round.0)
                .is_some_and(|v| v >> (node % 64) & 1 == 1)
    };
    let mut longest_first = jumps.to_vec();
    longest_first.sort_unstable_by(|a, b| b.cmp(a));
    let mut path = vec![goal];
    let mut at = goal;
    // `rounds[k]` is the frontier after k moves; the goal is reached in round `moves`.
    for k in (0..r.moves as usize).rev() {
        at = longest_first
            .iter()
            .filter_map(|&j| at.checked_sub(j))
            .find(|&p| has(&rounds[k], p))?;
        path.push(at);
    }
    path.reverse();
    Some((path, r.reached))
}

/// The search, telling `round(lo, words)` every frontier (round 0: the start) as a window of words
/// starting at word `lo`.
fn search(
    landable: &[u64],
    jumps: &[usize],
    start: usize,
    goal: usize,
    round: &mut dyn FnMut(usize, &[u64]),
) -> Option<BfsResult> {
    let words = landable.len();
    if goal / 64 >= words || start / 64 >= words {
        return None;
    }
    if start == goal {
        return Some(BfsResult {
            moves: 0,
            reached: 1,
        });
    }
    let (shortest, longest) = match (jumps.iter().min(), jumps.iter().max()) {
        (Some(&lo), Some(&hi)) if lo > 0 => (lo, hi),
        _ => return None,
    };
    let goal_bit = (goal / 64, 1u64 << (goal % 64));
    let mut frontier = vec![0u64; words];
    let mut next = vec![0u64; words];
    let mut visited = vec![0u64; words];
    frontier[start / 64] = 1 << (start % 64);
    visited[start / 64] = frontier[start / 64];
    let (mut lo, mut hi) = (start / 64, start / 64);
    round(lo, &frontier[lo..=hi]);
    let mut reached = 1u64;
    let mut moves = 0u32;
    loop {
        moves += 1;
        // The words this round can write: a jump moves a word by `jump / 64` words plus a carry.
        let (nlo, nhi) = (lo + shortest / 64, (hi + longest / 64 + 1).min(words - 1));
        if nlo > nhi {
            return None;
        }
        next[nlo..=nhi].fill(0);
        for &jump in jumps {
            let (ws, bs) = (jump / 64, jump % 64);
            for i in lo..=hi {
                let v = frontier[i];
                if v == 0 || i + ws >= words {
                    continue;
                }
                next[i + ws] |= v << bs;
                if bs != 0 && i + ws + 1 < words {
                    next[i + ws + 1] |= v >> (64 - bs);
                }
            }
        }
        let (mut new_lo, mut new_hi) = (usize::MAX, 0);
        for w in nlo..=nhi {
            next[w] &= landable[w] & !visited[w];
            if next[w] != 0 {
                visited[w] |= next[w];
                reached += u64::from(next[w].count_ones());
                new_lo = new_lo.min(w);
                new_hi = w;
            }
        }
        if next[goal_bit.0] & goal_bit.1 != 0 {
            return Some(BfsResult { moves, reached });
        }
        if new_lo == usize::MAX {
            return None;
        }
        round(new_lo, &next[new_lo..=new_hi]);
        std::mem::swap(&mut frontier, &mut next);
        (lo, hi) = (new_lo, new_hi);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: usize) -> Vec<u64> {
        let mut w = vec![0u64; n.div_ceil(64)];
        for i in 0..n {
            w[i / 64] |= 1 << (i % 64);
        }
        w
    }

    #[test]
    fn counts_rounds_across_word_boundaries() {
        // 0 to 200 with jumps 1..=6: ceil(200 / 6) = 34 moves.
        let r = fewest_moves(&all(201), &[6, 5, 4, 3, 2, 1], 0, 200).unwrap();
        assert_eq!(r.moves, 34);
        // Jumps of 70 cross whole words: 0 -> 70 -> 140 -> 210.
        assert_eq!(fewest_moves(&all(211), &[70], 0, 210).unwrap().moves, 3);
    }

    #[test]
    fn respects_the_landing_mask() {
        // Only even nodes may be landed on: jumps of 1 are useless, 2 takes 5 moves to 10.
        let mut land = all(11);
        for i in (1..11).step_by(2) {
            land[0] &= !(1 << i);
        }
        assert_eq!(fewest_moves(&land, &[1, 2], 0, 10).unwrap().moves, 5);
        assert_eq!(fewest_moves(&land, &[1], 0, 10), None);
    }

    #[test]
    fn reads_a_fewest_path_back() {
        // 0 to 200 with jumps 1..=6: 34 moves, the longest jumps last (200 = 2 + 33 x 6).
        let (path, _) = fewest_path(&all(201), &[6, 5, 4, 3, 2, 1], 0, 200).unwrap();
        assert_eq!(path.len(), 35);
        assert_eq!(path[1], 2);
        assert!(path.windows(2).skip(1).all(|w| w[1] - w[0] == 6));
        // Across words with a mask: only even nodes, jumps 2 and 70 (even): 0 -> 70 -> 140 -> 142.
        let mut land = all(143);
        for i in (1..143).step_by(2) {
            land[i / 64] &= !(1 << (i % 64));
        }
        assert_eq!(
            fewest_path(&land, &[2, 70], 0, 142).unwrap().0,
            [0, 2, 72, 142]
        );
        assert_eq!(fewest_path(&land, &[3], 0, 142), None);
    }
}
