//! Hatching, as a hand inks rock (after Dyson Logos, as watabou's One Page Dungeon draws
//! it): clusters of three short parallel strokes, their centres spread by Poisson-disk
//! sampling, neighbours never nearly parallel, each stroke stopping where it would cross an
//! earlier one.
//!
//! The clusters are a [`Pattern`] made once per seed on a square of [`PERIOD`] cells whose
//! opposite sides meet (sampling, angles and cuts all wrap around), laid edge to edge over
//! the map; a map keeps the clusters near its floor ([`near_floor`]). So a cluster's strokes
//! depend on the seed and on where it lies, never on the rest of the map: a slider that
//! changes part of a map leaves the hatching of the rest as it was, and the same recipe
//! hatches the same on every machine. Its randomness is its own stream, seeded by the
//! recipe's seed, apart from the generator's streams.

use std::sync::{Arc, Mutex};

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use super::plane::{Vec2, crossing, to_cell};
use dungeon_generator::Grid;

/// The side of the pattern's square, in cells: large enough that its repeats are not seen
/// along a wall.
pub const PERIOD: u32 = 16;
/// The least distance between two clusters' centres, in cells.
const SPACING: f64 = 0.27;
/// Strokes a cluster.
const STROKES: i32 = 3;
/// How close two neighbours' strokes may come to parallel: the most `|cos|` of the angle
/// between them (about 30°).
const PARALLEL: f64 = 0.86;
/// Tries for a cluster's direction before the least parallel one is taken.
const DIRECTION_TRIES: u32 = 12;
/// Tries for a new point around an active one (Bridson's `k`).
const POINT_TRIES: u32 = 30;
/// A stroke ends this far (in cells) before an earlier one it would cross.
const GAP: f64 = 0.03;

/// The least width of the band of hatched rock along the floor, in cells.
pub const FULL: f64 = 0.6;
/// Its greatest width.
pub const FADED: f64 = 1.5;
/// Clusters inside floor cells within this distance of rock are kept too: the smoothed
/// outline gives up the corners of such cells to rock.
const INSIDE: f64 = 0.5;

/// One cluster of strokes.
#[derive(Clone, Debug, PartialEq)]
pub struct Cluster {
    /// Its centre, in cells.
    pub centre: Vec2,
    /// Its strokes, each from one end to the other, in cells.
    pub strokes: Vec<[Vec2; 2]>,
}

/// The clusters of a square of [`PERIOD`] cells whose opposite sides meet, and which of
/// them have their centre in each cell.
#[derive(Debug)]
pub struct Pattern {
    seed: u64,
    clusters: Vec<Cluster>,
    /// For each cell of the square, row by row, its clusters.
    by_cell: Vec<Vec<u32>>,
}

/// The pattern of `seed`: made again only when the seed changes (the last one is kept).
pub fn pattern(seed: u64) -> Arc<Pattern> {
    static LAST: Mutex<Option<Arc<Pattern>>> = Mutex::new(None);
    let mut last = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match &*last {
        Some(kept) if kept.seed == seed => Arc::clone(kept),
        _ => {
            let made = Arc::new(Pattern::new(seed));
            *last = Some(Arc::clone(&made));
            made
        }
    }
}

/// The hatching's own stream for `seed`: SplitMix64 of the seed and a tag of its own.
fn stream(seed: u64) -> Pcg64Mcg {
    let a = splitmix64(seed ^ 0x6861_7463_6869_6e67);
    let b = splitmix64(a);
    Pcg64Mcg::new((u128::from(a) << 64) | u128::from(b))
}

