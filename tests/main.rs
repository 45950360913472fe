//! The integration tests, as one test crate (one link of the library for them all): each
//! module tests one part of the program from outside, through the library's public API,
//! the `dungeon-viewer` binary, and real readers of the files it writes. The window and the
//! web page are tested in `tests/live.rs`, whose harness says when they could not run.

mod common;

mod cli;
mod documents;
mod favourites;
mod features;
mod hatched;
mod hostile_files;
mod layers;
mod levels;
mod look;
mod messages;
mod numbers;
mod pictures;
mod pins;
mod presets;
mod readability;
mod readme;
mod render;
mod safety;
mod screenshots;
mod series;
mod svg;
mod tiled;
mod uvtt;
mod writes;
