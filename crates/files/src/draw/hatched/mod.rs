//! The hand-inked look (`hatched`): a map as game masters hand them out, after Dyson
//! Logos and watabou's One Page Dungeon, described once as vector shapes ([`scene`]) that
//! `tiny-skia` draws into every picture and the SVG writes as they are.
//!
//! Painted in this order, sizes in cells:
//!
//! 1. paper (parchment for screens; white in the print look);
//! 2. a pale band along the walls (0.4 wide), and clusters of three strokes in the rock
//!    along the floor (`hatching.rs`), fading into paper one to two cells out;
//! 3. the floor, inside its outline (`outline.rs`: true to the cells, smooth where they
//!    step), which covers whatever hatching reaches over it;
//! 4. inside the floor only: the rooms' own colours as a faint wash (`colours`), the
//!    distance tint (`distance`), a shadow along the inside of the top and left walls (the
//!    floor less itself moved 0.15 down and right), and a faint grid;
//! 5. a thin line where two rooms touch; the walls, one heavy line (0.075) with round
//!    joins along the outline;
//! 6. doors (`doors`): jambs narrowing the way, and a leaf across it; the start and the
//!    goal (`marks`); each room's number (`numbers`) in stroked digits (`glyphs.rs`) on a
//!    clear patch of floor, centred in its room where it fits there.
//!
//! Small pictures drop what would not show: hatching strokes below [`HATCH_FROM`] pixels a
//! cell (a band 0.6 wide in their tone stays), the grid below [`GRID_FROM`].

mod glyphs;
mod hatching;
mod outline;
mod plane;

use std::collections::HashSet;

use super::numbers;
use super::style::{MIN_MARK_CELL, Style, tint};
use super::vector::{Colour, FillRule, Layer, Paint, Point, Scene, Segment};
use dungeon_generator::{Dungeon, Grid, Pos, Rect, Rgb, TileKind};
use dungeon_generator::{walkable, walking_distances};
use outline::{Corner, Curve, Step};
use plane::Vec2;

/// From this cell size the hatching's strokes are drawn; below, the pale band alone.
pub const HATCH_FROM: u32 = 8;
/// From this cell size the floor's grid is drawn.
pub const GRID_FROM: u32 = 6;

/// The colours of the look.
struct Palette {
    paper: Rgb,
    halo: Rgb,
    hatch: Rgb,
    /// The tone hatching gives the rock from afar: the band in cells too small for it.
    shade: Rgb,
    floor: Rgb,
    shadow: Colour,
    grid: Rgb,
    ink: Rgb,
    number: Rgb,
}

/// The parchment the look is drawn on for screens: its rock far from the floor.
pub const PARCHMENT_PAPER: Rgb = Rgb(222, 214, 194);

/// Parchment and dark grey ink, for screens.
const PARCHMENT: Palette = Palette {
    paper: PARCHMENT_PAPER,
    halo: Rgb(198, 189, 168),
    hatch: Rgb(67, 63, 58),
    shade: Rgb(164, 156, 139),
    floor: Rgb(250, 247, 238),
    shadow: Colour {
        rgb: Rgb(90, 76, 52),
        alpha: 46,
    },
    grid: Rgb(214, 205, 186),
    ink: Rgb(28, 26, 24),
    number: Rgb(72, 68, 62),
};

/// White paper and black ink, for printing (the print look).
const PAPER: Palette = Palette {
    paper: Rgb(255, 255, 255),
    halo: Rgb(226, 226, 226),
    hatch: Rgb(40, 40, 40),
    shade: Rgb(176, 176, 176),
    floor: Rgb(255, 255, 255),
    shadow: Colour {
        rgb: Rgb(0, 0, 0),
        alpha: 30,
    },
    grid: Rgb(212, 212, 212),
    ink: Rgb(0, 0, 0),
    number: Rgb(77, 77, 77),
};

/// The start and the goal: the other looks' green and red, a little quieter.
const START: Rgb = Rgb(70, 160, 88);
const GOAL: Rgb = Rgb(200, 64, 52);

/// Widths in cells, and the least in pixels, of the lines drawn.
const WALL: (f64, f64) = (0.075, 1.3);
const SEAM: (f64, f64) = (0.04, 0.8);
const HATCH: (f64, f64) = (0.03, 0.7);
const GRID: (f64, f64) = (0.025, 0.6);
const RIM: (f64, f64) = (0.05, 1.0);
/// A door's jambs: how far each reaches along the door's edge, and how thick they are
/// across it, in cells.
const JAMB: (f64, f64) = (0.2, 0.28);
/// How thick a door's leaf is across its edge, in cells; it fills the gap between the
/// jambs.
const LEAF: f64 = 0.24;
/// How wide the pale band along the walls is, in cells.
const BAND: f64 = 0.4;
/// How wide the band in the hatching's tone is where strokes are left out, in cells.
const SHADE: f64 = 0.6;
/// How far down and right the floor is moved to leave its shadow, in cells.
const SHADOW: f64 = 0.15;
/// How much of the rooms' colours the wash shows, of 255.
const WASH: u8 = 72;
/// How much of the distance tint shows, of 255, and in how many steps it goes from near
/// to far.
const TINT: (u8, u32) = (120, 32);

