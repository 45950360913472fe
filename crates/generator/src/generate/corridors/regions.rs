//! Free regions: which free cells connect to which, so a path search knows before it starts
//! whether free cells join two rooms, and never floods a whole region to find out they don't.

use std::sync::OnceLock;

use crate::base::bits::BitGrid;
use crate::base::grid::Pos;

/// The label of cells that are in no free region (room cells).
pub const NO_REGION: u32 = u32::MAX;

/// The free regions of a map and the regions each room borders.
#[derive(Debug)]
pub struct Regions {
    labels: Labels,
    sizes: Vec<usize>,
    /// Per room, the regions it borders, sorted: worked out from its doors the first time
    /// they are asked for (a search asks of its own two rooms, whose doors it has just read).
    bordering: Vec<OnceLock<Vec<u32>>>,
}

/// A room as the regions see it: its number and its doors (the free cells beside it, in
/// reading order), the same each time the room is asked about.
pub type RoomDoors<'a> = (usize, &'a [Pos]);

/// Which region each free cell is in, kept by runs of free cells: far less to write than a
/// label per cell (a W3 map has 57,344 cells and about 4,500 runs). A label per cell is
/// written only when a cell is first asked for by its index, by a crossing search, which
/// asks of thousands.
#[derive(Debug)]
struct Labels {
    width: usize,
    /// Every run of free cells, row by row, left to right: its first column, the column
    /// after its last, and its region.
    runs: Vec<(u32, u32, u32)>,
    /// Where each row's runs start in `runs`, and where the last row's end.
    rows: Vec<usize>,
    /// The region of each cell, row by row, once asked for.
    cells: OnceLock<Vec<u32>>,
}

impl Labels {
    /// The region of the cell at row-major index `i`; [`NO_REGION`] for a room cell or one
    /// off the map.
    fn of(&self, i: usize) -> u32 {
        let cells = self.cells.get_or_init(|| {
            let mut cells = vec![NO_REGION; self.width * (self.rows.len() - 1)];
            for (y, row) in self.rows.windows(2).enumerate() {
                let line = &mut cells[y * self.width..][..self.width];
                for &(x0, x1, region) in &self.runs[row[0]..row[1]] {
                    line[x0 as usize..x1 as usize].fill(region);
                }
            }
            cells
        });
        cells.get(i).copied().unwrap_or(NO_REGION)
    }

    /// The region of cell `p` ([`NO_REGION`] for a room cell or one off the map), read
    /// from the runs, given where in them the cell looked up before lay (`last`: its row
    /// and the run at or after it), which it updates: a cell right of that one in its row
    /// is found by stepping on from there, not by a search of the row.
    fn at_after(&self, p: Pos, last: &mut Option<(u32, usize)>) -> u32 {
        let (x, y) = (p.x, p.y as usize);
        let (Some(&first), Some(&end)) = (self.rows.get(y), self.rows.get(y + 1)) else {
            return NO_REGION;
        };
        let mut at = match *last {
            Some((row, at)) if row == p.y && at < end && self.runs[at].0 <= x => at,
            _ => first + self.runs[first..end].partition_point(|&(_, x1, _)| x1 <= x),
        };
        while at < end && self.runs[at].1 <= x {
            at += 1;
        }
        *last = Some((p.y, at));
        self.runs[at..end]
            .first()
            .filter(|&&(x0, _, _)| x0 <= x)
            .map_or(NO_REGION, |&(_, _, region)| region)
    }
}

impl Regions {
    /// Label the `free` cells of a map with `rooms` rooms by region; `None` when `stop`
    /// answers true (asked every [`STOP_EVERY_ROWS`] rows): the work was called off.
    #[must_use]
    pub fn new(free: &BitGrid, rooms: usize, stop: impl Fn() -> bool) -> Option<Self> {
        let (labels, sizes) = label_regions(free, stop)?;
        Some(Self {
            labels,
            sizes,
            bordering: (0..rooms).map(|_| OnceLock::new()).collect(),
        })
    }

    /// The region of the cell at row-major index `i`; [`NO_REGION`] for a room cell.
    #[must_use]
    pub fn label(&self, i: usize) -> u32 {
        self.labels.of(i)
    }

    /// How many regions there are.
    #[must_use]
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// The regions `room` borders, sorted; none for a room number out of range.
    pub fn borders(&self, room: RoomDoors<'_>) -> &[u32] {
        self.bordering(room)
    }

    /// The regions `room` borders, sorted; none for a room number out of range.
    fn bordering(&self, (room, doors): RoomDoors<'_>) -> &[u32] {
        let Some(bordering) = self.bordering.get(room) else {
            return &[];
        };
        bordering.get_or_init(|| {
            let mut regions: Vec<u32> = Vec::new();
            // Doors come in reading order: each is looked up from the one before.
            let mut last = None;
            for &door in doors {
                let r = self.labels.at_after(door, &mut last);
                if regions.last() != Some(&r) {
                    regions.push(r);
                }
            }
            regions.sort_unstable();
            regions.dedup();
            regions
        })
    }

