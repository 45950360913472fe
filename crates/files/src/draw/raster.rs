//! One rasterizer for the window and for files: a dungeon and a style become RGBA pixels,
//! top row first, in the original look (the first pygame view): a gray33 background, darkblue grid
//! lines, every room cell in its room's colour, every path cell outside rooms black.
//!
//! The pixel layout is a contract other tools rely on: at cell size `N` the image is exactly
//! `width·N × height·N` pixels and cell (x, y) covers pixels `[x·N, x·N+N) × [y·N, y·N+N)`.
//! A grid line takes the first row and the first column of a free cell's pixels, as in the
//! original, where rooms and paths were drawn over the grid; there are no grid lines below
//! [`MIN_GRID_CELL`] pixels a cell, where they would hide the cells.
//!
//! [`Look`] options add doors, start and goal, a distance tint, room outlines and an
//! ink-friendly print look. Each cell is painted as its ground colour, then its grid lines,
//! then outlines, door bars, marks and, on a level of a dungeon of several, stairs
//! ([`super::stairs`]), all inside the cell's own square of pixels; with every option off,
//! on a map of one level, that is exactly the original look.

use std::borrow::Cow;
use std::collections::HashMap;
use std::convert::Infallible;
use std::ops::RangeInclusive;
use std::sync::Arc;

use super::hatched;
pub use super::look::Look;
use super::numbers::{self, Label};
use super::pixels::Pixels;
use super::sheet::TileBands;
use super::stairs::{self, Way};
pub use super::style::{CELL_SIZE, DEFAULT_CELL_SIZE, MIN_GRID_CELL, MIN_MARK_CELL, Style};
use super::style::{mix, tint};
use super::vector::render::Bands;
use super::{Error, picture_size};
use dungeon_generator::Dungeon;
use dungeon_generator::Rgb;
use dungeon_generator::{Dir, Grid, Pos};
use dungeon_generator::{Tile, TileKind};

/// The size in pixels of a `cells_wide × cells_high` map at `style`.
///
/// # Errors
/// A cell size out of [`CELL_SIZE`], or an image over [`super::MAX_SIDE`] pixels a side.
pub fn image_size(cells_wide: u32, cells_high: u32, style: &Style) -> Result<(u32, u32), Error> {
    picture_size(cells_wide, cells_high, style.cell_size, &CELL_SIZE)
}

/// Draw `dungeon` in `style`, the whole image at once (the window's texture).
///
/// # Errors
/// A cell size out of range, or an image too large (see [`image_size`]).
pub fn rasterize(dungeon: &Dungeon, style: &Style) -> Result<Pixels, Error> {
    let raster = Raster::new(dungeon, style)?;
    let (width, height) = (raster.width(), raster.height());
    let mut pixels = Vec::with_capacity(width as usize * height as usize);
    let Ok(()) = raster.for_each_band(|band| {
        pixels.extend_from_slice(band);
        Ok::<(), Infallible>(())
    });
    Pixels::from_pixels(width, height, pixels)
}

/// A dungeon ready to be drawn in a style, its image size checked: drawn one band of
/// pixel rows at a time, so that writing a picture of any size needs memory for one band.
/// The hatched look is worked out once, as vector shapes, when it is made.
#[derive(Clone, Debug)]
pub struct Raster<'a> {
    dungeon: &'a Dungeon,
    style: Style,
    width: u32,
    height: u32,
    /// The hatched look's shapes, when the style asks for it.
    shapes: Option<Arc<Bands>>,
}

impl<'a> Raster<'a> {
    /// `dungeon` to be drawn in `style`.
    ///
    /// # Errors
    /// A cell size out of range, or an image too large (see [`image_size`]).
    pub fn new(dungeon: &'a Dungeon, style: &Style) -> Result<Self, Error> {
        Self::within(dungeon, style, &CELL_SIZE)
    }

    /// [`Raster::new`] with cells of any size in `allowed`: the hatched look's shapes draw
    /// at any size, so a tabletop's picture takes its grid's size.
    ///
    /// # Errors
    /// A cell size out of `allowed`, or an image too large.
    pub(crate) fn within(
        dungeon: &'a Dungeon,
        style: &Style,
        allowed: &RangeInclusive<u32>,
    ) -> Result<Self, Error> {
        Self::made(dungeon, style, allowed, true)
    }

