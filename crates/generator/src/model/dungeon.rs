//! A dungeon: what a recipe makes (see [`crate::generate()`]): the grid of tiles, the rooms
//! in creation order with their cells in the order they grew, the paths between them in
//! the order they were made, and what is read off those (doors, start, goal, figures).

use std::sync::OnceLock;
use std::time::Duration;

use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;
use crate::model::features::Features;
use crate::model::figures::Figures;
use crate::model::parts::{Path, Room, RoomKind};
use crate::model::recipe::Recipe;

/// A generated map: the grid of tiles, the rooms in creation order and the paths between
/// them; its doors, start and goal are read off it when first asked for.
#[derive(Clone, Debug)]
pub struct Dungeon {
    recipe: Recipe,
    tiles: Grid<Tile>,
    rooms: Vec<Room>,
    /// Which room of the rooms stage each room is (what a pin of it keeps, see
    /// [`crate::Pin::room_index`]), where that is not its index: when rooms in a pin's way
    /// found no other place. Empty for rooms that are all where their index says.
    slots: Vec<u32>,
    paths: Vec<Path>,
    features: OnceLock<Features>,
    figures: OnceLock<Figures>,
    timings: Timings,
}

/// How long each stage of a generation took: zero for a dungeon put together from parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    /// Placing the rooms.
    pub rooms: Duration,
    /// Picking the pairs and joining them.
    pub paths: Duration,
}

/// Two dungeons are equal when their recipe, tiles, rooms and paths are: the features
/// follow from those, whether or not they were asked for yet, and timings vary by run.
impl PartialEq for Dungeon {
    fn eq(&self, other: &Self) -> bool {
        self.recipe == other.recipe
            && self.tiles == other.tiles
            && self.rooms == other.rooms
            && self.paths == other.paths
    }
}

/// What a dungeon holds, in numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Rooms the recipe asked for.
    pub rooms_requested: u32,
    /// Rooms placed (fewer when the grid filled up, or `fit` left some out).
    pub rooms_placed: u32,
    /// Cells of all rooms together.
    pub room_cells: u64,
    /// Cells outside rooms that some path runs through (the black ones).
    pub path_cells: u64,
    /// Paths made.
    pub paths: u32,
    /// Paths that had to cross another room because rooms walled one in.
    pub paths_crossing_rooms: u32,
}

impl Dungeon {
    /// The dungeon of `recipe` with these rooms and paths, as far as they go: a generation
    /// under way, or a replay of one. `rooms` may hold a room's first cells only and
    /// `paths` a path's first steps; the map is their cells, rooms over paths.
    ///
    /// Cells off the recipe's grid are left out.
    #[must_use]
    pub fn from_parts(recipe: &Recipe, rooms: Vec<Room>, paths: Vec<Path>) -> Dungeon {
        let mut tiles = Grid::new(recipe.width, recipe.height, Tile::FREE);
        for (id, room) in rooms.iter().enumerate() {
            let tile = Tile::of_room(id.min(Tile::MAX_ROOMS as usize - 1) as u32);
            for &cell in &room.cells {
                if let Some(t) = tiles.get_mut(cell) {
                    *t = tile;
                }
            }
        }
        Dungeon::with_paths(recipe, tiles, rooms, paths, Timings::default())
    }

    /// The dungeon of `recipe` on `tiles`, which hold `rooms`, with the cells of `paths`
    /// outside rooms made path cells; it took `timings` to make.
    #[must_use]
    pub fn with_paths(
        recipe: &Recipe,
        mut tiles: Grid<Tile>,
        rooms: Vec<Room>,
        paths: Vec<Path>,
        timings: Timings,
    ) -> Dungeon {
        for cell in paths.iter().flat_map(|p| &p.cells) {
            if let Some(t) = tiles.get_mut(*cell).filter(|t| **t == Tile::FREE) {
                *t = Tile::PATH;
            }
        }
        Dungeon {
            recipe: recipe.clone(),
            tiles,
            rooms,
            slots: Vec::new(),
            paths,
            features: OnceLock::new(),
            figures: OnceLock::new(),
            timings,
        }
    }

