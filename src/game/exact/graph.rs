//! The position graph of a [`ChanceGame`] written for a solver outside this program (a GPU
//! kernel, another language): every position's moves, roll by roll, as flat little-endian arrays
//! that `numpy.fromfile` reads as they are. `docs/game-solve.md` describes the files byte for
//! byte; `scripts/gpu/solve_graph.py` solves them.
//!
//! The moves are expanded once, here, by the game's own rules: the outside solver iterates the
//! values over a fixed graph and needs no rule book of its own.

use super::{ChanceGame, Expansion, MoveOutcome};
use crate::file::AtomicFile;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The format word of `graph.json`'s `format` field.
pub const GRAPH_FORMAT: &str = "boardpath.game-graph/2";

/// The most positions the format holds: an outcome is `kind + 4 * position` in a `u32`.
pub const GRAPH_MAX_POSITIONS: u64 = 1 << 30;

/// The most rolls the format holds: a position's averaged rolls (and its passes) are the bits of
/// one byte.
pub const GRAPH_MAX_ROLLS: usize = 8;

/// The files of a graph, in the order they are written (`graph.json` last: a directory that
/// holds it holds the whole graph).
pub const GRAPH_FILES: [&str; 7] = [
    "offsets.u64",
    "counts.u8",
    "means.u8",
    "passes.u8",
    "keys.u32",
    "outcomes.u32",
    "graph.json",
];

/// Positions expanded between two writes and two checks for a stop.
const CHUNK: u64 = 1 << 16;

/// Positions one worker expands at a time.
const RUN: u64 = 1024;

/// `graph.json`: what the arrays hold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphHeader {
    /// [`GRAPH_FORMAT`].
    pub format: String,
    /// The game, in words.
    pub game: String,
    /// Positions, ranked `0..positions`.
    pub positions: u64,
    /// Rolls a position has.
    pub rolls: usize,
    /// Each roll's probability.
    pub roll_probabilities: Vec<f64>,
    /// The layers, `[first, end)` rank ranges in solving order: a move leads into its own layer
    /// or one before it in this list.
    pub layers: Vec<[u64; 2]>,
    /// The rank of the start, the first player to move.
    pub start: u64,
    /// Outcomes in `outcomes.u32`.
    pub outcomes: u64,
    /// Each array file, in words.
    pub files: Vec<GraphFile>,
}

/// One array file of a graph.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphFile {
    /// Its name in the directory.
    pub name: String,
    /// What it holds.
    pub holds: String,
}

/// Why a graph was not written.
#[derive(Debug)]
pub enum GraphError {
    /// More positions than [`GRAPH_MAX_POSITIONS`].
    TooManyPositions(u64),
    /// More rolls than [`GRAPH_MAX_ROLLS`].
    TooManyRolls(usize),
    /// A roll with more than 255 moves.
    TooManyMoves {
        /// The position.
        position: u64,
        /// The roll's index.
        roll: usize,
        /// Its moves.
        moves: usize,
    },
    /// A file could not be written.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Stopped by [`crate::cancel`]; nothing was left in the directory.
    Cancelled,
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphError::TooManyPositions(n) => write!(
                f,
                "{n} positions; the graph format holds fewer than {GRAPH_MAX_POSITIONS} (an \
                 outcome is kind + 4 * position in 32 bits)"
            ),
            GraphError::TooManyRolls(n) => {
                write!(
                    f,
                    "{n} rolls; the graph format holds 1 to {GRAPH_MAX_ROLLS}"
                )
            }
            GraphError::TooManyMoves {
                position,
                roll,
                moves,
            } => write!(
                f,
                "position {position}, roll {roll}: {moves} moves; the graph format holds at \
                 most 255 a roll"
            ),
            GraphError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            GraphError::Cancelled => write!(f, "cancelled; nothing was written"),
        }
    }
}

impl std::error::Error for GraphError {}

/// An outcome as the format stores it: `kind + 4 * position` (kind 0 a win, 1 a loss, 2 the
/// same player moves next, 3 the other player does).
#[inline]
pub fn encode_outcome(o: MoveOutcome) -> u32 {
    match o {
        MoveOutcome::Win => 0,
        MoveOutcome::Loss => 1,
        MoveOutcome::Same(j) => 2 | (j as u32) << 2,
        MoveOutcome::Flip(j) => 3 | (j as u32) << 2,
    }
}

