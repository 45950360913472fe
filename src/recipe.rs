//! The recipe: everything that decides a map, in one short human-readable string.
//!
//! ```text
//! dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1
//! ```
//!
//! `dv1` is the version tag. Keys may come in any order and missing keys take their
//! defaults; unknown keys, repeated keys and out-of-range values are errors that name them,
//! and so is asking for more room cells than [`room_cells_allowed`]. Displaying a recipe and
//! parsing the result gives the same recipe back.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The version tag every recipe string starts with.
pub const VERSION: &str = "dv1";

/// Grid width in cells.
pub const WIDTH: RangeInclusive<u32> = 1..=2048;
/// Grid height in cells.
pub const HEIGHT: RangeInclusive<u32> = 1..=2048;
/// Rooms asked for (fewer are placed when the grid fills up).
pub const ROOMS: RangeInclusive<u32> = 1..=10_000;
/// Cells per room (a walled-in room stays smaller).
pub const ROOM_SIZE: RangeInclusive<u32> = 1..=4096;
/// Chance of growing a room from the cell it added last.
pub const STICKINESS: RangeInclusive<f64> = 0.0..=1.0;
/// Chance of shuffling the neighbour order while flooding a path.
pub const RANDOMNESS: RangeInclusive<f64> = 0.0..=1.0;

/// Room cells a recipe may always ask for, whatever the map's size: small maps may be
/// crowded.
pub const ROOM_CELLS_ALWAYS: u64 = 65_536;
/// Room cells no recipe may ask for more than.
pub const ROOM_CELLS_MOST: u64 = 1_000_000;

/// The most room cells (rooms × room size) a recipe may ask for on a `width × height` map:
/// a third of its cells, at most [`ROOM_CELLS_MOST`], at least [`ROOM_CELLS_ALWAYS`]. On a
/// big map crowded with rooms, free ground breaks up into a maze, and proving each of
/// thousands of paths the shortest then takes minutes; within this bound the largest map
/// generates in seconds.
#[must_use]
pub fn room_cells_allowed(width: u32, height: u32) -> u64 {
    let cells = u64::from(width) * u64::from(height);
    (cells / 3).clamp(ROOM_CELLS_ALWAYS, ROOM_CELLS_MOST)
}

/// Every key, in the order a recipe is written.
pub const KEYS: [&str; 7] = [
    "seed",
    "width",
    "height",
    "rooms",
    "room-size",
    "stickiness",
    "randomness",
];

/// Everything that decides a map. The same recipe gives the same map on every machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Recipe {
    /// Any number; every random choice derives from it.
    pub seed: u64,
    /// Grid width in cells, [`WIDTH`].
    pub width: u32,
    /// Grid height in cells, [`HEIGHT`].
    pub height: u32,
    /// Rooms asked for, [`ROOMS`].
    pub rooms: u32,
    /// Cells per room, [`ROOM_SIZE`].
    pub room_size: u32,
    /// How cave rooms grow, [`STICKINESS`]: 0 compact blobs, 1 long winding caverns.
    pub stickiness: f64,
    /// How paths wiggle, [`RANDOMNESS`]: 0 straight, 1 wiggly.
    pub randomness: f64,
}

/// The original's map: 64×56 cells, 12 rooms of 90 cells, stickiness 0.5, randomness 1.
impl Default for Recipe {
    fn default() -> Self {
        Self {
            seed: 1,
            width: 64,
            height: 56,
            rooms: 12,
            room_size: 90,
            stickiness: 0.5,
            randomness: 1.0,
        }
    }
}

/// What is wrong with a recipe or one of its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecipeError {
    /// Nothing to parse.
    Empty,
    /// The string does not start with [`VERSION`].
    Version { found: String },
    /// A word that is not `key=value`.
    Malformed { token: String },
    /// A key no recipe has.
    UnknownKey { key: String },
    /// A key given twice.
    Repeated { key: String },
    /// A value that is not a number of the right kind.
    NotANumber {
        key: String,
        value: String,
        range: String,
    },
    /// A number outside the key's range.
    OutOfRange {
        key: String,
        value: String,
        range: String,
    },
    /// More room cells than the map may hold (see [`room_cells_allowed`]).
    Crowded {
        rooms: u32,
        room_size: u32,
        width: u32,
        height: u32,
    },
}

