//! What the recipe does with pinned rooms: pinning the room under a cell, unpinning it,
//! moving a pin, checking that every pin can be kept, and re-seeding a map while keeping
//! them. See [`Recipe::pins`] for how pinned rooms are placed and counted.

use std::fmt;

use super::Recipe;
use super::pin::Pin;
use crate::base::grid::Pos;
use crate::model::Error;
use crate::model::dungeon::Dungeon;

/// Why a pin cannot be kept; an [`Error::Pin`] says which pin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinFault {
    /// Its text is not a pin's.
    Malformed {
        /// The text, cut short.
        text: String,
    },
    /// It covers no cell.
    NoCells,
    /// Its box is wider or taller than the map.
    TooBig {
        /// The box's width in cells.
        width: u32,
        /// The box's height in cells.
        height: u32,
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// It reaches past the map's right or bottom edge, or would leave it.
    OffMap {
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// It lies in the cells the recipe's margin keeps clear.
    InMargin {
        /// The margin, in cells.
        margin: u32,
    },
    /// It shares a cell with an earlier pin.
    Overlaps {
        /// The other pin, counted from 1.
        other: usize,
    },
    /// There are more pins than rooms asked for: `rooms` counts pinned rooms.
    BeyondRooms {
        /// Rooms asked for.
        rooms: u32,
    },
    /// No pin of that number.
    Missing {
        /// The pins the recipe has.
        pins: usize,
    },
}

impl fmt::Display for PinFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinFault::Malformed { text } => write!(
                f,
                "is not written as X.Y.WxH.RRGGBB.CELLS (as the program writes pins): `{text}`"
            ),
            PinFault::NoCells => f.write_str("covers no cell"),
            PinFault::TooBig {
                width,
                height,
                map_width,
                map_height,
            } => write!(
                f,
                "is {width}×{height} cells, too big for the {map_width}×{map_height} map"
            ),
            PinFault::OffMap {
                map_width,
                map_height,
            } => write!(
                f,
                "would be off the {map_width}×{map_height} map (past its edge)"
            ),
            PinFault::InMargin { margin } => write!(
                f,
                "lies in the map's margin: the {margin} cells along each edge are kept clear"
            ),
            PinFault::Overlaps { other } => write!(f, "overlaps pin {other}"),
            PinFault::BeyondRooms { rooms } => write!(
                f,
                "is one pin more than the {rooms} rooms asked for (rooms counts the pinned ones)"
            ),
            PinFault::Missing { pins } => write!(f, "does not exist: the recipe has {pins}"),
        }
    }
}