    /// [`Raster::new`] for one of several pictures drawn side by side as they are written
    /// (the levels of a dungeon on one sheet): the hatched look's bands are drawn once and
    /// never kept, so that the pictures together need no more memory than one band each.
    ///
    /// # Errors
    /// As [`Raster::new`].
    pub(crate) fn once(dungeon: &'a Dungeon, style: &Style) -> Result<Self, Error> {
        Self::made(dungeon, style, &CELL_SIZE, false)
    }

    /// `dungeon` in `style` at a cell size of `allowed`, the hatched look's bands kept
    /// when `keep` and the picture is small enough (see [`Bands::keeping`]).
    fn made(
        dungeon: &'a Dungeon,
        style: &Style,
        allowed: &RangeInclusive<u32>,
        keep: bool,
    ) -> Result<Self, Error> {
        let (width, height) =
            picture_size(dungeon.width(), dungeon.height(), style.cell_size, allowed)?;
        let shapes = shapes(dungeon, style)
            .map(|bands| Arc::new(if keep { bands.keeping() } else { bands }));
        Ok(Self {
            dungeon,
            style: *style,
            width,
            height,
            shapes,
        })
    }

    /// The image's width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The image's height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Draw the image band by band, top first, handing each to `band`: the RGBA pixels of
    /// one row of cells (cell-size rows of `width` pixels, top row first). Stops at the
    /// first error `band` returns.
    ///
    /// # Errors
    /// The first error of `band`.
    pub fn for_each_band<E>(&self, band: impl FnMut(&[[u8; 4]]) -> Result<(), E>) -> Result<(), E> {
        self.for_each_band_of(0..self.dungeon.height(), band)
    }

    /// [`Raster::for_each_band`] for the rows of cells `rows` only, in their order.
    ///
    /// # Errors
    /// The first error of `band`.
    pub fn for_each_band_of<E>(
        &self,
        rows: impl IntoIterator<Item = u32>,
        mut band: impl FnMut(&[[u8; 4]]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut drawing = self.rows();
        for y in rows {
            band(drawing.row(y))?;
        }
        Ok(())
    }

    /// The image's rows of cells, to be drawn one at a time as they are asked for (see
    /// [`Rows::row`]): what a sheet of several pictures side by side draws from.
    pub(crate) fn rows(&self) -> Rows<'_> {
        let how = match &self.shapes {
            Some(shapes) => How::Shapes(shapes, None),
            None => {
                let row = self.width as usize;
                How::Cells {
                    painter: Box::new(Painter::new(self.dungeon, &self.style)),
                    first: vec![[0; 4]; row],
                    inner: vec![[0; 4]; row],
                    pixels: vec![[0; 4]; row * self.style.cell_size as usize],
                }
            }
        };
        Rows {
            n: self.style.cell_size,
            how,
        }
    }

    /// Whether drawing the image again costs little: in a look of cells, or when the
    /// hatched look's bands are kept once drawn (see [`Bands::keeping`]).
    #[must_use]
    pub fn draws_again_cheaply(&self) -> bool {
        self.shapes.as_ref().is_none_or(|bands| bands.kept())
    }

    /// The number of rows of cells, each a band.
    #[must_use]
    pub fn bands(&self) -> u32 {
        self.dungeon.height()
    }
}

/// The shapes of `dungeon` in `style`, ready to be drawn band by band, when its look is
/// drawn as shapes (the hatched look): the bands [`Raster`] draws, for those who draw them
/// a few at a time (the web page, between frames). `None` for the other looks.
#[must_use]
pub fn shapes(dungeon: &Dungeon, style: &Style) -> Option<Bands> {
    style.look.hatched.then(|| {
        Bands::new(
            hatched::scene(dungeon, style),
            hatched::band_rows(style.cell_size),
        )
    })
}

/// A picture's rows of cells, drawn as they are asked for, with what drawing them needs
/// kept from one to the next: the painter of cells and its scratch rows, or the band of
/// shapes drawn last, which holds several rows.
pub(crate) struct Rows<'r> {
    n: u32,
    how: How<'r>,
}

