//! The integration tests, as one test crate (one link of the library for them all): each
//! module tests one part of the program from outside, through the library's public API,
//! the `dungeon-viewer` binary, and real readers of the files it writes.

mod common;

mod cli;
mod dungeon;
mod favourites;
mod features;
mod flood;
mod grid;
mod hostile_files;
mod kinds;
mod look;
mod paths;
mod presets;
mod random_recipes;
mod readability;
mod readme;
mod recipe;
mod render;
mod replay;
mod rooms;
mod safety;
mod screenshots;
mod series;
mod svg;
mod tiled;
mod uvtt;
mod window;
