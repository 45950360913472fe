//! What a series costs, said before it starts: how many files, the most bytes they take,
//! and about how long they take to make, from its pictures' sizes and count alone (no map
//! is made); and the bounds a series keeps within unless told otherwise.
//!
//! The bytes are a bound the series keeps (a file that would pass it is not put in place):
//! a PNG's image data is rows of pixels filtered with `Sub` and deflated by `fdeflate`,
//! which codes runs of zeros and single bytes only, so its size follows the colour changes
//! along each row of pixels: at most two a cell (into a grid line and out of it), which
//! cost at most 10 bytes, and never more than the row stored as it is. A picture in the
//! hatched look has no such runs (strokes at every angle, anti-aliased edges): its rows
//! are bounded by the row stored as it is (or, for a picture drawn once and compressed as
//! it comes, the most `fdeflate` makes of it: 12 bits a byte), and its frames by the most
//! LZW can take. A GIF's frame is bounded likewise. The seconds are an estimate, fitted to
//! release builds on a shared 2-core machine (`render` of the series in
//! `assets/doc/PERFORMANCE.md`); the hatched look's, measured from a map of the series
//! (see [`crate::draw::hatched::cost`]).

use std::fmt;

pub use crate::text::Bytes;
use crate::text::Seconds;

use crate::draw::vector::render::KEEP_MOST;
use crate::formats::png::IDAT_CHUNK_BYTES;
use dungeon_generator::Recipe;

/// The most bytes a series writes, unless told otherwise.
pub const BYTES_MOST: u64 = 4_000_000_000;
/// The most seconds of work a series may be estimated at, unless told otherwise.
pub const SECONDS_MOST: f64 = 120.0;

/// Bytes of a PNG's image data, at most, for each cell a row of pixels crosses (measured:
/// 5 to 8 with grid lines, about 1 without).
const PNG_BYTES_PER_CELL_ROW: u64 = 10;
/// Bytes of a GIF frame's image data, at most, for each cell a row of pixels crosses
/// (measured: 0.1 to 0.4 for a whole map; a replay's later frames hold only what changed).
const GIF_BYTES_PER_CELL_ROW: u64 = 1;
/// Bytes of a file besides its rows and text chunks: signature, header, palette, end.
const FILE_BYTES: u64 = 2048;
/// Nanoseconds to draw and write a pixel, as a busy 2-core machine takes them: to a PNG
/// (measured: 7 of CPU, 12 of wall time), to a GIF (15 and 31), to a contact sheet's tile.
const PNG_NANOS: f64 = 12.0;
const GIF_NANOS: f64 = 40.0;
const TILE_NANOS: f64 = 10.0;
/// How many times the CPU time measured the hatched look's estimate is taken to be (see
/// [`crate::draw::hatched::cost`]): midway for machines up to twice as slow, so that the
/// estimate stays within a factor of two of what the series takes.
pub(super) const INKED_MARGIN: f64 = 1.5;
/// The bytes a stored deflate block holds, and what each costs besides.
const STORED_BLOCK: u64 = 65_535;
const STORED_BLOCK_BYTES: u64 = 5;
/// Nanoseconds of generation for each cell of a map, besides the estimate of its paths'
/// cost (see [`Recipe::seconds`]): W4 with `connect=nearest` takes 236.
const GENERATION_NANOS: f64 = 250.0;

/// What a series costs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The files it writes.
    pub files: u64,
    /// The most bytes they take: the series stops rather than write more.
    pub bytes: u64,
    /// About how many seconds it takes.
    pub seconds: f64,
}

/// How a series' pictures are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Written {
    /// Each a PNG of its own.
    Png,
    /// Frames of one GIF.
    Gif,
    /// Tiles of one contact sheet, drawn but not written.
    Tile,
}

impl Estimate {
    /// Add the making of `recipe`'s map: each of its levels, at most.
    pub(super) fn map(&mut self, recipe: &Recipe) {
        let cells = f64::from(recipe.width) * f64::from(recipe.height) * f64::from(recipe.levels);
        self.seconds += recipe.seconds() + cells * GENERATION_NANOS * 1e-9;
    }