/// How a picture's rows are drawn: cells painted a row at a time, or bands of its shapes,
/// the one drawn last kept while rows fall in it.
enum How<'r> {
    Cells {
        painter: Box<Painter<'r>>,
        first: Vec<[u8; 4]>,
        inner: Vec<[u8; 4]>,
        pixels: Vec<[u8; 4]>,
    },
    Shapes(&'r Bands, Option<(u32, Cow<'r, [u8]>)>),
}

/// The rows of cells of a picture, in order, as a sheet's tile ([`super::sheet`]).
pub(crate) struct SheetTile<'r> {
    rows: Rows<'r>,
    next: u32,
    count: u32,
}

impl<'r> SheetTile<'r> {
    /// `raster`'s picture as a sheet's tile.
    pub(crate) fn of(raster: &'r Raster) -> Self {
        Self {
            rows: raster.rows(),
            next: 0,
            count: raster.bands(),
        }
    }
}

impl TileBands for SheetTile<'_> {
    fn next_band(&mut self) -> Option<&[[u8; 4]]> {
        let y = self.next;
        (y < self.count).then(|| {
            self.next += 1;
            self.rows.row(y)
        })
    }
}

impl Rows<'_> {
    /// Row `y` of cells: cell-size rows of the picture's width, top row first (the rows
    /// past a picture's last pixel are empty).
    pub(crate) fn row(&mut self, y: u32) -> &[[u8; 4]] {
        let n = self.n;
        match &mut self.how {
            How::Cells {
                painter,
                first,
                inner,
                pixels,
            } => {
                painter.paint_row(y, pixels, first, inner);
                pixels
            }
            How::Shapes(shapes, drawn) => {
                let width = shapes.scene().width as usize;
                let top = y * n;
                let which = top / shapes.rows();
                if drawn.as_ref().is_none_or(|(w, _)| *w != which) {
                    *drawn = Some((which, shapes.band(which)));
                }
                let Some((_, pixels)) = drawn else {
                    return &[];
                };
                let start = (top - which * shapes.rows()) as usize * width * 4;
                let end = (start + n as usize * width * 4).min(pixels.len());
                pixels[start.min(end)..end].as_chunks::<4>().0
            }
        }
    }
}

/// The colour of the cell at `p` in `look`, before grid lines, marks and the distance tint:
/// its room's colour, black paths and gray33 ground; in the print look light grey rooms and
/// paths, black walls and white ground.
///
/// # Panics
/// When `p` is off the map.
#[must_use]
pub fn cell_colour(dungeon: &Dungeon, look: &Look, p: Pos) -> Rgb {
    let tiles = dungeon.tiles();
    match (tiles[p].kind(), look.print) {
        (TileKind::Room(i), false) => dungeon.rooms()[i].colour(),
        (TileKind::Path, false) => Rgb::BLACK,
        (TileKind::Free, false) => Rgb::GRAY33,
        (TileKind::Room(_), true) => PRINT_ROOM,
        (TileKind::Path, true) => PRINT_PATH,
        (TileKind::Free, true) if is_wall(tiles, p) => WALL,
        (TileKind::Free, true) => PAPER,
    }
}

/// The colour of grid lines in `look`.
#[must_use]
pub fn grid_colour(look: &Look) -> Rgb {
    if look.print {
        PRINT_GRID
    } else {
        Rgb::DARK_BLUE
    }
}

/// Whether the cell at `p` gets grid lines (its first pixel row and column) in `look`:
/// free cells in the original look; in the print look every cell but walls, so that
/// squares can be counted on the floor. None in the hatched look, whose grid is a faint
/// line over the floor among its shapes.
#[must_use]
pub fn has_grid_line(tiles: &Grid<Tile>, look: &Look, p: Pos) -> bool {
    match tiles.get(p) {
        _ if look.hatched => false,
        Some(_) if look.print => !is_wall(tiles, p),
        Some(&tile) => tile == Tile::FREE,
        None => false,
    }
}

/// Whether `p` is a wall in the print look: rock beside (or diagonally beside) a cell one
/// can walk on, as [`dungeon_generator::Cell::Wall`] is.
fn is_wall(tiles: &Grid<Tile>, p: Pos) -> bool {
    tiles.get(p) == Some(&Tile::FREE) && tiles.around(p).any(|q| tiles[q].is_walkable())
}

/// The thickness of room lines and of the rims of marks in cells of `n` pixels: a twelfth of
/// a cell, at least a pixel.
fn line_width(n: usize) -> usize {
    (n / 12).max(1)
}

