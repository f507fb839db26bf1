//! `boardpath decode`: the paper's Visualizer in the terminal.

use super::Error;
use super::{load_board, out};
use boardpath::board::embedded;
use boardpath::encoding::bitboard::parse_value;
use boardpath::output::decode::BitboardView;
use boardpath::race::player_index;
use boardpath::solve::bitboard_layout;
use clap::Args;

/// Arguments of `decode`.
#[derive(Args)]
pub struct DecodeArgs {
    /// Board file or embedded name (default: the standard board), then the value: `decode 0x...`
    /// or `decode BOARD 0x...`.
    #[arg(num_args = 1..=2, required = true, value_names = ["BOARD", "BITS"])]
    pub args: Vec<String>,
    /// Player whose bit-board layout to use (default: the first).
    #[arg(long)]
    pub player: Option<String>,
}

/// Runs `decode`.
pub fn run(a: &DecodeArgs) -> Result<(), Error> {
    let (board, bits) = match a.args.as_slice() {
        [bits] => (embedded::DEFAULT, bits),
        [board, bits] => (board.as_str(), bits),
        _ => return Err(Error::Usage("decode takes [BOARD] BITS".into())),
    };
    let value = parse_value(bits).map_err(Error::Usage)?;
    let board = load_board(board)?;
    let player = match a.player.as_deref() {
        None => 0,
        Some("all") => {
            return Err(Error::Usage(
                "decode draws one player's bit-board: name the player with --player NAME".into(),
            ));
        }
        Some(name) => player_index(&board, name)?,
    };
    // The layout depends on the longest path, so on the costs: build them as `solve` would.
    let layout = bitboard_layout(&board, player)?;
    let view = BitboardView::new(&board, player, layout, value).map_err(Error::Input)?;
    out::print(&view.to_string())?;
    Ok(())
}
