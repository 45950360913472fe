//! Sheets: pictures of one size side by side in a grid, each under a label: contact sheets
//! to compare layouts at a glance (`render --sheet 3x3`), and the levels of a dungeon of
//! several on one page to print. A sheet is drawn a band of pixel rows at a time, from its
//! tiles' own bands, so that one of pictures drawn as they are written needs memory for a
//! band of each of a row of tiles.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use super::pixels::Pixels;
use super::{Error, MAX_SIDE};
use crate::text::quote;

/// The colours of a sheet: around and between its tiles, and its labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paper {
    /// Around and between the tiles.
    pub background: [u8; 4],
    /// The labels.
    pub ink: [u8; 4],
}

/// A contact sheet's: dark grey, with light labels.
const CONTACT: Paper = Paper {
    background: [0x1f, 0x1f, 0x21, 0xff],
    ink: [0xdd, 0xdd, 0xdd, 0xff],
};
/// The most tiles a side.
pub const MOST_A_SIDE: u32 = 16;

/// How many tiles across and down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetSize {
    /// Tiles across.
    pub columns: u32,
    /// Tiles down.
    pub rows: u32,
}

impl SheetSize {
    /// Tiles in all.
    #[must_use]
    pub fn tiles(self) -> u32 {
        self.columns * self.rows
    }
}

impl FromStr for SheetSize {
    type Err = Error;

    /// `3x3`, `4x2`: columns, then rows, each 1 to [`MOST_A_SIDE`].
    ///
    /// # Errors
    /// Anything else, with what a size looks like.
    fn from_str(text: &str) -> Result<Self, Error> {
        let side = |n: &str| {
            n.trim()
                .parse()
                .ok()
                .filter(|n| (1..=MOST_A_SIDE).contains(n))
        };
        text.split_once(['x', 'X', '×'])
            .and_then(|(c, r)| Some((side(c)?, side(r)?)))
            .map(|(columns, rows)| SheetSize { columns, rows })
            .ok_or_else(|| Error::SheetSize(quote(text)))
    }
}

impl fmt::Display for SheetSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.columns, self.rows)
    }
}

/// Where things go on a sheet of tiles `tile` pixels big.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Tiles across and down.
    pub size: SheetSize,
    /// A tile's width and height in pixels.
    pub tile: (u32, u32),
    /// Pixels a label's font pixel takes.
    scale: u32,
}

impl Layout {
    /// The layout of `size` tiles of `tile` pixels each, with room for their labels.
    #[must_use]
    pub fn new(size: SheetSize, tile: (u32, u32)) -> Self {
        Self {
            size,
            tile,
            scale: (tile.0 / 160).clamp(1, 4),
        }
    }

    fn gap(&self) -> u32 {
        4 * self.scale
    }

    fn label_height(&self) -> u32 {
        GLYPH_ROWS * self.scale + self.gap()
    }

    /// The sheet's width and height in pixels.
    #[must_use]
    pub fn sheet(&self) -> (u32, u32) {
        let gap = self.gap();
        (
            self.size.columns * (self.tile.0 + gap) + gap,
            self.size.rows * (self.label_height() + self.tile.1 + gap) + gap,
        )
    }

    /// The top-left pixel of tile `i` (left to right, then top to bottom).
    #[must_use]
    pub fn tile_at(&self, i: u32) -> (u32, u32) {
        let (column, row) = (i % self.size.columns, i / self.size.columns);
        let gap = self.gap();
        (
            gap + column * (self.tile.0 + gap),
            gap + row * (self.label_height() + self.tile.1 + gap) + self.label_height(),
        )
    }

