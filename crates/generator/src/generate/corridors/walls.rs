//! Closed rooms (the recipe's `closed`): a wall round every room, which corridors cross
//! only at its doors.
//!
//! A room's wall is the cells beside its floor (left, right, above or below) outside every
//! room. Before the corridors are laid, some wall cells are picked as *door sites*: a
//! wall cell beside one floor cell only, or beside one floor cell each of two rooms on
//! opposite sides (a door between two rooms a cell apart). Of one room's door sites no two
//! lie within a step of each other, diagonals included, so no door has another opening
//! beside it: on each side of a door, the room's cell or the cell beside the door is rock.
//! They are picked in reading order, first one for every room, so every room that has a
//! site gets one.
//!
//! The corridors are then routed on a view of the map in which every other wall cell is
//! solid ([`Tile::WALL`]) and each door site is a cell of its room: a path leaves and
//! enters rooms through door sites only, and no corridor cell outside them touches a
//! floor. Each path is then given the floor cells beside the door sites it goes through,
//! so that each door site it uses is a door, and a path that only passes a door site
//! steps into the room and out again.

use crate::base::bits::BitGrid;
use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::{Path, Room, RoomKind};

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

impl Walls {
    /// The walls of `rooms`, which stand on `tiles`, with the view of the map corridors
    /// are routed on: its tiles, and the rooms with their door sites. Grown rooms that no
    /// door can join to the others (in a tight spot: on a thin map, among rooms a cell
    /// apart) are left out, and the others numbered again in order ([`Walls::kept`]).
    ///
    /// # Errors
    /// [`Error::Unreachable`] when a pinned room or a vault cannot be joined to the
    /// rooms (pins and vaults in each other's way).
    pub fn new(
        mut tiles: Grid<Tile>,
        mut rooms: Vec<Room>,
    ) -> Result<(Self, Grid<Tile>, Vec<Room>), Error> {
        let mut kept: Option<Vec<usize>> = None;
        loop {
            let (sites, all_joined) = pick_sites(&tiles, &rooms);
            let (view, view_rooms) = view_of(&tiles, &rooms, &sites);
            let cut = if all_joined {
                Vec::new()
            } else {
                cut_off(&view, &rooms)
            };
            if cut.is_empty() {
                let walls = Self {
                    tiles,
                    rooms,
                    sites,
                    kept,
                };
                return Ok((walls, view, view_rooms));
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
            let mut staying = left_out.iter().map(|&out| !out);
            kept = Some(
                before
                    .into_iter()
                    .filter(|_| staying.next().unwrap_or(false))
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
        let mut through = Vec::with_capacity(cells.len() + 4);
        let last = cells.len().saturating_sub(1);
        for (i, &c) in cells.iter().enumerate() {
            if !self.sites.get(c) {
                through.push(c);
                continue;
            }
            let prev = i.checked_sub(1).map(|j| cells[j]);
            let next = cells.get(i + 1).copied();
            let floor_of = |room: usize| floors(&self.tiles, c).find(|&(r, _)| r == room);
            let start = (i == 0).then(|| floor_of(path.from)).flatten();
            let end = (i == last).then(|| floor_of(path.to)).flatten();
            through.extend(start.map(|(_, f)| f));
            through.push(c);
            for (_, f) in floors(&self.tiles, c) {
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

/// The view of the map the corridors are routed on (see the module's documentation), and
/// the rooms with their door sites, each after its own cells in reading order.
fn view_of(tiles: &Grid<Tile>, rooms: &[Room], sites: &BitGrid) -> (Grid<Tile>, Vec<Room>) {
    let mut view = tiles.clone();
    let mut own_sites = vec![Vec::new(); rooms.len()];
    for room in rooms {
        for &c in room.cells() {
            for n in tiles.neighbours(c) {
                if view[n] != Tile::FREE {
                    continue;
                }
                view[n] = match door_of(tiles, n) {
                    Some(door) if sites.get(n) => {
                        own_sites[door.owner()].push(n);
                        Tile::of_room(door.owner() as u32)
                    }
                    _ => Tile::WALL,
                };
            }
        }
    }
    let view_rooms = rooms
        .iter()
        .zip(own_sites)
        .map(|(room, mut own)| {
            own.sort_unstable_by_key(|p| (p.y, p.x));
            let cells = room.cells().iter().copied().chain(own).collect();
            Room::of(cells, room.colour()).made_by(room.kind())
        })
        .collect();
    (view, view_rooms)
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

/// The door sites of `rooms` on `tiles`, and whether they join every room to the others
/// for sure (else the view may still join them: see [`cut_off`]): first, again and again until none is left, each
/// that joins what is not yet joined (its room and the ground or rooms beyond it, or a
/// door site facing it beyond the wall) where it keeps every door shut (see
/// [`keeps_doors_shut`]); then, in reading order, every other that does.
fn pick_sites(tiles: &Grid<Tile>, rooms: &[Room]) -> (BitGrid, bool) {
    let candidates = candidates(tiles, rooms);
    let regions = OpenRegions::of(tiles, &candidates);
    let mut joined = Joined::new(rooms.len() + regions.count);
    // Open ground joins rooms only where door sites of two rooms or more face it: a pocket
    // beside one room's wall is no way on.
    let node = |p: Pos| -> Option<usize> {
        regions
            .of_cell(p)
            .filter(|&r| regions.rooms[r as usize] > 1)
            .map(|r| rooms.len() + r as usize)
    };
    let mut sites = BitGrid::new(tiles.width(), tiles.height());
    // Rooms joined straight to rooms first (the scarcest joins, in tight places), then
    // through open ground; again while either joins anything.
    while [false, true]
        .into_iter()
        .any(|ground| bridge(tiles, &candidates, &node, ground, &mut sites, &mut joined))
    {}
    for &(p, _) in &candidates {
        if !sites.get(p) && keeps_doors_shut(tiles, &sites, p) {
            sites.set(p);
        }
    }
    let all_joined = (1..rooms.len()).all(|r| joined.same(0, r));
    (sites, all_joined)
}

/// Take as door sites, in reading order, the candidates that join their room to what it
/// is not joined to yet, where they keep every door shut: to rooms (beyond the wall, or
/// through a door site facing it, taken with it if need be), or, with `ground`, to the open
/// ground beside them (`node` names a cell's region of ground that joins rooms). Returns
/// whether any was taken.
fn bridge(
    tiles: &Grid<Tile>,
    candidates: &[(Pos, Door)],
    node: &impl Fn(Pos) -> Option<usize>,
    ground: bool,
    sites: &mut BitGrid,
    joined: &mut Joined,
) -> bool {
    let mut added = false;
    for &(p, door) in candidates {
        if sites.get(p) {
            continue;
        }
        // What the site would join its room to, with the cell taken with it.
        let mut beyond: Vec<(usize, Option<Pos>)> = Vec::new();
        if !ground {
            beyond.extend(door.other.map(|o| (o, None)));
        }
        for n in tiles.neighbours(p) {
            match (
                node(n),
                door_of(tiles, n).filter(|d| !d.shares_a_room(door)),
            ) {
                (Some(region), _) if ground => beyond.push((region, None)),
                (None, Some(other)) if !ground => {
                    beyond.push((other.room, (!sites.get(n)).then_some(n)));
                }
                _ => {}
            }
        }
        for (node, partner) in beyond {
            if joined.same(door.room, node) || !keeps_doors_shut(tiles, sites, p) {
                continue;
            }
            sites.set(p);
            if let Some(q) = partner {
                if !keeps_doors_shut(tiles, sites, q) {
                    sites.unset(p);
                    continue;
                }
                sites.set(q);
            }
            for r in door.rooms() {
                joined.join(r, node);
            }
            added = true;
            break;
        }
    }
    added
}

/// Whether, with `p` a door site too, every door site at `p` or around it keeps its doors
/// shut: on each side of each of its doors, the floor cell's neighbour or the door site's
/// is a cell no one could walk on (a wall cell that is no door site, or off the map).
/// Open ground might carry a corridor, and every door site might be a door.
fn keeps_doors_shut(tiles: &Grid<Tile>, sites: &BitGrid, p: Pos) -> bool {
    let walkable = |c: Option<Pos>| {
        c.is_some_and(|c| {
            tiles.contains(c)
                && (c == p || sites.get(c) || tiles[c].room().is_some() || open(tiles, c))
        })
    };
    let shut = |s: Pos| {
        floors(tiles, s).all(|(_, r)| {
            let (dx, dy) = (
                i64::from(s.x) - i64::from(r.x),
                i64::from(s.y) - i64::from(r.y),
            );
            [(dy, dx), (-dy, -dx)].into_iter().all(|(sx, sy)| {
                let beside = |c: Pos| c.offset(sx as i32, sy as i32);
                !(walkable(beside(r)) && walkable(beside(s)))
            })
        })
    };
    shut(p) && tiles.around(p).filter(|&q| sites.get(q)).all(shut)
}

/// The regions of open ground (see [`open`]) beside door sites, labelled, with how many
/// rooms' door sites each is beside.
struct OpenRegions {
    labels: Grid<u32>,
    count: usize,
    rooms: Vec<u32>,
}

impl OpenRegions {
    const NONE: u32 = u32::MAX;

    fn of(tiles: &Grid<Tile>, candidates: &[(Pos, Door)]) -> Self {
        let mut labels = Grid::new(tiles.width(), tiles.height(), Self::NONE);
        let mut count = 0;
        for &(p, _) in candidates {
            for n in tiles.neighbours(p) {
                if labels[n] != Self::NONE || !open(tiles, n) {
                    continue;
                }
                let label = count as u32;
                count += 1;
                labels[n] = label;
                fill(tiles.width(), tiles.height(), vec![n], |_, q| {
                    let enter = labels[q] == Self::NONE && open(tiles, q);
                    if enter {
                        labels[q] = label;
                    }
                    enter
                });
            }
        }
        // Each region's rooms, counted once each: candidates come in reading order, so a
        // room's are counted against the last room seen beside each region.
        let mut rooms = vec![0; count];
        let mut last_room = vec![usize::MAX; count];
        let mut seen: Vec<(u32, usize)> = candidates
            .iter()
            .flat_map(|&(p, door)| {
                let labels = &labels;
                tiles
                    .neighbours(p)
                    .filter_map(move |n| Some(labels[n]).filter(|&l| l != Self::NONE))
                    .flat_map(move |l| door.rooms().map(move |r| (l, r)))
            })
            .collect();
        seen.sort_unstable();
        seen.dedup();
        for (label, room) in seen {
            if last_room[label as usize] != room {
                last_room[label as usize] = room;
                rooms[label as usize] += 1;
            }
        }
        Self {
            labels,
            count,
            rooms,
        }
    }

    /// The region of the open cell `p`.
    fn of_cell(&self, p: Pos) -> Option<u32> {
        Some(self.labels[p]).filter(|&l| l != Self::NONE)
    }
}

/// Which rooms and regions are joined so far: a union–find.
struct Joined(Vec<u32>);

impl Joined {
    fn new(nodes: usize) -> Self {
        Self((0..nodes as u32).collect())
    }

    fn root(&mut self, mut n: usize) -> usize {
        while self.0[n] as usize != n {
            let up = self.0[n] as usize;
            self.0[n] = self.0[up];
            n = up;
        }
        n
    }

    fn same(&mut self, a: usize, b: usize) -> bool {
        self.root(a) == self.root(b)
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        self.0[a.max(b)] = a.min(b) as u32;
    }
}

/// What a wall cell could be a door of: one room, or two on opposite sides of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Door {
    room: usize,
    /// The room on the other side, for a door between two rooms (the higher index).
    other: Option<usize>,
}

impl Door {
    fn rooms(self) -> impl Iterator<Item = usize> {
        std::iter::once(self.room).chain(self.other)
    }

    /// The room whose cell it is in the view.
    fn owner(self) -> usize {
        self.room
    }

    fn shares_a_room(self, other: Door) -> bool {
        self.rooms().any(|r| other.rooms().any(|s| s == r))
    }
}

/// The rooms' floor cells beside `p`, with their rooms.
fn floors(tiles: &Grid<Tile>, p: Pos) -> impl Iterator<Item = (usize, Pos)> + '_ {
    tiles
        .neighbours(p)
        .filter_map(|n| tiles[n].room().map(|r| (r, n)))
}

/// What the free cell `p` could be a door of, if anything: beside one floor cell, its
/// room; beside two of different rooms on opposite sides, those two. Beside none, or two
/// of one room, or more, it is no door.
fn door_of(tiles: &Grid<Tile>, p: Pos) -> Option<Door> {
    if tiles[p] != Tile::FREE {
        return None;
    }
    let mut beside = floors(tiles, p);
    let first = beside.next()?;
    match (beside.next(), beside.next()) {
        (None, _) => Some(Door {
            room: first.0,
            other: None,
        }),
        (Some(second), None)
            if second.0 != first.0 && (second.1.x == first.1.x || second.1.y == first.1.y) =>
        {
            Some(Door {
                room: first.0.min(second.0),
                other: Some(first.0.max(second.0)),
            })
        }
        _ => None,
    }
}

/// Whether a corridor could run on `p`: free, and beside no floor.
fn open(tiles: &Grid<Tile>, p: Pos) -> bool {
    tiles[p] == Tile::FREE && floors(tiles, p).next().is_none()
}

/// The wall cells that could be door sites, in reading order, with what each would be a
/// door of: those beside one floor cell with a way on (a cell beside it where a corridor
/// could run, or that could be a door of another room), and those between two rooms.
fn candidates(tiles: &Grid<Tile>, rooms: &[Room]) -> Vec<(Pos, Door)> {
    let mut cells: Vec<Pos> = rooms
        .iter()
        .flat_map(|room| room.cells().iter().flat_map(|&c| tiles.neighbours(c)))
        .filter(|&n| tiles[n] == Tile::FREE)
        .collect();
    cells.sort_unstable_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
        .into_iter()
        .filter_map(|p| {
            let door = door_of(tiles, p)?;
            let way_on = door.other.is_some()
                || tiles.neighbours(p).any(|n| {
                    open(tiles, n) || door_of(tiles, n).is_some_and(|d| !d.shares_a_room(door))
                });
            way_on.then_some((p, door))
        })
        .collect()
}
