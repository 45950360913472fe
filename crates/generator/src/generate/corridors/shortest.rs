//! The `flood` corridor style, the original's: the shortest path through free cells, found
//! by a bit-parallel flood ([`super::wavefront`]) and wiggled by randomness; when other
//! rooms wall a room in, the route that crosses the fewest of their cells
//! ([`super::crossing`]). The drawn styles fall back to it, walked straight.

use std::borrow::Cow;

use rand_pcg::Pcg64Mcg;

use crate::base::grid::Pos;
use crate::base::streams::{Stage, stream};
use crate::base::tile::Tile;
use crate::model::progress::Progress;

use super::crossing::Route;
use super::laid::Laid;
use super::landmarks::Landmarks;
use super::wavefront::{Merge, PathEnd, Walk};
use super::{Merging, Router, Searches};

impl Router {
    /// The `flood` style's path from room `a` to room `b`: through free cells if any join
    /// them, else across the fewest cells of other rooms; with the cells it crossed. Each
    /// try draws from the start of path `index`'s stream of `seed`. Long searches stop when
    /// `progress` is cancelled.
    pub(super) fn shortest(
        &self,
        searches: &mut Searches,
        (a, b): (usize, usize),
        (seed, index): (u64, u64),
        walk: Walk,
        merging: Option<&Merging>,
        progress: &Progress,
    ) -> Option<(Vec<Pos>, u32)> {
        let rng = || stream(seed, Stage::Path, index);
        let (from, to) = (self.sides[a].as_ref()?, self.sides[b].as_ref()?);
        let (room_a, room_b) = ((a, &from.doors[..]), (b, &to.doors[..]));
        let worth_trying = match self.regions.get() {
            // Regions called off halfway: so is the map.
            Some(regions) => regions.as_ref()?.share(room_a, room_b),
            None => true,
        };
        if worth_trying {
            let merge = merging.map(|m| Merge {
                laid: &m.laid,
                surcharge: m.surcharge,
            });
            // Free regions tell whether any free cells join the rooms; labelled only when
            // a window holds no path, to spare the search that cannot succeed.
            let joined = || {
                self.regions(progress)
                    .is_none_or(|r| r.share(room_a, room_b))
            };
            let (from, to) = self.ends((a, b), merging)?;
            let found = searches.free.find(
                &self.tiles,
                self.free(),
                &from,
                &to,
                (walk, self.detours()),
                merge,
                joined,
                &mut rng(),
            );
            if let Some(cells) = found {
                return Some((cells, 0));
            }
        }
        // Walled in: on a closed map, through the fewest rooms, in and out by their doors;
        // else cross from the side that reaches fewer free cells.
        let regions = self.regions(progress)?;
        if self.walls.is_some() {
            let ways = (walk, merging);
            let through = self.through_rooms(
                searches,
                (a, b),
                &self.room_graph,
                ways,
                regions,
                &mut rng(),
            );
            if through.is_some() {
                return through;
            }
        }
        let Route { cells, crossed } = if regions.reach(room_a) <= regions.reach(room_b) {
            self.cross(searches, (a, b), walk, &mut rng(), progress)?
        } else {
            let mut back = self.cross(searches, (b, a), walk, &mut rng(), progress)?;
            back.cells.reverse();
            back
        };
        Some((cells, crossed))
    }

    /// The two rooms' ends of a path from room `a` to room `b`: on a closed map with
    /// corridors to keep off, without the doors that would close a square of corridor
    /// (where they have others).
    pub(super) fn ends(
        &self,
        (a, b): (usize, usize),
        merging: Option<&Merging>,
    ) -> Option<(Cow<'_, PathEnd>, Cow<'_, PathEnd>)> {
        let (from, to) = (self.sides[a].as_ref()?, self.sides[b].as_ref()?);
        Some(match merging {
            Some(m) if self.walls.is_some() => (
                Cow::Owned(self.open_doors(from, &m.laid)),
                Cow::Owned(self.open_doors(to, &m.laid)),
            ),
            _ => (Cow::Borrowed(from), Cow::Borrowed(to)),
        })
    }

    /// `end` without the doors beside a door site that would close a square of the
    /// corridors `laid`, unless that leaves none.
    fn open_doors(&self, end: &PathEnd, laid: &Laid) -> PathEnd {
        let tiles = &self.tiles;
        let closes = |door: &Pos| {
            tiles
                .neighbours(*door)
                .any(|s| !tiles[s].is_outside_rooms() && laid.closes_square.get(s))
        };
        let doors: Vec<Pos> = end.doors.iter().filter(|d| !closes(d)).copied().collect();
        PathEnd {
            doors: if doors.is_empty() {
                end.doors.clone()
            } else {
                doors
            },
            ..end.clone()
        }
    }

    /// The path from room `from` into room `to` across the fewest cells of other rooms:
    /// across rooms until free cells lead into `to`, then the shortest way through them.
    fn cross(
        &self,
        searches: &mut Searches,
        (from, to): (usize, usize),
        walk: Walk,
        rng: &mut Pcg64Mcg,
        progress: &Progress,
    ) -> Option<Route> {
        let randomness = match walk {
            Walk::Wiggle(randomness) => randomness,
            Walk::Straight => 0.0,
        };
        let tiles = &self.tiles;
        let target = &self.rooms[to];
        let side = self.sides[to].as_ref()?;
        let regions = self.regions(progress)?;
        let landmarks = self
            .landmarks
            .get_or_init(|| self.crowded().then(|| Landmarks::room_crossings(tiles)))
            .as_ref();
        let guide = landmarks.map(|l| {
            (
                l,
                l.span(target.cells().iter().filter_map(|&c| tiles.index_of(c))),
            )
        });
        let mut route = searches.crossing.find(
            tiles,
            self.rooms[from].cells(),
            u32::try_from(to).ok()?,
            side.bounds,
            regions.leading_into((to, &side.doors)),
            guide,
            (randomness, rng),
            || progress.is_cancelled(),
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
                    self.free(),
                    &PathEnd::new(tiles, &[last])?,
                    side,
                    (walk, self.detours()),
                    None,
                    // The cell is in a region that leads into the target.
                    || true,
                    rng,
                )?,
            };
            route.cells.extend(rest.into_iter().skip(1));
        }
        Some(route)
    }
}
