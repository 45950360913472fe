//! Waking the page when egui asks to be drawn again later (a tooltip's delay, a blinking
//! cursor): the browser's timer, which the page otherwise waits for events without.

use std::time::Duration;

use dungeon_viewer::browser;

/// Requests later than this are ignored: egui uses "never" for "no repaint needed".
const HORIZON: Duration = Duration::from_secs(3600);

/// The browser's timer: each ring draws a frame after its delay.
#[derive(Clone)]
pub struct Alarm;

impl Alarm {
    /// The page's timer; it is always there.
    ///
    /// # Errors
    /// Never: the signature is the desktop's, whose alarm is a thread.
    pub fn start(_wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        Ok(Self)
    }

    /// Draw a frame after `delay`.
    pub fn ring_after(&self, delay: Duration) {
        if delay < HORIZON {
            browser::wake_after(delay);
        }
    }
}
