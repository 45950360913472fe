//! Saving favourite layouts: the map as a PNG with its recipe inside, named from the seed
//! and a short hash of the recipe, and never written over an existing file.

use std::path::{Path, PathBuf};

use crate::dungeon::Dungeon;
use crate::files::save_new;
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

/// Save `dungeon` drawn in `style` into `dir`, with its recipe inside; returns the new
/// file's path.
///
/// # Errors
/// A message for the user: the picture would be too large, or the file cannot be written.
pub fn save_map(dir: &Path, dungeon: &Dungeon, style: &Style) -> Result<PathBuf, String> {
    let pixels = rasterize(dungeon, style).map_err(|e| e.to_string())?;
    let bytes = png_file::encode(&pixels, dungeon.recipe()).map_err(|e| e.to_string())?;
    save_new(dir, &file_stem(dungeon.recipe()), "png", &bytes)
        .map_err(|e| format!("cannot save in {}: {e}", dir.display()))
}
