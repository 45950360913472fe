//! Shortest paths through free cells by a bit-parallel flood, 64 cells per instruction.
//!
//! Orient the window around the two rooms so that the target lies down and to the right.
//! A path from room A to a cell `v` with `k` steps left or up is `s(v) − s(a) + 2k` long,
//! where `s = x + y`; so the flood runs in layers of equal *potential* `φ = length − s`.
//! Within a layer, cells are reached by steps right and down only, which a sweep over the
//! window's rows does for 64 cells at a time (an addition fills a run of free bits); a
//! step left or up moves a cell two layers on. The flood starts from every free cell beside
//! room A and stops once no later layer can reach room B sooner. It is exact: the length it
//! finds is the one a breadth-first flood finds.
//!
//! The flood stays inside the rooms' bounding box widened by a margin; a path that leaves
//! it is at least twice the margin longer than the rooms' straight distance, so a shorter
//! path found inside is the shortest anywhere, and otherwise the margin doubles.
//!
//! The path is then walked back from room B, choosing among the cells one step nearer to
//! room A in the order the randomness knob gives (as the original's flood does): always the same
//! order gives straight, well-ordered paths, shuffled orders wiggly ones.

use rand::Rng;

use crate::base::flood::neighbour_order;
use crate::base::grid::{Dir, Grid, Pos, Rect, step_within};
use crate::base::tile::Tile;

/// How a path the flood found is walked back from its end: among the cells one step
/// nearer the start, in the order the original's randomness gives (0 straight and tidy, 1
/// wiggly), or keeping the direction of the step before whenever it can, for corridors
/// that run straight and turn only where they must.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Walk {
    Wiggle(f64),
    Straight,
}

/// The four directions, `ahead` first.
fn straight_on(ahead: Option<Dir>) -> [Dir; 4] {
    let mut order = Dir::ALL;
    if let Some(d) = ahead {
        let at = order.iter().position(|&o| o == d).unwrap_or(0);
        order[..=at].rotate_right(1);
    }
    order
}

/// The free cells of a map as bits, row by row.
#[derive(Debug)]
pub struct FreeBits {
    width: u32,
    height: u32,
    words_per_row: usize,
    words: Vec<u64>,
}

impl FreeBits {
    #[must_use]
    pub fn new(tiles: &Grid<Tile>) -> Self {
        let (width, height) = (tiles.width(), tiles.height());
        let words_per_row = (width as usize).div_ceil(64);
        let mut words = vec![0u64; words_per_row * height as usize];
        for y in 0..height {
            for (x, tile) in tiles.row(y).iter().enumerate() {
                if tile.is_outside_rooms() {
                    words[y as usize * words_per_row + x / 64] |= 1 << (x % 64);
                }
            }
        }
        Self {
            width,
            height,
            words_per_row,
            words,
        }
    }

    /// The 64 bits of row `y` from column `start` on (columns off the map read as taken).
    fn bits_at(&self, y: u32, start: i64) -> u64 {
        let row = &self.words[y as usize * self.words_per_row..][..self.words_per_row];
        let word = |i: i64| -> u64 {
            usize::try_from(i)
                .ok()
                .and_then(|i| row.get(i))
                .copied()
                .unwrap_or(0)
        };
        let (w, offset) = (start.div_euclid(64), start.rem_euclid(64) as u32);
        if offset == 0 {
            word(w)
        } else {
            (word(w) >> offset) | (word(w + 1) << (64 - offset))
        }
    }
}

/// A cell of the window in its own orientation: `x` right, `y` down, towards the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Local {
    x: u32,
    y: u32,
}

/// Which way the window is turned: the map's cells it covers and whether its x and y run
/// against the map's.
#[derive(Clone, Copy, Debug)]
struct Frame {
    area: Rect,
    flip_x: bool,
    flip_y: bool,
}

/// `value` counted from `low` or, flipped, back from `high`; and back again.
const fn turn(value: u32, low: u32, high: u32, flip: bool) -> u32 {
    if flip { high - value } else { value - low }
}

const fn unturn(value: u32, low: u32, high: u32, flip: bool) -> u32 {
    if flip { high - value } else { low + value }
}

impl Frame {
    fn width(&self) -> u32 {
        self.area.width()
    }

    fn height(&self) -> u32 {
        self.area.height()
    }

    /// The map row of window row `y`.
    fn row(&self, y: u32) -> u32 {
        unturn(y, self.area.y0, self.area.y1, self.flip_y)
    }

    fn local(&self, p: Pos) -> Option<Local> {
        let a = &self.area;
        a.contains(p).then(|| Local {
            x: turn(p.x, a.x0, a.x1, self.flip_x),
            y: turn(p.y, a.y0, a.y1, self.flip_y),
        })
    }