const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A number in `[0, 1)`.
fn unit(rng: &mut impl Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A direction of length 1, uniform over the circle: a point of the square taken when it
/// lies in the disc (no trigonometry, so the same everywhere).
fn direction(rng: &mut impl Rng) -> Vec2 {
    loop {
        let v = Vec2::new(2.0 * unit(rng) - 1.0, 2.0 * unit(rng) - 1.0);
        let l = v.length();
        if l > 0.01 && l <= 1.0 {
            return v * (1.0 / l);
        }
    }
}

/// The square's grid of buckets for finding neighbours: cells of at most `SPACING / 1.5`,
/// so that a bucket holds at most one point.
struct Buckets {
    side: usize,
    size: f64,
    points: Vec<Option<u32>>,
}

impl Buckets {
    fn new() -> Self {
        let period = f64::from(PERIOD);
        let side = (period * 1.5 / SPACING).ceil() as usize;
        Self {
            side,
            size: period / side as f64,
            points: vec![None; side * side],
        }
    }

    fn bucket(&self, p: Vec2) -> (usize, usize) {
        let at = |v: f64| ((v / self.size) as usize).min(self.side - 1);
        (at(p.x), at(p.y))
    }

    fn put(&mut self, p: Vec2, i: u32) {
        let (x, y) = self.bucket(p);
        self.points[y * self.side + x] = Some(i);
    }

    /// The points in the buckets within `reach` buckets of `p`'s, around the square.
    fn near(&self, p: Vec2, reach: usize) -> impl Iterator<Item = u32> + '_ {
        let (x, y) = self.bucket(p);
        let side = self.side;
        let wrap = move |v: usize, d: usize| (v + side + d - reach) % side;
        (0..=2 * reach).flat_map(move |dy| {
            (0..=2 * reach).filter_map(move |dx| self.points[wrap(y, dy) * side + wrap(x, dx)])
        })
    }
}

/// `b - a` across the square's wrapped sides, the shorter way.
fn wrapped(a: Vec2, b: Vec2) -> Vec2 {
    let period = f64::from(PERIOD);
    let short = |d: f64| {
        if d > period / 2.0 {
            d - period
        } else if d < -period / 2.0 {
            d + period
        } else {
            d
        }
    };
    Vec2::new(short(b.x - a.x), short(b.y - a.y))
}

impl Pattern {
    /// The pattern of `seed`.
    fn new(seed: u64) -> Self {
        let mut rng = stream(seed);
        let centres = poisson(&mut rng);
        let mut buckets = Buckets::new();
        for (i, &c) in centres.iter().enumerate() {
            buckets.put(c, i as u32);
        }
        // Neighbours within two spacings, and strokes that could cross, lie within these
        // many buckets.
        let (near, crossing_reach) = (3, 6);
        let mut directions: Vec<Vec2> = Vec::with_capacity(centres.len());
        let mut clusters: Vec<Cluster> = Vec::with_capacity(centres.len());
        for (i, &centre) in centres.iter().enumerate() {
            let earlier = |j: &u32| (*j as usize) < i;
            let neighbours: Vec<Vec2> = buckets
                .near(centre, near)
                .filter(earlier)
                .filter(|&j| wrapped(centre, centres[j as usize]).length() < 2.0 * SPACING)
                .map(|j| directions[j as usize])
                .collect();
            let u = least_parallel(&mut rng, &neighbours);
            directions.push(u);
            let nearest = buckets
                .near(centre, near)
                .filter(|&j| j as usize != i)
                .map(|j| wrapped(centre, centres[j as usize]).length())
                .fold(2.0 * SPACING, f64::min);
            let length = (nearest * 1.9).clamp(0.34, 0.6);
            let apart = length / 3.3;
            let v = u.perpendicular();
            let mut strokes = Vec::new();
            for k in -(STROKES / 2)..=(STROKES / 2) {
                let long = length * (0.8 + 0.4 * unit(&mut rng));
                let shift = length * 0.16 * (unit(&mut rng) - 0.5);
                let middle = centre + v * (f64::from(k) * apart) + u * shift;
                let (a, b) = (middle - u * (long / 2.0), middle + u * (long / 2.0));
                // Cut where it would cross an earlier cluster's stroke.
                let (mut from, mut to) = (0.0_f64, 1.0_f64);
                for j in buckets.near(centre, crossing_reach).filter(earlier) {
                    let other = &clusters[j as usize];
                    let shift = wrapped(other.centre, centre) - (centre - other.centre);
                    for &[p, q] in &other.strokes {
                        if let Some(t) = crossing(a, b, p - shift, q - shift) {
                            let gap = GAP / long;
                            if t < 0.5 {
                                from = from.max(t + gap);
                            } else {
                                to = to.min(t - gap);
                            }
                        }
                    }
                }
                if (to - from) * long >= 0.35 * length {
                    strokes.push([a + (b - a) * from, a + (b - a) * to]);
                }
            }
            clusters.push(Cluster { centre, strokes });
        }
        let side = PERIOD as usize;
        let mut by_cell = vec![Vec::new(); side * side];
        for (i, c) in clusters.iter().enumerate() {
            let (x, y) = (c.centre.x as usize, c.centre.y as usize);
            by_cell[y.min(side - 1) * side + x.min(side - 1)].push(i as u32);
        }
        Self {
            seed,
            clusters,
            by_cell,
        }
    }
}

