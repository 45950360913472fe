//! Presets: named starting points for a map ("Winding caverns", "Square rooms"…).
//!
//! A preset is a recipe that names only the keys it changes: applied to a map, it starts
//! from the default recipe, keeps the map's seed and sets the keys it names. The presets
//! shipped with the program come from `assets/presets.txt`, one `Name: recipe` a line; the
//! user's own live in `presets.json` in the data directory (a [`JsonList`]). Names are
//! looked up without regard to case, so no two presets may have names that differ only in
//! case, and a name holds no control characters.

use serde::{Deserialize, Serialize};

use super::Error;
use super::list::{Entry, JsonList};
use dungeon_generator::recipe::Recipe;
use dungeon_generator::text::quote;

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
    /// The recipe of this preset applied to `base`: the default recipe with `base`'s seed
    /// and every key the preset names.
    ///
    /// # Errors
    /// When the preset's recipe does not parse (a user's preset edited by hand, or written
    /// by a newer version).
    pub fn apply(&self, base: &Recipe) -> Result<Recipe, dungeon_generator::Error> {
        let mut recipe: Recipe = self.recipe.parse()?;
        recipe.seed = base.seed;
        Ok(recipe)
    }

    /// Whether it is named `name`, in any case.
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.name.to_lowercase() == name.to_lowercase()
    }
}

/// The user's presets are kept by name, and no two differ only in case.
impl Entry for Preset {
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

/// Whether `name` may name a new preset of the user's beside `user`'s: not empty, at most
/// [`MAX_NAME`] characters, no control characters, and no other preset (shipped or the
/// user's) of the same name in any case.
///
/// # Errors
/// What is wrong with the name.
pub fn check_new_name(name: &str, user: &[Preset]) -> Result<(), Error> {
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
    match all(user).iter().find(|p| p.is_named(name)) {
        Some(taken) => Err(Error::Taken(taken.name.clone())),
        None => Ok(()),
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
        if find(&presets, name).is_some() {
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

/// Every preset to offer: the built-in ones, then `user`'s.
#[must_use]
pub fn all(user: &[Preset]) -> Vec<Preset> {
    let mut presets = built_in();
    presets.extend_from_slice(user);
    presets
}

/// The first of `presets` named `name`, without regard to case: the one `--preset` and the
/// panel pick.
#[must_use]
pub fn find<'a>(presets: &'a [Preset], name: &str) -> Option<&'a Preset> {
    presets.iter().find(|p| p.is_named(name))
}

/// The presets `find` can reach, in order, and those hidden by an earlier one of the same
/// name in another case (a user's “Original” behind the shipped one).
#[must_use]
pub fn reachable(presets: &[Preset]) -> (Vec<&Preset>, Vec<&Preset>) {
    let (mut shown, mut hidden) = (Vec::new(), Vec::new());
    for (i, preset) in presets.iter().enumerate() {
        if presets[..i]
            .iter()
            .any(|earlier| earlier.is_named(&preset.name))
        {
            hidden.push(preset);
        } else {
            shown.push(preset);
        }
    }
    (shown, hidden)
}

/// The names of `presets`, for messages: `Original, Blobs, …`.
#[must_use]
pub fn names(presets: &[Preset]) -> String {
    presets
        .iter()
        .map(|p| quote(&p.name))
        .collect::<Vec<_>>()
        .join(", ")
}
