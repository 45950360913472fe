//! Closed rooms (the recipe's `closed`): a wall round every room, which corridors cross
//! only at its doors.
//!
//! Before the corridors are laid, each room's wall gets door sites ([`super::door_sites`]).
//! The corridors are then routed on a view of the map in which every other wall cell is
//! solid ([`Tile::WALL`]) and each door site is a cell of its room: a path leaves and
//! enters rooms through door sites only, and no corridor cell outside them touches a
//! floor. Each path is then given the floor cells beside the door sites it goes through,
//! so that each door site it uses is a door of every room it is beside, and a path that
//! only passes a door site steps into the room and out again. Grown rooms the walls cut
//! off from the others (in tight spots only: one-cell rooms on a strip two cells high)
//! are left out.

use crate::base::bits::BitGrid;
use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::{Path, Room, RoomKind};

use super::door_sites::{self, Ground};
use super::regions::Regions;

/// The rooms' walls and door sites, and the map as it is, to give paths routed on the
/// view of it their doors.
pub struct Walls {
    /// The rooms on free ground.
    tiles: Grid<Tile>,
    rooms: Vec<Room>,
    sites: BitGrid,
    /// Which room of those given each room is, when some were left out.
    kept: Option<Vec<usize>>,
}

/// The map the corridors of a closed map are routed on: its tiles (each door site a cell
/// of its room, every other wall cell [`Tile::WALL`]), the rooms with their door sites
/// (after their own cells, in reading order), and the regions of its free cells.
pub struct View {
    pub tiles: Grid<Tile>,
    pub rooms: Vec<Room>,
    pub regions: Regions,
}

impl Walls {
    /// The walls of `rooms`, which stand on `tiles`, with the view of the map corridors
    /// are routed on. Grown rooms no door can join to the others are left out, and the
    /// others numbered again in order ([`Walls::kept`]).
    ///
    /// # Errors
    /// [`Error::Unreachable`] when a pinned room or a vault cannot be joined to the
    /// rooms (pins and vaults in each other's way).
    pub fn new(mut tiles: Grid<Tile>, mut rooms: Vec<Room>) -> Result<(Self, View), Error> {
        let mut kept: Option<Vec<usize>> = None;
        loop {
            let ground = Ground::new(&tiles, &rooms);
            // Labelling stops only when asked to.
            let open = Regions::new(&ground.open_bits(), rooms.len(), || false);
            let Some(open) = open else {
                return Err(Error::Cancelled);
            };
            let (sites, all_joined) = door_sites::pick(&ground, &open, rooms.len());
            let view = view_of(&ground, &rooms, &sites, open);
            let cut = if all_joined {
                Vec::new()
            } else {
                cut_off(&view.tiles, &rooms)
            };
            if cut.is_empty() {
                let walls = Self {
                    tiles,
                    rooms,
                    sites,
                    kept,
                };
                return Ok((walls, view));
            }
            if let Some(&fixed) = cut.iter().find(|&&r| rooms[r].kind() != RoomKind::Grown) {
                let index = kept.as_ref().map_or(fixed, |k| k[fixed]);
                return Err(Error::Unreachable { room: index });
            }
            let mut left_out = vec![false; rooms.len()];
            for r in cut {
                left_out[r] = true;
            }
            let before = kept.unwrap_or_else(|| (0..rooms.len()).collect());
            kept = Some(
                before
                    .into_iter()
                    .zip(&left_out)
                    .filter_map(|(i, &out)| (!out).then_some(i))
                    .collect(),
            );
            let mut out = left_out.into_iter();
            rooms.retain(|_| !out.next().unwrap_or(false));
            tiles = Grid::new(tiles.width(), tiles.height(), Tile::FREE);
            for (i, room) in rooms.iter().enumerate() {
                for &c in room.cells() {
                    tiles[c] = Tile::of_room(i as u32);
                }
            }
        }
    }

    /// The cells corridors may run on, `free` on the view, with the door sites.
    pub fn with_doors(&self, free: &BitGrid) -> BitGrid {
        free.union(&self.sites)
    }

    /// Which room of those given each room kept is, when some were left out.
    pub fn kept(&self) -> Option<&[usize]> {
        self.kept.as_deref()
    }

