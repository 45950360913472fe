//! Cave rooms grown by accretion, with the seed's "stickiness" (`002`).
//!
//! A room starts as one cell and adds one free neighbouring cell at a time. With chance
//! `stickiness` it grows from the cell it added last, when that cell still has a free
//! neighbour; otherwise it picks a random earlier cell that still has one (forgetting the
//! ones that have none). Stickiness 0 gives compact blobs, 1 long winding caverns.

use rand::{Rng, RngExt};

use crate::streams::below;

use crate::grid::{Dir, Grid, Pos, step_within};
use crate::tile::Tile;

/// Grow cave room number `id` from `origin` until it has `size` cells or cannot grow, marking
/// its cells on `tiles`. Returns the cells in the order they were added, `origin` first; an
/// empty list when `origin` is outside the grid or taken. Never touches a taken cell.
pub fn grow<R: Rng + ?Sized>(
    tiles: &mut Grid<Tile>,
    origin: Pos,
    size: u32,
    stickiness: f64,
    id: u32,
    rng: &mut R,
) -> Vec<Pos> {
    if !tiles.get(origin).is_some_and(|t| t.is_free()) || size == 0 {
        return Vec::new();
    }
    let mut cave = Cave {
        width: tiles.width(),
        height: tiles.height(),
        room: Tile::of_room(id),
        grid: tiles.as_mut_slice(),
    };
    let mut cells = Vec::with_capacity(size as usize);
    let mut candidates = Vec::with_capacity(size as usize);
    let mut last = origin;
    cave.take(origin);
    cells.push(origin);
    candidates.push(origin);

    while cells.len() < size as usize {
        let sticky = rng.random::<f64>() < stickiness;
        let next = sticky
            .then(|| cave.random_free_neighbour(last, rng))
            .flatten()
            .or_else(|| cave.grow_from_candidate(&mut candidates, rng));
        let Some(next) = next else {
            break;
        };
        cave.take(next);
        cells.push(next);
        candidates.push(next);
        last = next;
    }
    cells
}

/// The grid as a growing room sees it.
struct Cave<'a> {
    width: u32,
    height: u32,
    room: Tile,
    grid: &'a mut [Tile],
}

impl Cave<'_> {
    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    fn take(&mut self, p: Pos) {
        let i = self.index(p);
        self.grid[i] = self.room;
    }

    /// A free neighbour of a random candidate, dropping candidates that have none; `None`
    /// when no candidate is left, that is when the room cannot grow.
    fn grow_from_candidate<R: Rng + ?Sized>(
        &self,
        candidates: &mut Vec<Pos>,
        rng: &mut R,
    ) -> Option<Pos> {
        while !candidates.is_empty() {
            let k = below(rng, candidates.len() as u32) as usize;
            match self.random_free_neighbour(candidates[k], rng) {
                Some(next) => return Some(next),
                None => {
                    candidates.swap_remove(k);
                }
            }
        }
        None
    }

    /// One of `p`'s free neighbours, chosen at random, if it has any.
    fn random_free_neighbour<R: Rng + ?Sized>(&self, p: Pos, rng: &mut R) -> Option<Pos> {
        let mut free = [Pos::default(); 4];
        let mut n = 0;
        for d in Dir::ALL {
            let Some(q) = step_within(self.width, self.height, p, d) else {
                continue;
            };
            if self.grid[self.index(q)].is_free() {
                free[n] = q;
                n += 1;
            }
        }
        match n {
            0 => None,
            _ => Some(free[below(rng, n as u32) as usize]),
        }
    }
}
