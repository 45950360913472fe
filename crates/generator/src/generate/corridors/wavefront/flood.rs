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
        let (w, h) = (frame.width(), frame.height());
        let wpr = frame.words_per_row();
        self.open.clear();
        self.open.reserve(wpr * h as usize);
        for y in 0..h {
            for word in 0..wpr {
                self.open.push(frame.word(free, y, word));
            }
        }
        self.costly.read(merge, frame);
        let mut nearest_door = u32::MAX;
        // The doors' furthest column, and their first and last rows.
        let (mut furthest, mut rows) = (0, (u32::MAX, 0));
        self.door_cells.clear();
        self.door_cells
            .extend(to.doors.iter().filter_map(|&door| frame.local(door)));
        for l in &self.door_cells {
            nearest_door = nearest_door.min(l.x + l.y);
            furthest = furthest.max(l.x);
            rows = (rows.0.min(l.y), rows.1.max(l.y));
        }
        if nearest_door == u32::MAX {
            return nothing;
        }
        // The doors as bits, in their rows only.
        self.doors.clear();
        self.doors.resize(wpr * (rows.1 - rows.0 + 1) as usize, 0);
        for l in &self.door_cells {
            self.doors[(l.y - rows.0) as usize * wpr + l.x as usize / 64] |= 1 << (l.x % 64);
        }
        // Below the doors' last row a step down leads away from them and a step up towards
        // them: there the layers turn, so that a cell lies two layers on for each row it
        // lies below.
        let turn = rows.1;
        let below_turn = |y: u32| 2 * y.saturating_sub(turn);

        // Start seeds: the free cells beside room A, at potential 1 − s. Layers are numbered
        // from the lowest start potential: layer k holds potential `lowest + k`.
        // Each with the extra cost of stepping onto it from the room.
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
        let Some(s_highest) = starts.iter().map(|&(s, _, _)| s).max() else {
            return nothing;
        };
        let lowest = 1 - i64::from(s_highest);
        let potential = |layer: usize| lowest + layer as i64;
        let mut last_start = 0;
        let mut last_filled: Option<usize> = None;
        let used = std::mem::take(&mut self.used);
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            layer.clear();
        }
        for &(s, extra, l) in &starts {
            let k = (s_highest - s + extra + below_turn(l.y)) as usize;
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            self.seeds[k].push((l.y, l.x / 64, 1 << (l.x % 64)));
            last_start = last_start.max(k);
        }
        self.starts = starts;

        let mut best: Option<Reached> = None;
        let mut sides = Leaving::new(frame, furthest);
        // The last column flooded and the last row swept, once a path is found.
        let mut within = (w - 1, h - 1);
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
            // Once no later layer can reach the target sooner than a path that leaves the
            // window may, and none has, the window is bound to be widened: stop now.
            if i64::from(leaving) <= floor {
                sides.read(&self.layers[..k], potential);
                if let Some(out) = sides.fewest(nearest_door, leaving)
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
            let layer = &self.layers[k];
            if !layer.is_empty() {
                last_filled = Some(k);
            }
            let at_doors = layer.partition_point(|e| e.0 < rows.0);
            for &(row, word, bits) in layer[at_doors..].iter().take_while(|e| e.0 <= rows.1) {
                let hits = bits & self.doors[(row - rows.0) as usize * wpr + word as usize];
                if hits != 0 {
                    let x = word * 64 + hits.trailing_zeros();
                    let Ok(length) = u32::try_from(potential(k) + i64::from(x + row) + 1) else {
                        continue;
                    };
                    let door = Local { x, y: row };
                    // Among doors as near, the first the layer reached by the rows of the
                    // window unturned.
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
                            turn,
                        });
                    }
                }
            }
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
            leaving: sides.fewest(nearest_door, leaving),
        }
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
