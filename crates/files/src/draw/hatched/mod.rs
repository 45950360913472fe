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
//!    joins along the outline, which runs half a wall in from the map's edge, so that
//!    rooms on the edge are walled there too;
//! 6. doors (`doors`): jambs narrowing the way, and a leaf across it; the start and the
//!    goal (`marks`); each room's number (`numbers`) in stroked digits (`glyphs.rs`) on a
//!    clear patch of floor, centred in its room where it fits there.
//!
//! Small pictures drop what would not show: hatching strokes and the shadow (a pixel wide)
//! below [`HATCH_FROM`] pixels a cell (a band 0.6 wide in the strokes' tone stays), the
//! grid below [`GRID_FROM`].

pub mod cost;
mod glyphs;
mod hatching;
mod marks;
mod outline;
mod pen;
mod plane;

use std::collections::HashSet;

use super::style::{Style, tint};
use super::vector::{Colour, FillRule, Layer, Paint, Scene, Segment};
use dungeon_generator::{Dungeon, Grid, Pos, Rgb, TileKind};
use outline::{Corner, Curve};
use pen::{Pen, edges, row_runs};
use plane::Vec2;

/// From this cell size the hatching's strokes and the floor's shadow are drawn; below, a
/// band in the strokes' tone alone.
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

/// Widths in cells, and the least in pixels, of the lines drawn.
const WALL: (f64, f64) = (0.075, 1.3);
const SEAM: (f64, f64) = (0.04, 0.8);
const HATCH: (f64, f64) = (0.03, 0.7);
const GRID: (f64, f64) = (0.025, 0.6);
/// How far in from the map's edge the floor's outline runs at most, in cells: half the wall
/// where cells are big, so that the wall shows whole; a quarter cell in pictures so small
/// that the wall is wider than half a cell (every floor cell's centre stays on the floor).
const EDGE_INSET_MOST: f64 = 0.25;
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
    let sheet = Sheet::new(dungeon, style);
    let ground = sheet.outlined(sheet.pen.fill(sheet.palette.floor, FillRule::EvenOdd));
    let mut layers = sheet.hatching();
    layers.push(ground.clone());
    layers.extend(sheet.on_the_floor());
    layers.extend(sheet.lines());
    layers.extend(marks::layers(&sheet));
    Scene {
        width: dungeon.width() * style.cell_size,
        height: dungeon.height() * style.cell_size,
        background: sheet.palette.paper,
        clip: Some(ground),
        layers,
    }
}

/// What every layer of a map's scene is drawn from: the map and its style, the look's
/// colours, the floor and its smooth outline, and the pen that makes cells into pixels.
struct Sheet<'a> {
    dungeon: &'a Dungeon,
    style: &'a Style,
    palette: &'static Palette,
    /// Whether each cell is floor (a room's or a path's).
    floor: Grid<bool>,
    /// The floor's outline, ring by ring.
    curves: Vec<Curve>,
    pen: Pen,
}

impl<'a> Sheet<'a> {
    fn new(dungeon: &'a Dungeon, style: &'a Style) -> Self {
        let floor = dungeon.tiles().map(|t| t.is_walkable());
        let sharp = sharp_corners(dungeon);
        let pen = Pen {
            n: f64::from(style.cell_size),
        };
        // Where the floor meets the map's edge, the wall runs just inside it, whole.
        let (width, height) = (f64::from(dungeon.width()), f64::from(dungeon.height()));
        let inset = (pen.width(WALL) / 2.0 / pen.n).min(EDGE_INSET_MOST);
        let curves = outline::trace(&floor)
            .iter()
            .map(|ring| outline::smooth(ring, |c| sharp.contains(&c)).inside(width, height, inset))
            .collect();
        Self {
            dungeon,
            style,
            palette: if style.look.print { &PAPER } else { &PARCHMENT },
            floor,
            curves,
            pen,
        }
    }

    /// `layer` with the floor's outline as its path: each ring a piece.
    fn outlined(&self, mut layer: Layer) -> Layer {
        for curve in &self.curves {
            layer.push(self.pen.curve(curve, Vec2::default()));
        }
        layer
    }

