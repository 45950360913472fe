//! Walking a finished map: steps from any set of cells to every other, and the shortest
//! path between two cells, over the cells one can walk (rooms' floors and paths), stepping
//! left, right, up or down. Breadth first, neighbours in the original's order, no
//! randomness: the same map gives the same distances and paths, and the caller needs no
//! random numbers.

use crate::base::grid::{Grid, Pos};
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
    let steps = flood(tiles, starts, None, |_, _| {});
    Grid::from_cells(tiles.width(), tiles.height(), steps)
        .unwrap_or_else(|_| Grid::new(tiles.width(), tiles.height(), UNREACHED))
}

/// The shortest walk from `from` to `to`, both included, the first of several as short
/// in the original's order of neighbours; `None` when either is off the map or on rock, or
/// no walk joins them.
pub(crate) fn path(tiles: &Grid<Tile>, from: Pos, to: Pos) -> Option<Vec<Pos>> {
    let end = tiles.index_of(to).filter(|_| walkable(tiles[to]))?;
    let mut came_from = vec![0; tiles.len()];
    let steps = flood(tiles, [from], Some(end), |to, from| {
        came_from[to] = from as u32
    });
    if steps[end] == UNREACHED {
        return None;
    }
    let mut at = end;
    let mut cells = vec![to];
    while steps[at] > 0 {
        at = came_from[at] as usize;
        cells.push(tiles.pos_of(at));
    }
    cells.reverse();
    Some(cells)
}

/// Marks a cell no walk reached.
const UNREACHED: u32 = u32::MAX;

/// A breadth-first walk over the walkable cells of `tiles` from `starts` (those off the map
/// or on rock left out), neighbours in the original's order (left, right, up, down), until
/// every cell they join is reached or the cell of index `goal` is taken from the queue:
/// each cell's steps from the nearest start ([`UNREACHED`] for those not reached). Each
/// cell reached is told to `reached` with the cell it was first reached from (a start with
/// itself). Cells are queued by index, each once, so the queue is a list read from its
/// front.
fn flood(
    tiles: &Grid<Tile>,
    starts: impl IntoIterator<Item = Pos>,
    goal: Option<usize>,
    mut reached: impl FnMut(usize, usize),
) -> Vec<u32> {
    let (w, h) = (tiles.width() as usize, tiles.height() as usize);
    let cells = tiles.as_slice();
    let mut steps = vec![UNREACHED; cells.len()];
    let mut queue: Vec<u32> = Vec::new();
    for start in starts {
        if let Some(i) = tiles.index_of(start).filter(|&i| walkable(cells[i]))
            && steps[i] == UNREACHED
        {
            steps[i] = 0;
            reached(i, i);
            queue.push(i as u32);
        }
    }
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        head += 1;
        let i = at as usize;
        if Some(i) == goal {
            break;
        }
        let (x, y) = (i % w, i / w);
        let next = steps[i] + 1;
        let mut reach = |j: usize| {
            if steps[j] == UNREACHED && walkable(cells[j]) {
                steps[j] = next;
                reached(j, i);
                queue.push(j as u32);
            }
        };
        if x > 0 {
            reach(i - 1);
        }
        if x + 1 < w {
            reach(i + 1);
        }
        if y > 0 {
            reach(i - w);
        }
        if y + 1 < h {
            reach(i + w);
        }
    }
    steps
}
