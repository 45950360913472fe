//! Where the window saves maps and what it names them: from the seed and a short hash of
//! the recipe ([`crate::formats::write()`] writes them, never over an existing file).

use dungeon_generator::Recipe;

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
