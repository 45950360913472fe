//! The `twisty` corridor style, thrig's twistier passages: the box trick repeated
//! on parts of the run, which makes a staircase from the free cell beside one room to the
//! free cell beside the other, with up to `bends` bends. Every step still goes towards the
//! end, so the corridor is as short as an L. Where a staircase runs into a room, a few
//! others are drawn; where all are blocked, the caller falls back to the `flood` style.

use rand::Rng;

use crate::base::grid::Pos;
use crate::base::streams::below;

use super::Router;
use super::half_rect::half_rect;

/// Staircases drawn before giving up.
const TRIES: usize = 8;

/// The cells strictly between `start` and `end` along a random staircase of up to `bends`
/// bends: runs across and up or down in turn (which first, and where each run ends, drawn
/// from `rng`), each step towards `end`. Points in one row or column give the straight run
/// between them; neither `start` nor `end` is included.
pub fn staircase<R: Rng + ?Sized>(start: Pos, end: Pos, bends: u32, rng: &mut R) -> Vec<Pos> {
    if start.x == end.x || start.y == end.y {
        return half_rect(start, end, true);
    }
    let runs = bends.max(1) + 1;
    let across_first = below(rng, 2) == 0;
    let across_runs = if across_first {
        runs.div_ceil(2)
    } else {
        runs / 2
    };
    let mut across = split(start.x.abs_diff(end.x), across_runs, rng).into_iter();
    let mut along = split(start.y.abs_diff(end.y), runs - across_runs, rng).into_iter();
    let (sx, sy) = (end.x >= start.x, end.y >= start.y);
    let mut cells = Vec::new();
    let mut at = start;
    for run in 0..runs {
        let is_across = (run % 2 == 0) == across_first;
        let length = if is_across {
            across.next()
        } else {
            along.next()
        }
        .unwrap_or(0);
        for _ in 0..length {
            at = match (is_across, sx, sy) {
                (true, true, _) => Pos::new(at.x + 1, at.y),
                (true, false, _) => Pos::new(at.x - 1, at.y),
                (false, _, true) => Pos::new(at.x, at.y + 1),
                (false, _, false) => Pos::new(at.x, at.y - 1),
            };
            cells.push(at);
        }
    }
    cells.pop(); // `end` itself
    cells
}

/// `total` split into `parts` random non-negative runs that add up to it.
fn split<R: Rng + ?Sized>(total: u32, parts: u32, rng: &mut R) -> Vec<u32> {
    let mut cuts: Vec<u32> = (1..parts).map(|_| below(rng, total + 1)).collect();
    cuts.push(0);
    cuts.push(total);
    cuts.sort_unstable();
    cuts.windows(2).map(|w| w[1] - w[0]).collect()
}

/// A twisty corridor from room `a` into room `b`, when one of a few staircases between
/// their closest free cells runs through free cells only.
pub(super) fn route<R: Rng + ?Sized>(
    router: &Router<'_>,
    a: usize,
    b: usize,
    bends: u32,
    rng: &mut R,
) -> Option<Vec<Pos>> {
    let (start, end) = router.facing_doors(a, b)?;
    (0..TRIES).find_map(|_| router.lay(a, b, start, &staircase(start, end, bends, rng), end))
}
