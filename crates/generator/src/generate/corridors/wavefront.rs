//! Shortest paths through free cells by a bit-parallel flood, 64 cells per instruction.
//!
//! Orient the window around the two rooms so that the target lies down and to the right,
//! and turn it so that its rows run along its longer side (a sweep pays for each row it
//! visits, and the layers below cross the window from top to bottom).
//! A path from room A to a cell `v` with `k` steps left or up is `s(v) − s(a) + 2k` long,
//! where `s = x + y`; so the flood runs in layers of equal *potential* `φ = length − s`.
//! Within a layer, cells are reached by steps right and down only, which a sweep over the
//! window's rows does for 64 cells at a time (an addition fills a run of free bits); a
//! step left or up moves a cell two layers on. The flood starts from every free cell beside
//! room A and stops once no later layer can reach room B sooner. It is exact: the length it
//! finds is the one a breadth-first flood finds. Once it has found a path, the layers left
//! skip the columns right of the doors (and the rows below them) from which no door can be
//! reached in as few steps ([`Wavefront::narrow`]).
//!
//! Below the last row of room B's doors (the *turn*) every step down leads away from them,
//! and a path there must come back up: so there the layers turn, and a cell lies two
//! layers on for each row it lies below the turn (`φ = length − s + 2·rows below`, which
//! no step lowers: an A* bound). Below the turn, cells are reached by steps right and up
//! within a layer, which a sweep over those rows, from the window's last row up and before
//! the rows above, does; a step down or left moves a cell two layers on. A cell far below
//! the doors thus lies in a late layer, which the flood often never reaches: on big maps,
//! where windows are wide, much of a window lies below the doors. Every door lies above the
//! turn, where the potential is unchanged, so the length found and every cell's layer on a
//! shortest path tell the same steps as without the turn: the path is the same.
//!
//! The flood stays inside the rooms' bounding box widened by a margin. A path that leaves
//! it is at least twice the margin longer than the rooms' straight distance, and takes a
//! step left or up (or down, below the turn) more than the potential at which the flood
//! first reached the side it leaves by (as many more as the side lies beyond room B's
//! doors, for the right side). A path found shorter than both is the shortest anywhere,
//! and all the shortest paths lie inside, so the walk back chooses among the same cells as
//! a flood of the whole map would; otherwise the margin doubles. The flood stops as soon as
//! that is bound to happen: once no later layer can reach room B sooner than a path that
//! leaves (by a side reached already) may, and none has. A flood that reaches no side a
//! path can leave by and finds no path proves that there is none; one that finds no path
//! in a window it could leave first asks whether any free cells join the rooms (the free
//! regions), and widens the window only if some do. Which cells lie in which layer does not
//! depend on whether the window is turned, and of the doors reached as soon the one taken
//! is the first by the rows of the window unturned: turned or not, the path is the same.
//!
//! The path is then walked back from room B, choosing among the cells one step nearer to
//! room A in the order the randomness knob gives (as the original's flood does): always the same
//! order gives straight, well-ordered paths, shuffled orders wiggly ones.
//!
//! With corridors to keep off ([`Merge`]), some steps are costly ([`super::laid`]): a
//! costly step moves a cell as many layers on as its surcharge more than a plain step, and
//! the flood then finds the cheapest path, walked back over corridor cells first. Below the
//! turn a costly step up moves a cell its surcharge on, a costly step down two more.

use std::cell::Cell;

use rand::Rng;

use crate::base::bits::{BitGrid, BothWays, reached_by_steps};
use crate::base::flood::neighbour_order;
use crate::base::grid::{Dir, Grid, Pos, Rect, step_within};
use crate::base::tile::Tile;

use super::laid::{Laid, Surcharge};

/// How a path the flood found is walked back from its end: among the cells one step
/// nearer the start, in the order the original's randomness gives (0 straight and tidy, 1
/// wiggly), or keeping the direction of the step before whenever it can, for corridors
/// that run straight and turn only where they must.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Walk {
    Wiggle(f64),
    Straight,
}

/// The four directions, `ahead` first.
pub(super) fn straight_on(ahead: Option<Dir>) -> [Dir; 4] {
    let mut order = Dir::ALL;
    if let Some(d) = ahead {
        let at = order.iter().position(|&o| o == d).unwrap_or(0);
        order[..=at].rotate_right(1);
    }
    order
}

/// Corridors laid before, for a flood that keeps off the cells beside them, and what steps
/// by them cost.
#[derive(Clone, Copy, Debug)]
pub struct Merge<'a> {
    pub laid: &'a Laid,
    pub surcharge: Surcharge,
}

/// The free cells of a map as bits, row by row and column by column.
pub type FreeBits = BothWays;

/// The free cells of `tiles`: those outside every room.
#[must_use]
pub fn free_bits(tiles: &Grid<Tile>) -> FreeBits {
    BothWays::of(BitGrid::of(tiles, |t| t.is_outside_rooms()))
}

/// A cell of the window in its own orientation: `x` right, `y` down, towards the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Local {
    x: u32,
    y: u32,
}

/// One axis of a window: the map's cells `low..=high` along one of its axes, which is
/// `end` cells long, and whether the window counts them backwards.
#[derive(Clone, Copy, Debug)]
struct Axis {
    low: u32,
    high: u32,
    end: u32,
    flip: bool,
}

impl Axis {
    fn len(&self) -> u32 {
        self.high - self.low + 1
    }

    /// The window's place of the map's `value`; `None` outside the window.
    fn turn(&self, value: u32) -> Option<u32> {
        (self.low..=self.high).contains(&value).then(|| {
            if self.flip {
                self.high - value
            } else {
                value - self.low
            }
        })
    }

    /// The map's place of the window's `value`.
    fn unturn(&self, value: u32) -> u32 {
        if self.flip {
            self.high - value
        } else {
            self.low + value
        }
    }

    /// Whether the window's low and high ends, in its own direction, are inside the map
    /// (a path can leave by them).
    fn open_ends(&self) -> (bool, bool) {
        let (low, high) = (self.low > 0, self.high < self.end - 1);
        if self.flip { (high, low) } else { (low, high) }
    }
}

/// Which way the window is turned: its rows run along `across` and follow each other down
/// `down`, which are the map's x and y axes or, `transposed`, its y and x axes (so that the
/// rows run along the window's longer side, and a sweep visits fewer of them).
#[derive(Clone, Copy, Debug)]
struct Frame {
    across: Axis,
    down: Axis,
    transposed: bool,
}

impl Frame {
    /// The window `area` of a `width × height` map, turned so that the room `to` lies
    /// down and to the right of the room `from`.
    fn new(area: Rect, (width, height): (u32, u32), from: Rect, to: Rect) -> Self {
        let x = Axis {
            low: area.x0,
            high: area.x1,
            end: width,
            flip: to.x0 + to.x1 < from.x0 + from.x1,
        };
        let y = Axis {
            low: area.y0,
            high: area.y1,
            end: height,
            flip: to.y0 + to.y1 < from.y0 + from.y1,
        };
        let transposed = y.len() > x.len();
        let (across, down) = if transposed { (y, x) } else { (x, y) };
        Self {
            across,
            down,
            transposed,
        }
    }

