//! Corridors: the paths that join the rooms a connection style pairs up
//! ([`crate::generate::connect`]), each routed in the recipe's corridor style ([`Corridor`],
//! chosen at one `match` in `Router::join`: one file per style).
//!
//! Every room is always connected. The `flood` style (module `shortest`) runs through free
//! cells, as short as possible, when free cells join the two rooms (`wavefront`); when
//! other rooms wall one of them in, it crosses as few of their cells as it can
//! (`crossing`) instead of giving up, as the original did. The drawn styles, `half-rect`
//! (modules `half_rect` and `twisty`), lay a straight-sided corridor between the
//! closest free cells beside the two rooms, and fall back to `flood` where it is blocked.

mod across;
mod crossing;
mod door_sites;
mod half_rect;
mod laid;
mod landmarks;
mod regions;
mod shortest;
mod twisty;
mod walls;
mod wavefront;

#[cfg(test)]
pub(crate) use half_rect::half_rect;
#[cfg(test)]
pub(crate) use twisty::staircase;

use std::sync::OnceLock;

use crate::base::bits::{BitGrid, BothWays};
use crate::base::grid::{Grid, Pos};
use crate::base::parallel::{Clock, map_blocks};
use crate::base::pool::{Lent, Pool};
use crate::base::streams::{Stage, stream};
use crate::base::tile::Tile;
use crate::generate::connect;
use crate::model::Error;
use crate::model::parts::{Path, Room};
use crate::model::progress::Progress;
use crate::model::recipe::{Connect, Corridor, Recipe};
use across::RoomGraph;
use crossing::CrossingSearch;
use laid::{Laid, Surcharge};
use landmarks::Landmarks;
use regions::Regions;
use walls::Walls;
use wavefront::{Detours, FreeBits, PathEnd, Walk, Wavefront};

/// Which rooms to join and how the paths should look, with the seed their streams come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathPlan {
    pub seed: u64,
    /// The recipe's own corridors seed, which also gives a chain its order.
    pub shuffle: Option<u64>,
    pub randomness: f64,
    pub corridor: Corridor,
    pub bends: u32,
    pub connect: Connect,
    pub loops: f64,
    /// How strongly corridors join those laid before them (0: each its own shortest way).
    pub merge: f64,
    /// Cells of rock between rooms: room for twisty corridors to wander.
    pub spacing: u32,
    /// Whether rooms are closed: corridors go in and out through doors in their walls.
    pub closed: bool,
}

impl PathPlan {
    /// What `recipe` asks of the path stage.
    #[must_use]
    pub fn of(recipe: &Recipe) -> Self {
        Self {
            seed: recipe.corridors_seed.unwrap_or(recipe.seed),
            shuffle: recipe.corridors_seed,
            randomness: recipe.randomness,
            corridor: recipe.corridor,
            bends: recipe.bends,
            connect: recipe.connect,
            loops: recipe.loops,
            merge: recipe.merge,
            spacing: recipe.rooms_apart(),
            closed: recipe.closed,
        }
    }
}

/// Paths worth a thread of their own.
const PATHS_PER_THREAD: usize = 16;

/// Rooms whose doors are worth a thread of their own to find: a room's doors take far less
/// time to find than a thread takes to start, so only hundreds of rooms pay for one.
const ROOMS_PER_THREAD: usize = 512;

/// Landmarks pay for their floods when paths must cross rooms on big, crowded maps: from
/// this many cells on, with rooms covering more than half of them.
const LANDMARKS_FROM_CELLS: usize = 1 << 16;

/// Join the rooms the plan's connection style pairs up, as [`Joining`] does, all at once.
///
/// # Errors
/// [`Error::Cancelled`] when `progress` is cancelled; it is checked before each path.
#[cfg(test)]
pub fn connect(
    tiles: &Grid<Tile>,
    rooms: &[Room],
    plan: &PathPlan,
    progress: &Progress,
) -> Result<Vec<Path>, Error> {
    let mut joining = Joining::new(tiles.clone(), rooms.to_vec(), plan, progress, None)?;
    joining.join_rest(progress)?;
    Ok(joining.finish().2)
}

/// The path stage under way: the pairs of rooms the plan's connection style picks, each
/// joined by a path in the plan's corridor style, one at a time ([`Joining::join_next`]) or
/// all those left at once ([`Joining::join_rest`]). Path `i` draws from its own stream, so
/// paths never change the rooms, and the paths are the same whichever way they are made.
/// Without `merge` each path ignores the others (and, all at once, they are made on several
/// threads); with it, each sees the corridors laid before it, so they are made in order.
pub struct Joining {
    router: Router,
    plan: PathPlan,
    /// Each pair with its place among the pairs, which picks its stream.
    pairs: Vec<(u64, (usize, usize))>,
    /// The next pair to join.
    next: usize,
    merging: Option<Merging>,
    searches: Lent<'static, Searches>,
    paths: Vec<Path>,
    clock: Option<Clock>,
}

