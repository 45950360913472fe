//! Sweeps: one recipe key played across its values at a fixed seed, to see how it shapes
//! the map: the window's Sweep, `render --sweep` and its series. Written `stickiness=0:1:11` (from 0 to 1 in 11 evenly spread values),
//! `shape=cave:cross` (these choices), or just a key (`stickiness`: its whole range in
//! [`STEPS`] values; a choice key: every choice; a whole-number key with a short range:
//! every number).

use std::fmt;
use std::str::FromStr;

use dungeon_generator::{Key, Kind, Recipe, Value};

use crate::text::quote;

/// Values a sweep over a whole range of fractions takes when it is not told.
pub const STEPS: u32 = 11;
/// The most values a sweep takes.
pub const MOST: u32 = 1000;
/// A whole-number key is swept over its whole range only when it has at most this many
/// values.
const SHORT_RANGE: u64 = 32;

/// What is wrong with a sweep.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A sweep of a key no recipe has.
    #[error("no recipe key `{key}` to sweep; keys: {keys}", keys = key_names())]
    UnknownKey {
        /// The key as given, cut short.
        key: String,
    },
    /// A sweep that is not `KEY`, `KEY=FROM:TO:COUNT` or `KEY=A:B:…`.
    #[error("write a sweep as KEY=FROM:TO:COUNT, such as stickiness=0:1:11; not `{0}`")]
    Malformed(String),
    /// A sweep of too few or too many values.
    #[error("a sweep takes 1 to {MOST} values, not {count}")]
    Count {
        /// The count as given, cut short.
        count: String,
    },
    /// A key whose whole range is too long to sweep.
    #[error("`{key}` has too many values to play them all; give them as {key}=FROM:TO:COUNT")]
    RangeTooLong {
        /// The key.
        key: String,
    },
    /// A sweep of a key whose values are neither numbers nor choices.
    #[error("`{key}` cannot be swept: its values are neither numbers nor choices")]
    NotNumbers {
        /// The key.
        key: String,
    },
    /// A value out of the key's range, or not of its kind.
    #[error(transparent)]
    Value(#[from] dungeon_generator::Error),
}

/// The names of every key, for messages.
fn key_names() -> String {
    let names: Vec<&str> = Key::all().iter().map(Key::name).collect();
    names.join(", ")
}

/// One key and the values it takes in turn.
#[derive(Clone, Debug)]
pub struct Sweep {
    key: &'static Key,
    values: Vec<Value>,
}

impl Sweep {
    /// `key` across its whole range: every choice, or every value of a short whole-number
    /// range, or [`STEPS`] values of a fraction from its minimum to its maximum.
    ///
    /// # Errors
    /// A whole-number key with more than a few dozen values, or a key whose values are
    /// neither numbers nor choices.
    pub fn across(key: &'static Key) -> Result<Self, Error> {
        let values = match key.kind() {
            Kind::Pins | Kind::Vaults => return Err(not_numbers(key)),
            Kind::Choice { names, .. } => (0..names.len()).map(Value::Choice).collect(),
            Kind::Whole { min, max } if max - min < SHORT_RANGE => {
                (min..=max).map(Value::Whole).collect()
            }
            Kind::Whole { .. } => {
                return Err(Error::RangeTooLong {
                    key: key.name().to_string(),
                });
            }
            Kind::Fraction { min, max } => spread(min, max, STEPS).map(Value::Fraction).collect(),
        };
        Ok(Self { key, values })
    }

    /// The key swept.
    #[must_use]
    pub fn key(&self) -> &'static Key {
        self.key
    }

    /// The values, in the order they are played.
    #[must_use]
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// `base` with the swept key set to each value in turn.
    #[must_use]
    pub fn recipes(&self, base: &Recipe) -> Vec<Recipe> {
        self.values
            .iter()
            .map(|value| {
                let mut recipe = base.clone();
                // Every value was checked against the key's range when the sweep was made.
                let _ = self.key.set(&mut recipe, value.clone());
                recipe
            })
            .collect()
    }
}

/// Why `key` cannot be swept.
fn not_numbers(key: &Key) -> Error {
    Error::NotNumbers {
        key: key.name().to_string(),
    }
}

/// `count` numbers from `from` to `to`, evenly spread, both ends included (`from` alone for
/// one), each as close to its exact value as a double gets.
fn spread(from: f64, to: f64, count: u32) -> impl Iterator<Item = f64> {
    let last = f64::from(count.saturating_sub(1).max(1));
    (0..count).map(move |i| {
        let i = f64::from(i);
        (from * (last - i) + to * i) / last + 0.0
    })
}

