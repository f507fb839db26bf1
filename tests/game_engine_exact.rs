//! The exact game on any board and rules ([`EngineGame`], moves from the engine) against the
//! specialised standard-board ranking ([`Maedn2`]) and hand-derived values.

use boardpath::board::Board;
use boardpath::game::exact::{ChanceGame, EngineGame, Maedn2, Options, solve};
use boardpath::game::{Game, GameConfig, Rules};

fn game(board: &str, pieces: usize, rules: Rules) -> Game {
    let board = Board::load(board).unwrap();
    let config = GameConfig {
        pieces: Some(pieces),
        rules,
        ..GameConfig::new(2)
    };
    Game::new(&board, &config).unwrap()
}

fn value(g: &EngineGame) -> f64 {
    let s = solve(g, &Options::default()).unwrap();
    assert!(s.residual() < 1e-12, "residual {}", s.residual());
    s.values[g.rank(&g.start()) as usize]
}

#[test]
fn standard_board_values_equal_the_specialised_ranking() {
    for k in 1..=2 {
        let g = EngineGame::new(&game("maedn", k, Rules::openspiel())).unwrap();
        assert!(!g.is_seat_aware());
        let fast = Maedn2::new(k);
        let s = solve(&g, &Options::default()).unwrap();
        let f = solve(&fast, &Options::default()).unwrap();
        let v = s.values[g.rank(&g.start()) as usize];
        let w = f.values[fast.rank(&fast.start()) as usize];
        assert!((v - w).abs() < 1e-12, "{k}: {v} vs {w}");
        eprintln!("{k}: {v} positions {} vs {}", g.positions(), fast.positions());
    }
}

#[test]
fn strategies_two_pieces() {
    use boardpath::game::strategy::{Strategies, Strategy};
    let board = Board::load("maedn").unwrap();
    let g = game("maedn", 2, Rules::openspiel());
    let t = std::time::Instant::now();
    let s = Strategies::new(&g).unwrap();
    eprintln!("cache {:?} positions {}", t.elapsed(), s.positions());
    let v = s.value().unwrap();
    eprintln!("value {:?} {:?}", v, t.elapsed());
    let e = s.exploitability(&Strategy::Optimal).unwrap();
    eprintln!("expl optimal {:?} {:?}", e, t.elapsed());
    let rr = s.pair(&Strategy::Random, &Strategy::Random).unwrap();
    eprintln!("random {:?} {:?}", rr, t.elapsed());
    let f = Strategy::by_name("front", &board, &g, 0).unwrap();
    let e = s.exploitability(&f).unwrap();
    eprintln!("expl front {:?} {:?}", e, t.elapsed());
}
