//! `--bits`: what a bit-board value says about a player's tiles, in the order a piece visits them.
//!
//! Parsing the value and checking that it fits are [`crate::output::decode`]'s, shared with
//! `boardpath decode`.

use crate::encoding::bitboard::Layout;

/// What a value says: which tiles are set and the distance travelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Waiting tiles whose bit is set.
    pub waiting: Vec<usize>,
    /// Relative steps (track steps, then goal tiles) whose bit is set, in move order.
    pub steps: Vec<usize>,
    /// The distance field.
    pub distance: u128,
}

/// Reads `value` with `layout`.
pub fn decode(layout: &Layout, value: u128) -> Decoded {
    let set = |bit: u32| value >> bit & 1 == 1;
    Decoded {
        waiting: (0..layout.waiting as usize)
            .filter(|&i| set(layout.waiting_bit(i)))
            .collect(),
        steps: (0..(layout.track + layout.goal) as usize)
            .filter(|&s| set(layout.step_bit(s)))
            .collect(),
        distance: value & layout.distance_max(),
    }
}

impl Decoded {
    /// The piece's path: the set track steps in order, up to and including the first set goal
    /// tile. Deeper set goal tiles belong to pieces that finished earlier (the paper's boards
    /// keep them), so the path stops where the piece entered the goal.
    pub fn path(&self, track_steps: usize) -> Vec<usize> {
        match self.steps.iter().position(|&s| s >= track_steps) {
            Some(i) => self.steps[..=i].to_vec(),
            None => self.steps.clone(),
        }
    }
}

/// `bits` as groups of ten, so long fields stay countable.
pub fn grouped(bits: &str) -> String {
    let chars: Vec<char> = bits.chars().collect();
    chars
        .chunks(10)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_ten() {
        assert_eq!(grouped("111111111100"), "1111111111 00");
    }
}