    /// The hatching: the pale band along the walls (a wide stroke of the outline, whose
    /// inner half the floor covers), then the strokes; in cells too small for strokes, a
    /// wider band in the hatching's own tone instead.
    fn hatching(&self) -> Vec<Layer> {
        let (palette, pen) = (self.palette, &self.pen);
        let strokes_fit = self.style.cell_size >= HATCH_FROM;
        let (tone, width) = if strokes_fit {
            (palette.halo, BAND)
        } else {
            (palette.shade, SHADE)
        };
        let mut layers = vec![self.outlined(pen.stroke(tone, (2.0 * width, 0.0)))];
        if strokes_fit {
            let pattern = hatching::pattern(self.dungeon.recipe().seed);
            let mut strokes = pen.stroke(palette.hatch, HATCH);
            hatching::near_floor(&pattern, &self.floor, |cluster, by| {
                strokes.push(cluster.strokes.iter().flat_map(|&[a, b]| {
                    [Segment::Move(pen.px(a + by)), Segment::Line(pen.px(b + by))]
                }));
            });
            layers.push(strokes);
        }
        layers
    }

    /// What lies on the floor only, clipped to it: the rooms' colours, the distance tint,
    /// the shadow inside the top and left walls (the floor less itself moved down and
    /// right) and the grid.
    fn on_the_floor(&self) -> Vec<Layer> {
        let (look, pen) = (self.style.look, &self.pen);
        let mut layers = Vec::new();
        if look.colours {
            for room in self.dungeon.rooms() {
                let colour = Colour {
                    rgb: room.colour(),
                    alpha: WASH,
                };
                let mut wash = Layer::new(Paint::Fill(colour, FillRule::NonZero)).clipped();
                for (y, xs) in row_runs(room.cells()) {
                    wash.push(pen.cells(xs, y));
                }
                layers.push(wash);
            }
        }
        if look.distance {
            layers.extend(tinted(self.dungeon, pen));
        }
        if self.style.cell_size >= HATCH_FROM {
            let mut shadow =
                Layer::new(Paint::Fill(self.palette.shadow, FillRule::EvenOdd)).clipped();
            let moved = Vec2::new(SHADOW, SHADOW);
            for curve in &self.curves {
                shadow.push(
                    pen.curve(curve, Vec2::default())
                        .chain(pen.curve(curve, moved)),
                );
            }
            layers.push(shadow);
        }
        if self.style.grid && self.style.cell_size >= GRID_FROM {
            let mut grid = pen.stroke(self.palette.grid, GRID).clipped();
            for (a, b) in edges(&self.floor, |a, b| a == Some(true) || b == Some(true)) {
                grid.push([Segment::Move(pen.px(a)), Segment::Line(pen.px(b))]);
            }
            layers.push(grid);
        }
        layers
    }

    /// The lines: where two rooms touch (thin), then the walls (heavy).
    fn lines(&self) -> [Layer; 2] {
        let pen = &self.pen;
        let room_of = self.dungeon.tiles().map(|t| match t.kind() {
            TileKind::Room(i) => Some(i),
            _ => None,
        });
        let mut seams = pen.stroke(self.palette.ink, SEAM);
        let touching = |a, b| matches!((a, b), (Some(Some(a)), Some(Some(b))) if a != b);
        for (a, b) in edges(&room_of, touching) {
            seams.push([Segment::Move(pen.px(a)), Segment::Line(pen.px(b))]);
        }
        [seams, self.outlined(pen.stroke(self.palette.ink, WALL))]
    }
}

/// The distance tint: walkable cells by walking distance from the start, in steps from
/// near to far, each step a layer inside the floor.
fn tinted(dungeon: &Dungeon, pen: &Pen) -> Vec<Layer> {
    let features = dungeon.features();
    let Some(start) = features.start else {
        return Vec::new();
    };
    let distances = dungeon.distances([start]);
    let farthest = features.longest_route.max(1);
    let (alpha, steps) = TINT;
    let mut by_step: Vec<Vec<Pos>> = vec![Vec::new(); steps as usize + 1];
    for p in dungeon.tiles().positions() {
        if let Some(d) = distances[p] {
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
        let r = room.bounds();
        if r.area() == room.cells().len() as u64 {
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