/// `dungeon` in the hatched look at `style`'s cell size, with its grid lines and look
/// options (`outlines` aside: the walls are drawn already).
#[must_use]
pub fn scene(dungeon: &Dungeon, style: &Style) -> Scene {
    let look = style.look;
    let n = f64::from(style.cell_size);
    let palette = if look.print { &PAPER } else { &PARCHMENT };
    let tiles = dungeon.tiles();
    let floor = tiles.map(|&t| walkable(t));
    let features = dungeon.features();
    let sharp = sharp_corners(dungeon);
    let curves: Vec<Curve> = outline::trace(&floor)
        .iter()
        .map(|ring| outline::smooth(ring, |c| sharp.contains(&c)))
        .collect();
    let pen = Pen { n };
    let mut layers = Vec::new();

    // The hatching: the pale band along the walls (a wide stroke of the outline, whose
    // inner half the floor covers), then the strokes; in cells too small for strokes, a
    // wider band in the hatching's own tone instead.
    let strokes_fit = style.cell_size >= HATCH_FROM;
    let (tone, width) = if strokes_fit {
        (palette.halo, BAND)
    } else {
        (palette.shade, SHADE)
    };
    let mut band = pen.stroke(tone, (2.0 * width, 0.0));
    for curve in &curves {
        band.push(pen.curve(curve, Vec2::default()));
    }
    layers.push(band);
    if strokes_fit {
        let pattern = hatching::pattern(dungeon.recipe().seed);
        let mut strokes = pen.stroke(palette.hatch, HATCH);
        for cluster in hatching::near_floor(&pattern, &floor) {
            strokes.push(
                cluster
                    .strokes
                    .iter()
                    .flat_map(|&[a, b]| [Segment::Move(pen.px(a)), Segment::Line(pen.px(b))]),
            );
        }
        layers.push(strokes);
    }

    // The floor, and inside it its wash, tint, shadow and grid.
    let mut ground = pen.fill(palette.floor, FillRule::EvenOdd);
    let mut shadow = Layer::new(Paint::Fill(palette.shadow, FillRule::EvenOdd)).clipped();
    for curve in &curves {
        ground.push(pen.curve(curve, Vec2::default()));
        let moved = Vec2::new(SHADOW, SHADOW);
        shadow.push(
            pen.curve(curve, Vec2::default())
                .chain(pen.curve(curve, moved)),
        );
    }
    let clip = ground.clone();
    layers.push(ground);
    if look.colours {
        for room in dungeon.rooms() {
            let mut wash = Layer::new(Paint::Fill(
                Colour {
                    rgb: room.colour,
                    alpha: WASH,
                },
                FillRule::NonZero,
            ))
            .clipped();
            for (y, xs) in row_runs(&room.cells) {
                wash.push(pen.cells(xs, y));
            }
            layers.push(wash);
        }
    }
    if look.distance {
        layers.extend(tinted(dungeon, &pen));
    }
    layers.push(shadow);
    if style.grid && style.cell_size >= GRID_FROM {
        let mut grid = pen.stroke(palette.grid, GRID).clipped();
        for (a, b) in edges(&floor, |a, b| a == Some(true) || b == Some(true)) {
            grid.push([Segment::Move(pen.px(a)), Segment::Line(pen.px(b))]);
        }
        layers.push(grid);
    }

    // Lines: where rooms touch, then the walls.
    let room_of = tiles.map(|t| match t.kind() {
        TileKind::Room(i) => Some(i),
        _ => None,
    });
    let mut seams = pen.stroke(palette.ink, SEAM);
    for (a, b) in edges(
        &room_of,
        |a, b| matches!((a, b), (Some(Some(a)), Some(Some(b))) if a != b),
    ) {
        seams.push([Segment::Move(pen.px(a)), Segment::Line(pen.px(b))]);
    }
    layers.push(seams);
    let mut walls = pen.stroke(palette.ink, WALL);
    for curve in &curves {
        walls.push(pen.curve(curve, Vec2::default()));
    }
    layers.push(walls);

    let marks_fit = style.cell_size >= MIN_MARK_CELL;
    if look.doors && marks_fit {
        layers.extend(doors(dungeon, &floor, &pen, palette));
    }
    if look.marks && marks_fit {
        for (at, colour) in [(features.start, START), (features.goal, GOAL)] {
            if let Some(p) = at {
                let centre = Vec2::new(f64::from(p.x) + 0.5, f64::from(p.y) + 0.5);
                let mut disc = pen.fill(colour, FillRule::NonZero);
                disc.push(pen.circle(centre, 0.3));
                let mut rim = pen.stroke(palette.ink, RIM);
                rim.push(pen.circle(centre, 0.3));
                layers.extend([disc, rim]);
            }
        }
    }
    if look.numbers {
        layers.extend(numbered(dungeon, style.cell_size, &pen, palette));
    }
    Scene {
        width: dungeon.width() * style.cell_size,
        height: dungeon.height() * style.cell_size,
        background: palette.paper,
        clip: Some(clip),
        layers,
    }
}

