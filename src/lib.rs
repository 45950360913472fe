//! The `dungeon-viewer` program's own library: what the user keeps between sessions
//! ([`store`]: favourites and presets), how heavy a recipe is ([`bench`](mod@bench)) and
//! how it shows the recipe's keys ([`recipe_keys`]). The maps
//! themselves come from the `dungeon-generator` crate and their pictures and files from
//! `dungeon-files`; the window and the command line are the program's two faces on these.
//!
//! ```text
//! dungeon-generator   Recipe ──generate──▶ Dungeon (rooms, paths, doors, start, goal)
//! dungeon-files       Dungeon ──draw / write──▶ pixels, PNG, GIF, SVG, Universal VTT, Tiled, JSON, text
//! dungeon-viewer      store (favourites, presets), bench; the program: cli/, app/
//! ```

#[cfg(not(target_arch = "wasm32"))]
pub mod bench;
#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod recipe_keys;
pub mod store;
