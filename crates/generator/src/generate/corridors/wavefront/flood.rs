//! The flood of one window, layer by layer, until no later layer can reach the target sooner
//! or the window is bound to be widened: where it first reached the target, and how short a
//! path that leaves the window could be.

use super::frame::{Frame, Local};
use super::leaving::Leaving;
use super::{FreeBits, Merge, PathEnd, Wavefront};

/// Where a flood first reached the target: the door (the free cell beside it), the layer
/// that reached the door, the steps from room A into the target through it, the
/// potential of layer 0 and the row the layers turn below.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached {
    pub(super) door: Local,
    pub(super) layer: usize,
    pub(super) length: u32,
    pub(super) lowest: i64,
    pub(super) turn: u32,
}

/// What a flood of a window found: where it first reached the target, if it did, and the
/// fewest steps a path from room A could take if it left the window (`None` when no path
/// can leave it: the window covers the map, or the flood never reached a side it can be
/// left by).
#[derive(Clone, Copy, Debug)]
pub(super) struct Found {
    pub(super) reached: Option<Reached>,
    pub(super) leaving: Option<u32>,
}

/// Where the target's doors lie in the window: the least `x + y` of any, their furthest
/// column, and their first and last rows. Below the last (the *turn*) a step down leads
/// away from them and a step up towards them: there the layers turn, so that a cell lies
/// two layers on for each row it lies below.
#[derive(Clone, Copy, Debug)]
struct DoorSpan {
    nearest: u32,
    furthest: u32,
    rows: (u32, u32),
}

impl DoorSpan {
    /// The row the layers turn below.
    fn turn(&self) -> u32 {
        self.rows.1
    }
}

impl Wavefront {
    /// Flood the window layer by layer until no later layer can reach the target sooner;
    /// a path that leaves the window is known to be at least `leaving` steps long.
    pub(super) fn flood(
        &mut self,
        free: &FreeBits,
        frame: &Frame,
        from: &PathEnd,
        to: &PathEnd,
        merge: Option<Merge<'_>>,
        leaving: u32,
    ) -> Found {
        let nothing = Found {
            reached: None,
            leaving: None,
        };
        let (h, wpr) = (frame.height(), frame.words_per_row());
        self.read_window(free, frame, merge);
        let Some(doors) = self.place_doors(frame, to) else {
            return nothing;
        };
        let turn = doors.turn();
        let Some((lowest, last_start)) = self.seed_starts(frame, from, turn) else {
            return nothing;
        };
        let potential = |layer: usize| lowest + layer as i64;
        let mut last_filled: Option<usize> = None;
        let mut best: Option<Reached> = None;
        let mut sides = Leaving::new(frame, doors.furthest);
        // The last column flooded and the last row swept, once a path is found.
        let mut within = (frame.width() - 1, h - 1);
        for k in 0.. {
            if self.layers.len() <= k {
                self.layers.resize_with(k + 1, Vec::new);
            }
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            // No later layer can do better than its potential plus the nearest door.
            let floor = potential(k) + i64::from(doors.nearest) + 1;
            if best.is_some_and(|b| i64::from(b.length) <= floor) {
                break;
            }
            // Once no later layer can reach the target sooner than a path that leaves the
            // window may, and none has, the window is bound to be widened: stop now.
            if i64::from(leaving) <= floor {
                sides.read(&self.layers[..k], potential);
                if let Some(out) = sides.fewest(doors.nearest, leaving)
                    && i64::from(out) <= floor
                    && best.is_none_or(|b| b.length >= out)
                {
                    return Found {
                        reached: best,
                        leaving: Some(out),
                    };
                }
            }
            // Later layers are reached from the last two (the last `reach` with costly steps).
            let reach = 2 + self.costly.extra().unwrap_or(0) as usize;
            let quiet = k > last_start && last_filled.is_none_or(|last| k > last + reach);
            if quiet {
                break;
            }
            if let Some(b) = best {
                let spare = i64::from(b.length) - potential(k) - 1;
                self.narrow(spare, (wpr, turn), &mut within);
            }
            self.used = self.used.max(k + 1).max(last_start + 1);
            // The plain flood is built apart, without the look-ups of costly steps.
            if self.costly.any() {
                self.sweep::<true>(k, wpr, (h, turn), within.1);
            } else {
                self.sweep::<false>(k, wpr, (h, turn), within.1);
            }
            if !self.layers[k].is_empty() {
                last_filled = Some(k);
            }
            best = self.doors_reached(frame, (k, lowest), &doors, best);
        }
        // Which sides of the window the flood reached matters only when the path found is
        // not already shorter than any path that leaves it (most are).
        if best.is_some_and(|b| b.length < leaving) {
            return Found {
                reached: best,
                leaving: Some(leaving),
            };
        }
        sides.read(&self.layers[..self.used.min(self.layers.len())], potential);
        Found {
            reached: best,
            leaving: sides.fewest(doors.nearest, leaving),
        }
    }

