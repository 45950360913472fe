//! One rasterizer for the window and for files: a dungeon and a style become RGBA pixels,
//! top row first, in the original look (seed `001`): a gray33 background, darkblue grid
//! lines, every room cell in its room's colour, every path cell outside rooms black.
//!
//! The pixel layout is a contract other tools rely on: at cell size `N` the image is exactly
//! `width·N × height·N` pixels and cell (x, y) covers pixels `[x·N, x·N+N) × [y·N, y·N+N)`.
//! A grid line takes the first row and the first column of a free cell's pixels, as in the
//! original, where rooms and paths were drawn over the grid; there are no grid lines below
//! [`MIN_GRID_CELL`] pixels a cell, where they would hide the cells.

use std::fmt;
use std::ops::RangeInclusive;

use crate::colour::Rgb;
use crate::dungeon::Dungeon;
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

/// An opaque RGBA image, row by row, top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pixels {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Pixels {
    /// An image from RGBA bytes, top row first.
    ///
    /// # Errors
    /// When `rgba` does not hold `width × height × 4` bytes.
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Self, String> {
        let expected = width as usize * height as usize * 4;
        if rgba.len() == expected {
            Ok(Self {
                width,
                height,
                rgba,
            })
        } else {
            Err(format!(
                "a {width}×{height} image needs {expected} bytes, got {}",
                rgba.len()
            ))
        }
    }

    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA bytes, row by row, top row first.
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The colour at pixel (x, y); `None` outside the image.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        Some(Rgb(self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]))
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

/// Draw `dungeon` in `style`.
///
/// # Errors
/// A cell size out of range, or an image too large (see [`image_size`]).
pub fn rasterize(dungeon: &Dungeon, style: &Style) -> Result<Pixels, RasterError> {
    let (width, height) = image_size(dungeon.width(), dungeon.height(), style)?;
    let n = style.cell_size as usize;
    let grid = style.grid && style.cell_size >= MIN_GRID_CELL;
    let colours: Vec<[u8; 4]> = dungeon
        .rooms()
        .iter()
        .map(|r| [r.colour.0, r.colour.1, r.colour.2, 255])
        .collect();
    let rgba = |c: Rgb| [c.0, c.1, c.2, 255];
    let (background, line, path) = (rgba(Rgb::GRAY33), rgba(Rgb::DARK_BLUE), rgba(Rgb::BLACK));

    let row_bytes = width as usize * 4;
    let mut out = vec![0u8; row_bytes * height as usize];
    // Each row of cells becomes two pixel rows, a first (grid line) one and an inner one,
    // each repeated down the cells' height.
    let mut first = vec![0u8; row_bytes];
    let mut inner = vec![0u8; row_bytes];
    for (y, cells) in out.chunks_exact_mut(row_bytes * n).enumerate() {
        for (x, tile) in dungeon.tiles().row(y as u32).iter().enumerate() {
            let (top, rest, left) = match tile.kind() {
                TileKind::Room(i) => (colours[i], colours[i], colours[i]),
                TileKind::Path => (path, path, path),
                TileKind::Free if grid => (line, background, line),
                TileKind::Free => (background, background, background),
            };
            let span = x * n * 4..(x + 1) * n * 4;
            for (i, px) in first[span.clone()].chunks_exact_mut(4).enumerate() {
                px.copy_from_slice(if i == 0 { &left } else { &top });
            }
            for (i, px) in inner[span].chunks_exact_mut(4).enumerate() {
                px.copy_from_slice(if i == 0 { &left } else { &rest });
            }
        }
        for (i, row) in cells.chunks_exact_mut(row_bytes).enumerate() {
            row.copy_from_slice(if i == 0 { &first } else { &inner });
        }
    }
    Ok(Pixels {
        width,
        height,
        rgba: out,
    })
}
