//! Which rooms face each other, and how far apart: one breadth-first flood from every room
//! at once (the breadth-first flood, with many starts) labels each free cell with its nearest room;
//! wherever two labels meet, those two rooms face each other across free ground (or touch),
//! and the steps from one to the other through that spot bound their distance.
//!
//! Every cell ends up labelled (every free region borders some room), so the rooms and the
//! pairs that face each other form one connected graph: a spanning tree of it joins every
//! room through free ground alone.

use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos, index};
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

const NONE: u32 = u32::MAX;

impl Facing {
    /// Flood from every room of `tiles` at once and collect where the floods meet.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, rooms: &[Room]) -> Self {
        let w = tiles.width();
        let mut label = vec![NONE; tiles.len()];
        let mut steps = vec![0u32; tiles.len()];
        let mut starts = Vec::with_capacity(tiles.len());
        for (r, room) in rooms.iter().enumerate() {
            for &p in &room.cells {
                label[index(w, p)] = r as u32;
                starts.push(p);
            }
        }
        fill(w, tiles.height(), starts, |from, to| {
            let (i, j) = (index(w, from), index(w, to));
            let enter = label[j] == NONE && tiles[to].is_outside_rooms();
            if enter {
                label[j] = label[i];
                steps[j] = steps[i] + 1;
            }
            enter
        });
        let mut edges: Vec<Edge> = Vec::new();
        for y in 0..tiles.height() {
            for x in 0..w {
                let p = Pos::new(x, y);
                let i = index(w, p);
                let across = (x + 1 < w).then(|| Pos::new(x + 1, y));
                let down = (y + 1 < tiles.height()).then(|| Pos::new(x, y + 1));
                for n in [across, down].into_iter().flatten() {
                    let j = index(w, n);
                    let (la, lb) = (label[i], label[j]);
                    if la != lb && la != NONE && lb != NONE {
                        let edge = Edge {
                            steps: steps[i] + steps[j] + 1,
                            a: la.min(lb) as usize,
                            b: la.max(lb) as usize,
                        };
                        // Where two floods meet, the same pair meets cell after cell: keep
                        // one edge per run, at its fewest steps, for the sort below.
                        match edges.last_mut() {
                            Some(last) if (last.a, last.b) == (edge.a, edge.b) => {
                                last.steps = last.steps.min(edge.steps);
                            }
                            _ => edges.push(edge),
                        }
                    }
                }
            }
        }
        // Each pair once, at its fewest steps; then nearest first.
        edges.sort_unstable_by_key(|e| (e.a, e.b, e.steps));
        edges.dedup_by_key(|e| (e.a, e.b));
        edges.sort_unstable();
        Self { edges }
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
