//! The breadth-first flood of the original design, as one generic function: distances,
//! the farthest cell, connectivity and paths between rooms all come from it.
//!
//! A flood starts from one or more cells and reaches outward one step at a time (left, right,
//! up, down), visiting only cells its `select` predicate accepts. Each reached cell gets a
//! value computed from the cell that reached it first (the distance by default) and
//! remembers that cell in `came_from`, so a path back to a start can be rebuilt. A `goal`
//! predicate stops the flood at the first cell that satisfies it.
//!
//! `randomness` is the original design's knob: with that probability an expanded cell's neighbours are
//! visited in shuffled order, otherwise in the order left, right, up, down. The order decides
//! which of several equally short paths `came_from` records, never how far a cell is.
//!
//! ```
//! use dungeon_generator::flood::{Flood, FloodSpec};
//! use dungeon_generator::Pos;
//! use rand_pcg::Pcg64Mcg;
//!
//! let mut flood = Flood::new(10, 10);
//! let wall = |p: Pos| p.x == 5 && p.y < 9;
//! let mut rng = Pcg64Mcg::new(7);
//! flood.run(&[Pos::new(0, 0)], &mut FloodSpec::new().select(|p| !wall(p)), &mut rng);
//! // Around the wall's lower end: 9 steps down, 9 across, 9 back up.
//! assert_eq!(flood.value(Pos::new(9, 0)), Some(&27));
//! let path = flood.path_to(Pos::new(9, 0)).unwrap();
//! assert_eq!(path.len(), 28);
//! ```

use rand::{Rng, RngExt};

use crate::base::grid::{Dir, Pos, index, step_within};

/// What a flood visits, what it computes per cell and when it stops; built step by step
/// from [`FloodSpec::new`], which floods every cell with its distance from the starts.
pub struct FloodSpec<S, G, N, V> {
    select: S,
    goal: G,
    next_value: N,
    initial: V,
    randomness: f64,
}

/// The default `select`: every cell.
pub type AnyCell = fn(Pos) -> bool;
/// The default `goal`: none, the flood runs until nothing is left to reach.
pub type NoGoal = fn(Pos) -> bool;
/// The default value: the number of steps from the nearest start.
pub type Distance = fn(&u32, Pos, Pos) -> u32;

impl Default for FloodSpec<AnyCell, NoGoal, Distance, u32> {
    fn default() -> Self {
        Self::new()
    }
}

impl FloodSpec<AnyCell, NoGoal, Distance, u32> {
    /// Every cell, no goal, distances from the starts, no randomness.
    #[must_use]
    pub fn new() -> Self {
        Self {
            select: |_| true,
            goal: |_| false,
            next_value: |d, _, _| d + 1,
            initial: 0,
            randomness: 0.0,
        }
    }
}

impl<S, G, N, V> FloodSpec<S, G, N, V>
where
    S: FnMut(Pos) -> bool,
    G: FnMut(Pos) -> bool,
    N: FnMut(&V, Pos, Pos) -> V,
{
    /// Visit only the cells for which `select` answers true (starts are always visited).
    #[must_use]
    pub fn select<S2: FnMut(Pos) -> bool>(self, select: S2) -> FloodSpec<S2, G, N, V> {
        FloodSpec {
            select,
            goal: self.goal,
            next_value: self.next_value,
            initial: self.initial,
            randomness: self.randomness,
        }
    }

    /// Stop as soon as a reached cell satisfies `goal` (a start included).
    #[must_use]
    pub fn goal<G2: FnMut(Pos) -> bool>(self, goal: G2) -> FloodSpec<S, G2, N, V> {
        FloodSpec {
            select: self.select,
            goal,
            next_value: self.next_value,
            initial: self.initial,
            randomness: self.randomness,
        }
    }

    /// Give the starts `initial` and every other cell `next_value(value, from, to)` where
    /// `from` is the cell that reached `to` first and `value` is `from`'s value.
    #[must_use]
    pub fn values<V2, N2: FnMut(&V2, Pos, Pos) -> V2>(
        self,
        initial: V2,
        next_value: N2,
    ) -> FloodSpec<S, G, N2, V2> {
        FloodSpec {
            select: self.select,
            goal: self.goal,
            next_value,
            initial,
            randomness: self.randomness,
        }
    }

    /// The chance, per expanded cell, that its neighbours are visited in shuffled order.
    /// Values outside 0–1 act as 0 or 1.
    #[must_use]
    pub fn randomness(mut self, randomness: f64) -> Self {
        self.randomness = randomness;
        self
    }
}

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

