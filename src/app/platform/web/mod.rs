//! The browser: the page's clock, maps made a slice of each frame, the browser's timer to
//! wake the page, favourites in its storage, downloads for files, and the address.

mod alarm;
mod clock;
mod store;
mod worker;

use std::io;
use std::path::Path;

use dungeon_files::formats::{self, Format, Options, naming};
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;
use dungeon_viewer::browser;

pub use alarm::Alarm;
pub use clock::Instant;
pub use dungeon_viewer::browser::{map_shown, set_fragment, status_said};
pub use store::StoreLink;
pub use worker::Worker;

/// A page reads no file by its name: files are dropped on it.
pub const OPENS_FILES: bool = false;

/// A page does not quit: it closes with its tab (and its storage keeps every change at once).
pub const QUITS: bool = false;

/// No file is read by name in the browser.
///
/// # Errors
/// Always: the page cannot read files by name.
pub fn read_layout(path: &Path) -> Result<Recipe, formats::Error> {
    Err(formats::Error::Read {
        file: path.to_path_buf(),
        source: io::Error::other("a web page reads no file by its name: drop it on the page"),
    })
}

/// Hand `dungeon` in `format` to the browser as downloads, named as the desktop names its
/// saves; what to tell the user.
///
/// # Errors
/// What the format refuses.
pub fn save(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    _dir: &Path,
) -> Result<String, formats::Error> {
    let stem = naming::file_stem(dungeon.recipe());
    let files = formats::encode(dungeon, format, options, &stem)?;
    for (name, bytes) in &files {
        browser::download(name, media_type(name), bytes);
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    Ok(format!("Downloaded {}", names.join(" and ")))
}

/// The media type of a file we write, by its name.
fn media_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("txt") => "text/plain",
        _ => "application/json",
    }
}

/// The address's fragment.
#[allow(clippy::unnecessary_wraps)]
pub fn fragment() -> Option<String> {
    Some(browser::fragment())
}

/// A page saves no screenshot of itself (`--screenshot` is the desktop's).
///
/// # Errors
/// Always.
pub fn save_window(file: &Path, _recipe: &Recipe, _map: String) -> Result<(), String> {
    Err(format!("a web page cannot write {}", file.display()))
}

/// A page always has its canvas to draw on.
///
/// # Errors
/// Never.
#[allow(clippy::unnecessary_wraps)]
pub fn display_reachable() -> Result<(), String> {
    Ok(())
}

/// Draw the page again soon.
pub fn wake() {
    macroquad::miniquad::window::schedule_update();
}
