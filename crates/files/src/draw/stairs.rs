//! Stairs, drawn in every look on a level of a dungeon of several: a plate of paper over
//! the stairs' cell with the steps on it in ink, parallel bars that narrow the way the
//! stairs go, so that they point like an arrow: ▲ up, ▼ down. The looks of cells draw the
//! rectangles of [`glyph`] (as pixels in [`super::raster`], as shapes in the SVG); the
//! hatched look draws the same wedge of [`STEPS`] steps in its own strokes
//! ([`super::hatched`]). A map of one level has no stairs, so nothing here is drawn on it.

use super::style::MIN_MARK_CELL;
use dungeon_generator::{Dungeon, Pos};

/// Below this cell size stairs are left out, as doors and the start and goal are: the
/// wedge needs 4 pixels to show which way it points.
pub const MIN_STAIRS_CELL: u32 = MIN_MARK_CELL;

/// The most steps a wedge has.
pub const STEPS: u32 = 4;

/// Which way stairs go from the level they are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Up to the level above: on the cell of its stairs down.
    Up,
    /// Down to the level below.
    Down,
}

/// The stairs of `dungeon`, each with the way it goes: none on a map of one level (whose
/// features are then not even looked at), up below the first level, down above the last.
#[must_use]
pub fn of(dungeon: &Dungeon) -> Vec<(Pos, Way)> {
    if dungeon.recipe().levels <= 1 {
        return Vec::new();
    }
    let features = dungeon.features();
    [
        (features.stairs_up, Way::Up),
        (features.stairs_down, Way::Down),
    ]
    .into_iter()
    .filter_map(|(at, way)| Some((at?, way)))
    .collect()
}

/// A rectangle within a cell's pixels: x, y, width, height.
pub type Rect = (u32, u32, u32, u32);

/// The stairs going `way` in a cell of `n` pixels, as rectangles within the cell: the
/// plate (paper), then the steps (ink), each a bar centred across the cell, the widest as
/// wide as the plate less its margin, each next one narrower, towards the top going up and
/// towards the bottom going down. `None` below [`MIN_STAIRS_CELL`] pixels.
///
/// Up is down turned upside down, pixel for pixel.
#[must_use]
pub fn glyph(n: u32, way: Way) -> Option<(Rect, Vec<Rect>)> {
    if n < MIN_STAIRS_CELL {
        return None;
    }
    let plate_inset = n / 12;
    let inset = n / 6;
    let side = n - 2 * inset;
    // Bars as thick as the gaps between them, and as many as fit (at least two).
    let thick = ((side + 4) / 9).max(1);
    let steps = ((side + thick) / (2 * thick)).clamp(2, STEPS);
    let used = (2 * steps - 1) * thick;
    let top = inset + side.saturating_sub(used) / 2;
    let bars = (0..steps)
        .map(|j| {
            // Narrower by the same part of the widest at each step, kept centred.
            let narrower = 2 * ((2 * j * side + 2 * steps) / (4 * steps));
            let width = side.saturating_sub(narrower).max(1);
            let y = top + 2 * j * thick;
            let y = match way {
                Way::Down => y,
                Way::Up => n - y - thick,
            };
            ((n - width) / 2, y, width, thick)
        })
        .collect();
    let plate = (
        plate_inset,
        plate_inset,
        n - 2 * plate_inset,
        n - 2 * plate_inset,
    );
    Some((plate, bars))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glyph as text, `#` for ink, `.` for the plate, ` ` outside it.
    fn drawn(n: u32, way: Way) -> Vec<String> {
        let (plate, bars) = glyph(n, way).unwrap();
        let inside = |(x, y, w, h): Rect, px: u32, py: u32| {
            (x..x + w).contains(&px) && (y..y + h).contains(&py)
        };
        (0..n)
            .map(|py| {
                (0..n)
                    .map(|px| {
                        if bars.iter().any(|&b| inside(b, px, py)) {
                            '#'
                        } else if inside(plate, px, py) {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn stairs_point_the_way_they_go_from_four_pixels() {
        assert_eq!(glyph(3, Way::Down), None);
        assert_eq!(drawn(4, Way::Down), ["####", "....", ".##.", "...."]);
        assert_eq!(drawn(4, Way::Up), ["....", ".##.", "....", "####"]);
        assert_eq!(
            drawn(12, Way::Down),
            [
                "            ",
                " .......... ",
                " .########. ",
                " .......... ",
                " ..######.. ",
                " .......... ",
                " ...####... ",
                " .......... ",
                " ....##.... ",
                " .......... ",
                " .......... ",
                "            ",
            ]
        );
    }

    #[test]
    fn up_is_down_upside_down_and_bars_narrow_within_the_plate() {
        for n in MIN_STAIRS_CELL..=64 {
            let mut down = drawn(n, Way::Down);
            down.reverse();
            assert_eq!(down, drawn(n, Way::Up), "{n} pixels");
            let (plate, bars) = glyph(n, Way::Down).unwrap();
            assert!(bars.len() >= 2, "{n} pixels");
            for pair in bars.windows(2) {
                assert!(pair[1].2 < pair[0].2, "{n} pixels: {bars:?}");
                assert!(pair[1].1 > pair[0].1 + pair[0].3, "{n} pixels: a gap");
            }
            for (x, y, w, h) in bars {
                assert!(x >= plate.0 && x + w <= plate.0 + plate.2, "{n} pixels");
                assert!(y >= plate.1 && y + h <= plate.1 + plate.3, "{n} pixels");
                assert_eq!(x + w + x, n, "{n} pixels: centred");
            }
        }
    }
}
