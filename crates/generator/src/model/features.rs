//! What a game master or a game needs beyond rooms and paths: doors, where the adventurer
//! starts, the goal farthest from the start (the original design placed the adventurer as
//! far as possible from a target, by walking distance) and the room farthest from it.
//!
//! All of it is read off a finished dungeon: doors from the paths, the start from its own
//! stream, the goal and the farthest room from one breadth-first flood over the cells one
//! can walk (rooms and paths). So looking at them never moves a room or a path.

use crate::base::bits::BitGrid;
use crate::base::grid::{Grid, Pos, Rect};
use crate::base::streams::{Stage, stream};
use crate::base::tile::{Tile, TileKind};
use crate::model::parts::{Path, Room};
use crate::model::walking::walking_distances;

/// Where a path leaves or enters a room: the edge between the room's `cell` and the path
/// cell `outside` it.
///
/// ```
/// use dungeon_generator::{Cell, generate};
///
/// let dungeon = generate(&"dv1 seed=3 rooms=4".parse()?)?;
/// for door in &dungeon.features().doors {
///     assert!(door.cell.is_beside(door.outside));
///     assert!(dungeon.rooms()[door.room].contains(door.cell));
///     // As a game reads the map, the door is the cell outside.
///     assert_eq!(dungeon.cell(door.outside), Some(Cell::Door));
/// }
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Door {
    /// The room's index.
    pub room: usize,
    /// The room's cell.
    pub cell: Pos,
    /// The path's cell beside it, outside the room.
    pub outside: Pos,
}

/// A dungeon's doors, start and goal.
///
/// ```
/// use dungeon_generator::generate;
///
/// let dungeon = generate(&"dv1 seed=9 rooms=8".parse()?)?;
/// let features = dungeon.features();
/// let (start, goal) = (features.start.unwrap(), features.goal.unwrap());
/// // The player starts in a room; the stairs go in the middle of the farthest room.
/// let stairs = dungeon.rooms()[features.farthest_room.unwrap()].centre();
/// let walk = dungeon.path(start, stairs).expect("every room is joined");
/// assert!(walk.len() as u32 <= features.longest_route + 1);
/// assert_eq!(dungeon.distances([start])[goal], Some(features.longest_route));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Features {
    /// One per edge where a path meets a room, in the order the paths first cross them.
    pub doors: Vec<Door>,
    /// A room cell, drawn from the start's own stream; `None` when there are no rooms.
    pub start: Option<Pos>,
    /// A cell farthest from the start by walking over rooms and paths.
    pub goal: Option<Pos>,
    /// Steps from the start to the goal.
    pub longest_route: u32,
    /// The room whose centre ([`crate::Room::centre`]) is farthest from the start by
    /// walking (the first of several as far): where the stairs down go, in a room, where
    /// the goal may be a corridor's cell. `None` when there are no rooms.
    pub farthest_room: Option<usize>,
    /// On a level below the first, the stairs up: on the very cell of the stairs down of
    /// the level above, and the start. `None` on the first level.
    pub stairs_up: Option<Pos>,
    /// On a level above another, the stairs down: in the farthest room (another than the
    /// stairs up's, where there is one), on its floor cell nearest the middle of its box
    /// that no door opens onto. `None` on the last level.
    pub stairs_down: Option<Pos>,
}

