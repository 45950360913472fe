//! The table of recipe keys, [`KEYS`]: each key's name, help in a user's words, the values
//! it takes, its default and when it applies. Parsing, printing, validation, the command
//! line's flags, the panel's controls and tooltips, the sweeps and the README's table all
//! come from it, so a new key is one entry here.

use std::fmt;
use std::ops::RangeInclusive;

use super::cost::{SECONDS_MOST, pin_seconds};
use super::pin::{Pin, SEPARATOR};
use super::pins::PinFault;
use super::styles::{Choice, Connect, Corridor, Fit, Shape};
use super::vault::Vault;
use super::{
    BENDS, CLOSED, HEIGHT, LEVELS, LOOPS, MARGIN, MERGE, RANDOMNESS, ROOM_SIZE, ROOMS, Recipe,
    SPACING, STICKINESS, STRETCH, WIDTH,
};
use crate::base::text::{join_or, quote};
use crate::model::Error;

/// A key's value, whatever its kind.
///
/// ```
/// use dungeon_generator::{Key, Recipe, Value};
///
/// let recipe: Recipe = "dv1 shape=cross stickiness=0.25".parse()?;
/// let value = |name| Key::named(name).unwrap().get(&recipe);
/// assert_eq!(value("rooms"), Value::Whole(12));
/// assert_eq!(value("stickiness"), Value::Fraction(0.25));
/// assert_eq!(value("shape"), Value::Choice(3));
/// assert_eq!(value("rooms-seed"), Value::Absent);
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A whole number.
    Whole(u64),
    /// A number with a fraction.
    Fraction(f64),
    /// The index of one of the key's choices.
    Choice(usize),
    /// Not given: a key whose default this is takes its meaning from other keys (a
    /// stage's own seed is then `seed`).
    Absent,
    /// The pinned rooms, in order.
    Pins(Vec<Pin>),
    /// The vaults, in order.
    Vaults(Vec<Vault>),
}

/// What values a key takes.
///
/// ```
/// use dungeon_generator::{Key, Kind};
///
/// // A game's settings screen, from the key table.
/// for key in Key::all() {
///     let control = match key.kind() {
///         Kind::Whole { min, max } => format!("{min}..={max}"),
///         Kind::Fraction { min, max } => format!("{min}..{max}"),
///         Kind::Choice { names, .. } => names.join("/"),
///         Kind::Pins | Kind::Vaults => continue,
///     };
///     println!("{}: {control} ({})", key.name(), key.kind().allowed());
/// }
/// assert_eq!(Key::named("shape").unwrap().kind().allowed(), "cave, rect, diamond, cross or mixed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Whole numbers from `min` to `max`.
    Whole {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// Numbers from `min` to `max`, moved by the panel in steps of 0.01.
    Fraction {
        /// The least.
        min: f64,
        /// The most.
        max: f64,
    },
    /// One of a style's names: [`crate::Shape`], [`crate::Corridor`], [`crate::Connect`] or
    /// [`crate::Fit`].
    Choice {
        /// Their names in recipes.
        names: &'static [&'static str],
        /// A few words on each for the key's help (empty for none).
        glosses: &'static [&'static str],
    },
    /// Pinned rooms as the program writes them (see [`Pin`]), joined by `~`.
    Pins,
    /// Vaults as the program writes them (see [`Vault`]), joined by `~`.
    Vaults,
}

impl Kind {
    /// The allowed values in words: `1 to 2048`, `0 or 1`, `cave, rect or diamond`.
    #[must_use]
    pub fn allowed(&self) -> String {
        match self {
            Kind::Whole { min, max } if max - min == 1 => format!("{min} or {max}"),
            Kind::Whole { min, max } => format!("{min} to {max}"),
            Kind::Fraction { min, max } => {
                format!("{} to {}", fmt_fraction(*min), fmt_fraction(*max))
            }
            Kind::Choice { names, .. } => join_or(names),
            Kind::Pins => {
                format!("rooms as pinned, [L:]N@X.Y.WxH.RRGGBB.CELLS, joined by {SEPARATOR}")
            }
            Kind::Vaults => format!("a game's rooms, [L:][X.Y.]WxH.CELLS, joined by {SEPARATOR}"),
        }
    }

    /// Whether it is a switch: a whole number 0 (off) or 1 (on), such as `closed`.
    ///
    /// ```
    /// use dungeon_generator::Key;
    ///
    /// assert!(Key::named("closed").unwrap().kind().is_switch());
    /// assert!(!Key::named("spacing").unwrap().kind().is_switch());
    /// ```
    #[must_use]
    pub fn is_switch(&self) -> bool {
        matches!(self, Kind::Whole { min: 0, max: 1 })
    }
}

