//! Digits drawn as strokes, for room numbers: a clean upright face, the pen's middle line of
//! each digit as lines and quadratic curves (arcs of ellipses in 45° pieces, from a fixed
//! table rather than trigonometry), to be stroked with round ends. A digit stands in a box
//! [`WIDTH`] wide and 1 high, top left at (0, 0), `y` down.

use super::plane::{CONTROLS, EIGHTHS, Vec2};

/// A digit's width, for a height of 1.
pub const WIDTH: f64 = 0.56;
/// The space between two digits.
pub const SPACE: f64 = 0.2;
/// The pen's width, for a height of 1.
pub const PEN: f64 = 0.12;

/// A step of a digit's strokes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pen {
    /// Lift the pen and put it down here.
    Move(Vec2),
    /// A straight line to here.
    Line(Vec2),
    /// A quadratic curve through the control point (first) to here.
    Quad(Vec2, Vec2),
}

/// A digit's strokes being written.
struct Writer {
    steps: Vec<Pen>,
}

impl Writer {
    fn at(mut self, x: f64, y: f64) -> Self {
        self.steps.push(Pen::Move(Vec2::new(x, y)));
        self
    }

    fn line(mut self, x: f64, y: f64) -> Self {
        self.steps.push(Pen::Line(Vec2::new(x, y)));
        self
    }

    fn quad(mut self, cx: f64, cy: f64, x: f64, y: f64) -> Self {
        self.steps
            .push(Pen::Quad(Vec2::new(cx, cy), Vec2::new(x, y)));
        self
    }

    /// An arc of the ellipse around (`cx`, `cy`) with radii `rx`, `ry`, from the 45° point
    /// `from` (0 east, 2 south, 4 west, 6 north) for `turns` eighths, clockwise on screen
    /// when positive; the pen goes to its start first (down, or along a line).
    fn arc(mut self, (cx, cy): (f64, f64), (rx, ry): (f64, f64), from: i32, turns: i32) -> Self {
        let point = |v: Vec2| Vec2::new(cx + v.x * rx, cy + v.y * ry);
        let at = |k: i32| EIGHTHS[k.rem_euclid(8) as usize];
        let start = point(at(from));
        match self.steps.last() {
            Some(Pen::Line(p) | Pen::Quad(_, p) | Pen::Move(p)) if *p == start => {}
            Some(_) => self.steps.push(Pen::Line(start)),
            None => self.steps.push(Pen::Move(start)),
        }
        let step = turns.signum();
        let mut k = from;
        for _ in 0..turns.abs() {
            // The control point between k and k + step lies past the lower of the two.
            let control = CONTROLS[k.min(k + step).rem_euclid(8) as usize];
            k += step;
            self.steps.push(Pen::Quad(point(control), point(at(k))));
        }
        self
    }
}

/// The strokes of `digit` (0 to 9; others draw nothing).
pub fn digit(digit: u8) -> Vec<Pen> {
    let w = Writer { steps: Vec::new() };
    let mid = WIDTH / 2.0;
    let writer = match digit {
        0 => w.arc((mid, 0.5), (mid, 0.5), 6, 8),
        1 => w.at(0.1, 0.22).line(0.34, 0.0).line(0.34, 1.0),
        2 => w
            .arc((mid, 0.27), (0.27, 0.27), 4, 5)
            .line(0.0, 1.0)
            .line(WIDTH, 1.0),
        3 => w
            .arc((mid, 0.255), (0.245, 0.235), 5, 5)
            .arc((mid, 0.745), (mid, 0.255), 6, 5),
        4 => w
            .at(0.42, 1.0)
            .line(0.42, 0.0)
            .line(0.0, 0.68)
            .line(WIDTH + 0.02, 0.68),
        5 => w
            .at(0.52, 0.0)
            .line(0.1, 0.0)
            .line(0.06, 0.44)
            .arc((mid, 0.7), (mid, 0.3), 5, 6),
        6 => w
            .at(0.48, 0.02)
            .quad(0.04, 0.1, 0.0, 0.72)
            .arc((mid, 0.72), (mid, 0.28), 4, -8),
        7 => w.at(0.0, 0.0).line(WIDTH, 0.0).quad(0.3, 0.42, 0.22, 1.0),
        8 => w
            .arc((mid, 0.245), (0.24, 0.245), 2, 8)
            .arc((mid, 0.745), (mid, 0.255), 6, 8),
        9 => w
            .arc((mid, 0.28), (mid, 0.28), 0, 8)
            .quad(WIDTH, 0.9, 0.08, 0.98),
        _ => w,
    };
    writer.steps
}

/// The strokes of `number`'s digits, `height` high, centred on `centre`.
pub fn number(number: usize, height: f64, centre: Vec2) -> Vec<Pen> {
    let digits = number.to_string();
    let count = digits.len() as f64;
    let width = (count * WIDTH + (count - 1.0) * SPACE) * height;
    let left = centre - Vec2::new(width / 2.0, height / 2.0);
    let place =
        |p: Vec2, i: usize| left + Vec2::new(i as f64 * (WIDTH + SPACE), 0.0) * height + p * height;
    digits
        .bytes()
        .enumerate()
        .flat_map(|(i, d)| {
            digit(d - b'0').into_iter().map(move |step| match step {
                Pen::Move(p) => Pen::Move(place(p, i)),
                Pen::Line(p) => Pen::Line(place(p, i)),
                Pen::Quad(c, p) => Pen::Quad(place(c, i), place(p, i)),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_starts_with_the_pen_down_and_stays_in_its_box() {
        for d in 0..10 {
            let steps = digit(d);
            assert!(matches!(steps.first(), Some(Pen::Move(_))), "{d}");
            for step in steps {
                let p = match step {
                    Pen::Move(p) | Pen::Line(p) | Pen::Quad(_, p) => p,
                };
                assert!(
                    (-0.01..=WIDTH + 0.03).contains(&p.x) && (-0.01..=1.01).contains(&p.y),
                    "{d}: {p:?}"
                );
            }
        }
    }

    #[test]
    fn a_full_arc_comes_back_to_where_it_began() {
        let zero = digit(0);
        let (Some(Pen::Move(a)), Some(Pen::Quad(_, b))) = (zero.first(), zero.last()) else {
            panic!("{zero:?}");
        };
        assert!((*a - *b).length() < 1e-12);
    }
}
