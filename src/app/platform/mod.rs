//! Where the desktop and the browser differ, chosen here and nowhere else: the clock, the
//! work that makes maps off the frame (a thread on the desktop; a slice of each frame in
//! the browser, which has no threads), waking the window (now or later), and where
//! favourites and presets are kept. Everything else of the window is the same code on both.

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(not(target_arch = "wasm32"))]
use desktop as chosen;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
use web as chosen;

pub use chosen::{Alarm, Instant, Worker, wake};
