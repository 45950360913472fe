//! A pinned room: one room's exact cells and colour, kept through every re-roll. The other
//! rooms are placed around pinned ones (see [`crate::Recipe::pins`]).
//!
//! In a recipe, a pin is written `X.Y.WxH.RRGGBB.CELLS`: the corner of the box around the
//! room, the box's size, the room's colour in hex, and which cells of the box are the
//! room's, one bit each, row by row from the top-left (the lowest bit of a byte first), in
//! base64url. A cave of 90 cells takes about 50 characters. Several pins are joined by `~`.

use std::fmt;
use std::str::FromStr;

use crate::base::base64;
use crate::base::colour::Rgb;
use crate::base::grid::{Pos, Rect};
use crate::model::parts::Room;

/// One pinned room: exactly its cells and its colour, written in the recipe's `pin` key.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(into = "String"))]
pub struct Pin {
    /// The box's top-left cell.
    x: u32,
    y: u32,
    /// The box's size in cells.
    width: u32,
    height: u32,
    colour: Rgb,
    /// One bit per cell of the box, row by row, lowest bit first.
    bits: Vec<u8>,
}

/// Joins the pins of a recipe's `pin` key.
pub(crate) const SEPARATOR: char = '~';

/// The most cells a side of a pin's box may have: the widest map's.
const SIDE_MOST: u32 = *super::WIDTH.end();

impl Pin {
    /// The pin that keeps `room`: its cells and its colour. A room without cells (which no
    /// generation makes) gives a pin that [`crate::Recipe::check_pins`] refuses.
    #[must_use]
    pub fn of_room(room: &Room) -> Pin {
        let Some(rect) = Rect::around(room.cells().iter().copied()) else {
            return Pin {
                x: 0,
                y: 0,
                width: 0,
                height: 0,
                colour: room.colour(),
                bits: Vec::new(),
            };
        };
        let (width, height) = (rect.x1 - rect.x0 + 1, rect.y1 - rect.y0 + 1);
        let mut bits = vec![0u8; (width as usize * height as usize).div_ceil(8)];
        for p in room.cells() {
            let i = (p.y - rect.y0) as usize * width as usize + (p.x - rect.x0) as usize;
            bits[i / 8] |= 1 << (i % 8);
        }
        Pin {
            x: rect.x0,
            y: rect.y0,
            width,
            height,
            colour: room.colour(),
            bits,
        }
    }

    /// The map cells it covers, row by row from the top-left.
    pub fn cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let cells = self.width as usize * self.height as usize;
        (0..cells).filter(|&i| self.bit(i)).map(|i| self.cell_at(i))
    }

    /// Whether it covers cell (`x`, `y`) of the map.
    #[must_use]
    pub fn covers(&self, x: u32, y: u32) -> bool {
        let (Some(dx), Some(dy)) = (x.checked_sub(self.x), y.checked_sub(self.y)) else {
            return false;
        };
        dx < self.width && dy < self.height && self.bit((dy * self.width + dx) as usize)
    }

    /// The same room moved `dx` cells right and `dy` down; `None` when part of it would be
    /// left of or above the map. Whether it fits the map is the recipe's to check
    /// ([`crate::Recipe::moved_pin`]).
    #[must_use]
    pub fn moved_by(&self, dx: i64, dy: i64) -> Option<Pin> {
        let to = |at: u32, by: i64| u32::try_from(i64::from(at).checked_add(by)?).ok();
        Some(Pin {
            x: to(self.x, dx)?,
            y: to(self.y, dy)?,
            ..self.clone()
        })
        .filter(Pin::ends_on_numbers)
    }

    /// Its colour in the pictures.
    #[must_use]
    pub fn colour(&self) -> Rgb {
        self.colour
    }

    /// The box around its cells: its top-left cell, width and height.
    #[must_use]
    pub fn bounds(&self) -> (u32, u32, u32, u32) {
        (self.x, self.y, self.width, self.height)
    }

    /// The room it keeps: its cells row by row, its colour.
    #[must_use]
    pub fn room(&self) -> Room {
        Room::of(
            self.cells().map(|(x, y)| Pos::new(x, y)).collect(),
            self.colour,
        )
    }

    /// Whether it holds no cell (only a room without cells gives one).
    pub(crate) fn is_empty(&self) -> bool {
        self.bits.iter().all(|&b| b == 0)
    }

    /// Whether it shares a cell with `other`.
    pub(crate) fn overlaps(&self, other: &Pin) -> bool {
        let apart = self.x >= other.x.saturating_add(other.width)
            || other.x >= self.x.saturating_add(self.width)
            || self.y >= other.y.saturating_add(other.height)
            || other.y >= self.y.saturating_add(self.height);
        !apart && self.cells().any(|(x, y)| other.covers(x, y))
    }

    /// Whether its far corner is a cell number too: every pin read or moved is.
    fn ends_on_numbers(&self) -> bool {
        self.x.checked_add(self.width).is_some() && self.y.checked_add(self.height).is_some()
    }

    fn bit(&self, i: usize) -> bool {
        self.bits
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0)
    }

    fn cell_at(&self, i: usize) -> (u32, u32) {
        let w = self.width as usize;
        (self.x + (i % w) as u32, self.y + (i / w) as u32)
    }
}

