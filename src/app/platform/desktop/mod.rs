//! The desktop: the system's clock, a thread that makes maps, a thread that wakes the
//! window when egui asks to be drawn later, a thread that keeps the favourites, files on
//! disk, and the wake that reaches a sleeping window.

mod alarm;
mod store;
mod wake;
mod worker;

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
pub use wake::wake;
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
