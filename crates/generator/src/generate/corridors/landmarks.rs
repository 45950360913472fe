//! Landmarks: lower bounds that make long path searches on big maps cheap.
//!
//! A straight-line estimate of the distance still to go is blind to rooms in the way, so a
//! search for a path that must weave between them explores most of the rectangle between
//! the two rooms. A landmark is a cell whose distance to every cell is known (one flood
//! each); by the triangle inequality, `d(L, target) − d(L, v)` and `d(L, v) − d(L, target)`
//! bound the distance from `v` to the target from below, and they see the detours (the
//! "ALT" bound). Landmarks sit evenly along the map's border.
//!
//! The metric is the number of room cells entered, for paths that must cross rooms because
//! rooms wall a room in.

use std::collections::VecDeque;

use crate::base::grid::{Grid, Pos, index};
use crate::base::parallel::map_blocks;
use crate::base::tile::Tile;

/// How many landmarks a map gets.
pub const COUNT: usize = 16;

/// Distances are kept in 15 bits (so that bounds vectorise as signed 16-bit lanes); this
/// marks a cell a landmark does not reach, or reaches only farther than that, which then
/// tells nothing about the cell.
const UNKNOWN: u16 = u16::MAX;
const FARTHEST: u32 = i16::MAX as u32 - 1;

/// Distances from each landmark, for every cell.
#[derive(Debug)]
pub struct Landmarks {
    distances: Vec<[u16; COUNT]>,
}

/// Per landmark, the least and greatest distance from it to a set of target cells; 0 and
/// the maximum (no information) when it reaches none of them.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    lo: [u16; COUNT],
    hi: [u16; COUNT],
}

/// How far a cell is below and above a [`Span`], over the landmarks that know the cell:
/// `(max(lo − d), max(d − hi))`, each at least 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    pub below: u32,
    pub above: u32,
}

impl Landmarks {
    /// Cells of rooms entered on the way from landmarks on the border to every cell (free
    /// cells cost nothing to enter, room cells one).
    #[must_use]
    pub fn room_crossings(tiles: &Grid<Tile>) -> Self {
        let starts: Vec<Pos> = (0..COUNT)
            .map(|k| along_border(tiles.width(), tiles.height(), k))
            .collect();
        Self::from_fields(tiles, &starts, crossings_from)
    }

    /// One field per start, computed two cores at a time, stored cell by cell.
    fn from_fields(
        tiles: &Grid<Tile>,
        starts: &[Pos],
        field: impl Fn(&Grid<Tile>, Pos) -> Vec<u16> + Sync,
    ) -> Self {
        let fields = map_blocks(
            starts,
            (COUNT / 2, 1),
            None,
            || (),
            |(), chunk| chunk.iter().map(|&start| field(tiles, start)).collect(),
        );
        let distances = (0..tiles.len())
            .map(|i| std::array::from_fn(|k| fields[k][i]))
            .collect();
        Self { distances }
    }

    /// The landmarks' distances to the cells `targets` (row-major indices).
    #[must_use]
    pub fn span(&self, targets: impl IntoIterator<Item = usize>) -> Span {
        let mut span = Span {
            lo: [UNKNOWN; COUNT],
            hi: [0; COUNT],
        };
        for i in targets {
            for ((lo, hi), &d) in span.lo.iter_mut().zip(&mut span.hi).zip(&self.distances[i]) {
                if d != UNKNOWN {
                    *lo = (*lo).min(d);
                    *hi = (*hi).max(d);
                }
            }
        }
        for (lo, hi) in span.lo.iter_mut().zip(&mut span.hi) {
            if *lo > *hi {
                (*lo, *hi) = (0, UNKNOWN);
            }
        }
        span
    }

    /// How far cell `i` lies below and above `span`.
    #[inline]
    #[must_use]
    pub fn gap(&self, i: usize, span: &Span) -> Gap {
        // Lane by lane without branches, and reduced as signed 16-bit values (distances
        // stay below `i16::MAX`), so that this compiles to a few vector instructions.
        let d = &self.distances[i];
        let mut below = [0i16; COUNT];
        let mut above = [0i16; COUNT];
        for k in 0..COUNT {
            let known = u16::from(d[k] != UNKNOWN).wrapping_neg();
            below[k] = (span.lo[k].saturating_sub(d[k]) & known) as i16;
            above[k] = (d[k].saturating_sub(span.hi[k]) & known) as i16;
        }
        let max = |lanes: &[i16; COUNT]| lanes.iter().fold(0, |m: i16, &x| m.max(x));
        Gap {
            below: max(&below) as u32,
            above: max(&above) as u32,
        }
    }
}

fn clamp(d: u32) -> u16 {
    if d <= FARTHEST { d as u16 } else { UNKNOWN }
}

/// Cells of rooms entered on the way from `start` to every cell: a breadth-first flood
/// with two queues' worth of priority (0-1 BFS), entering a free cell costs nothing.
fn crossings_from(tiles: &Grid<Tile>, start: Pos) -> Vec<u16> {
    let mut cost = vec![u32::MAX; tiles.len()];
    let mut queue = VecDeque::new();
    let Some(first) = tiles.index_of(start) else {
        return vec![UNKNOWN; tiles.len()];
    };
    cost[first] = 0;
    queue.push_back(start);
    while let Some(here) = queue.pop_front() {
        let c = cost[tiles.index_of(here).unwrap_or(first)];
        for next in tiles.neighbours(here) {
            let ni = index(tiles.width(), next);
            let step = u32::from(!tiles[next].is_outside_rooms());
            if c + step < cost[ni] {
                cost[ni] = c + step;
                if step == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    cost.into_iter().map(clamp).collect()
}

/// The `k`-th of [`COUNT`] points spread evenly along the border of a `w × h` map,
/// clockwise from the top-left corner.
fn along_border(w: u32, h: u32, k: usize) -> Pos {
    let perimeter = 2 * (u64::from(w) + u64::from(h));
    let t = (k as u64 * perimeter / COUNT as u64) as u32;
    let (right, bottom) = (w - 1, h - 1);
    if t < w {
        Pos::new(t, 0)
    } else if t < w + h {
        Pos::new(right, (t - w).min(bottom))
    } else if t < 2 * w + h {
        Pos::new(right.saturating_sub(t - w - h), bottom)
    } else {
        Pos::new(0, bottom.saturating_sub(t - 2 * w - h))
    }
}
