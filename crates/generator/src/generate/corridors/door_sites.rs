//! Where the doors of a closed map's rooms may go (see [`super::walls`]): the door sites.
//!
//! A room's wall is the cells beside its floor (left, right, above or below) outside every
//! room. A door site is a wall cell beside one floor cell only, or beside one floor cell
//! each of two rooms on opposite sides (a door between two rooms a cell apart). Sites are
//! picked so that every door shuts: on each side of a door, the floor cell's neighbour or
//! the door site's is a cell no one can walk on, whichever sites become doors and
//! whatever open ground carries corridors. First, again and again until none is left,
//! those that join what is not yet joined (a room to the room beyond its wall, or to a
//! door site facing it, then to open ground shared with another room), so that tight
//! spots keep their only ways through; then, in reading order, every other that can.

use crate::base::bits::BitGrid;
use crate::base::grid::{Dir, Grid, Pos, step_within};
use crate::base::tile::Tile;
use crate::model::parts::Room;

use super::regions::{NO_REGION, Regions};

/// The map as its walls see it: the rooms' tiles, and for each cell which of its four
/// neighbours are a room's floor (a bit per [`Dir`]).
pub struct Ground<'a> {
    tiles: &'a Grid<Tile>,
    beside: Grid<u8>,
    /// The cells beside a floor outside every room, in reading order.
    wall: Vec<Pos>,
}

impl<'a> Ground<'a> {
    /// The ground of `rooms`, which stand on `tiles`.
    pub fn new(tiles: &'a Grid<Tile>, rooms: &[Room]) -> Self {
        let (w, h) = (tiles.width(), tiles.height());
        let mut beside = Grid::new(w, h, 0u8);
        for &c in rooms.iter().flat_map(Room::cells) {
            for d in Dir::ALL {
                let Some(n) = step_within(w, h, c, d) else {
                    continue;
                };
                if tiles[n] == Tile::FREE {
                    // The way back from `n` to `c`: left and right, up and down, swapped.
                    beside[n] |= 1 << (d as u8 ^ 1);
                }
            }
        }
        let wall = (beside.as_slice().iter().enumerate())
            .filter(|&(_, &b)| b != 0)
            .map(|(i, _)| beside.pos_of(i))
            .collect();
        Self {
            tiles,
            beside,
            wall,
        }
    }

    /// The rooms' tiles.
    pub fn tiles(&self) -> &'a Grid<Tile> {
        self.tiles
    }

    /// The wall cells, in reading order.
    pub fn wall(&self) -> &[Pos] {
        &self.wall
    }

    /// The floor cells beside `p`, with their rooms.
    pub fn floors(&self, p: Pos) -> impl Iterator<Item = (usize, Pos)> + '_ {
        let bits = self.beside.get(p).copied().unwrap_or(0);
        Dir::ALL
            .into_iter()
            .filter(move |&d| bits & (1 << d as u8) != 0)
            .filter_map(move |d| self.floor(p, d))
    }

    /// The floor cell one step from `p` in direction `d` (which `beside` says is one),
    /// with its room.
    fn floor(&self, p: Pos, d: Dir) -> Option<(usize, Pos)> {
        let (dx, dy) = d.delta();
        let n = Pos::new(p.x.wrapping_add(dx), p.y.wrapping_add(dy));
        self.tiles[n].room().map(|r| (r, n))
    }

    /// Whether a corridor could run on `p`: free, and beside no floor.
    pub fn open(&self, p: Pos) -> bool {
        self.tiles[p] == Tile::FREE && self.beside[p] == 0
    }

    /// The open cells, as bits.
    pub fn open_bits(&self) -> BitGrid {
        let mut open = BitGrid::of(self.tiles, |t| *t == Tile::FREE);
        for &p in &self.wall {
            open.unset(p);
        }
        open
    }

    /// What the free cell `p` could be a door of, if anything: beside one floor cell, its
    /// room; beside two of different rooms on opposite sides, those two. Beside none, or
    /// two of one room, or more, it is no door.
    pub fn door_of(&self, p: Pos) -> Option<Door> {
        let bits = *self.beside.get(p)?;
        let room = |d: Dir| self.floor(p, d).map(|(r, _)| r);
        let door = |room: usize, other: Option<usize>| Some(Door { room, other });
        match bits {
            0b0001 => door(room(Dir::Left)?, None),
            0b0010 => door(room(Dir::Right)?, None),
            0b0100 => door(room(Dir::Up)?, None),
            0b1000 => door(room(Dir::Down)?, None),
            // Two rooms on opposite sides: left and right, or up and down.
            0b0011 | 0b1100 => {
                let (a, b) = if bits == 0b0011 {
                    (room(Dir::Left)?, room(Dir::Right)?)
                } else {
                    (room(Dir::Up)?, room(Dir::Down)?)
                };
                (a != b).then_some(())?;
                door(a.min(b), Some(a.max(b)))
            }
            _ => None,
        }
    }
}

/// What a wall cell could be a door of: one room, or two on opposite sides of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    /// Its room: the lower of two. A door site is a cell of this room in the view.
    pub room: usize,
    /// The room on the other side, for a door between two rooms.
    pub other: Option<usize>,
}

impl Door {
    fn rooms(self) -> impl Iterator<Item = usize> {
        std::iter::once(self.room).chain(self.other)
    }

    fn shares_a_room(self, other: Door) -> bool {
        self.rooms().any(|r| other.rooms().any(|s| s == r))
    }
}

