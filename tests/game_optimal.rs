//! The exact optimal policy (`--policy optimal`) played by the engine: its solved value against
//! tournaments of itself, its margin over every other policy, the two seats' symmetry, value
//! tables from `solve-game --out`, and refusals where no exact solution exists.

mod common;

use boardpath::board::Board;
use boardpath::game::distance::Distances;
use boardpath::game::policy::optimal::Optimal;
use boardpath::game::policy::{self, NAMES, Policy};
use boardpath::game::tournament::tournament;
use boardpath::game::{Game, GameConfig, State, WAITING, apply, legal_moves};
use boardpath::random::SplitMix64;
use common::run;

fn game(pieces: usize) -> (Board, Game) {
    let board = Board::load("maedn").unwrap();
    let config = GameConfig {
        pieces: Some(pieces),
        ..GameConfig::new(2)
    };
    let game = Game::new(&board, &config).unwrap();
    (board, game)
}

/// Wilson 95% interval of `wins` in `games`.
fn interval(wins: u64, games: u64) -> (f64, f64) {
    let (n, p, z) = (games as f64, wins as f64 / games as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Seat 0's wins in a tournament of `names` (one per seat) with `pieces` pieces a side.
fn seat0_wins(pieces: usize, names: [&str; 2], games: u64, seed: u64) -> u64 {
    let (board, game) = game(pieces);
    let owned: Vec<Box<dyn Policy>> = (0..2)
        .map(|p| policy::by_name(names[p], &board, &game, p).unwrap())
        .collect();
    let policies: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
    let distances = Distances::new(&board, &game).unwrap();
    let sums = tournament(&game, &distances, &policies, games, seed, &|_| {}).unwrap();
    assert_eq!((sums.games, sums.unfinished), (games, 0));
    assert_eq!(sums.seats[0].wins + sums.seats[1].wins, games);
    sums.seats[0].wins
}

/// The solved value of the start lies inside the 95% interval of seat 0's win rate when the
/// optimal policy plays itself through the engine.
fn self_play_matches(pieces: usize, games: u64, exact: f64) {
    let (board, g) = game(pieces);
    let value = Optimal::new(&board, &g, None)
        .unwrap()
        .value(&State::initial(&g));
    // The solver's own tests pin these digits; here they tie the policy to the same table.
    assert!((value - exact).abs() < 1e-11, "value {value}");
    let wins = seat0_wins(pieces, ["optimal", "optimal"], games, 1);
    let (low, high) = interval(wins, games);
    assert!(
        (low..=high).contains(&value),
        "K={pieces}: solved {value:.6}, seat 0 won {wins}/{games} [{low:.4}, {high:.4}]"
    );
}

#[test]
fn one_piece_self_play_matches_the_solved_value() {
    // One piece a side leaves no choice: this checks the engine's game against the solver's.
    self_play_matches(1, 400_000, 0.523_984_913_794);
}

#[test]
fn two_pieces_self_play_matches_the_solved_value() {
    self_play_matches(2, 100_000, 0.512_198_969_890);
}

/// Margin: with 2 pieces a side and 20,000 games per seating, the optimal policy's win rate has
/// the lower end of its 95% interval above 0.5 against every other policy, seated first and
/// seated second (where the seat alone gives it 0.4878).
#[test]
fn optimal_beats_every_other_policy_seated_either_way() {
    let games = 20_000;
    for other in NAMES {
        let first = seat0_wins(2, ["optimal", other], games, 21);
        let second = games - seat0_wins(2, [other, "optimal"], games, 22);
        for (seat, wins) in [("first", first), ("second", second)] {
            let (low, high) = interval(wins, games);
            assert!(
                low > 0.5,
                "optimal seated {seat} against {other}: won {wins}/{games} [{low:.4}, {high:.4}]"
            );
        }
    }
}

/// The player whose pieces these are has all of them on goal steps (40..43).
fn finished(state: &State, p: usize) -> bool {
    state.pieces_of(p).iter().all(|&s| s != WAITING && s >= 40)
}

/// Plays a game of the optimal policy against itself from `state`; the winner.
fn play_from(game: &Game, optimal: &Optimal, mut state: State, rng: &mut SplitMix64) -> usize {
    let mut moves = Vec::new();
    loop {
        let p = state.to_move();
        let roll = rng.range(1, 6) as u32;
        legal_moves(game, &state, roll, &mut moves);
        let mv = if moves.is_empty() {
            None
        } else {
            let i = optimal.choose(game, &state, roll, &moves, rng).unwrap();
            Some(moves[i])
        };
        apply(game, &mut state, roll, mv.as_ref());
        if finished(&state, p) {
            return p;
        }
    }
}

/// The start with seat 1 to move first is worth the same to seat 1 as the usual start to seat 0
/// (the board looks the same from either side), and a simulation of it agrees; swapping the two
/// players' pieces and the mover gives the same value and the same move in random positions.
#[test]
fn the_two_seats_are_symmetric() {
    let (board, g) = game(2);
    let optimal = Optimal::new(&board, &g, None).unwrap();
    let start = State::initial(&g);
    let other_first = State::from_steps(&g, &[WAITING; 4], 1).unwrap();
    let value = optimal.value(&start);
    assert_eq!(optimal.value(&other_first).to_bits(), value.to_bits());
    let games = 40_000u64;
    let mut rng = SplitMix64::new(9);
    let wins = (0..games)
        .filter(|_| play_from(&g, &optimal, other_first, &mut rng) == 1)
        .count() as u64;
    let (low, high) = interval(wins, games);
    assert!(
        (low..=high).contains(&value),
        "seat 1 first: solved {value:.6}, won {wins}/{games} [{low:.4}, {high:.4}]"
    );
    // Random positions along games of random moves, each against its mirror image.
    let mut moves = Vec::new();
    let mut mirrored = Vec::new();
    let mut checked = 0;
    for _ in 0..200 {
        let mut state = start;
        for _ in 0..60 {
            let p = state.to_move();
            let steps: Vec<u32> = [state.pieces_of(1), state.pieces_of(0)].concat();
            let mirror = State::from_steps(&g, &steps, 1 - p).unwrap();
            assert_eq!(
                optimal.value(&mirror).to_bits(),
                optimal.value(&state).to_bits()
            );
            let roll = rng.range(1, 6) as u32;
            legal_moves(&g, &state, roll, &mut moves);
            legal_moves(&g, &mirror, roll, &mut mirrored);
            assert_eq!(moves.len(), mirrored.len());
            if !moves.is_empty() {
                let a = optimal.choose(&g, &state, roll, &moves, &mut rng).unwrap();
                let b = optimal
                    .choose(&g, &mirror, roll, &mirrored, &mut rng)
                    .unwrap();
                assert_eq!(moves[a].from, mirrored[b].from, "{state:?} roll {roll}");
                checked += 1;
            }
            let mv =
                (!moves.is_empty()).then(|| moves[rng.range(0, moves.len() as u64 - 1) as usize]);
            apply(&g, &mut state, roll, mv.as_ref());
            if finished(&state, p) {
                break;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} decisions compared");
}

/// A table from `solve-game --out` plays like the solution made at start; tables for another
/// game, and broken files, are refused with one message and exit 1.
#[test]
fn value_tables_are_checked() {
    let dir = std::env::temp_dir().join(format!("boardpath-optimal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("k1.values");
    let t = table.to_str().unwrap();
    let out = run(&["solve-game", "--pieces", "1", "--out", t]);
    assert!(out.status.success());
    let play = |pieces: &str, policy: &str| {
        run(&[
            "play", "--pieces", pieces, "--policy", policy, "--games", "2000", "--seed", "3",
            "--format", "csv",
        ])
    };
    let with_table = play("1", &format!("optimal:{t}"));
    let solved = play("1", "optimal");
    assert!(with_table.status.success() && solved.status.success());
    // The same seed and the same moves: the same numbers (the name column aside).
    let strip = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stdout).replace(&format!("optimal:{t}"), "optimal")
    };
    assert_eq!(strip(&with_table), strip(&solved));

    let refused = |o: std::process::Output, want: &str| {
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    };
    refused(
        play("2", &format!("optimal:{t}")),
        "header \"pieces\" is 1, but this game needs 2",
    );
    let bytes = std::fs::read(&table).unwrap();
    let short = dir.join("short.values");
    std::fs::write(&short, &bytes[..bytes.len() - 12]).unwrap();
    refused(
        play("1", &format!("optimal:{}", short.display())),
        "truncated",
    );
    let bad = dir.join("bad.values");
    std::fs::write(&bad, b"not json\n").unwrap();
    refused(
        play("1", &format!("optimal:{}", bad.display())),
        "line 1, column 2: header is not JSON",
    );
    // A changed value: the values' SHA-256 in the header no longer matches.
    let mut corrupt = bytes.clone();
    let last = corrupt.len() - 4;
    corrupt[last..].copy_from_slice(&u32::MAX.to_le_bytes());
    std::fs::write(&bad, &corrupt).unwrap();
    refused(
        play("1", &format!("optimal:{}", bad.display())),
        "the table is corrupted",
    );
    refused(play("1", "optimal:/nonexistent/table"), "cannot open");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_without_an_exact_solution_are_refused() {
    let refused = |args: &[&str], want: &str| {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{err}");
    };
    refused(
        &[
            "play",
            "--players",
            "3",
            "--policy",
            "optimal",
            "--games",
            "1",
        ],
        "no exact solution for 3 players",
    );
    refused(
        &[
            "play",
            "ludo",
            "--pieces",
            "1",
            "--policy",
            "optimal:no-such.values",
            "--games",
            "1",
        ],
        "no exact solution for rules ludo with a value table (tables from `solve-game --out` are \
         for the standard board under openspiel rules",
    );
    refused(
        &[
            "play", "--pieces", "3", "--policy", "optimal", "--games", "1",
        ],
        "too many to solve when the policy is built",
    );
}

/// `play --policy optimal` with the board's 4 pieces is no dead end: the refusal names the pieces
/// solved at start, the table a larger count needs where this machine's memory holds its solve,
/// and the memory of each count it does not, all from the solver's own counts.
#[test]
fn too_many_pieces_for_a_solve_at_start_say_what_works() {
    use boardpath::game::exact::{MAX_PIECES, Maedn2, available_memory, gigabytes};
    use boardpath::game::policy::optimal::MAX_SOLVE_AT_START;
    let o = run(&[
        "play",
        "maedn",
        "--policy",
        "optimal,random",
        "--games",
        "1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: policy optimal: 4 pieces a side ({} positions) are too many to solve when \
             the policy is built (at most {MAX_SOLVE_AT_START} are); what works: `--pieces \
             {MAX_SOLVE_AT_START}` or fewer, solved at start in seconds; ",
            Maedn2::count(4)
        )),
        "{err}"
    );
    // The memory the test sees is close to what the program saw: far from every count's need.
    let available = available_memory();
    for k in MAX_SOLVE_AT_START + 1..=MAX_PIECES {
        let need = Maedn2::bytes_needed(k);
        let fits = available.is_none_or(|a| need <= a);
        let said = if fits {
            format!(
                "`--pieces {k}` with a table written first: `boardpath solve-game --pieces {k} \
                 --out FILE`, then `--policy optimal:FILE` (the solve holds about {}",
                gigabytes(need)
            )
        } else {
            format!(
                "{k} pieces need about {} to solve, more than the ",
                gigabytes(need)
            )
        };
        assert!(err.contains(&said), "{said}\n{err}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// On every other two-player game (another board, other rules, players side by side) the
/// optimal policy is solved through the engine's general ranking: its value of the start equals
/// the strategy evaluation's (`Strategies`, a separate ranking with the mover's seat and a
/// separate solve), and its games against the random policy, played by the engine, win as often
/// as the exact worth of exactly this policy against random says (inside the 95% interval).
#[test]
fn the_optimal_policy_plays_every_two_player_game() {
    use boardpath::game::Rules;
    use boardpath::game::strategy::{Strategies, Strategy};
    for (name, rules, adjacent) in [
        ("ludo", "ludo", false),
        ("maedn", "schmidt", false),
        ("maedn", "openspiel", true),
        ("parcheesi", "openspiel,bonus-roll=false", false),
    ] {
        let board = Board::load(name).unwrap();
        let config = GameConfig {
            pieces: Some(1),
            rules: Rules::parse(rules).unwrap(),
            seating: if adjacent {
                boardpath::game::Seating::Adjacent
            } else {
                boardpath::game::Seating::Spread
            },
            ..GameConfig::new(2)
        };
        let g = Game::new(&board, &config).unwrap();
        let optimal = Optimal::new(&board, &g, None).unwrap();
        let start = optimal.value(&State::initial(&g));
        let strategies = Strategies::new(&g).unwrap();
        let worth = strategies.value().unwrap();
        assert!(
            (start - worth.first_player_wins).abs() < 1e-9,
            "{name} {rules}: {start} against {}",
            worth.first_player_wins
        );
        let exact = strategies
            .pair(
                &Strategy::Policy(Box::new(Optimal::new(&board, &g, None).unwrap())),
                &Strategy::Random,
            )
            .unwrap()
            .first_player_wins;
        let owned: Vec<Box<dyn Policy>> = vec![
            Box::new(Optimal::new(&board, &g, None).unwrap()),
            policy::by_name("random", &board, &g, 1).unwrap(),
        ];
        let policies: Vec<&dyn Policy> = owned.iter().map(|b| b.as_ref()).collect();
        let distances = Distances::new(&board, &g).unwrap();
        let games = 20_000;
        let sums = tournament(&g, &distances, &policies, games, 5, &|_| {}).unwrap();
        let (low, high) = interval(sums.seats[0].wins, games);
        assert!(
            (low..=high).contains(&exact),
            "{name} {rules}: optimal won {} of {games} against random, exactly {exact}",
            sums.seats[0].wins
        );
    }
}
