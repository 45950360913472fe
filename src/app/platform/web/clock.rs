//! The browser's clock: `std::time::Instant` panics on the web, so moments come from the
//! page's monotonic clock (`performance.now()`), with the same methods the window uses.

use std::ops::{Add, Sub};
use std::time::Duration;

use dungeon_viewer::browser;

/// A moment, in milliseconds since the page opened.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Instant(f64);

impl Instant {
    /// Now.
    #[must_use]
    pub fn now() -> Self {
        Self(browser::now_ms())
    }

    /// The time since this moment.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        Self::now().saturating_duration_since(*self)
    }

    /// The time from `earlier` to this moment, zero if `earlier` is later.
    #[must_use]
    pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
        Duration::from_secs_f64((self.0 - earlier.0).max(0.0) / 1e3)
    }

    /// As [`Instant::saturating_duration_since`]: the page's clock never goes back.
    #[must_use]
    pub fn duration_since(&self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;

    fn add(self, later: Duration) -> Instant {
        Instant(self.0 + later.as_secs_f64() * 1e3)
    }
}

impl Sub<Instant> for Instant {
    type Output = Duration;

    fn sub(self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

/// The page's clock as the generator's [`dungeon_generator::Clock`], for timing stages.
pub fn clock() -> Duration {
    Duration::from_secs_f64(browser::now_ms() / 1e3)
}
