//! Paths across rooms, for a room that other rooms wall in: the route from one room towards
//! another that crosses the fewest cells of other rooms.
//!
//! It is a flood from every cell of the first room, guided (A*): it reaches first the cells
//! with the fewest crossings so far plus a lower bound on those still to come, then the
//! shortest so far plus the straight distance still to go, then the newest. The bounds come
//! from landmarks on big crowded maps. It stops at the first cell of the second room, or at
//! the first free cell from which free cells lead there (the rest of the way crosses
//! nothing, and a free-cell search finishes it). As in the seeds, each expanded cell visits
//! its neighbours in shuffled order with chance `randomness`.

use rand::Rng;

use crate::base::flood::{Visits, neighbour_order};
use crate::base::grid::{Grid, Pos, Rect, index, step_within};
use crate::base::tile::Tile;

use super::landmarks::{Landmarks, Span};

/// A route from a cell of one room towards another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// From the first room's cell to a cell of the second room, or to a free cell from which
    /// free cells lead there; each a step left, right, up or down from the one before.
    pub cells: Vec<Pos>,
    /// How many cells of other rooms it crosses.
    pub crossed: u32,
}

/// How many cells a crossing search reaches between two looks at whether to stop: well
/// under a millisecond's work.
const STOP_EVERY: u32 = 1 << 12;

/// What reaching a cell cost: other rooms' cells crossed, then steps. Compared in that order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Cost {
    crossed: u32,
    steps: u32,
}

/// Reusable memory for crossing searches over one map.
#[derive(Debug, Default)]
pub struct CrossingSearch {
    visits: Visits<Cost>,
    /// The start cells with their estimates, before they go into the queue.
    starts: Vec<((u32, u32), u32)>,
    queue: LevelQueue,
}

impl CrossingSearch {
    /// How many cells its memory holds a slot for: those of the last map searched.
    pub fn cells(&self) -> usize {
        self.visits.cells()
    }

    /// The route from a cell of the room with cells `from_cells` towards room `to`, whose
    /// cells lie within `to_bounds`, crossing the fewest cells of
    /// other rooms. It ends in the room, or at a free cell (by row-major index) for which
    /// `leads_in` answers true. `guide` holds landmarks counting room cells entered, with
    /// their span over the target's cells. `None` when a room has no cells on the map, or
    /// when `stop` answers true (asked before the search starts, as its memory for a big
    /// map's first search takes a while, and every [`STOP_EVERY`] cells reached): the
    /// search was called off.
    #[allow(clippy::too_many_arguments)]
    pub fn find<R: Rng + ?Sized>(
        &mut self,
        tiles: &Grid<Tile>,
        from_cells: &[Pos],
        to: u32,
        to_bounds: Rect,
        leads_in: impl Fn(usize) -> bool,
        guide: Option<(&Landmarks, Span)>,
        (randomness, rng): (f64, &mut R),
        stop: impl Fn() -> bool,
    ) -> Option<Route> {
        if stop() {
            return None;
        }
        let (w, h) = (tiles.width(), tiles.height());
        self.visits.reset(tiles.len(), &Cost::default());
        let cells = tiles.as_slice();
        let target = Tile::of_room(to);
        // Lower bounds on (crossings, steps) from `p` (index `i`) into the target.
        let estimate = |p: Pos, i: usize| -> (u32, u32) {
            let crossings = guide.as_ref().map_or(0, |(landmarks, span)| {
                // The landmarks count the target's own cell, and `p` itself when it is a
                // room cell; the search counts neither.
                let gap = landmarks.gap(i, span);
                let own = u32::from(!cells[i].is_outside_rooms());
                gap.below
                    .saturating_sub(1)
                    .max(gap.above.saturating_sub(own))
            });
            (crossings, to_bounds.distance_to(p))
        };

        // Start from the room's cells that have a neighbour outside it.
        self.starts.clear();
        for &start in from_cells {
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
        let nearest = self.starts.iter().map(|&((_, e), _)| e).min().unwrap_or(0);
        self.queue.reset(nearest);
        for &((crossings, steps), start) in &self.starts {
            self.queue.push(crossings, steps, start);
        }

        let mut reached: u32 = 0;
        while let Some(item) = self.queue.pop() {
            let here = unpack(item);
            let ci = index(w, here);
            if self.visits.is_closed(ci) {
                continue;
            }
            self.visits.close(ci);
            reached = reached.wrapping_add(1);
            if reached.is_multiple_of(STOP_EVERY) && stop() {
                return None;
            }
            if cells[ci] == target || (cells[ci].is_outside_rooms() && leads_in(ci)) {
                let path = self.visits.reconstruct_path(ci)?;
                return Some(Route {
                    cells: path.into_iter().map(|i| tiles.pos_of(i)).collect(),
                    crossed: self.visits.data(ci).crossed,
                });
            }
            let here_cost = *self.visits.data(ci);
            for &d in neighbour_order(randomness, rng) {
                let Some(next) = step_within(w, h, here, d) else {
                    continue;
                };
                let ni = index(w, next);
                let tile = cells[ni];
                // A closed room's wall is crossed only at its doors.
                if tile == Tile::WALL {
                    continue;
                }
                let entered = u32::from(!(tile.is_outside_rooms() || tile == target));
                let cost = Cost {
                    crossed: here_cost.crossed + entered,
                    steps: here_cost.steps + 1,
                };
                if self.visits.is_seen(ni)
                    && (self.visits.is_closed(ni) || *self.visits.data(ni) <= cost)
                {
                    continue;
                }
                self.visits.mark(ni, Some(ci), cost);
                let (crossings, steps) = estimate(next, ni);
                self.queue
                    .push(cost.crossed + crossings, cost.steps + steps, pack(next));
            }
        }
        None
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
/// Levels of a [`LevelQueue`] whose memory a search keeps for the next.
const KEPT_LEVELS: usize = 32;

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
        // Keep the memory of the levels of few crossings, which most searches use (a stack
        // made afresh for each key of each level costs more than what goes on it); many
        // crossings are rare.
        self.levels.truncate(KEPT_LEVELS);
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
            self.levels[level].base = key.saturating_sub(ROOM_BELOW);
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

/// Keys a level with crossings keeps room for below its lowest, when it first gets one and
/// when one comes below that.
const ROOM_BELOW: u32 = 32;

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
            self.room_below(key);
        }
        let k = (key - self.base) as usize;
        if k >= self.stacks.len() {
            self.stacks.resize_with(k + 1, Vec::new);
        }
        self.stacks[k].push(item);
        self.cursor = self.cursor.min(k);
        self.len += 1;
    }

