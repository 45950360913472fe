//! The floor's outline, true to its cells and smooth where they step: [`trace`] walks the
//! edges between floor and rock (or the map's edge) into closed rings of cell corners, and
//! [`smooth`] rounds the corners where a ring steps back and forth.
//!
//! A corner is rounded when a run of the outline beside it is one cell long, or up to three
//! cells long between turns that go opposite ways (a stair-step), unless it is kept sharp (a
//! door's end, a corner along a rectangular room). Rounding replaces the corner by a
//! quadratic curve with the corner as its control point, from a point before it to a point
//! after it: half of the run there when the run is such a step (at most a cell), half a
//! cell otherwise. Two rounded corners on a step meet in its middle with one tangent, so a
//! staircase becomes one smooth curve, and a straight run stays straight up to where a
//! curve leaves it, along it. What changes lies in the triangle between the corner and the
//! curve's two ends, whose legs are at most a cell and half a cell, or a cell each with the
//! far side through the centre of the cell in the corner: it holds no cell's centre, so
//! every floor cell's centre stays on the floor, and every rock cell's off it.

use super::plane::Vec2;
use dungeon_generator::Grid;

/// A corner of cells, where a ring turns: `(x, y)` is the top left corner of cell `(x, y)`.
pub type Corner = (u32, u32);

/// Directions along the edges, clockwise on screen: east, south, west, north.
const STEPS: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The closed rings between the cells where `floor` is true and the others (or the map's
/// edge), each its corners in order, going clockwise around floor (floor on the right, `y`
/// down) and anticlockwise around rock inside it. Floor cells that touch only at a corner
/// are parted there.
pub fn trace(floor: &Grid<bool>) -> Vec<Vec<Corner>> {
    let (w, h) = (i64::from(floor.width()), i64::from(floor.height()));
    let at = |x: i64, y: i64| {
        (0..w).contains(&x) && (0..h).contains(&y) && floor.as_slice()[(y * w + x) as usize]
    };
    let columns = (w + 1) as usize;
    // For each corner, the edges leaving it, one bit per direction.
    let mut leaving = vec![0u8; columns * (h + 1) as usize];
    for y in 0..=h {
        for x in 0..=w {
            let (nw, ne, sw, se) = (at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y));
            leaving[y as usize * columns + x as usize] = u8::from(se && !ne)
                | u8::from(sw && !se) << 1
                | u8::from(nw && !sw) << 2
                | u8::from(ne && !nw) << 3;
        }
    }
    let mut rings = Vec::new();
    for start in 0..leaving.len() {
        while leaving[start] != 0 {
            let first = leaving[start].trailing_zeros() as usize;
            leaving[start] &= !(1 << first);
            let (x0, y0) = ((start % columns) as i64, (start / columns) as i64);
            let (mut x, mut y, mut heading) = (x0, y0, first);
            let mut corners = Vec::new();
            loop {
                x += STEPS[heading].0;
                y += STEPS[heading].1;
                let here = y as usize * columns + x as usize;
                let mut open = leaving[here];
                if here == start {
                    open |= 1 << first;
                }
                // Turn right first, towards the floor, so that floor cells meeting at a
                // corner stay apart; then straight on; then left.
                let Some(next) = [1, 0, 3]
                    .map(|turn| (heading + turn) % 4)
                    .into_iter()
                    .find(|&d| open & (1 << d) != 0)
                else {
                    // Every edge has an edge leaving its end; a ring cannot break off.
                    break;
                };
                if next != heading {
                    corners.push((x as u32, y as u32));
                }
                if here == start && next == first {
                    break;
                }
                leaving[here] &= !(1 << next);
                heading = next;
            }
            rings.push(corners);
        }
    }
    rings
}

/// One step of a smooth outline, in cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// A straight line to the point.
    Line(Vec2),
    /// A quadratic curve through the control point to the point.
    Quad(Vec2, Vec2),
}

/// A closed smooth outline: from `start`, its steps, the last of which ends at `start`.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub start: Vec2,
    pub steps: Vec<Step>,
}

