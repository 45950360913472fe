//! The window a flood runs in: the part of the map around the two rooms, turned so that
//! the target lies down and to the right and its rows run along its longer side; where a
//! cell of the map lies in it and back, and a grid's bits read as the window's words.

use crate::base::bits::BothWays;
use crate::base::grid::{Dir, Pos, Rect};

/// A cell of the window in its own orientation: `x` right, `y` down, towards the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Local {
    pub(super) x: u32,
    pub(super) y: u32,
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
pub(super) struct Frame {
    across: Axis,
    down: Axis,
    transposed: bool,
}

impl Frame {
    /// The window `area` of a `width × height` map, turned so that the room `to` lies
    /// down and to the right of the room `from`.
    pub(super) fn new(area: Rect, (width, height): (u32, u32), from: Rect, to: Rect) -> Self {
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

    #[inline]
    pub(super) fn width(&self) -> u32 {
        self.across.len()
    }

    #[inline]
    pub(super) fn height(&self) -> u32 {
        self.down.len()
    }

    /// How many words of 64 cells a window row takes.
    pub(super) fn words_per_row(&self) -> usize {
        (self.width() as usize).div_ceil(64)
    }

    /// Which sides of the window, in its own orientation (left, top, right, bottom), are
    /// inside the map: a path can leave by them.
    pub(super) fn open_sides(&self) -> [bool; 4] {
        let (left, right) = self.across.open_ends();
        let (top, bottom) = self.down.open_ends();
        [left, top, right, bottom]
    }

    /// The 64 cells of `bits` (a grid of the map) at window row `y` from window word `word`
    /// on, turned as the window is; none past the window's last column.
    #[inline]
    pub(super) fn word(&self, bits: &BothWays, y: u32, word: usize) -> u64 {
        let (line, across) = (self.down.unturn(y), &self.across);
        let lines = bits.lines(self.transposed);
        let first = 64 * word as u32;
        let bits = if across.flip {
            let start = i64::from(across.high) - i64::from(first) - 63;
            lines.bits_at(line, start).reverse_bits()
        } else {
            lines.bits_at(line, i64::from(across.low) + i64::from(first))
        };
        let inside = self.width() - first;
        if inside >= 64 {
            bits
        } else {
            bits & ((1u64 << inside) - 1)
        }
    }

    /// Where the map's cell `p` lies in the window; `None` outside it.
    #[inline]
    pub(super) fn local(&self, p: Pos) -> Option<Local> {
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

    /// The map's cell at `l` in the window.
    #[inline]
    pub(super) fn global(&self, l: Local) -> Pos {
        let (along, line) = (self.across.unturn(l.x), self.down.unturn(l.y));
        if self.transposed {
            Pos::new(line, along)
        } else {
            Pos::new(along, line)
        }
    }

    /// A step `d` on the map as a step in the window: what it adds to `x` and `y` there
    /// (wrapping, so that a step back is a huge number).
    pub(super) fn step(&self, d: Dir) -> (u32, u32) {
        let (dx, dy) = d.delta();
        let (along, line) = if self.transposed { (dy, dx) } else { (dx, dy) };
        let turn = |delta: u32, flip: bool| if flip { delta.wrapping_neg() } else { delta };
        (turn(along, self.across.flip), turn(line, self.down.flip))
    }

    /// Where `l` comes in the order of the window's rows, then columns, as if it were not
    /// turned: what breaks ties between doors alike, turned or not.
    pub(super) fn unturned_order(&self, l: Local) -> (u32, u32) {
        if self.transposed {
            (l.x, l.y)
        } else {
            (l.y, l.x)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Frame, Local};
    use crate::base::grid::{Pos, Rect};

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
}
