//! The embedded boards: each loads, the graph encoding and the bit-board agree for every player,
//! and every total is the number written here, confirmed by means independent of the solvers: a
//! second, test-only algorithm (`reference_total`), the boards' rotational symmetry, and hand
//! calculations of the enter cost.

use boardpath::board::{Board, GoalMode, Metric, Point, Rounding, RuleOverrides, embedded};
use boardpath::race::{Race, RaceError};
use boardpath::solve::{
    DEFAULT_BUDGET, Method, PlayerSolution, PlayerSolveError, solve, solve_race,
};

/// Every embedded board: short name, and the total every player must have.
const BOARDS: &[(&str, u64)] = &[
    ("maedn", 83047),
    ("maedn-official", 81750),
    ("maedn-6", 98410),
    ("ludo", 157418),
    ("parcheesi", 90489),
];

/// The reference method: petgraph's Dijkstra on the graph encoding.
const GRAPH: &str = "petgraph-dijkstra/graph";

/// The bit-board's default search: the paper's branch and bound with the admissible bound,
/// dominance pruning and a tie-safe cut-off. Unlike the paper's plain search (342 million calls on
/// maedn-6 with the admissible bound, exponential on Ludo and Parcheesi), it solves every board in
/// a few thousand calls per piece.
const BITBOARD: &str = "bnb/bitboard";

