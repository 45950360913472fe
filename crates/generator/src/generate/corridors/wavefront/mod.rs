//! Shortest paths through free cells by a bit-parallel flood, 64 cells per instruction.
//!
//! Its parts: the window and its geometry ([`frame`]); a layer's cells as words, and
//! looking them up ([`layer`]); the step cursor ([`steps`]) over earlier layers, feeding the
//! seeds of a pass ([`seeds`]) into the row sweeps ([`sweep`]); where steps are costly
//! ([`costly`]); the flood of one window ([`flood`]), narrowed once a path is found
//! ([`narrow`]), and the bounds for a path that leaves it ([`leaving`]); the walk back
//! ([`walk_back`]); and the ends of a path ([`path_end`]). This module widens the window
//! until the path found is the shortest anywhere.
//!
//! Orient the window around the two rooms so that the target lies down and to the right,
//! and turn it so that its rows run along its longer side (a sweep pays for each row it
//! visits, and the layers below cross the window from top to bottom).
//! A path from room A to a cell `v` with `k` steps left or up is `s(v) − s(a) + 2k` long,
//! where `s = x + y`; so the flood runs in layers of equal *potential* `φ = length − s`.
//! Within a layer, cells are reached by steps right and down only, which a sweep over the
//! window's rows does for 64 cells at a time (an addition fills a run of free bits); a
//! step left or up moves a cell two layers on. The flood starts from every free cell beside
//! room A and stops once no later layer can reach room B sooner. It is exact: the length it
//! finds is the one a breadth-first flood finds. Once it has found a path, the layers left
//! skip the columns right of the doors (and the rows below them) from which no door can be
//! reached in as few steps ([`Wavefront::narrow`]).
//!
//! Below the last row of room B's doors (the *turn*) every step down leads away from them,
//! and a path there must come back up: so there the layers turn, and a cell lies two
//! layers on for each row it lies below the turn (`φ = length − s + 2·rows below`, which
//! no step lowers: an A* bound). Below the turn, cells are reached by steps right and up
//! within a layer, which a sweep over those rows, from the window's last row up and before
//! the rows above, does; a step down or left moves a cell two layers on. A cell far below
//! the doors thus lies in a late layer, which the flood often never reaches: on big maps,
//! where windows are wide, much of a window lies below the doors. Every door lies above the
//! turn, where the potential is unchanged, so the length found and every cell's layer on a
//! shortest path tell the same steps as without the turn: the path is the same.
//!
//! The flood stays inside the rooms' bounding box widened by a margin. A path that leaves
//! it is at least twice the margin longer than the rooms' straight distance, and takes a
//! step left or up (or down, below the turn) more than the potential at which the flood
//! first reached the side it leaves by (as many more as the side lies beyond room B's
//! doors, for the right side). A path found shorter than both is the shortest anywhere,
//! and all the shortest paths lie inside, so the walk back chooses among the same cells as
//! a flood of the whole map would; otherwise the margin doubles. The flood stops as soon as
//! that is bound to happen: once no later layer can reach room B sooner than a path that
//! leaves (by a side reached already) may, and none has. A flood that reaches no side a
//! path can leave by and finds no path proves that there is none; one that finds no path
//! in a window it could leave first asks whether any free cells join the rooms (the free
//! regions), and widens the window only if some do. Which cells lie in which layer does not
//! depend on whether the window is turned, and of the doors reached as soon the one taken
//! is the first by the rows of the window unturned: turned or not, the path is the same.
//!
//! The path is then walked back from room B, choosing among the cells one step nearer to
//! room A in the order the randomness knob gives (as the original's flood does): always
//! the same order gives straight, well-ordered paths, shuffled orders wiggly ones.
//!
//! With corridors to keep off ([`Merge`]), some steps are costly ([`super::laid`]): a
//! costly step moves a cell as many layers on as its surcharge more than a plain step, and
//! the flood then finds the cheapest path, walked back over corridor cells first. Below the
//! turn a costly step up moves a cell its surcharge on, a costly step down two more.

mod costly;
mod flood;
mod frame;
mod layer;
mod leaving;
mod narrow;
mod path_end;
mod seeds;
mod steps;
mod sweep;
mod walk_back;

pub use path_end::PathEnd;
pub use walk_back::Walk;

use rand::Rng;

