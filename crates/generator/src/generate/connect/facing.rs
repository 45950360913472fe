//! Which rooms face each other, and how far apart: one breadth-first flood from every room
//! at once (the breadth-first flood, with many starts) labels each free cell with its nearest room;
//! wherever two labels meet, those two rooms face each other across free ground (or touch),
//! and the steps from one to the other through that spot bound their distance.
//!
//! Every cell ends up labelled (every free region borders some room), so the rooms and the
//! pairs that face each other form one connected graph: a spanning tree of it joins every
//! room through free ground alone.

use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;
use crate::model::parts::Room;

/// A pair of rooms facing each other: `a < b`, and `steps` from a cell of `a` to a cell of
/// `b` along the shortest route through the spot where their floods met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub steps: u32,
    pub a: usize,
    pub b: usize,
}

/// The rooms that face each other, nearest first.
#[derive(Debug)]
pub struct Facing {
    /// Each pair once, at its fewest steps, sorted by (steps, a, b).
    pub edges: Vec<Edge>,
}

/// How many cells [`Facing::new`] floods or scans between two looks at whether to stop:
/// about a millisecond's work.
const STOP_EVERY: usize = 1 << 16;

/// A cell no flood has reached yet.
const NONE: u32 = u32::MAX;
/// A cell no flood may enter (a room's, or the border around the grid); it never gets a
/// label.
const BLOCKED: u32 = u32::MAX - 1;

impl Facing {
    /// Flood from every room of `tiles` at once and collect where the floods meet; `None`
    /// when `stop` answers true (asked every [`STOP_EVERY`] cells and rows): the work was
    /// called off.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, rooms: &[Room], stop: impl Fn() -> bool) -> Option<Self> {
        // The grid with a border of one blocked cell all round: every cell of the grid has
        // four neighbours, so a step needs no bounds test.
        let (w, h) = (tiles.width() as usize, tiles.height() as usize);
        let stride = w + 2;
        let at = |p: Pos| (p.y as usize + 1) * stride + p.x as usize + 1;
        let mut label = vec![BLOCKED; stride * (h + 2)];
        for (y, row) in (0..h).map(|y| (y, tiles.row(y as u32).unwrap_or_default())) {
            let inside = &mut label[(y + 1) * stride + 1..][..w];
            for (l, tile) in inside.iter_mut().zip(row) {
                if tile.is_outside_rooms() {
                    *l = NONE;
                }
            }
        }
        let mut steps = vec![0u32; label.len()];
        // Breadth first from every room's cells, room by room, stepping left, right, up
        // and down: the first flood to reach a cell labels it.
        let mut queue: Vec<u32> = Vec::with_capacity(w * h);
        for (r, room) in rooms.iter().enumerate() {
            for &p in room.cells() {
                label[at(p)] = r as u32;
                queue.push(at(p) as u32);
            }
        }
        let mut head = 0;
        while let Some(&here) = queue.get(head) {
            if head.is_multiple_of(STOP_EVERY) && stop() {
                return None;
            }
            head += 1;
            let here = here as usize;
            let (room, next_steps) = (label[here], steps[here] + 1);
            for next in [here - 1, here + 1, here - stride, here + stride] {
                if label[next] == NONE {
                    label[next] = room;
                    steps[next] = next_steps;
                    queue.push(next as u32);
                }
            }
        }
        // Where two labels meet across an edge, those rooms face each other. Each meeting
        // as one number, (a, b, steps) from high bits to low, which sorts faster than the
        // fields do.
        let meeting = |a: u32, b: u32, steps: u32| {
            u128::from(a) << 64 | u128::from(b) << 32 | u128::from(steps)
        };
        let pair = |m: u128| m >> 32;
        let mut meetings: Vec<u128> = Vec::new();
        let rows_between_stops = (STOP_EVERY / stride).max(1);
        for y in 1..=h {
            if y.is_multiple_of(rows_between_stops) && stop() {
                return None;
            }
            for i in y * stride + 1..y * stride + 1 + w {
                let la = label[i];
                if la >= BLOCKED {
                    continue;
                }
                for j in [i + 1, i + stride] {
                    let lb = label[j];
                    if la != lb && lb < BLOCKED {
                        let m = meeting(la.min(lb), la.max(lb), steps[i] + steps[j] + 1);
                        // Where two floods meet, the same pair meets cell after cell: keep
                        // one per run, at its fewest steps, for the sort below.
                        match meetings.last_mut() {
                            Some(last) if pair(*last) == pair(m) => *last = (*last).min(m),
                            _ => meetings.push(m),
                        }
                    }
                }
            }
        }
        // Each pair once, at its fewest steps; then nearest first, as (steps, a, b).
        meetings.sort_unstable();
        meetings.dedup_by_key(|m| pair(*m));
        let mut edges: Vec<Edge> = meetings
            .into_iter()
            .map(|m| Edge {
                steps: m as u32,
                a: (m >> 64) as usize,
                b: (m >> 32) as u32 as usize,
            })
            .collect();
        edges.sort_unstable();
        Some(Self { edges })
    }
}

/// Rooms joined so far, as sets that merge (union-find).
pub struct Joined {
    parent: Vec<usize>,
}

impl Joined {
    #[must_use]
    pub fn new(rooms: usize) -> Self {
        Self {
            parent: (0..rooms).collect(),
        }
    }

    fn root(&mut self, mut r: usize) -> usize {
        while self.parent[r] != r {
            self.parent[r] = self.parent[self.parent[r]];
            r = self.parent[r];
        }
        r
    }

    /// Join the sets of `a` and `b`; false when they were already one.
    pub fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return false;
        }
        self.parent[ra.max(rb)] = ra.min(rb);
        true
    }
}

/// The shortest edges that join every room (Kruskal's spanning tree, nearest first), and
/// the rest, nearest first.
#[must_use]
pub fn tree_and_rest(facing: &Facing, rooms: usize) -> (Vec<Edge>, Vec<Edge>) {
    let mut joined = Joined::new(rooms);
    facing
        .edges
        .iter()
        .copied()
        .partition(|e| joined.join(e.a, e.b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::colour::Rgb;

    #[test]
    fn facing_rooms_are_found_unless_called_off() {
        // Two one-cell rooms on a free row, three cells apart.
        let mut tiles = Grid::new(5, 1, Tile::FREE);
        let rooms: Vec<Room> = [0, 4]
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                tiles[Pos::new(x, 0)] = Tile::of_room(i as u32);
                Room::of(vec![Pos::new(x, 0)], Rgb(0, 0, 0))
            })
            .collect();
        let facing = Facing::new(&tiles, &rooms, || false).expect("not called off");
        assert_eq!(
            facing.edges,
            vec![Edge {
                steps: 4,
                a: 0,
                b: 1
            }]
        );
        assert!(Facing::new(&tiles, &rooms, || true).is_none());
    }
}
