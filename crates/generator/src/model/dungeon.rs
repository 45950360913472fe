//! A dungeon: what a recipe makes (see [`crate::generate()`]): the grid of tiles, the rooms
//! in creation order with their cells in the order they grew, the paths between them in
//! the order they were made, and what is read off those (cells, doors, start, goal,
//! distances and paths).

use std::sync::OnceLock;
use std::time::Duration;

use crate::base::bits::BitGrid;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::cells::{Cell, cell_at, cells, door_cells};
use crate::model::features::Features;
use crate::model::parts::{Path, Room, RoomKind};
use crate::model::recipe::{Fit, Recipe};
use crate::model::shortfall::Shortfall;
use crate::model::walking;

/// A generated map: the grid of tiles, the rooms in creation order and the paths between
/// them; its doors, start and goal are read off it when first asked for.
///
/// ```
/// use dungeon_generator::{Cell, Recipe, generate};
///
/// let recipe: Recipe = "dv1 seed=11 rooms=6 margin=1".parse()?;
/// let dungeon = generate(&recipe)?;
/// assert_eq!((dungeon.width(), dungeon.height()), (64, 56));
/// assert_eq!(dungeon.recipe(), &recipe);
/// assert!(dungeon.shortfall().is_none());
/// // Every path runs from a cell of one room to a cell of another.
/// for path in dungeon.paths() {
///     assert!(dungeon.rooms()[path.from].contains(path.cells[0]));
/// }
/// let start = dungeon.features().start.expect("a map with rooms has a start");
/// assert!(matches!(dungeon.cell(start), Some(Cell::Floor(_))));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
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
    /// Where the stairs up are, on a level below the first: the stairs down of the level
    /// above.
    stairs_up: Option<Pos>,
    features: OnceLock<Features>,
    /// The cells just outside rooms where doors are, for [`Dungeon::cell`].
    door_cells: OnceLock<BitGrid>,
    timings: Timings,
}

