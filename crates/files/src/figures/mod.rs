//! Figures that say how readable a map is, measured on the finished dungeon: rooms apart
//! or touching, rooms that look like rooms, corridors that meet rather than run side by
//! side, dead ends and loops ([`Figures`]), and summed over many maps ([`Tally`]). A
//! corridor cell is a path cell outside every room. The window shows them, the JSON
//! export writes them, and the tests and `cargo run -p dungeon-files --example
//! readability` measure kinds of dungeon by them.

mod tally;

pub use tally::Tally;

use dungeon_generator::{Dungeon, Grid, Pos, Room, Tile};

/// How readable a map is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Figures {
    /// Rooms with a cell beside or diagonally beside another room's.
    pub rooms_touching: u32,
    /// Rooms of fewer cells than half the room size asked for.
    pub rooms_under_half: u32,
    /// Rooms of fewer cells than a quarter of the room size, or of 4 cells or more without
    /// a 2×2 block anywhere: rooms that are not rooms.
    #[serde(skip)]
    pub rooms_not_rooms: u32,
    /// Path cells outside every room.
    #[serde(skip)]
    pub corridor_cells: u64,
    /// Corridor cells in a 2×2 block of corridor cells.
    #[serde(skip)]
    pub corridor_in_blocks: u64,
    /// Corridor cells beside a corridor cell that no path they are on goes through.
    pub corridor_beside: u64,
    /// Paths that step straight from room to room.
    #[serde(skip)]
    pub zero_length_paths: u32,
    /// Turns of all paths together.
    #[serde(skip)]
    pub turns: u64,
    /// Rooms joined to exactly one other.
    pub dead_ends: u32,
    /// Circuits: paths − rooms + 1 (0 for a tree).
    pub loops: i64,
    /// Steps from the start to the goal: the longest walk from the start.
    pub longest_route: u32,
    /// Whether one can walk from every room to every other.
    #[serde(skip)]
    pub connected: bool,
    /// Corridor cells beside a room's floor away from a door of theirs: where a corridor
    /// runs along a room with no wall between (0 on a closed map).
    #[serde(skip)]
    pub corridor_along_rooms: u64,
    /// Rooms sharing an edge with another room.
    #[serde(skip)]
    pub rooms_sharing_edges: u32,
    /// Doors with an opening beside them: on a side of the door, both the room's cell and
    /// the corridor's cell beside it can be walked on, so shutting it does not close the
    /// way in.
    #[serde(skip)]
    pub doors_open_beside: u32,
    /// Rooms not reached from the start when rooms and corridors meet only through doors.
    #[serde(skip)]
    pub rooms_behind_no_door: u32,
}

impl Figures {
    /// The figures of `dungeon`.
    #[must_use]
    pub fn of(dungeon: &Dungeon) -> Self {
        let (tiles, rooms, paths) = (dungeon.tiles(), dungeon.rooms(), dungeon.paths());
        let room_size = dungeon.recipe().room_size;
        let longest_route = dungeon.features().longest_route;
        let size = room_size as usize;
        let mut figures = Figures {
            connected: true,
            longest_route,
            ..Figures::default()
        };
        for (i, room) in rooms.iter().enumerate() {
            let touching = room.cells().iter().any(|&c| {
                tiles
                    .around(c)
                    .any(|n| tiles[n].room().is_some_and(|other| other != i))
            });
            figures.rooms_touching += u32::from(touching);
            figures.rooms_under_half += u32::from(2 * room.cells().len() < size);
            let thin = room.cells().len() >= 4 && !holds_square(room);
            figures.rooms_not_rooms += u32::from(4 * room.cells().len() < size || thin);
        }
        let corridor: Vec<Pos> = tiles
            .positions()
            .filter(|&p| tiles[p] == Tile::PATH)
            .collect();
        figures.corridor_cells = corridor.len() as u64;
        let is_corridor = |p: Pos| tiles.get(p) == Some(&Tile::PATH);
        let mut in_block = Grid::new(tiles.width(), tiles.height(), false);
        for &p in &corridor {
            let square = [
                p,
                Pos::new(p.x + 1, p.y),
                Pos::new(p.x, p.y + 1),
                Pos::new(p.x + 1, p.y + 1),
            ];
            if square.iter().all(|&q| is_corridor(q)) {
                for q in square {
                    in_block[q] = true;
                }
            }
        }
        figures.corridor_in_blocks = in_block.as_slice().iter().filter(|&&b| b).count() as u64;
        // Pairs of neighbouring cells some path steps between.
        let key = |a: Pos, b: Pos| {
            let (i, j) = (
                tiles.index_of(a).unwrap_or(0),
                tiles.index_of(b).unwrap_or(0),
            );
            (i.min(j) as u64) << 32 | i.max(j) as u64
        };
        let mut stepped: Vec<u64> = paths
            .iter()
            .flat_map(|p| p.cells.windows(2).map(|w| key(w[0], w[1])))
            .collect();
        stepped.sort_unstable();
        let mut beside = Grid::new(tiles.width(), tiles.height(), false);
        for &p in &corridor {
            for n in tiles.neighbours(p).filter(|&n| is_corridor(n)) {
                if stepped.binary_search(&key(p, n)).is_err() {
                    beside[p] = true;
                }
            }
        }
        figures.corridor_beside = beside.as_slice().iter().filter(|&&b| b).count() as u64;
        let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); rooms.len()];
        for path in paths {
            figures.zero_length_paths += u32::from(path.cells.len() == 2);
            figures.turns += turns(&path.cells) as u64;
            neighbours[path.from].push(path.to);
            neighbours[path.to].push(path.from);
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        figures.dead_ends = neighbours.iter().filter(|n| n.len() == 1).count() as u32;
        figures.loops = if rooms.is_empty() {
            0
        } else {
            paths.len() as i64 - rooms.len() as i64 + 1
        };
        closedness(dungeon, &mut figures);
        if let Some(&first) = rooms.first().and_then(|r| r.cells().first()) {
            let distances = dungeon.distances([first]);
            figures.connected = rooms
                .iter()
                .all(|r| r.cells().iter().any(|&c| distances[c].is_some()));
        }
        figures
    }
}

