//! A pinned room: one room's exact cells and colour, and which room of its map it was, kept
//! through every re-roll. The other rooms stay where they are around it (see
//! [`crate::Recipe::pins`]).
//!
//! In a recipe, a pin is written `N@X.Y.WxH.RRGGBB.CELLS`: the room's number in the map it
//! came from (its index + 1, as the numbers look shows it), the corner of the box around
//! the room, the box's size, the room's colour in hex, and which cells of the box are the
//! room's, one bit each, row by row from the top-left (the lowest bit of a byte first), in
//! base64url. A cave of 90 cells takes about 55 characters. Several pins are joined by `~`.
//! Pins written before they had a number (`X.Y.WxH.RRGGBB.CELLS`) still read, and make the
//! maps they made: see [`crate::Recipe::pins`].

use std::fmt;
use std::str::FromStr;

use super::ROOMS;
use super::footprint::{Footprint, level_of, level_prefix, number};
use crate::base::colour::Rgb;
use crate::base::grid::{Pos, Rect};
use crate::model::dungeon::Dungeon;
use crate::model::parts::{Room, RoomKind};

/// One pinned room: exactly its cells and its colour, and which room of its map it was,
/// written in the recipe's `pin` key.
///
/// ```
/// use dungeon_generator::{Pin, Pos, Recipe, generate};
///
/// let recipe: Recipe = "dv1 seed=3".parse()?;
/// let map = generate(&recipe)?;
/// let pin = Pin::of_room(&map, 4).expect("the map has a room 4");
/// assert_eq!(pin.room_index(), Some(4));
/// assert!(map.rooms()[4].cells().iter().all(|&p| pin.covers(p)));
/// // Its text, as the recipe writes it, reads back the same.
/// assert!(pin.to_string().starts_with("5@"));
/// assert_eq!(pin.to_string().parse::<Pin>(), Ok(pin));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Pin {
    /// The room's index in the map it came from; `None` for a pin written before pins had
    /// one.
    index: Option<u32>,
    colour: Rgb,
    cells: Footprint,
    /// The level it is on, from 1.
    level: u32,
}

/// Joins the pins of a recipe's `pin` key, and the vaults of its `vault` key.
pub(crate) const SEPARATOR: char = '~';

impl Pin {
    /// The pin that keeps room `index` of `dungeon`: its cells, its colour, and which room
    /// of the map it is; `None` when there is no such room, or it has no cells (which no
    /// generation makes).
    #[must_use]
    pub fn of_room(dungeon: &Dungeon, index: usize) -> Option<Pin> {
        let room = dungeon.rooms().get(index)?;
        Some(Pin {
            index: Some(dungeon.slot(index)),
            colour: room.colour(),
            cells: Footprint::of(room.cells()).ok()?,
            level: dungeon.level(),
        })
    }

    /// The level it is on, from 1 at the top (see [`crate::Recipe::levels`]): the level of
    /// the map it came from.
    #[must_use]
    pub fn level(&self) -> u32 {
        self.level
    }

    /// A pin of `cells` in `colour`, written as before pins had numbers: placed first,
    /// the other rooms grown around it (see [`crate::Recipe::pins`]); `None` for no cells.
    pub(crate) fn first(cells: &[Pos], colour: Rgb) -> Option<Pin> {
        Some(Pin {
            index: None,
            colour,
            cells: Footprint::of(cells).ok()?,
            level: 1,
        })
    }

    /// The same pin on level 1, as a map of one level takes it.
    pub(crate) fn on_first_level(&self) -> Pin {
        Pin {
            level: 1,
            ..self.clone()
        }
    }