use crate::base::bits::BothWays;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;

use super::laid::{Laid, Surcharge};
use costly::CostlySteps;
use frame::{Frame, Local};
use layer::Layer;

/// Corridors laid before, for a flood that keeps off the cells beside them, and what steps
/// by them cost.
#[derive(Clone, Copy, Debug)]
pub struct Merge<'a> {
    pub laid: &'a Laid,
    pub surcharge: Surcharge,
}

/// How far round paths may have to go, which sets how wide a search's first window is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detours {
    /// Open ground between the rooms: most paths go nearly straight.
    Few,
    /// Walls round every room (a closed map, [`super::walls`]): many paths go far round.
    Many,
}

impl Detours {
    /// The margin of a search's first window round two rooms `gap` cells apart. A window
    /// too narrow is flooded again, wider, after all its work; one too wide costs the cells
    /// beyond the target that steps right reach free. On open ground half the gap more, up
    /// to 24, spares most of the second floods of long paths, and adds little to a short
    /// path's window. Where walls send paths round, more windows are flooded twice: the
    /// whole gap more, up to 64, makes closed maps at W3 with spacing 1 take 6.8 % fewer
    /// instructions over seeds 1–6 (callgrind), where on open ground it takes 6 % more.
    fn first_margin(self, gap: u32) -> u32 {
        match self {
            Self::Few => 8 + gap / 8 + (gap / 2).min(24),
            Self::Many => 8 + gap / 8 + gap.min(64),
        }
    }
}

/// The free cells of a map as bits, row by row and column by column.
pub type FreeBits = BothWays;

/// The free cells of `tiles`: those outside every room.
#[cfg(test)]
#[must_use]
pub fn free_bits(tiles: &Grid<Tile>) -> FreeBits {
    BothWays::of(crate::base::bits::BitGrid::of(tiles, |t| {
        t.is_outside_rooms()
    }))
}

/// Reusable memory for wavefront searches.
#[derive(Debug, Default)]
pub struct Wavefront {
    /// Free and not yet reached, per window word.
    open: Vec<u64>,
    /// Free cells beside the target room, per window word of the rows they lie in.
    doors: Vec<u64>,
    /// The same cells, in the window.
    door_cells: Vec<Local>,
    layers: Vec<Layer>,
    /// Start cells, per layer.
    seeds: Vec<Layer>,
    /// One row's seeds, per word.
    scratch: Vec<u64>,
    /// The cells of the layer swept below the turn.
    below: Layer,
    /// How many of `layers` and `seeds` the last flood used.
    used: usize,
    /// The cells beside room A a flood starts from: `(s, surcharge of the step onto it, cell)`.
    starts: Vec<(u32, u32, Local)>,
    /// Which steps cost more than one, when the flood keeps off corridors.
    costly: CostlySteps,
}

