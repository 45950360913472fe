//! A bit per cell of a grid, row by row, 64 cells to a word: what the bit-parallel floods
//! read 64 cells at a time.

use super::grid::{Dir, Grid, Pos};

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
        let rows = bits.words.chunks_exact_mut(bits.words_per_row.max(1));
        for (y, words) in (0..grid.height()).zip(rows) {
            for (word, cells) in words
                .iter_mut()
                .zip(grid.row(y).unwrap_or_default().chunks(64))
            {
                // From the last cell down, each shifting in at the bottom: one shift and
                // one or a cell, where a shift by the cell's column takes more.
                *word = cells
                    .iter()
                    .rev()
                    .fold(0, |word, value| word << 1 | u64::from(pick(value)));
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

    /// The words of the set, row by row: `width.div_ceil(64)` words a row, the cell of
    /// column `x` in bit `x % 64` of its row's word `x / 64`.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
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

    /// The runs of cells in the set along row `y`, left to right, each as its first column
    /// and the column after its last. Panics when `y` is off the grid.
    pub fn runs(&self, y: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let row = &self.words[y as usize * self.words_per_row..][..self.words_per_row];
        // The first column from `x` on whose bit is `set`; the row's end when none is.
        let next = move |x: u32, set: bool| {
            let mut i = x as usize / 64;
            let flip = if set { 0 } else { !0 };
            let mut bits = row.get(i).map_or(0, |w| (w ^ flip) & (!0 << (x % 64)));
            while bits == 0 {
                i += 1;
                match row.get(i) {
                    Some(w) => bits = w ^ flip,
                    None => return self.width,
                }
            }
            (64 * i as u32 + bits.trailing_zeros()).min(self.width)
        };
        let mut x = 0;
        std::iter::from_fn(move || {
            let first = next(x, true);
            (first < self.width).then(|| {
                x = next(first, false);
                (first, x)
            })
        })
    }

    /// Every cell within `by` steps of a cell in the set, diagonals included: the square
    /// of side `2·by + 1` around each. Each row is widened, then the rows are merged, a
    /// word at a time.
    #[must_use]
    pub fn dilated(&self, by: u32) -> Self {
        if by == 0 {
            return self.clone();
        }
        let reach = i64::from(by);
        let wpr = self.words_per_row;
        // Bits past the last column stay out of the set.
        let last = match self.width % 64 {
            0 => !0,
            used => (1u64 << used) - 1,
        };
        let mut wide = Self::new(self.width, self.height);
        for y in 0..self.height {
            for i in 0..wpr {
                let start = 64 * i as i64;
                let bits = (-reach..=reach).fold(0, |w, k| w | self.bits_at(y, start + k));
                wide.words[y as usize * wpr + i] = if i + 1 == wpr { bits & last } else { bits };
            }
        }
        let mut out = Self::new(self.width, self.height);
        let rows = self.height as usize;
        for y in 0..rows {
            let (from, to) = (
                y.saturating_sub(by as usize),
                (y + by as usize).min(rows - 1),
            );
            for i in 0..wpr {
                out.words[y * wpr + i] = (from..=to).fold(0, |w, r| w | wide.words[r * wpr + i]);
            }
        }
        out
    }

    /// The cells in either set; `other` must be of the same size.
    #[must_use]
    pub fn union(&self, other: &BitGrid) -> Self {
        let mut out = self.clone();
        for (word, theirs) in out.words.iter_mut().zip(&other.words) {
            *word |= theirs;
        }
        out
    }

    /// Whether any of `cells` (on the grid) is in the set.
    pub fn any(&self, mut cells: impl Iterator<Item = Pos>) -> bool {
        cells.any(|p| self.get(p))
    }

    /// The same cells with rows and columns swapped: row `x` of the result holds column
    /// `x` of this grid.
    #[must_use]
    pub fn transposed(&self) -> Self {
        let mut out = Self::new(self.height, self.width);
        let mut block = [0u64; 64];
        for row_block in 0..self.height.div_ceil(64) as usize {
            for word in 0..self.words_per_row {
                for (i, slot) in block.iter_mut().enumerate() {
                    let y = row_block * 64 + i;
                    *slot = self
                        .words
                        .get(y * self.words_per_row + word)
                        .filter(|_| y < self.height as usize)
                        .copied()
                        .unwrap_or(0);
                }
                transpose_block(&mut block);
                for (i, &bits) in block.iter().enumerate() {
                    let x = word * 64 + i;
                    if x < self.width as usize {
                        out.words[x * out.words_per_row + row_block] = bits;
                    }
                }
            }
        }
        out
    }
}

/// A set of cells as bits both row by row and column by column, so that a flood can sweep
/// along either.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BothWays {
    rows: BitGrid,
    columns: BitGrid,
}

