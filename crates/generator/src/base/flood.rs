//! The breadth-first flood of the original design, as the searches use it: the memory of
//! which cells a search reached and from where ([`Visits`]), the order in which a cell's
//! neighbours are visited (left, right, up, down, or with chance `randomness` shuffled:
//! the original design's knob, which decides which of several equally short paths is
//! taken, never how long it is), and the lean flood [`fill`]. The walks a game asks for
//! (`Dungeon::distances`, `Dungeon::path`) are its plain form, without randomness.

use rand::{Rng, RngExt};

use crate::base::grid::{Dir, Pos, step_within};

/// Sentinel for "no cell" in index arrays.
const NONE: u32 = u32::MAX;

/// Which cells a search has reached ("open") or finished with ("closed") in its current
/// run, from where, and what it knows of each (`X`). One slot per cell keeps a cell's facts
/// in one cache line; forgetting a run takes O(1), so one allocation serves many runs.
#[derive(Clone, Debug)]
pub(crate) struct Visits<X> {
    /// Even; a cell is open in this run when its state equals it, closed when one more.
    stamp: u32,
    slots: Vec<Slot<X>>,
}

#[derive(Clone, Debug)]
struct Slot<X> {
    state: u32,
    came_from: u32,
    data: X,
}

impl<X> Default for Visits<X> {
    fn default() -> Self {
        Self {
            stamp: 0,
            slots: Vec::new(),
        }
    }
}

impl<X: Clone> Visits<X> {
    /// Forget every visit and make room for `len` cells (`blank` fills new slots).
    pub(crate) fn reset(&mut self, len: usize, blank: &X) {
        if self.slots.len() != len || self.stamp >= u32::MAX - 2 {
            self.slots.clear();
            self.slots.resize(
                len,
                Slot {
                    state: 0,
                    came_from: NONE,
                    data: blank.clone(),
                },
            );
            self.stamp = 0;
        }
        self.stamp += 2;
    }
}

impl<X> Visits<X> {
    /// How many cells the memory holds a slot for.
    pub(crate) fn cells(&self) -> usize {
        self.slots.len()
    }

    /// Whether `i` was reached in this run (open or closed).
    #[inline]
    pub(crate) fn is_seen(&self, i: usize) -> bool {
        self.slots[i].state | 1 == self.stamp | 1
    }

    #[inline]
    pub(crate) fn is_closed(&self, i: usize) -> bool {
        self.slots[i].state == self.stamp + 1
    }

    /// Mark cell `i` reached (open) from `from` (`None` for a start), knowing `data`.
    #[inline]
    pub(crate) fn mark(&mut self, i: usize, from: Option<usize>, data: X) {
        self.slots[i] = Slot {
            state: self.stamp,
            came_from: from.map_or(NONE, |f| f as u32),
            data,
        };
    }

    /// Mark a reached cell finished: nothing will change its path any more.
    #[inline]
    pub(crate) fn close(&mut self, i: usize) {
        self.slots[i].state = self.stamp + 1;
    }

    /// What is known of cell `i`; meaningful only when it was reached in this run.
    #[inline]
    pub(crate) fn data(&self, i: usize) -> &X {
        &self.slots[i].data
    }

    /// The cell that reached `i`, if `i` was reached and is not a start.
    #[inline]
    pub(crate) fn came_from(&self, i: usize) -> Option<usize> {
        let from = self.slots[i].came_from;
        (self.is_seen(i) && from != NONE).then_some(from as usize)
    }

    /// The cells from a start to `i`, both ends included, or `None` when `i` was not reached.
    pub(crate) fn reconstruct_path(&self, i: usize) -> Option<Vec<usize>> {
        if !self.is_seen(i) {
            return None;
        }
        let mut path = vec![i];
        let mut at = i;
        while let Some(from) = self.came_from(at) {
            path.push(from);
            at = from;
        }
        path.reverse();
        Some(path)
    }
}

/// Every order of the four directions; the first is the original's order.
const ORDERS: [[Dir; 4]; 24] = all_orders();

const fn all_orders() -> [[Dir; 4]; 24] {
    let mut orders = [Dir::ALL; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    let d = 6 - a - b - c;
                    orders[n] = [Dir::ALL[a], Dir::ALL[b], Dir::ALL[c], Dir::ALL[d]];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    orders
}

/// The order in which an expanded cell's neighbours are visited: with chance `randomness`
/// a uniformly shuffled order, otherwise left, right, up, down.
#[inline]
pub(crate) fn neighbour_order<R: Rng + ?Sized>(randomness: f64, rng: &mut R) -> &'static [Dir; 4] {
    let shuffle = randomness >= 1.0 || (randomness > 0.0 && rng.random::<f64>() < randomness);
    if shuffle {
        &ORDERS[crate::base::streams::below(rng, 24) as usize]
    } else {
        &ORDERS[0]
    }
}

/// The lean flood, for callers that keep their own record of what it reached: from
/// `starts` (all reached), breadth first, neighbours in the original's order (left, right, up,
/// down). `enter(from, to)` is asked about each neighbour `to` of a reached cell `from`
/// and answers whether the flood reaches `to`; it must remember its yes, answering no
/// when asked again, as a mark on the caller's grid does. So it reaches the cells a
/// flood without randomness reaches, in the same order, without memory of its own for the
/// grid. Returns them, starts first.
pub fn fill(
    width: u32,
    height: u32,
    starts: Vec<Pos>,
    mut enter: impl FnMut(Pos, Pos) -> bool,
) -> Vec<Pos> {
    let mut order = starts;
    let mut head = 0;
    while let Some(&here) = order.get(head) {
        head += 1;
        for d in Dir::ALL {
            if let Some(next) = step_within(width, height, here, d)
                && enter(here, next)
            {
                order.push(next);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_the_24_distinct_permutations_seed_order_first() {
        assert_eq!(ORDERS[0], Dir::ALL);
        for (i, a) in ORDERS.iter().enumerate() {
            for b in &ORDERS[i + 1..] {
                assert_ne!(a, b);
            }
            for d in Dir::ALL {
                assert!(a.contains(&d));
            }
        }
    }
}
