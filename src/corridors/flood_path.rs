//! Flood paths (`000`, `001`): the shortest route from one room to another, found by a flood
//! that starts from every cell of the first room and stops at the first cell of the second.
//!
//! The flood is guided (A*): it reaches first the cells whose distance so far plus a lower
//! bound on the distance still to go is least, and among those the newest, so an open route
//! costs about its own length instead of every cell within that distance. The bound is the
//! straight distance to the target room's bounding box, or the landmarks' bound when a map
//! has them. The length it finds is the one a plain breadth-first flood finds. As in the
//! seeds, each expanded cell visits its neighbours in shuffled order with chance
//! `randomness`: 0 gives straight, well-ordered paths, 1 wiggly ones, never longer.
//!
//! When other rooms wall a room in, [`Crossing::Allowed`] lets the path cross them, taking
//! the route that crosses the fewest cells of other rooms and, among those, the shortest.

use rand::Rng;

use crate::flood::{Visits, neighbour_order};
use crate::grid::{Grid, Pos, step_within};
use crate::tile::Tile;

use super::landmarks::{DoorSpan, Landmarks};

/// Whether a path may cross rooms other than the two it joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// Only free cells (and other paths) between the two rooms.
    Forbidden,
    /// Other rooms' cells too, as few as possible.
    Allowed,
}

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The cells of the room to start from.
    pub from_cells: &'a [Pos],
    /// The index of the room to reach.
    pub to: u32,
    /// The target room's bounding box (top-left, bottom-right, both inside).
    pub to_bounds: (Pos, Pos),
    pub crossing: Crossing,
    pub randomness: f64,
    /// Landmarks and their distances to the target room's doors, to guide the search
    /// through free cells; not used when crossing is allowed.
    pub guide: Option<(&'a Landmarks, DoorSpan)>,
}

/// A route from a cell of one room to a cell of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// From the first room's cell to the second room's cell, both included, each a step
    /// left, right, up or down from the one before.
    pub cells: Vec<Pos>,
    /// How many cells of other rooms it crosses.
    pub crossed: u32,
}

/// What reaching a cell cost: other rooms' cells crossed, then steps. Compared in that order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Cost {
    crossed: u32,
    steps: u32,
}

/// Reusable memory for path searches over one map.
#[derive(Debug, Default)]
pub struct PathSearch {
    visits: Visits<Cost>,
    starts: Vec<(u32, u32)>,
    queue: LevelQueue,
    /// Free cells the last search closed.
    free_reached: usize,
}

impl PathSearch {
    /// The route `query` asks for on `tiles`, or `None` when none exists (no free cells join
    /// the rooms and crossing is forbidden, or a room has no cells on the map).
    pub fn find<R: Rng + ?Sized>(
        &mut self,
        tiles: &Grid<Tile>,
        query: &Query<'_>,
        rng: &mut R,
    ) -> Option<Route> {
        let (w, h) = (tiles.width(), tiles.height());
        let len = tiles.len();
        self.visits.reset(len, &Cost::default());
        let cells = tiles.as_slice();
        let target = Tile::of_room(query.to);
        let allowed = query.crossing == Crossing::Allowed;
        let guide = query.guide.filter(|_| !allowed);
        let (lo, hi) = query.to_bounds;
        // A lower bound on the steps from `p` (index `i`) into the target.
        let estimate = |p: Pos, i: usize| -> u32 {
            let dx = lo.x.saturating_sub(p.x) + p.x.saturating_sub(hi.x);
            let dy = lo.y.saturating_sub(p.y) + p.y.saturating_sub(hi.y);
            match guide {
                Some((landmarks, span)) if cells[i].is_free() => {
                    landmarks.estimate(i, &span).max(dx + dy)
                }
                _ => dx + dy,
            }
        };

        // Start from the room's cells that have a neighbour outside it, nearest first.
        self.starts.clear();
        for &start in query.from_cells {
            let Some(i) = tiles.index_of(start) else {
                continue;
            };
            let inner = tiles.neighbours(start).all(|n| tiles[n] == cells[i]);
            if inner || self.visits.is_seen(i) {
                continue;
            }
            self.visits.mark(i, None, Cost::default());
            self.starts.push((estimate(start, i), pack(start)));
        }
        let nearest = self.starts.iter().map(|&(e, _)| e).min().unwrap_or(0);
        self.queue.reset(nearest);
        for &(e, start) in &self.starts {
            self.queue.push(0, e, start);
        }

        self.free_reached = 0;
        while let Some(item) = self.queue.pop() {
            let here = unpack(item);
            let ci = here.y as usize * w as usize + here.x as usize;
            if self.visits.is_closed(ci) {
                continue;
            }
            self.visits.close(ci);
            self.free_reached += usize::from(cells[ci].is_free());
            if cells[ci] == target {
                let path = self.visits.reconstruct_path(ci)?;
                return Some(Route {
                    cells: path.into_iter().map(|i| tiles.pos_of(i)).collect(),
                    crossed: self.visits.data(ci).crossed,
                });
            }
            let here_cost = *self.visits.data(ci);
            for &d in neighbour_order(query.randomness, rng) {
                let Some(next) = step_within(w, h, here, d) else {
                    continue;
                };
                let ni = next.y as usize * w as usize + next.x as usize;
                let tile = cells[ni];
                let crossed = if tile.is_free() || tile == target {
                    here_cost.crossed
                } else if allowed {
                    here_cost.crossed + 1
                } else {
                    continue;
                };
                let cost = Cost {
                    crossed,
                    steps: here_cost.steps + 1,
                };
                if self.visits.is_seen(ni)
                    && (self.visits.is_closed(ni) || *self.visits.data(ni) <= cost)
                {
                    continue;
                }
                self.visits.mark(ni, Some(ci), cost);
                let key = cost.steps + estimate(next, ni);
                self.queue.push(cost.crossed, key, pack(next));
            }
        }
        None
    }
}

