//! Diamond rooms: every cell within `r` steps (left, right, up, down) of the starting cell,
//! with the largest `r` whose diamond holds at most the room size. Where other rooms or the
//! map's edge are in the way, `r` shrinks until the whole diamond is free.

use rand::Rng;

use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;

use super::{Growth, all_free, claim};

/// Grow diamond room `id` around `origin`; returns its cells nearest to `origin` first, or
/// none when `origin` is taken or off the grid. Draws nothing from `rng`.
pub fn grow<R: Rng + ?Sized>(
    tiles: &mut Grid<Tile>,
    origin: Pos,
    growth: &Growth,
    id: u32,
    _rng: &mut R,
) -> Vec<Pos> {
    let most = radius_for(growth.size);
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    // Grow ring by ring while the next ring is free.
    let mut r = 0;
    while r < most {
        let k = i64::from(r + 1);
        let ring = (0..4 * k).map(|i| {
            let (side, t) = (i / k, i % k);
            match side {
                0 => (ox + k - t, oy + t),
                1 => (ox - t, oy + k - t),
                2 => (ox - k + t, oy - t),
                _ => (ox + t, oy - k + t),
            }
        });
        if !all_free(tiles, ring) {
            break;
        }
        r += 1;
    }
    claim(tiles, origin, id, |p| p.manhattan(origin) <= r)
}

/// How many cells the room has with nothing in the way.
#[must_use]
pub fn planned(size: u32) -> usize {
    let r = radius_for(size) as usize;
    2 * r * r + 2 * r + 1
}

/// The largest radius whose diamond, `2r² + 2r + 1` cells, holds at most `size` cells.
#[must_use]
pub fn radius_for(size: u32) -> u32 {
    let cells = |r: u64| 2 * r * r + 2 * r + 1;
    let mut r = 0u32;
    while cells(u64::from(r) + 1) <= u64::from(size) {
        r += 1;
    }
    r
}