    fn global(&self, l: Local) -> Pos {
        let a = &self.area;
        Pos::new(
            unturn(l.x, a.x0, a.x1, self.flip_x),
            unturn(l.y, a.y0, a.y1, self.flip_y),
        )
    }
}

/// Cells of one layer: (row, word, bits), sorted by row then word.
type Layer = Vec<(u32, u32, u64)>;

/// Where a flood first reached the target: the door (the free cell beside it), the layer
/// that reached the door, the steps from room A into the target through it, and the
/// potential of layer 0.
#[derive(Clone, Copy, Debug)]
struct Reached {
    door: Local,
    layer: usize,
    length: u32,
    lowest: i64,
}

/// Reusable memory for wavefront searches.
#[derive(Debug, Default)]
pub struct Wavefront {
    /// Free and not yet reached, per window word.
    open: Vec<u64>,
    /// Free cells beside the target room, per window word.
    doors: Vec<u64>,
    layers: Vec<Layer>,
    /// Start cells, per layer.
    seeds: Vec<Layer>,
    /// One row's seeds, per word.
    scratch: Vec<u64>,
    /// The cells the last row reached, to carry a step down.
    row_out: Vec<(u32, u64)>,
    /// How many of `layers` and `seeds` the last flood used.
    used: usize,
}

/// One end of a path: a room's cells (or a single free cell), the smallest rectangle
/// holding them, and the free cells beside them (its doors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEnd {
    pub cells: Vec<Pos>,
    pub bounds: Rect,
    pub doors: Vec<Pos>,
}

impl PathEnd {
    /// The side made of `cells` on `tiles`; `None` when there are no cells.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, cells: &[Pos]) -> Option<Self> {
        let bounds = Rect::around(cells.iter().copied())?;
        // Up to four per cell, but a room's cells mostly neighbour each other: room for
        // two per cell spares most rooms regrowing the list.
        let mut doors: Vec<Pos> = Vec::with_capacity(2 * cells.len() + 2);
        doors.extend(
            cells
                .iter()
                .flat_map(|&c| tiles.neighbours(c))
                .filter(|&n| tiles[n].is_outside_rooms()),
        );
        doors.sort_unstable_by_key(|p| (p.y, p.x));
        doors.dedup();
        Some(Self {
            cells: cells.to_vec(),
            bounds,
            doors,
        })
    }
}

impl Wavefront {
    /// The shortest path through free cells from a cell of `from` to a cell of the room
    /// `to`, both ends included; `None` when free cells do not join them.
    pub fn find<R: Rng + ?Sized>(
        &mut self,
        tiles: &Grid<Tile>,
        free: &FreeBits,
        from: &PathEnd,
        to: &PathEnd,
        walk: Walk,
        rng: &mut R,
    ) -> Option<Vec<Pos>> {
        let target = tiles[*to.cells.first()?];
        let (a, b) = (from.bounds, to.bounds);
        // A path leaving the window is at least the rooms' gap plus twice the margin long.
        let gap = a.gap(&b);
        let whole = free.width.max(free.height);
        let mut margin = 8 + gap / 8;
        loop {
            let frame = Frame {
                area: a.union(b).grown(margin, free.width, free.height),
                flip_x: b.x0 + b.x1 < a.x0 + a.x1,
                flip_y: b.y0 + b.y1 < a.y0 + a.y1,
            };
            let covers_map = frame.area.area() == u64::from(free.width) * u64::from(free.height);
            let reached = self.flood(free, &frame, from, to);
            let path = match reached {
                Some(r) if covers_map || r.length < gap + 2 * (margin + 1) => {
                    Some(self.walk_back(tiles, &frame, &r, &from.cells, target, walk, rng))
                }
                None if covers_map => None,
                _ => {
                    margin = (margin * 2).min(whole);
                    continue;
                }
            };
            self.forget_big_searches();
            return path;
        }
    }

