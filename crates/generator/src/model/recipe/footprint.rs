//! The cells a pin or a vault keeps: which cells of a box are the room's, one bit each, row
//! by row from the top-left (the lowest bit of a byte first), and where the box stands.
//! Its text comes in three parts (see [`Footprint::parts`]): the corner `X.Y`, the size
//! `WxH`, and the cells in base64url; a box is always tight around its cells, so that each
//! footprint has one text.

use crate::base::base64;
use crate::base::grid::{Pos, Rect};

/// The most cells a side of a footprint's box may have: the widest map's.
pub const SIDE_MOST: u32 = *super::WIDTH.end();

/// Cells in a box, and the box's place: a pinned room's or a vault's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// The box's top-left cell.
    x: u32,
    y: u32,
    /// The box's size in cells.
    width: u32,
    height: u32,
    /// One bit per cell of the box, row by row, lowest bit first.
    bits: Vec<u8>,
}

/// Why cells cannot be a footprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// There are none.
    NoCells,
    /// Their box is wider or taller than [`SIDE_MOST`]: its size, capped.
    TooBig(u32, u32),
}

impl Footprint {
    /// The footprint of `cells` (in any order; a cell given twice counts once), its box
    /// tight around them.
    ///
    /// # Errors
    /// No cells, or a box over [`SIDE_MOST`] cells a side.
    pub fn of(cells: &[Pos]) -> Result<Footprint, Unfit> {
        let rect = Rect::around(cells.iter().copied()).ok_or(Unfit::NoCells)?;
        let side = |a: u32, b: u32| (b - a).saturating_add(1);
        let (width, height) = (side(rect.x0, rect.x1), side(rect.y0, rect.y1));
        if width > SIDE_MOST || height > SIDE_MOST {
            return Err(Unfit::TooBig(width, height));
        }
        let mut bits = vec![0u8; (width as usize * height as usize).div_ceil(8)];
        for p in cells {
            let i = (p.y - rect.y0) as usize * width as usize + (p.x - rect.x0) as usize;
            bits[i / 8] |= 1 << (i % 8);
        }
        Ok(Footprint {
            x: rect.x0,
            y: rect.y0,
            width,
            height,
            bits,
        })
    }

