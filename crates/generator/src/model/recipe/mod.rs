//! The recipe: everything that decides a map, in one short human-readable string.
//!
//! ```text
//! dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1
//! ```
//!
//! `dv1` is the version tag. Keys may come in any order and missing keys take their
//! defaults; unknown keys, repeated keys and out-of-range values are errors that name them,
//! and so is asking for more room cells than [`Recipe::room_cells_most`]. Displaying a
//! recipe and parsing the result gives the same recipe back.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

mod cost;
pub(crate) mod footprint;
mod keys;
mod pin;
mod pins;
mod styles;
mod vault;

use cost::{pin_cells, pin_seconds};
pub(crate) use keys::{KEYS, key_names};
pub use keys::{Key, Kind, Value};
pub use pin::{NotAPin, Pin};
pub use pins::PinFault;
pub use styles::{Connect, Corridor, Fit, Shape};
pub use vault::Vault;

use crate::base::grid::Pos;
use crate::base::text::quote;
use crate::model::Error;

/// The version tag every recipe string starts with.
pub(crate) const VERSION: &str = "dv1";

/// Grid width in cells.
pub(crate) const WIDTH: RangeInclusive<u32> = 1..=2048;
/// Grid height in cells.
pub(crate) const HEIGHT: RangeInclusive<u32> = 1..=2048;
/// Rooms asked for (fewer are placed when the grid fills up).
pub(crate) const ROOMS: RangeInclusive<u32> = 1..=10_000;
/// Cells per room (a walled-in room stays smaller).
pub(crate) const ROOM_SIZE: RangeInclusive<u32> = 1..=4096;
/// Chance of growing a room from the cell it added last.
pub(crate) const STICKINESS: RangeInclusive<f64> = 0.0..=1.0;
/// Chance of shuffling the neighbour order while flooding a path.
pub(crate) const RANDOMNESS: RangeInclusive<f64> = 0.0..=1.0;

/// Room cells a recipe may always ask for, whatever the map's size: small maps may be
/// crowded.
pub(crate) const ROOM_CELLS_ALWAYS: u64 = 65_536;
/// Room cells no recipe may ask for more than.
pub(crate) const ROOM_CELLS_MOST: u64 = 1_000_000;

/// The most room cells (rooms × room size) a recipe may ask for on a `width × height` map:
/// a third of its cells, at most [`ROOM_CELLS_MOST`], at least [`ROOM_CELLS_ALWAYS`]. On a
/// big map crowded with rooms, free ground breaks up into a maze, and proving each of
/// thousands of paths the shortest then takes minutes; within this bound the largest map
/// generates in seconds.
#[must_use]
pub(crate) fn room_cells_allowed(width: u32, height: u32) -> u64 {
    let cells = u64::from(width) * u64::from(height);
    (cells / 3).clamp(ROOM_CELLS_ALWAYS, ROOM_CELLS_MOST)
}

/// Which bound [`room_cells_allowed`] is for a `width × height` map, in words.
pub(crate) fn room_cells_why(width: u32, height: u32) -> &'static str {
    let third = u64::from(width) * u64::from(height) / 3;
    if third <= ROOM_CELLS_ALWAYS {
        "which any map may hold"
    } else if third >= ROOM_CELLS_MOST {
        "the most any map may hold"
    } else {
        "a third of its cells"
    }
}

/// Turning of cave growth, [`STRETCH`]: −1 tall, 0 as grown, 1 wide.
pub(crate) const STRETCH: RangeInclusive<f64> = -1.0..=1.0;
/// Bends a twisty corridor may take.
pub(crate) const BENDS: RangeInclusive<u32> = 1..=8;
/// Share of the extra connections a `loops` dungeon gets.
pub(crate) const LOOPS: RangeInclusive<f64> = 0.0..=1.0;
/// Cells of rock at least between two rooms, diagonals included.
pub(crate) const SPACING: RangeInclusive<u32> = 0..=8;
/// How strongly corridors join each other instead of running side by side.
pub(crate) const MERGE: RangeInclusive<f64> = 0.0..=1.0;
/// Cells of rock kept clear along every edge of the map.
pub(crate) const MARGIN: RangeInclusive<u32> = 0..=16;
/// Whether rooms are closed by walls but at their doors: 0 no, 1 yes.
pub(crate) const CLOSED: RangeInclusive<u32> = 0..=1;
/// Levels of a dungeon, and the level shown.
pub(crate) const LEVELS: RangeInclusive<u32> = 1..=16;

