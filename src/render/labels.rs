//! Placing small round labels (roll numbers) where they overlap nothing already placed.
//!
//! Greedy and deterministic: each label tries its candidate spots in order and takes the first free
//! one, or else the one that overlaps least. The discs live in a grid of square cells keyed by
//! their centres, so a spot is checked against the discs near it only: placing a label costs the
//! same on a 100,000-tile board as on the standard one, and a picture is linear in its tiles.

use std::collections::HashMap;

/// A disc already on the picture that labels should keep off.
#[derive(Clone, Copy, Debug)]
struct Disc {
    x: f64,
    y: f64,
    r: f64,
    /// How bad covering it is: labels matter more than tile centres.
    weight: f64,
}

/// The discs placed so far.
#[derive(Default)]
pub(crate) struct Placer {
    discs: Vec<Disc>,
    /// Disc indices by the cell their centre lies in.
    cells: HashMap<(i64, i64), Vec<usize>>,
    /// Side of a cell: set from the first disc, a few radii wide.
    cell: f64,
    /// The largest radius so far, which widens every search.
    max_r: f64,
}

/// Weight of covering another label: never worth it if any other spot exists.
const LABEL: f64 = 100.0;

impl Placer {
    /// An empty picture.
    pub fn new() -> Placer {
        Placer::default()
    }

    /// Marks a disc to keep off, e.g. a goal letter or an arrowhead; `weight` says how much.
    pub fn obstacle(&mut self, x: f64, y: f64, r: f64, weight: f64) {
        self.add(Disc { x, y, r, weight });
    }

    fn key(&self, x: f64, y: f64) -> (i64, i64) {
        (
            (x / self.cell).floor() as i64,
            (y / self.cell).floor() as i64,
        )
    }

    fn add(&mut self, d: Disc) {
        if self.cell == 0.0 {
            self.cell = (4.0 * d.r).max(1.0);
        }
        self.max_r = self.max_r.max(d.r);
        let key = self.key(d.x, d.y);
        self.cells.entry(key).or_default().push(self.discs.len());
        self.discs.push(d);
    }

    /// How badly a label of radius `r` at `(x, y)` covers what is placed: the discs whose centres
    /// lie within reach, summed in the order they were placed (so the result does not depend on
    /// the grid).
    fn cost(&self, x: f64, y: f64, r: f64, near: &mut Vec<usize>) -> f64 {
        near.clear();
        if self.discs.is_empty() {
            return 0.0;
        }
        let reach = r + self.max_r + 1.0;
        let (lo, hi) = (
            self.key(x - reach, y - reach),
            self.key(x + reach, y + reach),
        );
        for cx in lo.0..=hi.0 {
            for cy in lo.1..=hi.1 {
                if let Some(ids) = self.cells.get(&(cx, cy)) {
                    near.extend_from_slice(ids);
                }
            }
        }
        near.sort_unstable();
        near.iter()
            .map(|&i| {
                let d = &self.discs[i];
                let overlap = d.r + r + 1.0 - (d.x - x).hypot(d.y - y);
                if overlap > 0.0 {
                    overlap * d.weight
                } else {
                    0.0
                }
            })
            .sum()
    }

    /// Places a label of radius `r` at the best of `candidates`, records it and returns the spot.
    pub fn place(&mut self, r: f64, candidates: &[(f64, f64)]) -> (f64, f64) {
        let mut best = (f64::MAX, candidates.first().copied().unwrap_or((0.0, 0.0)));
        let mut near = Vec::new();
        for &(x, y) in candidates {
            let cost = self.cost(x, y, r, &mut near);
            if cost < best.0 {
                best = (cost, (x, y));
                if cost == 0.0 {
                    break;
                }
            }
        }
        let (x, y) = best.1;
        self.add(Disc {
            x,
            y,
            r,
            weight: LABEL,
        });
        (x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_label_moves_aside() {
        let mut p = Placer::new();
        let spots = [(0.0, 0.0), (20.0, 0.0)];
        assert_eq!(p.place(5.0, &spots), (0.0, 0.0));
        assert_eq!(p.place(5.0, &spots), (20.0, 0.0));
    }
}
