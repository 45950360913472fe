//! Rooms: their type, and placing them one after another on the grid (`001`).
//!
//! Each room starts at a random free cell drawn from the placement stream and grows with its
//! own stream; its colour comes from a third. Rooms are placed until as many as requested
//! stand or no free cell is left.

pub mod cave;

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use crate::colour::{Rgb, room_colour};
use crate::grid::{Grid, Pos};
use crate::progress::{Cancelled, Progress};
use crate::streams::{Stage, stream};
use crate::tile::Tile;

/// A room: its cells in the order they grew (the first is where it started) and its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub cells: Vec<Pos>,
    pub colour: Rgb,
}

/// What the room stage asks for: how many rooms, how big, how sticky, on which seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomPlan {
    pub seed: u64,
    pub rooms: u32,
    pub room_size: u32,
    pub stickiness: f64,
}

/// Place up to `plan.rooms` cave rooms on `tiles`, which should be free; returns them in
/// creation order. Stops early, without error, when no free cell is left.
///
/// # Errors
/// [`Cancelled`] when `progress` is cancelled; it is checked before each room.
pub fn place_rooms(
    tiles: &mut Grid<Tile>,
    plan: &RoomPlan,
    progress: &Progress,
) -> Result<Vec<Room>, Cancelled> {
    progress.start_rooms(plan.rooms);
    let mut placement = stream(plan.seed, Stage::Placement, 0);
    let mut free = tiles.as_slice().iter().filter(|t| t.is_free()).count();
    let mut rooms = Vec::new();
    for id in 0..plan.rooms {
        progress.check()?;
        let Some(origin) = random_free_cell(tiles, free, &mut placement) else {
            break;
        };
        let mut growth = stream(plan.seed, Stage::RoomGrowth, u64::from(id));
        let cells = cave::grow(
            tiles,
            origin,
            plan.room_size,
            plan.stickiness,
            id,
            &mut growth,
        );
        free -= cells.len();
        let colour = room_colour(&mut stream(plan.seed, Stage::RoomColour, u64::from(id)));
        rooms.push(Room { cells, colour });
        progress.room_placed();
    }
    Ok(rooms)
}

/// Tries at random places before counting through the free cells.
const RANDOM_TRIES: usize = 32;

/// A uniformly random free cell, given that `free` cells are free; `None` when none is.
/// Mostly a few random probes; on a crowded grid, the k-th free cell for a random k.
fn random_free_cell(tiles: &Grid<Tile>, free: usize, rng: &mut Pcg64Mcg) -> Option<Pos> {
    if free == 0 || tiles.is_empty() {
        return None;
    }
    let len = tiles.len() as u64;
    for _ in 0..RANDOM_TRIES {
        let i = rng.random_range(0..len) as usize;
        if tiles.as_slice()[i].is_free() {
            return Some(tiles.pos_of(i));
        }
    }
    let k = rng.random_range(0..free as u64) as usize;
    let (i, _) = tiles
        .as_slice()
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_free())
        .nth(k)?;
    Some(tiles.pos_of(i))
}
