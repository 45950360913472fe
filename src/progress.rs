//! Watching a generation and calling it off: a cancel flag and counters that the stages
//! update as they go, shared with whoever watches (the window's panel, a progress bar).
//!
//! Generation checks the flag between rooms and between paths, so a cancel takes effect
//! within the time one room or one path takes. Updating the counters costs one relaxed
//! atomic add per room and per path, nothing a map shows in its timing.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Shared state of one generation. Make one per generation; it can be watched from other
/// threads while the generation runs.
#[derive(Debug, Default)]
pub struct Progress {
    cancelled: AtomicBool,
    rooms_placed: AtomicU32,
    rooms_total: AtomicU32,
    paths_joined: AtomicU32,
    paths_total: AtomicU32,
}

/// Where a generation is: rooms placed of those asked for, then paths joined of those to
/// make (0 of 0 until the rooms are done).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub rooms_placed: u32,
    pub rooms_total: u32,
    pub paths_joined: u32,
    pub paths_total: u32,
}

impl Snapshot {
    /// How far along the whole generation is, from 0 to 1: rooms count for the first
    /// tenth, paths for the rest (on big maps paths are nearly all the work).
    #[must_use]
    pub fn fraction(&self) -> f64 {
        let share = |done: u32, total: u32| {
            if total == 0 {
                0.0
            } else {
                f64::from(done.min(total)) / f64::from(total)
            }
        };
        if self.paths_total == 0 {
            0.1 * share(self.rooms_placed, self.rooms_total)
        } else {
            0.1 + 0.9 * share(self.paths_joined, self.paths_total)
        }
    }
}

/// A generation that was called off before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("generation was cancelled")
    }
}

impl std::error::Error for Cancelled {}

impl Progress {
    /// Ask the generation to stop at its next check.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once [`Progress::cancel`] was called.
    ///
    /// # Errors
    /// When the generation has been cancelled.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// The counters as they are now.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            rooms_placed: self.rooms_placed.load(Ordering::Relaxed),
            rooms_total: self.rooms_total.load(Ordering::Relaxed),
            paths_joined: self.paths_joined.load(Ordering::Relaxed),
            paths_total: self.paths_total.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn start_rooms(&self, total: u32) {
        self.rooms_total.store(total, Ordering::Relaxed);
    }

    pub(crate) fn room_placed(&self) {
        self.rooms_placed.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn start_paths(&self, total: u32) {
        self.paths_total.store(total, Ordering::Relaxed);
    }

    pub(crate) fn path_joined(&self) {
        self.paths_joined.fetch_add(1, Ordering::Relaxed);
    }
}