/// Poisson-disk points of the square, [`SPACING`] apart across its wrapped sides
/// (Bridson's sampling), in the order they were placed.
fn poisson(rng: &mut impl Rng) -> Vec<Vec2> {
    let period = f64::from(PERIOD);
    let mut buckets = Buckets::new();
    let first = Vec2::new(unit(rng) * period, unit(rng) * period);
    let mut points = vec![first];
    buckets.put(first, 0);
    let mut active = vec![0u32];
    while !active.is_empty() {
        let k = (unit(rng) * active.len() as f64) as usize;
        let around = points[active[k] as usize];
        let mut placed = false;
        for _ in 0..POINT_TRIES {
            let d = direction(rng) * (SPACING * (1.0 + unit(rng)));
            let wrap = |v: f64| (v + period) % period;
            let p = Vec2::new(wrap(around.x + d.x), wrap(around.y + d.y));
            let clear = buckets
                .near(p, 2)
                .all(|j| wrapped(p, points[j as usize]).length() >= SPACING);
            if clear {
                buckets.put(p, points.len() as u32);
                active.push(points.len() as u32);
                points.push(p);
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(k);
        }
    }
    points
}

/// A direction not nearly parallel to any of `neighbours`', or the least parallel of a few
/// tries.
fn least_parallel(rng: &mut impl Rng, neighbours: &[Vec2]) -> Vec2 {
    let mut best = (f64::INFINITY, Vec2::new(1.0, 0.0));
    for _ in 0..DIRECTION_TRIES {
        let u = direction(rng);
        let worst = neighbours
            .iter()
            .map(|n| n.dot(u).abs())
            .fold(0.0, f64::max);
        if worst < PARALLEL {
            return u;
        }
        if worst < best.0 {
            best = (worst, u);
        }
    }
    best.1
}

/// Which floor cells of a map and how near each cell is to them.
pub struct Floor<'a> {
    floor: &'a Grid<bool>,
}

impl<'a> Floor<'a> {
    pub fn new(floor: &'a Grid<bool>) -> Self {
        Self { floor }
    }

    fn is_floor(&self, x: i64, y: i64) -> Option<bool> {
        let (w, h) = (
            i64::from(self.floor.width()),
            i64::from(self.floor.height()),
        );
        ((0..w).contains(&x) && (0..h).contains(&y))
            .then(|| self.floor.as_slice()[(y * w + x) as usize])
    }

