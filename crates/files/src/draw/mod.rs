//! Drawing maps as pixels: the one rasterizer the window and every picture file share
//! ([`raster`]), how it draws ([`style`]), the look options it draws and their table
//! ([`look`]), the hand-inked look's vector shapes ([`hatched`], drawn by [`vector`]), the
//! pixels it makes ([`pixels`]), the stairs every look draws ([`stairs`]) and sheets of
//! many maps side by side ([`sheet`]).

pub mod hatched;
pub mod look;
pub mod numbers;
pub mod pixels;
pub mod raster;
pub mod sheet;
pub mod stairs;
pub mod style;
pub mod vector;

use std::ops::RangeInclusive;

/// The longest side of a picture, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// What keeps a picture from being drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A cell size out of the range a picture takes.
    #[error("cell size {size} is out of range: allowed {least} to {most} pixels")]
    CellSize {
        /// The size asked for.
        size: u32,
        /// The least allowed.
        least: u32,
        /// The most allowed.
        most: u32,
    },
    /// A picture over [`MAX_SIDE`] pixels a side.
    #[error(
        "a {width}×{height} pixel image is too large: at most {MAX_SIDE} pixels a side; use a \
         smaller cell size"
    )]
    TooLarge {
        /// Its width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
    },
    /// A picture of more pixels than the work holds in memory at once.
    #[error(
        "a {width}×{height}-pixel {what} is too big: at most {most} pixels; use a cell size of \
         {fits} or less"
    )]
    TooManyPixels {
        /// What the picture is (a sheet, a tabletop picture).
        what: &'static str,
        /// Its width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
        /// The most pixels allowed.
        most: u64,
        /// The largest cell size that fits.
        fits: u32,
    },
    /// Bytes or cells that do not make a whole picture.
    #[error("the pixels do not make a whole picture: {0}")]
    NotWhole(#[from] dungeon_generator::GridError),
    /// A sheet's size that is not `COLUMNSxROWS`.
    #[error(
        "a sheet is COLUMNSxROWS, each 1 to {most}, such as 3x3; not `{0}`",
        most = sheet::MOST_A_SIDE
    )]
    SheetSize(String),
    /// A contact sheet without a picture, or of pictures of several sizes.
    #[error("a sheet needs pictures, all of one size")]
    SheetTiles,
}

/// The size in pixels of a `cells_wide × cells_high` map at `cell_size` pixels a cell,
/// which must lie in `allowed`.
///
/// # Errors
/// A cell size out of `allowed`, or a picture over [`MAX_SIDE`] pixels a side.
pub fn picture_size(
    cells_wide: u32,
    cells_high: u32,
    cell_size: u32,
    allowed: &RangeInclusive<u32>,
) -> Result<(u32, u32), Error> {
    if !allowed.contains(&cell_size) {
        return Err(Error::CellSize {
            size: cell_size,
            least: *allowed.start(),
            most: *allowed.end(),
        });
    }
    let (width, height) = (
        u64::from(cells_wide) * u64::from(cell_size),
        u64::from(cells_high) * u64::from(cell_size),
    );
    if width > u64::from(MAX_SIDE) || height > u64::from(MAX_SIDE) {
        return Err(Error::TooLarge { width, height });
    }
    Ok((width as u32, height as u32))
}

/// The largest cell size, at least 1, at which a `cells_wide × cells_high` map stays within
/// [`MAX_SIDE`] pixels a side and `most_pixels` pixels in all.
#[must_use]
pub fn largest_cell(cells_wide: u32, cells_high: u32, most_pixels: u64) -> u32 {
    let side = cells_wide.max(cells_high).max(1);
    let by_side = MAX_SIDE / side;
    let cells = f64::from(cells_wide.max(1)) * f64::from(cells_high.max(1));
    let by_area = (most_pixels as f64 / cells).sqrt().floor() as u32;
    by_side.min(by_area).max(1)
}

/// Check that `what`, a `width × height`-pixel picture of a `cells_wide × cells_high` map,
/// holds at most `most_pixels` pixels.
///
/// # Errors
/// [`Error::TooManyPixels`], saying which cell size fits.
pub fn within_pixels(
    what: &'static str,
    (width, height): (u32, u32),
    (cells_wide, cells_high): (u32, u32),
    most_pixels: u64,
) -> Result<(), Error> {
    if u64::from(width) * u64::from(height) > most_pixels {
        return Err(Error::TooManyPixels {
            what,
            width: width.into(),
            height: height.into(),
            most: most_pixels,
            fits: largest_cell(cells_wide, cells_high, most_pixels),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_cell_fits_both_bounds() {
        assert_eq!(largest_cell(64, 56, u64::MAX), 256);
        assert_eq!(largest_cell(2048, 100, u64::MAX), 8);
        assert_eq!(largest_cell(1024, 1024, 4096 * 4096), 4);
        assert_eq!(largest_cell(2048, 2048, 10), 1);
        for n in [1, 5, 64, 300] {
            let c = largest_cell(n, n + 7, 1 << 24);
            assert!(u64::from(n * c) * u64::from((n + 7) * c) <= 1 << 24);
        }
    }
}