impl Joining {
    /// Pick the pairs of `rooms`, placed on `tiles`, to join. On a closed map, rooms no
    /// door can join to the others are left out first ([`Joining::kept`]). With a `clock`,
    /// work that other threads could share starts them only when it is long (see
    /// [`map_blocks`]).
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled while the pairs are picked;
    /// [`Error::Unreachable`] for a pinned room or vault no door can join.
    pub fn new(
        tiles: Grid<Tile>,
        rooms: Vec<Room>,
        plan: &PathPlan,
        progress: &Progress,
        clock: Option<Clock>,
    ) -> Result<Self, Error> {
        let router = Router::new(tiles, rooms, plan.closed, clock)?;
        let pairs: Vec<(u64, (usize, usize))> = connect::pairs(
            plan.connect,
            &router.free_rows,
            &router.rooms,
            (plan.loops, plan.shuffle),
            progress,
        )?
        .into_iter()
        .enumerate()
        .map(|(i, pair)| (i as u64, pair))
        .collect();
        progress.start_paths(pairs.len() as u32);
        // On a closed map the door sites carry corridors too: a corridor keeps off one
        // laid through a door as off any.
        let merging = Surcharge::of(plan.merge).map(|surcharge| Merging {
            laid: match &router.walls {
                Some(walls) => Laid::new(&BothWays::of(walls.with_doors(&router.free_rows))),
                None => Laid::new(router.free()),
            },
            surcharge,
        });
        Ok(Self {
            router,
            plan: *plan,
            pairs,
            next: 0,
            merging,
            searches: SPARE.lend(),
            paths: Vec::new(),
            clock,
        })
    }

    /// Whether every pair has been joined.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.next >= self.pairs.len()
    }

    /// Join the next pair; returns whether every pair has been joined.
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled before or while the path is made.
    pub fn join_next(&mut self, progress: &Progress) -> Result<bool, Error> {
        progress.check()?;
        let Some(&(i, pair)) = self.pairs.get(self.next) else {
            return Ok(true);
        };
        self.next += 1;
        let path = self.router.join(
            &mut self.searches,
            pair,
            &self.plan,
            i,
            self.merging.as_ref(),
            progress,
        );
        if let (Some(merging), Some(path)) = (&mut self.merging, &path) {
            merging.laid.add(&path.cells);
        }
        progress.path_joined(path.as_ref());
        self.paths.extend(path);
        // A path called off halfway is missing: no map.
        progress.check()?;
        Ok(self.is_done())
    }

    /// Join every pair left: in order when paths merge, else on every core worth it (see
    /// [`map_blocks`]: with the clock it was given, only paths that take milliseconds more
    /// start other threads).
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled; it is checked before each path.
    pub fn join_rest(&mut self, progress: &Progress) -> Result<(), Error> {
        if self.merging.is_some() {
            while !self.join_next(progress)? {}
            return Ok(());
        }
        let (router, plan) = (&self.router, &self.plan);
        let paths = map_blocks(
            &self.pairs[self.next..],
            (PATHS_PER_THREAD, 1),
            self.clock,
            || SPARE.lend(),
            |searches, chunk| {
                let mut paths = Vec::with_capacity(chunk.len());
                for &(i, pair) in chunk {
                    if progress.is_cancelled() {
                        break;
                    }
                    let path = router.join(searches, pair, plan, i, None, progress);
                    progress.path_joined(path.as_ref());
                    paths.extend(path);
                }
                paths
            },
        );
        self.next = self.pairs.len();
        self.paths.extend(paths);
        // Paths called off before or while they were made are missing: no map.
        progress.check()
    }

    /// Which room of those given each room is, when a closed map left some out.
    #[must_use]
    pub fn kept(&self) -> Option<&[usize]> {
        self.router.walls.as_ref().and_then(Walls::kept)
    }

    /// The grid with the rooms, the rooms, and the paths made, in pair order.
    #[must_use]
    pub fn finish(self) -> (Grid<Tile>, Vec<Room>, Vec<Path>) {
        let (tiles, rooms) = match self.router.walls {
            Some(walls) => walls.finish(),
            None => (self.router.tiles, self.router.rooms),
        };
        (tiles, rooms, self.paths)
    }
}

/// One thread's reusable search memory.
#[derive(Default)]
struct Searches {
    free: Wavefront,
    crossing: CrossingSearch,
}

/// Search memory left by the maps made before, for the next map's threads (at most 8 kept,
/// more than ever make paths at once here). The crossing search's memory holds a slot for
/// every cell of the map: it is let go past 2¹⁸ cells (a 512 × 512 map, 4 MB).
static SPARE: Pool<Searches> = Pool::new(8, |searches| {
    if searches.crossing.cells() > 1 << 18 {
        searches.crossing = CrossingSearch::default();
    }
});