/// Everything that decides a map. The same recipe gives the same map on every machine.
/// Saved (with the `serde` feature) as its text, and checked as [`Recipe::from_str`]
/// checks it when read back.
///
/// ```
/// use dungeon_generator::{Recipe, Shape, generate};
///
/// // From its text, as saved in a PNG, a link or a favourite…
/// let recipe: Recipe = "dv1 seed=7 rooms=5 shape=rect margin=1".parse()?;
/// // …or built in code: keys left out keep their defaults, the original's map.
/// let built = Recipe { seed: 7, rooms: 5, shape: Shape::Rect, margin: 1, ..Recipe::default() };
/// assert_eq!(built, recipe);
/// assert_eq!(built.to_string(), "dv1 seed=7 width=64 height=56 rooms=5 room-size=90 \
///                                stickiness=0.5 randomness=1 shape=rect margin=1");
/// // A recipe built by hand is checked when a map is made from it.
/// assert!(generate(&Recipe { width: 0, ..built }).is_err());
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Recipe {
    /// Any number; every random choice derives from it, but for the stages that have a
    /// seed of their own.
    pub seed: u64,
    /// The rooms' own seed (placement, growth, colour and shape), when they were re-rolled
    /// apart from the rest; `None`: `seed`.
    pub rooms_seed: Option<u64>,
    /// The corridors' own seed (how paths run and, for `chain`, which rooms follow which),
    /// when they were re-rolled apart from the rest; `None`: `seed`, and a chain in the
    /// order the rooms were made.
    pub corridors_seed: Option<u64>,
    /// Rooms kept exactly, cell for cell, whatever else changes. Each is the room it was in
    /// the map it came from ([`Pin::room_index`]): the other rooms are grown as they would
    /// be without it, and only those that would overlap a pin or come within `spacing` of
    /// one are grown again elsewhere, each from a stream of its own. So pinning a room in
    /// its own map changes nothing else, and a pin moved moves only the rooms it now meets;
    /// corridors join pinned rooms as any room. `rooms` counts them; a pin whose room the
    /// map does not have (fewer rooms asked for) takes the last room's place. Pins are
    /// where they were put: `spacing` is not kept between two pins.
    ///
    /// Pins written before pins had a room number are placed first, in this order, the
    /// other rooms around them, as they were then, in a recipe with no other pins and no
    /// vaults; beside those, such a pin is the room of its place among the pins.
    pub pins: Vec<Pin>,
    /// Rooms of a game's own shape, counted in `rooms` and made after the grown and pinned
    /// ones (see [`Vault`]). One with a place goes there, as a pin does; one without is put
    /// by the rooms stage where it keeps `spacing` from the pins and the vaults before it
    /// and, where it can, from the grown rooms, drawing from a stream of its own. Grown
    /// rooms in a vault's way are grown again elsewhere, and corridors join vaults as any
    /// room.
    pub vaults: Vec<Vault>,
    /// Grid width in cells, 1 to 2048.
    pub width: u32,
    /// Grid height in cells, 1 to 2048.
    pub height: u32,
    /// Rooms asked for, 1 to 10,000 (fewer are placed when the map fills up: see
    /// [`crate::Dungeon::shortfall`]).
    pub rooms: u32,
    /// Cells per room, 1 to 4096 (a walled-in room stays smaller).
    pub room_size: u32,
    /// How cave rooms grow, 0 to 1: 0 compact blobs, 1 long winding caverns.
    pub stickiness: f64,
    /// How paths wiggle, 0 to 1: 0 straight, 1 wiggly.
    pub randomness: f64,
    /// The rooms' shape.
    pub shape: Shape,
    /// Which way caves grow, -1 to 1: negative tall, positive wide.
    pub stretch: f64,
    /// How a corridor runs between two rooms.
    pub corridor: Corridor,
    /// The most bends of a twisty corridor, 1 to 8.
    pub bends: u32,
    /// Which rooms are joined.
    pub connect: Connect,
    /// Share of extra connections in a `loops` dungeon, 0 to 1.
    pub loops: f64,
    /// Cells of rock at least between two rooms, 0 to 8: 0 lets them touch (unless
    /// `closed`, which keeps at least 1).
    pub spacing: u32,
    /// Whether every room is closed by walls but at its doors: corridors never run along a
    /// room's floor (they reach it through a door cell in its wall), rooms never share an
    /// edge (a cell of rock at least between two), no door has an opening beside it, and
    /// every room is reached from every other through doors. `false` (the original's)
    /// lets corridors run along rooms and rooms touch.
    pub closed: bool,
    /// What a room does where it has no room to grow.
    pub fit: Fit,
    /// How strongly corridors join each other instead of running side by side, 0 to 1.
    pub merge: f64,
    /// Cells of rock kept clear along every edge, 0 to 16: at 1 or more the map is
    /// closed by walls all round. Rooms and corridors are made on the map inside the
    /// margin, as a map of that size would be, and put in the middle; pins are in the
    /// whole map's cells and must lie inside the margin.
    pub margin: u32,
    /// How many levels the dungeon has, 1 to 16. Level 1 is the map of this recipe as
    /// without the key; each level below is made from streams of its own (so adding
    /// levels keeps those above cell for cell), its first room grown around the stairs
    /// down of the level above, where its stairs up are. Pins and vaults are on the level
    /// they name ([`Pin::level`], [`Vault::level`]).
    pub levels: u32,
    /// Which level this recipe makes, 1 to `levels`; `None`: level 1, and the files of
    /// a dungeon of several levels hold every level.
    pub level: Option<u32>,
}

