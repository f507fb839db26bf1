//! Times sweeps of one layer of the exact solver (measuring only).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pieces: usize = args[1].parse().unwrap();
    let sweeps: u32 = args[2].parse().unwrap();
    let game = boardpath::game::exact::Maedn2::new(pieces);
    let layers = boardpath::game::exact::ChanceGame::layers(&game);
    let (index, layer) = layers
        .iter()
        .enumerate()
        .max_by_key(|(_, l)| l.end - l.start)
        .unwrap();
    let n = layer.end - layer.start;
    for s in boardpath::game::exact::time_sweeps(&game, index, sweeps) {
        println!("{s:.2} s  {:.3} us/update", s * 1e6 / n as f64);
    }
}
