//! Points and directions of the plane, in cells, in `f64`. Only `+`, `−`, `×`, `÷` and
//! `sqrt` are used on them, which IEEE 754 rounds the same on every machine and in
//! WebAssembly (unlike `sin`, `cos` or `atan2`), so the geometry of a map is the same
//! everywhere.

use std::ops::{Add, Mul, Sub};

/// A point or a direction, in cells, `y` down.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

impl Vec2 {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn dot(self, other: Vec2) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The `z` of the cross product: positive when `other` turns clockwise from `self` on
    /// screen (`y` down).
    pub fn cross(self, other: Vec2) -> f64 {
        self.x * other.y - self.y * other.x
    }

    pub fn length(self) -> f64 {
        self.dot(self).sqrt()
    }

    /// At right angles to `self`, as long: turned clockwise on screen.
    pub fn perpendicular(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, other: Vec2) -> Vec2 {
        Vec2::new(self.x + other.x, self.y + other.y)
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, other: Vec2) -> Vec2 {
        Vec2::new(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

/// tan 22.5° = √2 − 1.
const TAN_22_5: f64 = 0.414_213_562_373_095_1;
const HALF_SQRT_2: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// The points of the unit circle every 45°, clockwise on screen from east (`y` down):
/// constants, not trigonometry.
pub const EIGHTHS: [Vec2; 8] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(HALF_SQRT_2, HALF_SQRT_2),
    Vec2::new(0.0, 1.0),
    Vec2::new(-HALF_SQRT_2, HALF_SQRT_2),
    Vec2::new(-1.0, 0.0),
    Vec2::new(-HALF_SQRT_2, -HALF_SQRT_2),
    Vec2::new(0.0, -1.0),
    Vec2::new(HALF_SQRT_2, -HALF_SQRT_2),
];

/// The control points of the quadratic curves from each of [`EIGHTHS`] to the next: 22.5°
/// past it, out by 1 / cos 22.5°, so that the curves stay within 0.03 % of the circle.
pub const CONTROLS: [Vec2; 8] = [
    Vec2::new(1.0, TAN_22_5),
    Vec2::new(TAN_22_5, 1.0),
    Vec2::new(-TAN_22_5, 1.0),
    Vec2::new(-1.0, TAN_22_5),
    Vec2::new(-1.0, -TAN_22_5),
    Vec2::new(-TAN_22_5, -1.0),
    Vec2::new(TAN_22_5, -1.0),
    Vec2::new(1.0, -TAN_22_5),
];

/// The circle around `centre` of `radius` as eight quadratic curves: where it starts (east),
/// and each curve's control point and end, clockwise on screen.
pub fn circle(centre: Vec2, radius: f64) -> (Vec2, [(Vec2, Vec2); 8]) {
    let at = |v: Vec2| centre + v * radius;
    let curves = std::array::from_fn(|k| (at(CONTROLS[k]), at(EIGHTHS[(k + 1) % 8])));
    (at(EIGHTHS[0]), curves)
}

/// Where segments `p→q` and `a→b` cross, as a fraction of the way from `p` to `q`; `None`
/// when they do not (or are parallel).
pub fn crossing(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> Option<f64> {
    let (r, s) = (q - p, b - a);
    let denominator = r.cross(s);
    if denominator == 0.0 {
        return None;
    }
    let t = (a - p).cross(s) / denominator;
    let u = (a - p).cross(r) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

/// The distance from `p` to the square of cell (`x`, `y`) (0 inside it).
pub fn to_cell(p: Vec2, x: i64, y: i64) -> f64 {
    let (x, y) = (x as f64, y as f64);
    let dx = (x - p.x).max(p.x - (x + 1.0)).max(0.0);
    let dy = (y - p.y).max(p.y - (y + 1.0)).max(0.0);
    Vec2::new(dx, dy).length()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_segments_meet_where_both_lie() {
        let t = crossing(
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.5, -1.0),
            Vec2::new(0.5, 1.0),
        );
        assert_eq!(t, Some(0.25));
        let apart = crossing(
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(2.0, -1.0),
            Vec2::new(2.0, 1.0),
        );
        assert_eq!(apart, None);
    }

    #[test]
    fn the_distance_to_a_cell_is_to_its_nearest_point() {
        assert_eq!(to_cell(Vec2::new(0.5, 0.5), 0, 0), 0.0);
        assert_eq!(to_cell(Vec2::new(2.5, 0.5), 0, 0), 1.5);
        assert_eq!(to_cell(Vec2::new(4.0, 5.0), 0, 0), 5.0);
    }
}
