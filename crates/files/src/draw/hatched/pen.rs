//! The look's drawing tools: geometry in cells made into a scene's paths in pixels
//! ([`Pen`]), and the runs of cells and of cell edges that boxes and lines are made of.

use super::glyphs;
use super::outline::{Corner, Curve, Step};
use super::plane::{self, Vec2};
use crate::draw::vector::{Colour, FillRule, Layer, Paint, Point, Segment};
use dungeon_generator::{Grid, Pos, Rgb};

/// Geometry in cells made into a scene's pixels at `n` pixels a cell.
pub struct Pen {
    /// Pixels a cell.
    pub n: f64,
}

impl Pen {
    pub fn px(&self, v: Vec2) -> Point {
        Point {
            x: (v.x * self.n) as f32,
            y: (v.y * self.n) as f32,
        }
    }

    pub fn fill(&self, colour: Rgb, rule: FillRule) -> Layer {
        Layer::new(Paint::Fill(Colour::opaque(colour), rule))
    }

    /// How many pixels a line `(cells, least pixels)` wide is.
    pub fn width(&self, (width, least): (f64, f64)) -> f64 {
        (width * self.n).max(least)
    }

    /// A stroke `(cells, least pixels)` wide.
    pub fn stroke(&self, colour: Rgb, width: (f64, f64)) -> Layer {
        Layer::new(Paint::Stroke(
            Colour::opaque(colour),
            self.width(width) as f32,
        ))
    }

    /// `curve` moved by `by`, closed.
    pub fn curve<'c>(&'c self, curve: &'c Curve, by: Vec2) -> impl Iterator<Item = Segment> + 'c {
        let px = move |v: Vec2| self.px(v + by);
        std::iter::once(Segment::Move(px(curve.start)))
            .chain(curve.steps.iter().map(move |step| match *step {
                Step::Line(p) => Segment::Line(px(p)),
                Step::Quad(c, p) => Segment::Quad(px(c), px(p)),
            }))
            .chain(std::iter::once(Segment::Close))
    }

    pub fn circle(&self, centre: Vec2, radius: f64) -> Vec<Segment> {
        let (start, curves) = plane::circle(centre, radius);
        std::iter::once(Segment::Move(self.px(start)))
            .chain(
                curves
                    .into_iter()
                    .map(|(c, p)| Segment::Quad(self.px(c), self.px(p))),
            )
            .chain(std::iter::once(Segment::Close))
            .collect()
    }

    pub fn polygon(&self, points: &[Vec2]) -> Vec<Segment> {
        let mut segments: Vec<Segment> = points
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                if i == 0 {
                    Segment::Move(self.px(p))
                } else {
                    Segment::Line(self.px(p))
                }
            })
            .collect();
        segments.push(Segment::Close);
        segments
    }

    /// The cells `first..=last` of row `y`, as one box.
    pub fn cells(&self, (first, last): (u32, u32), y: u32) -> Vec<Segment> {
        let (x0, x1) = (f64::from(first), f64::from(last + 1));
        let (y0, y1) = (f64::from(y), f64::from(y + 1));
        self.polygon(&[
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x1, y1),
            Vec2::new(x0, y1),
        ])
    }

    pub fn glyph(&self, strokes: &[glyphs::Pen]) -> Vec<Segment> {
        strokes
            .iter()
            .map(|step| match *step {
                glyphs::Pen::Move(p) => Segment::Move(self.px(p)),
                glyphs::Pen::Line(p) => Segment::Line(self.px(p)),
                glyphs::Pen::Quad(c, p) => Segment::Quad(self.px(c), self.px(p)),
            })
            .collect()
    }
}

/// The point at a corner of cells.
pub fn corner((x, y): Corner) -> Vec2 {
    Vec2::new(f64::from(x), f64::from(y))
}

/// `cells` by rows: each row's runs of neighbouring cells, as its `y` and the runs' columns
/// (first, last).
pub fn row_runs(cells: &[Pos]) -> Vec<(u32, (u32, u32))> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable_by_key(|p| (p.y, p.x));
    let mut runs: Vec<(u32, (u32, u32))> = Vec::new();
    for p in sorted {
        match runs.last_mut() {
            Some((y, (_, last))) if *y == p.y && *last + 1 == p.x => *last = p.x,
            _ => runs.push((p.y, (p.x, p.x))),
        }
    }
    runs
}

/// The edges between neighbouring cells of `grid` (cells off the map are `None`) where
/// `lined` holds of the two cells' values, joined into straight runs: each its two ends.
pub fn edges<T: Copy>(
    grid: &Grid<T>,
    lined: impl Fn(Option<T>, Option<T>) -> bool,
) -> Vec<(Vec2, Vec2)> {
    let (w, h) = (grid.width(), grid.height());
    let at = |x: u32, y: u32| {
        let (x, y) = (x.checked_sub(1)?, y.checked_sub(1)?);
        grid.get(Pos::new(x, y)).copied()
    };
    let mut runs = Vec::new();
    // Along each line between rows of cells, then between columns: a run while lined.
    for y in 0..=h {
        let mut from = None;
        for x in 0..=w {
            let on = x < w && lined(at(x + 1, y), at(x + 1, y + 1));
            match (on, from) {
                (true, None) => from = Some(x),
                (false, Some(x0)) => {
                    runs.push((corner((x0, y)), corner((x, y))));
                    from = None;
                }
                _ => {}
            }
        }
    }
    for x in 0..=w {
        let mut from = None;
        for y in 0..=h {
            let on = y < h && lined(at(x, y + 1), at(x + 1, y + 1));
            match (on, from) {
                (true, None) => from = Some(y),
                (false, Some(y0)) => {
                    runs.push((corner((x, y0)), corner((x, y))));
                    from = None;
                }
                _ => {}
            }
        }
    }
    runs
}