impl fmt::Display for RecipeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecipeError::Empty => {
                write!(f, "the recipe is empty; a recipe starts with `{VERSION}`")
            }
            RecipeError::Version { found } => write!(
                f,
                "the recipe starts with `{found}`, not the version tag `{VERSION}`"
            ),
            RecipeError::Malformed { token } => {
                write!(f, "`{token}` in the recipe is not of the form key=value")
            }
            RecipeError::UnknownKey { key } => write!(
                f,
                "unknown recipe key `{key}`; the keys are {}",
                KEYS.join(", ")
            ),
            RecipeError::Repeated { key } => write!(f, "recipe key `{key}` is given twice"),
            RecipeError::NotANumber { key, value, range } => {
                write!(f, "{key} = `{value}` is not a number in {range}")
            }
            RecipeError::OutOfRange { key, value, range } => {
                write!(f, "{key} = {value} is out of range: allowed {range}")
            }
            RecipeError::Crowded {
                rooms,
                room_size,
                width,
                height,
            } => write!(
                f,
                "rooms × room-size = {rooms} × {room_size} = {} room cells is too many for a \
                 {width}×{height} map: at most {} (a third of its cells, never more than \
                 {ROOM_CELLS_MOST}, always {ROOM_CELLS_ALWAYS})",
                u64::from(*rooms) * u64::from(*room_size),
                room_cells_allowed(*width, *height)
            ),
        }
    }
}

impl std::error::Error for RecipeError {}

impl Recipe {
    /// Set one value from text, by key (`room-size`, not `room_size`).
    ///
    /// # Errors
    /// An unknown key, a value that is not a number, or one out of the key's range; the
    /// recipe is unchanged then.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RecipeError> {
        match key {
            "seed" => self.seed = parse_in(key, value, &(0..=u64::MAX))?,
            "width" => self.width = parse_in(key, value, &WIDTH)?,
            "height" => self.height = parse_in(key, value, &HEIGHT)?,
            "rooms" => self.rooms = parse_in(key, value, &ROOMS)?,
            "room-size" => self.room_size = parse_in(key, value, &ROOM_SIZE)?,
            "stickiness" => self.stickiness = parse_in(key, value, &STICKINESS)?,
            "randomness" => self.randomness = parse_in(key, value, &RANDOMNESS)?,
            _ => {
                return Err(RecipeError::UnknownKey {
                    key: key.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Check every value against its range, and the room cells asked for against
    /// [`room_cells_allowed`].
    ///
    /// # Errors
    /// The first value out of range, named with its key; or too many room cells.
    pub fn validate(&self) -> Result<(), RecipeError> {
        check("width", &self.width, &WIDTH)?;
        check("height", &self.height, &HEIGHT)?;
        check("rooms", &self.rooms, &ROOMS)?;
        check("room-size", &self.room_size, &ROOM_SIZE)?;
        check("stickiness", &self.stickiness, &STICKINESS)?;
        check("randomness", &self.randomness, &RANDOMNESS)?;
        let asked = u64::from(self.rooms) * u64::from(self.room_size);
        if asked > room_cells_allowed(self.width, self.height) {
            return Err(RecipeError::Crowded {
                rooms: self.rooms,
                room_size: self.room_size,
                width: self.width,
                height: self.height,
            });
        }
        Ok(())
    }
}

fn check<T>(key: &str, value: &T, range: &RangeInclusive<T>) -> Result<(), RecipeError>
where
    T: PartialOrd + fmt::Display,
{
    if range.contains(value) {
        Ok(())
    } else {
        Err(RecipeError::OutOfRange {
            key: key.to_string(),
            value: value.to_string(),
            range: describe(range),
        })
    }
}

fn parse_in<T>(key: &str, value: &str, range: &RangeInclusive<T>) -> Result<T, RecipeError>
where
    T: FromStr + PartialOrd + fmt::Display,
{
    let number = value.parse::<T>().map_err(|_| RecipeError::NotANumber {
        key: key.to_string(),
        value: value.to_string(),
        range: describe(range),
    })?;
    check(key, &number, range)?;
    Ok(number)
}

fn describe<T: fmt::Display>(range: &RangeInclusive<T>) -> String {
    format!("{} to {}", range.start(), range.end())
}

impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Recipe {
            seed,
            width,
            height,
            rooms,
            room_size,
            stickiness,
            randomness,
        } = self;
        write!(
            f,
            "{VERSION} seed={seed} width={width} height={height} rooms={rooms} \
             room-size={room_size} stickiness={stickiness} randomness={randomness}"
        )
    }
}

impl FromStr for Recipe {
    type Err = RecipeError;

    /// Parse a recipe string; missing keys keep their defaults.
    fn from_str(text: &str) -> Result<Self, RecipeError> {
        let mut words = text.split_whitespace();
        match words.next() {
            None => return Err(RecipeError::Empty),
            Some(VERSION) => {}
            Some(other) => {
                return Err(RecipeError::Version {
                    found: other.to_string(),
                });
            }
        }
        let mut recipe = Recipe::default();
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(RecipeError::Malformed {
                    token: word.to_string(),
                });
            };
            if seen.contains(&key) {
                return Err(RecipeError::Repeated {
                    key: key.to_string(),
                });
            }
            recipe.set(key, value)?;
            seen.push(key);
        }
        recipe.validate()?;
        Ok(recipe)
    }
}
