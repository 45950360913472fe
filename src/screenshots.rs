//! Saving favourite layouts: the map as a PNG with its recipe inside, named from the seed
//! and a short hash of the recipe, and never written over an existing file.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::dungeon::Dungeon;
use crate::png_file;
use crate::raster::{Style, rasterize};
use crate::recipe::Recipe;

/// Where screenshots go unless the user names a directory.
pub const DEFAULT_DIR: &str = "screenshots";

/// The file name, without extension, for a map of `recipe`: `seed-<seed>-<hash>`, where the
/// hash tells apart maps of the same seed made with other settings.
#[must_use]
pub fn file_stem(recipe: &Recipe) -> String {
    // FNV-1a: tiny, fixed, and the same on every machine.
    let hash = recipe.to_string().bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    format!("seed-{}-{hash:08x}", recipe.seed)
}

/// Write `bytes` to a new file `<stem>.png` in `dir` (made if missing), or `<stem>-2.png`,
/// `<stem>-3.png`… when taken. An existing file is never opened for writing, and a file
/// this call could not finish writing is removed.
///
/// # Errors
/// When the directory cannot be made or written (read-only, disk full…).
pub fn save_new(dir: &Path, stem: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    for n in 1u32.. {
        let name = if n == 1 {
            format!("{stem}.png")
        } else {
            format!("{stem}-{n}.png")
        };
        let path = dir.join(name);
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        return match written {
            Ok(()) => Ok(path),
            Err(e) => {
                drop(file);
                let _ = fs::remove_file(&path);
                Err(e)
            }
        };
    }
    Err(io::Error::other("no free file name left"))
}

/// Save `dungeon` drawn in `style` into `dir`, with its recipe inside; returns the new
/// file's path.
///
/// # Errors
/// A message for the user: the picture would be too large, or the file cannot be written.
pub fn save_map(dir: &Path, dungeon: &Dungeon, style: &Style) -> Result<PathBuf, String> {
    let pixels = rasterize(dungeon, style).map_err(|e| e.to_string())?;
    let bytes = png_file::encode(&pixels, dungeon.recipe())?;
    save_new(dir, &file_stem(dungeon.recipe()), &bytes)
        .map_err(|e| format!("cannot save in {}: {e}", dir.display()))
}
