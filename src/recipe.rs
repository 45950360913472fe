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

pub use crate::connect::Connect;
pub use crate::corridors::Corridor;
pub use crate::rooms::Shape;

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

/// Turning of cave growth, [`STRETCH`]: −1 tall, 0 as grown, 1 wide.
pub const STRETCH: RangeInclusive<f64> = -1.0..=1.0;
/// Bends a twisty corridor may take.
pub const BENDS: RangeInclusive<u32> = 1..=8;
/// Share of the extra connections a `loops` dungeon gets.
pub const LOOPS: RangeInclusive<f64> = 0.0..=1.0;

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
    /// The rooms' shape.
    pub shape: Shape,
    /// Which way caves grow, [`STRETCH`]: negative tall, positive wide.
    pub stretch: f64,
    /// How a corridor runs between two rooms.
    pub corridor: Corridor,
    /// The most bends of a twisty corridor, [`BENDS`].
    pub bends: u32,
    /// Which rooms are joined.
    pub connect: Connect,
    /// Share of extra connections in a `loops` dungeon, [`LOOPS`].
    pub loops: f64,
}

/// The original's map: 64×56 cells, 12 cave rooms of 90 cells, stickiness 0.5,
/// randomness 1, chained by shortest paths.
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
            shape: Shape::Cave,
            stretch: 0.0,
            corridor: Corridor::Flood,
            bends: 3,
            connect: Connect::Chain,
            loops: 0.25,
        }
    }
}

/// A key's value, whatever its kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Whole(u64),
    Fraction(f64),
    /// The index of one of the key's choices.
    Choice(usize),
}

/// What values a key takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Whole numbers from `min` to `max`.
    Whole { min: u64, max: u64 },
    /// Numbers from `min` to `max`, moved by the panel in steps of 0.01.
    Fraction { min: f64, max: f64 },
    /// One of these names.
    Choice(&'static [&'static str]),
}

impl Kind {
    /// The allowed values in words: `1 to 2048`, `cave, rect or diamond`.
    #[must_use]
    pub fn allowed(&self) -> String {
        match self {
            Kind::Whole { min, max } => format!("{min} to {max}"),
            Kind::Fraction { min, max } => {
                format!("{} to {}", fmt_fraction(*min), fmt_fraction(*max))
            }
            Kind::Choice(names) => match names.split_last() {
                Some((last, [])) => (*last).to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            },
        }
    }
}

/// One key of the recipe: its name, what it does in a user's words, the values it takes,
/// and how to read and set it on a [`Recipe`]. [`KEYS`] lists them all; parsing, printing,
/// validation, the command line's flags, the panel's controls and the README's table all
/// come from it.
#[derive(Clone, Copy)]
pub struct Key {
    /// As written in recipes and as a flag: `room-size`, `--room-size`.
    pub name: &'static str,
    /// What it does, for `--help`, tooltips and the README.
    pub help: &'static str,
    pub kind: Kind,
    /// Whether every recipe prints it; the other keys appear only when they differ from
    /// their default, so recipes written before they existed print as they always did.
    pub always_printed: bool,
    get: fn(&Recipe) -> Value,
    set: fn(&mut Recipe, Value),
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Key")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Key {
    /// This key's value in `recipe`.
    #[must_use]
    pub fn get(&self, recipe: &Recipe) -> Value {
        (self.get)(recipe)
    }

    /// This key's value in the default recipe.
    #[must_use]
    pub fn default_value(&self) -> Value {
        self.get(&Recipe::default())
    }

    /// The value as a recipe writes it.
    #[must_use]
    pub fn format(&self, value: Value) -> String {
        match (value, self.kind) {
            (Value::Whole(n), _) => n.to_string(),
            (Value::Fraction(x), _) => fmt_fraction(x),
            (Value::Choice(i), Kind::Choice(names)) => {
                names.get(i).copied().unwrap_or("?").to_string()
            }
            (Value::Choice(i), _) => i.to_string(),
        }
    }

    /// Read `text` as a value of this key.
    ///
    /// # Errors
    /// Text that is not a value of the key's kind, or one outside its range; the error
    /// names the key and what is allowed.
    pub fn parse(&self, text: &str) -> Result<Value, RecipeError> {
        let wrong = |range: bool| {
            let (key, value, allowed) =
                (self.name.to_string(), text.to_string(), self.kind.allowed());
            match (self.kind, range) {
                (Kind::Choice(_), _) => RecipeError::NotAChoice {
                    key,
                    value,
                    allowed,
                },
                (_, true) => RecipeError::OutOfRange {
                    key,
                    value,
                    range: allowed,
                },
                (_, false) => RecipeError::NotANumber {
                    key,
                    value,
                    range: allowed,
                },
            }
        };
        let value = match self.kind {
            Kind::Whole { .. } => Value::Whole(text.parse().map_err(|_| wrong(false))?),
            // `-0` reads as 0, so that it prints as 0; NaN and infinities fail the range.
            Kind::Fraction { .. } => {
                Value::Fraction(text.parse::<f64>().map_err(|_| wrong(false))? + 0.0)
            }
            Kind::Choice(names) => Value::Choice(
                names
                    .iter()
                    .position(|n| *n == text)
                    .ok_or_else(|| wrong(false))?,
            ),
        };
        self.check(value).map_err(|()| wrong(true))?;
        Ok(value)
    }

