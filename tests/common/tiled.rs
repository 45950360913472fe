//! The maps the Tiled tests write (`tests/tiled.rs` with our own reader, `tests/live/tiled.rs`
//! with the real Tiled).

use dungeon_files::formats::tmj;

pub const RECIPES: [&str; 4] = [
    "dv1 seed=3 shape=mixed corridor=twisty connect=loops",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 shape=rect corridor=half-rect",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 connect=nearest shape=diamond",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

/// Tile sizes: the default, an odd one (start and goal at half pixels) and one too small
/// for grid lines.
pub const TILE_SIZES: [u32; 3] = [tmj::DEFAULT_TILE_SIZE, 7, 3];