/// The outcome a stored `u32` stands for.
#[inline]
pub fn decode_outcome(x: u32) -> MoveOutcome {
    let j = u64::from(x >> 2);
    match x & 3 {
        0 => MoveOutcome::Win,
        1 => MoveOutcome::Loss,
        2 => MoveOutcome::Same(j),
        _ => MoveOutcome::Flip(j),
    }
}

/// One run of positions, expanded: each roll's move count, the averaged rolls, the passes, the
/// outcomes.
#[derive(Default)]
struct Part {
    counts: Vec<u8>,
    means: Vec<u8>,
    passes: Vec<u8>,
    keys: Vec<u32>,
    outcomes: Vec<u32>,
}

/// Expands `positions` of `game` into a [`Part`].
fn expand_part(
    game: &impl ChanceGame,
    positions: std::ops::Range<u64>,
) -> Result<Part, GraphError> {
    let rolls = game.roll_probabilities().len();
    let mut part = Part::default();
    let mut e = Expansion::default();
    for p in positions {
        game.expand(p, &mut e);
        for r in 0..rolls {
            let moves = e.roll(r);
            let count = u8::try_from(moves.len()).map_err(|_| GraphError::TooManyMoves {
                position: p,
                roll: r,
                moves: moves.len(),
            })?;
            part.counts.push(count);
            part.outcomes
                .extend(moves.iter().map(|&o| encode_outcome(o)));
        }
        part.means.push(e.mean as u8);
        part.passes.push(e.pass as u8);
        part.keys.push(game.sweep_key(p));
    }
    Ok(part)
}

/// A file of the graph being written beside its place ([`AtomicFile`]), errors naming it.
struct Staged(AtomicFile);

impl Staged {
    fn create(dir: &Path, name: &str) -> Result<Self, GraphError> {
        let path = dir.join(name);
        AtomicFile::create(&path)
            .map(Staged)
            .map_err(|error| GraphError::Io { path, error })
    }

    fn io(&self, error: std::io::Error) -> GraphError {
        GraphError::Io {
            path: self.0.path().to_path_buf(),
            error,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), GraphError> {
        self.0.write_all(bytes).map_err(|e| self.io(e))
    }

    fn finish(self) -> Result<(), GraphError> {
        let path = self.0.path().to_path_buf();
        self.0
            .commit()
            .map_err(|error| GraphError::Io { path, error })
    }
}

/// Every array's bytes in little-endian order.
fn le_bytes<T: Copy, const N: usize>(values: &[T], to: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    values.iter().flat_map(|&v| to(v)).collect()
}

/// Writes `game`'s position graph into the directory `dir` (made if missing): `offsets.u64`,
/// `counts.u8`, `means.u8`, `passes.u8`, `keys.u32`, `outcomes.u32` and last `graph.json`
/// ([`GraphHeader`]), each under a
/// temporary name first; `start` is the rank of the start and `name` the game in words. The
/// positions are expanded on the current rayon pool, a chunk at a time; `progress` is told the
/// positions written so far.
///
/// ```
/// use boardpath::game::exact::{ChanceGame, Maedn2, graph};
/// let game = Maedn2::new(1);
/// let dir = tempfile::tempdir().unwrap();
/// let start = game.rank(&game.start());
/// let header = graph::write_graph(&game, start, "1 piece a side", dir.path(), |_| {}).unwrap();
/// assert_eq!(header.positions, game.positions());
/// assert_eq!(header.files.len(), graph::GRAPH_FILES.len() - 1);
/// assert!(dir.path().join("graph.json").exists());
/// ```
pub fn write_graph(
    game: &impl ChanceGame,
    start: u64,
    name: &str,
    dir: &Path,
    progress: impl Fn(u64),
) -> Result<GraphHeader, GraphError> {
    let n = game.positions();
    let rolls = game.roll_probabilities().len();
    if n >= GRAPH_MAX_POSITIONS {
        return Err(GraphError::TooManyPositions(n));
    }
    if !(1..=GRAPH_MAX_ROLLS).contains(&rolls) {
        return Err(GraphError::TooManyRolls(rolls));
    }
    std::fs::create_dir_all(dir).map_err(|error| GraphError::Io {
        path: dir.to_path_buf(),
        error,
    })?;
    let mut files = Vec::new();
    let result = write_arrays(game, dir, &progress, &mut files);
    // On failure the staged files, dropped, remove their temporary files.
    let outcomes = result?;
    let header = GraphHeader {
        format: GRAPH_FORMAT.into(),
        game: name.into(),
        positions: n,
        rolls,
        roll_probabilities: game.roll_probabilities().to_vec(),
        layers: game.layers().iter().map(|l| [l.start, l.end]).collect(),
        start,
        outcomes,
        files: described_files(rolls),
    };
    // An older graph.json must not describe the new arrays while they are renamed into place.
    match std::fs::remove_file(dir.join("graph.json")) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(GraphError::Io {
                path: dir.join("graph.json"),
                error: e,
            });
        }
        _ => {}
    }
    for f in files {
        f.finish()?;
    }
    let mut json = Staged::create(dir, "graph.json")?;
    let text = serde_json::to_string_pretty(&header).expect("a header serialises");
    json.write(text.as_bytes())?;
    json.write(b"\n")?;
    json.finish()?;
    Ok(header)
}

