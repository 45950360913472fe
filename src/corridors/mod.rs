//! Corridors: which rooms are joined (the original's chain, each room to the next one made)
//! and the paths that join them.
//!
//! Every room is always connected. A path runs through free cells, as short as possible,
//! when free cells join the two rooms ([`wavefront`]); when other rooms wall one of them
//! in, it crosses as few of their cells as it can ([`crossing`]) instead of giving up, as
//! the original did.

pub mod crossing;
pub mod landmarks;
pub mod regions;
pub mod wavefront;

use std::sync::OnceLock;

use rand_pcg::Pcg64Mcg;
use serde::Serialize;

use crate::grid::{Grid, Pos};
use crate::parallel::map_chunks;
use crate::progress::{Cancelled, Progress};
use crate::rooms::Room;
use crate::streams::{Stage, stream};
use crate::tile::Tile;
use crossing::{CrossingSearch, Route};
use landmarks::Landmarks;
use regions::Regions;
use wavefront::{FreeBits, Side, Wavefront};

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

/// How the paths should look and which stream they draw from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathPlan {
    pub seed: u64,
    pub randomness: f64,
}

/// Paths worth a thread of their own.
const PATHS_PER_THREAD: usize = 16;

/// Landmarks pay for their floods when paths must cross rooms on big, crowded maps: from
/// this many cells on, with rooms covering more than half of them.
const LANDMARKS_FROM_CELLS: usize = 1 << 16;

/// Join each room to the next one made, as in the original. Path `i` draws from its own
/// stream, so paths never change the rooms and each path ignores the others.
///
/// # Errors
/// [`Cancelled`] when `progress` is cancelled; it is checked before each path.
pub fn connect_chain(
    tiles: &Grid<Tile>,
    rooms: &[Room],
    plan: &PathPlan,
    progress: &Progress,
) -> Result<Vec<Path>, Cancelled> {
    let map = Map::new(tiles, rooms);
    let pairs: Vec<(u64, (usize, usize))> = (1..rooms.len())
        .map(|b| ((b - 1) as u64, (b - 1, b)))
        .collect();
    progress.start_paths(pairs.len() as u32);
    let paths = map_chunks(&pairs, PATHS_PER_THREAD, |chunk| {
        let mut searches = Searches::default();
        let mut paths = Vec::with_capacity(chunk.len());
        for &(i, pair) in chunk {
            if progress.is_cancelled() {
                break;
            }
            paths.extend(map.join(&mut searches, pair, plan, i));
            progress.path_joined();
        }
        paths
    });
    progress.check()?;
    Ok(paths)
}

/// One thread's reusable search memory.
#[derive(Default)]
struct Searches {
    free: Wavefront,
    crossing: CrossingSearch,
}

/// What path searches know about a map with its rooms placed.
struct Map<'a> {
    tiles: &'a Grid<Tile>,
    rooms: &'a [Room],
    /// Each room's bounds and doors.
    sides: Vec<Option<Side>>,
    free: FreeBits,
    /// Labelled when a path first fails to find free cells joining its rooms.
    regions: OnceLock<Regions>,
    /// Made when a path on a big crowded map first has to cross rooms.
    landmarks: OnceLock<Option<Landmarks>>,
}

impl<'a> Map<'a> {
    fn new(tiles: &'a Grid<Tile>, rooms: &'a [Room]) -> Self {
        Self {
            tiles,
            rooms,
            sides: rooms.iter().map(|r| Side::new(tiles, &r.cells)).collect(),
            free: FreeBits::new(tiles),
            regions: OnceLock::new(),
            landmarks: OnceLock::new(),
        }
    }

    fn regions(&self) -> &Regions {
        self.regions
            .get_or_init(|| Regions::new(self.tiles, self.rooms))
    }