    /// Whether a free cell (by index) is in a region that borders `room`: from there, free
    /// cells lead into the room. The room's regions are looked up once, for every cell
    /// asked about.
    pub fn leading_into(&self, room: RoomDoors<'_>) -> impl Fn(usize) -> bool + '_ {
        let into = self.bordering(room);
        move |i| {
            let region = self.label(i);
            region != NO_REGION && into.binary_search(&region).is_ok()
        }
    }

    /// Whether some free region borders both rooms.
    #[must_use]
    pub fn share(&self, a: RoomDoors<'_>, b: RoomDoors<'_>) -> bool {
        let (ra, rb) = (self.bordering(a), self.bordering(b));
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
    pub fn reach(&self, room: RoomDoors<'_>) -> usize {
        self.bordering(room)
            .iter()
            .map(|&r| self.sizes[r as usize])
            .sum()
    }
}

/// Label the `free` cells by the region they are in, regions numbered in the reading order
/// of their first cell, and count each region's cells. One pass gives each run of free
/// cells in a row a provisional label (its own when it touches no run above, else that of
/// the first run above it touches) and merges the labels of the runs above it touches (a
/// union-find whose roots are the smallest labels, so the earliest: a region's first run
/// touches no run above, and is labelled before any other of its runs); a second pass
/// gives each run its region. `None` when `stop` answers true (asked every
/// [`STOP_EVERY_ROWS`] rows of the first pass, and before the second).
fn label_regions(free: &BitGrid, stop: impl Fn() -> bool) -> Option<(Labels, Vec<usize>)> {
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
    let mut rows = vec![0];
    let mut above = 0..0;
    for y in 0..free.height() {
        if (y as usize).is_multiple_of(STOP_EVERY_ROWS) && stop() {
            return None;
        }
        let here = runs.len();
        // Runs above that end before the run at hand touch none of the runs after it.
        let mut touching = above.start;
        for (x0, x1) in free.runs(y) {
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
            runs.push(Run { x0, x1, label });
        }
        rows.push(runs.len());
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
    let mut sizes = vec![0; regions as usize];
    let runs = runs
        .iter()
        .map(|run| {
            let region = number[run.label as usize];
            sizes[region as usize] += (run.x1 - run.x0) as usize;
            (run.x0, run.x1, region)
        })
        .collect();
    let width = free.width() as usize;
    let cells = OnceLock::new();
    Some((
        Labels {
            width,
            runs,
            rows,
            cells,
        },
        sizes,
    ))
}

/// How many rows [`label_regions`] reads between two looks at whether to stop: under a
/// millisecond on the widest map.
const STOP_EVERY_ROWS: usize = 64;

/// A run of free cells in a row: from column `x0` to before `x1`, with its provisional
/// label.
struct Run {
    x0: u32,
    x1: u32,
    label: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::flood::fill;
    use crate::base::grid::Grid;
    use crate::base::tile::Tile;
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
            // Rows of three words: runs that cross a word's edge.
            (130, 20, 0.3),
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
            let free = BitGrid::of(&tiles, |t| t.is_outside_rooms());
            let (labels, sizes) = label_regions(&free, || false).expect("not called off");
            let label: Vec<u32> = (0..(width * height) as usize)
                .map(|i| labels.of(i))
                .collect();
            let (expected, expected_sizes) = flooded(&tiles);
            assert_eq!(label, expected.as_slice(), "{width}×{height}");
            // Looked up one after another, in reading order and backwards.
            for backwards in [false, true] {
                let mut last = None;
                let mut cells: Vec<Pos> = tiles.positions().collect();
                if backwards {
                    cells.reverse();
                }
                for p in cells {
                    let i = (p.y * width + p.x) as usize;
                    assert_eq!(labels.at_after(p, &mut last), label[i], "{p:?}");
                }
            }
            assert_eq!(labels.of((width * height) as usize), NO_REGION);
            assert_eq!(sizes, expected_sizes, "{width}×{height}");
        }
    }

    #[test]
    fn labelling_called_off_gives_no_regions() {
        let tiles = BitGrid::of(&Grid::new(130, 200, Tile::FREE), |t| t.is_outside_rooms());
        let asked = std::cell::Cell::new(0);
        let stop_at = |n: usize| {
            let asked = &asked;
            move || {
                asked.set(asked.get() + 1);
                asked.get() > n
            }
        };
        // Asked every 64 rows of 200 and once more before the second pass: 5 times.
        assert!(Regions::new(&tiles, 0, stop_at(5)).is_some());
        assert_eq!(asked.replace(0), 5);
        for n in 0..5 {
            assert!(
                Regions::new(&tiles, 0, stop_at(n)).is_none(),
                "stopped at {n}"
            );
            asked.set(0);
        }
    }
}
