//! One end of a path: a room's cells (or a single free cell), their bounds and their doors.

use crate::base::bits::reached_by_steps;
use crate::base::grid::{Grid, Pos, Rect};
use crate::base::tile::Tile;
use crate::model::parts::Room;

/// One end of a path: a room's cells (or a single free cell), the smallest rectangle
/// holding them, and the free cells beside them and not among them (its doors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEnd {
    pub cells: Vec<Pos>,
    pub bounds: Rect,
    pub doors: Vec<Pos>,
}

impl PathEnd {
    /// The side made of `cells`; `None` when there are none. Panics when a cell lies off
    /// `tiles`.
    #[must_use]
    pub fn new(tiles: &Grid<Tile>, cells: &[Pos]) -> Option<Self> {
        Self::within(tiles, cells, Rect::around(cells.iter().copied())?)
    }

    /// The side made of `room`'s cells; `None` when it has none.
    #[must_use]
    pub fn of_room(tiles: &Grid<Tile>, room: &Room) -> Option<Self> {
        Self::within(tiles, room.cells(), room.bounds())
    }

    /// The side made of `cells`, which `bounds` is the smallest rectangle holding; `None`
    /// when there are none.
    fn within(tiles: &Grid<Tile>, cells: &[Pos], bounds: Rect) -> Option<Self> {
        if cells.is_empty() {
            return None;
        }
        // The cells as bits in a box one cell wider all round (where the map allows):
        // their neighbours are the bits shifted one step each way, and a scan of the box
        // finds the free ones in reading order, each once.
        let (w, h) = (tiles.width(), tiles.height());
        let area = bounds.grown(1, w, h);
        let width = (area.x1 - area.x0 + 1) as usize;
        let wpr = width.div_ceil(64);
        let mut marked = vec![0u64; wpr * (area.y1 - area.y0 + 1) as usize];
        for &c in cells {
            let (x, y) = ((c.x - area.x0) as usize, (c.y - area.y0) as usize);
            marked[y * wpr + x / 64] |= 1 << (x % 64);
        }
        let mut doors = Vec::with_capacity(cells.len() + 4);
        for i in 0..marked.len() {
            let (y, word) = (i / wpr, i % wpr);
            let inside = (width - 64 * word).min(64);
            let box_bits = if inside == 64 { !0 } else { (1 << inside) - 1 };
            let reached = reached_by_steps(&marked, wpr, i);
            // The cells themselves are no doors.
            let mut near = reached.into_iter().fold(0, |near, r| near | r) & box_bits & !marked[i];
            while near != 0 {
                let bit = near.trailing_zeros();
                near &= near - 1;
                let door = Pos::new(area.x0 + 64 * word as u32 + bit, area.y0 + y as u32);
                if tiles[door].is_outside_rooms() {
                    doors.push(door);
                }
            }
        }
        Some(Self {
            cells: cells.to_vec(),
            bounds,
            doors,
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::PathEnd;
    use crate::base::grid::{Dir, Grid, Pos, step_within};
    use crate::base::tile::Tile;

    #[test]
    fn doors_are_the_free_neighbours_of_the_cells_in_reading_order() {
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        // Widths round a word's 64 cells, so that boxes cross words and meet the map's edge.
        for (width, height) in [(1, 1), (1, 7), (9, 1), (63, 5), (64, 6), (65, 9), (130, 4)] {
            let tiles: Vec<Tile> = (0..width * height)
                .map(|_| {
                    if rng.random_bool(0.4) {
                        Tile::of_room(rng.random_range(0..3))
                    } else {
                        Tile::FREE
                    }
                })
                .collect();
            let tiles = Grid::from_cells(width, height, tiles).unwrap();
            // Each room's cells, and a handful of free cells, as a side.
            let sides = (0..3).map(|r| {
                let room = Tile::of_room(r);
                tiles
                    .positions()
                    .filter(|&p| tiles[p] == room)
                    .collect::<Vec<_>>()
            });
            let loose: Vec<Pos> = tiles.positions().filter(|_| rng.random_bool(0.1)).collect();
            for cells in sides.chain([loose]) {
                let mut expected: Vec<Pos> = cells
                    .iter()
                    .flat_map(|&c| Dir::ALL.map(|d| step_within(width, height, c, d)))
                    .flatten()
                    .filter(|&n| tiles[n].is_outside_rooms() && !cells.contains(&n))
                    .collect();
                expected.sort_by_key(|p| (p.y, p.x));
                expected.dedup();
                let side = PathEnd::new(&tiles, &cells);
                assert_eq!(
                    side.map(|s| s.doors),
                    (!cells.is_empty()).then_some(expected)
                );
            }
        }
    }
}
