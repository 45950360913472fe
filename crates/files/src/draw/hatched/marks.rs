//! What the look marks on the floor, over the walls: doors (a gap in the wall narrowed by two
//! ink jambs, with a leaf across it), the start and the goal (discs in the other looks'
//! green and red, rimmed in ink), stairs (steps narrowing the way they go on a plate of
//! floor, [`crate::draw::stairs`]) and room numbers (stroked digits, [`super::glyphs`]).

use super::glyphs;
use super::outline::Corner;
use super::pen::corner;
use super::plane::Vec2;
use super::{Sheet, door_edge};
use crate::draw::numbers;
use crate::draw::stairs::{self, MIN_STAIRS_CELL, STEPS, Way};
use crate::draw::style::MIN_MARK_CELL;
use crate::draw::vector::{Colour, FillRule, Layer, Paint, Segment};
use dungeon_generator::{Pos, Rgb};

/// The start and the goal: the other looks' green and red, a little quieter.
const START: Rgb = Rgb(70, 160, 88);
const GOAL: Rgb = Rgb(200, 64, 52);
/// The rims of marks and door leaves: width in cells, and the least in pixels.
const RIM: (f64, f64) = (0.05, 1.0);
/// A door's jambs: how far each reaches along the door's edge, and how thick they are
/// across it, in cells.
const JAMB: (f64, f64) = (0.2, 0.28);
/// How thick a door's leaf is across its edge, in cells; it fills the gap between the
/// jambs.
const LEAF: f64 = 0.24;
/// The radius of the start's and the goal's discs, in cells.
const DISC: f64 = 0.3;
/// Stairs: half the side of their plate, and of the box their steps lie in, in cells.
const PLATE: f64 = 0.4;
const TREADS: f64 = 0.3;
/// The width of a step's line: in cells, and the least in pixels.
const STEP: (f64, f64) = (0.07, 1.0);

/// The marks `sheet`'s look asks for, in the order they are painted: doors, the start and
/// the goal, the stairs (always, on a level of a dungeon of several), then room numbers.
/// Doors, marks and stairs need [`MIN_MARK_CELL`] pixels a cell.
pub fn layers(sheet: &Sheet) -> Vec<Layer> {
    let (look, cell_size) = (sheet.style.look, sheet.style.cell_size);
    let mut layers = Vec::new();
    let fit = cell_size >= MIN_MARK_CELL;
    if look.doors && fit {
        layers.extend(doors(sheet));
    }
    if look.marks && fit {
        layers.extend(start_and_goal(sheet));
    }
    if cell_size >= MIN_STAIRS_CELL {
        layers.extend(stairs(sheet));
    }
    if look.numbers {
        layers.extend(numbered(sheet));
    }
    layers
}

/// The start and the goal, each a disc rimmed in ink.
fn start_and_goal(sheet: &Sheet) -> Vec<Layer> {
    let features = sheet.dungeon.features();
    let mut layers = Vec::new();
    for (at, colour) in [(features.start, START), (features.goal, GOAL)] {
        if let Some(p) = at {
            let centre = Vec2::new(f64::from(p.x) + 0.5, f64::from(p.y) + 0.5);
            let mut disc = sheet.pen.fill(colour, FillRule::NonZero);
            disc.push(sheet.pen.circle(centre, DISC));
            let mut rim = sheet.pen.stroke(sheet.palette.ink, RIM);
            rim.push(sheet.pen.circle(centre, DISC));
            layers.extend([disc, rim]);
        }
    }
    layers
}

/// The stairs, each a plate of floor rimmed in ink over its cell (and the start's mark,
/// below the first level, where the stairs up are the start), with [`STEPS`] steps on it
/// that narrow the way the stairs go: three layers, plates, rims and steps; none on a map
/// of one level.
fn stairs(sheet: &Sheet) -> Vec<Layer> {
    let found = stairs::of(sheet.dungeon);
    if found.is_empty() {
        return Vec::new();
    }
    let (pen, palette) = (&sheet.pen, sheet.palette);
    let mut plates = pen.fill(palette.floor, FillRule::NonZero);
    let mut rims = pen.stroke(palette.ink, RIM);
    let mut steps = pen.stroke(palette.ink, STEP);
    for (p, way) in found {
        let centre = Vec2::new(f64::from(p.x) + 0.5, f64::from(p.y) + 0.5);
        let square = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| centre + Vec2::new(x, y) * PLATE);
        plates.push(pen.polygon(&square));
        rims.push(pen.polygon(&square));
        let count = f64::from(STEPS);
        for j in 0..STEPS {
            let j = f64::from(j);
            // From the widest step to the narrowest, the way the stairs go.
            let along = -TREADS + (2.0 * j + 1.0) * TREADS / count;
            let y = match way {
                Way::Down => along,
                Way::Up => -along,
            };
            let half = TREADS * (count - j) / count;
            steps.push([
                Segment::Move(pen.px(centre + Vec2::new(-half, y))),
                Segment::Line(pen.px(centre + Vec2::new(half, y))),
            ]);
        }
    }
    vec![plates, rims, steps]
}

/// Each door in a wall (both ends of its edge on the outline) as jambs (ink blocks at the
/// ends of its edge) and a leaf across its middle: three layers, jambs, leaves and the
/// leaves' outlines.
fn doors(sheet: &Sheet) -> [Layer; 3] {
    let Sheet {
        dungeon,
        floor,
        pen,
        palette,
        ..
    } = sheet;
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

/// Each room's number: stroked digits as high as the other looks' labels, centred in its
/// room where the label fits there (else where the other looks put it), over a clear patch
/// of floor.
fn numbered(sheet: &Sheet) -> [Layer; 2] {
    let Sheet {
        dungeon,
        style,
        pen,
        palette,
        ..
    } = sheet;
    let cell_size = style.cell_size;
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
