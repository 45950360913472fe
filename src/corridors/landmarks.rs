//! Landmarks: a guide that makes long path searches on big maps cheap.
//!
//! A straight-line estimate of the distance still to go is blind to rooms in the way, so a
//! search for a path that must weave between them explores most of the rectangle between
//! the two rooms. A landmark is a free cell whose distance to every free cell is known (one
//! flood each); by the triangle inequality `|d(L, v) − d(L, door)|` bounds the distance from
//! `v` to a door of the target room from below, and it sees detours (the "ALT" bound).
//! Landmarks sit evenly along the map's border, in its largest free region.

use rand_pcg::Pcg64Mcg;

use crate::flood::{Flood, FloodSpec};
use crate::grid::{Grid, Pos};
use crate::parallel::map_chunks;
use crate::rooms::Room;
use crate::tile::Tile;

use super::regions::Regions;

/// How many landmarks a map gets.
pub const COUNT: usize = 16;

/// Distances are kept in 16 bits; this marks a cell a landmark does not reach (or reaches
/// only farther than 16 bits hold), which then tells nothing about that cell.
const UNKNOWN: u16 = u16::MAX;

/// Free-cell distances from each landmark, for every cell.
#[derive(Debug)]
pub struct Landmarks {
    distances: Vec<[u16; COUNT]>,
}

/// Per landmark, the least and greatest distance from it to a door of one target room
/// (a free cell beside the room); 0 and the maximum when the landmark reaches no door.
#[derive(Clone, Copy, Debug)]
pub struct DoorSpan {
    lo: [u16; COUNT],
    hi: [u16; COUNT],
}

impl Landmarks {
    /// Flood from the landmarks; `None` when the map has no free cell.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, regions: &Regions) -> Option<Self> {
        let region = regions.largest()?;
        let starts: Vec<Pos> = (0..COUNT)
            .map(|k| {
                let anchor = along_border(tiles.width(), tiles.height(), k);
                nearest(tiles, anchor, |p| regions.label(p) == region)
            })
            .collect::<Option<_>>()?;
        let fields = map_chunks(&starts, COUNT / 2, |chunk| {
            let mut flood = Flood::<u32>::new(tiles.width(), tiles.height());
            let mut unused = Pcg64Mcg::new(0);
            chunk
                .iter()
                .map(|&start| {
                    let mut spec = FloodSpec::new().select(|p| tiles[p].is_free());
                    flood.run(&[start], &mut spec, &mut unused);
                    let mut field = vec![UNKNOWN; tiles.len()];
                    for &p in flood.order() {
                        if let (Some(i), Some(&d)) = (tiles.index_of(p), flood.value(p)) {
                            field[i] = u16::try_from(d).unwrap_or(UNKNOWN);
                        }
                    }
                    field
                })
                .collect()
        });
        let distances = (0..tiles.len())
            .map(|i| std::array::from_fn(|k| fields[k][i]))
            .collect();
        Some(Self { distances })
    }

    /// The landmarks' distances to the doors of `room`.
    #[must_use]
    pub fn doors_of(&self, tiles: &Grid<Tile>, room: &Room) -> DoorSpan {
        let mut span = DoorSpan {
            lo: [UNKNOWN; COUNT],
            hi: [0; COUNT],
        };
        for door in room.cells.iter().flat_map(|&c| tiles.neighbours(c)) {
            let Some(i) = tiles.index_of(door).filter(|_| tiles[door].is_free()) else {
                continue;
            };
            for (k, &d) in self.distances[i].iter().enumerate() {
                if d != UNKNOWN {
                    span.lo[k] = span.lo[k].min(d);
                    span.hi[k] = span.hi[k].max(d);
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

    /// A lower bound on the steps from free cell `i` into the room with doors `span`.
    #[inline]
    #[must_use]
    pub fn estimate(&self, i: usize, span: &DoorSpan) -> u32 {
        // Written without branches so that it compiles to a few vector instructions.
        let mut best = 0;
        for ((&d, &lo), &hi) in self.distances[i].iter().zip(&span.lo).zip(&span.hi) {
            let bound = lo.saturating_sub(d).max(d.saturating_sub(hi));
            best = best.max(bound * u16::from(d != UNKNOWN));
        }
        u32::from(best) + 1
    }
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

/// The cell nearest to `anchor` (in steps) that satisfies `wanted`, searching outward ring
/// by ring.
fn nearest(tiles: &Grid<Tile>, anchor: Pos, wanted: impl Fn(Pos) -> bool) -> Option<Pos> {
    let reach = tiles.width() + tiles.height();
    (0..reach).find_map(|r| ring(anchor, r).find(|&p| tiles.contains(p) && wanted(p)))
}

/// The cells exactly `r` steps from `c` (some may be off the map), clockwise from the top.
fn ring(c: Pos, r: u32) -> impl Iterator<Item = Pos> {
    let (cx, cy, r) = (i64::from(c.x), i64::from(c.y), i64::from(r));
    let sides = if r == 0 { 1 } else { 4 * r };
    (0..sides)
        .map(move |t| {
            let (side, s) = (t / r.max(1), t % r.max(1));
            match side {
                0 => (cx + s, cy - r + s),
                1 => (cx + r - s, cy + s),
                2 => (cx - s, cy + r - s),
                _ => (cx - r + s, cy - s),
            }
        })
        .filter_map(|(x, y)| Some(Pos::new(u32::try_from(x).ok()?, u32::try_from(y).ok()?)))
}