/// A breadth-first flood over a `width × height` rectangle and what it found. Keep one and
/// [`run`](Flood::run) it again and again: its memory is reused.
#[derive(Clone, Debug)]
pub struct Flood<V> {
    width: u32,
    height: u32,
    visits: Visits<V>,
    order: Vec<Pos>,
    goal: Option<Pos>,
}

impl<V: Clone> Flood<V> {
    /// An empty flood over a `width × height` rectangle; nothing is reached until it runs.
    #[must_use]
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            visits: Visits::default(),
            order: Vec::new(),
            goal: None,
        }
    }

    /// Flood from `starts` (those outside the rectangle are ignored) under `spec`, drawing
    /// the neighbour shuffles from `rng`. Forgets the previous run.
    pub fn run<S, G, N, R>(&mut self, starts: &[Pos], spec: &mut FloodSpec<S, G, N, V>, rng: &mut R)
    where
        S: FnMut(Pos) -> bool,
        G: FnMut(Pos) -> bool,
        N: FnMut(&V, Pos, Pos) -> V,
        R: Rng + ?Sized,
    {
        let (w, h) = (self.width, self.height);
        let len = w as usize * h as usize;
        self.visits.reset(len, &spec.initial);
        self.order.clear();
        self.goal = None;
        let index = |p: Pos| index(w, p);

        for &start in starts {
            if start.x >= w || start.y >= h || self.visits.is_seen(index(start)) {
                continue;
            }
            let i = index(start);
            self.visits.mark(i, None, spec.initial.clone());
            self.order.push(start);
            if (spec.goal)(start) {
                self.goal = Some(start);
                return;
            }
        }

        let mut head = 0;
        while let Some(&current) = self.order.get(head) {
            head += 1;
            let ci = index(current);
            for &d in neighbour_order(spec.randomness, rng) {
                let Some(next) = step_within(w, h, current, d) else {
                    continue;
                };
                let ni = index(next);
                if self.visits.is_seen(ni) || !(spec.select)(next) {
                    continue;
                }
                let value = (spec.next_value)(self.visits.data(ci), current, next);
                self.visits.mark(ni, Some(ci), value);
                self.order.push(next);
                if (spec.goal)(next) {
                    self.goal = Some(next);
                    return;
                }
            }
        }
    }
}

impl<V> Flood<V> {
    fn index(&self, p: Pos) -> Option<usize> {
        (p.x < self.width && p.y < self.height).then(|| index(self.width, p))
    }

    /// Whether the last run reached `p`.
    #[must_use]
    pub fn reached(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.visits.is_seen(i))
    }

    /// The value the last run gave `p`, if it reached it.
    #[must_use]
    pub fn value(&self, p: Pos) -> Option<&V> {
        self.index(p)
            .filter(|&i| self.visits.is_seen(i))
            .map(|i| self.visits.data(i))
    }

    /// The cell that reached `p` first; `None` for a start or a cell not reached.
    #[must_use]
    pub fn came_from(&self, p: Pos) -> Option<Pos> {
        let i = self.index(p)?;
        let from = self.visits.came_from(i)?;
        Some(self.pos(from))
    }

    /// The reached cells in the order the flood reached them, starts first.
    #[must_use]
    pub fn order(&self) -> &[Pos] {
        &self.order
    }

    /// The cell that satisfied the goal and stopped the flood, if any.
    #[must_use]
    pub fn goal(&self) -> Option<Pos> {
        self.goal
    }

    /// The path the flood took from a start to `p`, start first and `p` last; `None` when
    /// `p` was not reached.
    #[must_use]
    pub fn path_to(&self, p: Pos) -> Option<Vec<Pos>> {
        let i = self.index(p)?;
        let path = self.visits.reconstruct_path(i)?;
        Some(path.into_iter().map(|i| self.pos(i)).collect())
    }

    fn pos(&self, i: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((i % w) as u32, (i / w) as u32)
    }
}

/// The lean flood, for callers that keep their own record of what it reached: from
/// `starts` (all reached), breadth first, neighbours in the original's order (left, right, up,
/// down). `enter(from, to)` is asked about each neighbour `to` of a reached cell `from`
/// and answers whether the flood reaches `to`; it must remember its yes, answering no
/// when asked again, as a mark on the caller's grid does. So it reaches the cells
/// [`Flood::run`] reaches without randomness, in the same order, without memory of its own
/// for the grid. Returns them, starts first.
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