/// `ring` with its stepping corners rounded (see the module's rules); `sharp` tells the
/// corners to keep.
pub fn smooth(ring: &[Corner], sharp: impl Fn(Corner) -> bool) -> Curve {
    let n = ring.len();
    let point = |i: usize| {
        let (x, y) = ring[i % n];
        Vec2::new(f64::from(x), f64::from(y))
    };
    // The unit direction and the length of the run from corner i to corner i + 1.
    let run = |i: usize| {
        let d = point(i + 1) - point(i);
        let length = d.x.abs() + d.y.abs();
        (d * (1.0 / length), length)
    };
    // Whether the outline turns clockwise at corner i.
    let clockwise = |i: usize| run((i + n - 1) % n).0.cross(run(i).0) > 0.0;
    // How far a rounded corner at either end of run i reaches along it: half of a short
    // step (up to three cells between turns that go opposite ways, one cell otherwise),
    // and half a cell of anything longer. `None` when the run rounds neither end.
    let reach = |i: usize| {
        let (_, length) = run(i);
        let stair = length <= 3.0 && clockwise(i) != clockwise(i + 1);
        if length == 1.0 || stair {
            Some((length / 2.0).min(1.0))
        } else {
            None
        }
    };
    let rounded: Vec<bool> = (0..n)
        .map(|i| !sharp(ring[i]) && (reach((i + n - 1) % n).is_some() || reach(i).is_some()))
        .collect();
    // How far corner i's curve reaches along run i (after it) and run i - 1 (before it).
    let along = |run: usize, corner: usize| {
        if rounded[corner % n] {
            reach(run % n).unwrap_or(0.5)
        } else {
            0.0
        }
    };
    // Where the outline leaves corner i.
    let leave = |i: usize| point(i) + run(i).0 * along(i, i);
    let start = leave(n - 1);
    let mut steps = Vec::with_capacity(2 * n);
    let mut at = start;
    for (i, &round) in rounded.iter().enumerate() {
        let corner = point(i);
        if round {
            let before = (i + n - 1) % n;
            let arrive = corner - run(before).0 * along(before, i);
            if arrive != at {
                steps.push(Step::Line(arrive));
            }
            at = leave(i);
            steps.push(Step::Quad(corner, at));
        } else {
            steps.push(Step::Line(corner));
            at = corner;
        }
    }
    if at != start {
        steps.push(Step::Line(start));
    }
    Curve { start, steps }
}

impl Curve {
    /// The curve with its points on the edge of a `width × height` map moved in by `by`
    /// (cells), square to that edge: a wall stroked along the map's edge then shows whole
    /// inside the picture instead of half of it off the page.
    pub fn inside(mut self, width: f64, height: f64, by: f64) -> Self {
        let pull = |v: f64, end: f64| {
            if v == 0.0 {
                by
            } else if v == end {
                end - by
            } else {
                v
            }
        };
        let pull = |p: Vec2| Vec2::new(pull(p.x, width), pull(p.y, height));
        self.start = pull(self.start);
        for step in &mut self.steps {
            *step = match *step {
                Step::Line(p) => Step::Line(pull(p)),
                Step::Quad(c, p) => Step::Quad(pull(c), pull(p)),
            };
        }
        self
    }
}

#[cfg(test)]
impl Curve {
    /// The curve as straight lines, each curve cut into `pieces`: for tests and for
    /// telling what is inside.
    pub fn flattened(&self, pieces: u32) -> Vec<Vec2> {
        let mut points = vec![self.start];
        let mut at = self.start;
        for step in &self.steps {
            match *step {
                Step::Line(p) => points.push(p),
                Step::Quad(c, p) => {
                    for k in 1..=pieces {
                        let t = f64::from(k) / f64::from(pieces);
                        let u = 1.0 - t;
                        points.push(at * (u * u) + c * (2.0 * u * t) + p * (t * t));
                    }
                }
            }
            at = match *step {
                Step::Line(p) | Step::Quad(_, p) => p,
            };
        }
        points
    }
}