/// `X.Y.WxH.RRGGBB.CELLS`, as the recipe writes it (see the module's documentation).
impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Rgb(r, g, b) = self.colour;
        write!(
            f,
            "{}.{}.{}x{}.{r:02x}{g:02x}{b:02x}.{}",
            self.x,
            self.y,
            self.width,
            self.height,
            base64::encode(&self.bits)
        )
    }
}

impl From<Pin> for String {
    fn from(pin: Pin) -> String {
        pin.to_string()
    }
}

/// Why the text of a pin is not one: what [`Pin::from_str`] refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAPin;

impl FromStr for Pin {
    type Err = NotAPin;

    /// Read a pin as [`Pin`]'s `Display` writes it, and only so: each pin has one text,
    /// its box tight around its cells.
    ///
    /// # Errors
    /// Text of another form, a box over 2048 cells a side, cells that do not fill the
    /// box's bits exactly, no cell, or a box larger than its cells.
    fn from_str(text: &str) -> Result<Pin, NotAPin> {
        let parts: Vec<&str> = text.split('.').collect();
        let [x, y, size, colour, cells] = parts.as_slice() else {
            return Err(NotAPin);
        };
        let number = |t: &str| -> Result<u32, NotAPin> {
            let plain = !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
            let canonical = t == "0" || !t.starts_with('0');
            t.parse().ok().filter(|_| plain && canonical).ok_or(NotAPin)
        };
        let (width, height) = size.split_once('x').ok_or(NotAPin)?;
        let (width, height) = (number(width)?, number(height)?);
        if !(1..=SIDE_MOST).contains(&width) || !(1..=SIDE_MOST).contains(&height) {
            return Err(NotAPin);
        }
        let hex = |i: usize| -> Result<u8, NotAPin> {
            let digits = colour.get(i..i + 2).ok_or(NotAPin)?;
            let lower = digits
                .bytes()
                .all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'));
            u8::from_str_radix(digits, 16)
                .ok()
                .filter(|_| lower)
                .ok_or(NotAPin)
        };
        if colour.len() != 6 {
            return Err(NotAPin);
        }
        let bits = base64::decode(cells).ok_or(NotAPin)?;
        let count = width as usize * height as usize;
        let unused_zero =
            count.is_multiple_of(8) || bits.last().is_some_and(|b| b >> (count % 8) == 0);
        if bits.len() != count.div_ceil(8) || !unused_zero {
            return Err(NotAPin);
        }
        let pin = Pin {
            x: number(x)?,
            y: number(y)?,
            width,
            height,
            colour: Rgb(hex(0)?, hex(2)?, hex(4)?),
            bits,
        };
        // The box must be the one around the cells, so that a pin has one text.
        if !pin.ends_on_numbers() || pin.is_empty() || Pin::of_room(&pin.room()) != pin {
            return Err(NotAPin);
        }
        Ok(pin)
    }
}
