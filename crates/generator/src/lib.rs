//! Cave-room dungeon maps from a short recipe: rooms grown like caves (or rectangles,
//! diamonds, crosses), each in its own colour, joined by corridors; the same recipe gives
//! the same map on every run and machine.
//!
//! This crate is the generator alone, for a game to depend on: it needs `rand`,
//! `rand_pcg` and `thiserror`, and `serde` with the `serde` feature. That feature makes
//! the [`Recipe`] (saved as its text), the [`Dungeon`] (saved as its recipe, rooms and
//! paths) and their parts ([`Room`], [`Path`], [`Door`], [`Features`], [`Stats`],
//! [`Timings`], [`Pos`], [`Rect`], [`Dir`], [`Grid`], [`Tile`], [`TileKind`], [`Cell`],
//! [`Rgb`]) `Serialize` and `Deserialize`; a map read back equals the map written, and
//! what is read back is checked as [`Dungeon::from_parts`] and [`Room::new`] check their
//! parts, so a hostile file is an error, never a map that panics later. Pictures and files of maps are the `dungeon-files` crate's;
//! the viewer window and the command line are the `dungeon-viewer` program's.
//!
//! A map is made in three stages, each drawing from its own seeded random stream, so that
//! moving one setting moves only what it decides:
//!
//! ```text
//! Recipe ──rooms──▶ rooms on the grid ──connect──▶ pairs to join ──corridors──▶ Dungeon
//! (seed + choices)  (one per shape)                (one per style)  (one per style)
//! ```
//!
//! A game makes a map from a recipe and walks its parts:
//!
//! ```
//! use dungeon_generator::{Recipe, generate};
//!
//! let recipe: Recipe = "dv1 seed=7 rooms=5".parse()?;
//! let dungeon = generate(&recipe)?;
//! assert_eq!(dungeon.rooms().len(), 5);
//! assert_eq!(dungeon.paths().len(), 4);
//! let features = dungeon.features();
//! let start = features.start.expect("a map with rooms has a start");
//! assert!(dungeon.rooms().iter().any(|room| room.contains(start)));
//! # Ok::<(), dungeon_generator::Error>(())
//! ```
//!
//! `cargo run -p dungeon-generator --example walk` does the same and draws the map in the
//! terminal.
//!
//! # Words
//!
//! - **Cell**: one square of the map's grid; a map is `width × height` cells.
//! - **Room**: cells grown from one starting cell (a *cave* grows one cell at a time,
//!   *stickiness* deciding whether from the cell added last or from anywhere on the room).
//! - **Path**, **corridor**: the cells joining two rooms; corridor cells are the path's
//!   cells outside every room.
//! - **Door**: where a path leaves a room: the room's cell and the path's cell beside it.
//! - **Costly step**: with `merge` above 0, a step that would run a corridor beside
//!   another (or close a 2×2 square of corridor) costs more than one step, so corridors
//!   merge instead of doubling; the extra is the step's *surcharge*.
//! - **Workloads** the benchmarks and speed figures name (cave rooms of 90 cells,
//!   stickiness 0.5, randomness 1, chained unless said): **W1** 64×56 cells with 12 rooms
//!   (the default map), **W2** 128×112 with 48, **W3** 256×224 with 192, **W4** 1024×896
//!   with 3,072.
//! - **Floor**: one plain breadth-first flood of the whole empty grid, the least any
//!   generator pays; speed is quoted as a ratio to it.

#![warn(missing_docs)]

mod base;
mod generate;
mod model;

pub use base::Error as GridError;
pub use base::colour::Rgb;
pub use base::grid::{Dir, Grid, Pos, Rect};
pub use base::tile::{Tile, TileKind};
pub use generate::replay::Replay;
pub use generate::{Generation, generate};
pub use model::Error;
pub use model::cells::Cell;
pub use model::dungeon::{Dungeon, Stats, Timings};
pub use model::features::{Door, Features};
pub use model::parts::{Path, Room};
pub use model::progress::{Progress, Snapshot};
pub use model::recipe::{Connect, Corridor, Fit, Key, Kind, Pin, PinFault, Recipe, Shape, Value};
pub use model::shortfall::Shortfall;

// The tests of the insides share helpers with the integration tests, which name the crate.
#[cfg(test)]
extern crate self as dungeon_generator;
#[cfg(test)]
mod tests;