/// Whether `p` is inside an odd number of `outlines` (each closed, as points).
#[cfg(test)]
pub fn inside(outlines: &[Vec<Vec2>], p: Vec2) -> bool {
    let mut odd = false;
    for outline in outlines {
        for pair in outline.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    odd = !odd;
                }
            }
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor(rows: &[&str]) -> Grid<bool> {
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        Grid::from_cells(rows[0].len() as u32, rows.len() as u32, cells).unwrap()
    }

    #[test]
    fn a_rectangle_is_one_ring_of_its_four_corners() {
        let rings = trace(&floor(&["....", ".##.", ".##.", "...."]));
        assert_eq!(rings.len(), 1);
        let mut corners = rings[0].clone();
        corners.sort_unstable();
        assert_eq!(corners, vec![(1, 1), (1, 3), (3, 1), (3, 3)]);
    }

    #[test]
    fn a_hole_and_cells_meeting_at_a_corner_make_rings_of_their_own() {
        // A ring of floor around a hole: two rings.
        assert_eq!(trace(&floor(&["###", "#.#", "###"])).len(), 2);
        // Two cells touching at a corner stay apart.
        assert_eq!(trace(&floor(&["#.", ".#"])).len(), 2);
        assert_eq!(trace(&floor(&[".#", "#."])).len(), 2);
    }

    /// Every floor cell's centre is inside the smoothed floor, moved in from the map's edge,
    /// and no rock cell's centre is, for maps of every shape and corridor style, the
    /// extremes of the knobs, and the smallest rooms.
    #[test]
    fn the_smooth_floor_holds_every_floor_cell_centre_and_no_rock_cell_centre() {
        let recipes = [
            "dv1 seed=1",
            "dv1 seed=2 stickiness=0 randomness=0",
            "dv1 seed=3 stickiness=1 randomness=1 corridor=twisty",
            "dv1 seed=4 shape=rect corridor=half-rect connect=loops",
            "dv1 seed=5 shape=diamond",
            "dv1 seed=6 shape=cross connect=nearest",
            "dv1 seed=7 shape=mixed spacing=0 rooms=30 room-size=20",
            "dv1 seed=8 width=20 height=12 rooms=15 room-size=1",
            "dv1 seed=9 rooms=40 room-size=40 spacing=1 fit=move merge=1",
        ];
        for text in recipes {
            let d = dungeon_generator::generate(&text.parse().unwrap()).unwrap();
            let floor = d.tiles().map(|t| t.is_walkable());
            let (w, h) = (f64::from(d.width()), f64::from(d.height()));
            // Moved in from the map's edge as far as the look ever does.
            let outlines: Vec<Vec<Vec2>> = trace(&floor)
                .iter()
                .map(|ring| {
                    smooth(ring, |_| false)
                        .inside(w, h, super::super::EDGE_INSET_MOST)
                        .flattened(16)
                })
                .collect();
            for p in floor.positions() {
                let centre = Vec2::new(f64::from(p.x) + 0.5, f64::from(p.y) + 0.5);
                assert_eq!(
                    inside(&outlines, centre),
                    floor[p],
                    "{text}: the centre of cell ({}, {}) is on the wrong side",
                    p.x,
                    p.y
                );
            }
        }
    }

    #[test]
    fn a_rectangle_keeps_its_corners_and_a_staircase_becomes_one_curve() {
        let square = smooth(&[(0, 0), (3, 0), (3, 3), (0, 3)], |_| false);
        assert!(square.steps.iter().all(|s| matches!(s, Step::Line(_))));
        // One cell: rounded at each corner, the curves meeting mid-side.
        let cell = smooth(&[(0, 0), (1, 0), (1, 1), (0, 1)], |_| false);
        assert_eq!(cell.steps.len(), 4);
        assert!(cell.steps.iter().all(|s| matches!(s, Step::Quad(..))));
        // Kept sharp when asked.
        let kept = smooth(&[(0, 0), (1, 0), (1, 1), (0, 1)], |_| true);
        assert!(kept.steps.iter().all(|s| matches!(s, Step::Line(_))));
    }
}
