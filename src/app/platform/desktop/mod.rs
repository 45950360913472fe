//! The desktop: the system's clock, a thread that makes maps, a thread that wakes the
//! window when egui asks to be drawn later, and the wake that reaches a sleeping window.

mod alarm;
mod wake;
mod worker;

pub use alarm::Alarm;
pub use std::time::Instant;
pub use wake::wake;
pub use worker::Worker;