    fn width(&self) -> u32 {
        self.across.len()
    }

    fn height(&self) -> u32 {
        self.down.len()
    }

    /// The line of the map (a row, or a column when transposed) of window row `y`.
    fn line(&self, y: u32) -> u32 {
        self.down.unturn(y)
    }

    fn local(&self, p: Pos) -> Option<Local> {
        let (along, line) = if self.transposed {
            (p.y, p.x)
        } else {
            (p.x, p.y)
        };
        Some(Local {
            x: self.across.turn(along)?,
            y: self.down.turn(line)?,
        })
    }

    fn global(&self, l: Local) -> Pos {
        let (along, line) = (self.across.unturn(l.x), self.down.unturn(l.y));
        if self.transposed {
            Pos::new(line, along)
        } else {
            Pos::new(along, line)
        }
    }

    /// A step `d` on the map as a step in the window: what it adds to `x` and `y` there
    /// (wrapping, so that a step back is a huge number).
    fn step(&self, d: Dir) -> (u32, u32) {
        let (dx, dy) = d.delta();
        let (along, line) = if self.transposed { (dy, dx) } else { (dx, dy) };
        let turn = |delta: u32, flip: bool| if flip { delta.wrapping_neg() } else { delta };
        (turn(along, self.across.flip), turn(line, self.down.flip))
    }

    /// Where `l` comes in the order of the window's rows, then columns, as if it were not
    /// turned: what breaks ties between doors alike, turned or not.
    fn unturned_order(&self, l: Local) -> (u32, u32) {
        if self.transposed {
            (l.x, l.y)
        } else {
            (l.y, l.x)
        }
    }
}

/// The cells one step `WAY` from the cells of an earlier layer (or, `STAY`, the cells
/// themselves), fed row by row into a pass of a sweep: a cursor over the layer's cells,
/// which are sorted by row, read from the first row down or, `BACK`, from the last row up.
/// `WAY` is a constant so that the sweep's loop is built for each.
struct Steps<'a, const WAY: u8, const BACK: bool = false> {
    /// The cells not yet read.
    rest: &'a [Entry],
}

const LEFT: u8 = 0;
const RIGHT: u8 = 1;
const UP: u8 = 2;
const DOWN: u8 = 3;
/// No step: start cells, fed into the layer they start in.
const STAY: u8 = 4;