/// The array files in words, for `graph.json`.
fn described_files(rolls: usize) -> Vec<GraphFile> {
    let holds = [
        "u64 little-endian, positions + 1: the index in outcomes.u32 of each position's first \
         outcome, then the number of outcomes"
            .to_string(),
        format!(
            "u8, positions x {rolls}: the moves of each roll of each position (at least 1; a \
             pass is one move), rolls in order"
        ),
        "u8, one a position: bit r set where roll r's moves are averaged (the mover picks at \
         random) instead of the best taken"
            .to_string(),
        "u8, one a position: bit r set where roll r's only move is a pass (nothing moves: the \
         same player rolls again at the same position, or the other player moves next at the \
         position with the sides swapped), which a solver may solve in closed form with the \
         position it leads to"
            .to_string(),
        "u32 little-endian, one a position: the sweep key; the solver updates a layer's \
         positions by descending key (a move that captures nothing leads to a larger one, so one \
         sweep settles every race), positions of one key together"
            .to_string(),
        "u32 little-endian: each move's outcome, positions in rank order and their rolls in \
         order: kind + 4 * position, kind 0 the mover wins, 1 the mover loses, 2 the same player \
         moves next at position, 3 the other player moves next at position (worth 1 minus its \
         value)"
            .to_string(),
    ];
    GRAPH_FILES
        .iter()
        .zip(holds)
        .map(|(name, holds)| GraphFile {
            name: name.to_string(),
            holds,
        })
        .collect()
}

/// The six arrays, staged in `files` (in [`GRAPH_FILES`] order); the outcomes written.
fn write_arrays(
    game: &impl ChanceGame,
    dir: &Path,
    progress: &impl Fn(u64),
    files: &mut Vec<Staged>,
) -> Result<u64, GraphError> {
    for name in &GRAPH_FILES[..6] {
        files.push(Staged::create(dir, name)?);
    }
    let n = game.positions();
    let mut written: u64 = 0;
    files[0].write(&written.to_le_bytes())?;
    for from in (0..n).step_by(CHUNK as usize) {
        if crate::cancel::requested() {
            return Err(GraphError::Cancelled);
        }
        let to = (from + CHUNK).min(n);
        let parts: Vec<Part> = (0..(to - from).div_ceil(RUN))
            .into_par_iter()
            .map(|i| expand_part(game, from + i * RUN..(from + (i + 1) * RUN).min(to)))
            .collect::<Result<_, _>>()?;
        for part in &parts {
            let mut offsets = Vec::with_capacity(part.means.len());
            let rolls = part.counts.len() / part.means.len().max(1);
            for counts in part.counts.chunks(rolls.max(1)) {
                written += counts.iter().map(|&c| u64::from(c)).sum::<u64>();
                offsets.push(written);
            }
            files[0].write(&le_bytes(&offsets, u64::to_le_bytes))?;
            files[1].write(&part.counts)?;
            files[2].write(&part.means)?;
            files[3].write(&part.passes)?;
            files[4].write(&le_bytes(&part.keys, u32::to_le_bytes))?;
            files[5].write(&le_bytes(&part.outcomes, u32::to_le_bytes))?;
        }
        progress(to);
    }
    Ok(written)
}
