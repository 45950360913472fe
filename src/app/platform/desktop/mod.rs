//! The desktop: the system's clock, a thread that makes maps, a thread that wakes the
//! window when egui asks to be drawn later.

mod alarm;
mod store;
mod worker;

pub use alarm::Alarm;
pub use std::time::Instant;
pub use store::StoreLink;
pub use worker::Worker;

/// The page's address: there is none on the desktop.
pub fn fragment() -> Option<String> {
    None
}

/// There is no address to write on the desktop.
pub fn set_fragment(_text: &str, _push: bool) {}

/// The desktop has no page to tell which map is on screen.
pub fn map_shown(_recipe: &str, _made: std::time::Duration) {}

/// The desktop has no page to tell what the status bar says.
pub fn status_said(_text: &str, _problem: bool) {}