    /// `path`, routed on the view, on the map as it is: each door site it starts or ends
    /// on preceded or followed by the floor cell of its room beside it, and each floor
    /// cell beside a door site it goes through stepped into (and out of again, where the
    /// path itself does not go on there), so that every door site it takes is a door of
    /// every room it is beside.
    pub fn through_doors(&self, path: Path) -> Path {
        let cells = &path.cells;
        let floors = |c: Pos| {
            let tiles = &self.tiles;
            tiles
                .neighbours(c)
                .filter_map(move |n| tiles[n].room().map(|r| (r, n)))
        };
        let mut through = Vec::with_capacity(cells.len() + 4);
        let last = cells.len().saturating_sub(1);
        for (i, &c) in cells.iter().enumerate() {
            if !self.sites.get(c) {
                through.push(c);
                continue;
            }
            let prev = i.checked_sub(1).map(|j| cells[j]);
            let next = cells.get(i + 1).copied();
            let floor_of = |room: usize| floors(c).find(|&(r, _)| r == room);
            let start = (i == 0).then(|| floor_of(path.from)).flatten();
            let end = (i == last).then(|| floor_of(path.to)).flatten();
            through.extend(start.map(|(_, f)| f));
            through.push(c);
            for (_, f) in floors(c) {
                let taken = [prev, next, start.map(|s| s.1), end.map(|e| e.1)];
                if !taken.contains(&Some(f)) {
                    through.extend([f, c]);
                }
            }
            through.extend(end.map(|(_, f)| f));
        }
        Path {
            cells: through,
            ..path
        }
    }

    /// The map as it is: the tiles with the rooms, and the rooms.
    pub fn finish(self) -> (Grid<Tile>, Vec<Room>) {
        (self.tiles, self.rooms)
    }
}

/// The view for the door sites `sites` of `rooms` on `ground`, whose open ground's
/// regions are `regions`.
fn view_of(ground: &Ground<'_>, rooms: &[Room], sites: &BitGrid, regions: Regions) -> View {
    let mut tiles = ground.tiles().clone();
    let mut own_sites = vec![Vec::new(); rooms.len()];
    for &p in ground.wall() {
        tiles[p] = match ground.door_of(p) {
            Some(door) if sites.get(p) => {
                own_sites[door.room].push(p);
                Tile::of_room(door.room as u32)
            }
            _ => Tile::WALL,
        };
    }
    let rooms = rooms
        .iter()
        .zip(own_sites)
        .map(|(room, own)| {
            let cells = room.cells().iter().copied().chain(own).collect();
            Room::of(cells, room.colour()).made_by(room.kind())
        })
        .collect();
    View {
        tiles,
        rooms,
        regions,
    }
}

/// The rooms the view does not join to the most of them: walls cut them off. The rooms
/// joined are those with the most pinned rooms and vaults, then the most rooms, then the
/// first room.
fn cut_off(view: &Grid<Tile>, rooms: &[Room]) -> Vec<usize> {
    const NONE: u32 = u32::MAX;
    let mut labels = Grid::new(view.width(), view.height(), NONE);
    let mut of_room = Vec::with_capacity(rooms.len());
    // Per part: pinned rooms and vaults, rooms, and the first room.
    let mut parts: Vec<(usize, usize, usize)> = Vec::new();
    for (r, room) in rooms.iter().enumerate() {
        let first = room.cells()[0];
        if labels[first] == NONE {
            let label = parts.len() as u32;
            labels[first] = label;
            fill(view.width(), view.height(), vec![first], |_, q| {
                let enter = labels[q] == NONE && view[q] != Tile::WALL;
                if enter {
                    labels[q] = label;
                }
                enter
            });
            parts.push((0, 0, r));
        }
        let part = labels[first] as usize;
        of_room.push(part);
        parts[part].0 += usize::from(room.kind() != RoomKind::Grown);
        parts[part].1 += 1;
    }
    let main = (0..parts.len())
        .max_by_key(|&p| (parts[p].0, parts[p].1, std::cmp::Reverse(parts[p].2)))
        .unwrap_or(0);
    (0..rooms.len()).filter(|&r| of_room[r] != main).collect()
}