    /// Read the window's free cells into `open`, and where steps by the corridors of
    /// `merge` are costly.
    fn read_window(&mut self, free: &FreeBits, frame: &Frame, merge: Option<Merge<'_>>) {
        let (h, wpr) = (frame.height(), frame.words_per_row());
        self.open.clear();
        self.open.reserve(wpr * h as usize);
        for y in 0..h {
            for word in 0..wpr {
                self.open.push(frame.word(free, y, word));
            }
        }
        self.costly.read(merge, frame);
    }

    /// Note the target's doors that lie in the window, as cells and as bits in their rows
    /// only; `None` when none does.
    fn place_doors(&mut self, frame: &Frame, to: &PathEnd) -> Option<DoorSpan> {
        self.door_cells.clear();
        self.door_cells
            .extend(to.doors.iter().filter_map(|&door| frame.local(door)));
        if self.door_cells.is_empty() {
            return None;
        }
        let mut span = DoorSpan {
            nearest: u32::MAX,
            furthest: 0,
            rows: (u32::MAX, 0),
        };
        for l in &self.door_cells {
            span.nearest = span.nearest.min(l.x + l.y);
            span.furthest = span.furthest.max(l.x);
            span.rows = (span.rows.0.min(l.y), span.rows.1.max(l.y));
        }
        let (wpr, first_row) = (frame.words_per_row(), span.rows.0);
        self.doors.clear();
        self.doors
            .resize(wpr * (span.rows.1 - first_row + 1) as usize, 0);
        for l in &self.door_cells {
            self.doors[(l.y - first_row) as usize * wpr + l.x as usize / 64] |= 1 << (l.x % 64);
        }
        Some(span)
    }