impl BothWays {
    /// No cell of a `width × height` grid.
    #[must_use]
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            rows: BitGrid::new(width, height),
            columns: BitGrid::new(height, width),
        }
    }

    /// The cells of `rows`.
    #[must_use]
    pub fn of(rows: BitGrid) -> Self {
        Self {
            columns: rows.transposed(),
            rows,
        }
    }

    #[must_use]
    pub fn width(&self) -> u32 {
        self.rows.width
    }

    #[must_use]
    pub fn height(&self) -> u32 {
        self.rows.height
    }

    /// Whether `p` is in the set (never, off the grid).
    #[must_use]
    pub fn get(&self, p: Pos) -> bool {
        self.rows.get(p)
    }

    /// Put `p`, which must be on the grid, in the set.
    pub fn set(&mut self, p: Pos) {
        self.rows.set(p);
        self.columns.set(Pos::new(p.y, p.x));
    }

    /// Take `p`, which must be on the grid, out of the set.
    pub fn unset(&mut self, p: Pos) {
        self.rows.unset(p);
        self.columns.unset(Pos::new(p.y, p.x));
    }

    /// The cells row by row or, `transposed`, column by column (as rows).
    #[must_use]
    pub fn lines(&self, transposed: bool) -> &BitGrid {
        if transposed {
            &self.columns
        } else {
            &self.rows
        }
    }
}

/// The cells one step from the cells in `words` (a grid of bits, row by row, `wpr` words
/// to a row) that land in word `i`, by the way the step goes (indexed by `Dir`): a step
/// right reaches the cell right of a set cell, a step down the cell below one. Steps off
/// the grid's sides reach nothing; bits past a row's last column are the caller's to
/// mask. Panics when `i` is not a word of `words`.
#[must_use]
pub fn reached_by_steps(words: &[u64], wpr: usize, i: usize) -> [u64; 4] {
    let (here, word) = (words[i], i % wpr);
    let mut reached = [0; 4];
    reached[Dir::Right as usize] = here << 1 | if word > 0 { words[i - 1] >> 63 } else { 0 };
    reached[Dir::Left as usize] = here >> 1
        | if word + 1 < wpr {
            words[i + 1] << 63
        } else {
            0
        };
    reached[Dir::Down as usize] = i.checked_sub(wpr).map_or(0, |above| words[above]);
    reached[Dir::Up as usize] = words.get(i + wpr).copied().unwrap_or(0);
    reached
}

