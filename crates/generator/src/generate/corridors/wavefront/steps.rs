//! The step cursor: the cells one step one way from the cells of an earlier layer, fed row
//! by row into a pass of a sweep.

use crate::base::grid::Dir;

use super::layer::Entry;

/// The cells one step `WAY` from the cells of an earlier layer (or, `STAY`, the cells
/// themselves), fed row by row into a pass of a sweep: a cursor over the layer's cells,
/// which are sorted by row, read from the first row down or, `BACK`, from the last row up.
/// `WAY` is a constant so that the sweep's loop is built for each.
pub(super) struct Steps<'a, const WAY: u8, const BACK: bool = false> {
    /// The cells not yet read.
    rest: &'a [Entry],
}

pub(super) const LEFT: u8 = 0;
pub(super) const RIGHT: u8 = 1;
pub(super) const UP: u8 = 2;
pub(super) const DOWN: u8 = 3;
/// No step: start cells, fed into the layer they start in.
pub(super) const STAY: u8 = 4;

impl<'a, const WAY: u8, const BACK: bool> Steps<'a, WAY, BACK> {
    pub(super) fn new(cells: &'a [Entry]) -> Self {
        Self { rest: cells }
    }

    /// The next cell to read, and the cells after it.
    #[inline(always)]
    fn next(&self) -> Option<(&'a Entry, &'a [Entry])> {
        if BACK {
            self.rest.split_last()
        } else {
            self.rest.split_first()
        }
    }

    /// The row a step from a cell of row `row` reaches; `None` above the window.
    #[inline(always)]
    fn reached_from(row: u32) -> Option<u32> {
        match WAY {
            DOWN => Some(row + 1),
            UP => row.checked_sub(1),
            _ => Some(row),
        }
    }

    /// The first row, in the order read, that the cells left reach.
    #[inline(always)]
    pub(super) fn first_row(&self) -> Option<u32> {
        let reached = |&(row, _, _): &Entry| Self::reached_from(row);
        if BACK {
            self.rest.iter().rev().find_map(reached)
        } else {
            self.rest.iter().find_map(reached)
        }
    }

    /// Give `add` the cells of row `row` (`wpr` words from window word `base` on) one step
    /// from the layer's cells, those of each word `i` that `keep(i)` keeps. Rows are fed in
    /// the order read.
    #[inline(always)]
    pub(super) fn feed(
        &mut self,
        row: u32,
        (base, wpr): (usize, usize),
        keep: impl Fn(usize) -> u64,
        add: &mut impl FnMut(u32, u64),
    ) {
        // The row of the cells a step from reaches `row`.
        let from = match WAY {
            DOWN => match row.checked_sub(1) {
                Some(from) => from,
                None => return,
            },
            UP => row + 1,
            _ => row,
        };
        let mut give = |word: u32, bits: u64| add(word, bits & keep(base + word as usize));
        while let Some((&(at, word, bits), rest)) = self.next() {
            // Rows before `from` in the order read are passed by; rows after it wait.
            if at != from {
                if BACK == (at < from) {
                    break;
                }
                self.rest = rest;
                continue;
            }
            match WAY {
                RIGHT => {
                    give(word, bits << 1);
                    if (word as usize) + 1 < wpr && bits >> 63 != 0 {
                        give(word + 1, 1);
                    }
                }
                LEFT => {
                    give(word, bits >> 1);
                    if word > 0 && bits & 1 != 0 {
                        give(word - 1, 1 << 63);
                    }
                }
                _ => give(word, bits),
            }
            self.rest = rest;
        }
    }
}

/// The direction of a step `WAY`.
pub(super) const fn dir(way: u8) -> Dir {
    match way {
        LEFT => Dir::Left,
        RIGHT => Dir::Right,
        UP => Dir::Up,
        _ => Dir::Down,
    }
}