    /// The sheet's size in pixels, refused when more than [`MAX_SIDE`] a side.
    ///
    /// # Errors
    /// [`Error::TooLarge`].
    pub fn checked_sheet(&self) -> Result<(u32, u32), Error> {
        let (width, height) = self.sheet();
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(Error::TooLarge {
                width: width.into(),
                height: height.into(),
            });
        }
        Ok((width, height))
    }

    /// The squares of ink of tile `i`'s label `text`, as (x, y, side) in the sheet's
    /// pixels: its font's pixels scaled, those past the tile's right edge left out.
    pub fn label_squares(&self, i: u32, text: &str) -> impl Iterator<Item = (u32, u32, u32)> {
        let (x, y) = self.tile_at(i);
        let top = y - self.label_height() + self.gap() / 2;
        let (scale, right) = (self.scale, x + self.tile.0);
        label_pixels(text)
            .map(move |(gx, gy)| (x + gx * scale, top + gy * scale, scale))
            .filter(move |&(px, _, _)| px < right)
    }

    /// Hand `band` the sheet's pixels in `paper`, a band of whole rows at a time, top
    /// first: its tiles in the layout's places, each under its label (`labels[i]` for tile
    /// `i`). The tiles of a row of the sheet are asked for when it is reached, `tile(i)`
    /// for each of the `count` there are (at most the layout's), and then asked for their
    /// bands of pixel rows in turn ([`TileBands`]) until they have none; places without a
    /// tile stay empty. Stops at the first error `band` returns.
    ///
    /// # Errors
    /// The first error of `band`.
    pub(crate) fn for_each_band<T: TileBands, E>(
        &self,
        paper: Paper,
        (count, labels): (u32, &[String]),
        mut tile: impl FnMut(u32) -> T,
        mut band: impl FnMut(&[[u8; 4]]) -> Result<(), E>,
    ) -> Result<(), E> {
        let width = self.sheet().0 as usize;
        let count = count.min(self.size.tiles());
        let blank = |rows: u32| vec![paper.background; rows as usize * width];
        band(&blank(self.gap()))?;
        let mut pixels = Vec::new();
        for row in 0..self.size.rows {
            let first = row * self.size.columns;
            let places = first..(first + self.size.columns).min(count);
            let label_top = self.tile_at(first).1 - self.label_height();
            let mut label = blank(self.label_height());
            for i in places.clone() {
                let text = labels.get(i as usize).map_or("", String::as_str);
                for (x, y, side) in self.label_squares(i, text) {
                    for dy in 0..side {
                        let at = (y - label_top + dy) as usize * width + x as usize;
                        label[at..at + side as usize].fill(paper.ink);
                    }
                }
            }
            band(&label)?;
            let mut tiles: Vec<(usize, T)> = places
                .map(|i| (self.tile_at(i).0 as usize, tile(i)))
                .collect();
            loop {
                let mut rows = 0;
                for (x, tile) in &mut tiles {
                    let Some(tile_band) = tile.next_band() else {
                        continue;
                    };
                    let high = tile_band.len() / self.tile.0 as usize;
                    if rows == 0 {
                        rows = high;
                        pixels.clear();
                        pixels.resize(rows * width, paper.background);
                    }
                    for (line, from) in
                        (0..rows.min(high)).zip(tile_band.chunks(self.tile.0 as usize))
                    {
                        let at = line * width + *x;
                        pixels[at..at + from.len()].copy_from_slice(from);
                    }
                }
                if rows == 0 {
                    break;
                }
                band(&pixels)?;
            }
            band(&blank(self.gap()))?;
        }
        Ok(())
    }
}

/// A tile's pixels, handed to a sheet a band of whole rows at a time, top first; the tiles
/// of a row of a sheet hand over bands of the same heights.
pub(crate) trait TileBands {
    /// The next band of rows, `None` past the last.
    fn next_band(&mut self) -> Option<&[[u8; 4]]>;
}

/// A picture held whole, handed over 16 rows at a time.
struct Held<'p> {
    pixels: &'p [[u8; 4]],
    band: usize,
}

impl TileBands for Held<'_> {
    fn next_band(&mut self) -> Option<&[[u8; 4]]> {
        if self.pixels.is_empty() {
            return None;
        }
        let (band, rest) = self.pixels.split_at(self.band.min(self.pixels.len()));
        self.pixels = rest;
        Some(band)
    }
}

/// The tiles, each with its label above it, in a sheet of `size`: left to right, then top
/// to bottom. Tiles beyond the sheet are left out; places without a tile stay empty.
///
/// # Errors
/// When there are no tiles, they are not all one size or the sheet would be more than
/// [`MAX_SIDE`] pixels a side.
pub fn contact_sheet(size: SheetSize, tiles: &[(Pixels, String)]) -> Result<Pixels, Error> {
    let Some((first, _)) = tiles.first() else {
        return Err(Error::SheetTiles);
    };
    let layout = Layout::new(size, (first.width(), first.height()));
    if tiles
        .iter()
        .any(|(p, _)| (p.width(), p.height()) != layout.tile)
    {
        return Err(Error::SheetTiles);
    }
    let (width, height) = layout.checked_sheet()?;
    let labels: Vec<String> = tiles.iter().map(|(_, label)| label.clone()).collect();
    let mut sheet = Vec::with_capacity(width as usize * height as usize * 4);
    let count = u32::try_from(tiles.len()).unwrap_or(u32::MAX);
    let held = |i: u32| Held {
        pixels: tiles[i as usize].0.rgba_pixels(),
        band: 16 * layout.tile.0 as usize,
    };
    let Ok(()) = layout.for_each_band(CONTACT, (count, &labels), held, |band| {
        sheet.extend(band.iter().flatten());
        Ok::<(), Infallible>(())
    });
    Pixels::from_rgba(width, height, sheet)
}