    /// Let go of memory only a rare, long search needed.
    fn forget_big_searches(&mut self) {
        const LAYERS: usize = 512;
        const CELLS: usize = 1 << 14;
        self.layers.truncate(LAYERS);
        self.seeds.truncate(LAYERS);
        let used = self.used;
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            if layer.capacity() > CELLS {
                *layer = Vec::new();
            }
        }
    }

    /// Flood the window layer by layer until no later layer can reach the target sooner.
    fn flood(
        &mut self,
        free: &FreeBits,
        frame: &Frame,
        from: &PathEnd,
        to: &PathEnd,
    ) -> Option<Reached> {
        let (w, h) = (frame.width(), frame.height());
        let wpr = (w as usize).div_ceil(64);
        self.open.clear();
        self.open.resize(wpr * h as usize, 0);
        self.doors.clear();
        self.doors.resize(wpr * h as usize, 0);
        for y in 0..h {
            let gy = frame.row(y);
            for word in 0..wpr {
                let first = 64 * word as u32;
                let bits = if frame.flip_x {
                    let start = i64::from(frame.area.x1) - i64::from(first) - 63;
                    free.bits_at(gy, start).reverse_bits()
                } else {
                    free.bits_at(gy, i64::from(frame.area.x0) + i64::from(first))
                };
                let inside = w - first;
                let mask = if inside >= 64 {
                    u64::MAX
                } else {
                    (1u64 << inside) - 1
                };
                self.open[y as usize * wpr + word] = bits & mask;
            }
        }
        let mut nearest_door = u32::MAX;
        for &door in &to.doors {
            if let Some(l) = frame.local(door) {
                self.doors[l.y as usize * wpr + l.x as usize / 64] |= 1 << (l.x % 64);
                nearest_door = nearest_door.min(l.x + l.y);
            }
        }
        if nearest_door == u32::MAX {
            return None;
        }

        // Start seeds: the free cells beside room A, at potential 1 − s. Layers are numbered
        // from the lowest start potential: layer k holds potential `lowest + k`.
        let mut starts: Vec<(u32, Local)> = Vec::new();
        for &cell in &from.doors {
            if let Some(l) = frame.local(cell) {
                let i = l.y as usize * wpr + l.x as usize / 64;
                if self.open[i] & (1 << (l.x % 64)) != 0 {
                    starts.push((l.x + l.y, l));
                }
            }
        }
        let s_highest = starts.iter().map(|&(s, _)| s).max()?;
        let lowest = 1 - i64::from(s_highest);
        let potential = |layer: usize| lowest + layer as i64;
        let mut last_start = 0;
        let used = std::mem::take(&mut self.used);
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            layer.clear();
        }
        for &(s, l) in &starts {
            let k = (s_highest - s) as usize;
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            self.seeds[k].push((l.y, l.x / 64, 1 << (l.x % 64)));
            last_start = last_start.max(k);
        }

        let mut best: Option<Reached> = None;
        for k in 0.. {
            if self.layers.len() <= k {
                self.layers.resize_with(k + 1, Vec::new);
            }
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            // No later layer can do better than its potential plus the nearest door.
            let floor = potential(k) + i64::from(nearest_door) + 1;
            if best.is_some_and(|b| i64::from(b.length) <= floor) {
                break;
            }
            let quiet = k > last_start
                && (k < 1 || self.layers[k - 1].is_empty())
                && (k < 2 || self.layers[k - 2].is_empty());
            if quiet {
                break;
            }
            self.used = self.used.max(k + 1).max(last_start + 1);
            self.sweep(k, wpr, h);
            for &(row, word, bits) in &self.layers[k] {
                let hits = bits & self.doors[row as usize * wpr + word as usize];
                if hits != 0 {
                    let x = word * 64 + hits.trailing_zeros();
                    let length = u32::try_from(potential(k) + i64::from(x + row) + 1).ok()?;
                    if best.is_none_or(|b| length < b.length) {
                        best = Some(Reached {
                            door: Local { x, y: row },
                            layer: k,
                            length,
                            lowest,
                        });
                    }
                }
            }
        }
        best
    }

    /// Reach every cell of layer `k` by steps right and down from its seeds: its start
    /// cells, and the cells one step left or up from layer `k − 2`.
    fn sweep(&mut self, k: usize, wpr: usize, h: u32) {
        let (done, rest) = self.layers.split_at_mut(k);
        let layer = &mut rest[0];
        layer.clear();
        let back: &[(u32, u32, u64)] = if k >= 2 { &done[k - 2] } else { &[] };
        let starts = &mut self.seeds[k];
        starts.sort_unstable_by_key(|&(row, word, _)| (row, word));
        let scratch = &mut self.scratch;
        scratch.clear();
        scratch.resize(wpr, 0);
        let down = &mut self.row_out;
        down.clear();
        // Cursors: the next start, the next cell of `back` in this row (a step left) and in
        // the row below (a step up).
        let (mut next_start, mut left, mut up) = (0, 0, 0);
        let first = |next_start: usize, left: usize, up: usize| -> Option<u32> {
            let s = starts.get(next_start).map(|e| e.0);
            let l = back.get(left).map(|e| e.0);
            let u = back.get(up).map(|e| e.0.saturating_sub(1));
            [s, l, u].into_iter().flatten().min()
        };
        let Some(mut row) = first(0, 0, 0) else {
            return;
        };
        while row < h {
            let (mut lo, mut hi) = (usize::MAX, 0);
            let mut add = |word: u32, bits: u64| {
                let w = word as usize;
                scratch[w] |= bits;
                lo = lo.min(w);
                hi = hi.max(w);
            };
            for &(word, bits) in down.iter() {
                add(word, bits);
            }
            while let Some(&(_, word, bits)) = starts.get(next_start).filter(|e| e.0 == row) {
                add(word, bits);
                next_start += 1;
            }
            while back.get(left).is_some_and(|e| e.0 < row) {
                left += 1;
            }
            while let Some(&(_, word, bits)) = back.get(left).filter(|e| e.0 == row) {
                add(word, bits >> 1);
                if word > 0 && bits & 1 != 0 {
                    add(word - 1, 1 << 63);
                }
                left += 1;
            }
            while back.get(up).is_some_and(|e| e.0 <= row) {
                up += 1;
            }
            while let Some(&(_, word, bits)) = back.get(up).filter(|e| e.0 == row + 1) {
                add(word, bits);
                up += 1;
            }
            down.clear();
            if lo == usize::MAX {
                // Nothing reaches this row: go on at the next row that has seeds.
                match first(next_start, left, up) {
                    Some(next) if next > row => {
                        row = next;
                        continue;
                    }
                    _ => break,
                }
            }
            let base = row as usize * wpr;
            let mut carry = false;
            let mut w = lo;
            while w <= hi || (carry && w < wpr) {
                let mut input = std::mem::take(&mut scratch[w]);
                if carry {
                    input |= 1;
                }
                let open = self.open[base + w];
                let seeds = input & open;
                carry = false;
                if seeds != 0 {
                    let (sum, carried) = open.overflowing_add(seeds);
                    let filled = ((sum ^ open) & open) | seeds;
                    self.open[base + w] = open & !filled;
                    down.push((w as u32, filled));
                    layer.push((row, w as u32, filled));
                    carry = carried;
                }
                w += 1;
            }
            row += 1;
        }
    }

    /// The path from room `from` to room `to` through the door reached, walked back from
    /// the target one layer-consistent step at a time.
    #[allow(clippy::too_many_arguments)]
    fn walk_back<R: Rng + ?Sized>(
        &self,
        tiles: &Grid<Tile>,
        frame: &Frame,
        reached: &Reached,
        from: &[Pos],
        target: Tile,
        walk: Walk,
        rng: &mut R,
    ) -> Vec<Pos> {
        let (w, h) = (tiles.width(), tiles.height());
        // The direction of the step last taken, which a straight walk keeps when it can.
        let mut ahead: Option<Dir> = None;
        let order = |ahead: Option<Dir>, rng: &mut R| -> [Dir; 4] {
            match walk {
                Walk::Wiggle(randomness) => *neighbour_order(randomness, rng),
                Walk::Straight => straight_on(ahead),
            }
        };
        let in_layer = |l: Local, k: usize| -> bool {
            let (word, bit) = (l.x / 64, 1u64 << (l.x % 64));
            let layer = &self.layers[k];
            layer
                .binary_search_by_key(&(l.y, word), |&(r, wd, _)| (r, wd))
                .is_ok_and(|at| layer[at].2 & bit != 0)
        };
        let mut path = Vec::with_capacity(reached.length as usize + 1);
        let door = frame.global(reached.door);
        let into = order(ahead, rng)
            .iter()
            .filter_map(|&d| step_within(w, h, door, d))
            .find(|&p| tiles[p] == target);
        path.extend(into);
        let (mut here, mut layer) = (reached.door, reached.layer);
        loop {
            let at = frame.global(here);
            path.push(at);
            let order = order(ahead, rng);
            let steps = reached.lowest + layer as i64 + i64::from(here.x + here.y);
            if steps <= 1 {
                // One step from room A: step into it.
                let start = order
                    .iter()
                    .filter_map(|&d| step_within(w, h, at, d))
                    .find(|p| from.contains(p));
                path.extend(start);
                break;
            }
            let previous = order.iter().find_map(|&d| {
                let l = frame.local(step_within(w, h, at, d)?)?;
                // A step right or down in the window keeps the layer; left or up costs two.
                let forward = l.x + l.y < here.x + here.y;
                let k = if forward {
                    layer
                } else {
                    layer.checked_sub(2)?
                };
                in_layer(l, k).then_some((l, k, d))
            });
            let Some((l, k, d)) = previous else {
                break;
            };
            (here, layer, ahead) = (l, k, Some(d));
        }
        path.reverse();
        path
    }
}
