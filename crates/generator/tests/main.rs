//! The generator's integration tests, as one test crate: each module tests one part of the
//! generator through its public API, as a game would use it.

mod common;

mod cells;
mod closed;
mod dungeon;
mod grid;
mod hostile;
mod levels;
mod margin;
mod pins;
mod random_recipes;
mod recipe;
mod replay;
mod rerolls;
mod rooms;
mod saving;
mod stepping;
mod surface;
mod vaults;
mod walking;