/// The corridors laid so far and what steps cost by them, when paths merge.
struct Merging {
    laid: Laid,
    surcharge: Surcharge,
}

/// What path searches know about a map with its rooms placed: on a closed map, the view
/// of it with the rooms' walls, which paths are routed on (see [`walls`]).
struct Router {
    tiles: Grid<Tile>,
    rooms: Vec<Room>,
    /// A closed map's walls, and the map as it is.
    walls: Option<Walls>,
    /// Each room's bounds and doors.
    sides: Vec<Option<PathEnd>>,
    /// The free cells, row by row.
    free_rows: BitGrid,
    /// The free cells both ways, made when a search first needs them.
    free: OnceLock<FreeBits>,
    /// Labelled when a path's search first finds no way inside its window (before it
    /// widens the window); `None` when that was called off.
    regions: OnceLock<Option<Regions>>,
    /// Made when a path on a big crowded map first has to cross rooms.
    landmarks: OnceLock<Option<Landmarks>>,
    /// Made when a path on a closed map first has to cross rooms.
    room_graph: OnceLock<RoomGraph>,
}

impl Router {
    fn new(
        tiles: Grid<Tile>,
        rooms: Vec<Room>,
        closed: bool,
        clock: Option<Clock>,
    ) -> Result<Self, Error> {
        let regions = OnceLock::new();
        let (walls, tiles, rooms) = if closed {
            let (walls, view) = Walls::new(tiles, rooms)?;
            // The walls labelled the regions of the view's free cells.
            let _ = regions.set(Some(view.regions));
            (Some(walls), view.tiles, view.rooms)
        } else {
            (None, tiles, rooms)
        };
        let sides = map_blocks(
            &rooms,
            (ROOMS_PER_THREAD, 16),
            clock,
            || (),
            |(), part| part.iter().map(|r| PathEnd::of_room(&tiles, r)).collect(),
        );
        let free_rows = BitGrid::of(&tiles, |t| t.is_outside_rooms());
        Ok(Self {
            tiles,
            rooms,
            walls,
            sides,
            free_rows,
            free: OnceLock::new(),
            regions,
            landmarks: OnceLock::new(),
            room_graph: OnceLock::new(),
        })
    }

    /// How far round paths may have to go: far on a closed map, whose walls send them
    /// round rooms.
    fn detours(&self) -> Detours {
        if self.walls.is_some() {
            Detours::Many
        } else {
            Detours::Few
        }
    }

    /// The free cells both ways, made the first time they are asked for.
    fn free(&self) -> &FreeBits {
        self.free
            .get_or_init(|| BothWays::of(self.free_rows.clone()))
    }

    /// The map's free regions, labelled the first time they are asked for; `None` when the
    /// map was called off (as `progress` says) while they were labelled.
    fn regions(&self, progress: &Progress) -> Option<&Regions> {
        self.regions
            .get_or_init(|| {
                Regions::new(&self.free_rows, self.sides.len(), || {
                    progress.is_cancelled()
                })
            })
            .as_ref()
    }

    /// Path `index` of the plan, from room `a` to room `b`, through doors on a closed map
    /// (see [`Router::route`]).
    fn join(
        &self,
        searches: &mut Searches,
        pair: (usize, usize),
        plan: &PathPlan,
        index: u64,
        merging: Option<&Merging>,
        progress: &Progress,
    ) -> Option<Path> {
        let path = self.route(searches, pair, plan, index, merging, progress)?;
        Some(match &self.walls {
            Some(walls) => walls.through_doors(path),
            None => path,
        })
    }

    /// Path `index` of the plan, from room `a` to room `b`: straight into `b` when the rooms
    /// touch, else in the plan's corridor style. The one place a style is chosen.
    fn route(
        &self,
        searches: &mut Searches,
        (a, b): (usize, usize),
        plan: &PathPlan,
        index: u64,
        merging: Option<&Merging>,
        progress: &Progress,
    ) -> Option<Path> {
        let path = |cells: Vec<Pos>, crossed: u32| Path {
            from: a,
            to: b,
            cells,
            crossed,
        };
        if let Some(cells) = self.touching(a, b) {
            return Some(path(cells, 0));
        }
        let mut rng = stream(plan.seed, Stage::Path, index);
        let laid = merging.map(|m| &m.laid);
        // Flood corridors wiggle as randomness says; drawn ones that found no straight way
        // take the shortest one, walked as straight as it goes.
        let (drawn, walk) = match plan.corridor {
            Corridor::Flood => (None, Walk::Wiggle(plan.randomness)),
            Corridor::HalfRect => (half_rect::route(self, a, b, laid, &mut rng), Walk::Straight),
            Corridor::Twisty => {
                let shape = twisty::Shape {
                    bends: plan.bends,
                    wander: plan.spacing,
                };
                (
                    twisty::route(self, a, b, shape, laid, &mut rng),
                    Walk::Straight,
                )
            }
        };
        if let Some(cells) = drawn {
            return Some(path(cells, 0));
        }
        let (cells, crossed) = self.shortest(
            searches,
            (a, b),
            (plan.seed, index),
            walk,
            merging,
            progress,
        )?;
        Some(path(cells, crossed))
    }

