//! Corridors: which rooms are joined (the original's chain, each room to the next one made)
//! and the paths that join them.
//!
//! Every room is always connected. A path runs through free cells when free cells join the
//! two rooms; when other rooms wall one of them in, it crosses as few of their cells as it
//! can instead of giving up, as the original did.

pub mod flood_path;
pub mod landmarks;
pub mod regions;

use std::sync::OnceLock;

use rand_pcg::Pcg64Mcg;
use serde::Serialize;

use crate::grid::{Grid, Pos};
use crate::parallel::map_chunks;
use crate::rooms::Room;
use crate::streams::{Stage, stream};
use crate::tile::Tile;
use flood_path::{Crossing, PathSearch, Query, Route};
use landmarks::Landmarks;
use regions::Regions;

/// A path between two rooms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    /// The room it starts in (index in creation order).
    pub from: usize,
    /// The room it ends in.
    pub to: usize,
    /// From a cell of `from` to a cell of `to`, both included, one step at a time.
    pub cells: Vec<Pos>,
    /// Cells of other rooms it had to cross (0 unless those rooms walled a room in).
    pub crossed: u32,
}

impl Path {
    fn new((from, to): (usize, usize), route: Route) -> Self {
        Self {
            from,
            to,
            cells: route.cells,
            crossed: route.crossed,
        }
    }
}

/// How the paths should look and which stream they draw from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathPlan {
    pub seed: u64,
    pub randomness: f64,
}

/// Paths worth a thread of their own.
const PATHS_PER_THREAD: usize = 16;

/// From this many paths on, landmarks pay for their floods.
const LANDMARKS_FROM_PATHS: usize = 100;

/// Join each room to the next one made, as in the original. Path `i` draws from its own
/// stream, so paths never change the rooms and each path ignores the others.
#[must_use]
pub fn connect_chain(tiles: &Grid<Tile>, rooms: &[Room], plan: &PathPlan) -> Vec<Path> {
    let pairs: Vec<(usize, usize)> = (1..rooms.len()).map(|b| (b - 1, b)).collect();
    let map = Map::new(tiles, rooms, pairs.len());
    let numbered: Vec<(u64, (usize, usize))> = (0..).zip(pairs).collect();
    map_chunks(&numbered, PATHS_PER_THREAD, |chunk| {
        let mut search = PathSearch::default();
        chunk
            .iter()
            .filter_map(|&(i, pair)| map.join(&mut search, pair, plan, i))
            .collect()
    })
}

/// What path searches know about a map with its rooms placed.
struct Map<'a> {
    tiles: &'a Grid<Tile>,
    rooms: &'a [Room],
    /// Labelled up front on big maps, where landmarks need them and the paths are many;
    /// small maps do without.
    regions: OnceLock<Regions>,
    landmarks: Option<Landmarks>,
    free_cells: usize,
}

impl<'a> Map<'a> {
    fn new(tiles: &'a Grid<Tile>, rooms: &'a [Room], paths: usize) -> Self {
        let regions = OnceLock::new();
        let landmarks = if paths >= LANDMARKS_FROM_PATHS {
            Landmarks::new(tiles, regions.get_or_init(|| Regions::new(tiles, rooms)))
        } else {
            None
        };
        let room_cells: usize = rooms.iter().map(|r| r.cells.len()).sum();
        Self {
            tiles,
            rooms,
            regions,
            landmarks,
            free_cells: tiles.len() - room_cells,
        }
    }

    /// Path `index` of the plan, from room `a` to room `b`: through free cells if any join
    /// them, else across the fewest cells of other rooms. Each try draws from the start of
    /// the path's own stream.
    fn join(
        &self,
        search: &mut PathSearch,
        (a, b): (usize, usize),
        plan: &PathPlan,
        index: u64,
    ) -> Option<Path> {
        let rng = || stream(plan.seed, Stage::Path, index);
        // With regions labelled, ask them; else try, and learn from the flood how far `a`
        // reaches when it fails.
        let reach_of_a = match self.regions.get() {
            Some(regions) if regions.share(a, b) || self.touch(a, b) => None,
            Some(regions) => Some(regions.reach(a)),
            None => {
                let found = self.route(
                    search,
                    a,
                    b,
                    Crossing::Forbidden,
                    plan.randomness,
                    &mut rng(),
                );
                if found.is_none() {
                    Some(search.free_cells_reached())
                } else {
                    return found.map(|route| Path::new((a, b), route));
                }
            }
        };
        let route = match reach_of_a {
            None => self.route(
                search,
                a,
                b,
                Crossing::Forbidden,
                plan.randomness,
                &mut rng(),
            )?,
            // Walled in: cross from the side that reaches fewer free cells, which is `a`
            // unless it reaches more than half of them.
            Some(reach) if reach <= self.free_cells / 2 => {
                self.route(search, a, b, Crossing::Allowed, plan.randomness, &mut rng())?
            }
            Some(_) => {
                let mut back =
                    self.route(search, b, a, Crossing::Allowed, plan.randomness, &mut rng())?;
                back.cells.reverse();
                back
            }
        };
        Some(Path::new((a, b), route))
    }

    fn route(
        &self,
        search: &mut PathSearch,
        from: usize,
        to: usize,
        crossing: Crossing,
        randomness: f64,
        rng: &mut Pcg64Mcg,
    ) -> Option<Route> {
        let target = &self.rooms[to];
        let query = Query {
            from_cells: &self.rooms[from].cells,
            to: u32::try_from(to).ok()?,
            to_bounds: target.bounds()?,
            crossing,
            randomness,
            guide: self
                .landmarks
                .as_ref()
                .map(|l| (l, l.doors_of(self.tiles, target))),
        };
        search.find(self.tiles, &query, rng)
    }

    /// Whether a cell of room `a` is beside a cell of room `b`.
    fn touch(&self, a: usize, b: usize) -> bool {
        let other = Tile::of_room(b as u32);
        self.rooms[a]
            .cells
            .iter()
            .any(|&c| self.tiles.neighbours(c).any(|n| self.tiles[n] == other))
    }
}
