//! Helpers shared by the generator's integration tests.

mod maps;
pub use maps::*;
