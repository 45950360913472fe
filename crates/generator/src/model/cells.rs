//! The map as a game reads it: every cell one [`Cell`] to match on — rock, wall, a room's
//! floor, corridor or door — read off the map's own tiles (which the pictures use) and its
//! doors.
//!
//! A door, in the map's own terms, is an edge: a room's cell and the path's cell outside
//! it ([`crate::Door`]). A game wants a cell it can open and close, so here the door is
//! the path's cell just outside the room ([`crate::Door::outside`]): a corridor cell that
//! a room's floor borders where a path leaves the room. Two rooms whose path is one cell
//! long share that door. Rooms that touch, joined by a path that steps straight from one
//! into the other, have no door between them.

use crate::base::bits::BitGrid;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::{Tile, TileKind};
use crate::model::features::Door;

/// What a cell of a dungeon is to a game.
///
/// ```
/// use dungeon_generator::{Cell, Pos, Recipe, generate};
///
/// let recipe: Recipe = "dv1 seed=7 width=32 height=20 rooms=4 room-size=30 margin=1".parse()?;
/// let dungeon = generate(&recipe)?;
/// let cells = dungeon.cells();
/// let ascii: String = cells
///     .positions()
///     .map(|p| match cells[p] {
///         Cell::Rock => ' ',
///         Cell::Wall => '#',
///         Cell::Floor(_) => '.',
///         Cell::Corridor => ',',
///         Cell::Door => '+',
///         Cell::StairsUp(_) => '<',
///         Cell::StairsDown(_) => '>',
///     })
///     .collect();
/// assert_eq!(ascii.len(), 32 * 20);
/// // With a margin, walls close the map all round: its edge is rock or wall.
/// let edge = |p: Pos| p.x == 0 || p.y == 0 || p.x == 31 || p.y == 19;
/// assert!(cells.positions().filter(|&p| edge(p)).all(|p| !cells[p].is_walkable()));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Cell {
    /// Solid rock with no walkable cell among its eight neighbours.
    Rock,
    /// Rock with a walkable cell (floor, corridor or door) among its eight neighbours,
    /// diagonals included: the cells a game draws as walls.
    Wall,
    /// A cell of the room with this index in [`crate::Dungeon::rooms`].
    Floor(usize),
    /// A path's cell outside every room that is not a door.
    Corridor,
    /// The stairs up of a level below the first, on the floor of the room with this
    /// index, on the very cell of the stairs down of the level above.
    #[cfg_attr(feature = "serde", serde(rename = "stairs_up"))]
    StairsUp(usize),
    /// The stairs down of a level above another, on the floor of the room with this index.
    #[cfg_attr(feature = "serde", serde(rename = "stairs_down"))]
    StairsDown(usize),
    /// A path's cell just outside a room, beside the room's cell where the path leaves it
    /// ([`crate::Door::outside`]): walkable, and the cell a game opens and closes. Two
    /// rooms whose path is one cell long share it; rooms that touch, joined by a path that
    /// steps straight from one into the other, have no door between them.
    Door,
}

impl Cell {
    /// Whether one can walk on it: a floor, a corridor or a door.
    #[must_use]
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Cell::Rock | Cell::Wall)
    }

    /// The room whose floor it is (stairs included), if any.
    #[must_use]
    pub const fn room(self) -> Option<usize> {
        match self {
            Cell::Floor(room) | Cell::StairsUp(room) | Cell::StairsDown(room) => Some(room),
            _ => None,
        }
    }
}

/// The cells just outside rooms where `doors` are, as a set.
pub(crate) fn door_cells(width: u32, height: u32, doors: &[Door]) -> BitGrid {
    let mut cells = BitGrid::new(width, height);
    for door in doors {
        cells.set(door.outside);
    }
    cells
}

/// The cell at `p` of a map of `tiles` whose doors are `doors` and whose stairs up and
/// down are `stairs`; `None` off the map.
pub(crate) fn cell_at(
    tiles: &Grid<Tile>,
    doors: &BitGrid,
    [up, down]: [Option<Pos>; 2],
    p: Pos,
) -> Option<Cell> {
    Some(match tiles.get(p)?.kind() {
        TileKind::Room(room) if up == Some(p) => Cell::StairsUp(room),
        TileKind::Room(room) if down == Some(p) => Cell::StairsDown(room),
        TileKind::Room(room) => Cell::Floor(room),
        TileKind::Path if doors.get(p) => Cell::Door,
        TileKind::Path => Cell::Corridor,
        TileKind::Free if tiles.around(p).any(|q| tiles[q] != Tile::FREE) => Cell::Wall,
        TileKind::Free => Cell::Rock,
    })
}

/// Every cell of a map of `tiles` whose doors are `doors` and whose stairs are `stairs`.
pub(crate) fn cells(tiles: &Grid<Tile>, doors: &BitGrid, stairs: [Option<Pos>; 2]) -> Grid<Cell> {
    Grid::from_fn(tiles.width(), tiles.height(), |p| {
        cell_at(tiles, doors, stairs, p).unwrap_or(Cell::Rock)
    })
}