    /// Whether `value` is in the key's range.
    fn check(&self, value: Value) -> Result<(), ()> {
        let fits = match (value, self.kind) {
            (Value::Whole(n), Kind::Whole { min, max }) => (min..=max).contains(&n),
            (Value::Fraction(x), Kind::Fraction { min, max }) => (min..=max).contains(&x),
            (Value::Choice(i), Kind::Choice(names)) => i < names.len(),
            _ => false,
        };
        if fits { Ok(()) } else { Err(()) }
    }

    /// Set this key of `recipe` to `value`, which must be of the key's kind and in its
    /// range (as [`Key::parse`] gives).
    ///
    /// # Errors
    /// A value of another kind or out of range; the recipe is unchanged then.
    pub fn set(&self, recipe: &mut Recipe, value: Value) -> Result<(), RecipeError> {
        self.check(value).map_err(|()| RecipeError::OutOfRange {
            key: self.name.to_string(),
            value: format!("{value:?}"),
            range: self.kind.allowed(),
        })?;
        (self.set)(recipe, value);
        Ok(())
    }
}

/// The shortest decimal that reads back as `x`: `0.5`, `1`, `1e-320` (not 330 digits).
#[must_use]
pub fn fmt_fraction(x: f64) -> String {
    let plain = format!("{x}");
    let scientific = format!("{x:e}");
    if scientific.len() < plain.len() {
        scientific
    } else {
        plain
    }
}

const fn whole(range: &RangeInclusive<u32>) -> Kind {
    Kind::Whole {
        min: *range.start() as u64,
        max: *range.end() as u64,
    }
}

const fn fraction(range: &RangeInclusive<f64>) -> Kind {
    Kind::Fraction {
        min: *range.start(),
        max: *range.end(),
    }
}

fn as_u32(v: Value) -> u32 {
    match v {
        Value::Whole(n) => u32::try_from(n).unwrap_or(u32::MAX),
        _ => 0,
    }
}

fn as_f64(v: Value) -> f64 {
    match v {
        Value::Fraction(x) => x,
        _ => 0.0,
    }
}

fn as_choice<C: Choice>(v: Value) -> C {
    match v {
        Value::Choice(i) => C::ALL.get(i).copied().unwrap_or(C::ALL[0]),
        _ => C::ALL[0],
    }
}

/// A recipe key that picks one of a few named styles.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every style, the default first.
    const ALL: &'static [Self];
    /// Their names in recipes, in the same order.
    const NAMES: &'static [&'static str];

    /// Its place in [`Choice::ALL`].
    fn index(self) -> usize {
        Self::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }

    /// Its name in recipes.
    fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// Every key, in the order a recipe is written.
