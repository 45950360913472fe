//! Dungeon maps made by `dungeon-generator` as pictures and files: one rasterizer that
//! every picture shares ([`draw`]), and every format a map is written in and read back
//! from ([`formats`]): PNG with the recipe inside, animated GIF, SVG, Universal VTT for
//! virtual tabletops, Tiled maps, JSON and text, each written whole or not at all. Also
//! here, for those and for the program: how readable a map is ([`figures`]), one key
//! played across its values ([`sweep`]), runs of equal cells ([`runs`]) and words for
//! messages ([`text`]).
//!
//! ```
//! use std::path::Path;
//!
//! use dungeon_files::draw::raster::{Style, rasterize};
//! use dungeon_files::formats::png;
//! use dungeon_generator::{Recipe, generate};
//!
//! let recipe: Recipe = "dv1 seed=7 rooms=5".parse()?;
//! let dungeon = generate(&recipe)?;
//! // 12 pixels a cell with grid lines, in the original look.
//! let pixels = rasterize(&dungeon, &Style::default())?;
//! let bytes = png::encode(&pixels, &recipe)?;
//! // The recipe travels inside the picture.
//! let picture = png::decode(&bytes, Path::new("map.png"))?;
//! assert_eq!(picture.text("recipe"), Some(recipe.to_string().as_str()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod draw;
pub mod figures;
pub mod formats;
pub mod runs;
pub mod sweep;
pub mod text;
