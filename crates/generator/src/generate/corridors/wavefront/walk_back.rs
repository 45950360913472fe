//! The walk back: the path found, traced from the target's door back to room A, each step
//! onto a cell of the layer that step would have come from, chosen among them in the order
//! the walk asks for.

use std::cell::Cell;

use rand::Rng;

use crate::base::flood::neighbour_order;
use crate::base::grid::{Dir, Grid, Pos, step_within};
use crate::base::tile::Tile;
use crate::generate::corridors::laid::Laid;

use super::Wavefront;
use super::flood::Reached;
use super::frame::{Frame, Local};
use super::layer::search_near;

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

impl Wavefront {
    /// The path from room `from` (its cells) to room `target` (its tile) through the door
    /// reached, walked back from the target one layer-consistent step at a time; `MERGED`
    /// when the flood kept off corridors (`laid`, given then): onto a corridor cell first
    /// where one is as near.
    pub(super) fn walk_back<R: Rng + ?Sized, const MERGED: bool>(
        &self,
        tiles: &Grid<Tile>,
        frame: &Frame,
        reached: &Reached,
        (from, target): (&[Pos], Tile),
        (walk, laid): (Walk, Option<&Laid>),
        rng: &mut R,
    ) -> Vec<Pos> {
        let (w, h) = (tiles.width(), tiles.height());
        let wpr = (frame.width() as usize).div_ceil(64);
        // Each way on the map as a step in the window, by `Dir` as index.
        let window_steps = Dir::ALL.map(|d| frame.step(d));
        let word = |l: Local| (l.y as usize * wpr + l.x as usize / 64, 1u64 << (l.x % 64));
        // The direction of the step last taken, which a straight walk keeps when it can.
        let mut ahead: Option<Dir> = None;
        let order = |ahead: Option<Dir>, rng: &mut R| -> [Dir; 4] {
            match walk {
                Walk::Wiggle(randomness) => *neighbour_order(randomness, rng),
                Walk::Straight => straight_on(ahead),
            }
        };
        // Where the last look-up in each layer ended: the walk goes back over a layer's
        // cells in order, so the next one is near.
        let hints: Vec<Cell<usize>> = (0..self.used).map(|_| Cell::new(0)).collect();
        let in_layer = |l: Local, k: usize| -> bool {
            let (word, bit) = (l.x / 64, 1u64 << (l.x % 64));
            let layer = &self.layers[k];
            let hint = hints.get(k).map_or(0, Cell::get);
            let at = search_near(layer, (l.y, word), hint);
            if let Some(h) = hints.get(k) {
                h.set(at.unwrap_or_else(|at| at));
            }
            at.is_ok_and(|at| layer[at].2 & bit != 0)
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
            let below_turn = i64::from(here.y.saturating_sub(reached.turn));
            let steps = reached.lowest + layer as i64 + i64::from(here.x + here.y) - 2 * below_turn;
            let (i, bit) = word(here);
            let first_step = if MERGED {
                let extra = self.costly.leaving_room(i, bit);
                extra.map_or(0, |extra| 1 + i64::from(extra))
            } else {
                1
            };
            if steps <= first_step {
                // One step from room A: step into it.
                let start = order
                    .iter()
                    .filter_map(|&d| step_within(w, h, at, d))
                    .find(|p| from.contains(p));
                if let Some(start) = start {
                    path.push(start);
                    break;
                }
            }
            let step_back = |d: Dir, corridor_only: bool| {
                let (dx, dy) = window_steps[d as usize];
                let l = Local {
                    x: here.x.wrapping_add(dx),
                    y: here.y.wrapping_add(dy),
                };
                if l.x >= frame.width() || l.y >= frame.height() {
                    return None;
                }
                if corridor_only && !laid.is_some_and(|laid| laid.on.get(frame.global(l))) {
                    return None;
                }
                // The step from `l` into `here`, in the window: right or down keeps the
                // layer, left or up costs two (below the turn, up keeps it and down costs
                // two); a costly step costs its surcharge more.
                let (into, forward) = if l.x < here.x {
                    (Dir::Right, true)
                } else if l.x > here.x {
                    (Dir::Left, false)
                } else if l.y < here.y {
                    (Dir::Down, l.y < reached.turn)
                } else {
                    (Dir::Up, l.y > reached.turn)
                };
                let surcharge = if MERGED {
                    self.costly.cost(into, i, bit)? as usize
                } else {
                    0
                };
                let cost = usize::from(!forward) * 2 + surcharge;
                let k = layer.checked_sub(cost)?;
                in_layer(l, k).then_some((l, k, d))
            };
            // With corridors laid, a first pass over corridor cells only.
            let passes: &[bool] = if MERGED { &[true, false] } else { &[false] };
            let previous = passes
                .iter()
                .find_map(|&corridor_only| order.iter().find_map(|&d| step_back(d, corridor_only)));
            let Some((l, k, d)) = previous else {
                break;
            };
            (here, layer, ahead) = (l, k, Some(d));
        }
        path.reverse();
        path
    }
}