    /// Make room for `key`, below the lowest key so far. Only a level with crossings can
    /// see a key below its first one. Such keys come one below another: room for
    /// [`ROOM_BELOW`] keys more moves the stacks now and then, not at each (empty stacks
    /// change no order). Apart from [`Buckets::push`], which then inlines.
    #[cold]
    #[inline(never)]
    fn room_below(&mut self, key: u32) {
        let shift = ((self.base - key) as usize)
            .max(ROOM_BELOW as usize)
            .min(self.base as usize);
        self.stacks
            .splice(0..0, std::iter::repeat_with(Vec::new).take(shift));
        self.base -= shift as u32;
        self.cursor += shift;
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

    #[test]
    fn a_search_called_off_stops_and_one_left_alone_crosses() {
        // Room 0 in one corner of a 130 × 130 room 1, room 2 in the other: the way crosses
        // 257 cells of room 1, and the search reaches nearly every cell before it ends.
        let mut tiles = Grid::new(130, 130, Tile::of_room(1));
        let (from, to) = (Pos::new(0, 0), Pos::new(129, 129));
        tiles[from] = Tile::of_room(0);
        tiles[to] = Tile::of_room(2);
        let asked = std::cell::Cell::new(0);
        let mut search = CrossingSearch::default();
        let mut find = |stop: &dyn Fn() -> bool| {
            let mut rng = crate::base::streams::stream(1, crate::base::streams::Stage::Path, 0);
            search.find(
                &tiles,
                &[from],
                2,
                Rect::at(to),
                |_| false,
                None,
                (0.0, &mut rng),
                stop,
            )
        };
        let route = find(&|| {
            asked.set(asked.get() + 1);
            false
        })
        .expect("a route across room 1");
        assert_eq!((route.crossed, route.cells.last()), (257, Some(&to)));
        // Asked before it starts and now and then, not at every cell.
        assert!(
            (2..=1 + 130 * 130 / STOP_EVERY).contains(&asked.get()),
            "asked {} times",
            asked.get()
        );
        assert_eq!(find(&|| true), None, "called off");
    }
}
