//! Where the desktop and the browser differ, chosen here and nowhere else: the clock, the
//! work that makes maps off the frame (a thread on the desktop; a slice of each frame in
//! the browser, which has no threads), waking the window (now or later), where a launch's
//! new seeds start, and where favourites and presets are kept. Everything else of the window is the same code on both.

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(not(target_arch = "wasm32"))]
use desktop as chosen;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
use web as chosen;

pub use chosen::{
    Alarm, Instant, OPENS_FILES, QUITS, StoreLink, Worker, display_reachable, fragment, map_shown,
    new_seeds, read_layout, refused_drops, save, save_window, set_fragment, sleeping, status_said,
    wake,
};

use super::action::Opening;

/// A file dropped on the window: by its name where files are read by name, else by its
/// bytes (the browser's way), with its name for messages.
pub fn opening(file: macroquad::DroppedFile) -> Option<Opening> {
    match (file.path, file.bytes) {
        (Some(path), _) if OPENS_FILES => Some(Opening::File(path)),
        (path, Some(bytes)) => Some(Opening::Dropped {
            name: path.map_or_else(|| "the file dropped".into(), |p| p.display().to_string()),
            bytes,
        }),
        (_, None) => None,
    }
}
