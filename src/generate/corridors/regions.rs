//! Free regions: which free cells connect to which, so a path search knows before it starts
//! whether free cells join two rooms, and never floods a whole region to find out they don't.

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
    /// given each room's doors (the free cells beside it), room by room; `None` when `stop`
    /// answers true (asked every [`STOP_EVERY_ROWS`] rows): the work was called off.
    #[must_use]
    pub fn new<'a>(
        tiles: &Grid<Tile>,
        doors: impl IntoIterator<Item = &'a [Pos]>,
        stop: impl Fn() -> bool,
    ) -> Option<Self> {
        let (label, sizes) = label_regions(tiles, stop)?;
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
        Some(Self {
            label,
            sizes,
            bordering,
        })
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

/// Label the free cells of `tiles` by the region they are in, regions numbered in the
/// reading order of their first cell, and count each region's cells. One pass gives each
/// run of free cells in a row a provisional label (its own when it touches no run above,
/// else that of the first run above it touches) and merges the labels of the runs above
/// it touches (a union-find whose roots are the smallest labels, so the earliest: a
/// region's first run touches no run above, and is labelled before any other of its runs);
/// a second pass writes each run's region. `None` when `stop` answers true (asked every
/// [`STOP_EVERY_ROWS`] rows of the first pass, and before the second).
fn label_regions(tiles: &Grid<Tile>, stop: impl Fn() -> bool) -> Option<(Grid<u32>, Vec<usize>)> {
    let w = tiles.width() as usize;
    let mut parent: Vec<u32> = Vec::new();
    let root = |parent: &mut Vec<u32>, mut l: u32| {
        while parent[l as usize] != l {
            let up = parent[parent[l as usize] as usize];
            parent[l as usize] = up;
            l = up;
        }
        l
    };
    // Every run of free cells, row by row, with its provisional label.
    let mut runs: Vec<Run> = Vec::new();
    let mut above = 0..0;
    for (y, row) in tiles.as_slice().chunks_exact(w).enumerate() {
        if y.is_multiple_of(STOP_EVERY_ROWS) && stop() {
            return None;
        }
        let here = runs.len();
        let mut x = 0;
        // Runs above that end before the run at hand touch none of the runs after it.
        let mut touching = above.start;
        while x < w {
            let Some(start) = row[x..].iter().position(|t| t.is_outside_rooms()) else {
                break;
            };
            let x0 = x + start;
            let len = row[x0..].iter().position(|t| !t.is_outside_rooms());
            let x1 = len.map_or(w, |len| x0 + len);
            while touching < above.end && runs[touching].x1 <= x0 {
                touching += 1;
            }
            let mut label = None;
            let mut over = touching;
            while over < above.end && runs[over].x0 < x1 {
                let up = runs[over].label;
                match label {
                    None => label = Some(up),
                    Some(l) if l != up => {
                        let (rl, ru) = (root(&mut parent, l), root(&mut parent, up));
                        parent[rl.max(ru) as usize] = rl.min(ru);
                    }
                    Some(_) => {}
                }
                over += 1;
            }
            let label = label.unwrap_or_else(|| {
                parent.push(parent.len() as u32);
                parent.len() as u32 - 1
            });
            runs.push(Run {
                start: y * w + x0,
                x0,
                x1,
                label,
            });
            x = x1;
        }
        above = here..runs.len();
    }
    if stop() {
        return None;
    }
    // Roots in increasing order are the regions in the reading order of their first cells.
    let mut number = vec![NO_REGION; parent.len()];
    let mut regions = 0;
    for l in 0..parent.len() as u32 {
        let r = root(&mut parent, l);
        if r == l {
            number[l as usize] = regions;
            regions += 1;
        }
        number[l as usize] = number[r as usize];
    }
    let mut grid = Grid::new(tiles.width(), tiles.height(), NO_REGION);
    let label = grid.as_mut_slice();
    let mut sizes = vec![0; regions as usize];
    for run in &runs {
        let region = number[run.label as usize];
        label[run.start..run.start + run.x1 - run.x0].fill(region);
        sizes[region as usize] += run.x1 - run.x0;
    }
    Some((grid, sizes))
}

/// How many rows [`label_regions`] reads between two looks at whether to stop: under a
/// millisecond on the widest map.
const STOP_EVERY_ROWS: usize = 64;

/// A run of free cells in a row: from column `x0` to before `x1`, starting at row-major
/// index `start`, with its provisional label.
struct Run {
    start: usize,
    x0: usize,
    x1: usize,
    label: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::flood::fill;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    /// Regions as a flood from each unlabelled free cell in reading order labels them.
    fn flooded(tiles: &Grid<Tile>) -> (Grid<u32>, Vec<usize>) {
        let (width, height) = (tiles.width(), tiles.height());
        let mut label = Grid::new(width, height, NO_REGION);
        let mut sizes = Vec::new();
        for p in tiles.positions() {
            if !tiles[p].is_outside_rooms() || label[p] != NO_REGION {
                continue;
            }
            let region = sizes.len() as u32;
            label[p] = region;
            let reached = fill(width, height, vec![p], |_, q| {
                let enter = label[q] == NO_REGION && tiles[q].is_outside_rooms();
                if enter {
                    label[q] = region;
                }
                enter
            });
            sizes.push(reached.len());
        }
        (label, sizes)
    }

    #[test]
    fn regions_are_those_a_flood_from_each_first_cell_finds() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        for (width, height, rooms) in [
            (1, 1, 0.0),
            (7, 1, 0.5),
            (1, 9, 0.5),
            (40, 30, 0.45),
            (64, 56, 0.6),
        ] {
            let cells = (0..width * height)
                .map(|_| {
                    if rng.random_bool(rooms) {
                        Tile::of_room(0)
                    } else {
                        Tile::FREE
                    }
                })
                .collect();
            let tiles = Grid::from_cells(width, height, cells).unwrap();
            let (label, sizes) = label_regions(&tiles, || false).expect("not called off");
            let (expected, expected_sizes) = flooded(&tiles);
            assert_eq!(label.as_slice(), expected.as_slice(), "{width}×{height}");
            assert_eq!(sizes, expected_sizes, "{width}×{height}");
        }
    }

    #[test]
    fn labelling_called_off_gives_no_regions() {
        let tiles = Grid::new(130, 200, Tile::FREE);
        let asked = std::cell::Cell::new(0);
        let stop_at = |n: usize| {
            let asked = &asked;
            move || {
                asked.set(asked.get() + 1);
                asked.get() > n
            }
        };
        // Asked every 64 rows of 200 and once more before the second pass: 5 times.
        assert!(Regions::new(&tiles, [], stop_at(5)).is_some());
        assert_eq!(asked.replace(0), 5);
        for n in 0..5 {
            assert!(
                Regions::new(&tiles, [], stop_at(n)).is_none(),
                "stopped at {n}"
            );
            asked.set(0);
        }
    }
}
