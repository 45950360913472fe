//! Costly steps in a flood's window (see the crate's glossary): where a step into a cell is
//! costly, per window word and per way the step goes, and what a step costs beyond a plain
//! one.

use crate::base::bits::reached_by_steps;
use crate::base::grid::Dir;
use crate::generate::corridors::laid::Surcharge;

use super::Merge;
use super::frame::Frame;

/// The window's cells a step into is costly, per window word and per way
/// the step goes (a `Dir` as index): a step alongside a corridor (from a cell beside one
/// to another) and a step onto a cell that would close a square of corridor.
#[derive(Debug, Default)]
pub(super) struct CostlySteps {
    /// A costly step's surcharge; `None` when no step is costly.
    surcharge: Option<Surcharge>,
    /// Per step direction, the cells a step that way into is costly.
    into: [Vec<u64>; 4],
    /// The cells that would close a square of corridor: a step into them is costly
    /// whichever way it goes, from a room too.
    square: Vec<u64>,
}

impl CostlySteps {
    /// Read where steps by the corridors of `merge` are costly in the window `frame`; none
    /// without corridors to keep off.
    pub(super) fn read(&mut self, merge: Option<Merge<'_>>, frame: &Frame) {
        self.surcharge = merge.map(|m| m.surcharge);
        let Some(merge) = merge else {
            return;
        };
        let (wpr, h) = (frame.words_per_row(), frame.height());
        let len = wpr * h as usize;
        let mut along = Vec::with_capacity(len);
        let square = &mut self.square;
        square.clear();
        for y in 0..h {
            along.extend((0..wpr).map(|word| frame.word(&merge.laid.alongside, y, word)));
            square.extend((0..wpr).map(|word| frame.word(&merge.laid.closes_square, y, word)));
        }
        for into in &mut self.into {
            into.clear();
            into.reserve(len);
        }
        // A step alongside a corridor: from a cell beside one into another.
        for ((i, &along_i), &square_i) in along.iter().enumerate().zip(square.iter()) {
            let reached = reached_by_steps(&along, wpr, i);
            for (into, reached) in self.into.iter_mut().zip(reached) {
                into.push(square_i | (along_i & reached));
            }
        }
    }

    /// Whether some steps are costly: the flood keeps off corridors.
    pub(super) fn any(&self) -> bool {
        self.surcharge.is_some()
    }

    /// The cells of word `i` a step `d` into is costly.
    #[inline]
    fn mask(&self, d: Dir, i: usize) -> u64 {
        if self.surcharge.is_some() {
            self.into[d as usize][i]
        } else {
            0
        }
    }

    /// A costly step's surcharge in steps, when the flood takes costly steps (`None` when
    /// none is costly, or their surcharge is unbounded).
    #[inline]
    pub(super) fn extra(&self) -> Option<u32> {
        match self.surcharge {
            Some(Surcharge::Steps(extra)) => Some(extra),
            Some(Surcharge::Unbounded) | None => None,
        }
    }

    /// What a step beyond a step costs when it is costly; `None` when it is never taken.
    #[inline]
    fn beyond(&self, costly: bool) -> Option<u32> {
        match self.surcharge {
            Some(Surcharge::Steps(extra)) if costly => Some(extra),
            Some(Surcharge::Unbounded) if costly => None,
            _ => Some(0),
        }
    }

    /// What a step `d` into the cell at bit `bit` of word `i` costs beyond a step; `None`
    /// when it is never taken.
    #[inline]
    pub(super) fn cost(&self, d: Dir, i: usize, bit: u64) -> Option<u32> {
        self.beyond(self.mask(d, i) & bit != 0)
    }

    /// What a step from a room onto the cell at bit `bit` of word `i` costs beyond a step;
    /// `None` when it is never taken.
    #[inline]
    pub(super) fn leaving_room(&self, i: usize, bit: u64) -> Option<u32> {
        self.beyond(self.surcharge.is_some() && self.square[i] & bit != 0)
    }
}

/// Where a step `way` into the cells of word `i` is costly (never, unless `COSTLY`).
#[inline(always)]
pub(super) fn costly_mask<const COSTLY: bool>(steps: &CostlySteps, way: Dir, i: usize) -> u64 {
    if COSTLY { steps.mask(way, i) } else { 0 }
}
