//! Presets: named starting points for a map ("Winding caverns", "Square rooms"…).
//!
//! A preset is a recipe that names only the keys it changes: applied to a map, it starts
//! from the default recipe, keeps which map it is (its seed, its stages' own seeds and its
//! pinned rooms) and sets the keys it names. The presets
//! shipped with the program come from `assets/presets.txt`, one `Name: recipe` a line; the
//! user's own live in `presets.json` in the data directory (a [`JsonList`]). Names are
//! looked up without regard to case, so no two presets may have names that differ only in
//! case, and a name holds no control characters.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::Error;
use super::list::{self, JsonList};
use dungeon_files::text::quote;
use dungeon_generator::Recipe;

/// The shipped presets' text, `assets/presets.txt`.
pub const BUILT_IN: &str = include_str!("../../assets/presets.txt");
/// The longest name a preset may have, in characters.
pub const MAX_NAME: usize = 64;

/// The user's own presets.
pub type UserPresets = JsonList<Preset>;

/// A named recipe to start a map from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// What the user picks it by; looked up without regard to case.
    pub name: String,
    /// A recipe string naming the keys the preset sets: `dv1 stickiness=1`.
    pub recipe: String,
}

impl Preset {
    /// The recipe of this preset applied to `base`: the default recipe with every key the
    /// preset names, and which map `base` is: its seed, and its stages' own seeds, its pins
    /// and its vaults where it has them (else the preset's: one kept from a map that had
    /// them), so a preset keeps pinned rooms. Whether the pins fit the preset's map is for
    /// generating it to say ([`Recipe::check_pins`]).
    ///
    /// # Errors
    /// When the preset's recipe does not parse (a user's preset edited by hand, or written
    /// by a newer version).
    pub fn apply(&self, base: &Recipe) -> Result<Recipe, dungeon_generator::Error> {
        let recipe: Recipe = self.recipe.parse()?;
        Ok(Recipe {
            seed: base.seed,
            rooms_seed: base.rooms_seed.or(recipe.rooms_seed),
            corridors_seed: base.corridors_seed.or(recipe.corridors_seed),
            pins: match base.pins.as_slice() {
                [] => recipe.pins.clone(),
                pins => pins.to_vec(),
            },
            vaults: match base.vaults.as_slice() {
                [] => recipe.vaults.clone(),
                vaults => vaults.to_vec(),
            },
            ..recipe
        })
    }

    /// Whether it is named `name`, in any case.
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.name.to_lowercase() == name.to_lowercase()
    }
}

/// The user's presets are kept by name, and no two differ only in case.
impl list::Entry for Preset {
    const FILE: &'static str = "presets.json";

    fn id(&self) -> &str {
        &self.name
    }

    fn set_name(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }

    fn clashes(&self, name: &str) -> bool {
        self.is_named(name)
    }
}

/// Read presets from `text`: one `Name: recipe` a line; blank lines and lines starting with
/// `#` are skipped.
///
/// # Errors
/// The first line without a name and a colon, whose recipe does not parse, or whose name
/// (in any case) is taken by an earlier line.
pub fn parse(text: &str) -> Result<Vec<Preset>, Error> {
    let mut presets: Vec<Preset> = Vec::new();
    let mut names = HashSet::new();
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let wrong = |problem: String| Error::PresetLine {
            line: at + 1,
            problem,
        };
        let (name, recipe) = line
            .split_once(':')
            .map(|(name, recipe)| (name.trim(), recipe.trim()))
            .filter(|(name, _)| !name.is_empty())
            .ok_or_else(|| {
                wrong(format!(
                    "`{}` is not of the form `Name: recipe`",
                    quote(line)
                ))
            })?;
        if !names.insert(name.to_lowercase()) {
            return Err(wrong(format!("the name `{}` is given twice", quote(name))));
        }
        let preset = Preset {
            name: name.to_string(),
            recipe: recipe.to_string(),
        };
        preset
            .apply(&Recipe::default())
            .map_err(|e| wrong(format!("{}: {e}", quote(name))))?;
        presets.push(preset);
    }
    Ok(presets)
}

