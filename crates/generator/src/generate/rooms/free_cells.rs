//! The free cells of a grid while rooms are placed: how many are left, and a uniformly
//! random one. Mostly a few random probes find one; on a crowded grid it is the k-th free
//! cell for a random k, found through a count of free cells per block of the grid, so a
//! crowded map with thousands of rooms still to try does not scan the whole grid each time.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;

/// Tries at random places before counting through the free cells.
const RANDOM_TRIES: usize = 32;
/// Cells per block of the count.
const BLOCK: usize = 1024;

/// The free cells left on a grid rooms are being placed on.
pub struct FreeCells {
    count: usize,
    /// Free cells in each block of [`BLOCK`] cells, once the grid first got crowded.
    blocks: Option<Vec<u32>>,
}

impl FreeCells {
    /// The free cells of `tiles` as they are.
    pub fn new(tiles: &Grid<Tile>) -> Self {
        Self {
            count: tiles
                .as_slice()
                .iter()
                .filter(|t| t.is_outside_rooms())
                .count(),
            blocks: None,
        }
    }

    /// The cell at row-major index `i` is no longer free.
    pub fn taken(&mut self, i: usize) {
        self.count -= 1;
        if let Some(blocks) = &mut self.blocks {
            blocks[i / BLOCK] -= 1;
        }
    }

    /// A uniformly random free cell of `tiles`; `None` when none is. A few random probes,
    /// then the k-th free cell (in reading order) for a random k.
    pub fn random(&mut self, tiles: &Grid<Tile>, rng: &mut Pcg64Mcg) -> Option<Pos> {
        if self.count == 0 || tiles.is_empty() {
            return None;
        }
        let cells = tiles.as_slice();
        for _ in 0..RANDOM_TRIES {
            let i = rng.random_range(0..cells.len() as u64) as usize;
            if cells[i].is_outside_rooms() {
                return Some(tiles.pos_of(i));
            }
        }
        let mut k = rng.random_range(0..self.count as u64) as usize;
        let blocks = self.blocks.get_or_insert_with(|| {
            cells
                .chunks(BLOCK)
                .map(|block| block.iter().filter(|t| t.is_outside_rooms()).count() as u32)
                .collect()
        });
        let (block, _) = blocks.iter().enumerate().find(|&(_, &free)| {
            let here = free as usize;
            if k < here {
                return true;
            }
            k -= here;
            false
        })?;
        let start = block * BLOCK;
        let (i, _) = cells[start..]
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_outside_rooms())
            .nth(k)?;
        Some(tiles.pos_of(start + i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The k-th free cell by a plain scan, as rooms were placed before the count.
    fn kth_free(tiles: &Grid<Tile>, k: usize) -> Option<Pos> {
        let (i, _) = tiles
            .as_slice()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_outside_rooms())
            .nth(k)?;
        Some(tiles.pos_of(i))
    }

    #[test]
    fn on_a_crowded_grid_the_count_finds_the_cell_a_scan_finds() {
        let mut tiles = Grid::new(100, 70, Tile::of_room(0));
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        assert_eq!(FreeCells::new(&tiles).random(&tiles, &mut rng), None);
        for i in [5, 1500, 1501, 3000, 4096, 6999] {
            tiles.as_mut_slice()[i] = Tile::FREE;
        }
        let mut free = FreeCells::new(&tiles);
        for round in 0..200 {
            // Once the count exists, a cell is taken.
            if round == 100 {
                tiles.as_mut_slice()[1500] = Tile::of_room(1);
                free.taken(1500);
            }
            // What a probe finds, else the k-th free cell a plain scan finds.
            let mut again = rng.clone();
            let found = free.random(&tiles, &mut rng);
            let probed = (0..RANDOM_TRIES)
                .map(|_| again.random_range(0..tiles.len() as u64) as usize)
                .find(|&i| tiles.as_slice()[i].is_outside_rooms());
            let expected = match probed {
                Some(i) => Some(tiles.pos_of(i)),
                None => kth_free(&tiles, again.random_range(0..free.count as u64) as usize),
            };
            assert_eq!(found, expected, "round {round}");
        }
    }
}
