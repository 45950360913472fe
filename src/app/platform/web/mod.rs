//! The browser: the page's clock, maps made a slice of each frame, the browser's timer to
//! wake the page.

mod alarm;
mod clock;
mod worker;

pub use alarm::Alarm;
pub use clock::Instant;
pub use worker::Worker;

/// Draw the page again soon.
pub fn wake() {
    macroquad::miniquad::window::schedule_update();
}
