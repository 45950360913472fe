//! Corridors that join instead of hugging (the recipe's `merge`): the corridors laid so far
//! and which steps by them are costly steps (see the crate's glossary). A step alongside a
//! corridor (from a cell beside one to another beside it: a parallel run, not a crossing or
//! a join) and a step onto the cell that would close a 2×2 square of corridor cost more
//! than a step on rock or on a corridor (at `merge` 1, more than any way without one). The
//! flood ([`super::wavefront`]) then finds the cheapest path, and among equally cheap ones
//! walks back over corridor cells first; so new corridors keep a cell of rock from the old
//! ones or run on them, growing shared trunks.

use crate::base::bits::{BitGrid, BothWays};
use crate::base::grid::{Dir, Pos, step_within};

/// A costly step's surcharge: what a step alongside a corridor, or onto the cell that would
/// close a 2×2 square of corridor, costs beyond a plain step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surcharge {
    /// This many steps more than a plain step.
    Steps(u32),
    /// More than any way without one: corridors take a costly step only where no way avoids
    /// it.
    Unbounded,
}

/// A costly step's surcharge, in steps, at `merge` ½; it grows without bound towards 1.
const SURCHARGE_AT_HALF: f64 = 4.0;

impl Surcharge {
    /// The surcharge at `merge` (0 to 1): `None` at 0 (no step is costly), at least one step
    /// above 0, `SURCHARGE_AT_HALF` at ½, growing without bound towards 1, and
    /// [`Surcharge::Unbounded`] at 1.
    #[must_use]
    pub fn of(merge: f64) -> Option<Self> {
        if merge.is_nan() || merge <= 0.0 {
            None
        } else if merge >= 1.0 {
            Some(Self::Unbounded)
        } else {
            // Less a hair, so that 0.9 (not quite 0.9 in binary) gives 36, not 37.
            let extra = (SURCHARGE_AT_HALF * merge / (1.0 - merge) - 1e-9)
                .ceil()
                .max(1.0);
            Some(Self::Steps(extra.min(f64::from(u16::MAX)) as u32))
        }
    }
}

/// The corridors laid so far: the free cells they run through, the free cells beside them
/// (not on one), and the free cells (not on one) that would close a 2×2 square of them.
#[derive(Clone, Debug)]
pub struct Laid {
    free: BitGrid,
    pub(super) on: BitGrid,
    pub(super) alongside: BothWays,
    pub(super) closes_square: BothWays,
}

impl Laid {
    /// No corridor yet, on the map whose free cells (those outside every room) are `free`.
    #[must_use]
    pub fn new(free: &BothWays) -> Self {
        let (width, height) = (free.width(), free.height());
        Self {
            free: free.lines(false).clone(),
            on: BitGrid::new(width, height),
            alongside: BothWays::new(width, height),
            closes_square: BothWays::new(width, height),
        }
    }

    fn neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> + use<> {
        let (w, h) = (self.free.width(), self.free.height());
        Dir::ALL
            .into_iter()
            .filter_map(move |d| step_within(w, h, p, d))
    }

    /// Add the free cells of `path` (its cells outside rooms) as a corridor.
    pub fn add(&mut self, path: &[Pos]) {
        for &p in path {
            if !self.free.get(p) || self.on.get(p) {
                continue;
            }
            self.on.set(p);
            self.alongside.unset(p);
            self.closes_square.unset(p);
            for n in self.neighbours(p) {
                if self.free.get(n) && !self.on.get(n) {
                    self.alongside.set(n);
                }
            }
            self.mark_squares(p);
        }
    }

    /// Note, for each 2×2 square holding `p`, the one free cell left that would close it.
    fn mark_squares(&mut self, p: Pos) {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (Some(x0), Some(y0)) = (p.x.checked_sub(dx), p.y.checked_sub(dy)) else {
                continue;
            };
            let square = [(x0, y0), (x0 + 1, y0), (x0, y0 + 1), (x0 + 1, y0 + 1)]
                .map(|(x, y)| Pos::new(x, y));
            if !square.iter().all(|&q| self.free.get(q)) {
                continue;
            }
            let mut open = square.iter().filter(|&&q| !self.on.get(q));
            if let (Some(&last), None) = (open.next(), open.next()) {
                self.closes_square.set(last);
            }
        }
    }

    /// Whether some cell of `cells` would run beside a corridor laid before without joining
    /// it: a free cell beside a corridor, not on one, with a corridor cell beside it that
    /// `cells` does not go through. In a path, the cells beside a cell are nearly always
    /// the ones before and after it, looked at first: the time grows as its length, not
    /// its square.
    #[must_use]
    pub fn hugs(&self, cells: &[Pos]) -> bool {
        let on_path = |at: usize, n: Pos| {
            (at > 0 && cells[at - 1] == n) || cells.get(at + 1) == Some(&n) || cells.contains(&n)
        };
        cells.iter().enumerate().any(|(at, &p)| {
            self.alongside.get(p)
                && self
                    .neighbours(p)
                    .any(|n| self.on.get(n) && !on_path(at, n))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::grid::Grid;
    use crate::base::tile::Tile;

    #[test]
    fn a_corridor_marks_the_cells_beside_it_and_the_squares_it_would_close() {
        let tiles = Grid::new(6, 4, Tile::FREE);
        let mut laid = Laid::new(&BothWays::of(BitGrid::of(&tiles, |t| t.is_outside_rooms())));
        laid.add(&[Pos::new(1, 1), Pos::new(2, 1), Pos::new(2, 2)]);
        assert!(laid.on.get(Pos::new(2, 2)) && !laid.alongside.get(Pos::new(2, 2)));
        assert!(laid.alongside.get(Pos::new(1, 2)) && laid.alongside.get(Pos::new(3, 1)));
        // (1, 2) is the last cell of the square (1..2, 1..2).
        assert!(laid.closes_square.get(Pos::new(1, 2)));
        assert!(!laid.closes_square.get(Pos::new(3, 2)));
        assert!(laid.hugs(&[Pos::new(3, 0), Pos::new(3, 1)]));
        assert!(!laid.hugs(&[Pos::new(3, 1), Pos::new(2, 1)]));
        // The last cell is beside the first, a corridor's, which the path goes through.
        let mut laid = Laid::new(&BothWays::of(BitGrid::of(&tiles, |t| t.is_outside_rooms())));
        laid.add(&[Pos::new(2, 1)]);
        let around = [(2, 1), (3, 1), (3, 0), (2, 0)].map(|(x, y)| Pos::new(x, y));
        assert!(!laid.hugs(&around));
        assert!(laid.hugs(&around[2..]));
        assert_eq!(
            [0.0, 0.01, 0.5, 0.9, 1.0].map(Surcharge::of),
            [
                None,
                Some(Surcharge::Steps(1)),
                Some(Surcharge::Steps(4)),
                Some(Surcharge::Steps(36)),
                Some(Surcharge::Unbounded)
            ]
        );
    }
}
