//! Cave rooms grown by accretion, with the original design's "stickiness".
//!
//! A room starts as one cell and adds one free neighbouring cell at a time. With chance
//! `stickiness` it grows from the cell it added last, when that cell still has a free
//! neighbour; otherwise it picks a random earlier cell that still has one (forgetting the
//! ones that have none). Stickiness 0 gives compact blobs, 1 long winding caverns.
//!
//! Stretch (the original design's weighted growth directions) weighs the free neighbours a cell may grow
//! into: steps left and right by `e^(2·stretch)`, up and down by `e^(−2·stretch)`, so
//! positive stretch grows wide rooms and negative tall ones. At 0 every free neighbour is equally
//! likely, drawn exactly as before stretch existed.

use rand::{Rng, RngExt};

use crate::base::streams::below;

use crate::base::grid::{Grid, Pos, index};
use crate::base::tile::Tile;

use super::Growth;

/// Grow cave room number `id` from `origin` until it has `growth.size` cells or cannot
/// grow, marking its cells on `tiles`. Returns the cells in the order they were added,
/// `origin` first; an empty list when `origin` is outside the grid or taken. Never touches
/// a taken cell.
pub fn grow<R: Rng + ?Sized>(
    tiles: &mut Grid<Tile>,
    origin: Pos,
    growth: &Growth,
    id: u32,
    rng: &mut R,
) -> Vec<Pos> {
    let (size, stickiness) = (growth.size, growth.stickiness);
    if !tiles.get(origin).is_some_and(|t| t.is_outside_rooms()) || size == 0 {
        return Vec::new();
    }
    // Weights of a step left or right, and up or down: their ratio grows smoothly from 1 at
    // stretch 0 to e⁴ (about 55) at ±1, and never reaches 0, so a room at the ends of the
    // range still fills out when it cannot grow the favoured way.
    let weights = (growth.stretch != 0.0).then(|| {
        let lean = STRETCH_STRENGTH * growth.stretch.clamp(-1.0, 1.0);
        (lean.exp(), (-lean).exp())
    });
    let mut cave = Cave {
        width: tiles.width(),
        height: tiles.height(),
        room: Tile::of_room(id),
        weights,
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

/// How strongly stretch favours one direction: the log of the weights' ratio at ±1 is
/// twice this.
const STRETCH_STRENGTH: f64 = 2.0;

/// The grid as a growing room sees it.
struct Cave<'a> {
    width: u32,
    height: u32,
    room: Tile,
    /// (left/right, up/down) weights; `None` for even growth.
    weights: Option<(f64, f64)>,
    grid: &'a mut [Tile],
}

impl Cave<'_> {
    fn index(&self, p: Pos) -> usize {
        index(self.width, p)
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
        let (w, i) = (self.width as usize, self.index(p));
        // Left, right, up and down, as `Dir::ALL` orders them: whether each is on the
        // grid, its index and its cell.
        let steps = [
            (
                p.x > 0,
                i.wrapping_sub(1),
                Pos::new(p.x.wrapping_sub(1), p.y),
            ),
            (p.x + 1 < self.width, i + 1, Pos::new(p.x + 1, p.y)),
            (
                p.y > 0,
                i.wrapping_sub(w),
                Pos::new(p.x, p.y.wrapping_sub(1)),
            ),
            (p.y + 1 < self.height, i + w, Pos::new(p.x, p.y + 1)),
        ];
        // Without branches: whether a neighbour is free is a coin toss to the processor,
        // which guessed it wrong often enough to cost a third of this function. A
        // neighbour off the grid reads some cell on it, and is not counted.
        let last = self.grid.len() - 1;
        for (on_grid, j, q) in steps {
            free[n] = q;
            n += usize::from(on_grid & self.grid[j.min(last)].is_outside_rooms());
        }
        match (n, self.weights) {
            (0, _) => None,
            (_, None) => Some(free[below(rng, n as u32) as usize]),
            (_, Some((across, along))) => {
                let weight = |q: Pos| if q.y == p.y { across } else { along };
                let total: f64 = free[..n].iter().map(|&q| weight(q)).sum();
                let mut pick = rng.random::<f64>() * total;
                for &q in &free[..n - 1] {
                    pick -= weight(q);
                    if pick < 0.0 {
                        return Some(q);
                    }
                }
                Some(free[n - 1])
            }
        }
    }
}
