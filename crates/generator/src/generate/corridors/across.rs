//! Paths across rooms on a closed map (see [`super::walls`]). Where no free cells join two
//! rooms, a path goes through other rooms, in by a door and out by another. On a closed
//! map the rooms and the regions of free ground form a small graph: a room borders the
//! regions its doors open onto, and touches the rooms a door between two rooms (or two
//! facing doors) joins it to. The way through the fewest rooms is found on that graph
//! (breadth first, regions costing nothing); each stretch from one room to the next is
//! then the flood's shortest way between them, and each room crossed is walked from the
//! door the path came in by to the one it leaves by. A handful of local searches, where
//! a search of the whole map for the fewest cells crossed floods nearly every cell.

use std::collections::VecDeque;
use std::sync::OnceLock;

use rand_pcg::Pcg64Mcg;

use crate::base::grid::{Grid, Pos, Rect};
use crate::base::tile::Tile;
use crate::model::parts::Room;

use super::regions::Regions;
use super::wavefront::{Merge, Walk};
use super::{Merging, Router, Searches};

/// Which rooms and regions border each other: rooms first (by index), then regions.
pub struct RoomGraph {
    rooms: usize,
    /// Each node's neighbours, in increasing order.
    next: Vec<Vec<u32>>,
}

impl RoomGraph {
    /// The graph of the `rooms` on `tiles` (the closed map's view, each room with its door
    /// sites) and the free `regions`, whose doors (free cells beside each room) are `doors`.
    fn new(tiles: &Grid<Tile>, rooms: &[Room], regions: &Regions, doors: &[&[Pos]]) -> Self {
        let count = rooms.len();
        let mut next: Vec<Vec<u32>> = vec![Vec::new(); count + regions.count()];
        for (room, doors) in doors.iter().enumerate() {
            for &region in regions.borders((room, doors)) {
                let node = (count + region as usize) as u32;
                next[room].push(node);
                next[node as usize].push(room as u32);
            }
        }
        // Rooms whose cells meet: through a door between them, or facing doors. Only the
        // rooms' cells are looked at, not the whole map; the lists are sorted below, so
        // the order the edges are found in does not matter.
        for (a, room) in rooms.iter().enumerate() {
            for &p in room.cells() {
                for q in [Pos::new(p.x + 1, p.y), Pos::new(p.x, p.y + 1)] {
                    let b = tiles.get(q).and_then(|t| t.room()).filter(|&r| r < count);
                    if let Some(b) = b.filter(|&b| b != a) {
                        next[a].push(b as u32);
                        next[b].push(a as u32);
                    }
                }
            }
        }
        for list in &mut next {
            list.sort_unstable();
            list.dedup();
        }
        Self { rooms: count, next }
    }

    /// The rooms and regions from room `a` to room `b` through the fewest other rooms,
    /// both included; `None` when none joins them.
    fn way(&self, a: usize, b: usize) -> Option<Vec<usize>> {
        const UNSEEN: u32 = u32::MAX;
        let mut rooms_crossed = vec![UNSEEN; self.next.len()];
        let mut from = vec![UNSEEN; self.next.len()];
        let mut queue = VecDeque::from([a]);
        rooms_crossed[a] = 0;
        while let Some(node) = queue.pop_front() {
            if node == b {
                break;
            }
            let here = rooms_crossed[node];
            for &n in &self.next[node] {
                let n = n as usize;
                // Entering a room other than the last costs one; a region, nothing.
                let cost = here + u32::from(n < self.rooms && n != b);
                if cost < rooms_crossed[n] {
                    rooms_crossed[n] = cost;
                    from[n] = node as u32;
                    if cost == here {
                        queue.push_front(n);
                    } else {
                        queue.push_back(n);
                    }
                }
            }
        }
        if rooms_crossed[b] == UNSEEN {
            return None;
        }
        let mut way = vec![b];
        while let Some(&last) = way.last().filter(|&&n| n != a) {
            way.push(from[last] as usize);
        }
        way.reverse();
        Some(way)
    }
}

impl Router {
    /// The path from room `a` to room `b` of a closed map through the fewest other rooms,
    /// with the cells of other rooms it crosses; `None` when the graph of rooms joins them
    /// not (or the map was called off), for the search across cells to try.
    pub(super) fn through_rooms(
        &self,
        searches: &mut Searches,
        (a, b): (usize, usize),
        graph: &OnceLock<RoomGraph>,
        (walk, merging): (Walk, Option<&Merging>),
        regions: &Regions,
        rng: &mut Pcg64Mcg,
    ) -> Option<(Vec<Pos>, u32)> {
        let graph = graph.get_or_init(|| {
            let doors: Vec<&[Pos]> = self
                .sides
                .iter()
                .map(|s| s.as_ref().map_or(&[][..], |s| &s.doors[..]))
                .collect();
            RoomGraph::new(&self.tiles, &self.rooms, regions, &doors)
        });
        let way = graph.way(a, b)?;
        let rooms: Vec<usize> = way.into_iter().filter(|&n| n < graph.rooms).collect();
        let mut cells: Vec<Pos> = Vec::new();
        let mut crossed = 0;
        for pair in rooms.windows(2) {
            let (x, y) = (pair[0], pair[1]);
            let leg = match self.touching(x, y) {
                Some(step) => step,
                None => {
                    let merge = merging.map(|m| Merge {
                        laid: &m.laid,
                        surcharge: m.surcharge,
                    });
                    let (from, to) = self.ends((x, y), merging)?;
                    searches.free.find(
                        &self.tiles,
                        self.free(),
                        &from,
                        &to,
                        (walk, self.detours()),
                        merge,
                        || true,
                        rng,
                    )?
                }
            };
            // Across room x, from where the path came in to where the leg leaves.
            if let Some(&entry) = cells.last() {
                let inside = self.walk_inside(x, entry, leg[0])?;
                crossed += inside.len() as u32;
                cells.extend(&inside[1..]);
            } else {
                cells.push(leg[0]);
            }
            cells.extend(&leg[1..]);
        }
        Some((cells, crossed))
    }

    /// The shortest walk over room `room`'s cells (its floor and door sites) from `from`
    /// to `to`, both included.
    fn walk_inside(&self, room: usize, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        let tile = self.tiles[from];
        let Rect { x0, y0, .. } = self.sides[room].as_ref()?.bounds;
        let bounds = self.sides[room].as_ref()?.bounds;
        let at = |p: Pos| ((p.y - y0) * bounds.width() + (p.x - x0)) as usize;
        let mut came = vec![u32::MAX; bounds.area() as usize];
        came[at(from)] = at(from) as u32;
        let mut queue = VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            if p == to {
                let mut walk = vec![to];
                let mut here = to;
                while here != from {
                    let i = came[at(here)];
                    here = Pos::new(x0 + i % bounds.width(), y0 + i / bounds.width());
                    walk.push(here);
                }
                walk.reverse();
                return Some(walk);
            }
            for n in self.tiles.neighbours(p) {
                if self.tiles[n] == tile && bounds.contains(n) && came[at(n)] == u32::MAX {
                    came[at(n)] = at(p) as u32;
                    queue.push_back(n);
                }
            }
        }
        None
    }
}