    /// Path `index` of the plan, from room `a` to room `b`: straight into `b` when the rooms
    /// touch, else through free cells if any join them, else across the fewest cells of
    /// other rooms. Each try draws from the start of the path's own stream.
    fn join(
        &self,
        searches: &mut Searches,
        (a, b): (usize, usize),
        plan: &PathPlan,
        index: u64,
    ) -> Option<Path> {
        let rng = || stream(plan.seed, Stage::Path, index);
        let path = |cells: Vec<Pos>, crossed: u32| Path {
            from: a,
            to: b,
            cells,
            crossed,
        };
        if let Some(cells) = self.touching(a, b) {
            return Some(path(cells, 0));
        }
        let (from, to) = (self.sides[a].as_ref()?, self.sides[b].as_ref()?);
        let worth_trying = self.regions.get().is_none_or(|r| r.share(a, b));
        if worth_trying {
            let found = searches.free.find(
                self.tiles,
                &self.free,
                from,
                to,
                plan.randomness,
                &mut rng(),
            );
            if let Some(cells) = found {
                return Some(path(cells, 0));
            }
        }
        // Walled in: cross from the side that reaches fewer free cells.
        let regions = self.regions();
        let Route { cells, crossed } = if regions.reach(a) <= regions.reach(b) {
            self.cross(searches, a, b, plan.randomness, &mut rng())?
        } else {
            let mut back = self.cross(searches, b, a, plan.randomness, &mut rng())?;
            back.cells.reverse();
            back
        };
        Some(path(cells, crossed))
    }

    /// The path from room `from` into room `to` across the fewest cells of other rooms:
    /// across rooms until free cells lead into `to`, then the shortest way through them.
    fn cross(
        &self,
        searches: &mut Searches,
        from: usize,
        to: usize,
        randomness: f64,
        rng: &mut Pcg64Mcg,
    ) -> Option<Route> {
        let tiles = self.tiles;
        let target = &self.rooms[to];
        let side = self.sides[to].as_ref()?;
        let regions = self.regions();
        let landmarks = self
            .landmarks
            .get_or_init(|| self.crowded().then(|| Landmarks::room_crossings(tiles)))
            .as_ref();
        let guide = landmarks.map(|l| {
            (
                l,
                l.span(target.cells.iter().filter_map(|&c| tiles.index_of(c))),
            )
        });
        let (x0, y0, x1, y1) = side.bounds;
        let mut route = searches.crossing.find(
            tiles,
            &self.rooms[from].cells,
            u32::try_from(to).ok()?,
            (Pos::new(x0, y0), Pos::new(x1, y1)),
            |i| regions.leads_into(i, to),
            guide,
            randomness,
            rng,
        )?;
        let last = *route.cells.last()?;
        let target_tile = Tile::of_room(u32::try_from(to).ok()?);
        if tiles[last] != target_tile {
            // A free cell from which free cells lead into the target: straight in when it is
            // beside the target, else the shortest way.
            let rest = match tiles.neighbours(last).find(|&n| tiles[n] == target_tile) {
                Some(next) => vec![last, next],
                None => searches.free.find(
                    tiles,
                    &self.free,
                    &Side::new(tiles, &[last])?,
                    side,
                    randomness,
                    rng,
                )?,
            };
            route.cells.extend(rest.into_iter().skip(1));
        }
        Some(route)
    }

    /// Whether the map is big and rooms cover more than half of it.
    fn crowded(&self) -> bool {
        let room_cells: usize = self.rooms.iter().map(|r| r.cells.len()).sum();
        self.tiles.len() >= LANDMARKS_FROM_CELLS && 2 * room_cells > self.tiles.len()
    }

    /// When rooms `a` and `b` touch, the two cells where the path steps from one into the
    /// other: the first cell of `a` (in growth order) beside `b`, and its first neighbour
    /// in `b` (left, right, up, down).
    fn touching(&self, a: usize, b: usize) -> Option<Vec<Pos>> {
        let other = Tile::of_room(u32::try_from(b).ok()?);
        let tiles = self.tiles;
        self.rooms[a].cells.iter().find_map(|&c| {
            tiles
                .neighbours(c)
                .find(|&n| tiles[n] == other)
                .map(|n| vec![c, n])
        })
    }
}
