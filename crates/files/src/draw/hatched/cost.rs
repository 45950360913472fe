//! What drawing a map in the hatched look costs, told from its cells in one pass before any
//! shape is made: so that a picture too dear to draw is refused before it is drawn, and a
//! series says what its hatched pictures will take.
//!
//! Almost all of the look's work runs along the floor's outline: about six clusters of
//! three strokes for each cell beside it (within 10 % on every kind of map measured), the
//! pale band and the walls along it, and the shapes that hold them. The rest is a few
//! passes over every pixel (the paper, the floor, the mask the floor's layers are clipped
//! to, the PNG's compression) and, with the distance tint or the rooms' colours, washes
//! over the floor. The constants were fitted to the CPU time of `png::write` (release, a
//! shared 2-core machine; `cargo bench --bench raster` prints the estimate beside what it
//! measures) over maps from W1 to 2048×2048 cells and cell sizes 2 to 64: within 35 % of
//! it on every map measured. Whoever bounds with them adds a margin for slower machines.

use super::HATCH_FROM;
use crate::draw::style::Style;
use dungeon_generator::Dungeon;

/// From this cell size the hatching's strokes are over a pixel wide, and each is stroked
/// as a shape of its own rather than as a hairline: several times dearer.
const STROKED_FROM: u32 = 34;
/// Microseconds of work for each cell along the outline, at `s` pixels a cell: a base and
/// so much a pixel of the cell's side, without strokes (below [`HATCH_FROM`]), with
/// hairline strokes, and with stroked ones (measured, a cell along the outline: 2.1 µs at
/// 2 pixels, 5.3 at 7; 17 at 8, 33 at 16, 57 at 32; 164 at 34, 245 at 64).
const BARE: (f64, f64) = (1.0, 0.6);
const HAIRLINE: (f64, f64) = (7.0, 1.5);
const STROKED: (f64, f64) = (75.0, 2.6);
/// Nanoseconds of work for each pixel of the picture (measured: 1.3 to 5.7).
const PIXEL_NANOS: f64 = 4.0;
/// Microseconds for each floor cell that a wash (the distance tint, the rooms' colours)
/// covers, each, and nanoseconds for each pixel of it (measured, with doors, marks and
/// numbers: 0.8 µs a floor cell at 2 pixels a cell, 2.6 at 5, 6.1 at 16, 61 at 64).
const WASH: (f64, f64) = (0.5, 8.0);
/// Bytes of memory the shapes take for each cell along the outline, with the hatching's
/// strokes and without them (measured: 1.16 and 1.23 kB; 150 bytes), the map and the
/// bands drawing it included.
const OUTLINE_BYTES: (f64, f64) = (1300.0, 200.0);

/// How much of a map the hatched look draws.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Work {
    /// Cells along the floor's outline: rock cells with floor among their eight
    /// neighbours, and floor cells beside rock or the map's edge.
    pub outline: f64,
    /// Floor cells.
    pub floor: f64,
}

impl Work {
    /// The work of `dungeon`'s map, counted in one pass over its cells.
    #[must_use]
    pub fn of(dungeon: &Dungeon) -> Work {
        let tiles = dungeon.tiles();
        let (width, height) = (dungeon.width() as usize, dungeon.height() as usize);
        let floor: Vec<bool> = tiles.as_slice().iter().map(|t| t.is_walkable()).collect();
        let at = |x: usize, y: usize| floor[y * width + x];
        let mut work = Work::default();
        for y in 0..height {
            for x in 0..width {
                let (left, up) = (x.saturating_sub(1), y.saturating_sub(1));
                let (right, down) = ((x + 1).min(width - 1), (y + 1).min(height - 1));
                let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
                let beside = if at(x, y) {
                    work.floor += 1.0;
                    edge || !(at(left, y) && at(right, y) && at(x, up) && at(x, down))
                } else {
                    (up..=down).any(|y| (left..=right).any(|x| at(x, y)))
                };
                if beside {
                    work.outline += 1.0;
                }
            }
        }
        work
    }

    /// The same work over `by` times as many cells alike.
    #[must_use]
    pub fn scaled(self, by: f64) -> Work {
        Work {
            outline: self.outline * by,
            floor: self.floor * by,
        }
    }

    /// About how many seconds of CPU drawing it in `style` into a picture of `pixels`
    /// pixels takes, as measured.
    #[must_use]
    pub fn seconds(&self, style: &Style, pixels: f64) -> f64 {
        let s = style.cell_size;
        let (base, per_pixel) = if s < HATCH_FROM {
            BARE
        } else if s < STROKED_FROM {
            HAIRLINE
        } else {
            STROKED
        };
        let outline = self.outline * (base + per_pixel * f64::from(s)) * 1e-6;
        let washes = f64::from(u8::from(style.look.distance) + u8::from(style.look.colours));
        let (per_cell, per_pixel) = WASH;
        let floor = self.floor * washes * (per_cell * 1e-6 + f64::from(s * s) * per_pixel * 1e-9);
        outline + floor + pixels * PIXEL_NANOS * 1e-9
    }

    /// About how many bytes of memory its shapes take in `style`.
    #[must_use]
    pub fn bytes(&self, style: &Style) -> f64 {
        let (hatched, bare) = OUTLINE_BYTES;
        self.outline * if strokes(style) { hatched } else { bare }
    }
}

/// Whether the hatching's strokes are drawn in `style`: from [`HATCH_FROM`] pixels a cell.
#[must_use]
pub fn strokes(style: &Style) -> bool {
    style.cell_size >= HATCH_FROM
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::raster::Look;
    use dungeon_generator::generate;

    fn hatched(cell_size: u32) -> Style {
        Style {
            cell_size,
            grid: true,
            look: Look {
                hatched: true,
                ..Look::default()
            },
        }
    }

    #[test]
    fn the_outline_is_counted_on_both_sides_and_along_the_edge() {
        // One room of a cell in the middle: itself and its eight neighbours.
        let one = generate(&"dv1 width=5 height=5 rooms=1 room-size=1".parse().unwrap()).unwrap();
        let work = Work::of(&one);
        assert_eq!(work.floor, 1.0);
        assert!((1.0..=9.0).contains(&work.outline), "{work:?}");
        // A map all floor is outline only along its edge.
        let full = generate(
            &"dv1 width=6 height=6 rooms=1 room-size=12 shape=rect"
                .parse()
                .unwrap(),
        )
        .unwrap();
        let work = Work::of(&full);
        assert!(
            work.outline < 36.0 && work.outline >= work.floor.min(20.0),
            "{work:?}"
        );
    }

    #[test]
    fn strokes_cost_more_from_the_cell_size_that_draws_them_and_more_again_when_wide() {
        let work = Work {
            outline: 100_000.0,
            floor: 50_000.0,
        };
        let at = |s: u32| work.seconds(&hatched(s), 0.0);
        assert!(at(HATCH_FROM) > 2.0 * at(HATCH_FROM - 1));
        assert!(at(STROKED_FROM) > 2.0 * at(STROKED_FROM - 1));
        assert!((1..64).all(|s| at(s) < at(s + 1)));
        let washed = Style {
            look: Look {
                hatched: true,
                distance: true,
                colours: true,
                ..Look::default()
            },
            ..hatched(64)
        };
        assert!(work.seconds(&washed, 0.0) > at(64));
    }
}