pub const KEYS: [Key; 13] = [
    Key {
        name: "seed",
        help: "Every random choice of the map comes from this number: the same seed and \
               settings always give the same map.",
        kind: Kind::Whole {
            min: 0,
            max: u64::MAX,
        },
        always_printed: true,
        get: |r| Value::Whole(r.seed),
        set: |r, v| {
            r.seed = match v {
                Value::Whole(n) => n,
                _ => r.seed,
            }
        },
    },
    Key {
        name: "width",
        help: "How many cells wide the map is, 1 to 2048. The biggest maps take seconds to \
               make: the panel shows how far it got, and any change stops it.",
        kind: whole(&WIDTH),
        always_printed: true,
        get: |r| Value::Whole(r.width.into()),
        set: |r, v| r.width = as_u32(v),
    },
    Key {
        name: "height",
        help: "How many cells high the map is, 1 to 2048. The biggest maps take seconds to \
               make: the panel shows how far it got, and any change stops it.",
        kind: whole(&HEIGHT),
        always_printed: true,
        get: |r| Value::Whole(r.height.into()),
        set: |r, v| r.height = as_u32(v),
    },
    Key {
        name: "rooms",
        help: "How many rooms to place; when the map fills up, fewer are placed. Rooms × \
               room size may be at most a third of the cells (never more than 1000000, \
               always 65536).",
        kind: whole(&ROOMS),
        always_printed: true,
        get: |r| Value::Whole(r.rooms.into()),
        set: |r, v| r.rooms = as_u32(v),
    },
    Key {
        name: "room-size",
        help: "How many cells each room grows to: 1 makes one-cell rooms. A room hemmed in \
               by others stays smaller.",
        kind: whole(&ROOM_SIZE),
        always_printed: true,
        get: |r| Value::Whole(r.room_size.into()),
        set: |r, v| r.room_size = as_u32(v),
    },
    Key {
        name: "stickiness",
        help: "How cave rooms grow, one cell at a time. At 0 each new cell grows from \
               anywhere on the room, making round, compact blobs; at 1 each grows from the \
               cell added just before, making long winding caverns.",
        kind: fraction(&STICKINESS),
        always_printed: true,
        get: |r| Value::Fraction(r.stickiness),
        set: |r, v| r.stickiness = as_f64(v),
    },
    Key {
        name: "randomness",
        help: "How flood corridors wiggle. At 0 they run straight, in long tidy corridors; \
               at 1 they wander and turn at nearly every step. They stay as short as they can \
               either way.",
        kind: fraction(&RANDOMNESS),
        always_printed: true,
        get: |r| Value::Fraction(r.randomness),
        set: |r, v| r.randomness = as_f64(v),
    },
    Key {
        name: "shape",
        help: "The rooms' shape: cave (grown cell by cell), rect (rectangles), diamond, \
               cross (two crossing bars), or mixed (each room picks one).",
        kind: Kind::Choice(Shape::NAMES),
        always_printed: false,
        get: |r| Value::Choice(r.shape.index()),
        set: |r, v| r.shape = as_choice(v),
    },
    Key {
        name: "stretch",
        help: "Which way caves grow: 0 evenly, towards 1 ever wider, towards -1 ever taller.",
        kind: fraction(&STRETCH),
        always_printed: false,
        get: |r| Value::Fraction(r.stretch),
        set: |r, v| r.stretch = as_f64(v),
    },
    Key {
        name: "corridor",
        help: "How a corridor runs: flood (the shortest way, wiggled by randomness), \
               half-rect (one L-shaped bend) or twisty (several bends, up to `bends`).",
        kind: Kind::Choice(Corridor::NAMES),
        always_printed: false,
        get: |r| Value::Choice(r.corridor.index()),
        set: |r, v| r.corridor = as_choice(v),
    },
    Key {
        name: "bends",
        help: "The most bends a twisty corridor takes: 1 is a single L, 8 a long staircase.",
        kind: whole(&BENDS),
        always_printed: false,
        get: |r| Value::Whole(r.bends.into()),
        set: |r, v| r.bends = as_u32(v),
    },
    Key {
        name: "connect",
        help: "Which rooms get a corridor: chain (each to the next one made, crossing the \
               map), nearest (each to its nearest neighbours: short corridors, no cycles) or \
               loops (nearest plus extra short corridors that make circuits).",
        kind: Kind::Choice(Connect::NAMES),
        always_printed: false,
        get: |r| Value::Choice(r.connect.index()),
        set: |r, v| r.connect = as_choice(v),
    },
    Key {
        name: "loops",
        help: "For loops: the share of neighbouring rooms not yet joined that get an extra \
               corridor, shortest first: 0 none (a tree), 1 every pair that faces each other.",
        kind: fraction(&LOOPS),
        always_printed: false,
        get: |r| Value::Fraction(r.loops),
        set: |r, v| r.loops = as_f64(v),
    },
];

/// The key named `name`, if there is one.
#[must_use]
pub fn key(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

/// The README's table of keys, in Markdown: one row per key with its values, its default
/// and what it does.
#[must_use]
pub fn keys_markdown() -> String {
    let mut table = String::from("| key | values | default | what it does |\n|---|---|---|---|\n");
    for key in &KEYS {
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            key.name,
            key.kind.allowed(),
            key.format(key.default_value()),
            key.help
        ));
    }
    table
}

/// The names of every key, for messages.
fn key_names() -> String {
    KEYS.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
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
    /// A name that is none of the key's choices.
    NotAChoice {
        key: String,
        value: String,
        allowed: String,
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
                key_names()
            ),
            RecipeError::Repeated { key } => write!(f, "recipe key `{key}` is given twice"),
            RecipeError::NotANumber { key, value, range } => {
                write!(f, "{key} = `{value}` is not a number in {range}")
            }
            RecipeError::NotAChoice {
                key,
                value,
                allowed,
            } => write!(f, "{key} = `{value}` is not allowed: choose {allowed}"),
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
    /// An unknown key, a value that is not of the key's kind, or one out of the key's
    /// range; the recipe is unchanged then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RecipeError> {
        let key = key(name).ok_or_else(|| RecipeError::UnknownKey {
            key: name.to_string(),
        })?;
        let value = key.parse(value)?;
        key.set(self, value)
    }

    /// Check every value against its range, and the room cells asked for against
    /// [`room_cells_allowed`].
    ///
    /// # Errors
    /// The first value out of range, named with its key; or too many room cells.
    pub fn validate(&self) -> Result<(), RecipeError> {
        for key in &KEYS {
            let value = key.get(self);
            key.check(value).map_err(|()| RecipeError::OutOfRange {
                key: key.name.to_string(),
                value: key.format(value),
                range: key.kind.allowed(),
            })?;
        }
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

/// `dv1` and every key as `key=value`, in [`KEYS`] order; keys that are not always printed
/// only when they differ from their default.
impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(VERSION)?;
        for key in &KEYS {
            let value = key.get(self);
            if key.always_printed || value != key.default_value() {
                write!(f, " {}={}", key.name, key.format(value))?;
            }
        }
        Ok(())
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
