//! Iterative deepening A* (Korf 1985): depth-first searches under a growing cost bound.
//!
//! Each iteration is a depth-first search that abandons a node whose `g + h` exceeds the bound; the
//! next bound is the least `g + h` that exceeded it. With an admissible `h` the first goal reached
//! is optimal. It keeps no table of visited nodes, so memory is only the current path, but a node
//! reached by many paths is searched once per path and once per iteration: on a race, where move
//! costs are all different, nearly every whole unit between `h(start)` and the optimum costs an
//! iteration. A node budget stops it.
//!
//! With `growth > 1` the bound grows at least by that factor per iteration (Sarkar et al. 1991,
//! IDA*_CR), so iterations are logarithmic in the gap, and the search stays exact by finishing the
//! iteration as a depth-first branch and bound: a goal costing at most the least `g + h` that
//! exceeded the previous bound is optimal at once; a dearer one becomes the incumbent, prunes
//! every node with `g + h >=` it, and is returned when the iteration ends.

use crate::cost::Cost;

/// A path found by [`ida_star`].
#[derive(Clone, Debug, PartialEq)]
pub struct IdaPath<N, C> {
    /// Nodes from start to goal.
    pub nodes: Vec<N>,
    /// Its cost.
    pub length: C,
    /// Nodes entered, over all iterations (each one counted like one call of a recursive search).
    pub expanded: u64,
    /// Iterations (depth-first searches) run.
    pub iterations: u64,
}

/// What [`ida_star`] ended with.
#[derive(Clone, Debug, PartialEq)]
pub enum IdaOutcome<N, C> {
    /// A path, optimal when the heuristic never overestimates.
    Found(IdaPath<N, C>),
    /// No goal is reachable.
    NoPath {
        /// Nodes entered.
        expanded: u64,
    },
    /// The budget ran out first.
    GaveUp {
        /// Nodes entered (the budget).
        expanded: u64,
        /// Iterations begun.
        iterations: u64,
        /// The bound of the last iteration.
        bound: C,
    },
}

/// How [`ida_star`] grows its bound and when it gives up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Least factor by which the bound grows per iteration; `1.0` is textbook IDA*.
    pub growth: f64,
    /// Nodes to enter before giving up.
    pub budget: u64,
}

/// IDA* from `start`, in the style of the `pathfinding` crate: `successors(n)` yields `(next,
/// cost)` (in the order to try them: for a race, highest roll first, so that among equal paths
/// the greatest roll sequence is found), `heuristic(n)` estimates the cost from `n` to a goal and
/// `success(n)` says whether `n` is one; `schedule` sets the bound's growth and the node budget.
/// The graph must be acyclic (a race is: moves go forward); the search is iterative, so long paths
/// do not overflow the stack.
pub fn ida_star<N, C, FN, IN, FH, FS>(
    start: N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    schedule: Schedule,
) -> IdaOutcome<N, C>
where
    N: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    // `floor`: no path costs less (the least `g + h` that exceeded the previous bound).
    let mut floor = heuristic(&start);
    let mut bound = floor;
    let mut expanded = 0u64;
    let mut iterations = 0u64;
    let mut nodes: Vec<N> = Vec::new();
    let mut costs: Vec<C> = Vec::new();
    let mut pending: Vec<IN::IntoIter> = Vec::new();
    loop {
        iterations += 1;
        let mut next_bound = C::max_value();
        let mut incumbent: Option<(Vec<N>, C)> = None;
        nodes.clear();
        costs.clear();
        pending.clear();
        let mut candidate = Some((start.clone(), C::zero()));
        loop {
            if let Some((node, g)) = candidate.take() {
                // Enter `node`: prune, stop at a goal, or open its successors.
                if expanded == schedule.budget {
                    return IdaOutcome::GaveUp {
                        expanded,
                        iterations,
                        bound,
                    };
                }
                expanded += 1;
                let f = g + heuristic(&node);
                if f > bound {
                    if f < next_bound {
                        next_bound = f;
                    }
                } else if incumbent.as_ref().is_some_and(|(_, best)| f >= *best) {
                    // Cannot beat the incumbent.
                } else if success(&node) {
                    nodes.push(node);
                    if g <= floor {
                        return IdaOutcome::Found(IdaPath {
                            nodes,
                            length: g,
                            expanded,
                            iterations,
                        });
                    }
                    incumbent = Some((nodes.clone(), g));
                    nodes.pop();
                } else {
                    pending.push(successors(&node).into_iter());
                    nodes.push(node);
                    costs.push(g);
                }
            }
            let Some(open) = pending.last_mut() else {
                break;
            };
            match open.next() {
                Some((next, cost)) => {
                    let g = *costs.last().unwrap_or(&C::zero());
                    candidate = Some((next, g + cost));
                }
                None => {
                    pending.pop();
                    nodes.pop();
                    costs.pop();
                }
            }
        }
        if let Some((nodes, length)) = incumbent {
            return IdaOutcome::Found(IdaPath {
                nodes,
                length,
                expanded,
                iterations,
            });
        }
        if next_bound == C::max_value() {
            return IdaOutcome::NoPath { expanded };
        }
        floor = next_bound;
        let grown = C::from_length(bound.to_f64() * schedule.growth);
        bound = if grown > next_bound {
            grown
        } else {
            next_bound
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_cheapest_path_in_a_small_dag() {
        // 0 -> 1 -> 3 costs 2 + 2, 0 -> 2 -> 3 costs 1 + 3, 0 -> 3 costs 5; h = 0.
        let edges: [&[(usize, u64)]; 4] = [&[(3, 5), (1, 2), (2, 1)], &[(3, 2)], &[(3, 3)], &[]];
        for growth in [1.0, 1.5, 10.0] {
            let out = ida_star(
                0usize,
                |&n| edges[n].iter().copied(),
                |_| 0,
                |&n| n == 3,
                Schedule {
                    growth,
                    budget: 1000,
                },
            );
            let IdaOutcome::Found(p) = out else {
                panic!("{out:?}")
            };
            assert_eq!((p.length, p.nodes), (4, vec![0, 1, 3]), "growth {growth}");
        }
    }

    #[test]
    fn reports_no_path_and_gives_up() {
        let schedule = |budget| Schedule {
            growth: 1.0,
            budget,
        };
        let out = ida_star(
            0usize,
            |&n| [(n + 2, 1u64)],
            |_| 0,
            |&n| n == 3,
            schedule(10),
        );
        assert!(
            matches!(out, IdaOutcome::GaveUp { expanded: 10, .. }),
            "{out:?}"
        );
        let out = ida_star(
            0usize,
            |&n| if n < 4 { vec![(n + 2, 1u64)] } else { vec![] },
            |_| 0,
            |&n| n == 3,
            schedule(100),
        );
        assert!(matches!(out, IdaOutcome::NoPath { .. }), "{out:?}");
    }
}
