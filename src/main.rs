//! The `dungeon-viewer` program: the two faces on the library, the command line (`cli`)
//! and the viewer window (`app`, with the `window` feature). On the desktop the command
//! line reads the arguments and either runs a command or hands the window its [`Start`];
//! in the browser (the web build) the page is the window. Neither face imports the other's
//! insides.

#[cfg(feature = "window")]
mod app;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

use std::path::PathBuf;

use dungeon_files::draw::raster::Look;
use dungeon_generator::Recipe;

/// How the window starts.
#[derive(Clone, Debug)]
pub struct Start {
    pub recipe: Recipe,
    /// Where pictures and exports of the map go.
    pub out_dir: PathBuf,
    /// Save the whole window to this file after a few frames, then quit.
    pub screenshot: Option<PathBuf>,
    /// Whether the window opens on the gallery of seeds.
    pub gallery: bool,
    /// The look options the window starts with.
    pub look: Look,
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let code = match cli::run(std::env::args_os()) {
        cli::Parsed::Exit(code) => code,
        cli::Parsed::Window(start) => match open_window(*start) {
            Ok(()) => 0,
            Err(why) => cli::fail(&cli::Failure::Io(why)),
        },
    };
    std::process::exit(code);
}

/// In the browser the page is the window: it opens on the map its address names (the
/// window reads it), with the default look.
#[cfg(target_arch = "wasm32")]
fn main() {
    let start = Start {
        recipe: Recipe::default(),
        out_dir: PathBuf::new(),
        screenshot: None,
        gallery: false,
        look: Look::default(),
    };
    if let Err(why) = app::run(start) {
        macroquad::miniquad::error!("{why}");
    }
}

#[cfg(all(feature = "window", not(target_arch = "wasm32")))]
fn open_window(start: Start) -> Result<(), String> {
    app::run(start)
}

#[cfg(all(not(feature = "window"), not(target_arch = "wasm32")))]
fn open_window(_: Start) -> Result<(), String> {
    Err(
        "this dungeon-viewer was built without its window (the `window` feature); use \
         `render` for files"
            .to_string(),
    )
}
