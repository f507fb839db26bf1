//! The shared search of `petgraph-dijkstra/graph` (one Dijkstra for every piece of a nested race:
//! `stack`, or `slots` with `moves_in_goal`) gives what each piece's own search gives: the same
//! path, length and node count, and the same error when the budget runs out.

use boardpath::board::Board;
use boardpath::encoding::PiecePath;
use boardpath::generate::{GenerateOptions, generate};
use boardpath::race::Race;
use boardpath::solve::{Method, MethodCost, PlayerSolveError, solve_race};

const METHOD: &str = "petgraph-dijkstra/graph";

/// Each piece searched on its own, as `solve_race` did before the shared search: the paths, or
/// the first error (its node count summed over the pieces before it).
fn one_by_one<C: MethodCost>(race: &Race<C>, budget: u64) -> Result<Vec<PiecePath<C>>, String> {
    let method = Method::find(METHOD).unwrap();
    let mut used = 0u64;
    let mut out = Vec::new();
    for piece in race.pieces() {
        match method.run(race, &piece, (budget - used).into()) {
            Ok(p) => {
                used += p.nodes;
                out.push(p);
            }
            Err(PlayerSolveError::GaveUp {
                method,
                piece,
                nodes,
                at,
            }) => {
                return Err(PlayerSolveError::GaveUp {
                    method,
                    piece,
                    nodes: used + nodes,
                    at,
                }
                .to_string());
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(out)
}

/// Checks every player of `board` in cost type `C`, with `budget`; returns how many were nested.
fn check<C: MethodCost>(board: &Board, budget: u64, what: &str) -> usize {
    let method = Method::find(METHOD).unwrap();
    let mut nested = 0;
    for p in 0..board.players.len() {
        let race = Race::<C>::new(board, p).unwrap();
        nested += usize::from(race.nested());
        let shared = solve_race(board, &race, method, budget).map_err(|e| e.to_string());
        match (shared, one_by_one(&race, budget)) {
            (Ok(s), Ok(own)) => {
                assert_eq!(s.pieces, own, "{what} player {p}");
                assert_eq!(s.nodes, own.iter().map(|p| p.nodes).sum::<u64>(), "{what}");
                let total = own
                    .iter()
                    .fold(race.enter.iter().copied().sum::<C>(), |a, p| a + p.length);
                assert!(boardpath::cost::same(s.total, total), "{what}");
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{what} player {p}"),
            (a, b) => panic!("{what} player {p}: shared {a:?}, one by one {b:?}"),
        }
    }
    nested
}

fn check_board(text: &str, budget: u64, what: &str) -> usize {
    let board = Board::from_toml(text, what).unwrap();
    match board.rules.rounding {
        boardpath::board::Rounding::PerMove => check::<u64>(&board, budget, what),
        boardpath::board::Rounding::Exact => check::<f64>(&board, budget, what),
    }
}

#[test]
fn shared_search_matches_each_pieces_own_on_random_boards() {
    let mut nested = 0;
    for seed in 0..300 {
        let text = generate(&GenerateOptions {
            tiles: 6 + (seed as usize % 30),
            players: 1 + (seed as usize % 2),
            pieces: 1 + (seed as usize % 13),
            faces: 2 + (seed as u32 % 6),
            seed,
            vary_rules: true,
        });
        nested += check_board(&text, u64::MAX, &format!("seed {seed}"));
        // A budget that runs out part of the way through.
        check_board(&text, 40, &format!("seed {seed}, budget 40"));
    }
    assert!(nested > 100, "only {nested} nested races drawn");
}

/// Goal tiles a and b share a point: piece 2 (for b) finds a step at its target's distance, a tie
/// whose place in the queue only its own search knows; it is searched on its own.
#[test]
fn a_tie_at_the_targets_distance_is_searched_on_its_own() {
    let text = "[board]\nname = \"tie\"\n[rules]\ndie = [1, 2]\ngoal_mode = \"slots\"\nmoves_in_goal = true\n[track]\ntiles = [[0, 0], [1, 0], [2, 0], [3, 0]]\n[[players]]\nname = \"red\"\nstart = 0\ntrack_steps = 4\nbase = [[0, 5], [1, 5], [2, 5]]\ngoal = [[4, 0], [4, 0], [5, 0]]\n";
    assert_eq!(check_board(text, u64::MAX, "tie"), 1);
    let board = Board::from_toml(text, "tie").unwrap();
    let race = Race::<u64>::new(&board, 0).unwrap();
    let s = solve_race(&board, &race, Method::find(METHOD).unwrap(), u64::MAX).unwrap();
    let rolls: Vec<Vec<u32>> = s.pieces.iter().map(|p| p.rolls.clone()).collect();
    assert_eq!(rolls, [vec![2, 2, 2], vec![2, 2, 1], vec![2, 2]]);
    assert_eq!((s.total, s.nodes), (28, 15));
}

/// The many-pieces board of docs/speed.md, 300 pieces (44,973 nodes one piece at a time).
#[test]
fn shared_search_matches_on_a_many_pieces_board() {
    let text = generate(&GenerateOptions {
        tiles: 40,
        players: 1,
        pieces: 300,
        faces: 6,
        seed: 0,
        vary_rules: false,
    });
    assert_eq!(check_board(&text, u64::MAX, "300 pieces"), 1);
    check_board(&text, 20_000, "300 pieces, budget 20,000");
}
