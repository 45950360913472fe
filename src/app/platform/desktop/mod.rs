//! The desktop: the system's clock, a thread that makes maps, a thread that wakes the
//! window when egui asks to be drawn later.

mod alarm;
mod store;
mod worker;

pub use alarm::Alarm;
pub use std::time::Instant;
pub use store::StoreLink;
pub use worker::Worker;
