//! The jobs: each thing the program does for a user (solve, compare, sweep, dice, play,
//! solve-game, the strategies' worth), set up and run by one function that takes one options
//! value. The command line, the workbench's server and the Python package each translate their
//! inputs into that value and the job's result into their outputs, and nothing more, so a change
//! to how a job is set up is made here once and the three faces give the same answer.
//!
//! | job | function | options | result |
//! |---|---|---|---|
//! | solve | [`solve`] | [`SolveJob`] | [`Solutions`] |
//! | compare | [`compare`] | [`CompareJob`] | [`compare::Report`](crate::compare::Report) |
//! | sweep | [`sweep`] | [`SweepJob`] | [`compare::Report`](crate::compare::Report) |
//! | dice | [`dice`] | [`DiceJob`] | [`DiceAnalysis`] per player |
//! | play | [`play`] | [`PlayJob`] | [`PlayReport`](crate::game::tournament::PlayReport) |
//! | solve-game | [`solve_game`] | [`SolveGameJob`] | [`GameValues`] |
//! | solve-game --verify | [`verify_table`] | a table's path | [`TableCheck`] |
//! | solve-game --plan | [`plan`] | [`PlanJob`] | [`SolvePlan`] |
//! | solve-game --policy, --exploitability, --matrix | [`evaluate_strategies`] | [`StrategiesJob`] | [`StrategiesReport`] |
//! | play's records | [`play_records`] | [`PlayJob`] | a [`GameRecord`](crate::game::record::GameRecord) per game |
//! | review | [`review`] | a [`GameRecord`](crate::game::record::GameRecord), a table, [`Thresholds`](crate::game::review::Thresholds) | [`Review`](crate::game::review::Review) |
//!
//! A job takes the board as its face loaded it (a file or embedded name on the command line, a
//! request's body in the server, a `Board` object in Python), with any rule overrides applied;
//! the options are plain data (serde), the same whichever face filled them in. What a job is told
//! as it runs (progress, a stop) comes as a separate argument: only a face knows how to show it.
//!
//! ```
//! use boardpath::board::Board;
//! use boardpath::jobs::{self, SolveJob};
//!
//! let board = Board::load("maedn").unwrap();
//! let job = SolveJob { player: Some("all".into()), ..SolveJob::default() };
//! let solved = jobs::solve(&board, &job, None, &mut |_| {}).unwrap().held().unwrap();
//! assert_eq!(solved.len(), 4);
//! assert!(solved.iter().all(|(_, s)| s.total_text() == "83047"));
//! ```

mod checkpoint;
mod compare;
mod dice;
mod error;
mod plan;
mod play;
mod solve;
mod solve_game;
mod strategies;
mod sweep;
mod verify;

pub use crate::game::review::review_record as review;
pub use checkpoint::LayerFiles;
pub use compare::{CompareBoard, CompareJob, CompareProgress, compare};
pub use dice::{DiceAnalysis, DiceJob, dice};
pub use error::{JobError, MemoryFit, MemoryRefusal, OutOfCore, StrategyList};
pub use plan::{PlanGroup, PlanJob, PlanLayer, PlanMeasurement, SolvePlan, plan};
pub use play::{PlayJob, play, play_records};
pub use solve::{DEFAULT_METHOD, Solutions, SolveJob, solve};
pub use solve_game::{
    BoundsEncoding, CERTIFIED_GAP, Chosen, GameRanking, GameValues, LayerRow, OutOfCoreRow,
    Solution, SolveGameJob, SolveGameReport, SolveGameWatch, export_graph, memory_budget,
    out_of_core_need, solve_game, two_player_game,
};
pub use strategies::{
    NAMED_STRATEGIES, StrategiesJob, StrategiesReport, StrategyLoss, StrategyPair,
    evaluate_strategies,
};
pub use sweep::{SweepJob, sweep};
pub use verify::{TableCheck, verify_table};

use crate::board::Board;
use crate::race::{RaceError, player_index};

/// The players `player` selects on `board`, as every face takes them: `None` the first, `all`
/// every one in the file's order, else the one of that name.
pub fn players(board: &Board, player: Option<&str>) -> Result<Vec<usize>, RaceError> {
    Ok(match player {
        None => vec![0],
        Some("all") => (0..board.players.len()).collect(),
        Some(name) => vec![player_index(board, name)?],
    })
}

/// A pool of `threads` worker threads (`None`: one per core) for a job that runs in parallel.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, JobError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| JobError::Threads(e.to_string()))
}