/// The presets shipped with the program, from [`BUILT_IN`] (the tests prove that every
/// line parses; a line that did not would leave the list empty, never panic).
#[must_use]
pub fn built_in() -> Vec<Preset> {
    parse(BUILT_IN).unwrap_or_default()
}

/// Names a message lists at most ([`Presets::names`]).
pub const NAMES_LISTED: usize = 20;

/// Every preset to offer, the built-in ones then the user's, each name (in any case) looked
/// up at once: made in a time linear in their number, however many the user has.
#[derive(Clone, Debug, Default)]
pub struct Presets {
    presets: Vec<Preset>,
    /// The first preset of each name, in lower case, by its place in `presets`.
    first: HashMap<String, usize>,
    /// The places of the presets [`Presets::find`] can reach, in order.
    shown: Vec<usize>,
}

impl Presets {
    /// The built-in presets, then `user`'s.
    #[must_use]
    pub fn new(user: &[Preset]) -> Self {
        let mut presets = built_in();
        presets.extend_from_slice(user);
        let mut first = HashMap::with_capacity(presets.len());
        let mut shown = Vec::with_capacity(presets.len());
        for (at, preset) in presets.iter().enumerate() {
            if let Entry::Vacant(free) = first.entry(preset.name.to_lowercase()) {
                free.insert(at);
                shown.push(at);
            }
        }
        Self {
            presets,
            first,
            shown,
        }
    }

    /// Every preset, in order, those hidden by an earlier one of the same name included.
    #[must_use]
    pub fn all(&self) -> &[Preset] {
        &self.presets
    }

    /// The first preset named `name`, without regard to case: the one `--preset` and the
    /// panel pick.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<&Preset> {
        let at = *self.first.get(&name.to_lowercase())?;
        Some(&self.presets[at])
    }

    /// The places in [`Presets::all`] of the presets [`Presets::find`] can reach, in order.
    #[must_use]
    pub fn shown(&self) -> &[usize] {
        &self.shown
    }

    /// The presets hidden by an earlier one of the same name in another case (a user's
    /// “Original” behind the shipped one), in order.
    pub fn hidden(&self) -> impl Iterator<Item = &Preset> {
        let mut shown = self.shown.iter().peekable();
        self.presets
            .iter()
            .enumerate()
            .filter_map(move |(at, preset)| {
                if shown.next_if_eq(&&at).is_some() {
                    None
                } else {
                    Some(preset)
                }
            })
    }

    /// The names of the presets shown, for messages: `Original, Blobs, …`, the first
    /// [`NAMES_LISTED`] of them and how many more there are.
    #[must_use]
    pub fn names(&self) -> String {
        let mut names = self
            .shown
            .iter()
            .take(NAMES_LISTED)
            .map(|&at| quote(&self.presets[at].name))
            .collect::<Vec<_>>()
            .join(", ");
        let more = self.shown.len().saturating_sub(NAMES_LISTED);
        if more > 0 {
            names.push_str(&format!(" and {more} more"));
        }
        names
    }

    /// Whether `name` may name a new preset of the user's: not empty, at most [`MAX_NAME`]
    /// characters, no control characters, and no other preset (shipped or the user's) of
    /// the same name in any case.
    ///
    /// # Errors
    /// What is wrong with the name.
    pub fn check_new_name(&self, name: &str) -> Result<(), Error> {
        if name.trim().is_empty() {
            return Err(Error::BadName("is needed: type one"));
        }
        if name.chars().any(char::is_control) {
            return Err(Error::BadName(
                "cannot hold control characters (new lines, tabs, escapes)",
            ));
        }
        if name.chars().count() > MAX_NAME {
            return Err(Error::BadName("is at most 64 characters"));
        }
        match self.find(name) {
            Some(taken) => Err(Error::Taken(taken.name.clone())),
            None => Ok(()),
        }
    }
}