    /// The distance from `p` to the nearest cell whose floor is `floor`, looking `reach`
    /// cells around; `None` when there is none so near.
    fn distance_to(&self, p: Vec2, floor: bool, reach: i64) -> Option<f64> {
        let (cx, cy) = (p.x.floor() as i64, p.y.floor() as i64);
        let mut best: Option<f64> = None;
        // Ring by ring around p's cell, until no cell further out can be nearer.
        for ring in 0..=reach {
            if ring > 0 {
                let (x0, y0) = ((cx - ring + 1) as f64, (cy - ring + 1) as f64);
                let (x1, y1) = ((cx + ring) as f64, (cy + ring) as f64);
                let beyond = (p.x - x0).min(x1 - p.x).min(p.y - y0).min(y1 - p.y);
                if best.is_some_and(|b| b <= beyond) {
                    break;
                }
            }
            for y in cy - ring..=cy + ring {
                for x in cx - ring..=cx + ring {
                    let on_ring = (x - cx).abs() == ring || (y - cy).abs() == ring;
                    if on_ring && self.is_floor(x, y) == Some(floor) {
                        let d = to_cell(p, x, y);
                        best = Some(best.map_or(d, |b| b.min(d)));
                    }
                }
            }
        }
        best
    }
}

/// The clusters of `pattern` laid over a map with `floor`, that are kept: those over rock
/// within a band of the floor whose width wanders between [`FULL`] and [`FADED`] (see
/// [`noise`]), and those over floor within `INSIDE` of rock; each handed to `keep` with
/// how far it is moved to where it lies on the map (its pattern's square's corner), as
/// found, so that no list of them is held.
pub fn near_floor(pattern: &Pattern, floor: &Grid<bool>, mut keep: impl FnMut(&Cluster, Vec2)) {
    let map = Floor::new(floor);
    let (w, h) = (i64::from(floor.width()), i64::from(floor.height()));
    let period = i64::from(PERIOD);
    let reach = FADED.ceil() as i64;
    // Cells within `reach` of a floor cell, counted in steps of 8 neighbours.
    let near = near_cells(floor, reach as u32);
    for y in 0..h {
        for x in 0..w {
            if !near[(y * w + x) as usize] {
                continue;
            }
            let (tx, ty) = (x.div_euclid(period), y.div_euclid(period));
            let local = (y.rem_euclid(period) * period + x.rem_euclid(period)) as usize;
            let offset = Vec2::new((tx * period) as f64, (ty * period) as f64);
            for &i in &pattern.by_cell[local] {
                let cluster = &pattern.clusters[i as usize];
                let centre = cluster.centre + offset;
                let kept = if map.is_floor(x, y) == Some(true) {
                    map.distance_to(centre, false, 1)
                        .is_some_and(|d| d < INSIDE)
                } else {
                    let width = FULL + (FADED - FULL) * noise(pattern.seed, centre);
                    map.distance_to(centre, true, reach)
                        .is_some_and(|d| d <= width)
                };
                if kept {
                    keep(cluster, offset);
                }
            }
        }
    }
}

/// Cells between the knots of [`noise`].
const NOISE_STEP: f64 = 2.5;

/// A number in `[0, 1)` that changes smoothly over the map made from `seed`: random at
/// knots [`NOISE_STEP`] cells apart, blended between them (value noise), so that the
/// hatching's outer edge wanders in and out as a hand's would.
fn noise(seed: u64, p: Vec2) -> f64 {
    let (gx, gy) = (p.x / NOISE_STEP, p.y / NOISE_STEP);
    let (x0, y0) = (gx.floor(), gy.floor());
    let knot = |x: f64, y: f64| {
        let h = splitmix64(seed ^ splitmix64((x as i64 as u64) ^ splitmix64(y as i64 as u64)));
        (h >> 11) as f64 / (1u64 << 53) as f64
    };
    let ease = |t: f64| t * t * (3.0 - 2.0 * t);
    let (tx, ty) = (ease(gx - x0), ease(gy - y0));
    let top = knot(x0, y0) + (knot(x0 + 1.0, y0) - knot(x0, y0)) * tx;
    let bottom = knot(x0, y0 + 1.0) + (knot(x0 + 1.0, y0 + 1.0) - knot(x0, y0 + 1.0)) * tx;
    top + (bottom - top) * ty
}

