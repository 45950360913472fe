//! Making a map from a recipe: rooms placed one after another ([`rooms`]), the pairs of
//! rooms to join picked by the connection style ([`connect`]), and a path laid between
//! each pair in the corridor style ([`corridors`]). [`generate`] runs the stages as plain
//! calls in order, each drawing from its own seeded streams, so the same recipe gives the
//! same dungeon on every run and machine. Also here: replays of a finished generation and
//! the benchmark against a plain flood.

pub mod connect;
pub mod corridors;
pub mod replay;
pub mod rooms;

use std::time::Instant;

use crate::base::grid::Grid;
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::dungeon::{Dungeon, Timings};
use crate::model::progress::Progress;
use crate::model::recipe::Recipe;
use corridors::PathPlan;
use rooms::RoomPlan;

/// Make the dungeon a recipe describes. The same recipe gives the same dungeon, always.
///
/// # Errors
/// When a value of the recipe is out of its range (see [`Recipe::validate`]).
pub fn generate(recipe: &Recipe) -> Result<Dungeon, Error> {
    generate_watched(recipe, &Progress::default())
}

/// [`generate`], reporting rooms placed and paths joined to `progress` as it goes and
/// stopping early when it is cancelled.
///
/// # Errors
/// An out-of-range recipe, or [`Error::Cancelled`] once `progress` is cancelled.
pub fn generate_watched(recipe: &Recipe, progress: &Progress) -> Result<Dungeon, Error> {
    recipe.validate()?;
    let started = Instant::now();
    let mut tiles = Grid::new(recipe.width, recipe.height, Tile::FREE);
    let rooms = rooms::place_rooms(&mut tiles, &RoomPlan::of(recipe), progress)?;
    let rooms_done = Instant::now();
    let paths = corridors::connect(&tiles, &rooms, &PathPlan::of(recipe), progress)?;
    let timings = Timings {
        rooms: rooms_done - started,
        paths: rooms_done.elapsed(),
    };
    Ok(Dungeon::with_paths(recipe, tiles, rooms, paths, timings))
}
