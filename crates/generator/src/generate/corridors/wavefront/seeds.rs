//! The seeds of one pass of a sweep, row by row in the pass's order: the start cells of the
//! layer swept, and the cells one step (plain or costly) from the layers before it.

use super::costly::{CostlySteps, costly_mask};
use super::layer::{Entry, Layer};
use super::steps::{DOWN, LEFT, RIGHT, STAY, Steps, UP, dir};

/// Where the seeds of one pass of a sweep come from, row by row.
pub(super) trait Seeds {
    /// Give `add` the seeds of row `row`, whose words start at window word `base`.
    fn feed(&mut self, row: u32, base: usize, add: &mut impl FnMut(u32, u64));

    /// The next row, in the pass's order, that seeds are left for.
    fn next_row(&self) -> Option<u32>;
}

/// The seeds of one pass of a layer's sweep, the rows read in the pass's order (`BACK`:
/// upwards, below the turn): its start cells, the cells a plain step left or `BEHIND` (the
/// step against the pass: up in a pass down, down in a pass up) from two layers back, and
/// with `COSTLY` the costly steps from further back: right and `AHEAD` (the step along the
/// pass) their surcharge back, left and `BEHIND` two more. In the pass down, the turn's row
/// also takes the steps up from the row below it (swept first, and a step up there keeps
/// the layer): plain ones from the layer itself, costly ones from their surcharge back.
pub(super) struct Sweeping<
    'a,
    const COSTLY: bool,
    const BACK: bool,
    const AHEAD: u8,
    const BEHIND: u8,
> {
    starts: Steps<'a, STAY, BACK>,
    plain: (Steps<'a, LEFT, BACK>, Steps<'a, BEHIND, BACK>),
    costly: Option<Costly4<'a, BACK, AHEAD, BEHIND>>,
    steps: &'a CostlySteps,
    /// The turn, and the cells below it a plain and a costly step up leads from.
    turn: (u32, &'a [Entry], &'a [Entry]),
    wpr: usize,
}

/// The costly steps of a pass: right, ahead, left and behind.
type Costly4<'a, const BACK: bool, const AHEAD: u8, const BEHIND: u8> = (
    Steps<'a, RIGHT, BACK>,
    Steps<'a, AHEAD, BACK>,
    Steps<'a, LEFT, BACK>,
    Steps<'a, BEHIND, BACK>,
);

/// The pass down to the turn.
pub(super) type Downwards<'a, const COSTLY: bool> = Sweeping<'a, COSTLY, false, DOWN, UP>;
/// The pass up to the row below the turn.
pub(super) type Upwards<'a, const COSTLY: bool> = Sweeping<'a, COSTLY, true, UP, DOWN>;

impl<'a, const COSTLY: bool, const BACK: bool, const AHEAD: u8, const BEHIND: u8>
    Sweeping<'a, COSTLY, BACK, AHEAD, BEHIND>
{
    /// The seeds of layer `k` (whose start cells are `starts`) from the `done` layers
    /// before it; `turn` as in [`Sweeping::turn`], empty for a pass up.
    pub(super) fn new(
        k: usize,
        done: &'a [Layer],
        starts: &'a [Entry],
        steps: &'a CostlySteps,
        turn: (u32, &'a [Entry], &'a [Entry]),
        wpr: usize,
    ) -> Self {
        let before = |back: usize| k.checked_sub(back).map_or(&[][..], |j| &done[j][..]);
        let costly = steps.extra().filter(|_| COSTLY).map(|extra| {
            let extra = extra as usize;
            (
                Steps::new(before(extra)),
                Steps::new(before(extra)),
                Steps::new(before(2 + extra)),
                Steps::new(before(2 + extra)),
            )
        });
        Self {
            starts: Steps::new(starts),
            plain: (Steps::new(before(2)), Steps::new(before(2))),
            costly,
            steps,
            turn,
            wpr,
        }
    }
}

impl<const COSTLY: bool, const BACK: bool, const AHEAD: u8, const BEHIND: u8> Seeds
    for Sweeping<'_, COSTLY, BACK, AHEAD, BEHIND>
{
    #[inline(always)]
    fn feed(&mut self, row: u32, base: usize, add: &mut impl FnMut(u32, u64)) {
        let at = (base, self.wpr);
        self.starts.feed(row, at, |_| !0, add);
        // A plain step goes where a step is not costly; a costly step only where it is.
        let steps = self.steps;
        let costly = move |way: u8| move |i: usize| costly_mask::<COSTLY>(steps, dir(way), i);
        let plain = move |way: u8| move |i: usize| !costly_mask::<COSTLY>(steps, dir(way), i);
        self.plain.0.feed(row, at, plain(LEFT), add);
        self.plain.1.feed(row, at, plain(BEHIND), add);
        if let Some((right, ahead, left, behind)) = &mut self.costly {
            right.feed(row, at, costly(RIGHT), add);
            ahead.feed(row, at, costly(AHEAD), add);
            left.feed(row, at, costly(LEFT), add);
            behind.feed(row, at, costly(BEHIND), add);
        }
        if row == self.turn.0 {
            let (plain, costly) = (plain(UP), costly(UP));
            for &(_, word, bits) in self.turn.1 {
                add(word, bits & plain(base + word as usize));
            }
            for &(_, word, bits) in self.turn.2 {
                add(word, bits & costly(base + word as usize));
            }
        }
    }

    #[inline(always)]
    fn next_row(&self) -> Option<u32> {
        // The row of those given that the pass comes to first.
        let first = |rows: [Option<u32>; 4]| {
            let rows = rows.into_iter().flatten();
            if BACK { rows.max() } else { rows.min() }
        };
        let turn = (!self.turn.1.is_empty() || !self.turn.2.is_empty()).then_some(self.turn.0);
        let plain = [
            self.starts.first_row(),
            self.plain.0.first_row(),
            self.plain.1.first_row(),
            turn,
        ];
        match &self.costly {
            None => first(plain),
            Some((right, ahead, left, behind)) => {
                let costly = [
                    right.first_row(),
                    ahead.first_row(),
                    left.first_row(),
                    behind.first_row(),
                ];
                first([first(plain), first(costly), None, None])
            }
        }
    }
}
