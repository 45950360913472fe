//! The `half-rect` corridor style, thrig's "box trick": from the free cell beside
//! one room to the free cell beside the other, draw half of the rectangle the two cells
//! span, an L that goes across first or up and down first by a coin flip. Where the L runs
//! into a room, the other half is tried; where both are blocked, the caller falls back to
//! the `flood` style, so every room stays connected.

use rand::{Rng, RngExt};

use crate::base::grid::Pos;

use super::Router;
use super::laid::Laid;

/// The cells strictly between `start` and `end` along half of the rectangle they span:
/// across first, then up or down, when `across_first`; else up or down first. Neither
/// `start` nor `end` is included, so neighbouring or equal points give no cells and a
/// straight run gives the cells between; otherwise there are `manhattan − 1` of them.
#[must_use]
pub fn half_rect(start: Pos, end: Pos, across_first: bool) -> Vec<Pos> {
    let mut cells = Vec::new();
    if start == end {
        return cells;
    }
    // The corner where the L turns; a straight run "turns" at its far end.
    let corner = if across_first {
        Pos::new(end.x, start.y)
    } else {
        Pos::new(start.x, end.y)
    };
    walk(start, corner, &mut cells);
    if corner != end && corner != start {
        cells.push(corner);
    }
    walk(corner, end, &mut cells);
    cells
}

/// Push the cells strictly between `from` and `to`, which share a row or a column.
fn walk(from: Pos, to: Pos, cells: &mut Vec<Pos>) {
    let step = |a: u32, b: u32| -> i64 { (i64::from(b) - i64::from(a)).signum() };
    let (dx, dy) = (step(from.x, to.x), step(from.y, to.y));
    let (mut x, mut y) = (i64::from(from.x) + dx, i64::from(from.y) + dy);
    while (x, y) != (i64::from(to.x), i64::from(to.y)) {
        // Between two cells of the grid, so within u32.
        cells.push(Pos::new(x as u32, y as u32));
        x += dx;
        y += dy;
    }
}

/// A half-rect corridor from room `a` into room `b`, when one of the two L's between their
/// closest free cells runs through free cells only (and, with corridors `laid` to keep
/// off, beside none of them).
pub(super) fn route<R: Rng + ?Sized>(
    router: &Router,
    a: usize,
    b: usize,
    laid: Option<&Laid>,
    rng: &mut R,
) -> Option<Vec<Pos>> {
    let (start, end) = router.facing_doors(a, b)?;
    let across_first = rng.random_bool(0.5);
    [across_first, !across_first]
        .into_iter()
        .find_map(|across| {
            let between = half_rect(start, end, across);
            router.lay(a, b, (start, &between, end), laid)
        })
}
