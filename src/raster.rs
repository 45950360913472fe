//! One rasterizer for the window and for files: a dungeon and a style become RGBA pixels,
//! top row first, in the original look (seed `001`): a gray33 background, darkblue grid
//! lines, every room cell in its room's colour, every path cell outside rooms black.
//!
//! The pixel layout is a contract other tools rely on: at cell size `N` the image is exactly
//! `width·N × height·N` pixels and cell (x, y) covers pixels `[x·N, x·N+N) × [y·N, y·N+N)`.
//! A grid line takes the first row and the first column of a free cell's pixels, as in the
//! original, where rooms and paths were drawn over the grid; there are no grid lines below
//! [`MIN_GRID_CELL`] pixels a cell, where they would hide the cells.

use std::convert::Infallible;
use std::fmt;
use std::ops::RangeInclusive;

use crate::colour::Rgb;
use crate::dungeon::Dungeon;
use crate::grid::{Grid, Pos};
use crate::tile::TileKind;

/// Pixels a cell may take.
pub const CELL_SIZE: RangeInclusive<u32> = 1..=64;
/// The default cell size, the original's.
pub const DEFAULT_CELL_SIZE: u32 = 12;
/// Below this cell size no grid lines are drawn.
pub const MIN_GRID_CELL: u32 = 4;
/// The longest side of an image, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// How to draw a dungeon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Pixels per cell side, [`CELL_SIZE`].
    pub cell_size: u32,
    /// Whether to draw grid lines (only from [`MIN_GRID_CELL`] pixels a cell).
    pub grid: bool,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            cell_size: DEFAULT_CELL_SIZE,
            grid: true,
        }
    }
}

/// What keeps a dungeon from being drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RasterError {
    CellSize(u32),
    TooLarge { width: u64, height: u64 },
}

impl fmt::Display for RasterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RasterError::CellSize(n) => write!(
                f,
                "cell size {n} is out of range: allowed {} to {} pixels",
                CELL_SIZE.start(),
                CELL_SIZE.end()
            ),
            RasterError::TooLarge { width, height } => write!(
                f,
                "a {width}×{height} pixel image is too large: at most {MAX_SIDE} pixels a side; \
                 use a smaller cell size"
            ),
        }
    }
}

impl std::error::Error for RasterError {}

/// An opaque RGBA image, row by row, top row first: a grid of pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pixels {
    grid: Grid<[u8; 4]>,
}

impl Pixels {
    /// An image from RGBA bytes, top row first.
    ///
    /// # Errors
    /// When `rgba` does not hold `width × height` whole pixels.
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Self, String> {
        if !rgba.len().is_multiple_of(4) {
            return Err(format!("{} bytes are not whole RGBA pixels", rgba.len()));
        }
        let pixels = rgba
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        Ok(Self {
            grid: Grid::from_cells(width, height, pixels)?,
        })
    }

    #[must_use]
    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    #[must_use]
    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    /// The RGBA bytes, row by row, top row first.
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        self.rgba_pixels().as_flattened()
    }

    /// The pixels as RGBA quadruples, row by row, top row first.
    #[must_use]
    pub fn rgba_pixels(&self) -> &[[u8; 4]] {
        self.grid.as_slice()
    }

    /// The colour at pixel (x, y); `None` outside the image.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        let [r, g, b, _] = *self.grid.get(Pos::new(x, y))?;
        Some(Rgb(r, g, b))
    }
}

/// The size in pixels of a `cells_wide × cells_high` map at `style`.
///
/// # Errors
/// A cell size out of [`CELL_SIZE`], or an image over [`MAX_SIDE`] pixels a side.
pub fn image_size(
    cells_wide: u32,
    cells_high: u32,
    style: &Style,
) -> Result<(u32, u32), RasterError> {
    if !CELL_SIZE.contains(&style.cell_size) {
        return Err(RasterError::CellSize(style.cell_size));
    }
    let (width, height) = (
        u64::from(cells_wide) * u64::from(style.cell_size),
        u64::from(cells_high) * u64::from(style.cell_size),
    );
    if width > u64::from(MAX_SIDE) || height > u64::from(MAX_SIDE) {
        return Err(RasterError::TooLarge { width, height });
    }
    Ok((width as u32, height as u32))
}

/// Draw `dungeon` in `style`, the whole image at once (the window's texture).
///
/// # Errors
/// A cell size out of range, or an image too large (see [`image_size`]).
pub fn rasterize(dungeon: &Dungeon, style: &Style) -> Result<Pixels, RasterError> {
    let raster = Raster::new(dungeon, style)?;
    let (width, height) = (raster.width(), raster.height());
    let mut pixels = Vec::with_capacity(width as usize * height as usize);
    let Ok(()) = raster.for_each_band(|band| {
        pixels.extend_from_slice(band);
        Ok::<(), Infallible>(())
    });
    let grid = Grid::from_cells(width, height, pixels).expect("the bands cover the image");
    Ok(Pixels { grid })
}

/// A dungeon ready to be drawn in a style, its image size checked: drawn one band of
/// pixel rows at a time, so that writing a picture of any size needs memory for one band.
#[derive(Clone, Copy, Debug)]
pub struct Raster<'a> {
    dungeon: &'a Dungeon,
    style: Style,
    width: u32,
    height: u32,
}

impl<'a> Raster<'a> {
    /// `dungeon` to be drawn in `style`.
    ///
    /// # Errors
    /// A cell size out of range, or an image too large (see [`image_size`]).
    pub fn new(dungeon: &'a Dungeon, style: &Style) -> Result<Self, RasterError> {
        let (width, height) = image_size(dungeon.width(), dungeon.height(), style)?;
        Ok(Self {
            dungeon,
            style: *style,
            width,
            height,
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
    pub fn for_each_band<E>(
        &self,
        mut band: impl FnMut(&[[u8; 4]]) -> Result<(), E>,
    ) -> Result<(), E> {
        let n = self.style.cell_size as usize;
        let grid_lines = self.style.grid && self.style.cell_size >= MIN_GRID_CELL;
        let colours: Vec<[u8; 4]> = self
            .dungeon
            .rooms()
            .iter()
            .map(|r| [r.colour.0, r.colour.1, r.colour.2, 255])
            .collect();
        let rgba = |c: Rgb| [c.0, c.1, c.2, 255];
        let (background, line, path) = (rgba(Rgb::GRAY33), rgba(Rgb::DARK_BLUE), rgba(Rgb::BLACK));

        // Each row of cells becomes two pixel rows, a first (grid line) one and an inner
        // one, the inner one repeated down the cells' height.
        let row = self.width as usize;
        let mut first = vec![background; row];
        let mut inner = vec![background; row];
        let mut pixels = vec![background; row * n];
        for y in 0..self.dungeon.height() {
            for (x, tile) in self.dungeon.tiles().row(y).iter().enumerate() {
                let (top, rest, left) = match tile.kind() {
                    TileKind::Room(i) => (colours[i], colours[i], colours[i]),
                    TileKind::Path => (path, path, path),
                    TileKind::Free if grid_lines => (line, background, line),
                    TileKind::Free => (background, background, background),
                };
                let span = x * n..(x + 1) * n;
                first[span.clone()].fill(top);
                inner[span].fill(rest);
                first[x * n] = left;
                inner[x * n] = left;
            }
            let (top, rest) = pixels.split_at_mut(row);
            top.copy_from_slice(&first);
            for pixel_row in rest.chunks_exact_mut(row) {
                pixel_row.copy_from_slice(&inner);
            }
            band(&pixels)?;
        }
        Ok(())
    }
}