    /// The map cells it covers, row by row from the top-left.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width as usize;
        self.indices()
            .map(move |i| Pos::new(self.x + (i % w) as u32, self.y + (i / w) as u32))
    }

    /// The indices of its cells in the box, row by row: a byte at a time, skipping empty
    /// ones, so that the time goes as the cells, not the box.
    fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(byte, &bits)| {
            let mut left = bits;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let bit = left.trailing_zeros() as usize;
                    left &= left - 1;
                    8 * byte + bit
                })
            })
        })
    }

    /// Whether it covers cell `p` of the map.
    pub fn covers(&self, p: Pos) -> bool {
        let (Some(dx), Some(dy)) = (p.x.checked_sub(self.x), p.y.checked_sub(self.y)) else {
            return false;
        };
        dx < self.width && dy < self.height && self.bit((dy * self.width + dx) as usize)
    }

    /// The box around its cells.
    pub fn bounds(&self) -> Rect {
        Rect {
            x0: self.x,
            y0: self.y,
            x1: self.x + self.width - 1,
            y1: self.y + self.height - 1,
        }
    }

    /// Its box's top-left cell.
    pub fn corner(&self) -> Pos {
        Pos::new(self.x, self.y)
    }

    /// The same cells with the box's top-left at `corner`; `None` when the box would end
    /// past the largest cell number.
    pub fn at(&self, corner: Pos) -> Option<Footprint> {
        corner.x.checked_add(self.width)?;
        corner.y.checked_add(self.height)?;
        Some(Footprint {
            x: corner.x,
            y: corner.y,
            ..self.clone()
        })
    }

    /// The same cells moved `dx` right and `dy` down; `None` when part of them would be
    /// left of or above the map, or past the largest cell number.
    pub fn moved_by(&self, dx: i64, dy: i64) -> Option<Footprint> {
        let to = |at: u32, by: i64| u32::try_from(i64::from(at).checked_add(by)?).ok();
        self.at(Pos::new(to(self.x, dx)?, to(self.y, dy)?))
    }

    /// Whether it lies within a `width × height` map.
    pub fn is_within(&self, width: u32, height: u32) -> bool {
        u64::from(self.x) + u64::from(self.width) <= u64::from(width)
            && u64::from(self.y) + u64::from(self.height) <= u64::from(height)
    }

    /// How many pieces its cells fall into, joined edge to edge: 1 for one room.
    pub fn pieces(&self) -> usize {
        // Its runs of cells along each row, joined where runs of neighbouring rows share a
        // column: as many pieces as groups.
        let w = self.width as usize;
        let mut runs: Vec<(usize, usize, usize)> = Vec::new();
        for i in self.indices() {
            let (x, y) = (i % w, i / w);
            match runs.last_mut() {
                Some(run) if run.0 == y && run.2 == x => run.2 += 1,
                _ => runs.push((y, x, x + 1)),
            }
        }
        let mut groups: Vec<usize> = (0..runs.len()).collect();
        let root = |groups: &mut Vec<usize>, mut i: usize| {
            while groups[i] != i {
                groups[i] = groups[groups[i]];
                i = groups[i];
            }
            i
        };
        let mut pieces = runs.len();
        // Each run against the runs of the row above, in order: both lists sorted by column.
        // `above` is the first run of the row above not yet passed; `row_start` the first of
        // this row. Both only move on, so each pair of runs that meet is looked at once.
        let (mut above, mut row_start) = (0, 0);
        for (r, &(y, x0, x1)) in runs.iter().enumerate() {
            if r > 0 && runs[r - 1].0 != y {
                above = if runs[r - 1].0 + 1 == y { row_start } else { r };
                row_start = r;
            }
            while above < row_start && runs[above].2 <= x0 {
                above += 1;
            }
            let mut a = above;
            while a < row_start && runs[a].1 < x1 {
                let (p, q) = (root(&mut groups, a), root(&mut groups, r));
                if p != q {
                    groups[q] = p;
                    pieces -= 1;
                }
                a += 1;
            }
        }
        pieces
    }

    /// Its text in parts: the corner `X.Y`, the size `WxH` and the cells in base64url.
    pub fn parts(&self) -> [String; 3] {
        [
            format!("{}.{}", self.x, self.y),
            format!("{}x{}", self.width, self.height),
            base64::encode(&self.bits),
        ]
    }

    /// Read a footprint from the parts of its text: `corner` (`X`, `Y`) when it has a
    /// place, `size` as `WxH`, `cells` in base64url; `None` unless they are written
    /// exactly as [`Footprint::parts`] writes them: whole numbers without leading zeros,
    /// the box at most [`SIDE_MOST`] a side, the bits exactly the box's and tight around
    /// at least one cell. Linear in the text.
    pub fn read(corner: Option<(&str, &str)>, size: &str, cells: &str) -> Option<Footprint> {
        let (x, y) = match corner {
            Some((x, y)) => (number(x)?, number(y)?),
            None => (0, 0),
        };
        let (width, height) = size.split_once('x')?;
        let (width, height) = (number(width)?, number(height)?);
        if !(1..=SIDE_MOST).contains(&width) || !(1..=SIDE_MOST).contains(&height) {
            return None;
        }
        let bits = base64::decode(cells)?;
        let count = width as usize * height as usize;
        let unused_zero =
            count.is_multiple_of(8) || bits.last().is_some_and(|b| b >> (count % 8) == 0);
        if bits.len() != count.div_ceil(8) || !unused_zero {
            return None;
        }
        let footprint = Footprint {
            x: 0,
            y: 0,
            width,
            height,
            bits,
        };
        footprint
            .is_tight()
            .then_some(footprint)?
            .at(Pos::new(x, y))
    }

    /// Whether each edge of the box holds a cell: the box is the one around the cells.
    fn is_tight(&self) -> bool {
        let (w, h) = (self.width as usize, self.height as usize);
        let row = |y: usize| (0..w).any(|x| self.bit(y * w + x));
        let column = |x: usize| (0..h).any(|y| self.bit(y * w + x));
        row(0) && row(h - 1) && column(0) && column(w - 1)
    }

    fn bit(&self, i: usize) -> bool {
        self.bits
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0)
    }
}

/// A whole number as the program writes one: digits only, no leading zero but in `0`.
/// A pin's or vault's text without its level: `L:` before it for a level below the
/// first (2 to 16), nothing for the first.
pub fn level_of(text: &str) -> Option<(u32, &str)> {
    match text.split_once(':') {
        None => Some((1, text)),
        Some((level, rest)) => number(level)
            .filter(|l| (2..=*super::LEVELS.end()).contains(l))
            .map(|l| (l, rest)),
    }
}