/// Pixel rows a band of a hatched picture: whole rows of cells, about 256 pixels.
#[must_use]
pub fn band_rows(cell_size: u32) -> u32 {
    let n = cell_size.max(1);
    (256 / n).max(1) * n
}

/// The corners that stay sharp: the ends of each door's edge, so that the walls meet its
/// jambs, and the corners along rectangular rooms' sides, so that they and the corridors
/// leaving them keep straight walls and square corners.
fn sharp_corners(dungeon: &Dungeon) -> HashSet<Corner> {
    let mut sharp = HashSet::new();
    for door in &dungeon.features().doors {
        sharp.extend(door_edge(door.cell, door.outside));
    }
    for room in dungeon.rooms() {
        if let Some(r) = Rect::around(room.cells.iter().copied())
            && u64::from(r.width()) * u64::from(r.height()) == room.cells.len() as u64
        {
            let (right, bottom) = (r.x1 + 1, r.y1 + 1);
            sharp.extend((r.x0..=right).flat_map(|x| [(x, r.y0), (x, bottom)]));
            sharp.extend((r.y0..=bottom).flat_map(|y| [(r.x0, y), (right, y)]));
        }
    }
    sharp
}

/// The two ends of the edge between cells `a` and `b`, side by side or one above the other.
fn door_edge(a: Pos, b: Pos) -> [Corner; 2] {
    let (x, y) = (a.x.max(b.x), a.y.max(b.y));
    if a.x == b.x {
        [(a.x, y), (a.x + 1, y)]
    } else {
        [(x, a.y), (x, a.y + 1)]
    }
}

/// Each door in a wall (both ends of its edge on the outline) as jambs (ink blocks at the
/// ends of its edge) and a leaf across its middle: three layers, jambs, leaves and the
/// leaves' outlines.
fn doors(dungeon: &Dungeon, floor: &Grid<bool>, pen: &Pen, palette: &Palette) -> [Layer; 3] {
    let mut jambs = pen.fill(palette.ink, FillRule::NonZero);
    let mut leaves = pen.fill(palette.floor, FillRule::NonZero);
    let mut rims = pen.stroke(palette.ink, RIM);
    let on_wall = |(x, y): Corner| {
        let cell = |dx: u32, dy: u32| {
            let (x, y) = ((x + dx).checked_sub(1), (y + dy).checked_sub(1));
            x.zip(y)
                .and_then(|(x, y)| floor.get(Pos::new(x, y)).copied())
                .unwrap_or(false)
        };
        !(cell(0, 0) && cell(1, 0) && cell(0, 1) && cell(1, 1))
    };
    for door in &dungeon.features().doors {
        let [a, b] = door_edge(door.cell, door.outside);
        let (a, b) = (corner(a), corner(b));
        let along = b - a;
        let across = along.perpendicular();
        // A box along the edge, from `from` to `to` of its length, `thick` across.
        let block = |from: f64, to: f64, thick: f64| {
            let (p, q) = (a + along * from, a + along * to);
            let h = across * (thick / 2.0);
            [p - h, q - h, q + h, p + h]
        };
        // A door is a gap in a wall: where a path meets a room in open floor, there is none.
        let ends = [a, b].map(|end| on_wall((end.x as u32, end.y as u32)));
        if ends != [true, true] {
            continue;
        }
        jambs.push(pen.polygon(&block(0.0, JAMB.0, JAMB.1)));
        jambs.push(pen.polygon(&block(1.0 - JAMB.0, 1.0, JAMB.1)));
        let leaf = block(JAMB.0, 1.0 - JAMB.0, LEAF);
        leaves.push(pen.polygon(&leaf));
        rims.push(pen.polygon(&leaf));
    }
    [jambs, leaves, rims]
}

