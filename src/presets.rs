//! Presets: named starting points for a map ("Winding caverns", "Square rooms"…).
//!
//! A preset is a recipe that names only the keys it changes: applied to a map, it starts
//! from the default recipe, keeps the map's seed and sets the keys it names. The presets
//! shipped with the program come from `assets/presets.txt`, one `Name: recipe` a line; the
//! user's own live in `presets.json` in the data directory (see [`crate::favourites`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::favourites::Entry;
use crate::recipe::{Recipe, RecipeError};

/// The shipped presets' text, `assets/presets.txt`.
pub const BUILT_IN: &str = include_str!("../assets/presets.txt");

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
    pub fn apply(&self, base: &Recipe) -> Result<Recipe, RecipeError> {
        let mut recipe: Recipe = self.recipe.parse()?;
        recipe.seed = base.seed;
        Ok(recipe)
    }
}

/// The user's presets are kept by name.
impl Entry for Preset {
    const FILE: &'static str = "presets.json";

    fn id(&self) -> &str {
        &self.name
    }

    fn set_name(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }
}

/// What is wrong with a line of a presets text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetError {
    /// Its line number, from 1.
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "presets line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for PresetError {}

/// Read presets from `text`: one `Name: recipe` a line; blank lines and lines starting with
/// `#` are skipped.
///
/// # Errors
/// The first line without a name and a colon, whose recipe does not parse, or whose name
/// (in any case) is taken by an earlier line.
pub fn parse(text: &str) -> Result<Vec<Preset>, PresetError> {
    let mut presets: Vec<Preset> = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let wrong = |problem: String| PresetError {
            line: at + 1,
            problem,
        };
        let (name, recipe) = line
            .split_once(':')
            .map(|(name, recipe)| (name.trim(), recipe.trim()))
            .filter(|(name, _)| !name.is_empty())
            .ok_or_else(|| wrong(format!("`{line}` is not of the form `Name: recipe`")))?;
        if find(&presets, name).is_some() {
            return Err(wrong(format!("the name `{name}` is given twice")));
        }
        let preset = Preset {
            name: name.to_string(),
            recipe: recipe.to_string(),
        };
        preset
            .apply(&Recipe::default())
            .map_err(|e| wrong(format!("{name}: {e}")))?;
        presets.push(preset);
    }
    Ok(presets)
}

/// The presets shipped with the program, from [`BUILT_IN`] (`tests/presets.rs` proves that
/// every line parses; a line that did not would leave the list empty, never panic).
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

/// The first of `presets` named `name`, without regard to case.
#[must_use]
pub fn find<'a>(presets: &'a [Preset], name: &str) -> Option<&'a Preset> {
    presets
        .iter()
        .find(|p| p.name.to_lowercase() == name.to_lowercase())
}

/// The names of `presets`, for messages: `Original, Blobs, …`.
#[must_use]
pub fn names(presets: &[Preset]) -> String {
    presets
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