/// The figures of a closed map (DESIGN's walls everywhere but the doors): corridors along
/// rooms, rooms sharing edges, doors with an opening beside them, rooms no door leads to.
fn closedness(dungeon: &Dungeon, figures: &mut Figures) {
    let tiles = dungeon.tiles();
    let features = dungeon.features();
    let mut doors: Vec<(Pos, Pos)> = features.doors.iter().map(|d| (d.cell, d.outside)).collect();
    doors.sort_unstable();
    let is_door = |floor: Pos, outside: Pos| doors.binary_search(&(floor, outside)).is_ok();
    let floor = |p: Pos| tiles[p].room();
    let walkable = |p: Option<Pos>| {
        p.and_then(|p| tiles.get(p))
            .is_some_and(|t| t.is_walkable())
    };
    let mut sharing = vec![false; dungeon.rooms().len()];
    for p in tiles.positions() {
        let mut along = false;
        for n in tiles.neighbours(p) {
            match (floor(p), floor(n)) {
                (None, Some(_)) if tiles[p] == Tile::PATH && !is_door(n, p) => along = true,
                (Some(a), Some(b)) if a != b => sharing[a] = true,
                _ => {}
            }
        }
        figures.corridor_along_rooms += u64::from(along);
    }
    figures.rooms_sharing_edges = sharing.iter().filter(|&&s| s).count() as u32;
    for door in &features.doors {
        let (c, o) = (door.cell, door.outside);
        let sides = if c.x == o.x {
            [(-1, 0), (1, 0)]
        } else {
            [(0, -1), (0, 1)]
        };
        let open = sides
            .iter()
            .any(|&(dx, dy)| walkable(c.offset(dx, dy)) && walkable(o.offset(dx, dy)));
        figures.doors_open_beside += u32::from(open);
    }
    // From the start, stepping between floor and corridor only through doors.
    let mut reached = vec![false; dungeon.rooms().len()];
    if let Some(start) = features.start {
        let mut seen = Grid::new(tiles.width(), tiles.height(), false);
        seen[start] = true;
        let mut queue = vec![start];
        while let Some(p) = queue.pop() {
            if let Some(room) = floor(p) {
                reached[room] = true;
            }
            for q in tiles.neighbours(p) {
                let through = match (floor(p), floor(q)) {
                    (Some(a), Some(b)) => a == b,
                    (Some(_), None) => is_door(p, q),
                    (None, Some(_)) => is_door(q, p),
                    (None, None) => true,
                };
                if !seen[q] && tiles[q].is_walkable() && through {
                    seen[q] = true;
                    queue.push(q);
                }
            }
        }
    }
    figures.rooms_behind_no_door = reached.iter().filter(|&&r| !r).count() as u32;
}

/// Whether `room` holds a 2×2 block of its own cells somewhere.
fn holds_square(room: &Room) -> bool {
    let corner = |c: Pos, dx: i32, dy: i32| c.offset(dx, dy).is_some_and(|p| room.contains(p));
    room.cells()
        .iter()
        .any(|&c| corner(c, 1, 0) && corner(c, 0, 1) && corner(c, 1, 1))
}

/// How many times a path of unit steps turns.
#[must_use]
pub fn turns(cells: &[Pos]) -> usize {
    cells
        .windows(3)
        .filter(|w| (w[0].x == w[1].x) != (w[1].x == w[2].x))
        .count()
}