/// The door sites of the rooms of `ground`, and whether they join every room to the
/// others for sure (else the walls may still cut some off); `open` are the regions of its
/// open ground, of `rooms` rooms.
pub fn pick(ground: &Ground<'_>, open: &Regions, rooms: usize) -> (BitGrid, bool) {
    let tiles = ground.tiles;
    let (candidates, ways) = candidates(ground, open, rooms);
    let mut joined = Joined::new(rooms + open.count());
    let mut sites = BitGrid::new(tiles.width(), tiles.height());
    // Rooms joined straight to rooms first (the scarcest joins, in tight places), then
    // through open ground; again while either joins anything.
    while [false, true].into_iter().any(|ground_too| {
        join(
            ground,
            (&candidates, &ways),
            ground_too,
            &mut sites,
            &mut joined,
        )
    }) {}
    for c in &candidates {
        if !sites.get(c.cell) && keeps_doors_shut(ground, &sites, c.cell) {
            sites.set(c.cell);
        }
    }
    let all_joined = (1..rooms).all(|r| joined.same(0, r));
    (sites, all_joined)
}

/// A wall cell that could be a door site: what it would be a door of, and where its ways
/// on are in the list of ways.
struct Candidate {
    cell: Pos,
    door: Door,
    ways: std::ops::Range<usize>,
}

/// Where a door site leads, beyond its own room.
#[derive(Clone, Copy)]
enum Way {
    /// Into this room, a door between two rooms.
    Room(usize),
    /// To this room through the cell beside it, which could be a door site of that room.
    Facing(usize, Pos),
    /// Onto open ground that joins rooms: the node of its region.
    Ground(usize),
}

/// The wall cells that could be door sites, in reading order, each with its ways on
/// (those beside one floor cell without one are left out): the room beyond a door between
/// two rooms, cells beside that could be door sites of other rooms, and regions of open
/// ground beside that door sites of other rooms face too (a pocket beside one room's wall
/// is no way on). Regions are nodes after the `rooms` rooms.
fn candidates(ground: &Ground<'_>, open: &Regions, rooms: usize) -> (Vec<Candidate>, Vec<Way>) {
    let tiles = ground.tiles;
    let mut candidates = Vec::with_capacity(ground.wall().len());
    let mut ways = Vec::with_capacity(2 * ground.wall().len());
    // Per region of open ground, the first room whose door sites face it, and whether
    // others do too.
    let mut first_room = vec![usize::MAX; open.count()];
    let mut shared = vec![false; open.count()];
    for &p in ground.wall() {
        let Some(door) = ground.door_of(p) else {
            continue;
        };
        let first = ways.len();
        ways.extend(door.other.map(Way::Room));
        for n in tiles.neighbours(p) {
            if ground.open(n) {
                let region = tiles.index_of(n).map_or(NO_REGION, |i| open.label(i));
                if region != NO_REGION {
                    let region = region as usize;
                    ways.push(Way::Ground(region));
                    for room in door.rooms() {
                        match first_room[region] {
                            usize::MAX => first_room[region] = room,
                            first => shared[region] |= first != room,
                        }
                    }
                }
            } else if let Some(other) = ground.door_of(n).filter(|d| !d.shares_a_room(door)) {
                ways.push(Way::Facing(other.room, n));
            }
        }
        if ways.len() > first {
            candidates.push(Candidate {
                cell: p,
                door,
                ways: first..ways.len(),
            });
        } else {
            ways.truncate(first);
        }
    }
    // Ground faced by one room only leads nowhere; the rest are nodes after the rooms.
    for way in &mut ways {
        if let Way::Ground(region) = *way {
            *way = if shared[region] {
                Way::Ground(rooms + region)
            } else {
                Way::Room(usize::MAX)
            };
        }
    }
    (candidates, ways)
}

/// Take as door sites, in reading order, the candidates that join their room to what it
/// is not joined to yet, where they keep every door shut: to rooms (beyond the wall, or
/// through a cell facing it that could be a door site, taken with it), or, `ground_too`,
/// to the open ground beside them. Returns whether any was taken.
fn join(
    ground: &Ground<'_>,
    (candidates, ways): (&[Candidate], &[Way]),
    ground_too: bool,
    sites: &mut BitGrid,
    joined: &mut Joined,
) -> bool {
    let mut added = false;
    for c in candidates {
        if sites.get(c.cell) {
            continue;
        }
        for &way in &ways[c.ways.clone()] {
            let (node, partner) = match way {
                Way::Room(room) if !ground_too && room != usize::MAX => (room, None),
                Way::Facing(room, cell) if !ground_too => {
                    (room, (!sites.get(cell)).then_some(cell))
                }
                Way::Ground(node) if ground_too => (node, None),
                _ => continue,
            };
            if joined.same(c.door.room, node) || !keeps_doors_shut(ground, sites, c.cell) {
                continue;
            }
            sites.set(c.cell);
            if let Some(q) = partner {
                if !keeps_doors_shut(ground, sites, q) {
                    sites.unset(c.cell);
                    continue;
                }
                sites.set(q);
            }
            for r in c.door.rooms() {
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
fn keeps_doors_shut(ground: &Ground<'_>, sites: &BitGrid, p: Pos) -> bool {
    let tiles = ground.tiles;
    let walkable = |c: Option<Pos>| {
        c.is_some_and(|c| {
            tiles.contains(c)
                && (c == p || sites.get(c) || tiles[c].room().is_some() || ground.open(c))
        })
    };
    let shut = |s: Pos| {
        ground.floors(s).all(|(_, r)| {
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