impl<'a, const WAY: u8, const BACK: bool> Steps<'a, WAY, BACK> {
    fn new(cells: &'a [Entry]) -> Self {
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
    fn first_row(&self) -> Option<u32> {
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
    fn feed(
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

/// Where the seeds of one pass of a sweep come from, row by row.
trait Seeds {
    /// Give `add` the seeds of row `row`, whose words start at window word `base`.
    fn feed(&mut self, row: u32, base: usize, add: &mut impl FnMut(u32, u64));

    /// The next row, in the pass's order, that seeds are left for.
    fn next_row(&self) -> Option<u32>;
}

/// The seeds of one pass of a layer's sweep, the rows read in the pass's order (`BACK`:
/// upwards, below the turn): its start cells, the cells a plain step left or `BEHIND` (the
/// step against the pass: up in a pass down, down in a pass up) from two layers back, and
/// with `COSTLY` the costly steps from further back: right and `AHEAD` (the step along the
/// pass) their extra back, left and `BEHIND` two more. In the pass down, the turn's row
/// also takes the steps up from the row below it (swept first, and a step up there keeps
/// the layer): plain ones from the layer itself, costly ones from their extra back.
struct Sweeping<'a, const COSTLY: bool, const BACK: bool, const AHEAD: u8, const BEHIND: u8> {
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
type Downwards<'a, const COSTLY: bool> = Sweeping<'a, COSTLY, false, DOWN, UP>;
/// The pass up to the row below the turn.
type Upwards<'a, const COSTLY: bool> = Sweeping<'a, COSTLY, true, UP, DOWN>;

/// The direction of a step `WAY`.
const fn dir(way: u8) -> Dir {
    match way {
        LEFT => Dir::Left,
        RIGHT => Dir::Right,
        UP => Dir::Up,
        _ => Dir::Down,
    }
}

impl<'a, const COSTLY: bool, const BACK: bool, const AHEAD: u8, const BEHIND: u8>
    Sweeping<'a, COSTLY, BACK, AHEAD, BEHIND>
{
    /// The seeds of layer `k` (whose start cells are `starts`) from the `done` layers
    /// before it; `turn` as in [`Sweeping::turn`], empty for a pass up.
    fn new(
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

/// Where a step `way` into the cells of word `i` is costly (never, unless `COSTLY`).
#[inline(always)]
fn costly_mask<const COSTLY: bool>(steps: &CostlySteps, way: Dir, i: usize) -> u64 {
    if COSTLY { steps.mask(way, i) } else { 0 }
}

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

/// Cells of one row of a layer in one word: (row, word, bits).
type Entry = (u32, u32, u64);
/// Cells of one layer, sorted by row then word.
type Layer = Vec<Entry>;

/// Where a flood first reached the target: the door (the free cell beside it), the layer
/// that reached the door, the steps from room A into the target through it, the
/// potential of layer 0 and the row the layers turn below.
#[derive(Clone, Copy, Debug)]
struct Reached {
    door: Local,
    layer: usize,
    length: u32,
    lowest: i64,
    turn: u32,
}

/// What a flood of a window found: where it first reached the target, if it did, and the
/// fewest steps a path from room A could take if it left the window (`None` when no path
/// can leave it: the window covers the map, or the flood never reached a side it can be
/// left by).
#[derive(Clone, Copy, Debug)]
struct Found {
    reached: Option<Reached>,
    leaving: Option<u32>,
}

/// The sides of a window a path can leave it by (those not on the map's edge), in the
/// window's orientation: left, top, right, bottom.
struct Exits {
    /// The sides a path can leave by, as bits in that order.
    open: u8,
    last_row: u32,
    last_word: (u32, u64),
}

impl Exits {
    /// The exits of `frame`.
    fn of(frame: &Frame) -> Self {
        let (left, right) = frame.across.open_ends();
        let (top, bottom) = frame.down.open_ends();
        let last_x = frame.width() - 1;
        Self {
            open: [left, top, right, bottom]
                .iter()
                .rev()
                .fold(0, |sides, &open| (sides << 1) | u8::from(open)),
            last_row: frame.height() - 1,
            last_word: (last_x / 64, 1 << (last_x % 64)),
        }
    }

    /// Which of the sides `wanted` the cells of `layer` reach, as bits in the order of
    /// `open`.
    fn reached(&self, layer: &[Entry], wanted: u8) -> u8 {
        let mut sides = (u8::from(layer.first().is_some_and(|e| e.0 == 0)) << 1)
            | (u8::from(layer.last().is_some_and(|e| e.0 == self.last_row)) << 3);
        if wanted & 0b101 != 0 {
            for &(_, word, bits) in layer {
                if word == 0 {
                    sides |= u8::from(bits & 1 != 0);
                }
                if word == self.last_word.0 {
                    sides |= u8::from(bits & self.last_word.1 != 0) << 2;
                }
            }
        }
        sides & wanted
    }
}

/// What a flood knows of the paths that leave its window: the sides its layers reached, and
/// the lowest potential a path leaving by one of them takes. A path that leaves the window
/// takes steps a path that stays need not: one out by the left, top or bottom side (below
/// the turn a step down costs two), and back by the right side as many as it lies beyond
/// the furthest door. Each costs two in potential, counted from the first layer that reached
/// the side (potential only grows with the layers).
struct Leaving {
    exits: Exits,
    /// Per side, in the order of `exits`, the steps such a path takes.
    back: [u32; 4],
    /// The sides reached, as bits in the order of `exits`.
    left_by: u8,
    /// The lowest potential a path that leaves takes, once a side is reached.
    lowest: Option<i64>,
    /// How many layers were read.
    read: usize,
}

impl Leaving {
    /// Nothing read yet of a flood of `frame` whose target's doors lie at most at column
    /// `furthest`.
    fn new(frame: &Frame, furthest: u32) -> Self {
        Self {
            exits: Exits::of(frame),
            back: [1, 1, frame.width() - furthest, 1],
            left_by: 0,
            lowest: None,
            read: 0,
        }
    }

    /// Read the `layers` not read yet (layer `k` at `potential(k)`), until every side a
    /// path can leave by is reached.
    fn read(&mut self, layers: &[Layer], potential: impl Fn(usize) -> i64) {
        while self.read < layers.len() && self.left_by != self.exits.open {
            let k = self.read;
            let sides = self
                .exits
                .reached(&layers[k], self.exits.open & !self.left_by);
            self.left_by |= sides;
            for (i, back) in self.back.iter().enumerate() {
                if sides & (1 << i) != 0 {
                    let phi = potential(k) + 2 * i64::from(*back);
                    self.lowest = Some(self.lowest.map_or(phi, |l| l.min(phi)));
                }
            }
            self.read += 1;
        }
    }

    /// The fewest steps a path that leaves the window takes, given that it takes at least
    /// `at_least` and the target's nearest door lies at `nearest_door` (`x + y`); `None`
    /// while no side a path can leave by is reached.
    fn fewest(&self, nearest_door: u32, at_least: u32) -> Option<u32> {
        // From there it still goes at least as far as the nearest door.
        self.lowest.map(|phi| {
            let fewest = u32::try_from((phi + i64::from(nearest_door) + 1).max(0));
            fewest.unwrap_or(u32::MAX).max(at_least)
        })
    }
}

/// Where the cells of `(row, word)` are in `layer`, as `binary_search` says (the place
/// they would go when absent), searched outwards from index `hint`: a few steps when they
/// are near it.
fn search_near(layer: &[Entry], key: (u32, u32), hint: usize) -> Result<usize, usize> {
    // A walk back goes over a layer's cells in order, so most keys it looks up lie within a
    // few entries of the last one: step to them one by one, and gallop only when they are
    // further.
    const STEPS: usize = 8;
    let key_at = |i: usize| (layer[i].0, layer[i].1);
    let mut at = hint.min(layer.len());
    for _ in 0..STEPS {
        if at < layer.len() && key_at(at) < key {
            at += 1;
        } else if at > 0 && key_at(at - 1) >= key {
            at -= 1;
        } else if at < layer.len() && key_at(at) == key {
            return Ok(at);
        } else {
            return Err(at);
        }
    }
    gallop(layer, key, at)
}

/// Where the cells of `(row, word)` are in `layer`, as `binary_search` says, found by
/// ranges from index `hint` (at most the layer's length) that double until the key falls
/// inside one.
fn gallop(layer: &[Entry], key: (u32, u32), hint: usize) -> Result<usize, usize> {
    let key_at = |i: usize| (layer[i].0, layer[i].1);
    // Widen a range from the hint, doubling, until the key falls inside it.
    let (mut lo, mut hi) = (hint, hint);
    let mut step = 1;
    if hint < layer.len() && key_at(hint) < key {
        lo = hint + 1;
        hi = lo;
        while hi < layer.len() && key_at(hi) < key {
            lo = hi + 1;
            hi = (hi + step).min(layer.len());
            step *= 2;
        }
        hi = (hi + 1).min(layer.len());
    } else {
        while lo > 0 && key_at(lo - 1) >= key {
            hi = lo - 1;
            lo = lo.saturating_sub(step);
            step *= 2;
        }
        hi = (hi + 1).min(layer.len());
    }
    layer[lo..hi]
        .binary_search_by_key(&key, |&(r, w, _)| (r, w))
        .map(|at| lo + at)
        .map_err(|at| lo + at)
}

/// Reusable memory for wavefront searches.
#[derive(Debug, Default)]
pub struct Wavefront {
    /// Free and not yet reached, per window word.
    open: Vec<u64>,
    /// Free cells beside the target room, per window word of the rows they lie in.
    doors: Vec<u64>,
    /// The same cells, in the window.
    door_cells: Vec<Local>,
    layers: Vec<Layer>,
    /// Start cells, per layer.
    seeds: Vec<Layer>,
    /// One row's seeds, per word.
    scratch: Vec<u64>,
    /// The cells of the layer swept below the turn.
    below: Layer,
    /// How many of `layers` and `seeds` the last flood used.
    used: usize,
    /// The cells beside room A a flood starts from: `(s, extra cost, cell)`.
    starts: Vec<(u32, u32, Local)>,
    /// Which steps cost more than one, when the flood keeps off corridors.
    costly: CostlySteps,
}

/// The window's cells a step into costs more than one step, per window word and per way
/// the step goes (a `Dir` as index): a step alongside a corridor (from a cell beside one
/// to another) and a step onto a cell that would close a square of corridor.
#[derive(Debug, Default)]
struct CostlySteps {
    /// What a costly step costs; `None` when no step is costly.
    surcharge: Option<Surcharge>,
    /// Per step direction, the cells a step that way into is costly.
    into: [Vec<u64>; 4],
    /// The cells that would close a square of corridor: a step into them is costly
    /// whichever way it goes, from a room too.
    square: Vec<u64>,
}

impl CostlySteps {
    /// Read the costly cells of `merge` in a window `wpr` words wide and `h` rows high,
    /// through `word_of` (a grid's 64 bits at a window row and word); none without an
    /// extra cost.
    fn read(
        &mut self,
        merge: Option<Merge<'_>>,
        wpr: usize,
        h: u32,
        word_of: impl Fn(&BothWays, u32, usize) -> u64,
    ) {
        self.surcharge = merge.map(|m| m.surcharge);
        let Some(merge) = merge else {
            return;
        };
        let len = wpr * h as usize;
        let mut along = Vec::with_capacity(len);
        let square = &mut self.square;
        square.clear();
        for y in 0..h {
            along.extend((0..wpr).map(|word| word_of(&merge.laid.alongside, y, word)));
            square.extend((0..wpr).map(|word| word_of(&merge.laid.closes_square, y, word)));
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

    /// The cells of word `i` a step `d` into is costly.
    fn mask(&self, d: Dir, i: usize) -> u64 {
        if self.surcharge.is_some() {
            self.into[d as usize][i]
        } else {
            0
        }
    }

    /// The extra steps costly steps cost, when the flood takes them.
    fn extra(&self) -> Option<u32> {
        match self.surcharge {
            Some(Surcharge::Steps(extra)) => Some(extra),
            Some(Surcharge::Unbounded) | None => None,
        }
    }

    /// What a step beyond a step costs when it is costly; `None` when it is never taken.
    fn beyond(&self, costly: bool) -> Option<u32> {
        match self.surcharge {
            Some(Surcharge::Steps(extra)) if costly => Some(extra),
            Some(Surcharge::Unbounded) if costly => None,
            _ => Some(0),
        }
    }

    /// What a step `d` into the cell at bit `bit` of word `i` costs beyond a step; `None`
    /// when it is never taken.
    fn cost(&self, d: Dir, i: usize, bit: u64) -> Option<u32> {
        self.beyond(self.mask(d, i) & bit != 0)
    }

    /// What a step from a room onto the cell at bit `bit` of word `i` costs beyond a step;
    /// `None` when it is never taken.
    fn leaving_room(&self, i: usize, bit: u64) -> Option<u32> {
        self.beyond(self.surcharge.is_some() && self.square[i] & bit != 0)
    }
}

/// One end of a path: a room's cells (or a single free cell), the smallest rectangle
/// holding them, and the free cells beside them and not among them (its doors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEnd {
    pub cells: Vec<Pos>,
    pub bounds: Rect,
    pub doors: Vec<Pos>,
}

impl PathEnd {
    /// The side made of `cells`; `None` when there are none. Panics when a cell lies off
    /// `tiles`.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, cells: &[Pos]) -> Option<Self> {
        let bounds = Rect::around(cells.iter().copied())?;
        // The cells as bits in a box one cell wider all round (where the map allows):
        // their neighbours are the bits shifted one step each way, and a scan of the box
        // finds the free ones in reading order, each once.
        let (w, h) = (tiles.width(), tiles.height());
        let area = bounds.grown(1, w, h);
        let width = (area.x1 - area.x0 + 1) as usize;
        let wpr = width.div_ceil(64);
        let mut marked = vec![0u64; wpr * (area.y1 - area.y0 + 1) as usize];
        for &c in cells {
            let (x, y) = ((c.x - area.x0) as usize, (c.y - area.y0) as usize);
            marked[y * wpr + x / 64] |= 1 << (x % 64);
        }
        let mut doors = Vec::with_capacity(cells.len() + 4);
        for i in 0..marked.len() {
            let (y, word) = (i / wpr, i % wpr);
            let inside = (width - 64 * word).min(64);
            let box_bits = if inside == 64 { !0 } else { (1 << inside) - 1 };
            let reached = reached_by_steps(&marked, wpr, i);
            // The cells themselves are no doors.
            let mut near = reached.into_iter().fold(0, |near, r| near | r) & box_bits & !marked[i];
            while near != 0 {
                let bit = near.trailing_zeros();
                near &= near - 1;
                let door = Pos::new(area.x0 + 64 * word as u32 + bit, area.y0 + y as u32);
                if tiles[door].is_outside_rooms() {
                    doors.push(door);
                }
            }
        }
        Some(Self {
            cells: cells.to_vec(),
            bounds,
            doors,
        })
    }
}

impl Wavefront {
    /// The shortest path through free cells from a cell of `from` to a cell of the room
    /// `to`, both ends included (with `merge`, the cheapest); `None` when free cells do not
    /// join them. `joined` is asked, at most once a window, when no path lies inside a
    /// window a path could leave: whether free cells join the two ends anywhere (answering
    /// true when unsure), so that a search that cannot succeed stops there instead of
    /// flooding ever wider windows up to the whole map.
    #[allow(clippy::too_many_arguments)]
    pub fn find<R: Rng + ?Sized>(
        &mut self,
        tiles: &Grid<Tile>,
        free: &FreeBits,
        from: &PathEnd,
        to: &PathEnd,
        walk: Walk,
        mut merge: Option<Merge<'_>>,
        joined: impl Fn() -> bool,
        rng: &mut R,
    ) -> Option<Vec<Pos>> {
        let target = tiles[*to.cells.first()?];
        let (a, b) = (from.bounds, to.bounds);
        let gap = a.gap(&b);
        let whole = free.width().max(free.height());
        // A window too narrow is flooded again, wider, after all its work; one too wide
        // costs the cells beyond the target that steps right reach free. Half the gap more,
        // up to 24, spares most of the second floods of long paths, and adds little to a
        // short path's window.
        let first_margin = 8 + gap / 8 + (gap / 2).min(24);
        let mut margin = first_margin;
        loop {
            let size = (free.width(), free.height());
            let area = a.union(b).grown(margin, size.0, size.1);
            let frame = Frame::new(area, size, a, b);
            // A path leaving the window is at least the rooms' gap plus twice the margin
            // long.
            let found = self.flood(free, &frame, from, to, merge, gap + 2 * (margin + 1));
            let leaving = found.leaving;
            let path = match (found.reached, leaving) {
                (Some(r), _) if leaving.is_none_or(|l| r.length < l) => {
                    let ends = (&from.cells[..], target);
                    // The plain walk is built apart, without the look-ups of costly steps.
                    Some(match merge {
                        Some(m) => self.walk_back::<R, true>(
                            tiles,
                            &frame,
                            &r,
                            ends,
                            (walk, Some(m.laid)),
                            rng,
                        ),
                        None => {
                            self.walk_back::<R, false>(tiles, &frame, &r, ends, (walk, None), rng)
                        }
                    })
                }
                (None, None) => match merge {
                    // No way without a costly step: take the fewest, each costing as much as
                    // a walk around the whole map.
                    Some(m) if m.surcharge == Surcharge::Unbounded => {
                        let whole_walk = 2 * (free.width() + free.height());
                        merge = Some(Merge {
                            surcharge: Surcharge::Steps(whole_walk),
                            ..m
                        });
                        margin = first_margin;
                        continue;
                    }
                    _ => None,
                },
                // No way inside, and none at all: no wider window finds one.
                (None, Some(_)) if !joined() => None,
                _ => {
                    margin = (margin * 2).min(whole);
                    continue;
                }
            };
            self.forget_big_searches();
            return path;
        }
    }

    /// Let go of memory only a rare, long search needed.
    fn forget_big_searches(&mut self) {
        const LAYERS: usize = 512;
        const CELLS: usize = 1 << 14;
        self.layers.truncate(LAYERS);
        self.seeds.truncate(LAYERS);
        let used = self.used;
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            if layer.capacity() > CELLS {
                *layer = Vec::new();
            }
        }
    }

    /// Flood the window layer by layer until no later layer can reach the target sooner;
    /// a path that leaves the window is known to be at least `leaving` steps long.
    fn flood(
        &mut self,
        free: &FreeBits,
        frame: &Frame,
        from: &PathEnd,
        to: &PathEnd,
        merge: Option<Merge<'_>>,
        leaving: u32,
    ) -> Found {
        let nothing = Found {
            reached: None,
            leaving: None,
        };
        let (w, h) = (frame.width(), frame.height());
        let wpr = (w as usize).div_ceil(64);
        // A grid's 64 cells at window row `y` from window word `word` on, turned as the
        // window is.
        let word_of = |bits: &BothWays, y: u32, word: usize| -> u64 {
            let (line, across) = (frame.line(y), &frame.across);
            let lines = bits.lines(frame.transposed);
            let first = 64 * word as u32;
            let bits = if across.flip {
                let start = i64::from(across.high) - i64::from(first) - 63;
                lines.bits_at(line, start).reverse_bits()
            } else {
                lines.bits_at(line, i64::from(across.low) + i64::from(first))
            };
            let inside = w - first;
            if inside >= 64 {
                bits
            } else {
                bits & ((1u64 << inside) - 1)
            }
        };
        self.open.clear();
        self.open.reserve(wpr * h as usize);
        for y in 0..h {
            for word in 0..wpr {
                self.open.push(word_of(free, y, word));
            }
        }
        self.costly.read(merge, wpr, h, word_of);
        let mut nearest_door = u32::MAX;
        // The doors' furthest column, and their first and last rows.
        let (mut furthest, mut rows) = (0, (u32::MAX, 0));
        self.door_cells.clear();
        self.door_cells
            .extend(to.doors.iter().filter_map(|&door| frame.local(door)));
        for l in &self.door_cells {
            nearest_door = nearest_door.min(l.x + l.y);
            furthest = furthest.max(l.x);
            rows = (rows.0.min(l.y), rows.1.max(l.y));
        }
        if nearest_door == u32::MAX {
            return nothing;
        }
        // The doors as bits, in their rows only.
        self.doors.clear();
        self.doors.resize(wpr * (rows.1 - rows.0 + 1) as usize, 0);
        for l in &self.door_cells {
            self.doors[(l.y - rows.0) as usize * wpr + l.x as usize / 64] |= 1 << (l.x % 64);
        }
        // Below the doors' last row a step down leads away from them and a step up towards
        // them: there the layers turn, so that a cell lies two layers on for each row it
        // lies below.
        let turn = rows.1;
        let below_turn = |y: u32| 2 * y.saturating_sub(turn);

        // Start seeds: the free cells beside room A, at potential 1 − s. Layers are numbered
        // from the lowest start potential: layer k holds potential `lowest + k`.
        // Each with the extra cost of stepping onto it from the room.
        let mut starts = std::mem::take(&mut self.starts);
        starts.clear();
        for &cell in &from.doors {
            if let Some(l) = frame.local(cell) {
                let i = l.y as usize * wpr + l.x as usize / 64;
                let bit = 1 << (l.x % 64);
                let extra = self
                    .costly
                    .leaving_room(i, bit)
                    .filter(|_| self.open[i] & bit != 0);
                if let Some(extra) = extra {
                    starts.push((l.x + l.y, extra, l));
                }
            }
        }
        let Some(s_highest) = starts.iter().map(|&(s, _, _)| s).max() else {
            return nothing;
        };
        let lowest = 1 - i64::from(s_highest);
        let potential = |layer: usize| lowest + layer as i64;
        let mut last_start = 0;
        let mut last_filled: Option<usize> = None;
        let used = std::mem::take(&mut self.used);
        for layer in self
            .layers
            .iter_mut()
            .take(used)
            .chain(self.seeds.iter_mut().take(used))
        {
            layer.clear();
        }
        for &(s, extra, l) in &starts {
            let k = (s_highest - s + extra + below_turn(l.y)) as usize;
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            self.seeds[k].push((l.y, l.x / 64, 1 << (l.x % 64)));
            last_start = last_start.max(k);
        }
        self.starts = starts;

        let mut best: Option<Reached> = None;
        let mut sides = Leaving::new(frame, furthest);
        // The last column flooded and the last row swept, once a path is found.
        let mut within = (w - 1, h - 1);
        for k in 0.. {
            if self.layers.len() <= k {
                self.layers.resize_with(k + 1, Vec::new);
            }
            if self.seeds.len() <= k {
                self.seeds.resize_with(k + 1, Vec::new);
            }
            // No later layer can do better than its potential plus the nearest door.
            let floor = potential(k) + i64::from(nearest_door) + 1;
            if best.is_some_and(|b| i64::from(b.length) <= floor) {
                break;
            }
            // Once no later layer can reach the target sooner than a path that leaves the
            // window may, and none has, the window is bound to be widened: stop now.
            if i64::from(leaving) <= floor {
                sides.read(&self.layers[..k], potential);
                if let Some(out) = sides.fewest(nearest_door, leaving)
                    && i64::from(out) <= floor
                    && best.is_none_or(|b| b.length >= out)
                {
                    return Found {
                        reached: best,
                        leaving: Some(out),
                    };
                }
            }
            // Later layers are reached from the last two (the last `reach` with costly steps).
            let reach = 2 + self.costly.extra().unwrap_or(0) as usize;
            let quiet = k > last_start && last_filled.is_none_or(|last| k > last + reach);
            if quiet {
                break;
            }
            if let Some(b) = best {
                let spare = i64::from(b.length) - potential(k) - 1;
                self.narrow(spare, (wpr, turn), &mut within);
            }
            self.used = self.used.max(k + 1).max(last_start + 1);
            // The plain flood is built apart, without the look-ups of costly steps.
            if self.costly.surcharge.is_some() {
                self.sweep::<true>(k, wpr, (h, turn), within.1);
            } else {
                self.sweep::<false>(k, wpr, (h, turn), within.1);
            }
            let layer = &self.layers[k];
            if !layer.is_empty() {
                last_filled = Some(k);
            }
            let at_doors = layer.partition_point(|e| e.0 < rows.0);
            for &(row, word, bits) in layer[at_doors..].iter().take_while(|e| e.0 <= rows.1) {
                let hits = bits & self.doors[(row - rows.0) as usize * wpr + word as usize];
                if hits != 0 {
                    let x = word * 64 + hits.trailing_zeros();
                    let Ok(length) = u32::try_from(potential(k) + i64::from(x + row) + 1) else {
                        continue;
                    };
                    let door = Local { x, y: row };
                    // Among doors as near, the first the layer reached by the rows of the
                    // window unturned.
                    let before = |b: Reached| {
                        length < b.length
                            || (length == b.length
                                && b.layer == k
                                && frame.unturned_order(door) < frame.unturned_order(b.door))
                    };
                    if best.is_none_or(before) {
                        best = Some(Reached {
                            door,
                            layer: k,
                            length,
                            lowest,
                            turn,
                        });
                    }
                }
            }
        }
        // Which sides of the window the flood reached matters only when the path found is
        // not already shorter than any path that leaves it (most are).
        if best.is_some_and(|b| b.length < leaving) {
            return Found {
                reached: best,
                leaving: Some(leaving),
            };
        }
        sides.read(&self.layers[..self.used.min(self.layers.len())], potential);
        Found {
            reached: best,
            leaving: sides.fewest(nearest_door, leaving),
        }
    }

    /// Once a path is found, stop flooding cells from which no door can be reached in as
    /// few steps, given the layer about to be swept leaves `spare` steps beyond its
    /// potential and the step into the target (a door at `x + y = s` is `spare − s` steps
    /// short of the path found, when reached by steps right and down). From a cell a
    /// column right of a door (or a row below it, above the turn) a path to it takes a
    /// step left (or up) more, two layers each: so past column `x + (spare − s) / 2` of
    /// the furthest such door no cell of this layer or a later one can lead to a path as
    /// short, and likewise past row `y + (spare − s) / 2`, when that lies above the turn
    /// (below it every row counts as the turn). Those columns are taken from `open` and
    /// those rows are no longer swept (`within`: the last column and row still flooded).
    ///
    /// A cell left out lies on no path as short as the one found, inside the window or
    /// leaving it: so the door taken, every cell's layer on a path as short, the walk back
    /// and whether a path leaving the window could be shorter are all as before.
    fn narrow(&mut self, spare: i64, (wpr, turn): (usize, u32), within: &mut (u32, u32)) {
        let (mut columns, mut rows) = (None::<u32>, None::<u32>);
        for l in &self.door_cells {
            let Ok(more) = u32::try_from(spare - i64::from(l.x + l.y)) else {
                continue;
            };
            columns = columns.max(Some(l.x + more / 2));
            rows = rows.max(Some(l.y + more / 2));
        }
        // No door left within reach: the flood stops before this layer anyway.
        let (Some(columns), Some(rows)) = (columns, rows) else {
            return;
        };
        if columns < within.0 {
            let first = columns as usize + 1;
            let (first_word, last_word) = (first / 64, within.0 as usize / 64);
            for row in self.open.chunks_exact_mut(wpr).take(within.1 as usize + 1) {
                row[first_word] &= (1 << (first % 64)) - 1;
                for word in &mut row[first_word + 1..=last_word] {
                    *word = 0;
                }
            }
            within.0 = columns;
        }
        if rows < turn {
            within.1 = within.1.min(rows);
        }
    }

    /// Reach every cell of layer `k` from its seeds: its start cells, and the cells a step
    /// left or up (below the turn, left or down) from layer `k − 2`; `COSTLY` when some steps
    /// cost more (and the costly steps from further back). The rows below the turn are swept
    /// first, upwards, by steps right and up; then the rows down to the turn, by steps right
    /// and down. No row past `last_row` is swept.
    fn sweep<const COSTLY: bool>(
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

    /// The path from room `from` (its cells) to room `target` (its tile) through the door
    /// reached, walked back from the target one layer-consistent step at a time; `MERGED`
    /// when the flood kept off corridors (`laid`, given then): onto a corridor cell first
    /// where one is as near.
    fn walk_back<R: Rng + ?Sized, const MERGED: bool>(
        &self,
        tiles: &Grid<Tile>,
        frame: &Frame,
        reached: &Reached,
        (from, target): (&[Pos], Tile),
        (walk, laid): (Walk, Option<&Laid>),
        rng: &mut R,
    ) -> Vec<Pos> {
        let (w, h) = (tiles.width(), tiles.height());
        let wpr = (frame.width() as usize).div_ceil(64);
        // Each way on the map as a step in the window, by `Dir` as index.
        let window_steps = Dir::ALL.map(|d| frame.step(d));
        let word = |l: Local| (l.y as usize * wpr + l.x as usize / 64, 1u64 << (l.x % 64));
        // The direction of the step last taken, which a straight walk keeps when it can.
        let mut ahead: Option<Dir> = None;
        let order = |ahead: Option<Dir>, rng: &mut R| -> [Dir; 4] {
            match walk {
                Walk::Wiggle(randomness) => *neighbour_order(randomness, rng),
                Walk::Straight => straight_on(ahead),
            }
        };
        // Where the last look-up in each layer ended: the walk goes back over a layer's
        // cells in order, so the next one is near.
        let hints: Vec<Cell<usize>> = (0..self.used).map(|_| Cell::new(0)).collect();
        let in_layer = |l: Local, k: usize| -> bool {
            let (word, bit) = (l.x / 64, 1u64 << (l.x % 64));
            let layer = &self.layers[k];
            let hint = hints.get(k).map_or(0, Cell::get);
            let at = search_near(layer, (l.y, word), hint);
            if let Some(h) = hints.get(k) {
                h.set(at.unwrap_or_else(|at| at));
            }
            at.is_ok_and(|at| layer[at].2 & bit != 0)
        };
        let mut path = Vec::with_capacity(reached.length as usize + 1);
        let door = frame.global(reached.door);
        let into = order(ahead, rng)
            .iter()
            .filter_map(|&d| step_within(w, h, door, d))
            .find(|&p| tiles[p] == target);
        path.extend(into);
        let (mut here, mut layer) = (reached.door, reached.layer);
        loop {
            let at = frame.global(here);
            path.push(at);
            let order = order(ahead, rng);
            let below_turn = i64::from(here.y.saturating_sub(reached.turn));
            let steps = reached.lowest + layer as i64 + i64::from(here.x + here.y) - 2 * below_turn;
            let (i, bit) = word(here);
            let first_step = if MERGED {
                let extra = self.costly.leaving_room(i, bit);
                extra.map_or(0, |extra| 1 + i64::from(extra))
            } else {
                1
            };
            if steps <= first_step {
                // One step from room A: step into it.
                let start = order
                    .iter()
                    .filter_map(|&d| step_within(w, h, at, d))
                    .find(|p| from.contains(p));
                if let Some(start) = start {
                    path.push(start);
                    break;
                }
            }
            let step_back = |d: Dir, corridor_only: bool| {
                let (dx, dy) = window_steps[d as usize];
                let l = Local {
                    x: here.x.wrapping_add(dx),
                    y: here.y.wrapping_add(dy),
                };
                if l.x >= frame.width() || l.y >= frame.height() {
                    return None;
                }
                if corridor_only && !laid.is_some_and(|laid| laid.on.get(frame.global(l))) {
                    return None;
                }
                // The step from `l` into `here`, in the window: right or down keeps the
                // layer, left or up costs two (below the turn, up keeps it and down costs
                // two); a costly step costs its extra more.
                let (into, forward) = if l.x < here.x {
                    (Dir::Right, true)
                } else if l.x > here.x {
                    (Dir::Left, false)
                } else if l.y < here.y {
                    (Dir::Down, l.y < reached.turn)
                } else {
                    (Dir::Up, l.y > reached.turn)
                };
                let surcharge = if MERGED {
                    self.costly.cost(into, i, bit)? as usize
                } else {
                    0
                };
                let cost = usize::from(!forward) * 2 + surcharge;
                let k = layer.checked_sub(cost)?;
                in_layer(l, k).then_some((l, k, d))
            };
            // With corridors laid, a first pass over corridor cells only.
            let passes: &[bool] = if MERGED { &[true, false] } else { &[false] };
            let previous = passes
                .iter()
                .find_map(|&corridor_only| order.iter().find_map(|&d| step_back(d, corridor_only)));
            let Some((l, k, d)) = previous else {
                break;
            };
            (here, layer, ahead) = (l, k, Some(d));
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use std::cell::Cell;

    use super::{Frame, Local, PathEnd, Walk, Wavefront, free_bits, search_near};
    use crate::base::grid::{Dir, Grid, Pos, Rect, step_within};
    use crate::base::tile::Tile;
    use crate::generate::generate;

    #[test]
    fn doors_are_the_free_neighbours_of_the_cells_in_reading_order() {
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        // Widths round a word's 64 cells, so that boxes cross words and meet the map's edge.
        for (width, height) in [(1, 1), (1, 7), (9, 1), (63, 5), (64, 6), (65, 9), (130, 4)] {
            let tiles: Vec<Tile> = (0..width * height)
                .map(|_| {
                    if rng.random_bool(0.4) {
                        Tile::of_room(rng.random_range(0..3))
                    } else {
                        Tile::FREE
                    }
                })
                .collect();
            let tiles = Grid::from_cells(width, height, tiles).unwrap();
            // Each room's cells, and a handful of free cells, as a side.
            let sides = (0..3).map(|r| {
                let room = Tile::of_room(r);
                tiles
                    .positions()
                    .filter(|&p| tiles[p] == room)
                    .collect::<Vec<_>>()
            });
            let loose: Vec<Pos> = tiles.positions().filter(|_| rng.random_bool(0.1)).collect();
            for cells in sides.chain([loose]) {
                let mut expected: Vec<Pos> = cells
                    .iter()
                    .flat_map(|&c| Dir::ALL.map(|d| step_within(width, height, c, d)))
                    .flatten()
                    .filter(|&n| tiles[n].is_outside_rooms() && !cells.contains(&n))
                    .collect();
                expected.sort_by_key(|p| (p.y, p.x));
                expected.dedup();
                let side = PathEnd::new(&tiles, &cells);
                assert_eq!(
                    side.map(|s| s.doors),
                    (!cells.is_empty()).then_some(expected)
                );
            }
        }
    }

    #[test]
    fn a_turned_window_covers_the_same_cells_and_orders_doors_as_unturned() {
        // A tall window on a 40 × 50 map, the target up and to the left of the start.
        let area = Rect {
            x0: 5,
            y0: 2,
            x1: 14,
            y1: 41,
        };
        let from = Rect {
            x0: 12,
            y0: 38,
            x1: 14,
            y1: 41,
        };
        let to = Rect {
            x0: 5,
            y0: 2,
            x1: 6,
            y1: 4,
        };
        let turned = Frame::new(area, (40, 50), from, to);
        let unturned = Frame {
            across: turned.down,
            down: turned.across,
            transposed: false,
        };
        assert!(turned.transposed && turned.width() == 40 && turned.height() == 10);
        // The start's corner is the window's first cell either way.
        assert_eq!(turned.local(Pos::new(14, 41)), Some(Local { x: 0, y: 0 }));
        for y in 0..50 {
            for x in 0..40 {
                let p = Pos::new(x, y);
                let (t, u) = (turned.local(p), unturned.local(p));
                assert_eq!(t.is_some(), area.contains(p), "cell ({x}, {y})");
                if let (Some(t), Some(u)) = (t, u) {
                    assert_eq!((turned.global(t), unturned.global(u)), (p, p));
                    assert_eq!((t.x + t.y, t.y), (u.x + u.y, u.x), "cell ({x}, {y})");
                    assert_eq!(turned.unturned_order(t), unturned.unturned_order(u));
                }
            }
        }
    }

    /// A `width × height` map with room 0 at `a`, room 1 at `b` (one cell each) and room 2
    /// on the cells `wall` marks; the wavefront's path from room 0 to room 1, with `joined`
    /// answering `answer`, and how often it was asked.
    fn path_asking(
        (width, height): (u32, u32),
        (a, b): (Pos, Pos),
        wall: impl Fn(Pos) -> bool,
        answer: bool,
    ) -> (Option<Vec<Pos>>, u32) {
        let mut tiles = Grid::new(width, height, Tile::FREE);
        for p in tiles.positions().filter(|&p| wall(p)).collect::<Vec<_>>() {
            tiles[p] = Tile::of_room(2);
        }
        tiles[a] = Tile::of_room(0);
        tiles[b] = Tile::of_room(1);
        let (from, to) = (PathEnd::new(&tiles, &[a]), PathEnd::new(&tiles, &[b]));
        let asked = Cell::new(0);
        let joined = || {
            asked.set(asked.get() + 1);
            answer
        };
        let path = Wavefront::default().find(
            &tiles,
            &free_bits(&tiles),
            &from.unwrap(),
            &to.unwrap(),
            Walk::Wiggle(0.5),
            None,
            joined,
            &mut Pcg64Mcg::seed_from_u64(1),
        );
        (path, asked.get())
    }

    #[test]
    fn whether_free_cells_join_the_rooms_is_asked_only_of_windows_without_a_path() {
        let (size, a, b) = ((120, 40), Pos::new(60, 5), Pos::new(60, 30));
        // Open ground: the first window holds the path.
        let (path, asked) = path_asking(size, (a, b), |_| false, false);
        assert_eq!(path.map(|p| p.len()), Some(26));
        assert_eq!(asked, 0);
        // A wall across the map but for its two leftmost columns: the path goes round it,
        // far outside the first windows, each of which asks.
        let wall = |p: Pos| p.y == 15 && p.x >= 2;
        let (path, asked) = path_asking(size, (a, b), wall, true);
        let path = path.expect("a way round the wall");
        assert_eq!(path.len(), 2 * 59 + 26);
        assert!(path.iter().any(|p| p.x < 2));
        assert!(asked >= 2, "asked {asked} times");
        // The same wall, but told that no free cells join the rooms: the search stops at
        // the first window, without a path.
        assert_eq!(path_asking(size, (a, b), wall, false), (None, 1));
        // Room 1 walled in: no window holds a path, however wide.
        let walled_in = |p: Pos| p.x.abs_diff(b.x).max(p.y.abs_diff(b.y)) == 2;
        let (path, asked_all) = path_asking(size, (a, b), walled_in, true);
        assert_eq!(path, None);
        assert!(asked_all >= 2, "asked {asked_all} times");
        assert_eq!(path_asking(size, (a, b), walled_in, false), (None, 1));
    }

    #[test]
    fn a_flood_bound_to_be_widened_stops_early() {
        // The wall of the test above: the first window holds no path, and a path round the
        // wall leaves it.
        let (width, height, a, b) = (120, 40, Pos::new(60, 5), Pos::new(60, 30));
        let mut tiles = Grid::new(width, height, Tile::FREE);
        for x in 2..width {
            tiles[Pos::new(x, 15)] = Tile::of_room(2);
        }
        tiles[a] = Tile::of_room(0);
        tiles[b] = Tile::of_room(1);
        let (from, to) = (PathEnd::new(&tiles, &[a]), PathEnd::new(&tiles, &[b]));
        let (from, to) = (from.unwrap(), to.unwrap());
        let (gap, margin) = (from.bounds.gap(&to.bounds), 11);
        let area = from.bounds.union(to.bounds).grown(margin, width, height);
        let frame = Frame::new(area, (width, height), from.bounds, to.bounds);
        let free = free_bits(&tiles);
        let mut wavefront = Wavefront::default();
        // Told that a path leaving the window takes at least as many steps as one leaving
        // the margin does; and told that none can be short enough to matter, so that it
        // floods all it reaches.
        let mut flood = |leaving: u32| {
            let found = wavefront.flood(&free, &frame, &from, &to, None, leaving);
            (found.reached.is_some(), found.leaving, wavefront.used)
        };
        let (reached, leaving, layers) = flood(gap + 2 * (margin + 1));
        let (reached_all, _, layers_all) = flood(u32::MAX);
        assert!(!reached && !reached_all);
        assert!(leaving.is_some_and(|l| l > gap), "{leaving:?}");
        assert!(layers < layers_all, "{layers} layers, against {layers_all}");
    }

    #[test]
    fn once_a_path_is_found_no_cell_is_flooded_too_far_right_or_down_to_lead_to_one_as_short() {
        let recipe = "dv1 seed=1 width=256 height=224 rooms=64".parse().unwrap();
        let dungeon = generate(&recipe).unwrap();
        let (tiles, rooms) = (dungeon.tiles(), dungeon.rooms());
        let size = (tiles.width(), tiles.height());
        let whole = Rect {
            x0: 0,
            y0: 0,
            x1: size.0 - 1,
            y1: size.1 - 1,
        };
        let free = free_bits(tiles);
        let mut wavefront = Wavefront::default();
        let (mut after, mut floods) = (0, 0);
        for pair in rooms.windows(2) {
            let from = PathEnd::new(tiles, &pair[0].cells).unwrap();
            let to = PathEnd::new(tiles, &pair[1].cells).unwrap();
            let frame = Frame::new(whole, size, from.bounds, to.bounds);
            let found = wavefront.flood(&free, &frame, &from, &to, None, u32::MAX);
            let Some(reached) = found.reached else {
                continue;
            };
            floods += 1;
            let doors: Vec<Local> = to.doors.iter().filter_map(|&d| frame.local(d)).collect();
            let potential = |k: usize| reached.lowest + k as i64;
            // The fewest steps a path through cell (x, y) of layer k takes to a door,
            // counting the steps back left alone, and the steps back up alone (a row below
            // the turn counts as the turn).
            let fewest = |k: usize, x: u32, y: u32| {
                let y = y.min(reached.turn);
                let via = |back: u32, l: &Local| potential(k) + i64::from(l.x + l.y + 1 + 2 * back);
                let left = doors.iter().map(|l| via(x.saturating_sub(l.x), l)).min();
                let up = doors.iter().map(|l| via(y.saturating_sub(l.y), l)).min();
                left.max(up).unwrap()
            };
            // The first layer to reach a door, and the shortest path it found.
            let layers = &wavefront.layers[..wavefront.used.min(wavefront.layers.len())];
            let hit = |k: usize| {
                let cells = layers[k].iter().flat_map(|&(row, word, bits)| {
                    (0..64)
                        .filter(move |b| bits >> b & 1 != 0)
                        .map(move |b| (word * 64 + b, row))
                });
                let at_doors = cells.filter(|&(x, y)| doors.contains(&Local { x, y }));
                at_doors
                    .map(|(x, y)| potential(k) + i64::from(x + y + 1))
                    .min()
            };
            let Some((first, length)) = (0..layers.len()).find_map(|k| Some((k, hit(k)?))) else {
                continue;
            };
            for (k, layer) in layers.iter().enumerate().skip(first + 1) {
                for &(row, word, bits) in layer {
                    for b in (0..64).filter(|b| bits >> b & 1 != 0) {
                        let x = word * 64 + b;
                        assert!(fewest(k, x, row) <= length, "({x}, {row}) in layer {k}");
                        after += 1;
                    }
                }
            }
        }
        // Enough paths, and cells flooded after a path was found, for the test to mean
        // something.
        assert!(
            floods > 50 && after > 1000,
            "{floods} floods, {after} cells after"
        );
    }

    #[test]
    fn search_near_agrees_with_binary_search_from_any_hint() {
        // Every other (row, word) key of a 30 × 4 grid: present and absent keys alike, and
        // 60 entries, so that most hints lie further than its steps from the key and it
        // gallops, both ways.
        let layer: Vec<(u32, u32, u64)> = (0..30)
            .flat_map(|row| (0..4).map(move |word| (row, word, 1)))
            .filter(|&(row, word, _)| (row + word) % 2 == 0)
            .collect();
        for row in 0..31 {
            for word in 0..5 {
                let want = layer.binary_search_by_key(&(row, word), |&(r, w, _)| (r, w));
                for hint in 0..=layer.len() + 2 {
                    assert_eq!(
                        search_near(&layer, (row, word), hint),
                        want,
                        "key ({row}, {word}) from hint {hint}"
                    );
                }
            }
        }
        assert_eq!(search_near(&[], (0, 0), 3), Err(0));
    }
}
