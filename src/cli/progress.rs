//! The command line's progress displays, one place for all of them: a bar of runs (`compare`,
//! `sweep`, `play`), a spinner with the time taken (`solve`) and a bar of simulated games (`dice`).
//! indicatif draws on standard error only when it is a terminal; piped, they stay silent.

pub use indicatif::ProgressBar;
use indicatif::ProgressStyle;
use std::time::Duration;

/// How often a display is redrawn, and how often a watcher thread reads a counter into it.
pub const TICK: Duration = Duration::from_millis(200);

/// A progress bar of `total` runs with the one running in its message.
pub fn progress_bar(total: usize) -> ProgressBar {
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{spinner} [{elapsed}] {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(TICK);
    bar
}

/// A spinner with the time taken, a prefix and a message (what is being solved, the nodes so far).
pub fn spinner() -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} [{elapsed}] {prefix} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(TICK);
    bar
}

/// A bar of `games` simulated games with the time taken and the time left.
pub fn games_bar(games: u64) -> ProgressBar {
    ProgressBar::new(games).with_style(
        ProgressStyle::with_template(
            "simulating {bar:30} {human_pos}/{human_len} games [{elapsed} < {eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    )
}
