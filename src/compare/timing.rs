//! Timing a method: the median of repeated samples, each long enough for the clock to resolve.

use serde::Serialize;
use std::time::{Duration, Instant};

/// A sample repeats a fast method until it lasts at least this long.
const MIN_SAMPLE: Duration = Duration::from_millis(1);
/// After the first sample, no sample is started that would, by the last one's length, end after a
/// method has used this much time in all.
const MAX_TOTAL: Duration = Duration::from_millis(500);
/// A first run at least this slow is kept as a sample rather than thrown away as a warm-up.
const SLOW: Duration = Duration::from_millis(100);

/// How long one run of a method takes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Median over the samples of the time per run, in nanoseconds.
    pub median_ns: f64,
    /// Samples taken.
    pub samples: usize,
    /// Runs in all, warm-up included.
    pub runs: u64,
}

/// Runs `f` once to warm up (and for its result), then, if `worth(&result)`, takes up to `samples`
/// samples, each of enough runs to last [`MIN_SAMPLE`], and stops early rather than start a
/// sample that, as long as the last one, would end past [`MAX_TOTAL`]: a search of a second runs
/// once, and one of 0.4 s once rather than twice (which doubled `compare`'s time on big boards).
/// Returns the first result, and its timing when it was worth one; `samples` 0 runs `f` once,
/// untimed.
pub fn measure<T>(
    samples: usize,
    mut f: impl FnMut() -> T,
    worth: impl FnOnce(&T) -> bool,
) -> (T, Option<Timing>) {
    let start = Instant::now();
    let result = f();
    let first = start.elapsed();
    if samples == 0 || !worth(&result) {
        return (result, None);
    }
    // Room for the samples that fit in `MAX_TOTAL`, not for however many were asked for.
    let mut per_run: Vec<f64> = Vec::with_capacity(samples.min(64));
    let mut runs = 1u64;
    if first >= SLOW {
        per_run.push(first.as_nanos() as f64);
    }
    let batch = (MIN_SAMPLE.as_nanos() / first.as_nanos().max(1)).clamp(1, 100_000) as u64;
    let mut last = first;
    while per_run.len() < samples && (per_run.is_empty() || start.elapsed() + last <= MAX_TOTAL) {
        let t = Instant::now();
        for _ in 0..batch {
            std::hint::black_box(f());
        }
        last = t.elapsed();
        per_run.push(last.as_nanos() as f64 / batch as f64);
        runs += batch;
    }
    per_run.sort_by(f64::total_cmp);
    let n = per_run.len();
    let median = if n % 2 == 1 {
        per_run[n / 2]
    } else {
        (per_run[n / 2 - 1] + per_run[n / 2]) / 2.0
    };
    (
        result,
        Some(Timing {
            median_ns: median,
            samples: n,
            runs,
        }),
    )
}

/// A duration in nanoseconds as text with three significant digits: `812 ns`, `4.31 µs`,
/// `27.5 ms`, `4.12 s`.
pub(crate) fn show_ns(ns: f64) -> String {
    let (v, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let decimals = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(show_ns(812.0), "812 ns");
        assert_eq!(show_ns(4_310.0), "4.31 µs");
        assert_eq!(show_ns(27_540_000.0), "27.5 ms");
        assert_eq!(show_ns(4_120_000_000.0), "4.12 s");
    }

    #[test]
    fn keeps_the_first_result_and_counts_runs() {
        // `measure` of a function that counts its calls: (first result, timing, calls).
        let counted = |samples| {
            let mut calls = 0u64;
            let (r, t) = measure(
                samples,
                || {
                    calls += 1;
                    calls
                },
                |_| true,
            );
            (r, t, calls)
        };
        let (r, t, calls) = counted(3);
        assert_eq!(r, 1);
        let t = t.unwrap();
        // Three samples of 1 ms fit the 0.5 s budget, unless the thread is stalled for longer
        // between them (a loaded machine): then fewer, never none.
        assert!((1..=3).contains(&t.samples), "{} samples", t.samples);
        assert_eq!(t.runs, calls);
        let (r, t) = measure(3, || 7, |&r| r != 7);
        assert_eq!((r, t), (7, None), "not worth timing: run once");
        assert_eq!(counted(0), (1, None, 1), "0 samples: run once, untimed");
    }

    #[test]
    fn a_slow_first_run_is_the_only_sample_when_another_would_pass_the_budget() {
        // 300 ms is kept as a sample (at least `SLOW`), and a second as long would end at 600 ms,
        // past `MAX_TOTAL`: one run in all. (A sleep never ends early, so this holds under load.)
        let mut calls = 0u32;
        let (_, t) = measure(
            5,
            || {
                calls += 1;
                std::thread::sleep(Duration::from_millis(300));
            },
            |_| true,
        );
        let t = t.unwrap();
        assert_eq!((t.samples, t.runs, calls), (1, 1, 1));
        assert!(t.median_ns >= 300e6);
    }
}
