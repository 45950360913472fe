//! Watching a generation and calling it off: a cancel flag and counters that the stages
//! update as they go, shared with whoever watches (the window's panel, a progress bar).
//!
//! Generation checks the flag between rooms and between paths, so a cancel takes effect
//! within the time one room or one path takes. Updating the counters costs one relaxed
//! atomic add per room and per path, nothing a map shows in its timing.
//!
//! A [`Progress::live`] watcher also gets each room and path as it is made, to show a big
//! map filling in ([`Progress::made_since`]); that costs a copy of each, and only then.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::model::Error;
use crate::model::parts::{Path, Room};

/// Shared state of one generation. Make one per generation; it can be watched from other
/// threads while the generation runs.
///
/// ```
/// use std::sync::Arc;
/// use dungeon_generator::{Error, Generation, Progress, Recipe};
///
/// let recipe: Recipe = "dv1 seed=5 width=256 height=224 rooms=192".parse()?;
/// let progress = Arc::new(Progress::default());
/// let watched = Arc::clone(&progress);
/// let making = std::thread::spawn(move || Generation::new(&recipe)?.run(&watched));
/// // Another thread (a progress bar, a loading screen) reads how far it got, and may call it off.
/// let fraction = progress.snapshot().fraction();
/// assert!((0.0..=1.0).contains(&fraction));
/// let dungeon = making.join().expect("no panic")?;
/// assert_eq!(progress.snapshot().rooms_placed as usize, dungeon.rooms().len());
/// let called_off = Progress::default();
/// called_off.cancel();
/// let again: Recipe = "dv1 seed=5".parse()?;
/// assert_eq!(Generation::new(&again)?.run(&called_off), Err(Error::Cancelled));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    cancelled: AtomicBool,
    rooms_placed: AtomicU32,
    rooms_total: AtomicU32,
    paths_joined: AtomicU32,
    paths_total: AtomicU32,
    /// The recipe's margin: rooms and paths are made on the map inside it, and kept for a
    /// live watcher where they lie on the whole map.
    margin: AtomicU32,
    /// The rooms and paths made so far, kept only for a live watcher.
    made: Option<Mutex<Made>>,
}

/// What a generation has made so far: rooms in creation order, paths in the order they
/// were joined (which, on several threads, is not the order of the finished map's).
#[derive(Debug, Default)]
struct Made {
    rooms: Vec<Room>,
    paths: Vec<Path>,
}

/// Where a generation is: rooms placed of those asked for, then paths joined of those to
/// make (0 of 0 until the rooms are done).
///
/// ```
/// use dungeon_generator::{Generation, Progress, Recipe};
///
/// let progress = Progress::default();
/// let recipe: Recipe = "dv1 seed=5 rooms=6".parse()?;
/// Generation::new(&recipe)?.run(&progress)?;
/// let done = progress.snapshot();
/// assert_eq!((done.rooms_placed, done.paths_joined, done.paths_total), (6, 5, 5));
/// assert_eq!(done.fraction(), 1.0);
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Rooms placed so far.
    pub rooms_placed: u32,
    /// Rooms asked for.
    pub rooms_total: u32,
    /// Pairs joined so far (a pair may end without a path).
    pub paths_joined: u32,
    /// Pairs to join; 0 until the rooms are placed.
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

impl Progress {
    /// A progress that also keeps each room and path as it is made, for
    /// [`Progress::made_since`].
    #[must_use]
    pub fn live() -> Self {
        Self {
            made: Some(Mutex::default()),
            ..Self::default()
        }
    }

    /// The rooms made after the first `rooms`, and the paths joined after the first
    /// `paths`; nothing unless this progress is [`Progress::live`].
    #[must_use]
    pub fn made_since(&self, rooms: usize, paths: usize) -> (Vec<Room>, Vec<Path>) {
        let Some(made) = &self.made else {
            return (Vec::new(), Vec::new());
        };
        let made = made.lock().unwrap_or_else(PoisonError::into_inner);
        let tail = |len: usize, from: usize| from.min(len)..;
        (
            made.rooms[tail(made.rooms.len(), rooms)].to_vec(),
            made.paths[tail(made.paths.len(), paths)].to_vec(),
        )
    }

    /// Keep what `keep` adds, for a live watcher.
    fn keep(&self, keep: impl FnOnce(&mut Made)) {
        if let Some(made) = &self.made {
            keep(&mut made.lock().unwrap_or_else(PoisonError::into_inner));
        }
    }

    /// Ask the generation to stop at its next check.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    #[must_use]
    /// Whether [`Progress::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// [`Error::Cancelled`] once [`Progress::cancel`] was called.
    ///
    /// # Errors
    /// When the generation has been cancelled.
    pub fn check(&self) -> Result<(), Error> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
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

    /// Rooms are about to be placed, `total` of them, on the map inside a margin of
    /// `margin` cells.
    pub(crate) fn start_rooms(&self, total: u32, margin: u32) {
        self.rooms_total.store(total, Ordering::Relaxed);
        self.margin.store(margin, Ordering::Relaxed);
    }

    fn margin(&self) -> u32 {
        self.margin.load(Ordering::Relaxed)
    }

    pub(crate) fn room_placed(&self, room: &Room) {
        self.keep(|made| made.rooms.push(room.shifted(self.margin())));
        self.rooms_placed.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn start_paths(&self, total: u32) {
        self.paths_total.store(total, Ordering::Relaxed);
    }

    /// One more pair done, joined by `path` (none when the pair could not be joined).
    pub(crate) fn path_joined(&self, path: Option<&Path>) {
        if let Some(path) = path {
            self.keep(|made| made.paths.push(path.shifted(self.margin())));
        }
        self.paths_joined.fetch_add(1, Ordering::Relaxed);
    }
}