/// Swap the rows and columns of a 64 × 64 block of bits (row `i` is word `i`, column `j`
/// bit `j`): halves, then quarters, down to single bits.
fn transpose_block(block: &mut [u64; 64]) {
    let mut half = 32;
    let mut low: u64 = 0x0000_0000_ffff_ffff;
    while half != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((block[k] >> half) ^ block[k + half]) & low;
            block[k] ^= t << half;
            block[k + half] ^= t;
            k = (k + half + 1) & !half;
        }
        half >>= 1;
        low ^= low << half;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::grid::step_within;

    #[test]
    fn dilating_sets_every_cell_within_reach_of_one_in_the_set_and_no_other() {
        for (width, height) in [(1, 1), (7, 5), (64, 9), (65, 3), (130, 20)] {
            let mut bits = BitGrid::new(width, height);
            let set = [(0, 0), (width - 1, height / 2), (width / 2, height - 1)];
            for &(x, y) in &set {
                bits.set(Pos::new(x, y));
            }
            for by in [0, 1, 3, 8] {
                let wide = bits.dilated(by);
                for y in 0..height {
                    for x in 0..width {
                        let near = set
                            .iter()
                            .any(|&(a, b)| a.abs_diff(x).max(b.abs_diff(y)) <= by);
                        assert_eq!(wide.get(Pos::new(x, y)), near, "{width}×{height} by {by}");
                    }
                }
                // Nothing past the last column.
                let count: u32 = wide.words.iter().map(|w| w.count_ones()).sum();
                let inside = (0..height)
                    .flat_map(|y| (0..width).map(move |x| Pos::new(x, y)))
                    .filter(|&p| wide.get(p))
                    .count() as u32;
                assert_eq!(count, inside);
            }
        }
    }

    #[test]
    fn runs_are_the_rows_stretches_of_set_cells() {
        // Widths round a word's 64 cells; each row's cells set at random, by stretches.
        let mut seed = 7u64;
        let mut coin = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 62 != 0
        };
        for width in [1, 5, 63, 64, 65, 128, 130, 200] {
            let mut bits = BitGrid::new(width, 6);
            let mut expected = vec![Vec::new(); 6];
            for (y, runs) in expected.iter_mut().enumerate() {
                let y = y as u32;
                // Row 0 empty, row 1 full, the rest at random.
                let mut start = None;
                for x in 0..=width {
                    let set = x < width && y != 0 && (y == 1 || coin());
                    if set {
                        bits.set(Pos::new(x, y));
                        start = start.or(Some(x));
                    } else if let Some(first) = start.take() {
                        runs.push((first, x));
                    }
                }
            }
            for (y, runs) in expected.iter().enumerate() {
                let found: Vec<_> = bits.runs(y as u32).collect();
                assert_eq!(&found, runs, "width {width}, row {y}");
            }
        }
    }

    #[test]
    fn steps_reach_the_neighbours_of_set_cells() {
        // Three rows of 130 columns, three words to a row, with cells set at the words'
        // edges and the grid's.
        let (width, height, wpr) = (130u32, 3u32, 3usize);
        let set = [(0, 0), (63, 0), (64, 1), (129, 1), (127, 2), (5, 2)];
        let mut words = vec![0u64; wpr * height as usize];
        for &(x, y) in &set {
            words[y * wpr + x / 64] |= 1 << (x % 64);
        }
        for d in Dir::ALL {
            let mut expected = vec![0u64; words.len()];
            for &(x, y) in &set {
                if let Some(p) = step_within(width, height, Pos::new(x as u32, y as u32), d) {
                    expected[p.y as usize * wpr + p.x as usize / 64] |= 1 << (p.x % 64);
                }
            }
            // Past the last column is the caller's to mask.
            let on_grid = |i: usize| if i % wpr == 2 { 0b11 } else { !0 };
            let reached: Vec<u64> = (0..words.len())
                .map(|i| reached_by_steps(&words, wpr, i)[d as usize] & on_grid(i))
                .collect();
            assert_eq!(reached, expected, "{d:?}");
        }
    }

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

    #[test]
    fn transposed_swaps_rows_and_columns() {
        // Sizes that end inside a block of 64 and on its edge, with a scatter of cells.
        for (w, h) in [(130, 70), (64, 128), (5, 3)] {
            let grid = Grid::new(w, h, 0u8);
            let mut bits = BitGrid::of(&grid, |&v| v == 1);
            let picked = |x: u32, y: u32| (x * 7 + y * 13).is_multiple_of(5) || x == y;
            for y in 0..h {
                for x in (0..w).filter(|&x| picked(x, y)) {
                    bits.set(Pos::new(x, y));
                }
            }
            let t = bits.transposed();
            assert_eq!((t.width(), t.height()), (h, w));
            assert_eq!(BothWays::new(w, h), BothWays::of(BitGrid::new(w, h)));
            for y in 0..h {
                for x in 0..w {
                    let want = picked(x, y);
                    assert_eq!(t.get(Pos::new(y, x)), want, "{w}×{h}: cell ({x}, {y})");
                }
            }
            assert_eq!(t.transposed(), bits, "{w}×{h}: twice is the same");
        }
    }
}