/// The prefix of a pin's or vault's text on `level`: `L:`, or nothing on the first.
pub fn level_prefix(level: u32) -> String {
    if level > 1 {
        format!("{level}:")
    } else {
        String::new()
    }
}

pub fn number(text: &str) -> Option<u32> {
    let plain = !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit());
    let canonical = text == "0" || !text.starts_with('0');
    text.parse().ok().filter(|_| plain && canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Vec<Pos> {
        text.lines()
            .enumerate()
            .flat_map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, c)| c == '#')
                    .map(move |(x, _)| Pos::new(x as u32 + 3, y as u32 + 2))
            })
            .collect()
    }

    #[test]
    fn cells_come_back_from_the_text_in_reading_order() {
        let room = cells(".##\n###\n#..");
        let footprint = Footprint::of(&room).unwrap();
        assert_eq!(footprint.cells().collect::<Vec<_>>(), room);
        assert_eq!(footprint.cells().count(), 6);
        assert_eq!(footprint.corner(), Pos::new(3, 2));
        assert_eq!(footprint.parts(), ["3.2", "3x3", "fgA"].map(String::from));
        let (x, y) = ("3", "2");
        assert_eq!(
            Footprint::read(Some((x, y)), "3x3", "fgA"),
            Some(footprint.clone())
        );
        // A box looser than its cells, or bits beyond the box, have no text.
        assert_eq!(Footprint::read(None, "4x3", "fgA"), None);
        assert_eq!(Footprint::read(None, "3x3", "fgI"), None);
        assert_eq!(Footprint::read(Some(("03", "2")), "3x3", "fgA"), None);
    }

    /// Pieces counted by flooding the box cell by cell, the plain way.
    fn pieces_by_flood(f: &Footprint) -> usize {
        let (w, h) = (f.width as usize, f.height as usize);
        let mut seen = vec![false; w * h];
        let mut pieces = 0;
        for start in 0..w * h {
            if seen[start] || !f.bit(start) {
                continue;
            }
            pieces += 1;
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                let beside = [
                    (x > 0).then(|| i - 1),
                    (x + 1 < w).then(|| i + 1),
                    (y > 0).then(|| i - w),
                    (y + 1 < h).then(|| i + w),
                ];
                for j in beside.into_iter().flatten() {
                    if !seen[j] && f.bit(j) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        pieces
    }

    #[test]
    fn pieces_are_those_a_flood_finds_for_any_cells() {
        let mut seed = 11u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            seed >> 33
        };
        for case in 0..400 {
            let (w, h) = (1 + next() % 20, 1 + next() % 12);
            let fill = next() % 100;
            let cells: Vec<Pos> = (0..w * h)
                .filter(|_| next() % 100 < fill)
                .map(|i| Pos::new((i % w) as u32, (i / w) as u32))
                .collect();
            let Ok(f) = Footprint::of(&cells) else {
                continue;
            };
            assert_eq!(f.pieces(), pieces_by_flood(&f), "case {case}");
        }
        // A comb: teeth joined by the back, and apart without it.
        let comb = cells("#.#.#.#\n#######\n#.#.#.#");
        assert_eq!(Footprint::of(&comb).unwrap().pieces(), 1);
        let teeth = cells("#.#.#.#\n.......\n#.#.#.#");
        assert_eq!(Footprint::of(&teeth).unwrap().pieces(), 8);
    }

    #[test]
    fn pieces_are_counted_edge_to_edge_not_corner_to_corner() {
        let one = Footprint::of(&cells("##.\n.##")).unwrap();
        let two = Footprint::of(&cells("#.\n.#")).unwrap();
        let three = Footprint::of(&cells("#.#\n...\n#..")).unwrap();
        assert_eq!((one.pieces(), two.pieces(), three.pieces()), (1, 2, 3));
    }

    #[test]
    fn a_box_over_the_widest_map_or_no_cells_is_no_footprint() {
        let far = [Pos::new(0, 0), Pos::new(SIDE_MOST, 0)];
        assert_eq!(Footprint::of(&far), Err(Unfit::TooBig(SIDE_MOST + 1, 1)));
        assert_eq!(Footprint::of(&[]), Err(Unfit::NoCells));
        let edge = [Pos::new(0, 0), Pos::new(u32::MAX, u32::MAX)];
        assert!(matches!(Footprint::of(&edge), Err(Unfit::TooBig(..))));
    }
}
