//! Row sweeps: every cell of a layer reached from its seeds, row by row, 64 cells per
//! instruction (an addition fills a run of free bits); below the turn upwards, then down to
//! it.

use crate::base::grid::Dir;

use super::Wavefront;
use super::costly::costly_mask;
use super::layer::{Entry, Layer};
use super::seeds::{Downwards, Seeds, Upwards};

/// One pass of a sweep: the rows from `first` to `last` (down, or with `BACK` up), each
/// reached from its seeds, from the cells the pass reached in the row before (where
/// `vertical` lets a step from them in) and along runs of free cells by steps right (where
/// `onward` lets them in). Each row's cells are cleared from `open` and pushed onto `out`.
/// A row is at most 64 words (4,096 cells; maps are at most 2,048).
#[inline(always)]
fn pass<const BACK: bool>(
    (first, last): (u32, u32),
    seeds: &mut impl Seeds,
    (open, scratch): (&mut [u64], &mut [u64]),
    wpr: usize,
    (vertical, onward): (impl Fn(usize) -> u64, impl Fn(usize) -> u64),
    out: &mut Layer,
) {
    debug_assert!(wpr <= 64, "a window row of {wpr} words");
    // Whether row `a` comes after row `b` in the pass.
    let after = |a: u32, b: u32| if BACK { a < b } else { a > b };
    let Some(mut row) = seeds.next_row() else {
        return;
    };
    if after(first, row) {
        // Steps down from the last row lead out of the window.
        row = first;
    }
    // The cells reached in the row swept last, to carry a step on.
    let mut before = 0..0;
    while !after(row, last) {
        // The row's words that seeds were added to, as bits.
        let mut touched = 0u64;
        let mut add = |word: u32, bits: u64| {
            scratch[word as usize] |= bits;
            touched |= 1 << word;
        };
        let base = row as usize * wpr;
        for &(_, word, bits) in &out[before.clone()] {
            add(word, bits & vertical(base + word as usize));
        }
        seeds.feed(row, base, &mut add);
        before = out.len()..out.len();
        if touched == 0 {
            // Nothing reaches this row: go on at the next row that has seeds.
            match seeds.next_row() {
                Some(next) if after(next, row) => {
                    row = next;
                    continue;
                }
                _ => break,
            }
        }
        // The words in order, each run of free cells filled on from its seeds; a run that
        // fills to a word's end carries into the next word.
        let mut carry_into = usize::MAX;
        while touched != 0 {
            let w = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let mut input = std::mem::take(&mut scratch[w]);
            let cells = open[base + w];
            let onward = cells & onward(base + w);
            if carry_into == w {
                input |= onward & 1;
            }
            let seeds = input & cells;
            if seeds != 0 {
                let run = onward | seeds;
                let (sum, carried) = run.overflowing_add(seeds);
                let filled = ((sum ^ run) & run) | seeds;
                open[base + w] = cells & !filled;
                out.push((row, w as u32, filled));
                if carried && w + 1 < wpr {
                    carry_into = w + 1;
                    touched |= 1 << carry_into;
                }
            }
        }
        before.end = out.len();
        if row == last {
            break;
        }
        row = if BACK { row - 1 } else { row + 1 };
    }
}

/// Put cells pushed row by row upwards (each row's words in order) in the order of rows
/// downwards.
fn rows_downwards(cells: &mut [Entry]) {
    cells.reverse();
    for row in cells.chunk_by_mut(|a, b| a.0 == b.0) {
        row.reverse();
    }
}

impl Wavefront {
    /// Reach every cell of layer `k` from its seeds: its start cells, and the cells a step
    /// left or up (below the turn, left or down) from layer `k − 2`; `COSTLY` when some steps
    /// cost more (and the costly steps from further back). The rows below the turn are swept
    /// first, upwards, by steps right and up; then the rows down to the turn, by steps right
    /// and down. No row past `last_row` is swept.
    pub(super) fn sweep<const COSTLY: bool>(
        &mut self,
        k: usize,
        wpr: usize,
        (h, turn): (u32, u32),
        last_row: u32,
    ) {
        let (done, rest) = self.layers.split_at_mut(k);
        let layer = &mut rest[0];
        layer.clear();
        let starts = &mut self.seeds[k];
        starts.sort_unstable_by_key(|&(row, word, _)| (row, word));
        let (starts, starts_below) = starts.split_at(starts.partition_point(|e| e.0 <= turn));
        self.scratch.clear();
        self.scratch.resize(wpr, 0);
        let costly = &self.costly;
        // Where a plain step `way` may go.
        let plain = move |way: Dir| move |i: usize| !costly_mask::<COSTLY>(costly, way, i);
        let below = &mut self.below;
        below.clear();
        if turn < last_row.min(h - 1) {
            let none = (turn, &[][..], &[][..]);
            let mut seeds = Upwards::<COSTLY>::new(k, done, starts_below, costly, none, wpr);
            let space = (&mut self.open[..], &mut self.scratch[..]);
            let steps = (plain(Dir::Up), plain(Dir::Right));
            pass::<true>((h - 1, turn + 1), &mut seeds, space, wpr, steps, below);
            rows_downwards(below);
        }
        // The cells of the row below the turn, of this layer and of the layer a costly step up
        // from there comes from.
        let row_below = |cells: &[Entry]| {
            let from = cells.partition_point(|e| e.0 <= turn);
            from..cells.partition_point(|e| e.0 <= turn + 1)
        };
        let costly_below = costly
            .extra()
            .filter(|_| COSTLY)
            .and_then(|extra| k.checked_sub(extra as usize))
            .map_or(&[][..], |j| &done[j][row_below(&done[j])]);
        let turn_row = (turn, &below[row_below(below)], costly_below);
        let mut seeds = Downwards::<COSTLY>::new(k, done, starts, costly, turn_row, wpr);
        let space = (&mut self.open[..], &mut self.scratch[..]);
        let steps = (plain(Dir::Down), plain(Dir::Right));
        pass::<false>(
            (0, turn.min(last_row)),
            &mut seeds,
            space,
            wpr,
            steps,
            layer,
        );
        layer.extend_from_slice(below);
    }
}