/// The original's map: 64×56 cells, 12 cave rooms of 90 cells, stickiness 0.5,
/// randomness 1, chained by shortest paths.
impl Default for Recipe {
    fn default() -> Self {
        Self {
            seed: 1,
            rooms_seed: None,
            corridors_seed: None,
            pins: Vec::new(),
            vaults: Vec::new(),
            width: 64,
            height: 56,
            rooms: 12,
            room_size: 90,
            stickiness: 0.5,
            randomness: 1.0,
            shape: Shape::Cave,
            stretch: 0.0,
            corridor: Corridor::Flood,
            bends: 3,
            connect: Connect::Chain,
            loops: 0.25,
            spacing: 0,
            closed: false,
            fit: Fit::Shrink,
            merge: 0.0,
            margin: 0,
            levels: 1,
            level: None,
        }
    }
}

impl Recipe {
    /// The version tag every recipe's text starts with.
    pub const VERSION: &'static str = VERSION;

    /// The longest a recipe may take to make, in seconds, by [`Recipe::seconds`].
    pub const SECONDS_MOST: f64 = cost::SECONDS_MOST;

    /// `count` recipes like this one on consecutive seeds from its own, one at a time: a
    /// contact sheet's tiles, a gallery's, a game's levels. The stages' own seeds, where
    /// given, step along with it (wrapping past the largest), so that every stage of each
    /// map is new; the pins and vaults stay.
    ///
    /// ```
    /// use dungeon_generator::Recipe;
    ///
    /// let first: Recipe = "dv1 seed=9 rooms=5".parse()?;
    /// let levels: Vec<Recipe> = first.consecutive_seeds(3).collect::<Result<_, _>>()?;
    /// assert_eq!(levels.iter().map(|r| r.seed).collect::<Vec<_>>(), [9, 10, 11]);
    /// let last: Recipe = "dv1 seed=18446744073709551615".parse()?;
    /// assert!(last.consecutive_seeds(2).nth(1).unwrap().is_err());
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    ///
    /// # Errors
    /// Each recipe whose seed would run past the largest seed is an error.
    pub fn consecutive_seeds(&self, count: u32) -> impl Iterator<Item = Result<Recipe, Error>> {
        let first = self.clone();
        (0..u64::from(count)).map(move |i| {
            let mut recipe = Recipe {
                rooms_seed: first.rooms_seed.map(|s| s.wrapping_add(i)),
                corridors_seed: first.corridors_seed.map(|s| s.wrapping_add(i)),
                ..first.clone()
            };
            // Past the largest seed, the seed key says how far seeds go.
            let seed = u128::from(first.seed) + u128::from(i);
            recipe.set("seed", &seed.to_string())?;
            Ok(recipe)
        })
    }

