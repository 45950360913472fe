//! Rectangular rooms (an idea of the original design's notes): a whole axis-aligned rectangle of
//! at most the room size, its proportions drawn between 1:3 and 3:1, with the starting cell
//! somewhere inside it. Where other rooms or the map's edge are in the way, sides are cut
//! back until the rectangle holds only free cells: it is placed smaller, still whole.

use rand::Rng;

use crate::base::grid::{Grid, Pos, Rect, index};
use crate::base::streams::below;
use crate::base::tile::Tile;

use super::{Growth, log_uniform};

/// The most one side may be longer than the other.
const MOST_ASPECT: f64 = 3.0;

/// Grow rectangular room `id` around `origin`; returns its cells nearest to `origin` first,
/// or none when `origin` is taken or off the grid.
pub fn grow<R: Rng + ?Sized>(
    tiles: &mut Grid<Tile>,
    origin: Pos,
    growth: &Growth,
    id: u32,
    rng: &mut R,
) -> Vec<Pos> {
    if !tiles.get(origin).is_some_and(|t| t.is_outside_rooms()) || growth.size == 0 {
        return Vec::new();
    }
    let (w, h) = proportions(growth.size, rng);
    let (dx, dy) = (below(rng, w), below(rng, h));
    let x0 = origin.x.saturating_sub(dx);
    let y0 = origin.y.saturating_sub(dy);
    let wanted = Rect {
        x0,
        y0,
        x1: (x0 + w - 1).min(tiles.width() - 1),
        y1: (y0 + h - 1).min(tiles.height() - 1),
    };
    let room = fit(tiles, wanted, origin);
    let tile = Tile::of_room(id);
    let width = tiles.width();
    for y in room.y0..=room.y1 {
        let start = index(width, Pos::new(room.x0, y));
        tiles.as_mut_slice()[start..=start + (room.x1 - room.x0) as usize].fill(tile);
    }
    flood_order(origin, room)
}

/// The cells of `room`, which holds `origin`, in the order the flood of [`super::claim`]
/// reaches them when all are free (breadth first from `origin`, neighbours left, right,
/// up, down): by steps from `origin`; of as many steps, those left of its column, then
/// right of it, then in it; on either side the farther columns first; in a column, the
/// cell above first.
#[must_use]
pub fn flood_order(origin: Pos, room: Rect) -> Vec<Pos> {
    let (left, right) = (origin.x - room.x0, room.x1 - origin.x);
    let (up, down) = (origin.y - room.y0, room.y1 - origin.y);
    // Each cell is written where the next goes and kept by moving on, which the processor
    // need not guess: one slot more than the room's cells takes the last left out.
    let mut cells = vec![Pos::default(); room.area() as usize + 1];
    let mut kept = 0;
    // The cells of column `x` that lie `dy` rows from the origin's: above, then below.
    let mut column = |x: u32, dy: u32| {
        cells[kept] = Pos::new(x, origin.y.wrapping_sub(dy));
        kept += usize::from(dy <= up);
        cells[kept] = Pos::new(x, origin.y.wrapping_add(dy));
        kept += usize::from(dy != 0 && dy <= down);
    };
    let tall = up.max(down);
    for steps in 0..=left.max(right) + tall {
        // Columns `across` steps to the side, as many as leave `steps − across` rows.
        let near = steps.saturating_sub(tall).max(1);
        for across in (near..=steps.min(left)).rev() {
            column(origin.x - across, steps - across);
        }
        for across in (near..=steps.min(right)).rev() {
            column(origin.x + across, steps - across);
        }
        column(origin.x, steps);
    }
    cells.truncate(kept);
    cells
}

/// How many cells the room has with nothing in the way: its drawn proportions' area.
#[must_use]
pub fn planned<R: Rng + ?Sized>(size: u32, rng: &mut R) -> usize {
    if size == 0 {
        return 0;
    }
    let (w, h) = proportions(size, rng);
    w as usize * h as usize
}

/// Width and height of at most `size` cells, the longer side at most three times the
/// shorter.
#[must_use]
pub fn proportions<R: Rng + ?Sized>(size: u32, rng: &mut R) -> (u32, u32) {
    let aspect = log_uniform(rng, 1.0 / MOST_ASPECT, MOST_ASPECT);
    let size = f64::from(size);
    let mut w = ((size * aspect).sqrt().floor() as u32).max(1);
    let mut h = ((size / f64::from(w)).floor() as u32).max(1);
    // Tiny rooms cannot always keep their drawn proportions: keep them within 1:3.
    h = h.min(3 * w);
    w = w.min(3 * h);
    (w, h)
}

/// The largest part of `wanted` holding `origin` (which must be free and inside it) that
/// has only free cells: each taken cell inside cuts the side that loses the least area.
fn fit(tiles: &Grid<Tile>, mut room: Rect, origin: Pos) -> Rect {
    // The first taken cell of `room` in reading order from row `from`, a row's cells at a
    // time. A cut leaves a part of the room, so the rows above the taken cell, free
    // before, are free after it: the next look starts at that cell's row.
    let taken = |room: Rect, from: u32| {
        (from.max(room.y0)..=room.y1).find_map(|y| {
            let row = &tiles.row(y)?[room.x0 as usize..=room.x1 as usize];
            let x = row.iter().position(|t| !t.is_outside_rooms())?;
            Some(Pos::new(room.x0 + x as u32, y))
        })
    };
    let mut from = room.y0;
    while let Some(t) = taken(room, from) {
        from = t.y;
        let cuts = [
            (t.x < origin.x).then(|| Rect {
                x0: t.x + 1,
                ..room
            }),
            (t.x > origin.x).then(|| Rect {
                x1: t.x - 1,
                ..room
            }),
            (t.y < origin.y).then(|| Rect {
                y0: t.y + 1,
                ..room
            }),
            (t.y > origin.y).then(|| Rect {
                y1: t.y - 1,
                ..room
            }),
        ];
        let Some(best) = cuts.into_iter().flatten().max_by_key(|r| r.area()) else {
            // Only `origin` itself could be taken, which the caller rules out.
            return Rect::at(origin);
        };
        room = best;
    }
    room
}