impl Recipe {
    /// This recipe with the room of `dungeon` covering cell (`x`, `y`) pinned, after the
    /// pins it has; unchanged when that room is pinned already. The map it makes keeps
    /// the rooms made before that one (mostly) and places the others anew around it.
    ///
    /// ```
    /// use dungeon_generator::{Recipe, generate};
    ///
    /// let recipe: Recipe = "dv1 seed=7".parse()?;
    /// let map = generate(&recipe)?;
    /// let cell = map.rooms()[2].cells()[0];
    /// let pinned = recipe.pin_at(&map, cell.x, cell.y)?;
    /// // Every stage re-rolled, the room stays, the first of the map.
    /// let other = generate(&pinned.reseeded(8))?;
    /// assert_eq!(other.pinned_rooms(), 1);
    /// assert!(map.rooms()[2].cells().iter().all(|p| pinned.pins[0].covers(p.x, p.y)));
    /// assert_eq!(other.rooms()[0].colour(), map.rooms()[2].colour());
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::NoRoomAt`] when no room covers the cell; [`Error::Pin`] when the new pin
    /// cannot be kept with this recipe (see [`Recipe::check_pins`]): `dungeon` was not
    /// made from it.
    pub fn pin_at(&self, dungeon: &Dungeon, x: u32, y: u32) -> Result<Recipe, Error> {
        let room = dungeon
            .tile(Pos::new(x, y))
            .and_then(|t| t.room())
            .and_then(|i| dungeon.rooms().get(i))
            .ok_or(Error::NoRoomAt { x, y })?;
        let pin = Pin::of_room(room);
        let mut recipe = self.clone();
        if !recipe.pins.contains(&pin) {
            recipe.pins.push(pin);
            recipe.check_pins()?;
        }
        Ok(recipe)
    }

    /// This recipe without the pin covering cell (`x`, `y`); `None` when no pin covers it.
    #[must_use]
    pub fn unpin_at(&self, x: u32, y: u32) -> Option<Recipe> {
        let index = self.pins.iter().position(|pin| pin.covers(x, y))?;
        let mut recipe = self.clone();
        recipe.pins.remove(index);
        Some(recipe)
    }

    /// This recipe with pin `index` (counted from 0) moved `dx` cells right and `dy` down.
    ///
    /// # Errors
    /// [`Error::Pin`] naming this pin when there is no such pin, or when it would be off
    /// the map or overlap another pin (named in the message); naming another when that
    /// one cannot be kept (see [`Recipe::check_pins`]).
    pub fn moved_pin(&self, index: usize, dx: i64, dy: i64) -> Result<Recipe, Error> {
        let fault = |fault| Error::Pin {
            pin: index.saturating_add(1),
            fault,
        };
        let pin = self.pins.get(index).ok_or_else(|| {
            fault(PinFault::Missing {
                pins: self.pins.len(),
            })
        })?;
        let moved = pin.moved_by(dx, dy).ok_or_else(|| fault(self.off_map()))?;
        // The moved pin is the one named, whichever of two is first.
        if let Some(why) = self.fault(&moved, &[]) {
            return Err(fault(why));
        }
        let onto = self
            .pins
            .iter()
            .enumerate()
            .find(|&(j, other)| j != index && other.overlaps(&moved));
        if let Some((j, _)) = onto {
            return Err(fault(PinFault::Overlaps { other: j + 1 }));
        }
        let mut recipe = self.clone();
        recipe.pins[index] = moved;
        recipe.check_pins()?;
        Ok(recipe)
    }

    /// Check that every pin can be kept: each is within the map, overlaps no other, and
    /// there are no more pins than `rooms`. [`Recipe::validate`] runs this too.
    ///
    /// # Errors
    /// [`Error::Pin`] naming the first pin that cannot be kept (counted from 1) and why:
    /// no cells, too big for the map, off the map, overlapping an earlier pin, or beyond
    /// the rooms asked for. An overlap names the later pin of the two.
    pub fn check_pins(&self) -> Result<(), Error> {
        for (i, pin) in self.pins.iter().enumerate() {
            let fault = self.fault(pin, &self.pins[..i]);
            if let Some(fault) = fault {
                return Err(Error::Pin { pin: i + 1, fault });
            }
        }
        Ok(())
    }

    /// Why `pin` cannot be kept beside `earlier` pins, if it cannot (an overlap names the
    /// earlier pin).
    fn fault(&self, pin: &Pin, earlier: &[Pin]) -> Option<PinFault> {
        let (x, y, width, height) = pin.bounds();
        let (map_width, map_height) = (self.width, self.height);
        if earlier.len() >= self.rooms as usize {
            Some(PinFault::BeyondRooms { rooms: self.rooms })
        } else if pin.is_empty() {
            Some(PinFault::NoCells)
        } else if width > map_width || height > map_height {
            Some(PinFault::TooBig {
                width,
                height,
                map_width,
                map_height,
            })
        } else if u64::from(x) + u64::from(width) > u64::from(map_width)
            || u64::from(y) + u64::from(height) > u64::from(map_height)
        {
            Some(self.off_map())
        } else if self.in_margin(x, y, width, height) {
            Some(PinFault::InMargin {
                margin: self.margin,
            })
        } else {
            let other = earlier.iter().position(|e| e.overlaps(pin))?;
            Some(PinFault::Overlaps { other: other + 1 })
        }
    }

    /// Whether the box at `x`, `y` of `width × height` cells reaches into the margin.
    fn in_margin(&self, x: u32, y: u32, width: u32, height: u32) -> bool {
        let m = u64::from(self.margin);
        let past = |at: u32, size: u32, side: u32| {
            u64::from(at) < m || u64::from(at) + u64::from(size) + m > u64::from(side)
        };
        past(x, width, self.width) || past(y, height, self.height)
    }

    fn off_map(&self) -> PinFault {
        PinFault::OffMap {
            map_width: self.width,
            map_height: self.height,
        }
    }

    /// This recipe on a new `seed`, every stage new: its own rooms and corridors seeds
    /// (from re-rolling one stage) cleared; pins kept. What the window's New does.
    #[must_use]
    pub fn reseeded(&self, seed: u64) -> Recipe {
        Recipe {
            seed,
            rooms_seed: None,
            corridors_seed: None,
            ..self.clone()
        }
    }
}