/// One key of the recipe: its name, what it does in a user's words, the values it takes,
/// and how to read and set it on a [`Recipe`]. [`Key::all`] lists them in the order a
/// recipe is written; parsing, printing, validation, the command line's flags, the
/// panel's controls and the README's table all come from them.
///
/// ```
/// use dungeon_generator::{Key, Kind, Recipe, Value};
///
/// let key = Key::named("room-size").expect("a key of the recipe");
/// assert_eq!(key.kind(), Kind::Whole { min: 1, max: 4096 });
/// let mut recipe = Recipe::default();
/// key.set(&mut recipe, key.parse("40")?)?;
/// assert_eq!((recipe.room_size, key.get(&recipe)), (40, Value::Whole(40)));
/// assert!(key.parse("0").is_err());
/// assert!(Key::all().iter().any(|k| k.name() == "margin"));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Key {
    /// As written in recipes and as a flag: `room-size`, `--room-size`.
    name: &'static str,
    /// What it does, for `--help`, tooltips and the README; a style key's help goes on
    /// with its choices (see [`Key::help`]).
    about: &'static str,
    /// What values it takes.
    kind: Kind,
    /// Whether every recipe prints it; the other keys appear only when they differ from
    /// their default, so recipes written before they existed print as they always did.
    pub(super) always_printed: bool,
    /// Whether a sweep may play it: the keys that shape a map without resizing it.
    sweepable: bool,
    applies: fn(&Recipe) -> Result<(), &'static str>,
    get: fn(&Recipe) -> Value,
    set: fn(&mut Recipe, Value),
}

/// Every key applies to every recipe.
fn always(_: &Recipe) -> Result<(), &'static str> {
    Ok(())
}