/// From this cell size door bars are at least 6 pixels thick: thinner, a bar shows one
/// pixel of wood a side inside its frame, a tick easy to miss.
const THICK_DOOR_CELL: usize = 9;

/// How thick each cell's half of a door bar is in cells of `n` pixels: a sixth of a cell,
/// and at least 3 pixels (two of wood inside the frame) from [`THICK_DOOR_CELL`] pixels.
fn door_half(n: usize) -> usize {
    if n >= THICK_DOOR_CELL {
        n.div_ceil(6).max(3)
    } else {
        n.div_ceil(6)
    }
}

/// The dark lines inside the cell at `p` in `look` at `n` pixels a cell, as rectangles
/// (x, y, w, h) within the cell, a twelfth of a cell thick (at least a pixel) along whole
/// sides of a room's cell: with outlines along each side that meets rock, the map's edge or
/// another room (not a path: paths are ways in, and doors mark them); in the print look
/// along each side that meets another room, so that touching rooms part. None below
/// [`MIN_MARK_CELL`] pixels a cell, nor in other cells. Touching rooms each draw their side:
/// the line between them is twice as thick.
///
/// # Panics
/// When `p` is off the map.
pub fn room_lines<'a>(
    dungeon: &'a Dungeon,
    look: &Look,
    n: usize,
    p: Pos,
) -> impl Iterator<Item = (usize, usize, usize, usize)> + use<'a> {
    let tiles = dungeon.tiles();
    let (outlines, print) = (look.outlines, look.print);
    let room = tiles[p]
        .room()
        .filter(|_| (outlines || print) && n >= MIN_MARK_CELL as usize);
    let lined = move |d: Dir| {
        let Some(room) = room else {
            return false;
        };
        match tiles.step(p, d).map(|q| tiles[q].kind()) {
            None | Some(TileKind::Free) => outlines,
            Some(TileKind::Room(other)) => other != room,
            Some(TileKind::Path) => false,
        }
    };
    Dir::ALL
        .into_iter()
        .filter(move |&d| lined(d))
        .map(move |d| along(d, n, 0, n, line_width(n)))
}

/// Room outlines, the outlines of start and goal marks and of door bars, room numbers.
pub const INK: Rgb = Rgb(16, 16, 16);
/// Door bars: light wood.
const DOOR: Rgb = Rgb(222, 184, 135);
const START: Rgb = Rgb(40, 200, 70);
const GOAL: Rgb = Rgb(230, 40, 40);
/// How much of a walkable cell's colour the distance tint replaces.
const TINT: f64 = 0.6;
/// The print look's colours.
/// The print look's ground.
pub const PAPER: Rgb = Rgb(255, 255, 255);
/// The print look's walls.
pub const WALL: Rgb = Rgb(0, 0, 0);
const PRINT_ROOM: Rgb = Rgb(205, 205, 205);
const PRINT_PATH: Rgb = Rgb(228, 228, 228);
const PRINT_GRID: Rgb = Rgb(170, 170, 170);

fn rgba(c: Rgb) -> [u8; 4] {
    [c.0, c.1, c.2, 255]
}

/// Side `d` of a cell as a bit of a mask.
fn side_bit(d: Dir) -> u8 {
    1 << d as u8
}

/// What a style draws, worked out once per image: for the look options the walking
/// distances, the doors and the start and goal.
struct Painter<'a> {
    dungeon: &'a Dungeon,
    n: usize,
    look: Look,
    grid_lines: bool,
    /// Whether there are outlines, doors or marks to draw, in cells big enough for them.
    overlays: bool,
    /// Walking distances from the start and the greatest of them, for the tint.
    distances: Option<(Grid<Option<u32>>, u32)>,
    /// The sides of room cells that are doors, as [`side_bit`]s.
    doors: HashMap<Pos, u8>,
    start: Option<Pos>,
    goal: Option<Pos>,
    /// The stairs, each with the way it goes, in cells big enough for them.
    stairs: Vec<(Pos, Way)>,
    /// The rooms' number labels, top to bottom.
    labels: Vec<Label>,
}

