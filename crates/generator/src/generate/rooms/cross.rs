//! Cross rooms: two bars of the same thickness crossing at the starting cell, one across and
//! one up and down, their lengths drawn so that the room holds at most the room size. Where
//! other rooms or the map's edge are in the way, each of the four arms stops short on its
//! own, and the bars thin down if even their crossing does not fit.

use rand::{Rng, RngExt};

use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;

use super::{Growth, all_free, claim};

/// Grow cross room `id` around `origin`; returns its cells nearest to `origin` first, or
/// none when `origin` is taken or off the grid.
pub fn grow<R: Rng + ?Sized>(
    tiles: &mut Grid<Tile>,
    origin: Pos,
    growth: &Growth,
    id: u32,
    rng: &mut R,
) -> Vec<Pos> {
    let (mut half, across, along) = arms(growth.size, rng);
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    let square =
        |k: i64| (oy - k..=oy + k).flat_map(move |y| (ox - k..=ox + k).map(move |x| (x, y)));
    while half > 0 && !all_free(tiles, square(i64::from(half))) {
        half -= 1;
    }
    let k = i64::from(half);
    // How far each arm reaches past the crossing: left, right, up, down.
    let reach = |wanted: u32, step: (i64, i64)| -> i64 {
        let mut length = k;
        while length < i64::from(wanted) {
            let d = length + 1;
            let strip = (-k..=k).map(|t| {
                if step.0 == 0 {
                    (ox + t, oy + step.1 * d)
                } else {
                    (ox + step.0 * d, oy + t)
                }
            });
            if !all_free(tiles, strip) {
                break;
            }
            length = d;
        }
        length
    };
    let (left, right) = (reach(across, (-1, 0)), reach(across, (1, 0)));
    let (up, down) = (reach(along, (0, -1)), reach(along, (0, 1)));
    claim(tiles, origin, id, |p| {
        let (dx, dy) = (i64::from(p.x) - ox, i64::from(p.y) - oy);
        let in_bar =
            |d: i64, lo: i64, hi: i64, side: i64| (-lo..=hi).contains(&d) && side.abs() <= k;
        in_bar(dx, left, right, dy) || in_bar(dy, up, down, dx)
    })
}

/// How many cells the room has with nothing in the way.
#[must_use]
pub fn planned<R: Rng + ?Sized>(size: u32, rng: &mut R) -> usize {
    let (half, across, along) = arms(size, rng);
    cells(half, across, along) as usize
}

/// The cells of a cross whose bars are `2 half + 1` thick, with arms `a` across and `b` up
/// and down from the centre.
fn cells(half: u32, a: u32, b: u32) -> u64 {
    let t = u64::from(2 * half + 1);
    t * u64::from(2 * a + 1) + t * u64::from(2 * b + 1) - t * t
}

/// (half the bars' thickness, arm length across, arm length up and down) for a cross of at
/// most `size` cells; arm lengths count from the centre.
#[must_use]
pub fn arms<R: Rng + ?Sized>(size: u32, rng: &mut R) -> (u32, u32, u32) {
    let size = u64::from(size);
    // Bars about a quarter as thick as the room is wide, at least one cell.
    let mut half = ((size as f64).sqrt() / 8.0).floor() as u32;
    while half > 0 && cells(half, half + 1, half + 1) > size {
        half -= 1;
    }
    // The arms' total length past the crossing, split between the two bars.
    let t = u64::from(2 * half + 1);
    let spare = size.saturating_sub(t * t) / (2 * t);
    let share = rng.random_range(0.3..=0.7);
    let across_extra = (spare as f64 * share).round() as u32;
    let along_extra = (spare as u32).saturating_sub(across_extra);
    let (across, along) = (half + across_extra, half + along_extra);
    debug_assert!(cells(half, across, along) <= size.max(1));
    (half, across, along)
}
