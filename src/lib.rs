//! Dungeon Viewer: cave-room dungeon maps, generated from a recipe, drawn and written in
//! the formats tabletops and game engines read.
//!
//! Data flows one way, through layers that each use only the ones above them here:
//!
//! ```text
//! base      grid, tiles, colours, the flood, seeded streams
//! model     Recipe ──▶ (what a map is) Dungeon: rooms, paths, doors, start, goal
//! generate  Recipe ──generate──▶ Dungeon (rooms, then connections, then corridors)
//! draw      Dungeon ──rasterize──▶ Pixels (the window's texture and every picture)
//! formats   Dungeon ──write──▶ PNG (+ recipe), SVG, Universal VTT, Tiled, JSON, text, GIF
//! store     favourites and presets, kept safely in the user's data directory
//! ```
//!
//! The library knows nothing of windows or shells: the `dungeon-viewer` program holds the
//! two faces on it, the viewer window and the command line.
//!
//! A game makes a map from a recipe and walks its parts:
//!
//! ```
//! use dungeon_viewer::{Recipe, generate};
//!
//! let recipe: Recipe = "dv1 seed=7 rooms=5".parse()?;
//! let dungeon = generate(&recipe)?;
//! assert_eq!(dungeon.rooms().len(), 5);
//! assert_eq!(dungeon.paths().len(), 4);
//! let features = dungeon.features();
//! let start = features.start.expect("a map with rooms has a start");
//! assert!(dungeon.rooms().iter().any(|room| room.cells.contains(&start)));
//! # Ok::<(), dungeon_viewer::model::Error>(())
//! ```

pub mod base;
pub mod draw;
pub mod formats;
pub mod generate;
pub mod model;
pub mod store;

pub use base::grid::Pos;
pub use generate::generate;
pub use model::dungeon::Dungeon;
pub use model::recipe::Recipe;
