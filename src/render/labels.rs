//! Placing small round labels (roll numbers) where they overlap nothing already placed.
//!
//! Greedy and deterministic: each label tries its candidate spots in order and takes the first free
//! one, or else the one that overlaps least.

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
pub struct Placer {
    discs: Vec<Disc>,
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
        self.discs.push(Disc { x, y, r, weight });
    }

    /// Places a label of radius `r` at the best of `candidates`, records it and returns the spot.
    pub fn place(&mut self, r: f64, candidates: &[(f64, f64)]) -> (f64, f64) {
        let mut best = (f64::MAX, candidates.first().copied().unwrap_or((0.0, 0.0)));
        for &(x, y) in candidates {
            let cost: f64 = self
                .discs
                .iter()
                .map(|d| {
                    let overlap = d.r + r + 1.0 - (d.x - x).hypot(d.y - y);
                    if overlap > 0.0 {
                        overlap * d.weight
                    } else {
                        0.0
                    }
                })
                .sum();
            if cost < best.0 {
                best = (cost, (x, y));
                if cost == 0.0 {
                    break;
                }
            }
        }
        let (x, y) = best.1;
        self.discs.push(Disc {
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