    /// The closest pair of free cells beside rooms `a` and `b` (the first such pair in
    /// reading order when several are as close): where a drawn corridor starts and ends.
    fn facing_doors(&self, a: usize, b: usize) -> Option<(Pos, Pos)> {
        let (from, to) = (self.sides[a].as_ref()?, self.sides[b].as_ref()?);
        let mut best: Option<(u32, Pos, Pos)> = None;
        for &s in &from.doors {
            // b's doors lie beside its cells, at most one step outside its bounds: none
            // is nearer than `least`, and only doors of a that near can beat the best so
            // far.
            let reach = best.map_or(u32::MAX, |(d, _, _)| d);
            let least = to.bounds.distance_to(s).saturating_sub(1);
            if least >= reach {
                continue;
            }
            // The first of b's doors nearest s: the search ends at one as near as any can be.
            let mut nearest: Option<(u32, Pos)> = None;
            for &e in &to.doors {
                let d = s.manhattan(e);
                if nearest.is_none_or(|(n, _)| d < n) {
                    nearest = Some((d, e));
                    if d == least {
                        break;
                    }
                }
            }
            let (d, e) = nearest?;
            if d < reach {
                best = Some((d, s, e));
            }
        }
        best.map(|(_, s, e)| (s, e))
    }

    /// A drawn corridor from room `a` into room `b`: the cell of `a` beside `start`,
    /// `start`, `between`, `end` and the cell of `b` beside `end`; `None` when any of
    /// `start`, `between` and `end` is not free or they do not touch the rooms, or (with
    /// corridors `laid` to keep off) when it would run beside one of them.
    fn lay(
        &self,
        a: usize,
        b: usize,
        (start, between, end): (Pos, &[Pos], Pos),
        laid: Option<&Laid>,
    ) -> Option<Vec<Pos>> {
        let tiles = &self.tiles;
        let run = || {
            std::iter::once(start)
                .chain(between.iter().copied())
                .chain((start != end).then_some(end))
        };
        if !run().all(|p| tiles.get(p) == Some(&Tile::FREE)) {
            return None;
        }
        let beside = |p: Pos, room: usize| {
            let tile = Tile::of_room(u32::try_from(room).ok()?);
            tiles.neighbours(p).find(|&n| tiles[n] == tile)
        };
        let first = beside(start, a)?;
        let last = beside(end, b)?;
        let mut cells = Vec::with_capacity(between.len() + 4);
        cells.push(first);
        cells.extend(run());
        cells.push(last);
        // On a closed map the door sites at its ends are corridor cells too: it keeps
        // them out of a square of its own.
        if self.walls.is_some() && twisty::crosses_or_squares(&mut cells.clone()) {
            return None;
        }
        match laid {
            Some(laid) if laid.hugs(&cells) => None,
            _ => Some(cells),
        }
    }

    /// Whether the map is big and rooms cover more than half of it.
    fn crowded(&self) -> bool {
        let room_cells: usize = self.rooms.iter().map(|r| r.cells().len()).sum();
        self.tiles.len() >= LANDMARKS_FROM_CELLS && 2 * room_cells > self.tiles.len()
    }

    /// When rooms `a` and `b` touch, the two cells where the path steps from one into the
    /// other: the first cell of `a` (in growth order) beside `b`, and its first neighbour
    /// in `b` (left, right, up, down).
    fn touching(&self, a: usize, b: usize) -> Option<Vec<Pos>> {
        // Rooms whose boxes lie more than a step apart cannot touch (nor can one without
        // cells): most pairs, answered without a look at their cells.
        let (from, to) = (self.sides[a].as_ref()?, self.sides[b].as_ref()?);
        if from.bounds.gap(&to.bounds) > 1 {
            return None;
        }
        let other = Tile::of_room(u32::try_from(b).ok()?);
        let tiles = &self.tiles;
        // Only a cell a step from b's box can have a neighbour in b.
        let near = self.rooms[a]
            .cells()
            .iter()
            .filter(|&&c| to.bounds.distance_to(c) <= 1);
        near.into_iter().find_map(|&c| {
            tiles
                .neighbours(c)
                .find(|&n| tiles[n] == other)
                .map(|n| vec![c, n])
        })
    }
}