    /// Clear the layers the last flood used, and seed them with the free cells beside room
    /// A, each in the layer of its potential: 1 − s, plus the surcharge of stepping onto it
    /// from the room, plus two a row below the `turn`. Layers are numbered from the lowest
    /// start potential: layer k holds potential `lowest + k`. The lowest, and the last layer
    /// a cell starts in; `None` when no free cell beside room A lies in the window.
    fn seed_starts(&mut self, frame: &Frame, from: &PathEnd, turn: u32) -> Option<(i64, usize)> {
        let wpr = frame.words_per_row();
        let mut starts = std::mem::take(&mut self.starts);
        starts.clear();
        for &cell in &from.doors {
            if let Some(l) = frame.local(cell) {
                let i = l.y as usize * wpr + l.x as usize / 64;
                let bit = 1 << (l.x % 64);
                let extra = self
                    .costly
                    .leaving_room(i, bit)
                    .filter(|_| self.open[i] & bit != 0);
                if let Some(extra) = extra {
                    starts.push((l.x + l.y, extra, l));
                }
            }
        }
        let s_highest = starts.iter().map(|&(s, _, _)| s).max();
        let Some(s_highest) = s_highest else {
            self.starts = starts;
            return None;
        };
        let used = std::mem::take(&mut self.used);
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            layer.clear();
        }
        let mut last_start = 0;
        for &(s, extra, l) in &starts {
            let k = (s_highest - s + extra + 2 * l.y.saturating_sub(turn)) as usize;
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            self.seeds[k].push((l.y, l.x / 64, 1 << (l.x % 64)));
            last_start = last_start.max(k);
        }
        self.starts = starts;
        Some((1 - i64::from(s_highest), last_start))
    }

    /// The nearest way into the target through a door layer `k` reached (layer 0 at
    /// potential `lowest`), if it is shorter than `best`, the nearest before; else `best`.
    /// Among doors as near, the first the layer reached by the rows of the window unturned.
    fn doors_reached(
        &self,
        frame: &Frame,
        (k, lowest): (usize, i64),
        doors: &DoorSpan,
        mut best: Option<Reached>,
    ) -> Option<Reached> {
        let (wpr, rows) = (frame.words_per_row(), doors.rows);
        let potential = lowest + k as i64;
        let layer = &self.layers[k];
        let at_doors = layer.partition_point(|e| e.0 < rows.0);
        for &(row, word, bits) in layer[at_doors..].iter().take_while(|e| e.0 <= rows.1) {
            let hits = bits & self.doors[(row - rows.0) as usize * wpr + word as usize];
            if hits == 0 {
                continue;
            }
            let x = word * 64 + hits.trailing_zeros();
            let Ok(length) = u32::try_from(potential + i64::from(x + row) + 1) else {
                continue;
            };
            let door = Local { x, y: row };
            let before = |b: Reached| {
                length < b.length
                    || (length == b.length
                        && b.layer == k
                        && frame.unturned_order(door) < frame.unturned_order(b.door))
            };
            if best.is_none_or(before) {
                best = Some(Reached {
                    door,
                    layer: k,
                    length,
                    lowest,
                    turn: doors.turn(),
                });
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::frame::Frame;
    use super::super::{PathEnd, Wavefront, free_bits};
    use crate::base::grid::{Grid, Pos};
    use crate::base::tile::Tile;

    #[test]
    fn a_flood_bound_to_be_widened_stops_early() {
        // The wall of the test above: the first window holds no path, and a path round the
        // wall leaves it.
        let (width, height, a, b) = (120, 40, Pos::new(60, 5), Pos::new(60, 30));
        let mut tiles = Grid::new(width, height, Tile::FREE);
        for x in 2..width {
            tiles[Pos::new(x, 15)] = Tile::of_room(2);
        }
        tiles[a] = Tile::of_room(0);
        tiles[b] = Tile::of_room(1);
        let (from, to) = (PathEnd::new(&tiles, &[a]), PathEnd::new(&tiles, &[b]));
        let (from, to) = (from.unwrap(), to.unwrap());
        let (gap, margin) = (from.bounds.gap(&to.bounds), 11);
        let area = from.bounds.union(to.bounds).grown(margin, width, height);
        let frame = Frame::new(area, (width, height), from.bounds, to.bounds);
        let free = free_bits(&tiles);
        let mut wavefront = Wavefront::default();
        // Told that a path leaving the window takes at least as many steps as one leaving
        // the margin does; and told that none can be short enough to matter, so that it
        // floods all it reaches.
        let mut flood = |leaving: u32| {
            let found = wavefront.flood(&free, &frame, &from, &to, None, leaving);
            (found.reached.is_some(), found.leaving, wavefront.used)
        };
        let (reached, leaving, layers) = flood(gap + 2 * (margin + 1));
        let (reached_all, _, layers_all) = flood(u32::MAX);
        assert!(!reached && !reached_all);
        assert!(leaving.is_some_and(|l| l > gap), "{leaving:?}");
        assert!(layers < layers_all, "{layers} layers, against {layers_all}");
    }
}
