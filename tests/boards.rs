//! The embedded boards: each loads, both encodings agree for every player, and every total is the
//! number written here, confirmed by means independent of the solvers: a second, test-only
//! algorithm (`reference_total`), the boards' rotational symmetry, and hand calculations of the
//! enter cost.

use boardpath::board::{Board, GoalMode, Metric, Point, Rounding, RuleOverrides, embedded};
use boardpath::encoding::bitboard::Bound;
use boardpath::solve::{EncodingChoice, solve};

/// Every embedded board: short name, the total every player must have, and the bit-board bound
/// used to cross-check the graph encoding.
///
/// Ludo and Parcheesi use the exact bound: with the admissible bound (the board's least cost per
/// tile, 333 units on Ludo where a 6 turns round an arm's end for 2 squares) the paper's search is
/// exponential on their 56- and 71-step races (no Ludo piece finished in 15 minutes).
const BOARDS: &[(&str, u64, Bound)] = &[
    ("maedn", 83047, Bound::Admissible),
    ("maedn-official", 81750, Bound::Admissible),
    ("maedn-6", 98410, Bound::Admissible),
    ("ludo", 157418, Bound::Exact),
    ("parcheesi", 90489, Bound::Exact),
];

fn load(name: &str) -> Board {
    Board::load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
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
    for (name, _, _) in BOARDS {
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

/// Solves every player with the graph encoding and the bit-board, checks that they agree piece by
/// piece, that the total is `expected`, and that the test-only algorithm finds the same total.
fn check_board(name: &str) {
    let &(_, expected, bound) = BOARDS.iter().find(|b| b.0 == name).expect("listed");
    let board = load(name);
    for p in 0..board.players.len() {
        let who = format!("{name} {}", board.players[p].name);
        let g =
            solve::<u64>(&board, p, EncodingChoice::Graph).unwrap_or_else(|e| panic!("{who}: {e}"));
        let b = solve::<u64>(&board, p, EncodingChoice::Bitboard(bound))
            .unwrap_or_else(|e| panic!("{who}: {e}"));
        assert_eq!(g.total, b.total, "{who}: encodings disagree");
        assert_eq!(g.enter, b.enter, "{who}");
        let lengths = |s: &boardpath::solve::Solution<u64>| -> Vec<u64> {
            s.pieces.iter().map(|x| x.length).collect()
        };
        assert_eq!(lengths(&g), lengths(&b), "{who}: piece lengths disagree");
        assert_eq!(g.total, expected, "{who}");
        assert_eq!(
            reference_total(&board, p),
            expected as f64,
            "{who}: second algorithm"
        );
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
    let totals: Vec<f64> = (0..6)
        .map(|p| {
            solve::<f64>(&board, p, EncodingChoice::Graph)
                .unwrap()
                .total
        })
        .collect();
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
    let enter = |name: &str| {
        solve::<u64>(&load(name), 0, EncodingChoice::Graph)
            .unwrap()
            .enter
    };
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
    let total = |b: &Board| solve::<u64>(b, 0, EncodingChoice::Graph).unwrap().total;
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
    for (name, _, _) in BOARDS {
        let big = overridden(
            name,
            RuleOverrides {
                die: Some((1..=8).collect()),
                ..RuleOverrides::default()
            },
        );
        let normal = load(name);
        for p in 0..normal.players.len() {
            let t8 = solve::<u64>(&big, p, EncodingChoice::Graph).unwrap().total;
            let t6 = solve::<u64>(&normal, p, EncodingChoice::Graph)
                .unwrap()
                .total;
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
    for (name, _, _) in BOARDS {
        for o in &overrides {
            let board = overridden(name, o.clone());
            assert_eq!(board.rules, o.apply(&load(name).rules));
            let t = solve::<u64>(&board, 0, EncodingChoice::Graph)
                .unwrap_or_else(|e| panic!("{name} {o:?}: {e}"))
                .total;
            assert_eq!(t as f64, reference_total(&board, 0), "{name} {o:?}");
        }
        let exact = overridden(
            name,
            RuleOverrides {
                rounding: Some(Rounding::Exact),
                ..RuleOverrides::default()
            },
        );
        let t = solve::<f64>(&exact, 0, EncodingChoice::Graph)
            .unwrap()
            .total;
        assert!(
            (t - reference_total(&exact, 0)).abs() < 1e-6,
            "{name} exact"
        );
        // The bit-board holds whole units only and says so.
        let e = solve::<f64>(&exact, 0, EncodingChoice::Bitboard(Bound::Admissible))
            .unwrap_err()
            .to_string();
        assert!(e.contains("--rounding per-move or --encoding graph"), "{e}");
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
    for choice in [
        EncodingChoice::Graph,
        EncodingChoice::Bitboard(Bound::Admissible),
    ] {
        let e = solve::<u64>(&board, 0, choice).unwrap_err().to_string();
        assert!(e.contains("cannot finish"), "{e}");
        assert!(e.contains("4 steps short"), "{e}");
    }
}
