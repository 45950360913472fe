//! The browser: the page's clock, maps made a slice of each frame, the browser's timer to
//! wake the page.

mod alarm;
mod clock;
mod store;
mod worker;

pub use alarm::Alarm;
pub use clock::Instant;
pub use store::StoreLink;
pub use worker::Worker;

/// The address's fragment.
#[allow(clippy::unnecessary_wraps)]
pub fn fragment() -> Option<String> {
    Some(dungeon_viewer::browser::fragment())
}

pub use dungeon_viewer::browser::set_fragment;

pub use dungeon_viewer::browser::map_shown;

pub use dungeon_viewer::browser::status_said;
