//! What the work behind the window hands it: a map made and drawn for a request, or what
//! was wrong with the recipe. The work itself is the platform's ([`super::platform`]): a
//! thread on the desktop, a slice of each frame in the browser; both make maps with
//! `dungeon_generator::Generation` and draw them here.

use std::sync::Arc;
use std::time::Duration;

use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Style, rasterize};
use dungeon_files::figures::Figures;
use dungeon_generator::{Dungeon, Path, Progress, Room, Snapshot};

/// A map ready to show.
#[derive(Debug)]
pub struct Generated {
    pub dungeon: Arc<Dungeon>,
    pub pixels: Pixels,
    pub style: Style,
    /// How long generation (not drawing) took.
    pub took: Duration,
    /// How readable it is, once it is finished.
    pub figures: Option<Arc<Figures>>,
}

/// The answer to a request: the map, or what was wrong with the recipe. A cancelled
/// request gets no answer.
#[derive(Debug)]
pub struct Done {
    pub id: u64,
    pub result: Result<Generated, String>,
}

/// `dungeon`, made in `took`, drawn in `style` and measured for the panel, ready to show.
///
/// # Errors
/// When the picture cannot be drawn (a style the window never asks for).
pub fn drawn(dungeon: Dungeon, style: Style, took: Duration) -> Result<Generated, String> {
    // Measured here, off the window's frame where the platform allows, for the panel.
    let figures = Figures::of(&dungeon);
    rasterize(&dungeon, &style)
        .map(|pixels| Generated {
            dungeon: Arc::new(dungeon),
            pixels,
            style,
            took,
            figures: Some(Arc::new(figures)),
        })
        .map_err(|e| e.to_string())
}

/// The requests made of a worker: their numbers, and the newest one's progress, which is
/// cancelled when a newer one comes.
#[derive(Debug, Default)]
pub struct Requests {
    next_id: u64,
    current: Option<Arc<Progress>>,
}

impl Requests {
    /// A new request, calling off the one before: its number and its progress.
    pub fn next(&mut self) -> (u64, Arc<Progress>) {
        self.cancel();
        self.next_id += 1;
        let progress = Arc::new(Progress::live());
        self.current = Some(Arc::clone(&progress));
        (self.next_id, progress)
    }

    /// Call off the newest request, if it is still being made.
    pub fn cancel(&mut self) {
        if let Some(progress) = self.current.take() {
            progress.cancel();
        }
    }

    /// How far the newest request has got (all zeros while it waits for its turn).
    #[must_use]
    pub fn progress(&self) -> Option<Snapshot> {
        self.current.as_ref().map(|p| p.snapshot())
    }

    /// The rooms and paths of the newest request made after the first `rooms` and `paths`.
    #[must_use]
    pub fn made_since(&self, rooms: usize, paths: usize) -> (Vec<Room>, Vec<Path>) {
        self.current
            .as_ref()
            .map(|p| p.made_since(rooms, paths))
            .unwrap_or_default()
    }
}
