//! The recipe: everything that decides a map, in one short human-readable string.
//!
//! ```text
//! dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1
//! ```
//!
//! `dv1` is the version tag. Keys may come in any order and missing keys take their
//! defaults; unknown keys, repeated keys and out-of-range values are errors that name them.
//! Displaying a recipe and parsing the result gives the same recipe back.

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

    /// Check every value against its range.
    ///
    /// # Errors
    /// The first value out of range, named with its key.
    pub fn validate(&self) -> Result<(), RecipeError> {
        check("width", &self.width, &WIDTH)?;
        check("height", &self.height, &HEIGHT)?;
        check("rooms", &self.rooms, &ROOMS)?;
        check("room-size", &self.room_size, &ROOM_SIZE)?;
        check("stickiness", &self.stickiness, &STICKINESS)?;
        check("randomness", &self.randomness, &RANDOMNESS)
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
        Ok(recipe)
    }
}