impl<'a> Painter<'a> {
    fn new(dungeon: &'a Dungeon, style: &Style) -> Self {
        let look = style.look;
        let marks_fit = style.cell_size >= MIN_MARK_CELL;
        // The features are found only when a look option asks for them.
        let features = (look.distance || (marks_fit && (look.doors || look.marks)))
            .then(|| dungeon.features());
        let distances = features
            .filter(|_| look.distance)
            .and_then(|f| f.start.map(|s| (f, s)))
            .map(|(f, s)| (dungeon.distances([s]), f.longest_route.max(1)));
        let mut doors = HashMap::new();
        if let Some(f) = features.filter(|_| look.doors && marks_fit) {
            // Each door's bar lies across its edge: half in the room's cell, half in the
            // path cell outside it, each drawn with its own cell.
            for door in &f.doors {
                for (from, to) in [(door.cell, door.outside), (door.outside, door.cell)] {
                    if let Some(&d) = Dir::ALL
                        .iter()
                        .find(|&&d| dungeon.tiles().step(from, d) == Some(to))
                    {
                        *doors.entry(from).or_insert(0) |= side_bit(d);
                    }
                }
            }
        }
        let (start, goal) = features
            .filter(|_| look.marks && marks_fit)
            .map_or((None, None), |f| (f.start, f.goal));
        let labels = if look.numbers {
            numbers::place(dungeon, style.cell_size).placed
        } else {
            Vec::new()
        };
        let stairs = if style.cell_size >= stairs::MIN_STAIRS_CELL {
            stairs::of(dungeon)
        } else {
            Vec::new()
        };
        Self {
            dungeon,
            n: style.cell_size as usize,
            look,
            grid_lines: style.grid && style.cell_size >= MIN_GRID_CELL,
            overlays: (marks_fit && (look.outlines || look.print || look.doors || look.marks))
                || !labels.is_empty()
                || !stairs.is_empty(),
            distances,
            doors,
            start,
            goal,
            stairs,
            labels,
        }
    }

    /// The colour filling the cell at `p`, before lines and marks.
    fn ground(&self, p: Pos, tile: Tile) -> Rgb {
        let colour = cell_colour(self.dungeon, &self.look, p);
        let tinted = self.distances.as_ref().filter(|_| tile.is_walkable());
        match tinted.and_then(|(distances, farthest)| Some((distances[p]?, *farthest))) {
            Some((steps, farthest)) => {
                let t = f64::from(steps.min(farthest)) / f64::from(farthest);
                mix(colour, tint(t), TINT)
            }
            None => colour,
        }
    }

    /// Paint row `y` of cells into `band`, using `first` and `inner` (a pixel row each)
    /// as scratch. The cells' ground and grid lines are the same down each cell but for
    /// its first pixel row, so they are painted as two pixel rows, the inner one repeated
    /// down the band; then outlines, doors and marks over the cells that have them.
    fn paint_row(
        &self,
        y: u32,
        band: &mut [[u8; 4]],
        first: &mut [[u8; 4]],
        inner: &mut [[u8; 4]],
    ) {
        let n = self.n;
        let tiles = self.dungeon.tiles();
        let line = rgba(grid_colour(&self.look));
        for (x, &tile) in tiles.row(y).unwrap_or_default().iter().enumerate() {
            let p = Pos::new(x as u32, y);
            let ground = rgba(self.ground(p, tile));
            let span = x * n..(x + 1) * n;
            inner[span.clone()].fill(ground);
            if self.grid_lines && has_grid_line(tiles, &self.look, p) {
                first[span].fill(line);
                inner[x * n] = line;
            } else {
                first[span].fill(ground);
            }
        }
        let (top, rest) = band.split_at_mut(first.len());
        top.copy_from_slice(first);
        for pixel_row in rest.chunks_exact_mut(inner.len()) {
            pixel_row.copy_from_slice(inner);
        }
        if !self.overlays {
            return;
        }
        let row = first.len();
        for x in 0..tiles.width() as usize {
            let p = Pos::new(x as u32, y);
            let mut cell = Cell {
                band: &mut *band,
                row,
                x0: x * n,
            };
            for (x, y, w, h) in room_lines(self.dungeon, &self.look, n, p) {
                cell.fill(x, y, w, h, INK);
            }
            let door_sides = self.doors.get(&p).copied().unwrap_or(0);
            for d in Dir::ALL
                .into_iter()
                .filter(|&d| door_sides & side_bit(d) != 0)
            {
                // This cell's half of a bar across the door's edge (the cell on the other
                // side draws the other half), framed in ink but on the edge once it is
                // thick enough to show wood inside the frame.
                let half = door_half(n);
                let (x, y, w, h) = along(d, n, n / 8, n - 2 * (n / 8), half);
                if half > 1 {
                    cell.fill(x, y, w, h, INK);
                    let (x, y, w, h) = match d {
                        Dir::Left => (x, y + 1, w - 1, h - 2),
                        Dir::Right => (x + 1, y + 1, w - 1, h - 2),
                        Dir::Up => (x + 1, y, w - 2, h - 1),
                        Dir::Down => (x + 1, y + 1, w - 2, h - 1),
                    };
                    cell.fill(x, y, w, h, DOOR);
                } else {
                    cell.fill(x, y, w, h, DOOR);
                }
            }
            for (at, colour) in [(self.start, START), (self.goal, GOAL)] {
                if at == Some(p) {
                    cell.disc(colour, if n >= 6 { line_width(n) } else { 0 });
                }
            }
            for &(_, way) in self.stairs.iter().filter(|(at, _)| *at == p) {
                if let Some((plate, steps)) = stairs::glyph(n as u32, way) {
                    for ((x, y, w, h), colour) in std::iter::once((plate, PAPER))
                        .chain(steps.into_iter().map(|step| (step, INK)))
                    {
                        cell.fill(x as usize, y as usize, w as usize, h as usize, colour);
                    }
                }
            }
        }
        self.paint_numbers(y, band, row);
    }

