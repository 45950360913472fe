//! The desktop: the system's clock, a thread that makes maps, a thread that wakes the
//! window when egui asks to be drawn later, a thread that keeps the favourites, files on
//! disk, and the wake that reaches a sleeping window.

mod alarm;
mod store;
mod wake;
mod worker;

use std::ffi::OsStr;
use std::hash::{BuildHasher, RandomState};
use std::path::Path;
use std::time::Duration;

use dungeon_files::draw::pixels::Pixels;
use dungeon_files::formats::{self, Format, Options, Target, naming};
use dungeon_files::formats::{png, safe_write};
use dungeon_files::text::quote_path;
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;

pub use alarm::Alarm;
pub use dungeon_files::formats::layout::read_layout;
pub use std::time::Instant;
pub use store::StoreLink;
pub use wake::{sleeping, wake};
pub use worker::Worker;

/// The Open field reads a file by its name.
pub const OPENS_FILES: bool = true;

/// The window quits (Ctrl+Q, its close button).
pub const QUITS: bool = true;

/// Save `dungeon` in `format` into `dir`, under a new name, never over a file; what to
/// tell the user.
///
/// # Errors
/// What the format refuses, or a file that cannot be written.
pub fn save(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    dir: &Path,
) -> Result<String, formats::Error> {
    let stem = naming::file_stem(dungeon.recipe());
    let path = formats::write(dungeon, format, options, Target::New { dir, stem: &stem })?;
    Ok(format!("Saved {}", quote_path(&path)))
}

/// The environment variable that fixes the new seeds of Space, for tests: they then follow
/// the sequence from the number it holds, the same at every launch.
pub const NEW_SEEDS_FROM: &str = "DUNGEON_VIEWER_NEW_SEEDS";

/// Where this launch's new seeds start: from the number in [`NEW_SEEDS_FROM`] when it
/// holds one, else from the machine's entropy (std's hash keys, which the operating system
/// gives), so that each launch shows other maps; and, when the variable holds something
/// else, what to tell the user.
pub fn new_seeds() -> (u64, Option<String>) {
    new_seeds_from(std::env::var_os(NEW_SEEDS_FROM).as_deref())
}

/// As [`new_seeds`], with `fixed` the variable's value.
fn new_seeds_from(fixed: Option<&OsStr>) -> (u64, Option<String>) {
    let entropy = || RandomState::new().hash_one(std::process::id());
    let Some(fixed) = fixed else {
        return (entropy(), None);
    };
    match fixed.to_str().and_then(|text| text.trim().parse().ok()) {
        Some(from) => (from, None),
        None => (
            entropy(),
            Some(format!(
                "{NEW_SEEDS_FROM} holds {}, not a number: new seeds come at random",
                quote_path(Path::new(fixed))
            )),
        ),
    }
}

/// What to say of files dropped on the window that were not read: nothing, as the desktop
/// reads a dropped file by its name, as Open does.
pub fn refused_drops() -> Vec<String> {
    Vec::new()
}

/// The page's address: there is none on the desktop.
pub fn fragment() -> Option<String> {
    None
}

/// There is no address to write on the desktop.
pub fn set_fragment(_text: &str, _push: bool) {}

/// The desktop has no page to tell which map is on screen.
pub fn map_shown(_recipe: &str, _made: Duration) {}

/// The desktop has no page to tell what the status bar says.
pub fn status_said(_text: &str, _problem: bool) {}

/// Save the whole window, panel included, to `file`, with `recipe` and where the map is
/// drawn inside (`map`).
pub fn save_window(file: &Path, recipe: &Recipe, map: String) -> Result<(), String> {
    let image = macroquad::texture::get_screen_data();
    let (w, h) = (u32::from(image.width), u32::from(image.height));
    // The screen comes bottom row first.
    let row = w as usize * 4;
    let rgba: Vec<u8> = image
        .bytes
        .chunks_exact(row)
        .rev()
        .flatten()
        .copied()
        .collect();
    let pixels = Pixels::from_rgba(w, h, rgba)
        .map_err(|e| format!("the window's pixels did not come out whole: {e}"))?;
    let bytes = png::encode_with(&pixels, recipe, &[("map", map)])
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    safe_write::write_replacing(file, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", quote_path(file)))
}

/// Whether there is a display to open a window on: `DISPLAY` (or `WAYLAND_DISPLAY`) is set
/// and not empty, and for a local X display, its server's socket exists.
pub fn display_reachable() -> Result<(), String> {
    if std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty()) {
        return Ok(());
    }
    let display = match std::env::var_os("DISPLAY") {
        None => return Err("no display to open the window on (DISPLAY is not set)".into()),
        Some(d) if d.is_empty() => {
            return Err("no display to open the window on (DISPLAY is empty)".into());
        }
        Some(d) => d.to_string_lossy().into_owned(),
    };
    let local = display
        .strip_prefix(':')
        .and_then(|rest| rest.split('.').next())
        .and_then(|n| n.parse::<u32>().ok());
    match local {
        Some(n) if !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() => {
            Err(format!("no X server on display {display}"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_seeds_come_from_the_machine_unless_the_variable_fixes_them() {
        let (a, b) = (new_seeds_from(None), new_seeds_from(None));
        assert!(a.1.is_none() && b.1.is_none());
        assert_ne!(a.0, b.0, "two launches would start the same sequence");
        assert_eq!(new_seeds_from(Some(OsStr::new("77"))), (77, None));
        let (_, said) = new_seeds_from(Some(OsStr::new("seventy\u{7}")));
        let said = said.expect("a word that is not a number is said");
        assert!(
            said.contains(NEW_SEEDS_FROM) && said.contains("seventy\\u{7}"),
            "{said}"
        );
    }
}
