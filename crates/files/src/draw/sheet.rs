//! Contact sheets: pictures of one size side by side in a grid, each under a label, to
//! compare layouts at a glance (`render --sheet 3x3`).

use std::fmt;
use std::str::FromStr;

use super::pixels::Pixels;
use super::{Error, MAX_SIDE};
use crate::text::quote;

/// Around and between the tiles.
const BACKGROUND: [u8; 4] = [0x1f, 0x1f, 0x21, 0xff];
const INK: [u8; 4] = [0xdd, 0xdd, 0xdd, 0xff];
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
    let (width, height) = layout.sheet();
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::TooLarge {
            width: width.into(),
            height: height.into(),
        });
    }
    let mut sheet = vec![BACKGROUND; width as usize * height as usize];
    let at = |x: u32, y: u32| y as usize * width as usize + x as usize;
    for (i, (pixels, label)) in (0..size.tiles()).zip(tiles) {
        let (x, y) = layout.tile_at(i);
        for (row, line) in pixels
            .rgba_pixels()
            .chunks(layout.tile.0 as usize)
            .enumerate()
        {
            let start = at(x, y + row as u32);
            sheet[start..start + line.len()].copy_from_slice(line);
        }
        let top = y - layout.label_height() + layout.gap() / 2;
        for (gx, gy) in label_pixels(label) {
            for (dx, dy) in
                (0..layout.scale).flat_map(|dx| (0..layout.scale).map(move |dy| (dx, dy)))
            {
                let (px, py) = (x + gx * layout.scale + dx, top + gy * layout.scale + dy);
                if px < x + layout.tile.0 {
                    sheet[at(px, py)] = INK;
                }
            }
        }
    }
    Pixels::from_rgba(width, height, sheet.into_iter().flatten().collect())
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
            assert_eq!(sheet.pixel(x + 1, label_top).map(|c| c.0), Some(INK[0]));
            assert_eq!(sheet.pixel(x, label_top).map(|c| c.0), Some(BACKGROUND[0]));
        }
        let (x, y) = layout.tile_at(3);
        assert_eq!(sheet.pixel(x, y).map(|c| c.0), Some(BACKGROUND[0]));
    }
}
