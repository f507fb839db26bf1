//! A process-wide request to stop: the long loops (branch and bound and IDA* at their budget
//! checks, the real-dice solver state by state, the dice simulation chunk by chunk) ask
//! [`requested`] and stop early, the searches as if their budget had run out, the dice work with
//! [`DiceError::Cancelled`](crate::dice::DiceError::Cancelled).
//!
//! `boardpath serve` sets it when a request passes its deadline and clears it before the next one;
//! a library user can set it from a watchdog thread or a signal handler. It is one flag for the
//! whole process, because the work it stops may run on rayon's threads. It uses nothing of the
//! crate, so every layer may ask it.

use std::sync::atomic::{AtomicBool, Ordering};

static CANCELLED: AtomicBool = AtomicBool::new(false);

/// Asks every running computation to stop as soon as it next checks.
pub fn request() {
    CANCELLED.store(true, Ordering::Relaxed);
}

/// Whether a stop was requested since the last [`reset`].
#[inline]
pub fn requested() -> bool {
    CANCELLED.load(Ordering::Relaxed)
}

/// Withdraws the request, before new work starts.
pub fn reset() {
    CANCELLED.store(false, Ordering::Relaxed);
}