/// Rows of a glyph.
const GLYPH_ROWS: u32 = 5;

/// The font pixels `(x, y)` of `text` in a 3×5 font with a column between letters;
/// characters it lacks are left blank.
fn label_pixels(text: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    text.chars().enumerate().flat_map(|(i, c)| {
        let rows = glyph(c);
        (0..GLYPH_ROWS).flat_map(move |y| {
            (0..3).filter_map(move |x| {
                (rows[y as usize] & (0b100 >> x) != 0).then_some((i as u32 * 4 + x, y))
            })
        })
    })
}

/// A character's five rows of three bits, the leftmost bit first.
fn glyph(c: char) -> [u8; 5] {
    match c {
        '0' => [0b111, 0b101, 0b101, 0b101, 0b111],
        '1' => [0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => [0b111, 0b001, 0b111, 0b100, 0b111],
        '3' => [0b111, 0b001, 0b111, 0b001, 0b111],
        '4' => [0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => [0b111, 0b100, 0b111, 0b001, 0b111],
        '6' => [0b111, 0b100, 0b111, 0b101, 0b111],
        '7' => [0b111, 0b001, 0b001, 0b001, 0b001],
        '8' => [0b111, 0b101, 0b111, 0b101, 0b111],
        '9' => [0b111, 0b101, 0b111, 0b001, 0b111],
        's' => [0b011, 0b100, 0b010, 0b001, 0b110],
        'e' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'd' => [0b110, 0b101, 0b101, 0b101, 0b110],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'L' => [0b100, 0b100, 0b100, 0b100, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        _ => [0; 5],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_columns_by_rows() {
        assert_eq!(
            "4x2".parse::<SheetSize>(),
            Ok(SheetSize {
                columns: 4,
                rows: 2
            })
        );
        for bad in ["3", "0x3", "3x17", "axb", ""] {
            assert!(
                bad.parse::<SheetSize>()
                    .unwrap_err()
                    .to_string()
                    .contains("3x3"),
                "{bad}"
            );
        }
    }

    #[test]
    fn tiles_sit_apart_and_labels_are_drawn_above_them() {
        let size = SheetSize {
            columns: 2,
            rows: 2,
        };
        let tile = |v: u8| Pixels::from_rgba(10, 8, vec![v; 10 * 8 * 4]).unwrap();
        let tiles: Vec<_> = (1..=3)
            .map(|v| (tile(v * 50), format!("seed {v}")))
            .collect();
        let sheet = contact_sheet(size, &tiles).unwrap();
        let layout = Layout::new(size, (10, 8));
        assert_eq!((sheet.width(), sheet.height()), layout.sheet());
        for (i, v) in (0..3).zip([50, 100, 150]) {
            let (x, y) = layout.tile_at(i);
            assert_eq!(sheet.pixel(x, y).map(|c| c.0), Some(v));
            assert_eq!(sheet.pixel(x + 9, y + 7).map(|c| c.0), Some(v));
            assert_ne!(sheet.pixel(x + 10, y).map(|c| c.0), Some(v));
            // The label's first letter, an `s`, starts one font pixel in on its top row.
            let label_top = y - layout.label_height() + layout.gap() / 2;
            assert_eq!(
                sheet.pixel(x + 1, label_top).map(|c| c.0),
                Some(CONTACT.ink[0])
            );
            assert_eq!(
                sheet.pixel(x, label_top).map(|c| c.0),
                Some(CONTACT.background[0])
            );
        }
        let (x, y) = layout.tile_at(3);
        assert_eq!(sheet.pixel(x, y).map(|c| c.0), Some(CONTACT.background[0]));
    }
}