/// For each cell of `floor`, whether a floor cell lies within `reach` steps of eight
/// neighbours (the cell itself included).
fn near_cells(floor: &Grid<bool>, reach: u32) -> Vec<bool> {
    let (w, h) = (floor.width() as usize, floor.height() as usize);
    let reach = reach as usize;
    // Across, then down: a window of `2·reach + 1` cells each way.
    let mut across = vec![false; w * h];
    for y in 0..h {
        let row = &floor.as_slice()[y * w..(y + 1) * w];
        for x in 0..w {
            let (a, b) = (x.saturating_sub(reach), (x + reach).min(w - 1));
            across[y * w + x] = row[a..=b].iter().any(|&f| f);
        }
    }
    let mut near = vec![false; w * h];
    for y in 0..h {
        let (a, b) = (y.saturating_sub(reach), (y + reach).min(h - 1));
        for x in 0..w {
            near[y * w + x] = (a..=b).any(|yy| across[yy * w + x]);
        }
    }
    near
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_is_poisson_spaced_across_its_wrapped_sides() {
        let pattern = Pattern::new(7);
        let n = pattern.clusters.len();
        assert!(n > 2000, "{n} clusters");
        for (i, a) in pattern.clusters.iter().enumerate() {
            for b in &pattern.clusters[i + 1..] {
                let d = wrapped(a.centre, b.centre).length();
                assert!(
                    d >= SPACING,
                    "{:?} and {:?} are {d} apart",
                    a.centre,
                    b.centre
                );
            }
        }
    }

    #[test]
    fn strokes_of_different_clusters_never_cross() {
        let pattern = Pattern::new(3);
        let clusters = &pattern.clusters;
        for (i, a) in clusters.iter().enumerate() {
            for b in &clusters[i + 1..] {
                let shift = wrapped(a.centre, b.centre) - (b.centre - a.centre);
                if wrapped(a.centre, b.centre).length() > 1.5 {
                    continue;
                }
                for &[p, q] in &a.strokes {
                    for &[r, s] in &b.strokes {
                        assert!(crossing(p, q, r + shift, s + shift).is_none());
                    }
                }
            }
        }
    }

    /// A map's hatching in a place depends on the floor near it only: two maps whose floor
    /// is the same within two cells of a place hatch it the same, so a slider that moves
    /// one room leaves the hatching elsewhere as it was.
    #[test]
    fn the_hatching_of_a_place_depends_on_the_floor_near_it_only() {
        let pattern = Pattern::new(5);
        let mut a = Grid::new(40, 30, false);
        for y in 5..12 {
            for x in 4..15 {
                a[dungeon_generator::Pos::new(x, y)] = true;
            }
        }
        let mut b = a.clone();
        // Another room far to the right changes nothing at the left.
        for y in 10..25 {
            for x in 28..37 {
                b[dungeon_generator::Pos::new(x, y)] = true;
            }
        }
        let left = |clusters: Vec<Cluster>| -> Vec<Cluster> {
            clusters.into_iter().filter(|c| c.centre.x < 20.0).collect()
        };
        let kept = |floor: &Grid<bool>| {
            let mut kept = Vec::new();
            near_floor(&pattern, floor, |cluster, offset| {
                kept.push(Cluster {
                    centre: cluster.centre + offset,
                    strokes: cluster
                        .strokes
                        .iter()
                        .map(|&[a, b]| [a + offset, b + offset])
                        .collect(),
                });
            });
            kept
        };
        let (ka, kb) = (kept(&a), kept(&b));
        assert!(ka.len() > 100);
        assert!(kb.len() > ka.len());
        assert_eq!(left(ka), left(kb));
    }

    #[test]
    fn the_same_seed_makes_the_same_pattern_and_another_seed_another() {
        let a = Pattern::new(11);
        assert_eq!(a.clusters, Pattern::new(11).clusters);
        assert_ne!(a.clusters, Pattern::new(12).clusters);
    }
}
