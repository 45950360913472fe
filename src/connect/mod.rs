//! Connection styles: which rooms get a corridor between them, the recipe's `connect`,
//! chosen at one `match` in [`pairs`] (one file per style). How each pair is joined is the
//! corridor style's business ([`crate::corridors`]).

mod chain;
mod facing;
mod loops;
mod nearest;

use crate::grid::Grid;
use crate::recipe::Choice;
use crate::rooms::Room;
use crate::tile::Tile;

/// Which rooms get a corridor between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Connect {
    /// Each room to the next one made, the original's (`chain`).
    #[default]
    Chain,
    /// A spanning tree of the shortest corridors between rooms that face each other
    /// (`nearest`).
    Nearest,
    /// The tree plus a share of the other short corridors, making circuits (`loops`).
    Loops,
}

impl Choice for Connect {
    const ALL: &'static [Self] = &[Connect::Chain, Connect::Nearest, Connect::Loops];
    const NAMES: &'static [&'static str] = &["chain", "nearest", "loops"];
}

/// The pairs of rooms (indices into `rooms`) to join, in the order their paths are made.
/// `loops` is the share of extra corridors for [`Connect::Loops`]. Every style joins every
/// room to every other, directly or through others.
#[must_use]
pub fn pairs(
    style: Connect,
    tiles: &Grid<Tile>,
    rooms: &[Room],
    loops: f64,
) -> Vec<(usize, usize)> {
    match style {
        Connect::Chain => chain::pairs(rooms.len()),
        Connect::Nearest => nearest::pairs(&facing::Facing::new(tiles, rooms), rooms.len()),
        Connect::Loops => loops::pairs(&facing::Facing::new(tiles, rooms), rooms.len(), loops),
    }
}
