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
