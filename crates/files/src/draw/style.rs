//! How a picture of a map is drawn, whoever draws it (the rasterizer of cells,
//! [`super::raster`], or the hatched look's shapes, [`super::hatched`]): the cell size, grid
//! lines and look options ([`Style`]), the sizes below which parts are left out, and the
//! distance tint's colours.

use std::ops::RangeInclusive;

use super::look::Look;
use dungeon_generator::Rgb;

/// Pixels a cell may take.
pub const CELL_SIZE: RangeInclusive<u32> = 1..=64;
/// The default cell size, the original's.
pub const DEFAULT_CELL_SIZE: u32 = 12;
/// Below this cell size no grid lines are drawn.
pub const MIN_GRID_CELL: u32 = 4;

/// Below this cell size doors, start and goal marks and room outlines are left out: they
/// would cover the cell or vanish. The distance tint and the print look apply at any size.
pub const MIN_MARK_CELL: u32 = 4;

/// How to draw a dungeon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Pixels per cell side, [`CELL_SIZE`].
    pub cell_size: u32,
    /// Whether to draw grid lines (only from [`MIN_GRID_CELL`] pixels a cell).
    pub grid: bool,
    /// What to draw over the original look.
    pub look: Look,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            cell_size: DEFAULT_CELL_SIZE,
            grid: true,
            look: Look::default(),
        }
    }
}

/// The distance tint near the start and at the farthest cell.
const NEAR: Rgb = Rgb(255, 120, 30);
const FAR: Rgb = Rgb(40, 110, 255);

/// The distance tint's colour at `t` of the way from the start (0) to the farthest cell
/// (1): orange to blue.
pub(crate) fn tint(t: f64) -> Rgb {
    mix(NEAR, FAR, t)
}

/// `a` moved towards `b` by `t` (0 to 1), channel by channel.
pub(crate) fn mix(a: Rgb, b: Rgb, t: f64) -> Rgb {
    let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}
