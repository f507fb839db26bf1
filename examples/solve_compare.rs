//! Solves K pieces with and without estimates first (measuring only).
use boardpath::game::exact::{ChanceGame, Maedn2, ValueIterationOptions, solve};
fn main() {
    let pieces: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let modes: Vec<bool> = match std::env::args().nth(2).as_deref() {
        Some("est") => vec![true],
        Some("int") => vec![false],
        Some("cached") => {
            let t = std::time::Instant::now();
            let c = boardpath::game::exact::Cached::new(Maedn2::new(pieces));
            println!("cache built in {:.2} s", t.elapsed().as_secs_f64());
            let options = ValueIterationOptions {
                tolerance: 1e-10,
                ..ValueIterationOptions::default()
            };
            let t = std::time::Instant::now();
            let s = solve(&c, &options).unwrap();
            println!(
                "cached solve {:.2} s, {} sweeps",
                t.elapsed().as_secs_f64(),
                s.sweeps()
            );
            return;
        }
        _ => vec![true, false],
    };
    let game = Maedn2::new(pieces);
    let start = game.rank(&game.start());
    for est in modes {
        let t = std::time::Instant::now();
        let options = ValueIterationOptions {
            tolerance: 1e-10,
            progress: Some(&|i, n, sw, g| {
                if std::env::var_os("VERBOSE").is_some() {
                    eprintln!("layer {i}/{n} sweep {sw}: {g:.3e}")
                }
            }),
            ..ValueIterationOptions::default()
        };
        let s = solve(&game, &options).unwrap();
        let b = s.bounds[start as usize];
        println!(
            "estimate_first={est}: {:.2} s, bounds {:.15} {:.15} gap {:.2e}, max gap {:.2e}",
            t.elapsed().as_secs_f64(),
            b[0],
            b[1],
            b[1] - b[0],
            s.gap()
        );
        for l in &s.layers {
            println!(
                "  {:>10} positions {:>4} sweeps {:>12} updates ({:.1} sweeps' worth) gap {:.2e} {:.2} s",
                l.positions.end - l.positions.start,
                l.sweeps,
                l.updates,
                l.updates as f64 / (l.positions.end - l.positions.start) as f64,
                l.gap,
                l.seconds
            );
        }
        let _ = (game.positions(), est);
    }
}

#[allow(dead_code)]
fn cached() {}