    /// The map cells it covers, row by row from the top-left.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells.cells()
    }

    /// Whether it covers cell `p` of the map.
    #[must_use]
    pub fn covers(&self, p: Pos) -> bool {
        self.cells.covers(p)
    }

    /// The same room moved `dx` cells right and `dy` down; `None` when part of it would be
    /// left of or above the map. Whether it fits the map is the recipe's to check
    /// ([`crate::Recipe::moved_pin`]).
    #[must_use]
    pub fn moved_by(&self, dx: i64, dy: i64) -> Option<Pin> {
        Some(Pin {
            cells: self.cells.moved_by(dx, dy)?,
            ..self.clone()
        })
    }

    /// Its colour in the pictures.
    #[must_use]
    pub fn colour(&self) -> Rgb {
        self.colour
    }

    /// The box around its cells.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        self.cells.bounds()
    }

    /// Which room of the map it came from it was: its index in [`Dungeon::rooms`], which it
    /// keeps in every map made with it (see [`crate::Recipe::pins`]); `None` for a pin
    /// written before pins had one.
    #[must_use]
    pub fn room_index(&self) -> Option<usize> {
        self.index.map(|i| i as usize)
    }

    /// The room it keeps: its cells row by row, its colour.
    #[must_use]
    pub fn room(&self) -> Room {
        Room::of(self.cells().collect(), self.colour).made_by(RoomKind::Pinned)
    }

    /// Its cells and their place.
    pub(crate) fn footprint(&self) -> &Footprint {
        &self.cells
    }

    /// The same pin, room `index` of its map (its number is kept as it is, if it has one).
    pub(crate) fn numbered(&self, index: usize) -> Pin {
        Pin {
            index: self.index.or(u32::try_from(index).ok()),
            ..self.clone()
        }
    }
}

/// `N@X.Y.WxH.RRGGBB.CELLS`, as the recipe writes it: the room's number in the map it came
/// from (its index + 1), the corner of the box around the room, the box's size, the
/// room's colour in hex, and which cells of the box are the room's, one bit each, row by
/// row from the top-left (the lowest bit of a byte first), in base64url; without `N@` for
/// a pin that has no number; after `L:` for a pin on level L below the first.
impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&level_prefix(self.level))?;
        if let Some(index) = self.index {
            write!(f, "{}@", u64::from(index) + 1)?;
        }
        let Rgb(r, g, b) = self.colour;
        let [corner, size, cells] = self.cells.parts();
        write!(f, "{corner}.{size}.{r:02x}{g:02x}{b:02x}.{cells}")
    }
}

impl From<Pin> for String {
    fn from(pin: Pin) -> String {
        pin.to_string()
    }
}

impl TryFrom<String> for Pin {
    type Error = NotAPin;

    fn try_from(text: String) -> Result<Pin, NotAPin> {
        text.parse()
    }
}

/// Why the text of a pin is not one: what [`Pin::from_str`] refuses.
///
/// ```
/// use dungeon_generator::Pin;
/// use dungeon_generator::NotAPin;
///
/// assert_eq!("1.2.3".parse::<Pin>(), Err(NotAPin));
/// // An error like any other: `?` takes it into a `Box<dyn Error>`.
/// let error: Box<dyn std::error::Error> = Box::new(NotAPin);
/// assert!(error.to_string().starts_with("not a pin"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pin: a pin is written [L:]N@X.Y.WxH.RRGGBB.CELLS, as the program writes it")]
pub struct NotAPin;

impl FromStr for Pin {
    type Err = NotAPin;

    /// Read a pin as [`Pin`]'s `Display` writes it, and only so: each pin has one text,
    /// its box tight around its cells. Linear in the text.
    ///
    /// # Errors
    /// Text of another form, a room number of 0 or over the most rooms, a box over 2048
    /// cells a side, cells that do not fill the box's bits exactly, no cell, or a box
    /// larger than its cells.
    fn from_str(text: &str) -> Result<Pin, NotAPin> {
        let (level, text) = level_of(text).ok_or(NotAPin)?;
        let (index, rest) = match text.split_once('@') {
            Some((n, rest)) => {
                let n = number(n).filter(|n| (1..=*ROOMS.end()).contains(n));
                (Some(n.ok_or(NotAPin)? - 1), rest)
            }
            None => (None, text),
        };
        let parts: Vec<&str> = rest.split('.').collect();
        let [x, y, size, colour, cells] = parts.as_slice() else {
            return Err(NotAPin);
        };
        let hex = |i: usize| -> Option<u8> {
            let digits = colour.get(i..i + 2)?;
            let lower = digits
                .bytes()
                .all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'));
            u8::from_str_radix(digits, 16).ok().filter(|_| lower)
        };
        let colour = match (colour.len(), hex(0), hex(2), hex(4)) {
            (6, Some(r), Some(g), Some(b)) => Rgb(r, g, b),
            _ => return Err(NotAPin),
        };
        Ok(Pin {
            index,
            colour,
            cells: Footprint::read(Some((x, y)), size, cells).ok_or(NotAPin)?,
            level,
        })
    }
}