    /// The parts of the rooms' number labels that lie in row `y` of cells, over everything
    /// else: a label may reach into the row above or below.
    fn paint_numbers(&self, y: u32, band: &mut [[u8; 4]], row: usize) {
        let n = self.n as u32;
        let rows = y * n..(y + 1) * n;
        // Labels are all as high, so those ending after the band's top come in order.
        let first = self.labels.partition_point(|l| l.bottom() <= rows.start);
        let scale = numbers::scale(n);
        for label in self.labels[first..].iter().take_while(|l| l.y < rows.end) {
            let mut fill = |x: u32, y: u32, w: u32, h: u32, c: Rgb| {
                let (x, y) = (label.x + x, label.y + y);
                for py in y.max(rows.start)..(y + h).min(rows.end) {
                    let at = (py - rows.start) as usize * row + x as usize;
                    band[at..at + w as usize].fill(rgba(c));
                }
            };
            fill(0, 0, label.width, label.height, PAPER);
            numbers::for_each_ink(label.number, scale, |x, y, w, h| fill(x, y, w, h, INK));
        }
    }
}

/// The rectangle (x, y, w, h) of a bar `thick` pixels thick along side `d` of an
/// `n`-pixel cell, from `from` pixels along the side for `length` pixels.
fn along(
    d: Dir,
    n: usize,
    from: usize,
    length: usize,
    thick: usize,
) -> (usize, usize, usize, usize) {
    match d {
        Dir::Left => (0, from, thick, length),
        Dir::Right => (n - thick, from, thick, length),
        Dir::Up => (from, 0, length, thick),
        Dir::Down => (from, n - thick, length, thick),
    }
}

/// One cell's square of pixels in a band.
struct Cell<'b> {
    band: &'b mut [[u8; 4]],
    /// Pixels in a row of the band.
    row: usize,
    /// The cell's first pixel column.
    x0: usize,
}

impl Cell<'_> {
    /// Fill the rectangle `w × h` at (x, y) inside the cell.
    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, c: Rgb) {
        for py in y..y + h {
            let at = py * self.row + self.x0 + x;
            self.band[at..at + w].fill(rgba(c));
        }
    }

    /// A disc in the middle of the cell, filled with `colour` inside a ring `rim` pixels
    /// wide in ink.
    fn disc(&mut self, colour: Rgb, rim: usize) {
        let n = self.band.len() / self.row;
        let (centre, radius) = (n as f64 / 2.0, n as f64 * 0.38);
        for py in 0..n {
            for px in 0..n {
                let (dx, dy) = (px as f64 + 0.5 - centre, py as f64 + 0.5 - centre);
                let d = dx.hypot(dy);
                if d <= radius {
                    let c = if d > radius - rim as f64 { INK } else { colour };
                    self.fill(px, py, 1, 1, c);
                }
            }
        }
    }
}
