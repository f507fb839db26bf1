//! Why a job stopped: the error of the concern that failed, with what the job knew, so that each
//! face can say it in its own words (an option's name on the command line, an argument's in
//! Python) and give it its own exit code or exception.

use crate::dice::DiceError;
use crate::game::GameError;
use crate::game::exact::graph::GraphError;
use crate::game::exact::{GameSolveError, PROGRAM_BYTES, bytes_in_words, gigabytes};
use crate::game::policy::PolicyError;
use crate::race::RaceError;
use crate::solve::PlayerSolveError;
use std::fmt;

/// Why a job stopped.
#[derive(Debug)]
pub enum JobError {
    /// A player the board lacks.
    Player(RaceError),
    /// A method not in the catalogue, or a player that cannot be solved.
    Solve(PlayerSolveError),
    /// One board of a comparison could not be solved.
    Compare {
        /// The board's label.
        label: String,
        /// Why.
        error: PlayerSolveError,
    },
    /// A real-dice analysis failed.
    Dice(DiceError),
    /// A dice model has more states than the job allows ([`DiceJob::max_states`]).
    ///
    /// [`DiceJob::max_states`]: super::DiceJob::max_states
    DiceStates {
        /// The player's name.
        player: String,
        /// The model's states.
        states: usize,
        /// The most allowed.
        most: u64,
    },
    /// The game's rules: the text given does not parse, or the board's `[game] rules` are wrong.
    Rules(GameError),
    /// The game cannot be set up on the board (players, pieces, seats, a board it cannot play).
    Game(GameError),
    /// The policies named are neither one for every seat nor one for each.
    PolicyCount {
        /// Policies named.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A policy could not be made, or failed in a game.
    Policy(PolicyError),
    /// The worker threads could not be started.
    Threads(String),
    /// Solving the game needs more memory than the budget.
    Memory(MemoryRefusal),
    /// A solve out of core (a memory limit on the standard ranking's solve) cannot be made.
    OutOfCore(OutOfCore),
    /// A value table that cannot be read or is not this game's: the file and what is wrong.
    Table(String),
    /// The exact game's value iteration failed (cancelled, not converged, a layer too large).
    GameSolve(GameSolveError),
    /// The game's position graph could not be written (too large for the format, a file).
    Graph(GraphError),
    /// The value table was asked for a game the general ranking solves, whose table has no format
    /// yet.
    NoTable {
        /// The board's name.
        board: String,
        /// The rules, in the syntax of `--rules`.
        rules: String,
    },
    /// A strategy named for an evaluation ([`StrategiesJob`]) that is not one, or that could not
    /// be made (a policy file that cannot be read).
    ///
    /// [`StrategiesJob`]: super::StrategiesJob
    Strategy {
        /// Which of the job's lists named it, for the face to name its option or argument.
        list: StrategyList,
        /// Whether the name itself is not a strategy's (a misspelling), rather than what it
        /// names failing.
        unknown: bool,
        /// Why, with the name and the valid names.
        error: PolicyError,
    },
    /// Evaluating strategies needs more memory than the budget.
    StrategiesMemory {
        /// The board's name.
        board: String,
        /// Pieces a side.
        pieces: usize,
        /// Positions to hold (both movers' tables).
        positions: u64,
        /// Bytes they and their moves need.
        need: u64,
        /// Bytes the budget allows.
        have: u64,
    },
    /// The face stopped the job (a Ctrl-C seen between two runs).
    Stopped,
}

/// A solve of the game refused for its memory: what it needs, what the budget allows, what
/// would fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryRefusal {
    /// Positions to hold.
    pub positions: u64,
    /// Bytes they need.
    pub need: u64,
    /// Bytes the budget allows.
    pub have: u64,
    /// Whether the budget was given ([`SolveGameJob::memory`]) rather than read off the machine.
    ///
    /// [`SolveGameJob::memory`]: super::SolveGameJob::memory
    pub limited: bool,
    /// What would fit.
    pub fits: MemoryFit,
}

impl fmt::Display for MemoryRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fits = match self.fits {
            MemoryFit::Pieces(0) => "no count of pieces fits".to_string(),
            MemoryFit::Pieces(1) => "1 piece a side fits".to_string(),
            MemoryFit::Pieces(k) => format!("1 to {k} pieces a side fit"),
            MemoryFit::Fewer => "fewer pieces need less".to_string(),
        };
        write!(
            f,
            "{} positions need about {} (two f64 bounds each plus the largest layer's sweep order), but \
             {} {}; {fits}",
            self.positions,
            gigabytes(self.need),
            gigabytes(self.have),
            if self.limited {
                "is the budget"
            } else {
                "are available"
            }
        )
    }
}

/// Which of a [`StrategiesJob`](super::StrategiesJob)'s lists named a strategy: what a face calls
/// the option or argument when it words an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyList {
    /// [`StrategiesJob::pair`](super::StrategiesJob::pair).
    Pair,
    /// [`StrategiesJob::exploitability`](super::StrategiesJob::exploitability).
    Exploitability,
    /// [`StrategiesJob::matrix`](super::StrategiesJob::matrix).
    Matrix,
}

