//! Dungeon Viewer: cave-room dungeon maps, generated from a recipe and shown live.
//!
//! Data flows one way:
//!
//! ```text
//! Recipe ──generate──▶ Dungeon ──rasterize──▶ Pixels ──▶ texture in the window
//! (seed + params)      (grid, rooms, paths)    (RGBA)
//!                         ├──Raster, band by band──▶ PNG file (+ recipe)
//!                         ├──uvtt──▶ Universal VTT (walls, doors, base64 PNG)
//!                         ├──svg───▶ SVG (the same look as vector shapes)
//!                         └──replay──▶ the dungeon after each step ──▶ GIF frames
//! ```
//!
//! This library is the core ([`grid`], [`flood`], [`rooms`], [`corridors`], [`recipe`],
//! [`dungeon`], [`raster`], [`png_file`], [`export`], [`uvtt`], [`tiled`], [`svg`],
//! [`files`], [`screenshots`], [`favourites`], [`presets`], [`layout_file`], [`replay`],
//! [`sweep`], [`sheet`], [`gif_file`], [`series`]): it knows nothing of windows or shells. The binary holds the two faces on it: the viewer window (`app`, the only module
//! with macroquad and egui) and the command line (`cli`: opens the window, or runs `render`,
//! `bench` and `presets`).
//!
//! ```
//! use dungeon_viewer::{dungeon::generate, recipe::Recipe};
//!
//! let recipe: Recipe = "dv1 seed=7 rooms=5".parse().unwrap();
//! let dungeon = generate(&recipe).unwrap();
//! assert_eq!(dungeon.rooms().len(), 5);
//! assert_eq!(dungeon.paths().len(), 4);
//! ```

pub mod bench;
pub mod colour;
pub mod connect;
pub mod corridors;
pub mod dungeon;
pub mod export;
pub mod favourites;
pub mod features;
pub mod files;
pub mod flood;
pub mod formats;
pub mod gif_file;
pub mod grid;
pub mod layout_file;
pub mod parallel;
pub mod png_file;
pub mod presets;
pub mod progress;
pub mod raster;
pub mod recipe;
pub mod replay;
pub mod rooms;
pub mod screenshots;
pub mod series;
pub mod sheet;
pub mod streams;
pub mod svg;
pub mod sweep;
pub mod tile;
pub mod tiled;
pub mod uvtt;
