//! Real dice: exact values against hand derivations, the simulation, colour symmetry and the
//! perfect-dice minimum.

use boardpath::board::{Board, GoalMode, RuleOverrides};
use boardpath::dice::exact::solve as exact;
use boardpath::dice::{
    DiceError, DiceObjective, DicePolicy, DiceRules, Model, Start, TAIL, analyse, percentiles,
    simulate,
};
use boardpath::generate::{GenerateOptions, generate};
use boardpath::solve::{DEFAULT_BUDGET, Method, solve};

/// One piece, die 1..6: waiting tile (0,10), start tile s0 (0,0), one goal tile (3,4) (the
/// track's second tile is never visited).
/// Entering costs 10, the move s0 -> goal costs 5; from s0 only a 1 finishes.
const ONE: &str = r#"
[board]
name = "one"
[rules]
die = [1, 2, 3, 4, 5, 6]
[track]
tiles = [[0, 0], [50, 50]]
[[players]]
name = "p"
start = 0
track_steps = 1
base = [[0, 10]]
goal = [[3, 4]]
"#;

fn board(text: &str) -> Board {
    Board::from_toml(text, "test").unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn values(b: &Board, rules: &DiceRules, policy: DicePolicy) -> (f64, f64, f64) {
    let (_, _, a) = analyse(b, 0, rules, DiceObjective::Turns, policy, None).unwrap();
    (a.expected_turns, a.expected_rolls, a.expected_distance)
}

/// Turns until the first 6 with three tries: a turn fails with (5/6)^3 = 125/216, so 216/91 turns;
/// rolls until a 6: 6. Then, on s0 with a 6 to roll again: C = 1/6 C + 4/6 (1 + C), C = 4 turns
/// more; rolls until a 1: 6 more.
#[test]
fn one_piece_by_hand() {
    let b = board(ONE);
    let (t, r, d) = values(
        &b,
        &DiceRules::default(),
        DicePolicy::Optimal(DiceObjective::Turns),
    );
    assert!(close(t, 216.0 / 91.0 + 4.0), "{t}");
    assert!(close(r, 12.0), "{r}");
    assert!(close(d, 15.0), "{d}");
    // One try per turn: 6 turns until the 6.
    let one_try = DiceRules {
        tries: 1,
        ..DiceRules::default()
    };
    let (t, r, _) = values(&b, &one_try, DicePolicy::Front);
    assert!(close(t, 10.0) && close(r, 12.0), "{t} {r}");
    // Entering on 5 or 6: turns until one of two faces with three tries: 1 / (1 - (2/3)^3) = 27/19;
    // after a 5 the turn ends (the next turn starts on s0: 1 + 4 turns), after a 6 it goes on (4).
    let five_six = DiceRules {
        enter_faces: Some(vec![5, 6]),
        ..DiceRules::default()
    };
    let (t, r, _) = values(&b, &five_six, DicePolicy::Rear);
    assert!(close(t, 27.0 / 19.0 + 4.0 + 0.5), "{t}");
    assert!(close(r, 3.0 + 6.0), "{r}");
    // One piece out: a fresh turn on s0, 1 + 4 turns, 6 rolls, 5 units.
    let out = DiceRules {
        start: Start::OneOut,
        ..DiceRules::default()
    };
    let (t, r, d) = values(&b, &out, DicePolicy::Random);
    assert!(
        close(t, 5.0) && close(r, 6.0) && close(d, 5.0),
        "{t} {r} {d}"
    );
}

/// A one-face die [1]: every roll enters or moves one step and rolls again, so the game is one
/// turn, and its rolls are the final pip count: 2 pieces, 2 track steps, goal a, b (steps 2, 3):
/// (3 + 1) + (2 + 1) = 7.
#[test]
fn one_face_die() {
    let text = r#"
[board]
name = "one face"
[rules]
die = [1]
moves_in_goal = true
[track]
tiles = [[0, 0], [0, 1]]
[[players]]
name = "p"
start = 0
track_steps = 2
base = [[-1, 0], [-2, 0]]
goal = [[0, 2], [0, 3]]
"#;
    let b = board(text);
    let (t, r, d) = values(
        &b,
        &DiceRules::default(),
        DicePolicy::Optimal(DiceObjective::Distance),
    );
    assert!(close(t, 1.0) && close(r, 7.0), "{t} {r}");
    // Enter 1 + 2, then five moves of length 1.
    assert!(close(d, 8.0), "{d}");
    let (_, _, a) = analyse(
        &b,
        0,
        &DiceRules::default(),
        DiceObjective::Turns,
        DicePolicy::Front,
        None,
    )
    .unwrap();
    assert_eq!(a.turns_distribution, vec![1.0]);
}

/// The distribution adds up, its mean is the expected number of turns, and the state index is a
/// bijection; the state count is the issue's sum over b of C(44, 4 - b).
#[test]
fn standard_board_distribution_and_states() {
    let b = Board::load("maedn").unwrap();
    let (model, ex, a) = analyse(
        &b,
        0,
        &DiceRules::default(),
        DiceObjective::Turns,
        DicePolicy::Optimal(DiceObjective::Turns),
        None,
    )
    .unwrap();
    assert_eq!(a.states, 135751 + 13244 + 946 + 44 + 1);
    for (i, s) in ex.states.iter().enumerate() {
        assert_eq!(model.index(s), i);
    }
    let total: f64 = a.turns_distribution.iter().sum();
    assert!((1.0 - total).abs() < 10.0 * TAIL, "{total}");
    let mean: f64 = a
        .turns_distribution
        .iter()
        .enumerate()
        .map(|(i, p)| (i + 1) as f64 * p)
        .sum();
    assert!(
        (mean - a.expected_turns).abs() < 1e-8,
        "{mean} {}",
        a.expected_turns
    );
    assert_eq!(
        percentiles(&[0.25, 0.25, 0.5], &[25, 50, 100]),
        vec![(25, 1), (50, 2), (100, 3)]
    );
}

/// Each objective's policy is best at its own objective, and no policy beats it.
#[test]
fn objectives_are_optimal() {
    let b = Board::load("maedn").unwrap();
    let model = Model::new(&b, 0, &DiceRules::default()).unwrap();
    let start = model.index(&model.initial());
    let all = [
        DicePolicy::Optimal(DiceObjective::Turns),
        DicePolicy::Optimal(DiceObjective::Rolls),
        DicePolicy::Optimal(DiceObjective::Distance),
        DicePolicy::Front,
        DicePolicy::Rear,
        DicePolicy::Random,
    ];
    let v: Vec<[f64; 3]> = all
        .iter()
        .map(|&p| {
            let e = exact(&model, p, false).unwrap();
            [e.turns[start], e.rolls[start], e.distance[start]]
        })
        .collect();
    for (k, _) in DiceObjective::ALL.iter().enumerate() {
        for other in &v {
            assert!(v[k][k] <= other[k] + 1e-9, "{v:?}");
        }
    }
}

/// Every colour of every four-colour board gives the same values (the boards are turned copies).
#[test]
fn symmetry_across_colours() {
    for name in ["maedn", "ludo"] {
        let b = Board::load(name).unwrap();
        let mut first = None;
        for p in 0..b.players.len() {
            let model = Model::new(&b, p, &DiceRules::default()).unwrap();
            let e = exact(&model, DicePolicy::Optimal(DiceObjective::Distance), false).unwrap();
            let s = model.index(&model.initial());
            let v = [e.turns[s], e.rolls[s], e.distance[s]];
            let f = *first.get_or_insert(v);
            for k in 0..3 {
                assert!(close(v[k], f[k]), "{name} player {p}: {v:?} vs {f:?}");
            }
        }
    }
}

/// The perfect-dice minimum (moves inside the goal allowed, as under real dice) bounds every
/// game's distance from below, so every expectation too.
fn check_theorem(b: &Board) {
    let perfect = if b.rules.goal_mode == GoalMode::Slots {
        b.with_overrides(&RuleOverrides {
            moves_in_goal: Some(true),
            ..RuleOverrides::default()
        })
        .unwrap()
    } else {
        b.clone()
    };
    let least = solve(
        &perfect,
        0,
        Method::find("dp/step").unwrap(),
        DEFAULT_BUDGET,
    )
    .unwrap()
    .total_f64();
    let model = Model::new(b, 0, &DiceRules::default()).unwrap();
    let s = model.index(&model.initial());
    for p in [
        DicePolicy::Optimal(DiceObjective::Distance),
        DicePolicy::Front,
        DicePolicy::Random,
    ] {
        let d = exact(&model, p, false).unwrap().distance[s];
        assert!(d >= least - 1e-9, "{}: {p:?} {d} < {least}", b.name);
    }
}

#[test]
fn expected_distance_is_at_least_the_perfect_dice_minimum() {
    for name in ["maedn", "maedn-official", "ludo"] {
        check_theorem(&Board::load(name).unwrap());
    }
    check_theorem(&board(ONE));
}

fn random_board(seed: u64, faces: u32) -> Board {
    let text = generate(&GenerateOptions {
        tiles: 10,
        players: 2,
        pieces: 2,
        faces,
        seed,
        vary_rules: true,
    });
    Board::from_toml(&text, "generated").unwrap()
}

/// The exact values lie inside the simulation's 95% intervals: the standard board, and random boards.
/// The seed is fixed, so the test is deterministic; a 95% interval misses with probability 5%.
#[test]
fn exact_values_inside_simulation_intervals() {
    let pass = DiceRules {
        may_pass: true,
        ..DiceRules::default()
    };
    let mut cases = vec![(
        Board::load("maedn").unwrap(),
        DicePolicy::Optimal(DiceObjective::Turns),
        DiceRules::default(),
    )];
    let games = |b: &Board| {
        if b.name.starts_with("Mensch") {
            100_000
        } else {
            20_000
        }
    };
    for seed in 1..=4 {
        cases.push((
            random_board(seed, 6),
            DicePolicy::Optimal(DiceObjective::Distance),
            DiceRules::default(),
        ));
        cases.push((
            random_board(seed + 100, 4),
            DicePolicy::Random,
            DiceRules::default(),
        ));
        cases.push((
            random_board(seed + 200, 6),
            DicePolicy::Optimal(DiceObjective::Distance),
            pass.clone(),
        ));
    }
    for (b, policy, rules) in cases {
        let (_, _, a) = analyse(
            &b,
            0,
            &rules,
            DiceObjective::Distance,
            policy,
            Some((games(&b), 42)),
        )
        .unwrap();
        let s = a.simulation.as_ref().unwrap();
        for (name, exact, i) in [
            ("turns", a.expected_turns, s.turns),
            ("rolls", a.expected_rolls, s.rolls),
            ("distance", a.expected_distance, s.distance),
        ] {
            assert!(
                i.contains(exact),
                "{} {policy:?} {name}: {exact} not in {i:?}",
                b.name
            );
        }
        check_theorem(&b);
    }
}

/// The simulation is reproducible from its seed.
#[test]
fn simulation_is_seeded() {
    let b = random_board(9, 6);
    let model = Model::new(&b, 0, &DiceRules::default()).unwrap();
    let e = exact(&model, DicePolicy::Front, false).unwrap();
    let a = simulate(&model, &e, DicePolicy::Front, 3000, 5).unwrap();
    let c = simulate(&model, &e, DicePolicy::Front, 3000, 5).unwrap();
    assert_eq!(a, c);
}

/// Bad rule options are errors, not panics.
#[test]
fn bad_options() {
    let b = board(ONE);
    let zero = DiceRules {
        tries: 0,
        ..DiceRules::default()
    };
    assert!(matches!(Model::new(&b, 0, &zero), Err(DiceError::Rules(_))));
    let seven = DiceRules {
        enter_faces: Some(vec![7]),
        ..DiceRules::default()
    };
    assert!(matches!(
        Model::new(&b, 0, &seven),
        Err(DiceError::Rules(_))
    ));
    assert!(Model::new(&b, 3, &DiceRules::default()).is_err());
}

/// Moves inside the goal are always allowed under real dice, so a die that cannot land exactly on
/// the deepest goal tile without them still works (the paper's model refuses `--die 1,2` on maedn).
#[test]
fn goal_moves_always_allowed() {
    let b = Board::load("maedn")
        .unwrap()
        .with_overrides(&RuleOverrides {
            die: Some(vec![1, 2]),
            ..RuleOverrides::default()
        })
        .unwrap();
    let model = Model::new(&b, 0, &DiceRules::default()).unwrap();
    let e = exact(&model, DicePolicy::Front, false).unwrap();
    assert!(e.turns[model.index(&model.initial())].is_finite());
}

/// With passing allowed, a distance-minded player can wait for the perfect rolls: on the standard
/// board it moves exactly the perfect-dice minimum with moves inside the goal (81750 units, as on
/// `maedn-official`), at the price of many more turns; passing never costs turns.
#[test]
fn passing_reaches_the_perfect_dice_minimum() {
    let b = Board::load("maedn").unwrap();
    let pass = DiceRules {
        may_pass: true,
        ..DiceRules::default()
    };
    let model = Model::new(&b, 0, &pass).unwrap();
    let s = model.index(&model.initial());
    let d = exact(&model, DicePolicy::Optimal(DiceObjective::Distance), false).unwrap();
    assert!((d.distance[s] - 81750.0).abs() < 1e-6, "{}", d.distance[s]);
    let t = exact(&model, DicePolicy::Optimal(DiceObjective::Turns), false).unwrap();
    let no_pass = Model::new(&b, 0, &DiceRules::default()).unwrap();
    let t0 = exact(&no_pass, DicePolicy::Optimal(DiceObjective::Turns), false).unwrap();
    assert!(t.turns[s] <= t0.turns[s] + 1e-12);
}