/// The distance tint: walkable cells by walking distance from the start, in steps from
/// near to far, each step a layer inside the floor.
fn tinted(dungeon: &Dungeon, pen: &Pen) -> Vec<Layer> {
    let features = dungeon.features();
    let Some(start) = features.start else {
        return Vec::new();
    };
    let distances = walking_distances(dungeon.tiles(), start);
    let farthest = features.longest_route.max(1);
    let (alpha, steps) = TINT;
    let mut by_step: Vec<Vec<Pos>> = vec![Vec::new(); steps as usize + 1];
    for p in dungeon.tiles().positions() {
        let d = distances[p];
        if d != u32::MAX {
            let step = u64::from(d.min(farthest)) * u64::from(steps) / u64::from(farthest);
            by_step[step as usize].push(p);
        }
    }
    by_step
        .into_iter()
        .enumerate()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(step, cells)| {
            let colour = tint(step as f64 / f64::from(steps));
            let mut layer = Layer::new(Paint::Fill(
                Colour { rgb: colour, alpha },
                FillRule::NonZero,
            ))
            .clipped();
            for (y, xs) in row_runs(&cells) {
                layer.push(pen.cells(xs, y));
            }
            layer
        })
        .collect()
}

/// Each room's number, where the other looks put its label: stroked digits as high as the
/// label's, over a clear patch of floor.
fn numbered(dungeon: &Dungeon, cell_size: u32, pen: &Pen, palette: &Palette) -> [Layer; 2] {
    let scale = numbers::scale(cell_size);
    // The pixel font's digits are five of its pixels high.
    let height = f64::from(5 * scale) / pen.n;
    let mut clear = Layer::new(Paint::Stroke(
        Colour::opaque(palette.floor),
        ((glyphs::PEN + 0.22) * height * pen.n) as f32,
    ));
    let mut digits = Layer::new(Paint::Stroke(
        Colour::opaque(palette.number),
        (glyphs::PEN * height * pen.n) as f32,
    ));
    for label in numbers::place_centred(dungeon, cell_size).placed {
        let centre = Vec2::new(
            (f64::from(label.x) + f64::from(label.width) / 2.0) / pen.n,
            (f64::from(label.y) + f64::from(label.height) / 2.0) / pen.n,
        );
        let strokes = glyphs::number(label.number, height, centre);
        clear.push(pen.glyph(&strokes));
        digits.push(pen.glyph(&strokes));
    }
    [clear, digits]
}

/// The point at a corner of cells.
fn corner((x, y): Corner) -> Vec2 {
    Vec2::new(f64::from(x), f64::from(y))
}

/// `cells` by rows: each row's runs of neighbouring cells, as its `y` and the runs' columns
/// (first, last).
fn row_runs(cells: &[Pos]) -> Vec<(u32, (u32, u32))> {
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
fn edges<T: Copy>(
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

/// Geometry in cells made into a scene's pixels at `n` pixels a cell.
struct Pen {
    n: f64,
}

impl Pen {
    fn px(&self, v: Vec2) -> Point {
        Point {
            x: (v.x * self.n) as f32,
            y: (v.y * self.n) as f32,
        }
    }

    fn fill(&self, colour: Rgb, rule: FillRule) -> Layer {
        Layer::new(Paint::Fill(Colour::opaque(colour), rule))
    }

    /// A stroke `(cells, least pixels)` wide.
    fn stroke(&self, colour: Rgb, (width, least): (f64, f64)) -> Layer {
        Layer::new(Paint::Stroke(
            Colour::opaque(colour),
            (width * self.n).max(least) as f32,
        ))
    }

    /// `curve` moved by `by`, closed.
    fn curve<'c>(&'c self, curve: &'c Curve, by: Vec2) -> impl Iterator<Item = Segment> + 'c {
        let px = move |v: Vec2| self.px(v + by);
        std::iter::once(Segment::Move(px(curve.start)))
            .chain(curve.steps.iter().map(move |step| match *step {
                Step::Line(p) => Segment::Line(px(p)),
                Step::Quad(c, p) => Segment::Quad(px(c), px(p)),
            }))
            .chain(std::iter::once(Segment::Close))
    }

    fn circle(&self, centre: Vec2, radius: f64) -> Vec<Segment> {
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

    fn polygon(&self, points: &[Vec2]) -> Vec<Segment> {
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
    fn cells(&self, (first, last): (u32, u32), y: u32) -> Vec<Segment> {
        let (x0, x1) = (f64::from(first), f64::from(last + 1));
        let (y0, y1) = (f64::from(y), f64::from(y + 1));
        self.polygon(&[
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x1, y1),
            Vec2::new(x0, y1),
        ])
    }

    fn glyph(&self, strokes: &[glyphs::Pen]) -> Vec<Segment> {
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