impl Features {
    /// Read the features off `tiles`, `rooms` and `paths`, on the map made from `seed`,
    /// with its stairs up where given and, if `down`, its stairs down.
    #[must_use]
    pub(crate) fn find(
        seed: u64,
        (tiles, rooms, paths): (&Grid<Tile>, &[Room], &[Path]),
        (up, down): (Option<Pos>, bool),
    ) -> Self {
        let doors = doors(tiles, paths);
        let room_cells: Vec<&[Pos]> = rooms.iter().map(Room::cells).collect();
        let total: u64 = room_cells.iter().map(|c| c.len() as u64).sum();
        // Below the first level, the adventurer comes down the stairs.
        let up = up.filter(|&p| tiles.get(p).is_some_and(|t| t.room().is_some()));
        let start = up.or_else(|| {
            (total > 0).then(|| {
                let mut k =
                    rand::RngExt::random_range(&mut stream(seed, Stage::Start, 0), 0..total);
                let mut chosen = Pos::default();
                for cells in &room_cells {
                    if k < cells.len() as u64 {
                        chosen = cells[k as usize];
                        break;
                    }
                    k -= cells.len() as u64;
                }
                chosen
            })
        });
        let distances = start.map(|s| walking_distances(tiles, s));
        let (goal, longest_route) = distances
            .as_ref()
            .map(|distances| farthest(tiles, distances))
            .map_or((None, 0), |(g, d)| (Some(g), d));
        let farthest_room = distances.and_then(|distances| {
            let steps = |room: &Room| distances.get(room.centre()).copied().unwrap_or(u32::MAX);
            let reached = (0..rooms.len()).filter(|&i| steps(&rooms[i]) != u32::MAX);
            // The first of the farthest: `max_by_key` keeps the last of equals.
            reached.rev().max_by_key(|&i| steps(&rooms[i]))
        });
        let stairs_down = if down {
            farthest_room.and_then(|r| stairs_down(&rooms[r], &doors, up))
        } else {
            None
        };
        Self {
            doors,
            start,
            goal,
            longest_route,
            farthest_room,
            stairs_up: up,
            stairs_down,
        }
    }
}

/// Where the stairs down go in `room`: its floor cell nearest the middle of its box that
/// no door opens onto and the stairs up are not on; any other cell, where every cell is
/// such.
fn stairs_down(room: &Room, doors: &[Door], up: Option<Pos>) -> Option<Pos> {
    let Rect { x0, y0, x1, y1 } = room.bounds();
    let (mx, my) = (i64::from(x0) + i64::from(x1), i64::from(y0) + i64::from(y1));
    let away = |p: &Pos| {
        let (dx, dy) = (2 * i64::from(p.x) - mx, 2 * i64::from(p.y) - my);
        (dx * dx + dy * dy, p.y, p.x)
    };
    let free = |p: &&Pos| Some(**p) != up && !doors.iter().any(|d| d.cell == **p);
    let cells = room.cells();
    cells
        .iter()
        .filter(free)
        .min_by_key(|p| away(p))
        .or_else(|| cells.iter().find(|&&p| Some(p) != up))
        .copied()
}

/// Every door along `paths`, each edge once.
fn doors(tiles: &Grid<Tile>, paths: &[Path]) -> Vec<Door> {
    let mut doors = Vec::new();
    // The edges seen, by the room's cell, a grid per way the door faces.
    let mut seen: [BitGrid; 4] =
        std::array::from_fn(|_| BitGrid::new(tiles.width(), tiles.height()));
    let facing = |cell: Pos, outside: Pos| match (outside.x.cmp(&cell.x), outside.y.cmp(&cell.y)) {
        (std::cmp::Ordering::Less, _) => 0,
        (std::cmp::Ordering::Greater, _) => 1,
        (_, std::cmp::Ordering::Less) => 2,
        _ => 3,
    };
    for path in paths {
        for step in path.cells.windows(2) {
            let (a, b) = (step[0], step[1]);
            let door = match (tiles[a].kind(), tiles[b].kind()) {
                (TileKind::Room(room), TileKind::Path) => Door {
                    room,
                    cell: a,
                    outside: b,
                },
                (TileKind::Path, TileKind::Room(room)) => Door {
                    room,
                    cell: b,
                    outside: a,
                },
                _ => continue,
            };
            let seen = &mut seen[facing(door.cell, door.outside)];
            if !seen.get(door.cell) {
                seen.set(door.cell);
                doors.push(door);
            }
        }
    }
    doors
}

/// The first cell, in reading order, at the greatest finite distance, with that distance.
fn farthest(tiles: &Grid<Tile>, distances: &Grid<u32>) -> (Pos, u32) {
    let (mut best, mut at) = (0, 0);
    for (i, &d) in distances.as_slice().iter().enumerate() {
        if d != u32::MAX && d > best {
            (best, at) = (d, i);
        }
    }
    if best == 0 {
        // Only the start is reachable: it is its own goal.
        at = distances
            .as_slice()
            .iter()
            .position(|&d| d == 0)
            .unwrap_or(0);
    }
    (tiles.pos_of(at), best)
}