    /// Add a picture of `(width, height)` pixels, `cells_wide` cells across, written as
    /// `how`; `inked` when it is in the hatched look, not squares of cells, with the
    /// seconds its shapes take to draw, and drawn once however small when `once` (a sheet
    /// of levels); with text chunks of at most `texts` bytes in a PNG (its recipe).
    pub(super) fn picture(
        &mut self,
        (width, height): (u32, u32),
        (cells_wide, once): (u32, bool),
        how: Written,
        inked: Option<f64>,
        texts: u64,
    ) {
        let pixels = f64::from(width) * f64::from(height);
        self.seconds += inked.unwrap_or_default();
        let rows = u64::from(height);
        let row = |per_cell: u64, most: u64| {
            if inked.is_some() {
                most
            } else {
                (u64::from(cells_wide) * per_cell).min(most)
            }
        };
        match how {
            Written::Png => {
                self.files += 1;
                let stored = 3 * u64::from(width) + 1;
                let data = if inked.is_some() && (once || pixels > KEEP_MOST as f64) {
                    // Drawn once, compressed as it comes, in chunks of a MiB.
                    let data = rows * stored * 3 / 2 + 64;
                    data + data.div_ceil(IDAT_CHUNK_BYTES as u64) * 12
                } else {
                    let data = rows * (1 + row(PNG_BYTES_PER_CELL_ROW, stored));
                    data + data.div_ceil(STORED_BLOCK) * STORED_BLOCK_BYTES
                };
                self.bytes += FILE_BYTES + texts + data;
                self.seconds += pixels * PNG_NANOS * 1e-9;
            }
            Written::Gif => {
                // LZW codes are at most 12 bits a pixel.
                let coded = u64::from(width) * 3 / 2 + 1;
                self.bytes += FILE_BYTES + rows * row(GIF_BYTES_PER_CELL_ROW, coded);
                self.seconds += pixels * GIF_NANOS * 1e-9;
            }
            Written::Tile => self.seconds += pixels * TILE_NANOS * 1e-9,
        }
    }

    /// The first bound this estimate passes, with `free` bytes on the disk it goes to.
    #[must_use]
    pub fn over(&self, free: Option<u64>) -> Option<Over> {
        if self.bytes > BYTES_MOST {
            Some(Over::Bytes(BYTES_MOST))
        } else if let Some(free) = free.filter(|&free| self.bytes > free) {
            Some(Over::Disk(free))
        } else if self.seconds > SECONDS_MOST {
            Some(Over::Time(SECONDS_MOST))
        } else {
            None
        }
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files = if self.files == 1 {
            "1 file".to_string()
        } else {
            format!("{} files", self.files)
        };
        write!(
            f,
            "{files} of up to {} in all, made in about {}",
            Bytes(self.bytes),
            Seconds(self.seconds)
        )
    }
}

/// A bound a series would pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Over {
    /// The most bytes a series writes.
    Bytes(u64),
    /// The bytes free on the disk it goes to.
    Disk(u64),
    /// The most seconds a series may take.
    Time(f64),
}

impl fmt::Display for Over {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Over::Bytes(most) => write!(f, "more than the {} a series may write", Bytes(most)),
            Over::Disk(free) => write!(f, "more than the {} free on its disk", Bytes(free)),
            Over::Time(most) => write!(f, "longer than the {} a series may take", Seconds(most)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bound_passed_is_said() {
        let small = Estimate {
            files: 3,
            bytes: 1_000_000,
            seconds: 2.0,
        };
        assert_eq!(small.over(Some(10_000_000)), None);
        assert_eq!(small.over(Some(10)), Some(Over::Disk(10)));
        let huge = Estimate {
            bytes: BYTES_MOST + 1,
            ..small
        };
        assert_eq!(huge.over(None), Some(Over::Bytes(BYTES_MOST)));
        let long = Estimate {
            seconds: SECONDS_MOST + 1.0,
            ..small
        };
        assert_eq!(long.over(None), Some(Over::Time(SECONDS_MOST)));
    }
}
