//! Tests of the generator's insides, which its public API does not show: each shape and
//! corridor style on its own, placing rooms and joining them stage by stage.

#[path = "../../tests/common/maps.rs"]
mod common;

mod kinds;
mod paths;
mod rooms;

use crate::generate::rooms::Growth;

/// How a cave room of `size` cells grows with `stickiness`, leaning no way.
pub fn growth(size: u32, stickiness: f64) -> Growth {
    Growth {
        size,
        stickiness,
        stretch: 0.0,
    }
}
