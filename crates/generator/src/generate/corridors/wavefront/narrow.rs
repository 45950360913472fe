//! Narrowing after a path is found: the columns and rows from which no door can be reached
//! in as few steps are no longer flooded.

use super::Wavefront;

impl Wavefront {
    /// Once a path is found, stop flooding cells from which no door can be reached in as
    /// few steps, given the layer about to be swept leaves `spare` steps beyond its
    /// potential and the step into the target (a door at `x + y = s` is `spare − s` steps
    /// short of the path found, when reached by steps right and down). From a cell a
    /// column right of a door (or a row below it, above the turn) a path to it takes a
    /// step left (or up) more, two layers each: so past column `x + (spare − s) / 2` of
    /// the furthest such door no cell of this layer or a later one can lead to a path as
    /// short, and likewise past row `y + (spare − s) / 2`, when that lies above the turn
    /// (below it every row counts as the turn). Those columns are taken from `open` and
    /// those rows are no longer swept (`within`: the last column and row still flooded).
    ///
    /// A cell left out lies on no path as short as the one found, inside the window or
    /// leaving it: so the door taken, every cell's layer on a path as short, the walk back
    /// and whether a path leaving the window could be shorter are all as before.
    pub(super) fn narrow(
        &mut self,
        spare: i64,
        (wpr, turn): (usize, u32),
        within: &mut (u32, u32),
    ) {
        let (mut columns, mut rows) = (None::<u32>, None::<u32>);
        for l in &self.door_cells {
            let Ok(more) = u32::try_from(spare - i64::from(l.x + l.y)) else {
                continue;
            };
            columns = columns.max(Some(l.x + more / 2));
            rows = rows.max(Some(l.y + more / 2));
        }
        // No door left within reach: the flood stops before this layer anyway.
        let (Some(columns), Some(rows)) = (columns, rows) else {
            return;
        };
        if columns < within.0 {
            let first = columns as usize + 1;
            let (first_word, last_word) = (first / 64, within.0 as usize / 64);
            for row in self.open.chunks_exact_mut(wpr).take(within.1 as usize + 1) {
                row[first_word] &= (1 << (first % 64)) - 1;
                for word in &mut row[first_word + 1..=last_word] {
                    *word = 0;
                }
            }
            within.0 = columns;
        }
        if rows < turn {
            within.1 = within.1.min(rows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::frame::{Frame, Local};
    use super::super::{PathEnd, Wavefront, free_bits};
    use crate::base::grid::Rect;
    use crate::generate::generate;

    #[test]
    fn once_a_path_is_found_no_cell_is_flooded_too_far_right_or_down_to_lead_to_one_as_short() {
        let recipe = "dv1 seed=1 width=256 height=224 rooms=64".parse().unwrap();
        let dungeon = generate(&recipe).unwrap();
        let (tiles, rooms) = (dungeon.tiles(), dungeon.rooms());
        let size = (tiles.width(), tiles.height());
        let whole = Rect {
            x0: 0,
            y0: 0,
            x1: size.0 - 1,
            y1: size.1 - 1,
        };
        let free = free_bits(tiles);
        let mut wavefront = Wavefront::default();
        let (mut after, mut floods) = (0, 0);
        for pair in rooms.windows(2) {
            let from = PathEnd::new(tiles, pair[0].cells()).unwrap();
            let to = PathEnd::new(tiles, pair[1].cells()).unwrap();
            let frame = Frame::new(whole, size, from.bounds, to.bounds);
            let found = wavefront.flood(&free, &frame, &from, &to, None, u32::MAX);
            let Some(reached) = found.reached else {
                continue;
            };
            floods += 1;
            let doors: Vec<Local> = to.doors.iter().filter_map(|&d| frame.local(d)).collect();
            let potential = |k: usize| reached.lowest + k as i64;
            // The fewest steps a path through cell (x, y) of layer k takes to a door,
            // counting the steps back left alone, and the steps back up alone (a row below
            // the turn counts as the turn).
            let fewest = |k: usize, x: u32, y: u32| {
                let y = y.min(reached.turn);
                let via = |back: u32, l: &Local| potential(k) + i64::from(l.x + l.y + 1 + 2 * back);
                let left = doors.iter().map(|l| via(x.saturating_sub(l.x), l)).min();
                let up = doors.iter().map(|l| via(y.saturating_sub(l.y), l)).min();
                left.max(up).unwrap()
            };
            // The first layer to reach a door, and the shortest path it found.
            let layers = &wavefront.layers[..wavefront.used.min(wavefront.layers.len())];
            let hit = |k: usize| {
                let cells = layers[k].iter().flat_map(|&(row, word, bits)| {
                    (0..64)
                        .filter(move |b| bits >> b & 1 != 0)
                        .map(move |b| (word * 64 + b, row))
                });
                let at_doors = cells.filter(|&(x, y)| doors.contains(&Local { x, y }));
                at_doors
                    .map(|(x, y)| potential(k) + i64::from(x + y + 1))
                    .min()
            };
            let Some((first, length)) = (0..layers.len()).find_map(|k| Some((k, hit(k)?))) else {
                continue;
            };
            for (k, layer) in layers.iter().enumerate().skip(first + 1) {
                for &(row, word, bits) in layer {
                    for b in (0..64).filter(|b| bits >> b & 1 != 0) {
                        let x = word * 64 + b;
                        assert!(fewest(k, x, row) <= length, "({x}, {row}) in layer {k}");
                        after += 1;
                    }
                }
            }
        }
        // Enough paths, and cells flooded after a path was found, for the test to mean
        // something.
        assert!(
            floods > 50 && after > 1000,
            "{floods} floods, {after} cells after"
        );
    }
}
