//! Text output: a table of pieces per player, the enter cost and the total.

use crate::board::{Board, goal_label};
use crate::cost::Cost;
use crate::encoding::PiecePath;
use crate::solve::{PlayerSolution, Solved, Streamed};
use std::borrow::Cow;
use std::io::{self, Write};

/// The name of relative step `step` of `player` on `board`: the track tile index, or the goal
/// tile's letter; with its grid cell when the board has a grid.
pub(crate) fn tile_name(board: &Board, player: usize, step: usize) -> String {
    let p = &board.players[player];
    let (name, point) = if step < p.track_steps {
        let idx = (p.start + step) % board.track.len();
        (idx.to_string(), board.track[idx])
    } else {
        let g = step - p.track_steps;
        (goal_label(g), p.goal[g])
    };
    match board.grid.and_then(|g| g.cell(point)) {
        Some((c, r)) => format!("{name}({c},{r})"),
        None => name,
    }
}

/// A readable report of one player's solution.
pub fn solved(board: &Board, player: usize, s: &Solved) -> String {
    match s {
        Solved::PerMove(s) => solution(board, player, s),
        Solved::Exact(s) => solution(board, player, s),
    }
}

/// A readable report of one player's solution, in its cost type.
pub fn solution<C: Cost>(board: &Board, player: usize, s: &PlayerSolution<C>) -> String {
    let mut out = Vec::new();
    let lengths: Vec<C> = s.pieces.iter().map(|p| p.length).collect();
    // Writing to memory cannot fail, and every piece is at hand.
    let _ = write(&mut out, board, player, s, &lengths, |i| {
        Ok(Cow::Borrowed(&s.pieces[i]))
    });
    String::from_utf8(out).unwrap_or_default()
}

/// [`solution`] of a [`Streamed`] solution, written to `out` as each piece's path is made: with
/// thousands of pieces the rolls listed add up to hundreds of megabytes (n^2/12 moves).
pub fn write_streamed<C: Cost>(
    out: &mut dyn Write,
    board: &Board,
    player: usize,
    s: &mut Streamed<'_, C>,
) -> io::Result<()> {
    let lengths: Vec<C> = s.paths.outline().iter().map(|p| p.length).collect();
    let paths = &mut s.paths;
    write(out, board, player, &s.solution, &lengths, |i| {
        paths.path(i).map(Cow::Owned).map_err(io::Error::other)
    })
}

/// The report of `s` (whose pieces may be empty) with pieces of `lengths`, each piece's path from
/// `path` as its row is written.
fn write<'p, C: Cost + 'p>(
    out: &mut dyn Write,
    board: &Board,
    player: usize,
    s: &PlayerSolution<C>,
    lengths: &[C],
    mut path: impl FnMut(usize) -> io::Result<Cow<'p, PiecePath<C>>>,
) -> io::Result<()> {
    writeln!(out, "{}: player {}", s.board, s.player)?;
    writeln!(out, "rules:  {}", s.rules)?;
    writeln!(
        out,
        "solver: {} ({}), {} nodes",
        s.method,
        s.algorithm,
        crate::text::thousands(s.nodes)
    )?;
    writeln!(out)?;
    let width = lengths
        .iter()
        .map(|l| l.show().len())
        .chain([s.total.show().len(), 6])
        .max()
        .unwrap_or(6);
    writeln!(out, "piece  goal  {:>width$}  moves  rolls", "length")?;
    let mut names = Names::new(board, player);
    let mut line = Vec::new();
    for i in 0..lengths.len() {
        let p = path(i)?;
        line.clear();
        // A roll is a digit or two and a space, a tile name a few bytes and " > ".
        line.reserve(64 + 3 * p.rolls.len() + 10 * p.steps.len());
        write!(
            line,
            "{:>5}  {:>4}  {:>width$}  {:>5}  ",
            i + 1,
            goal_label(p.target),
            p.length.show(),
            p.rolls.len(),
        )?;
        for (k, &roll) in p.rolls.iter().enumerate() {
            if k > 0 {
                line.push(b' ');
            }
            push_number(&mut line, roll as usize);
        }
        write!(line, "\n{:>width$}  tiles: ", "", width = 13 + width)?;
        for (k, &step) in p.steps.iter().enumerate() {
            if k > 0 {
                line.extend_from_slice(b" > ");
            }
            line.extend_from_slice(names.get(step));
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    writeln!(
        out,
        "enter  {:>4}  {:>width$}  (every piece from its waiting tile onto the start tile)",
        "",
        s.enter.show()
    )?;
    let cm = s
        .total_cm
        .map(|cm| format!(" = {cm:.4} cm"))
        .unwrap_or_default();
    writeln!(
        out,
        "total  {:>4}  {:>width$}  {}{}",
        "",
        s.total.show(),
        s.unit,
        cm
    )
}

/// `n` in decimal, without a formatter: a roll is written for every move (33 million for 20,000
/// pieces).
fn push_number(out: &mut Vec<u8>, mut n: usize) {
    if n < 10 {
        out.push(b'0' + n as u8);
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// [`tile_name`] of each step, made the first time it is asked for and kept: a step is named once
/// for every piece that stops on it.
struct Names<'a> {
    board: &'a Board,
    player: usize,
    text: Vec<u8>,
    /// Where each step's name lies in `text`, once made.
    at: Vec<Option<(u32, u32)>>,
}

impl<'a> Names<'a> {
    fn new(board: &'a Board, player: usize) -> Self {
        Names {
            board,
            player,
            text: Vec::new(),
            at: Vec::new(),
        }
    }

    fn get(&mut self, step: usize) -> &[u8] {
        if self.at.len() <= step {
            self.at.resize(step + 1, None);
        }
        let (from, to) = match self.at[step] {
            Some(span) => span,
            None => {
                let from = self.text.len();
                self.text
                    .extend_from_slice(tile_name(self.board, self.player, step).as_bytes());
                // A name is a few bytes, and there is one per step of a race (at most
                // `race::MAX_MOVES`): the offsets fit.
                let span = (from as u32, self.text.len() as u32);
                self.at[step] = Some(span);
                span
            }
        };
        &self.text[from as usize..to as usize]
    }
}
