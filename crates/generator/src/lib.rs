#![doc = include_str!("../README.md")]
//!
//! # How a map is made
//!
//! In three stages, each drawing from its own seeded random stream, so that moving one
//! setting moves only what it decides:
//!
//! ```text
//! Recipe ──rooms──▶ rooms on the grid ──connect──▶ pairs to join ──corridors──▶ Dungeon
//! (seed + choices)  (one per shape)                (one per style)  (one per style)
//! ```
//!
//! [`generate`] runs them; [`Generation`] runs them a step at a time, on the calling
//! thread if asked, reporting to a [`Progress`]; [`Replay`] shows them again cell by cell.
//! With the `serde` feature, [`Recipe`], [`Dungeon`] and their parts ([`Room`], [`Path`],
//! [`Door`], [`Features`], [`Stats`], [`Timings`], [`Pos`], [`Rect`], [`Dir`], [`Grid`],
//! [`Tile`], [`TileKind`], [`Cell`], [`Rgb`]) are `Serialize` and `Deserialize`.
//!
//! # Words
//!
//! - **Cell**: one square of the map's grid; a map is `width × height` cells.
//! - **Room**: cells grown from one starting cell (a *cave* grows one cell at a time,
//!   *stickiness* deciding whether from the cell added last or from anywhere on the room).
//! - **Path**, **corridor**: the cells joining two rooms; corridor cells are the path's
//!   cells outside every room.
//! - **Door**: where a path leaves a room: the room's cell and the path's cell beside it
//!   ([`Door`]); to a game reading the cells, the path's cell ([`Cell::Door`]).
//! - **Rock**, **wall**: cells neither room nor path; a wall is rock with walkable ground
//!   among its eight neighbours ([`Cell::Wall`]).
//! - **Pin**: a room kept cell for cell whatever else changes, in its room's place; the
//!   other rooms move only where they are in its way ([`Recipe::pins`]).
//! - **Vault**: a room of a game's own shape, with or without a place, put among the
//!   generated rooms and joined like them ([`Vault`], [`Recipe::vaults`]).
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
pub use model::parts::{Path, Room, RoomKind};
pub use model::progress::{Progress, Snapshot};
pub use model::recipe::{
    Connect, Corridor, Fit, Key, Kind, NotAPin, Pin, PinFault, Recipe, Shape, Value, Vault,
};
pub use model::shortfall::Shortfall;

// The tests of the insides share helpers with the integration tests, which name the crate.
#[cfg(test)]
extern crate self as dungeon_generator;
#[cfg(test)]
mod tests;