fn load(name: &str) -> Board {
    Board::load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Solves player `player` of a per-move board with method `method`.
fn try_per_move(
    board: &Board,
    player: usize,
    method: &str,
) -> Result<PlayerSolution<u64>, PlayerSolveError> {
    let race = Race::<u64>::new(board, player)?;
    solve_race(board, &race, Method::find(method)?, DEFAULT_BUDGET)
}

fn per_move(board: &Board, player: usize, method: &str) -> PlayerSolution<u64> {
    try_per_move(board, player, method).unwrap_or_else(|e| {
        panic!(
            "{} {} {method}: {e}",
            board.name, board.players[player].name
        )
    })
}

/// Solves player `player` of an exact-rounding board with method `method`.
fn exact(board: &Board, player: usize, method: &str) -> PlayerSolution<f64> {
    let race =
        Race::<f64>::new(board, player).unwrap_or_else(|e| panic!("{} {method}: {e}", board.name));
    solve_race(board, &race, Method::find(method).unwrap(), DEFAULT_BUDGET)
        .unwrap_or_else(|e| panic!("{} {method}: {e}", board.name))
}

/// Straight-move length, written out again here rather than taken from the library.
fn length(metric: Metric, a: Point, b: Point) -> f64 {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    match metric {
        Metric::Euclidean => (dx * dx + dy * dy).sqrt(),
        Metric::Manhattan => dx + dy,
        Metric::Chebyshev => dx.max(dy),
    }
}

/// Position of every relative step of `player`: track tiles from its start, then its goal tiles.
fn steps(board: &Board, player: usize) -> Vec<Point> {
    let p = &board.players[player];
    let n = board.track.len();
    (0..p.track_steps)
        .map(|k| board.track[(p.start + k) % n])
        .chain(p.goal.iter().copied())
        .collect()
}

/// A second algorithm for the total, sharing nothing with the library's race, encodings or
/// searches: a forward dynamic programme over the steps (moves only go forward, so one pass in
/// step order is exact), per target goal tile, plus the enter cost. Returns a float; under
/// per-move rounding every term is a whole number, so the sum is exact.
fn reference_total(board: &Board, player: usize) -> f64 {
    let r = &board.rules;
    let cost = |a: Point, b: Point| {
        let l = length(r.metric, a, b);
        match r.rounding {
            Rounding::PerMove => l.round(),
            Rounding::Exact => l,
        }
    };
    let p = &board.players[player];
    let pos = steps(board, player);
    let goal = p.goal.len();
    let targets: Vec<usize> = match r.goal_mode {
        GoalMode::Slots => (0..p.pieces()).map(|i| goal - 1 - i).collect(),
        GoalMode::Stack => vec![goal - 1; p.pieces()],
    };
    let mut total: f64 = p.base.iter().map(|&b| cost(b, pos[0])).sum();
    for target in targets {
        let last = p.track_steps + target;
        let mut best = vec![f64::INFINITY; last + 1];
        best[0] = 0.0;
        for s in 0..last {
            if best[s].is_infinite() {
                continue;
            }
            for &face in &r.die {
                let to = s + face as usize;
                // Track steps and the target are always allowed; goal tiles short of the target
                // only in stack mode or with moves in the goal; nothing past the target.
                let allowed = to < p.track_steps
                    || to == last
                    || (to < last && (r.goal_mode == GoalMode::Stack || r.moves_in_goal));
                if allowed {
                    best[to] = best[to].min(best[s] + cost(pos[s], pos[to]));
                }
            }
        }
        total += best[last];
    }
    total
}

/// Checks that `player` k of `board` is player 0 turned by k/n of a full turn about the track's
/// centre (n = number of players; `sign` +1 turns clockwise on screen, -1 anticlockwise): the track
/// onto itself, every step and every waiting tile. Equal totals for all colours then follow.
fn assert_turned_copies(board: &Board, sign: f64) {
    let n = board.players.len();
    let len = board.track.len();
    let centre = Point::new(
        board.track.iter().map(|p| p.x).sum::<f64>() / len as f64,
        board.track.iter().map(|p| p.y).sum::<f64>() / len as f64,
    );
    let turn = |p: Point, k: usize| {
        let a = sign * std::f64::consts::TAU * k as f64 / n as f64;
        let (dx, dy) = (p.x - centre.x, p.y - centre.y);
        Point::new(
            centre.x + dx * a.cos() - dy * a.sin(),
            centre.y + dx * a.sin() + dy * a.cos(),
        )
    };
    let near = |a: Point, b: Point| (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3;
    assert_eq!(len % n, 0, "{}: track not divisible by players", board.name);
    for (i, &p) in board.track.iter().enumerate() {
        let q = board.track[(i + len / n) % len];
        assert!(
            near(turn(p, 1), q),
            "{}: track tile {i} turned is not tile {}",
            board.name,
            (i + len / n) % len
        );
    }
    let first = steps(board, 0);
    for k in 1..n {
        let pk = &board.players[k];
        assert_eq!(pk.track_steps, board.players[0].track_steps);
        for (s, (&a, &b)) in first.iter().zip(&steps(board, k)).enumerate() {
            assert!(
                near(turn(a, k), b),
                "{}: player {k} step {s} is not player 0's turned",
                board.name
            );
        }
        assert_eq!(pk.base.len(), board.players[0].base.len());
        for &b in &pk.base {
            assert!(
                board.players[0].base.iter().any(|&a| near(turn(a, k), b)),
                "{}: player {k} waiting tile {b} is not one of player 0's turned",
                board.name
            );
        }
    }
}

#[test]
fn every_board_is_embedded_in_listing_order() {
    let listed: Vec<&str> = BOARDS.iter().map(|b| b.0).collect();
    assert_eq!(embedded::names(), listed);
    for (name, _) in BOARDS {
        let board = load(name);
        assert!(
            board.source.as_deref().is_some_and(|s| !s.is_empty()),
            "{name}: no source"
        );
        assert!(
            board.players.iter().all(|p| p.color.is_some()),
            "{name}: a player has no colour"
        );
    }
}

/// Solves every player of `board` with the graph encoding and the bit-board, checks that they
/// agree piece by piece and that the test-only algorithm finds the same total; returns the totals.
fn check_agreement(board: &Board) -> Vec<u64> {
    (0..board.players.len())
        .map(|p| {
            let who = format!("{} {}", board.name, board.players[p].name);
            let g = per_move(board, p, GRAPH);
            let b = per_move(board, p, BITBOARD);
            assert_eq!(g.total, b.total, "{who}: encodings disagree");
            assert_eq!(g.enter, b.enter, "{who}");
            let lengths = |s: &PlayerSolution<u64>| -> Vec<u64> {
                s.pieces.iter().map(|x| x.length).collect()
            };
            assert_eq!(lengths(&g), lengths(&b), "{who}: piece lengths disagree");
            let targets = |s: &PlayerSolution<u64>| -> Vec<usize> {
                s.pieces.iter().map(|x| x.target).collect()
            };
            assert_eq!(targets(&g), targets(&b), "{who}: targets disagree");
            assert!(
                b.pieces.iter().all(|x| x.bitboard.is_some()),
                "{who}: the bit-board records every piece's path"
            );
            assert_eq!(
                reference_total(board, p),
                g.total as f64,
                "{who}: second algorithm"
            );
            g.total
        })
        .collect()
}

/// Every player of board `name` has the total written in [`BOARDS`], by both encodings.
fn check_board(name: &str) {
    let &(_, expected) = BOARDS.iter().find(|b| b.0 == name).expect("listed");
    let board = load(name);
    for (p, total) in check_agreement(&board).into_iter().enumerate() {
        assert_eq!(total, expected, "{name} {}", board.players[p].name);
    }
}

#[test]
fn maedn_totals() {
    check_board("maedn");
}

#[test]
fn maedn_official_totals() {
    check_board("maedn-official");
}

#[test]
fn maedn_6_totals() {
    check_board("maedn-6");
}

#[test]
fn ludo_totals() {
    check_board("ludo");
}

#[test]
fn parcheesi_totals() {
    check_board("parcheesi");
}

/// `--metric manhattan` on Parcheesi: both encodings agree for every player on 104000 units, every
/// piece 24250 and the enter cost 7000. The nest pawns (5850|6150, 5850|6150) are 1450, 1750,
/// 1450 + 300 and 1750 + 300 units from green's entry square (4400, 5850) under manhattan.
#[test]
fn parcheesi_manhattan_totals() {
    let board = overridden(
        "parcheesi",
        RuleOverrides {
            metric: Some(Metric::Manhattan),
            ..RuleOverrides::default()
        },
    );
    for (p, total) in check_agreement(&board).into_iter().enumerate() {
        assert_eq!(total, 104000, "parcheesi manhattan, player {p}");
    }
    let s = per_move(&board, 0, BITBOARD);
    assert_eq!(s.enter, 1450 + 1750 + 1750 + 2050);
    assert_eq!(
        s.pieces.iter().map(|x| x.length).collect::<Vec<_>>(),
        vec![24250; 4]
    );
}

/// Under exact rounding the bit-board carries the distance beside its word and agrees with the
/// graph, piece by piece, on every board and player.
#[test]
fn exact_rounding_encodings_agree() {
    for (name, rounded) in BOARDS {
        let board = overridden(
            name,
            RuleOverrides {
                rounding: Some(Rounding::Exact),
                ..RuleOverrides::default()
            },
        );
        for p in 0..board.players.len() {
            let who = format!("{name} {} exact", board.players[p].name);
            let g = exact(&board, p, GRAPH);
            let b = exact(&board, p, BITBOARD);
            assert!(
                (g.total - b.total).abs() < 1e-6,
                "{who}: {} {}",
                g.total,
                b.total
            );
            assert!((g.enter - b.enter).abs() < 1e-9, "{who}");
            for (x, y) in g.pieces.iter().zip(&b.pieces) {
                assert!((x.length - y.length).abs() < 1e-6, "{who}");
                assert_eq!(x.target, y.target, "{who}");
            }
            assert!(
                (g.total - reference_total(&board, p)).abs() < 1e-6,
                "{who}: second algorithm"
            );
            // Rounding adds or removes at most half a unit per move: the totals stay close.
            assert!(
                (g.total - *rounded as f64).abs() < 50.0,
                "{who}: {}",
                g.total
            );
            assert!(g.total.fract() != 0.0, "{who}: fractions are kept");
        }
    }
}

/// Every board is rotationally symmetric, so every colour must have the same total: the geometry
/// is checked here, the equal totals in `check_board` (one expected number per board).
#[test]
fn every_board_is_rotationally_symmetric() {
    // maedn, maedn-6 and Ludo number their colours clockwise (on screen, y down), Parcheesi
    // anticlockwise (its pawns move anticlockwise).
    for (name, sign) in [
        ("maedn", 1.0),
        ("maedn-official", 1.0),
        ("maedn-6", 1.0),
        ("ludo", 1.0),
        ("parcheesi", -1.0),
    ] {
        assert_turned_copies(&load(name), sign);
    }
}

/// maedn-6's coordinates are rounded to 6 decimals (error at most 5e-7 units each), so under exact
/// (unrounded) costs the six totals may differ slightly: each move's length by at most
/// 2 * sqrt(2) * 5e-7 = 1.5e-6 units, and a player makes fewer than 60 moves (enter moves
/// included), so by less than 1e-4 units.
#[test]
fn maedn_6_exact_totals_agree() {
    let board = load("maedn-6")
        .with_overrides(&RuleOverrides {
            rounding: Some(Rounding::Exact),
            ..RuleOverrides::default()
        })
        .unwrap();
    let totals: Vec<f64> = (0..6).map(|p| exact(&board, p, GRAPH).total).collect();
    for t in &totals {
        assert!((t - totals[0]).abs() < 1e-4, "{totals:?}");
        // Per-move rounding adds at most half a unit per move, so the totals are close.
        assert!((t - 98410.0).abs() < 50.0, "{totals:?}");
    }
}

/// The enter cost (every piece from its waiting tile onto the start tile) of each board's first
/// player, calculated by hand from the board file's coordinates.
#[test]
fn enter_costs_by_hand() {
    let enter = |name: &str| per_move(&load(name), 0, GRAPH).enter;
    // The paper: waiting tiles (3,0), (4,0), (3,1), (4,1) tiles from A, 850 units apart:
    // 2550 + 3400 + round(850 * sqrt 10) + round(850 * sqrt 17) = 2550 + 3400 + 2688 + 3505.
    assert_eq!(enter("maedn"), 2550 + 3400 + 2688 + 3505);
    assert_eq!(enter("maedn-official"), 12143);
    // maedn-6 puts the waiting tiles at the same offsets from A, turned with the arm.
    assert_eq!(enter("maedn-6"), 12143);
    // Ludo: start [6, 13], waiting tiles [1.5, 10.5], [3.5, 10.5], [1.5, 12.5], [3.5, 12.5],
    // 1000 units per square: 1000 * (sqrt 26.5, sqrt 12.5, sqrt 20.5, sqrt 6.5)
    // = 5147.8 + 3535.5 + 4527.7 + 2549.5, rounded 5148 + 3536 + 4528 + 2550.
    assert_eq!(enter("ludo"), 5148 + 3536 + 4528 + 2550);
    // Parcheesi: green's entry square (4400, 5850); nest pawns (5850|6150, 5850|6150):
    // 1450 + 1750 + round(sqrt(1450^2 + 300^2) = 1480.7) + round(sqrt(1750^2 + 300^2) = 1775.5).
    assert_eq!(enter("parcheesi"), 1450 + 1750 + 1481 + 1776);
}

fn overridden(name: &str, o: RuleOverrides) -> Board {
    load(name)
        .with_overrides(&o)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `moves_in_goal` on the paper's board is exactly the official-rules board, so the totals match.
#[test]
fn moves_in_goal_on_maedn_is_maedn_official() {
    let on = overridden(
        "maedn",
        RuleOverrides {
            moves_in_goal: Some(true),
            ..RuleOverrides::default()
        },
    );
    let official = load("maedn-official");
    assert_eq!(
        (&on.track, &on.players, &on.rules),
        (&official.track, &official.players, &official.rules)
    );
    let total = |b: &Board| per_move(b, 0, GRAPH).total;
    assert_eq!(total(&on), total(&official));
    assert!(total(&on) < total(&load("maedn")));
    let off = overridden(
        "maedn-official",
        RuleOverrides {
            moves_in_goal: Some(false),
            ..RuleOverrides::default()
        },
    );
    assert_eq!(total(&off), 83047);
}

/// With faces 1-8 every roll sequence legal with faces 1-6 is still legal (where a piece may land
/// depends only on the step, not on the face) and costs the same, and the enter cost does not
/// change, so the least total cannot grow. On maedn it shrinks: the override takes effect.
#[test]
fn a_bigger_die_never_costs_more() {
    for (name, _) in BOARDS {
        let big = overridden(
            name,
            RuleOverrides {
                die: Some((1..=8).collect()),
                ..RuleOverrides::default()
            },
        );
        let normal = load(name);
        for p in 0..normal.players.len() {
            let t8 = per_move(&big, p, GRAPH).total;
            let t6 = per_move(&normal, p, GRAPH).total;
            assert!(t8 <= t6, "{name}: {t8} > {t6}");
            assert_eq!(t8 as f64, reference_total(&big, p), "{name}");
            if *name == "maedn" {
                assert!(t8 < t6, "{name}: die 1-8 changed nothing");
            }
        }
    }
}

/// Every override on every board: the solver's total matches the test-only algorithm's.
#[test]
fn every_override_works_on_every_board() {
    let overrides = [
        RuleOverrides {
            metric: Some(Metric::Manhattan),
            ..RuleOverrides::default()
        },
        RuleOverrides {
            metric: Some(Metric::Chebyshev),
            ..RuleOverrides::default()
        },
        RuleOverrides {
            goal_mode: Some(GoalMode::Stack),
            ..RuleOverrides::default()
        },
        RuleOverrides {
            moves_in_goal: Some(true),
            ..RuleOverrides::default()
        },
        RuleOverrides {
            die: Some(vec![1, 2, 3, 4]),
            ..RuleOverrides::default()
        },
    ];
    for (name, _) in BOARDS {
        for o in &overrides {
            let board = overridden(name, o.clone());
            assert_eq!(board.rules, o.apply(&load(name).rules));
            let t = try_per_move(&board, 0, GRAPH)
                .unwrap_or_else(|e| panic!("{name} {o:?}: {e}"))
                .total;
            assert_eq!(t as f64, reference_total(&board, 0), "{name} {o:?}");
            let b = try_per_move(&board, 0, BITBOARD)
                .unwrap_or_else(|e| panic!("{name} {o:?}: {e}"))
                .total;
            assert_eq!(b, t, "{name} {o:?}: bit-board");
        }
        let exact = overridden(
            name,
            RuleOverrides {
                rounding: Some(Rounding::Exact),
                ..RuleOverrides::default()
            },
        );
        let t = self::exact(&exact, 0, GRAPH).total;
        assert!(
            (t - reference_total(&exact, 0)).abs() < 1e-6,
            "{name} exact"
        );
        // The bit-board carries fractional distances beside its word and agrees.
        let b = self::exact(&exact, 0, BITBOARD).total;
        assert!(
            (b - t).abs() < 1e-6,
            "{name} exact: bit-board {b}, graph {t}"
        );
        // `solve` picks the cost type from the board's rounding.
        let solved = solve(&exact, 0, Method::find(BITBOARD).unwrap(), DEFAULT_BUDGET).unwrap();
        assert!((solved.total_f64() - t).abs() < 1e-6, "{name} exact: solve");
    }
}

/// A race compiled in the cost type of the other rounding is refused, naming both roundings:
/// whole units cannot hold an exact board's fractional costs, and floats would not round per move.
#[test]
fn the_wrong_cost_type_is_refused() {
    for (name, _) in BOARDS {
        let per_move_board = load(name);
        let exact_board = overridden(
            name,
            RuleOverrides {
                rounding: Some(Rounding::Exact),
                ..RuleOverrides::default()
            },
        );
        for p in 0..per_move_board.players.len() {
            let e = Race::<u64>::new(&exact_board, p).unwrap_err();
            assert_eq!(
                e,
                RaceError::CostType {
                    rounding: "exact",
                    asked: "per-move"
                },
                "{name}"
            );
            assert!(e.to_string().contains("rounding is \"exact\""), "{e}");
            let e = Race::<f64>::new(&per_move_board, p).unwrap_err();
            assert!(
                matches!(
                    e,
                    RaceError::CostType {
                        rounding: "per-move",
                        asked: "exact"
                    }
                ),
                "{name}: {e}"
            );
        }
        // Through the solver the error is a race error.
        let e = try_per_move(&exact_board, 0, GRAPH).unwrap_err();
        assert!(
            matches!(e, PlayerSolveError::Race(RaceError::CostType { .. })),
            "{name}: {e}"
        );
        // `solve` chooses the cost type itself, so both boards solve.
        for board in [&per_move_board, &exact_board] {
            solve(board, 0, Method::find(GRAPH).unwrap(), DEFAULT_BUDGET)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

/// Slots need one goal tile per piece: Ludo (6 goal tiles) and Parcheesi (8) refuse the override
/// with a message naming the player and the way out.
#[test]
fn slots_override_is_refused_where_goal_and_pieces_differ() {
    for (name, tiles) in [("ludo", 6), ("parcheesi", 8)] {
        let e = load(name)
            .with_overrides(&RuleOverrides {
                goal_mode: Some(GoalMode::Slots),
                ..RuleOverrides::default()
            })
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("has {tiles} goal tiles for 4 pieces")),
            "{e}"
        );
        assert!(e.contains("use goal_mode \"stack\""), "{e}");
    }
}

/// A die that cannot land exactly on a slot is reported, not solved wrongly: on maedn with faces
/// 1-3 a piece on the last track step is 4 steps short of goal tile d.
#[test]
fn an_unfinishable_die_is_a_clear_error() {
    let board = overridden(
        "maedn",
        RuleOverrides {
            die: Some(vec![1, 2, 3]),
            ..RuleOverrides::default()
        },
    );
    // The race refuses it before any method runs.
    let e = Race::<u64>::new(&board, 0).unwrap_err();
    let RaceError::Unreachable { piece, target, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!((*piece, *target), (1, 3));
    for method in [GRAPH, BITBOARD, "bnb-paper/bitboard"] {
        let e = solve(&board, 0, Method::find(method).unwrap(), DEFAULT_BUDGET).unwrap_err();
        assert!(
            matches!(e, PlayerSolveError::Race(RaceError::Unreachable { .. })),
            "{method}: {e}"
        );
        let e = e.to_string();
        assert!(e.contains("cannot finish"), "{method}: {e}");
        assert!(e.contains("4 steps short"), "{method}: {e}");
    }
}
