//! Pictures as pixels: an opaque RGBA image, and resampling one to another size.

use dungeon_generator::Rgb;
use dungeon_generator::{Grid, Pos};

use super::Error;

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
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Self, Error> {
        if !rgba.len().is_multiple_of(4) {
            return Err(dungeon_generator::GridError::CellCount {
                width,
                height,
                expected: width as usize * height as usize,
                got: rgba.len() / 4,
            }
            .into());
        }
        let pixels = rgba
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        Self::from_pixels(width, height, pixels)
    }

    /// An image from its RGBA pixels, top row first.
    ///
    /// # Errors
    /// When `pixels` does not hold `width × height` of them.
    pub fn from_pixels(width: u32, height: u32, pixels: Vec<[u8; 4]>) -> Result<Self, Error> {
        Ok(Self {
            grid: Grid::from_cells(width, height, pixels)?,
        })
    }

    #[must_use]
    /// Pixels across.
    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    #[must_use]
    /// Pixels down.
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

    /// A picture of the pixels at `columns` × `rows` of this one (each an index of a
    /// column or row, as [`nearest`] gives), which must lie inside it.
    #[must_use]
    pub fn pick(&self, columns: &[usize], rows: &[usize]) -> Pixels {
        let width = self.width() as usize;
        let pixels = rows
            .iter()
            .flat_map(|&y| columns.iter().map(move |&x| y * width + x))
            .map(|i| self.rgba_pixels()[i])
            .collect();
        Pixels {
            grid: Grid::from_cells(columns.len() as u32, rows.len() as u32, pixels)
                .unwrap_or_else(|e| unreachable!("{e}: one pixel for each column and row")),
        }
    }

    /// The colour at pixel (x, y); `None` outside the image.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        let [r, g, b, _] = *self.grid.get(Pos::new(x, y))?;
        Some(Rgb(r, g, b))
    }
}

/// For each of `to` pixels along one side of a picture of cells, the pixel of a picture of
/// `from` pixels a cell it takes its colour from: the nearest pixel of the same cell, so
/// that cells keep their edges whether a picture is scaled up or down.
#[must_use]
pub fn nearest(from: u32, to: u32, pixels: u32) -> Vec<usize> {
    (0..pixels)
        .map(|p| (p / to * from + p % to * from / to) as usize)
        .collect()
}