/// Why a solve out of core ([`SolveGameJob::memory`] with the standard ranking) cannot be made.
///
/// [`SolveGameJob::memory`]: super::SolveGameJob::memory
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutOfCore {
    /// No checkpoint directory ([`SolveGameJob::checkpoint`]) to keep the finished layer groups
    /// in.
    ///
    /// [`SolveGameJob::checkpoint`]: super::SolveGameJob::checkpoint
    NoCheckpoint,
    /// The limit is below the least the solve needs.
    BelowMinimum {
        /// The limit, in bytes.
        limit: u64,
        /// The least the solve needs, in bytes ([`out_of_core_minimum`](crate::game::exact::out_of_core_minimum)).
        minimum: u64,
        /// The layer group that needs it, by its layers' pieces home (`0,1+1,0`); `None`: writing
        /// the table needs it.
        group: Option<String>,
        /// Positions of that group (or of the table).
        positions: u64,
        /// Bytes a position of the group holds while it is solved
        /// ([`group_bytes`](crate::game::exact::group_bytes)).
        group_bytes: u64,
        /// The least with packed bounds (`--bounds packed`), where that is within the limit.
        packed: Option<u64>,
    },
    /// The table cannot be reserved or mapped here (another system, too little address space).
    Unavailable(String),
}

impl fmt::Display for OutOfCore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfCore::NoCheckpoint => write!(
                f,
                "a memory limit keeps the finished layer groups in the checkpoint's files, and \
                 there is no checkpoint"
            ),
            OutOfCore::BelowMinimum {
                limit,
                minimum,
                group,
                positions,
                group_bytes,
                packed,
            } => {
                let what = match group {
                    Some(g) => format!(
                        "the layer group {g} ({positions} positions) holds {group_bytes} bytes \
                         a position while it is solved (its bounds, and a bucket's new bounds; the sweep \
                         order is in a file)"
                    ),
                    None => "the game has no layer groups".to_string(),
                };
                write!(
                    f,
                    "a limit of {limit} bytes ({}) is below the least a solve out of core needs, \
                     {minimum} bytes ({}): {what}, plus {} MiB for the program and the page \
                     tables",
                    bytes_in_words(*limit),
                    bytes_in_words(*minimum),
                    PROGRAM_BYTES >> 20
                )?;
                if let Some(p) = packed {
                    write!(
                        f,
                        "; with --bounds packed (8 bytes a position) it needs {p} bytes ({}), \
                         within the limit",
                        bytes_in_words(*p)
                    )?;
                }
                Ok(())
            }
            OutOfCore::Unavailable(why) => write!(f, "cannot solve out of core here: {why}"),
        }
    }
}

/// What fits the memory budget when a solve of the game does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryFit {
    /// The standard board: up to this many pieces a side fit (0: none).
    Pieces(usize),
    /// Another game: fewer pieces need less.
    Fewer,
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobError::Player(e) => write!(f, "{e}"),
            JobError::Solve(e) => write!(f, "{e}"),
            JobError::Compare { label, error } => write!(f, "{label}: {error}"),
            JobError::Dice(e) => write!(f, "{e}"),
            JobError::DiceStates {
                player,
                states,
                most,
            } => write!(
                f,
                "player {player}: the dice model has {states} states, more than the {most} allowed"
            ),
            JobError::Rules(e) | JobError::Game(e) => write!(f, "{e}"),
            JobError::PolicyCount { given, seats } => write!(
                f,
                "{given} policies named for {seats} seats: give one policy for all seats, or one \
                 for each"
            ),
            JobError::Policy(e) => write!(f, "{e}"),
            JobError::Threads(e) => write!(f, "cannot start the threads: {e}"),
            JobError::Memory(m) => write!(f, "{m}"),
            JobError::OutOfCore(o) => write!(f, "{o}"),
            JobError::Table(what) => write!(f, "{what}"),
            JobError::GameSolve(e) => write!(f, "{e}"),
            JobError::Graph(e) => write!(f, "{e}"),
            JobError::NoTable { board, rules } => write!(
                f,
                "the value table is written for the standard board under openspiel rules; {board} \
                 with rules {rules} is solved with the general ranking, whose table is not \
                 written yet"
            ),
            JobError::Strategy { error, .. } => write!(f, "{error}"),
            JobError::StrategiesMemory {
                board,
                pieces,
                positions,
                need,
                have,
            } => write!(
                f,
                "{board} with {pieces} pieces: evaluating strategies holds {positions} positions \
                 (one table per mover) and their moves, about {need} bytes ({}), but {} are \
                 available; fewer pieces need less",
                gigabytes(*need),
                gigabytes(*have)
            ),
            JobError::Stopped => write!(f, "stopped"),
        }
    }
}

impl std::error::Error for JobError {}

impl From<RaceError> for JobError {
    fn from(e: RaceError) -> Self {
        JobError::Player(e)
    }
}

impl From<PlayerSolveError> for JobError {
    fn from(e: PlayerSolveError) -> Self {
        JobError::Solve(e)
    }
}

impl From<DiceError> for JobError {
    fn from(e: DiceError) -> Self {
        JobError::Dice(e)
    }
}

impl From<PolicyError> for JobError {
    fn from(e: PolicyError) -> Self {
        JobError::Policy(e)
    }
}

impl From<GameSolveError> for JobError {
    fn from(e: GameSolveError) -> Self {
        JobError::GameSolve(e)
    }
}
