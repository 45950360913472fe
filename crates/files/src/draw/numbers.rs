//! Room numbers, as game masters key their notes to them: each room's number (its index + 1,
//! the order of the JSON's rooms and the names of Tiled's room objects) at the room's most
//! interior cell, in ink digits of a small pixel font on a paper label.

use dungeon_generator::Room;
use dungeon_generator::{Grid, Pos, Rect};

/// Below this cell size numbers are left out: the digits would not be readable.
pub const MIN_NUMBER_CELL: u32 = 8;

/// The digits 0–9, three pixels wide and five high, a row of bits (4, 2, 1: left to right)
/// for each pixel row.
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 3, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 2, 2],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// The cell of `room` farthest from any cell outside it by steps through the room (the
/// first such cell in the room's order): its middle, where a number reads best.
#[must_use]
pub fn label_cell(room: &Room) -> Option<Pos> {
    let bounds = Rect::around(room.cells.iter().copied())?;
    let local = |p: Pos| Pos::new(p.x - bounds.x0 + 1, p.y - bounds.y0 + 1);
    // The room's cells with a ring of outside around them.
    let mut depth = Grid::new(bounds.width() + 2, bounds.height() + 2, 0u32);
    for &p in &room.cells {
        depth[local(p)] = u32::MAX;
    }
    let mut front: Vec<Pos> = room
        .cells
        .iter()
        .map(|&p| local(p))
        .filter(|&p| depth.neighbours(p).any(|q| depth[q] == 0))
        .collect();
    for &p in &front {
        depth[p] = 1;
    }
    let mut level = 1;
    while !front.is_empty() {
        level += 1;
        let mut next = Vec::new();
        for &p in &front {
            for q in depth.neighbours(p) {
                if depth[q] == u32::MAX {
                    depth[q] = level;
                    next.push(q);
                }
            }
        }
        front = next;
    }
    let deepest = room.cells.iter().map(|&p| depth[local(p)]).max()?;
    room.cells
        .iter()
        .copied()
        .find(|&p| depth[local(p)] == deepest)
}

/// How many times the font is scaled up in a cell of `n` pixels: the digits' five rows and
/// a pixel of label above and below fit in the cell.
#[must_use]
pub fn scale(n: u32) -> u32 {
    (n.saturating_sub(2) / 5).max(1)
}

/// The size in pixels of `number`'s label at `scale`: the digits with a pixel of space
/// between them and a margin of a pixel around.
#[must_use]
pub fn label_size(number: usize, scale: u32) -> (u32, u32) {
    let digits = number.to_string().len() as u32;
    (digits * 4 * scale - scale + 2, 5 * scale + 2)
}

/// Hand `ink` each ink rectangle (x, y, w, h) of `number`'s digits at `scale`, relative to
/// the label's top-left corner.
pub fn for_each_ink(number: usize, scale: u32, mut ink: impl FnMut(u32, u32, u32, u32)) {
    for (i, digit) in number.to_string().bytes().enumerate() {
        let glyph = DIGITS[usize::from(digit - b'0')];
        let left = 1 + i as u32 * 4 * scale;
        for (row, bits) in glyph.iter().enumerate() {
            for column in 0..3 {
                if bits & (4 >> column) != 0 {
                    ink(left + column * scale, 1 + row as u32 * scale, scale, scale);
                }
            }
        }
    }
}