/// How long each stage of a generation took: zero for a dungeon put together from parts.
///
/// ```
/// use dungeon_generator::{Dungeon, generate};
///
/// let dungeon = generate(&"dv1 seed=3 rooms=4".parse()?)?;
/// let timings = dungeon.timings();
/// println!("rooms {:?}, paths {:?}", timings.rooms, timings.paths);
/// let again = Dungeon::from_parts(dungeon.recipe(), dungeon.rooms().to_vec(), dungeon.paths().to_vec())?;
/// assert_eq!(again.timings(), Default::default());
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
///
/// ```
/// use dungeon_generator::generate;
///
/// let stats = generate(&"dv1 seed=3 rooms=4".parse()?)?.stats();
/// assert_eq!((stats.rooms_requested, stats.rooms_placed, stats.paths), (4, 4, 3));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// The dungeon of `recipe` with these rooms and paths, as far as they go: a map read
    /// back, a generation under way, or a replay of one. `rooms` may hold a room's first
    /// cells only and `paths` a path's first steps; the map is their cells, rooms over
    /// paths.
    ///
    /// ```
    /// use dungeon_generator::{Dungeon, Error, Pos, generate};
    ///
    /// let made = generate(&"dv1 seed=4 rooms=5".parse()?)?;
    /// let (rooms, mut paths) = (made.rooms().to_vec(), made.paths().to_vec());
    /// let again = Dungeon::from_parts(made.recipe(), rooms.clone(), paths.clone())?;
    /// assert_eq!(again, made);
    /// // A path off the map is refused, not drawn.
    /// paths[0].cells.push(Pos::new(500, 500));
    /// let refused = Dungeon::from_parts(made.recipe(), rooms, paths);
    /// assert!(matches!(refused, Err(Error::PathLeaps { path: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// A recipe that does not validate ([`Recipe::validate`]); a room's or a path's cell
    /// off the map ([`Error::CellOffMap`]) or in two rooms ([`Error::CellTwice`]); a path
    /// from or to a room not given ([`Error::PathToNoRoom`]), or one whose cells are not
    /// each beside the last ([`Error::PathLeaps`]).
    pub fn from_parts(
        recipe: &Recipe,
        rooms: Vec<Room>,
        paths: Vec<Path>,
    ) -> Result<Dungeon, Error> {
        recipe.validate()?;
        let (width, height) = (recipe.width, recipe.height);
        let on_map = |cell: Pos| {
            (cell.x < width && cell.y < height)
                .then_some(())
                .ok_or(Error::CellOffMap {
                    cell,
                    width,
                    height,
                })
        };
        let mut taken = Grid::new(width, height, false);
        let margin = recipe.margin;
        let in_margin = |c: Pos| {
            let far = |v: u32, side: u32| u64::from(v) + u64::from(margin) >= u64::from(side);
            c.x < margin || c.y < margin || far(c.x, width) || far(c.y, height)
        };
        let mut vaults: Vec<Option<usize>> = vec![None; recipe.vaults.len()];
        for (r, room) in rooms.iter().enumerate() {
            for &cell in room.cells() {
                on_map(cell)?;
                if std::mem::replace(&mut taken[cell], true) {
                    return Err(Error::CellTwice { cell });
                }
                if in_margin(cell) {
                    return Err(Error::RoomInMargin {
                        room: r,
                        cell,
                        margin,
                    });
                }
            }
            if let Some(cell) = room.loose_cell() {
                return Err(Error::RoomInPieces { room: r, cell });
            }
            if let RoomKind::Vault(vault) = room.kind() {
                match vaults.get_mut(vault) {
                    None => {
                        return Err(Error::NoSuchVault {
                            room: r,
                            vault,
                            vaults: recipe.vaults.len(),
                        });
                    }
                    Some(Some(first)) => {
                        return Err(Error::VaultTwice {
                            vault,
                            first: *first,
                            second: r,
                        });
                    }
                    Some(slot) => *slot = Some(r),
                }
            }
        }
        for (i, path) in paths.iter().enumerate() {
            if let Some(&room) = [path.from, path.to].iter().find(|&&r| r >= rooms.len()) {
                return Err(Error::PathToNoRoom {
                    path: i,
                    room,
                    rooms: rooms.len(),
                });
            }
            if let Some(step) = path.cells.windows(2).find(|w| !w[0].is_beside(w[1])) {
                return Err(Error::PathLeaps {
                    path: i,
                    from: step[0],
                    to: step[1],
                });
            }
            path.cells.iter().try_for_each(|&cell| on_map(cell))?;
            let ends = [
                (true, path.cells.first(), path.from),
                (false, path.cells.last(), path.to),
            ];
            for (start, cell, room) in ends {
                let Some(&cell) = cell else { continue };
                if !rooms[room].contains(cell) {
                    return Err(Error::PathEndOutside {
                        path: i,
                        start,
                        cell,
                        room,
                    });
                }
            }
        }
        Ok(Dungeon::assemble(recipe, rooms, paths))
    }

    /// [`Dungeon::from_parts`] of parts known to be sound: a replay's.
    pub(crate) fn assemble(recipe: &Recipe, rooms: Vec<Room>, paths: Vec<Path>) -> Dungeon {
        let mut tiles = Grid::new(recipe.width, recipe.height, Tile::FREE);
        for (id, room) in rooms.iter().enumerate() {
            let tile = Tile::of_room(id.min(Tile::MAX_ROOMS as usize - 1) as u32);
            for &cell in room.cells() {
                if let Some(t) = tiles.get_mut(cell) {
                    *t = tile;
                }
            }
        }
        Dungeon::with_paths(recipe, tiles, rooms, paths, Timings::default())
    }

    /// The dungeon of `recipe` on `tiles`, which hold `rooms`, with the cells of `paths`
    /// outside rooms made path cells; it took `timings` to make.
    pub(crate) fn with_paths(
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
            stairs_up: None,
            features: OnceLock::new(),
            door_cells: OnceLock::new(),
            timings,
        }
    }

    /// The same dungeon, its rooms the rooms stage's `slots` (see [`Dungeon::slot`]).
    #[must_use]
    pub(crate) fn with_slots(mut self, slots: Vec<u32>) -> Dungeon {
        self.slots = slots;
        self
    }

    /// The same dungeon, its stairs up at `stairs` (a level below the first).
    #[must_use]
    pub(crate) fn with_stairs_up(mut self, stairs: Option<Pos>) -> Dungeon {
        self.stairs_up = stairs;
        self
    }

    /// Which level of its recipe's dungeon this map is, from 1 at the top (see
    /// [`Recipe::levels`]).
    #[must_use]
    pub fn level(&self) -> u32 {
        self.recipe.level.unwrap_or(1)
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

    /// What the cell at `p` is to a game: rock, wall, a room's floor, corridor or door
    /// (see [`Cell`]); `None` outside the map.
    ///
    /// ```
    /// use dungeon_generator::{Cell, generate};
    ///
    /// let dungeon = generate(&"dv1 seed=3 rooms=5".parse()?)?;
    /// let start = dungeon.features().start.expect("a map with rooms has a start");
    /// assert!(matches!(dungeon.cell(start), Some(Cell::Floor(_))));
    /// let door = dungeon.features().doors[0];
    /// assert_eq!(dungeon.cell(door.outside), Some(Cell::Door));
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    #[must_use]
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        cell_at(&self.tiles, self.door_cells(), self.stairs(), p)
    }

    /// Every cell as a game reads it (see [`Cell`]), row by row: what [`Dungeon::cell`]
    /// says of each, made in one pass.
    #[must_use]
    pub fn cells(&self) -> Grid<Cell> {
        cells(&self.tiles, self.door_cells(), self.stairs())
    }

    /// Steps from the nearest of `starts` to every cell one can walk to from them (rooms'
    /// floors, corridors and doors, stepping left, right, up or down); `None` for the
    /// cells no start reaches, rock and walls among them. Starts off the map or on rock
    /// are left out. A distance map, as bracket-lib's Dijkstra map: no random numbers,
    /// the same map for the same starts.
    ///
    /// ```
    /// use dungeon_generator::generate;
    ///
    /// let dungeon = generate(&"dv1 seed=5 rooms=6".parse()?)?;
    /// let features = dungeon.features();
    /// let (start, goal) = (features.start.unwrap(), features.goal.unwrap());
    /// // From every door at once: how far each cell is from the nearest door.
    /// let near_doors = dungeon.distances(features.doors.iter().map(|d| d.outside));
    /// assert!(near_doors[start].is_some());
    /// assert_eq!(dungeon.distances([start])[goal], Some(features.longest_route));
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    #[must_use]
    pub fn distances(&self, starts: impl IntoIterator<Item = Pos>) -> Grid<Option<u32>> {
        walking::distances(&self.tiles, starts).map(|&d| (d != u32::MAX).then_some(d))
    }

    /// The shortest walk from `from` to `to`, both included, one step left, right, up or
    /// down at a time over the cells one can walk; `None` when either cell is off the map
    /// or not walkable, or no walk joins them. Of several walks as short, always the same
    /// one: no random numbers.
    ///
    /// ```
    /// use dungeon_generator::generate;
    ///
    /// let dungeon = generate(&"dv1 seed=5 rooms=6".parse()?)?;
    /// let features = dungeon.features();
    /// let (start, goal) = (features.start.unwrap(), features.goal.unwrap());
    /// let path = dungeon.path(start, goal).expect("every room is joined");
    /// assert_eq!((path[0], path[path.len() - 1]), (start, goal));
    /// assert_eq!(path.len() as u32, features.longest_route + 1);
    /// assert!(path.windows(2).all(|step| step[0].is_beside(step[1])));
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    #[must_use]
    pub fn path(&self, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        walking::path(&self.tiles, from, to)
    }

    /// The stairs up and down, where there are any.
    fn stairs(&self) -> [Option<Pos>; 2] {
        let features = self.features();
        [features.stairs_up, features.stairs_down]
    }

    fn door_cells(&self) -> &BitGrid {
        self.door_cells
            .get_or_init(|| door_cells(self.width(), self.height(), &self.features().doors))
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
            .filter(|r| r.kind() == RoomKind::Pinned)
            .count()
    }

    /// Whether room `index` (in [`Dungeon::rooms`]) is pinned.
    #[must_use]
    pub fn is_pinned(&self, index: usize) -> bool {
        self.rooms
            .get(index)
            .is_some_and(|r| r.kind() == RoomKind::Pinned)
    }

    /// The room of the recipe's vault `index` (counted from 0), once it is made.
    #[must_use]
    pub fn vault(&self, index: usize) -> Option<&Room> {
        self.vault_room(index).map(|r| &self.rooms[r])
    }

    /// Which room the recipe's vault `index` (counted from 0) is, once it is made: its
    /// index in [`Dungeon::rooms`], the one [`Cell::Floor`] carries on its cells.
    ///
    /// ```
    /// use dungeon_generator::{Cell, Pos, Recipe, Vault, generate};
    ///
    /// let mut recipe: Recipe = "dv1 seed=4".parse()?;
    /// recipe.vaults.push(Vault::new((0..3).map(|x| Pos::new(x, 0)))?.at(Pos::new(9, 9)));
    /// let map = generate(&recipe)?;
    /// let room = map.vault_room(0).expect("a vault with a place is always made");
    /// assert_eq!(map.cell(Pos::new(10, 9)), Some(Cell::Floor(room)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn vault_room(&self, index: usize) -> Option<usize> {
        self.rooms
            .iter()
            .rposition(|r| r.kind() == RoomKind::Vault(index))
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
            let stairs = (self.stairs_up, self.level() < self.recipe.levels);
            Features::find(
                self.recipe.seed,
                (&self.tiles, &self.rooms, &self.paths),
                stairs,
            )
        })
    }

    /// Fewer rooms than the recipe asked for, and why (see [`Shortfall`]); `None` when
    /// every room asked for was placed. A crowded recipe still makes a map, with the rooms
    /// that fit: look here to know.
    #[must_use]
    pub fn shortfall(&self) -> Option<Shortfall> {
        let (asked, placed) = (self.recipe.rooms, self.rooms.len() as u32);
        (placed < asked).then_some(match self.recipe.fit {
            Fit::Shrink => Shortfall::Full { asked, placed },
            Fit::Move => Shortfall::LeftOut { asked, placed },
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
