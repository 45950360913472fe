//! The browser: the page's clock, maps made a slice of each frame, the browser's timer to
//! wake the page, favourites in its storage, downloads for files, and the address.

mod alarm;
mod clock;
mod store;
mod worker;

use std::io;
use std::path::Path;

use dungeon_files::formats::{self, Format, Options, naming, png};
use dungeon_files::text::quote_path;
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

/// Where this visit's new seeds start: the calendar's millisecond and the page's own clock
/// (a page has no entropy without the imports macroquad's loader lacks), so that each visit
/// shows other maps; nothing to tell the user.
pub fn new_seeds() -> (u64, Option<String>) {
    let now = browser::epoch_ms().to_bits() ^ browser::now_ms().to_bits().rotate_left(32);
    (now, None)
}

/// What to say of each file dropped on the page that it did not read: one larger than any
/// picture this program writes, or one the browser could not read.
pub fn refused_drops() -> Vec<String> {
    browser::refused_drops()
        .into_iter()
        .map(|file| {
            let name = quote_path(Path::new(&file.name));
            if file.error.is_empty() {
                format!(
                    "{name} is not opened: at {:.1} GB it is larger than any picture this \
                     program writes ({} GiB at most)",
                    file.bytes / 1e9,
                    png::MAX_FILE_BYTES >> 30
                )
            } else {
                format!("{name} cannot be read: {}", file.error)
            }
        })
        .collect()
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

/// The page draws no frame after this one until something happens: nothing to do, as the
/// browser hands the page each event as it comes.
pub fn sleeping() {}
