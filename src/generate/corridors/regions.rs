//! Free regions: which free cells connect to which, so a path search knows before it starts
//! whether free cells join two rooms, and never floods a whole region to find out they don't.

use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos};
use crate::base::tile::Tile;

/// The label of cells that are in no free region (room cells).
pub const NO_REGION: u32 = u32::MAX;

/// The free regions of a map and the regions each room borders.
#[derive(Debug)]
pub struct Regions {
    label: Grid<u32>,
    sizes: Vec<usize>,
    /// Per room, the regions it borders, sorted.
    bordering: Vec<Vec<u32>>,
}

impl Regions {
    /// Label the free cells of `tiles` by region and note which regions each room borders,
    /// given each room's doors (the free cells beside it), room by room.
    #[must_use]
    pub fn new<'a>(tiles: &Grid<Tile>, doors: impl IntoIterator<Item = &'a [Pos]>) -> Self {
        let (width, height) = (tiles.width(), tiles.height());
        let mut label = Grid::new(width, height, NO_REGION);
        let mut sizes = Vec::new();
        for (i, tile) in tiles.as_slice().iter().enumerate() {
            if !tile.is_outside_rooms() || label.as_slice()[i] != NO_REGION {
                continue;
            }
            let region = sizes.len() as u32;
            let start = tiles.pos_of(i);
            label[start] = region;
            // The labels are the flood's memory: a labelled cell is not entered again.
            let reached = fill(width, height, vec![start], |_, p| {
                let enter = label[p] == NO_REGION && tiles[p].is_outside_rooms();
                if enter {
                    label[p] = region;
                }
                enter
            });
            sizes.push(reached.len());
        }
        let bordering = doors
            .into_iter()
            .map(|doors| {
                let mut regions: Vec<u32> = Vec::new();
                for &door in doors {
                    let r = label[door];
                    if regions.last() != Some(&r) {
                        regions.push(r);
                    }
                }
                regions.sort_unstable();
                regions.dedup();
                regions
            })
            .collect();
        Self {
            label,
            sizes,
            bordering,
        }
    }

    /// The region of the cell at row-major index `i`; [`NO_REGION`] for a room cell.
    #[must_use]
    pub fn label(&self, i: usize) -> u32 {
        self.label.as_slice().get(i).copied().unwrap_or(NO_REGION)
    }

    /// Whether free cell `i` is in a region that borders `room`: from there, free cells
    /// lead into the room.
    #[must_use]
    pub fn leads_into(&self, i: usize, room: usize) -> bool {
        let region = self.label(i);
        region != NO_REGION && self.bordering[room].binary_search(&region).is_ok()
    }

    /// Whether some free region borders both rooms.
    #[must_use]
    pub fn share(&self, a: usize, b: usize) -> bool {
        let (ra, rb) = (&self.bordering[a], &self.bordering[b]);
        let (mut i, mut j) = (0, 0);
        while i < ra.len() && j < rb.len() {
            match ra[i].cmp(&rb[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }

    /// How many free cells a room reaches without crossing another room.
    #[must_use]
    pub fn reach(&self, room: usize) -> usize {
        self.bordering[room]
            .iter()
            .map(|&r| self.sizes[r as usize])
            .sum()
    }
}
