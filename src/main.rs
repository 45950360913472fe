//! The `dungeon-viewer` program: the two faces on the library, the command line ([`cli`])
//! and the viewer window (`app`, with the `window` feature). The command line reads the
//! arguments and either runs a command or hands the window its [`Start`]; neither face
//! imports the other's insides.

#[cfg(feature = "window")]
mod app;
mod cli;

use std::path::PathBuf;

use dungeon_files::draw::raster::Look;
use dungeon_generator::recipe::Recipe;

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

fn main() {
    let code = match cli::run(std::env::args_os()) {
        cli::Parsed::Exit(code) => code,
        cli::Parsed::Window(start) => match open_window(start) {
            Ok(()) => 0,
            Err(why) => cli::fail(&cli::Failure::Io(why)),
        },
    };
    std::process::exit(code);
}

#[cfg(feature = "window")]
fn open_window(start: Start) -> Result<(), String> {
    app::run(start)
}

#[cfg(not(feature = "window"))]
fn open_window(_: Start) -> Result<(), String> {
    Err(
        "this dungeon-viewer was built without its window (the `window` feature); use \
         `render` for files"
            .to_string(),
    )
}