fn caves(r: &Recipe) -> Result<(), &'static str> {
    match r.shape {
        Shape::Cave | Shape::Mixed => Ok(()),
        _ => Err("Only cave rooms use this (shape cave or mixed)."),
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Key")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Key {
    /// Every key, in the order a recipe is written.
    #[must_use]
    pub fn all() -> &'static [Key] {
        &KEYS
    }

    /// The key named `name` (as written in recipes: `room-size`), if there is one.
    #[must_use]
    pub fn named(name: &str) -> Option<&'static Key> {
        KEYS.iter().find(|k| k.name == name)
    }

    /// Its name as written in recipes and as a flag: `room-size`, `--room-size`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What values it takes.
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether a sweep may play it: the keys that shape a map without resizing it.
    #[must_use]
    pub fn sweepable(&self) -> bool {
        self.sweepable
    }

    /// What it does, for `--help`, tooltips and the README: a style key's ends in its
    /// choices, each with its few words from the style's table.
    #[must_use]
    pub fn help(&self) -> String {
        match self.kind {
            Kind::Choice { names, glosses } => {
                let choices: Vec<String> = names
                    .iter()
                    .zip(glosses)
                    .map(|(name, gloss)| match *gloss {
                        "" => (*name).to_string(),
                        _ => format!("{name} ({gloss})"),
                    })
                    .collect();
                format!("{}: {}.", self.about, join_or(&choices))
            }
            _ => self.about.to_string(),
        }
    }

    /// This key's value in `recipe`.
    #[must_use]
    pub fn get(&self, recipe: &Recipe) -> Value {
        (self.get)(recipe)
    }

    /// Whether the key changes anything in `recipe` as it stands; if not, why, in a
    /// user's words.
    ///
    /// # Errors
    /// The reason the key changes nothing for this kind of dungeon.
    pub fn applies(&self, recipe: &Recipe) -> Result<(), &'static str> {
        (self.applies)(recipe)
    }

    /// This key's value in the default recipe.
    #[must_use]
    pub fn default_value(&self) -> Value {
        self.get(&Recipe::default())
    }

    /// The value as a recipe writes it; empty for [`Value::Absent`], which no recipe
    /// writes.
    #[must_use]
    pub fn format(&self, value: &Value) -> String {
        match (value, self.kind) {
            (Value::Whole(n), _) => n.to_string(),
            (Value::Fraction(x), _) => fmt_fraction(*x),
            (Value::Choice(i), Kind::Choice { names, .. }) => {
                names.get(*i).copied().unwrap_or("?").to_string()
            }
            (Value::Choice(i), _) => i.to_string(),
            (Value::Absent, _) => String::new(),
            (Value::Pins(pins), _) => joined(pins),
            (Value::Vaults(vaults), _) => joined(vaults),
        }
    }

    /// Read `text` as a value of this key.
    ///
    /// # Errors
    /// Text that is not a value of the key's kind, or one outside its range; the error
    /// names the key and what is allowed. Pins that do not read as pins are an
    /// [`Error::Pin`] naming the first such.
    pub fn parse(&self, text: &str) -> Result<Value, Error> {
        let wrong = |range: bool| {
            let (key, value, allowed) = (self.name.to_string(), quote(text), self.kind.allowed());
            match (self.kind, range) {
                (Kind::Choice { .. }, _) => Error::NotAChoice {
                    key,
                    value,
                    allowed,
                },
                (_, true) => Error::OutOfRange {
                    key,
                    value,
                    range: allowed,
                },
                (_, false) => Error::NotANumber {
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
            Kind::Choice { names, .. } => Value::Choice(
                names
                    .iter()
                    .position(|n| *n == text)
                    .ok_or_else(|| wrong(false))?,
            ),
            // Text that would take too long to read is refused before it is: each of its
            // characters stands for six cells of a box.
            Kind::Pins | Kind::Vaults if pin_seconds(6 * text.len() as u64) > SECONDS_MOST => {
                let cells = 6 * text.len() as u64;
                return Err(Error::PinsTooSlow {
                    cells,
                    seconds: pin_seconds(cells).ceil() as u64,
                });
            }
            Kind::Pins => Value::Pins(
                text.split(SEPARATOR)
                    .enumerate()
                    .map(|(i, pin)| {
                        pin.parse().map_err(|_| Error::Pin {
                            pin: i + 1,
                            fault: PinFault::Malformed { text: quote(pin) },
                        })
                    })
                    .collect::<Result<_, _>>()?,
            ),
            Kind::Vaults => Value::Vaults(
                text.split(SEPARATOR)
                    .enumerate()
                    .map(|(i, vault)| {
                        Vault::read(vault).ok_or_else(|| Error::Vault {
                            vault: i + 1,
                            fault: PinFault::Malformed { text: quote(vault) },
                        })
                    })
                    .collect::<Result<_, _>>()?,
            ),
        };
        self.check(&value).map_err(|()| wrong(true))?;
        Ok(value)
    }

    /// Whether `value` is in the key's range; [`Value::Absent`] is for a key whose default
    /// it is. Whether pins fit the map is [`Recipe::check_pins`]'s to say.
    pub(super) fn check(&self, value: &Value) -> Result<(), ()> {
        let fits = match (value, self.kind) {
            (Value::Whole(n), Kind::Whole { min, max }) => (min..=max).contains(n),
            (Value::Fraction(x), Kind::Fraction { min, max }) => (min..=max).contains(x),
            (Value::Choice(i), Kind::Choice { names, .. }) => *i < names.len(),
            (Value::Pins(_), Kind::Pins) | (Value::Vaults(_), Kind::Vaults) => true,
            (Value::Absent, _) => self.default_value() == Value::Absent,
            _ => false,
        };
        if fits { Ok(()) } else { Err(()) }
    }

    /// Set this key of `recipe` to `value`, which must be of the key's kind and in its
    /// range (as [`Key::parse`] gives).
    ///
    /// # Errors
    /// A value of another kind or out of range; the recipe is unchanged then.
    pub fn set(&self, recipe: &mut Recipe, value: Value) -> Result<(), Error> {
        self.check(&value).map_err(|()| Error::OutOfRange {
            key: self.name.to_string(),
            value: format!("{value:?}"),
            range: self.kind.allowed(),
        })?;
        (self.set)(recipe, value);
        Ok(())
    }
}

/// Pins or vaults as a recipe writes them, joined by [`SEPARATOR`].
fn joined<T: fmt::Display>(items: &[T]) -> String {
    let texts: Vec<String> = items.iter().map(T::to_string).collect();
    texts.join(&SEPARATOR.to_string())
}

/// The shortest decimal that reads back as `x`: `0.5`, `1`, `1e-320` (not 330 digits).
fn fmt_fraction(x: f64) -> String {
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

/// The kind of a key that picks a style of `C`.
const fn choice<C: Choice>() -> Kind {
    Kind::Choice {
        names: C::NAMES,
        glosses: C::GLOSSES,
    }
}

const fn fraction(range: &RangeInclusive<f64>) -> Kind {
    Kind::Fraction {
        min: *range.start(),
        max: *range.end(),
    }
}

/// The key of a stage's own seed (`rooms-seed`, `corridors-seed`): written only when a
/// re-roll gave the stage one, else the stage draws from `seed`.
macro_rules! stage_seed {
    ($name:literal, $field:ident, $about:literal) => {
        Key {
            name: $name,
            about: $about,
            kind: Kind::Whole {
                min: 0,
                max: u64::MAX,
            },
            always_printed: false,
            sweepable: false,
            applies: always,
            get: |r| r.$field.map_or(Value::Absent, Value::Whole),
            set: |r, v| r.$field = as_optional(v),
        }
    };
}

/// A whole number, or absent (a stage's own seed, for `seed`; the level shown, for 1).
fn as_optional(v: Value) -> Option<u64> {
    match v {
        Value::Whole(n) => Some(n),
        _ => None,
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

/// Every key, in the order a recipe is written.
pub(crate) const KEYS: [Key; 24] = [
    Key {
        name: "seed",
        about: "Every random choice of the map comes from this number: the same seed and \
                settings always give the same map.",
        kind: Kind::Whole {
            min: 0,
            max: u64::MAX,
        },
        always_printed: true,
        sweepable: false,
        applies: always,
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
        about: "How many cells wide the map is.",
        kind: whole(&WIDTH),
        always_printed: true,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.width.into()),
        set: |r, v| r.width = as_u32(v),
    },
    Key {
        name: "height",
        about: "How many cells high the map is.",
        kind: whole(&HEIGHT),
        always_printed: true,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.height.into()),
        set: |r, v| r.height = as_u32(v),
    },
    Key {
        name: "rooms",
        about: "How many rooms to place (fewer when the map fills up). Rooms × room size \
                is at most a third of the cells; with chain, at most as many as are made in \
                about 5 s (the message says how many).",
        kind: whole(&ROOMS),
        always_printed: true,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.rooms.into()),
        set: |r, v| r.rooms = as_u32(v),
    },
    Key {
        name: "room-size",
        about: "How many cells each room grows to: 1 makes one-cell rooms. A room hemmed in \
                by others stays smaller.",
        kind: whole(&ROOM_SIZE),
        always_printed: true,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.room_size.into()),
        set: |r, v| r.room_size = as_u32(v),
    },
    Key {
        name: "stickiness",
        about: "How cave rooms grow: at 0 from anywhere on the room (round blobs), at 1 \
                from the cell added last (long winding caverns).",
        kind: fraction(&STICKINESS),
        always_printed: true,
        sweepable: true,
        applies: caves,
        get: |r| Value::Fraction(r.stickiness),
        set: |r, v| r.stickiness = as_f64(v),
    },
    Key {
        name: "randomness",
        about: "How flood corridors wiggle: at 0 they run straight, at 1 they turn at \
                nearly every step; always as short as they can be.",
        kind: fraction(&RANDOMNESS),
        always_printed: true,
        sweepable: true,
        applies: |r| match r.corridor {
            Corridor::Flood => Ok(()),
            _ => Err("Only flood corridors wiggle (corridor flood)."),
        },
        get: |r| Value::Fraction(r.randomness),
        set: |r, v| r.randomness = as_f64(v),
    },
    Key {
        name: "shape",
        about: "The rooms' shape",
        kind: choice::<Shape>(),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Choice(r.shape.index()),
        set: |r, v| r.shape = as_choice(v),
    },
    Key {
        name: "stretch",
        about: "Which way caves grow: 0 evenly, towards 1 ever wider, towards -1 ever taller.",
        kind: fraction(&STRETCH),
        always_printed: false,
        sweepable: true,
        applies: caves,
        get: |r| Value::Fraction(r.stretch),
        set: |r, v| r.stretch = as_f64(v),
    },
    Key {
        name: "corridor",
        about: "How a corridor runs",
        kind: choice::<Corridor>(),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Choice(r.corridor.index()),
        set: |r, v| r.corridor = as_choice(v),
    },
    Key {
        name: "bends",
        about: "The most bends a twisty corridor takes: 1 is a single L, 8 a long staircase.",
        kind: whole(&BENDS),
        always_printed: false,
        sweepable: true,
        applies: |r| match r.corridor {
            Corridor::Twisty => Ok(()),
            _ => Err("Only twisty corridors bend more than once (corridor twisty)."),
        },
        get: |r| Value::Whole(r.bends.into()),
        set: |r, v| r.bends = as_u32(v),
    },
    Key {
        name: "connect",
        about: "Which rooms get a corridor",
        kind: choice::<Connect>(),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Choice(r.connect.index()),
        set: |r, v| r.connect = as_choice(v),
    },
    Key {
        name: "loops",
        about: "For loops: the share of facing rooms not yet joined that get an extra \
                corridor, shortest first: 0 none (a tree), 1 every pair.",
        kind: fraction(&LOOPS),
        always_printed: false,
        sweepable: true,
        applies: |r| match r.connect {
            Connect::Loops => Ok(()),
            _ => Err("Only the loops connection adds extra corridors (connect loops)."),
        },
        get: |r| Value::Fraction(r.loops),
        set: |r, v| r.loops = as_f64(v),
    },
    Key {
        name: "spacing",
        about: "Cells of rock at least between two rooms, diagonals included: 0 lets \
                rooms touch, as the original did (a closed map keeps at least 1).",
        kind: whole(&SPACING),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Whole(r.spacing.into()),
        set: |r, v| r.spacing = as_u32(v),
    },
    Key {
        name: "closed",
        about: "1 walls every room in but at its doors: corridors go in only by a door \
                and never run along a room, rooms keep a cell of rock apart, every door \
                shuts its room. 0 lets corridors run along rooms, as the original did.",
        kind: whole(&CLOSED),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Whole(r.closed.into()),
        set: |r, v| r.closed = as_u32(v) == 1,
    },
    Key {
        name: "fit",
        about: "What a room does where it has no room to grow",
        kind: choice::<Fit>(),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Choice(r.fit.index()),
        set: |r, v| r.fit = as_choice(v),
    },
    Key {
        name: "merge",
        about: "How strongly corridors join those laid before instead of running beside \
                them: at 0 each takes its own shortest way, as the original did; at 1 they \
                run side by side only where no other way exists, growing shared trunks.",
        kind: fraction(&MERGE),
        always_printed: false,
        sweepable: true,
        applies: always,
        get: |r| Value::Fraction(r.merge),
        set: |r, v| r.merge = as_f64(v),
    },
    Key {
        name: "margin",
        about: "Cells of rock kept clear along every edge: 1 or more closes the map with \
                walls all round.",
        kind: whole(&MARGIN),
        always_printed: false,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.margin.into()),
        set: |r, v| r.margin = as_u32(v),
    },
    Key {
        name: "levels",
        about: "How many levels the dungeon has, each below the last, its stairs up on the \
                very cell of the stairs down above; adding levels keeps those above.",
        kind: whole(&LEVELS),
        always_printed: false,
        sweepable: false,
        applies: always,
        get: |r| Value::Whole(r.levels.into()),
        set: |r, v| r.levels = as_u32(v),
    },
    Key {
        name: "level",
        about: "Which level is shown, from 1 at the top; not given, level 1, and a \
                picture or file holds every level.",
        kind: whole(&LEVELS),
        always_printed: false,
        sweepable: false,
        applies: |r| {
            if r.levels > 1 {
                Ok(())
            } else {
                Err("A dungeon of one level has no other to show (levels 2 or more).")
            }
        },
        get: |r| r.level.map_or(Value::Absent, |l| Value::Whole(l.into())),
        set: |r, v| r.level = as_optional(v).map(|l| u32::try_from(l).unwrap_or(u32::MAX)),
    },
    stage_seed!(
        "rooms-seed",
        rooms_seed,
        "The rooms' own seed, set by New rooms (where rooms go, their shapes and \
                colours); not given, it is seed."
    ),
    stage_seed!(
        "corridors-seed",
        corridors_seed,
        "The corridors' own seed, set by New corridors (how each runs and, for \
                chain, which room follows which); not given, it is seed."
    ),
    Key {
        name: "pin",
        about: "Rooms kept cell for cell (Ctrl+click, --pin X,Y), each in its room's \
                place, counted in rooms; only rooms in a pin's way move. Each is its level \
                (below the first), room's number, box, colour and cells in base64url.",
        kind: Kind::Pins,
        always_printed: false,
        sweepable: false,
        applies: always,
        get: |r| Value::Pins(r.pins.clone()),
        set: |r, v| {
            if let Value::Pins(pins) = v {
                r.pins = pins;
            }
        },
    },
    Key {
        name: "vault",
        about: "A game's own rooms, counted in rooms: each its level (below the first), \
                box (and corner, for one with a place) and cells in base64url.",
        kind: Kind::Vaults,
        always_printed: false,
        sweepable: false,
        applies: always,
        get: |r| Value::Vaults(r.vaults.clone()),
        set: |r, v| {
            if let Value::Vaults(vaults) = v {
                r.vaults = vaults;
            }
        },
    },
];

/// The names of every key, for messages.
pub(crate) fn key_names() -> String {
    KEYS.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
}
