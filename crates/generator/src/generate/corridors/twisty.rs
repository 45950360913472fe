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
use super::laid::Laid;

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

/// How a twisty corridor runs: the most bends it takes, and how far (in cells) it may
/// wander to either side of the straight way between its ends; 0 keeps every step towards
/// the end, as the original box trick does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub bends: u32,
    pub wander: u32,
}

/// A twisty corridor from room `a` into room `b`, when one of a few staircases between
/// their closest free cells runs through free cells only (and, with corridors `laid` to
/// keep off, beside none of them). A corridor that may wander tries zigzags first: runs
/// along the way from one room to the other, turning aside and back within `wander` cells.
pub(super) fn route<R: Rng + ?Sized>(
    router: &Router,
    a: usize,
    b: usize,
    shape: Shape,
    laid: Option<&Laid>,
    rng: &mut R,
) -> Option<Vec<Pos>> {
    let (start, end) = router.facing_doors(a, b)?;
    let (w, h) = (router.tiles.width(), router.tiles.height());
    if shape.wander > 0 {
        for _ in 0..TRIES {
            // Its cells are drawn first, then checked: cheaply for rooms in the way (most
            // zigzags end there), then for crossing itself.
            let laid_out = zigzag(start, end, shape, (w, h), rng).and_then(|between| {
                let cells = router.lay(a, b, (start, &between, end), laid)?;
                let mut all = between;
                all.extend([start, end]);
                (!crosses_or_squares(&mut all)).then_some(cells)
            });
            if laid_out.is_some() {
                return laid_out;
            }
        }
    }
    (0..TRIES).find_map(|_| {
        let between = staircase(start, end, shape.bends, rng);
        router.lay(a, b, (start, &between, end), laid)
    })
}

/// The cells strictly between `start` and `end` along a zigzag of up to `shape.bends`
/// bends on a `size` grid: runs along the longer way between them, of at least a cell
/// each, with turns aside between them to random levels within `shape.wander` cells of
/// the straight way, the last one back to `end`'s. It may cross itself or lay four of its
/// cells in a square ([`crosses_or_squares`] tells).
fn zigzag<R: Rng + ?Sized>(
    start: Pos,
    end: Pos,
    shape: Shape,
    size: (u32, u32),
    rng: &mut R,
) -> Option<Vec<Pos>> {
    let (dx, dy) = (start.x.abs_diff(end.x), start.y.abs_diff(end.y));
    // Along x (the main way) when that is the longer way, else along y: swap the axes.
    let along_x = dx >= dy;
    let flip = |p: Pos| if along_x { p } else { Pos::new(p.y, p.x) };
    let (s, e) = (flip(start), flip(end));
    let (width, height) = if along_x { size } else { (size.1, size.0) };
    let main = s.x.abs_diff(e.x);
    // Runs along the main way, alternating with turns aside: as many as the bends allow
    // and the length holds, each at least a cell long.
    let runs = (shape.bends / 2 + 1).min(main.max(1));
    let lengths: Vec<u32> = split(main.saturating_sub(runs), runs, rng)
        .into_iter()
        .map(|l| l + u32::from(main >= runs))
        .collect();
    let (lo, hi) = (s.y.min(e.y), s.y.max(e.y));
    let (least, most) = (
        lo.saturating_sub(shape.wander),
        (hi + shape.wander).min(height - 1),
    );
    let mut cells = Vec::new();
    let mut at = s;
    let step_x = |at: Pos| {
        if e.x >= s.x {
            Pos::new(at.x + 1, at.y)
        } else {
            Pos::new(at.x.wrapping_sub(1), at.y)
        }
    };
    for (k, &length) in lengths.iter().enumerate() {
        for _ in 0..length {
            at = step_x(at);
            if at.x >= width {
                return None;
            }
            cells.push(at);
        }
        // Then aside: to a random level, the last time to the end's.
        let level = if k + 1 == lengths.len() {
            e.y
        } else {
            least + below(rng, most - least + 1)
        };
        while at.y != level {
            at = if level > at.y {
                Pos::new(at.x, at.y + 1)
            } else {
                Pos::new(at.x, at.y - 1)
            };
            cells.push(at);
        }
    }
    if cells.last() != Some(&e) {
        return None;
    }
    cells.pop(); // `end` itself
    Some(cells.into_iter().map(flip).collect())
}

/// Whether `cells` repeat a cell or hold a 2×2 square.
pub(super) fn crosses_or_squares(cells: &mut [Pos]) -> bool {
    cells.sort_unstable_by_key(|p| (p.y, p.x));
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return true;
    }
    let has = |p: Pos| {
        cells
            .binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
            .is_ok()
    };
    cells.iter().any(|&p| {
        has(Pos::new(p.x + 1, p.y))
            && has(Pos::new(p.x, p.y + 1))
            && has(Pos::new(p.x + 1, p.y + 1))
    })
}