impl FromStr for Sweep {
    type Err = Error;

    /// # Errors
    /// An unknown key, a malformed range, a count out of 1 to [`MOST`], or a value out of
    /// the key's range.
    fn from_str(text: &str) -> Result<Self, Error> {
        let (name, range) = match text.split_once('=') {
            Some((name, range)) => (name.trim(), Some(range.trim())),
            None => (text.trim(), None),
        };
        let key = Key::named(name).ok_or_else(|| Error::UnknownKey { key: quote(name) })?;
        let Some(range) = range else {
            return Self::across(key);
        };
        let parts: Vec<&str> = range.split(':').map(str::trim).collect();
        if parts.len() > MOST as usize {
            return Err(Error::Count {
                count: parts.len().to_string(),
            });
        }
        let values = match (key.kind(), parts.as_slice()) {
            (Kind::Pins | Kind::Vaults, _) => return Err(not_numbers(key)),
            (Kind::Choice { .. }, names) => names
                .iter()
                .map(|name| key.parse(name))
                .collect::<Result<_, _>>()?,
            (_, [from, to, count]) => {
                let count: u32 = count
                    .parse()
                    .ok()
                    .filter(|n| (1..=MOST).contains(n))
                    .ok_or_else(|| Error::Count {
                        count: format!("`{}`", quote(count)),
                    })?;
                let number = |text: &str| -> Result<f64, Error> {
                    Ok(match key.parse(text)? {
                        Value::Whole(n) => n as f64,
                        Value::Fraction(x) => x,
                        Value::Choice(i) => i as f64,
                        Value::Absent | Value::Pins(_) | Value::Vaults(_) => {
                            return Err(not_numbers(key));
                        }
                    })
                };
                let (from, to) = (number(from)?, number(to)?);
                spread(from, to, count)
                    .map(|x| match key.kind() {
                        Kind::Whole { .. } => Value::Whole(x.round() as u64),
                        _ => Value::Fraction(x),
                    })
                    .collect()
            }
            _ => return Err(Error::Malformed(quote(text))),
        };
        Ok(Self { key, values })
    }
}

impl fmt::Display for Sweep {
    /// The key and its values as a recipe writes them: `stickiness=0:0.1:…:1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values: Vec<String> = self.values.iter().map(|v| self.key.format(v)).collect();
        write!(f, "{}={}", self.key.name(), values.join(":"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str) -> Vec<String> {
        let sweep: Sweep = text.parse().unwrap();
        sweep
            .values()
            .iter()
            .map(|v| sweep.key().format(v))
            .collect()
    }

    #[test]
    fn ranges_spread_evenly_and_print_as_people_write_them() {
        assert_eq!(
            values("stickiness=0:1:11"),
            [
                "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"
            ]
        );
        assert_eq!(values("stretch"), values("stretch=-1:1:11"));
        assert_eq!(values("rooms=2:10:5"), ["2", "4", "6", "8", "10"]);
        assert_eq!(values("loops=0.25:0.25:1"), ["0.25"]);
        assert_eq!(
            values("shape"),
            ["cave", "rect", "diamond", "cross", "mixed"]
        );
        assert_eq!(values("corridor=twisty:flood"), ["twisty", "flood"]);
        assert_eq!(values("bends").len(), 8);
    }

    #[test]
    fn bad_sweeps_say_what_is_wrong() {
        let error = |text: &str| text.parse::<Sweep>().unwrap_err().to_string();
        assert!(error("sticky=0:1:3").contains("no recipe key `sticky`"));
        assert!(error("stickiness=0:1").contains("KEY=FROM:TO:COUNT"));
        assert!(error("stickiness=0:2:3").contains("stickiness"));
        assert!(error("stickiness=0:1:0").contains("1 to 1000"));
        assert!(error("stickiness=0:1:x").contains("1 to 1000"));
        assert!(error("rooms").contains("rooms=FROM:TO:COUNT"));
        assert!(error("shape=cave:blob").contains("blob"));
        assert!(error("pin=a:b:3").contains("cannot be swept"));
    }

    #[test]
    fn recipes_change_the_swept_key_only() {
        let base: Recipe = "dv1 seed=9 rooms=4".parse().unwrap();
        let recipes = "randomness=0:1:3".parse::<Sweep>().unwrap().recipes(&base);
        assert_eq!(recipes.len(), 3);
        for (recipe, r) in recipes.iter().zip([0.0, 0.5, 1.0]) {
            assert_eq!(recipe.randomness, r);
            assert_eq!((recipe.seed, recipe.rooms), (9, 4));
        }
    }
}
