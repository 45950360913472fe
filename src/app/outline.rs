//! The gold outline of pinned rooms, drawn by the window only, never in the files: the
//! sides of their cells that face out of the room, merged into runs, and the squares where
//! a room turns inwards. Found once for each map shown, and drawn at each frame for what is
//! on screen only, so that a map of thousands of pins draws as fast as one: drawn cell by
//! cell at every frame, 3,510 pinned caves took seconds a frame in the page.

use macroquad::color::Color;
use macroquad::shapes::draw_rectangle;

use super::view::{Area, View};
use dungeon_generator::{Dungeon, Pos, RoomKind};

/// Cells smaller than this on screen get no outline: its lines, two pixels at least, would
/// cover the rooms themselves.
const OUTLINED_FROM: f32 = 2.0;

/// Which side of a cell a run of outline follows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    Left,
    Right,
    Top,
    Bottom,
}

/// A straight piece of outline: along the `side` of `len` cells from cell (`x`, `y`),
/// down for the left and right sides, rightwards for the top and bottom.
#[derive(Clone, Copy)]
struct Run {
    side: Side,
    x: u32,
    y: u32,
    len: u32,
}

/// Where a room turns inwards: the corner of cell (`x`, `y`) towards (`dx`, `dy`), whose
/// two sides are the room's and the cell between them is not.
#[derive(Clone, Copy)]
struct Corner {
    x: u32,
    y: u32,
    dx: i8,
    dy: i8,
}

/// The outline of every pinned room of a map.
#[derive(Default)]
pub struct PinOutline {
    runs: Vec<Run>,
    corners: Vec<Corner>,
}

impl PinOutline {
    /// The outline of `dungeon`'s pinned rooms; in time linear in their cells (plus a sort
    /// of their sides).
    pub fn of(dungeon: &Dungeon) -> Self {
        let mut sides = Vec::new();
        let mut corners = Vec::new();
        for room in dungeon.rooms() {
            if room.kind() != RoomKind::Pinned {
                continue;
            }
            let inside = |x: i64, y: i64| {
                let on = u32::try_from(x).ok().zip(u32::try_from(y).ok());
                on.is_some_and(|(x, y)| room.contains(Pos::new(x, y)))
            };
            for &Pos { x, y } in room.cells() {
                let (cx, cy) = (i64::from(x), i64::from(y));
                for (side, dx, dy) in [
                    (Side::Left, -1, 0),
                    (Side::Right, 1, 0),
                    (Side::Top, 0, -1),
                    (Side::Bottom, 0, 1),
                ] {
                    if !inside(cx + dx, cy + dy) {
                        sides.push((side, x, y));
                    }
                }
                for (dx, dy) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
                    let (ex, ey) = (cx + i64::from(dx), cy + i64::from(dy));
                    let inwards = inside(ex, cy) && inside(cx, ey);
                    if inwards && !inside(ex, ey) {
                        corners.push(Corner { x, y, dx, dy });
                    }
                }
            }
        }
        Self {
            runs: runs(sides),
            corners,
        }
    }

    /// Draw it over the map at `view`, a cell `cell` pixels wide on screen, where it falls
    /// in `area`: a gold line with a dark one inside it, so that it shows on a room of any
    /// colour.
    pub fn draw(&self, view: View, cell: f32, area: Area) {
        if cell < OUTLINED_FROM {
            return;
        }
        let gold = Color::from_rgba(255, 196, 0, 255);
        let dark = Color::from_rgba(20, 20, 20, 255);
        let thick = (cell / 4.0).round().clamp(2.0, 6.0);
        let inner = (thick / 2.0).round();
        let shown = |x: f32, y: f32, w: f32, h: f32| {
            x < area.x + area.w && x + w > area.x && y < area.y + area.h && y + h > area.y
        };
        // The dark lines first, so the gold ones cover them where two sides meet.
        for (colour, width, inset) in [(dark, inner, thick), (gold, thick, 0.0)] {
            let rectangle = |x: f32, y: f32, w: f32, h: f32| {
                if shown(x, y, w, h) {
                    draw_rectangle(x, y, w, h, colour);
                }
            };
            let far = cell - inset - width;
            for run in &self.runs {
                let (left, top) = (view.x + run.x as f32 * cell, view.y + run.y as f32 * cell);
                let long = run.len as f32 * cell;
                match run.side {
                    Side::Left => rectangle(left + inset, top, width, long),
                    Side::Right => rectangle(left + far, top, width, long),
                    Side::Top => rectangle(left, top + inset, long, width),
                    Side::Bottom => rectangle(left, top + far, long, width),
                }
            }
            // Where the room turns inwards, the lines of the two sides meet in a square
            // at the cell's corner.
            let corner = inset + width;
            for c in &self.corners {
                let (left, top) = (view.x + c.x as f32 * cell, view.y + c.y as f32 * cell);
                let at = |start: f32, d: i8| if d < 0 { start } else { start + cell - corner };
                rectangle(at(left, c.dx), at(top, c.dy), corner, corner);
            }
        }
    }
}

/// The sides of cells merged into runs: each side of each cell at most once, neighbouring
/// ones along the side joined.
fn runs(mut sides: Vec<(Side, u32, u32)>) -> Vec<Run> {
    // Along y for the left and right sides, along x for the top and bottom.
    let along_y = |side: Side| matches!(side, Side::Left | Side::Right);
    sides.sort_unstable_by_key(|&(side, x, y)| {
        if along_y(side) {
            (side, x, y)
        } else {
            (side, y, x)
        }
    });
    let mut runs: Vec<Run> = Vec::new();
    for (side, x, y) in sides {
        if let Some(last) = runs.last_mut()
            && last.side == side
        {
            let extends = if along_y(side) {
                last.x == x && last.y + last.len == y
            } else {
                last.y == y && last.x + last.len == x
            };
            if extends {
                last.len += 1;
                continue;
            }
        }
        runs.push(Run { side, x, y, len: 1 });
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_generator::Recipe;
    use dungeon_generator::generate;

    #[test]
    fn runs_cover_each_side_of_a_pinned_room_facing_out_once() {
        let recipe: Recipe = "dv1 seed=4 rooms=8".parse().unwrap();
        let map = generate(&recipe).unwrap();
        let cells: Vec<Pos> = [1, 5].iter().map(|&i| map.rooms()[i].cells()[0]).collect();
        let pinned = generate(&recipe.pin_each_at(&map, &cells).unwrap()).unwrap();
        let outline = PinOutline::of(&pinned);
        // Counted cell by cell: the sides whose neighbour is another room's or none's.
        let mut sides = 0;
        for i in [1, 5] {
            let room = &pinned.rooms()[i];
            for p in room.cells() {
                let beside = [
                    p.x.checked_sub(1).map(|x| Pos::new(x, p.y)),
                    Some(Pos::new(p.x + 1, p.y)),
                    p.y.checked_sub(1).map(|y| Pos::new(p.x, y)),
                    Some(Pos::new(p.x, p.y + 1)),
                ];
                sides += beside
                    .iter()
                    .filter(|n| n.is_none_or(|n| !room.cells().contains(&n)))
                    .count();
            }
        }
        let covered: u32 = outline.runs.iter().map(|r| r.len).sum();
        assert_eq!(covered as usize, sides);
        // Fewer runs than sides: neighbouring ones joined.
        assert!(outline.runs.len() < sides, "{} runs", outline.runs.len());
        assert!(PinOutline::of(&map).runs.is_empty(), "no pins, no outline");
    }
}
