//! A bit per cell of a grid, row by row, 64 cells to a word: what the bit-parallel floods
//! read 64 cells at a time.

use super::grid::{Grid, Pos};

/// A set of cells of a `width × height` grid, as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitGrid {
    width: u32,
    height: u32,
    words_per_row: usize,
    words: Vec<u64>,
}

impl BitGrid {
    /// No cell of a `width × height` grid.
    #[must_use]
    pub fn new(width: u32, height: u32) -> Self {
        let words_per_row = (width as usize).div_ceil(64);
        Self {
            width,
            height,
            words_per_row,
            words: vec![0; words_per_row * height as usize],
        }
    }

    /// The cells of `grid` whose value `pick` answers true for.
    #[must_use]
    pub fn of<T>(grid: &Grid<T>, pick: impl Fn(&T) -> bool) -> Self {
        let mut bits = Self::new(grid.width(), grid.height());
        for y in 0..grid.height() {
            for (x, value) in grid.row(y).iter().enumerate() {
                if pick(value) {
                    bits.words[y as usize * bits.words_per_row + x / 64] |= 1 << (x % 64);
                }
            }
        }
        bits
    }

    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `p` is in the set (never, off the grid).
    #[must_use]
    pub fn get(&self, p: Pos) -> bool {
        p.x < self.width
            && p.y < self.height
            && self.words[p.y as usize * self.words_per_row + p.x as usize / 64] & (1 << (p.x % 64))
                != 0
    }

    /// Put `p`, which must be on the grid, in the set.
    pub fn set(&mut self, p: Pos) {
        self.words[p.y as usize * self.words_per_row + p.x as usize / 64] |= 1 << (p.x % 64);
    }

    /// Take `p`, which must be on the grid, out of the set.
    pub fn unset(&mut self, p: Pos) {
        self.words[p.y as usize * self.words_per_row + p.x as usize / 64] &= !(1 << (p.x % 64));
    }

    /// The 64 bits of row `y` from column `start` on (columns off the grid read as not in
    /// the set).
    #[must_use]
    pub fn bits_at(&self, y: u32, start: i64) -> u64 {
        let row = &self.words[y as usize * self.words_per_row..][..self.words_per_row];
        let word = |i: i64| -> u64 {
            usize::try_from(i)
                .ok()
                .and_then(|i| row.get(i))
                .copied()
                .unwrap_or(0)
        };
        let (w, offset) = (start.div_euclid(64), start.rem_euclid(64) as u32);
        if offset == 0 {
            word(w)
        } else {
            (word(w) >> offset) | (word(w + 1) << (64 - offset))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_read_back_at_any_offset() {
        let grid = Grid::new(130, 3, 0u8);
        let mut bits = BitGrid::of(&grid, |&v| v == 1);
        for x in [0, 63, 64, 65, 129] {
            bits.set(Pos::new(x, 1));
        }
        assert!(bits.get(Pos::new(64, 1)) && !bits.get(Pos::new(64, 0)));
        assert!(!bits.get(Pos::new(200, 1)));
        assert_eq!(bits.bits_at(1, 63) & 0b111, 0b111);
        assert_eq!(bits.bits_at(1, -1), 0b10);
        assert_eq!(bits.bits_at(1, 129), 1);
    }
}