impl PathSearch {
    /// How many free cells the last search reached before it ended: after a search without
    /// crossings that found nothing, every free cell the start room reaches.
    #[must_use]
    pub fn free_cells_reached(&self) -> usize {
        self.free_reached
    }
}

/// A cell in one `u32` for the queue (maps are at most 65 536 cells a side).
fn pack(p: Pos) -> u32 {
    (p.y << 16) | p.x
}

fn unpack(v: u32) -> Pos {
    Pos::new(v & 0xffff, v >> 16)
}

/// A priority queue of cells keyed by (crossings, estimated length): fewest crossings
/// first, then the shortest estimate, then the newest. A stack per key, so pushing and
/// popping cost O(1) however many cells wait.
#[derive(Debug, Default)]
struct LevelQueue {
    /// One per number of crossings; the first always exists after `reset`.
    levels: Vec<Buckets>,
    /// No level below this one holds a cell.
    level: usize,
}

impl LevelQueue {
    /// Empty the queue, expecting no key below `base` without crossings.
    fn reset(&mut self, base: u32) {
        if self.levels.is_empty() {
            self.levels.push(Buckets::default());
        }
        for level in &mut self.levels {
            level.clear();
        }
        self.levels[0].base = base;
        self.level = 0;
    }

    #[inline]
    fn push(&mut self, crossed: u32, key: u32, item: u32) {
        if crossed == 0 {
            self.level = 0;
            self.levels[0].push(key, item);
            return;
        }
        let level = crossed as usize;
        if level >= self.levels.len() {
            self.levels.resize_with(level + 1, Buckets::default);
        }
        if self.levels[level].len == 0 {
            self.levels[level].base = key;
        }
        self.level = self.level.min(level);
        self.levels[level].push(key, item);
    }

    fn pop(&mut self) -> Option<u32> {
        while let Some(level) = self.levels.get_mut(self.level) {
            if let Some(item) = level.pop() {
                return Some(item);
            }
            self.level += 1;
        }
        None
    }
}

/// One stack per key from `base` up; `cursor` is at or below the lowest non-empty one.
#[derive(Debug, Default)]
struct Buckets {
    base: u32,
    cursor: usize,
    stacks: Vec<Vec<u32>>,
    len: usize,
}

impl Buckets {
    fn clear(&mut self) {
        if self.len > 0 {
            for stack in &mut self.stacks[self.cursor..] {
                stack.clear();
            }
        }
        self.len = 0;
        self.cursor = 0;
    }

    #[inline]
    fn push(&mut self, key: u32, item: u32) {
        if key < self.base {
            // Only a level with crossings can see a key below its first one.
            let shift = (self.base - key) as usize;
            self.stacks
                .splice(0..0, std::iter::repeat_with(Vec::new).take(shift));
            self.base = key;
            self.cursor += shift;
        }
        let k = (key - self.base) as usize;
        if k >= self.stacks.len() {
            self.stacks.resize_with(k + 1, Vec::new);
        }
        self.stacks[k].push(item);
        self.cursor = self.cursor.min(k);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        while self.stacks[self.cursor].is_empty() {
            self.cursor += 1;
        }
        self.len -= 1;
        self.stacks[self.cursor].pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_pops_fewest_crossings_then_smallest_key_then_newest() {
        let mut q = LevelQueue::default();
        q.reset(2);
        for (crossed, key, item) in [
            (0, 5, 1),
            (0, 3, 2),
            (0, 5, 3),
            (0, 3, 4),
            (1, 1, 5),
            (0, 9, 6),
            (0, 2, 7),
        ] {
            q.push(crossed, key, item);
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, vec![7, 4, 2, 3, 1, 6, 5]);
        q.reset(8);
        q.push(0, 8, 9);
        assert_eq!(q.pop(), Some(9));
        assert_eq!(q.pop(), None);
    }
}