impl Wavefront {
    /// The shortest path through free cells from a cell of `from` to a cell of the room
    /// `to`, both ends included (with `merge`, the cheapest), with a first window as wide
    /// as `detours` says; `None` when free cells do not join them. `joined` is asked, at most once a window, when no path lies inside a
    /// window a path could leave: whether free cells join the two ends anywhere (answering
    /// true when unsure), so that a search that cannot succeed stops there instead of
    /// flooding ever wider windows up to the whole map.
    #[allow(clippy::too_many_arguments)]
    pub fn find<R: Rng + ?Sized>(
        &mut self,
        tiles: &Grid<Tile>,
        free: &FreeBits,
        from: &PathEnd,
        to: &PathEnd,
        (walk, detours): (Walk, Detours),
        mut merge: Option<Merge<'_>>,
        joined: impl Fn() -> bool,
        rng: &mut R,
    ) -> Option<Vec<Pos>> {
        let target = tiles[*to.cells.first()?];
        let (a, b) = (from.bounds, to.bounds);
        let gap = a.gap(&b);
        let whole = free.width().max(free.height());
        let first_margin = detours.first_margin(gap);
        let mut margin = first_margin;
        loop {
            let size = (free.width(), free.height());
            let area = a.union(b).grown(margin, size.0, size.1);
            let frame = Frame::new(area, size, a, b);
            // A path leaving the window is at least the rooms' gap plus twice the margin
            // long.
            let found = self.flood(free, &frame, from, to, merge, gap + 2 * (margin + 1));
            let leaving = found.leaving;
            let path = match (found.reached, leaving) {
                (Some(r), _) if leaving.is_none_or(|l| r.length < l) => {
                    let ends = (&from.cells[..], target);
                    // The plain walk is built apart, without the look-ups of costly steps.
                    Some(match merge {
                        Some(m) => self.walk_back::<R, true>(
                            tiles,
                            &frame,
                            &r,
                            ends,
                            (walk, Some(m.laid)),
                            rng,
                        ),
                        None => {
                            self.walk_back::<R, false>(tiles, &frame, &r, ends, (walk, None), rng)
                        }
                    })
                }
                (None, None) => match merge {
                    // No way without a costly step: take the fewest, each costing as much as
                    // a walk around the whole map.
                    Some(m) if m.surcharge == Surcharge::Unbounded => {
                        let whole_walk = 2 * (free.width() + free.height());
                        merge = Some(Merge {
                            surcharge: Surcharge::Steps(whole_walk),
                            ..m
                        });
                        margin = first_margin;
                        continue;
                    }
                    _ => None,
                },
                // No way inside, and none at all: no wider window finds one.
                (None, Some(_)) if !joined() => None,
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
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use std::cell::Cell;

    use super::{Detours, PathEnd, Walk, Wavefront, free_bits};
    use crate::base::grid::{Grid, Pos};
    use crate::base::tile::Tile;

    /// A `width × height` map with room 0 at `a`, room 1 at `b` (one cell each) and room 2
    /// on the cells `wall` marks; the wavefront's path from room 0 to room 1, with `joined`
    /// answering `answer`, and how often it was asked.
    fn path_asking(
        (width, height): (u32, u32),
        (a, b): (Pos, Pos),
        wall: impl Fn(Pos) -> bool,
        answer: bool,
    ) -> (Option<Vec<Pos>>, u32) {
        let mut tiles = Grid::new(width, height, Tile::FREE);
        for p in tiles.positions().filter(|&p| wall(p)).collect::<Vec<_>>() {
            tiles[p] = Tile::of_room(2);
        }
        tiles[a] = Tile::of_room(0);
        tiles[b] = Tile::of_room(1);
        let (from, to) = (PathEnd::new(&tiles, &[a]), PathEnd::new(&tiles, &[b]));
        let asked = Cell::new(0);
        let joined = || {
            asked.set(asked.get() + 1);
            answer
        };
        let path = Wavefront::default().find(
            &tiles,
            &free_bits(&tiles),
            &from.unwrap(),
            &to.unwrap(),
            (Walk::Wiggle(0.5), Detours::Few),
            None,
            joined,
            &mut Pcg64Mcg::seed_from_u64(1),
        );
        (path, asked.get())
    }

    #[test]
    fn whether_free_cells_join_the_rooms_is_asked_only_of_windows_without_a_path() {
        let (size, a, b) = ((120, 40), Pos::new(60, 5), Pos::new(60, 30));
        // Open ground: the first window holds the path.
        let (path, asked) = path_asking(size, (a, b), |_| false, false);
        assert_eq!(path.map(|p| p.len()), Some(26));
        assert_eq!(asked, 0);
        // A wall across the map but for its two leftmost columns: the path goes round it,
        // far outside the first windows, each of which asks.
        let wall = |p: Pos| p.y == 15 && p.x >= 2;
        let (path, asked) = path_asking(size, (a, b), wall, true);
        let path = path.expect("a way round the wall");
        assert_eq!(path.len(), 2 * 59 + 26);
        assert!(path.iter().any(|p| p.x < 2));
        assert!(asked >= 2, "asked {asked} times");
        // The same wall, but told that no free cells join the rooms: the search stops at
        // the first window, without a path.
        assert_eq!(path_asking(size, (a, b), wall, false), (None, 1));
        // Room 1 walled in: no window holds a path, however wide.
        let walled_in = |p: Pos| p.x.abs_diff(b.x).max(p.y.abs_diff(b.y)) == 2;
        let (path, asked_all) = path_asking(size, (a, b), walled_in, true);
        assert_eq!(path, None);
        assert!(asked_all >= 2, "asked {asked_all} times");
        assert_eq!(path_asking(size, (a, b), walled_in, false), (None, 1));
    }
}