    /// Set one value from text, by key (`room-size`, not `room_size`).
    ///
    /// # Errors
    /// An unknown key, a value that is not of the key's kind, or one out of the key's
    /// range; the recipe is unchanged then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), Error> {
        let key = Key::named(name).ok_or_else(|| Error::UnknownKey { key: quote(name) })?;
        let value = key.parse(value)?;
        key.set(self, value)
    }

    /// Cells of rock at least between two rooms: the spacing, at least 1 for a closed map.
    pub(crate) fn rooms_apart(&self) -> u32 {
        if self.closed {
            self.spacing.max(1)
        } else {
            self.spacing
        }
    }

    /// The size of the map inside the margin, where rooms and corridors are made: 0 a
    /// side when the margin leaves nothing.
    pub(crate) fn inner_size(&self) -> (u32, u32) {
        let keep = self.margin.saturating_mul(2);
        (
            self.width.saturating_sub(keep),
            self.height.saturating_sub(keep),
        )
    }

    /// The recipe of the map inside the margin, which the stages make: this one on a map
    /// smaller by the margin all round, its pins and placed vaults moved to match; the same recipe when
    /// there is no margin. Pins and vaults that would leave the map (which
    /// [`Recipe::validate`] refuses) are left out.
    pub(crate) fn inner(&self) -> Recipe {
        if self.margin == 0 {
            return self.clone();
        }
        let (width, height) = self.inner_size();
        let by = -i64::from(self.margin);
        Recipe {
            width,
            height,
            margin: 0,
            pins: self
                .pins
                .iter()
                .filter_map(|pin| pin.moved_by(by, by))
                .collect(),
            vaults: self
                .vaults
                .iter()
                .filter_map(|vault| match vault.place() {
                    None => Some(vault.clone()),
                    Some(at) => Some(vault.at(Pos::new(
                        at.x.checked_sub(self.margin)?,
                        at.y.checked_sub(self.margin)?,
                    ))),
                })
                .collect(),
            ..self.clone()
        }
    }

    /// The most room cells (rooms × room size) this recipe may ask for: a third of the
    /// cells of the map inside its margin, at most 1,000,000 and at least 65,536 (small
    /// maps may be crowded). On a big map crowded with rooms, free ground breaks up into a
    /// maze, and proving each of thousands of paths the shortest then takes minutes;
    /// within this bound the largest map generates in seconds.
    #[must_use]
    pub fn room_cells_most(&self) -> u64 {
        let (width, height) = self.inner_size();
        room_cells_allowed(width, height)
    }

    /// Check every value against its range, that the margin leaves room, the time its
    /// pins and vaults would take against [`Recipe::SECONDS_MOST`] (as the cells of their
    /// boxes), the pins (see [`Recipe::check_pins`]), the room cells asked for against
    /// [`Recipe::room_cells_most`], and the time the recipe would take against
    /// [`Recipe::SECONDS_MOST`] (see [`Recipe::seconds`]).
    ///
    /// # Errors
    /// The first value out of range, named with its key; a margin that leaves no cell;
    /// pins and vaults too many or too big to place in time; the first pin that cannot be
    /// kept; too many room cells; or a recipe estimated to
    /// take too long, with the rooms that would fit.
    pub fn validate(&self) -> Result<(), Error> {
        for key in &KEYS {
            let value = key.get(self);
            key.check(&value).map_err(|()| Error::OutOfRange {
                key: key.name().to_string(),
                value: key.format(&value),
                range: key.kind().allowed(),
            })?;
        }
        if let Some(level) = self.level.filter(|&l| l > self.levels) {
            return Err(Error::NoSuchLevel {
                level,
                levels: self.levels,
            });
        }
        let (width, height) = self.inner_size();
        if width == 0 || height == 0 {
            return Err(Error::MarginTooWide {
                margin: self.margin,
                width: self.width,
                height: self.height,
            });
        }
        let pin_cells = pin_cells(self);
        let pins = pin_seconds(pin_cells);
        if pins > Recipe::SECONDS_MOST {
            return Err(Error::PinsTooSlow {
                cells: pin_cells,
                seconds: pins.ceil() as u64,
            });
        }
        self.check_pins()?;
        let asked = u64::from(self.rooms) * u64::from(self.room_size);
        if asked > self.room_cells_most() {
            return Err(Error::Crowded {
                rooms: self.rooms,
                room_size: self.room_size,
                width,
                height,
            });
        }
        let estimate = self.seconds();
        if estimate > Recipe::SECONDS_MOST {
            return Err(Error::TooSlow {
                rooms: self.rooms,
                levels: self.levels,
                seconds: estimate.ceil() as u64,
                fits: self.rooms_that_fit(),
            });
        }
        Ok(())
    }
}

/// `dv1` and every key as `key=value`, in [`Key::all`]'s order; keys that are not always printed
/// only when they differ from their default.
impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(VERSION)?;
        for key in &KEYS {
            let value = key.get(self);
            if key.always_printed || value != key.default_value() {
                write!(f, " {}={}", key.name(), key.format(&value))?;
            }
        }
        Ok(())
    }
}

impl From<Recipe> for String {
    fn from(recipe: Recipe) -> String {
        recipe.to_string()
    }
}

impl TryFrom<String> for Recipe {
    type Error = Error;

    fn try_from(text: String) -> Result<Recipe, Error> {
        text.parse()
    }
}

impl FromStr for Recipe {
    type Err = Error;

    /// Parse a recipe string; missing keys keep their defaults.
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut words = text.split_whitespace();
        match words.next() {
            None => return Err(Error::Empty),
            Some(VERSION) => {}
            Some(other) => {
                return Err(Error::Version {
                    found: quote(other),
                });
            }
        }
        let mut recipe = Recipe::default();
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(Error::Malformed { token: quote(word) });
            };
            if seen.contains(&key) {
                return Err(Error::Repeated { key: quote(key) });
            }
            recipe.set(key, value)?;
            seen.push(key);
        }
        recipe.validate()?;
        Ok(recipe)
    }
}
