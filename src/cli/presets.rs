//! `dungeon-viewer presets`, and the user's presets for `--preset`.

use super::Failure;
use super::terminal::write_stdout;
use dungeon_files::formats;
use dungeon_files::text::quote;
use dungeon_generator::Recipe;
use dungeon_viewer::store::data_dir;
use dungeon_viewer::store::presets::{Preset, Presets, UserPresets};

/// The user's own presets, from the data directory; a notice about their file (one that
/// could not be read) goes to standard error.
pub fn user_presets() -> Vec<Preset> {
    let Some(dir) = data_dir() else {
        return Vec::new();
    };
    let (list, notice) = UserPresets::open(&dir);
    if let Some(notice) = notice {
        eprintln!("note: {}", quote_lines(&notice));
    }
    list.entries().to_vec()
}

/// A message that may hold user input, on one line with no control characters.
fn quote_lines(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `preset` applied to the default recipe; a user's preset may not parse (input/output),
/// or ask for more than the 5-second bound (usage, as the same recipe typed).
pub fn applied(preset: &Preset) -> Result<Recipe, Failure> {
    preset.apply(&Recipe::default()).map_err(|e| {
        let message = format!("the preset `{}` cannot be used: {e}", quote(&preset.name));
        if formats::over_bound(&e) {
            Failure::Usage(message)
        } else {
            Failure::Io(message)
        }
    })
}

/// Print every preset `--preset` can pick as `name: recipe`, built-in then the user's own;
/// a user's preset that cannot be used, or that hides behind another of the same name in
/// another case, is named on standard error instead.
pub fn list() -> Result<(), Failure> {
    let presets = Presets::new(&user_presets());
    let mut out = String::new();
    for &at in presets.shown() {
        let preset = &presets.all()[at];
        match applied(preset) {
            Ok(recipe) => out.push_str(&format!("{}: {recipe}\n", quote(&preset.name))),
            Err(failure) => eprintln!("note: {}", failure.message()),
        }
    }
    for preset in presets.hidden() {
        eprintln!(
            "note: your preset `{}` has the name of another in another case, which --preset \
             picks: rename it to use it",
            quote(&preset.name)
        );
    }
    write_stdout(out.as_bytes())
}
