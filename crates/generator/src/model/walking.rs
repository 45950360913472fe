//! Walking a finished map: steps from any set of cells to every other, and the shortest
//! path between two cells, over the cells one can walk (rooms' floors and paths), stepping
//! left, right, up or down. Breadth first, neighbours in the original's order, no
//! randomness: the same map gives the same distances and paths, and the caller needs no
//! random numbers.

use std::collections::VecDeque;

use crate::base::grid::{Grid, Pos, index};
use crate::base::tile::Tile;

/// Whether one can walk on a tile: a room's floor or a path.
fn walkable(tile: Tile) -> bool {
    tile.is_walkable()
}

/// Steps from `start` to every cell one can walk to from it over rooms and paths
/// (`u32::MAX` for the others), by a breadth-first flood.
#[must_use]
pub fn walking_distances(tiles: &Grid<Tile>, start: Pos) -> Grid<u32> {
    distances(tiles, [start])
}

/// Steps from the nearest of `starts` to every cell one can walk to from them
/// (`u32::MAX` for the others); starts off the map or on rock are left out.
pub(crate) fn distances(tiles: &Grid<Tile>, starts: impl IntoIterator<Item = Pos>) -> Grid<u32> {
    let walk = Walk::new(tiles, starts, None);
    Grid::from_cells(tiles.width(), tiles.height(), walk.steps)
        .unwrap_or_else(|_| Grid::new(tiles.width(), tiles.height(), UNREACHED))
}

/// The shortest walk from `from` to `to`, both included, the first of several as short
/// in the original's order of neighbours; `None` when either is off the map or on rock, or
/// no walk joins them.
pub(crate) fn path(tiles: &Grid<Tile>, from: Pos, to: Pos) -> Option<Vec<Pos>> {
    let end = tiles.index_of(to).filter(|_| walkable(tiles[to]))?;
    let walk = Walk::new(tiles, [from], Some(end));
    if walk.steps[end] == UNREACHED {
        return None;
    }
    let mut at = end;
    let mut cells = vec![to];
    while walk.steps[at] > 0 {
        at = walk.came_from[at] as usize;
        cells.push(tiles.pos_of(at));
    }
    cells.reverse();
    Some(cells)
}

/// Marks a cell no walk reached.
const UNREACHED: u32 = u32::MAX;

/// A breadth-first walk over the walkable cells of a map.
struct Walk {
    /// Each cell's steps from the nearest start, [`UNREACHED`] for those not reached.
    steps: Vec<u32>,
    /// The cell each reached cell was first reached from (a start's is its own).
    came_from: Vec<u32>,
}

impl Walk {
    /// From `starts` (those off the map or on rock left out) until every cell they join is
    /// reached, or until the cell of index `goal` is.
    fn new(tiles: &Grid<Tile>, starts: impl IntoIterator<Item = Pos>, goal: Option<usize>) -> Self {
        let w = tiles.width();
        let mut walk = Walk {
            steps: vec![UNREACHED; tiles.len()],
            came_from: vec![0; tiles.len()],
        };
        let mut queue = VecDeque::new();
        for start in starts {
            if let Some(i) = tiles.index_of(start).filter(|_| walkable(tiles[start]))
                && walk.steps[i] == UNREACHED
            {
                walk.steps[i] = 0;
                walk.came_from[i] = i as u32;
                queue.push_back(start);
            }
        }
        while let Some(p) = queue.pop_front() {
            let i = index(w, p);
            if Some(i) == goal {
                break;
            }
            for n in tiles.neighbours(p) {
                let j = index(w, n);
                if walk.steps[j] == UNREACHED && walkable(tiles[n]) {
                    walk.steps[j] = walk.steps[i] + 1;
                    walk.came_from[j] = i as u32;
                    queue.push_back(n);
                }
            }
        }
        walk
    }
}
