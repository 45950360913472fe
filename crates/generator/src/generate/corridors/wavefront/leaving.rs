//! The bounds for leaving the window: the sides a path can leave it by, which of them a
//! flood's layers reached, and the fewest steps a path that leaves takes.

use super::frame::Frame;
use super::layer::{Entry, Layer};

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
        let last_x = frame.width() - 1;
        Self {
            open: frame
                .open_sides()
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
pub(super) struct Leaving {
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
    pub(super) fn new(frame: &Frame, furthest: u32) -> Self {
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
    pub(super) fn read(&mut self, layers: &[Layer], potential: impl Fn(usize) -> i64) {
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
    pub(super) fn fewest(&self, nearest_door: u32, at_least: u32) -> Option<u32> {
        // From there it still goes at least as far as the nearest door.
        self.lowest.map(|phi| {
            let fewest = u32::try_from((phi + i64::from(nearest_door) + 1).max(0));
            fewest.unwrap_or(u32::MAX).max(at_least)
        })
    }
}
