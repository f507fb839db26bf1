//! `boardpath validate`: check board files, print OK or every problem.

use super::Error;
use super::{load_board, out};
use boardpath::game::Rules;
use boardpath::race;

/// Checks each board: the file itself, that every piece of every player can finish, and the
/// rules of its `[game]` table.
pub fn run(boards: &[String]) -> Result<(), Error> {
    let mut bad = 0;
    for name in boards {
        let problems = match load_board(name) {
            Err(e) => e.to_string(),
            Ok(board) => (0..board.players.len())
                .filter_map(|p| race::check(&board, p).err())
                .map(|e| format!("{}: {e}", board.origin))
                // The game's rules ([game] rules), which the board layer keeps as text.
                .chain(Rules::for_board(&board, None).err().map(|e| e.to_string()))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        if problems.is_empty() {
            out::print(&format!("{name}: OK\n"))?;
        } else {
            bad += 1;
            super::say(format_args!("{problems}"));
        }
    }
    if bad > 0 {
        return Err(Error::Input(format!(
            "{bad} of {} board(s) invalid",
            boards.len()
        )));
    }
    Ok(())
}