    /// The same dungeon, its rooms the rooms stage's `slots` (see [`Dungeon::slot`]).
    #[must_use]
    pub(crate) fn with_slots(mut self, slots: Vec<u32>) -> Dungeon {
        self.slots = slots;
        self
    }

    /// Which room of the rooms stage room `index` is: its index, unless rooms before it
    /// found no place.
    pub(crate) fn slot(&self, index: usize) -> u32 {
        self.slots
            .get(index)
            .copied()
            .unwrap_or_else(|| u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The rooms the rooms stage placed, each with which of its rooms it is.
    pub(crate) fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// How long placing the rooms and joining them took when this dungeon was generated.
    #[must_use]
    pub fn timings(&self) -> Timings {
        self.timings
    }

    /// The recipe that made this dungeon.
    #[must_use]
    pub fn recipe(&self) -> &Recipe {
        &self.recipe
    }

    #[must_use]
    /// Columns of the grid.
    pub fn width(&self) -> u32 {
        self.tiles.width()
    }

    #[must_use]
    /// Rows of the grid.
    pub fn height(&self) -> u32 {
        self.tiles.height()
    }

    /// Every cell: free, a room's or a path's.
    #[must_use]
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// What the cell at `p` is; `None` outside the map.
    #[must_use]
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        self.tiles.get(p).copied()
    }

    /// The rooms in creation order, each marked with what made it ([`Room::kind`]):
    /// pinned rooms where they were in the map they came from (see [`crate::Recipe::pins`]),
    /// vaults last.
    #[must_use]
    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// How many of the rooms are pinned (fewer than the recipe's pins while a generation
    /// under way has not placed them all).
    #[must_use]
    pub fn pinned_rooms(&self) -> usize {
        self.rooms
            .iter()
            .filter(|r| r.kind == RoomKind::Pinned)
            .count()
    }

    /// Whether room `index` (in [`Dungeon::rooms`]) is pinned.
    #[must_use]
    pub fn is_pinned(&self, index: usize) -> bool {
        self.rooms
            .get(index)
            .is_some_and(|r| r.kind == RoomKind::Pinned)
    }

    /// The room of the recipe's vault `index` (counted from 0), once it is made.
    #[must_use]
    pub fn vault(&self, index: usize) -> Option<&Room> {
        self.rooms
            .iter()
            .rev()
            .find(|r| r.kind == RoomKind::Vault(index))
    }

    /// The paths, in the order they were made, each joining two rooms.
    #[must_use]
    pub fn paths(&self) -> &[Path] {
        &self.paths
    }

    /// The doors, the start and the goal, found the first time they are asked for.
    #[must_use]
    pub fn features(&self) -> &Features {
        self.features.get_or_init(|| {
            let cells: Vec<&[Pos]> = self.rooms.iter().map(|r| r.cells.as_slice()).collect();
            Features::find(self.recipe.seed, &self.tiles, &cells, &self.paths)
        })
    }

    /// How readable the map is, measured the first time it is asked for.
    #[must_use]
    pub fn figures(&self) -> &Figures {
        self.figures.get_or_init(|| {
            let rooms = (self.rooms.as_slice(), self.recipe.room_size);
            Figures::of(
                &self.tiles,
                rooms,
                &self.paths,
                self.features().longest_route,
            )
        })
    }

    #[must_use]
    /// What the dungeon holds, in numbers.
    pub fn stats(&self) -> Stats {
        let count =
            |tile: fn(&Tile) -> bool| self.tiles.as_slice().iter().filter(|t| tile(t)).count();
        Stats {
            rooms_requested: self.recipe.rooms,
            rooms_placed: self.rooms.len() as u32,
            room_cells: count(|t| t.room().is_some()) as u64,
            path_cells: count(|t| *t == Tile::PATH) as u64,
            paths: self.paths.len() as u32,
            paths_crossing_rooms: self.paths.iter().filter(|p| p.crossed > 0).count() as u32,
        }
    }
}
