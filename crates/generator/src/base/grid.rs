//! A rectangular grid of cells: [`Pos`] for a cell's place, [`Grid`] for a value per cell.
//!
//! x runs to the right and y down, with the origin at the top-left, as on screen and in
//! every file we write. Neighbours come in the original's order: left, right, up, down.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use super::Error;

/// A cell's place on the grid: `x` to the right, `y` down, origin top-left. Written to
/// files as `[x, y]`.
///
/// ```
/// use dungeon_generator::Pos;
///
/// let p = Pos::new(3, 4);
/// assert_eq!(p.manhattan(Pos::new(0, 0)), 7);
/// assert!(p.is_beside(Pos::new(3, 5)));
/// assert_eq!(p.offset(0, -5), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "[u32; 2]", from = "[u32; 2]"))]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Pos {
    #[must_use]
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }

    /// Steps between two cells when moving only left, right, up and down (at most
    /// `u32::MAX`).
    #[must_use]
    pub const fn manhattan(self, other: Pos) -> u32 {
        self.x
            .abs_diff(other.x)
            .saturating_add(self.y.abs_diff(other.y))
    }

    /// Whether `other` is one step left, right, up or down from `self`.
    #[must_use]
    pub const fn is_beside(self, other: Pos) -> bool {
        self.manhattan(other) == 1
    }

    /// The cell `dx` columns right and `dy` rows down (negative: left, up); `None` when it
    /// would be left of or above the map's corner, or past the largest coordinate.
    ///
    /// ```
    /// use dungeon_generator::Pos;
    ///
    /// assert_eq!(Pos::new(3, 4).offset(-1, 2), Some(Pos::new(2, 6)));
    /// assert_eq!(Pos::new(0, 4).offset(-1, 0), None);
    /// ```
    #[must_use]
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Pos> {
        match (self.x.checked_add_signed(dx), self.y.checked_add_signed(dy)) {
            (Some(x), Some(y)) => Some(Pos::new(x, y)),
            _ => None,
        }
    }
}

impl From<Pos> for [u32; 2] {
    fn from(p: Pos) -> Self {
        [p.x, p.y]
    }
}

impl From<[u32; 2]> for Pos {
    fn from([x, y]: [u32; 2]) -> Self {
        Pos::new(x, y)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The four directions in the original's order.
///
/// ```
/// use dungeon_generator::{Dir, Grid, Pos};
///
/// let grid = Grid::new(3, 3, '.');
/// assert_eq!(grid.step(Pos::new(0, 1), Dir::Right), Some(Pos::new(1, 1)));
/// assert_eq!(grid.step(Pos::new(0, 1), Dir::Left), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// Towards x − 1.
    Left,
    /// Towards x + 1.
    Right,
    /// Towards y − 1.
    Up,
    /// Towards y + 1.
    Down,
}

impl Dir {
    /// All four, in the original's order: left, right, up, down.
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

    /// The step as (dx, dy) in wrapping arithmetic: minus one is `u32::MAX`.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> (u32, u32) {
        const DELTAS: [(u32, u32); 4] = [(u32::MAX, 0), (1, 0), (0, u32::MAX), (0, 1)];
        DELTAS[self as usize]
    }
}

/// The row-major index of `p` on a grid `width` cells wide. Unchecked: `p` must lie on
/// the grid, or the index points at another cell (or past the end).
#[inline]
#[must_use]
pub const fn index(width: u32, p: Pos) -> usize {
    p.y as usize * width as usize + p.x as usize
}

/// An axis-aligned rectangle of cells, both corners included: `x0 ≤ x ≤ x1`, `y0 ≤ y ≤ y1`.
///
/// ```
/// use dungeon_generator::{Pos, Rect};
///
/// let r = Rect { x0: 1, y0: 1, x1: 3, y1: 2 };
/// assert_eq!((r.width(), r.height(), r.area()), (3, 2, 6));
/// assert!(r.contains(Pos::new(3, 2)) && !r.contains(Pos::new(0, 1)));
/// assert_eq!(r.cells().count(), 6);
/// assert_eq!(r.distance_to(Pos::new(6, 1)), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rect {
    /// The first column inside.
    pub x0: u32,
    /// The first row inside.
    pub y0: u32,
    /// The last column inside.
    pub x1: u32,
    /// The last row inside.
    pub y1: u32,
}

impl Rect {
    /// The single cell `p`.
    #[must_use]
    pub const fn at(p: Pos) -> Self {
        Self {
            x0: p.x,
            y0: p.y,
            x1: p.x,
            y1: p.y,
        }
    }

    /// The smallest rectangle holding every cell of `cells`; `None` when there are none.
    #[must_use]
    pub fn around(cells: impl IntoIterator<Item = Pos>) -> Option<Self> {
        let mut cells = cells.into_iter();
        let first = Self::at(cells.next()?);
        Some(cells.fold(first, |r, p| r.union(Self::at(p))))
    }

    /// The smallest rectangle holding both.
    #[must_use]
    pub fn union(self, other: Rect) -> Self {
        Self {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    #[must_use]
    /// Columns it spans: 0 when `x1` is left of `x0` (at most `u32::MAX`).
    pub const fn width(&self) -> u32 {
        span(self.x0, self.x1)
    }

    #[must_use]
    /// Rows it spans: 0 when `y1` is above `y0` (at most `u32::MAX`).
    pub const fn height(&self) -> u32 {
        span(self.y0, self.y1)
    }

    /// Cells it holds.
    #[must_use]
    pub const fn area(&self) -> u64 {
        self.width() as u64 * self.height() as u64
    }

    #[must_use]
    /// Whether `p` lies inside.
    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x0 && p.x <= self.x1 && p.y >= self.y0 && p.y <= self.y1
    }

    /// Steps from `p` to the nearest cell of the rectangle, moving left, right, up, down
    /// (at most `u32::MAX`).
    #[must_use]
    pub const fn distance_to(&self, p: Pos) -> u32 {
        self.x0
            .saturating_sub(p.x)
            .saturating_add(p.x.saturating_sub(self.x1))
            .saturating_add(self.y0.saturating_sub(p.y))
            .saturating_add(p.y.saturating_sub(self.y1))
    }

    /// The fewest steps between a cell of `self` and a cell of `other` (at most
    /// `u32::MAX`).
    #[must_use]
    pub const fn gap(&self, other: &Rect) -> u32 {
        self.x0
            .saturating_sub(other.x1)
            .saturating_add(other.x0.saturating_sub(self.x1))
            .saturating_add(self.y0.saturating_sub(other.y1))
            .saturating_add(other.y0.saturating_sub(self.y1))
    }

    /// Widened by `margin` cells on every side, but staying on a `width × height` grid
    /// (its corner cell, for an empty grid).
    #[must_use]
    pub fn grown(self, margin: u32, width: u32, height: u32) -> Self {
        Self {
            x0: self.x0.saturating_sub(margin),
            y0: self.y0.saturating_sub(margin),
            x1: self.x1.saturating_add(margin).min(width.saturating_sub(1)),
            y1: self.y1.saturating_add(margin).min(height.saturating_sub(1)),
        }
    }

    /// Every cell, row by row, top row first; the walk can be cloned and walked again.
    ///
    /// ```
    /// use dungeon_generator::{Pos, Rect};
    ///
    /// let cells = Rect { x0: 1, y0: 2, x1: 2, y1: 3 }.cells();
    /// assert_eq!(cells.clone().count(), 4);
    /// assert_eq!(cells.last(), Some(Pos::new(2, 3)));
    /// ```
    pub fn cells(self) -> impl Iterator<Item = Pos> + Clone {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| Pos::new(x, y)))
    }
}

/// A grid as saved, checked when read back.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GridParts<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

#[cfg(feature = "serde")]
impl<T> TryFrom<GridParts<T>> for Grid<T> {
    type Error = Error;

    fn try_from(parts: GridParts<T>) -> Result<Self, Error> {
        Grid::from_cells(parts.width, parts.height, parts.cells)
    }
}

/// Cells from `first` to `last` both included: 0 when `last` comes first, at most
/// `u32::MAX`.
const fn span(first: u32, last: u32) -> u32 {
    if last < first {
        0
    } else {
        (last - first).saturating_add(1)
    }
}

/// A value for every cell of a `width × height` rectangle, stored row by row. Saved (with
/// the `serde` feature) as its `width`, `height` and `cells`, which must agree when read
/// back.
///
/// ```
/// use dungeon_generator::{Cell, Grid, Pos, generate};
///
/// // A game's own grid beside the map: which cells the player has seen.
/// let dungeon = generate(&"dv1 seed=4 rooms=5".parse()?)?;
/// let cells: Grid<Cell> = dungeon.cells();
/// let mut seen = Grid::new(cells.width(), cells.height(), false);
/// let start = dungeon.features().start.unwrap();
/// for p in cells.around(start).chain([start]) {
///     seen[p] = true;
/// }
/// assert!(seen.get(Pos::new(999, 0)).is_none());
/// // Grids of characters read and print as lines.
/// let grid: Grid<char> = "ab\ncd".parse()?;
/// assert_eq!(grid[Pos::new(1, 1)], 'd');
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "GridParts<T>",
        bound(deserialize = "T: serde::Deserialize<'de>")
    )
)]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`. A zero width or height gives an empty grid.
    ///
    /// # Panics
    /// Only when `width × height` values do not fit in memory, as `vec!` does.
    #[must_use]
    pub fn new(width: u32, height: u32, fill: T) -> Self {
        let len = width as usize * height as usize;
        Self {
            width,
            height,
            cells: vec![fill; len],
        }
    }
}

impl<T> Grid<T> {
    /// A grid whose value at each cell `p` is `value(p)`, asked row by row from the
    /// top-left.
    ///
    /// ```
    /// use dungeon_generator::{Grid, Pos};
    ///
    /// let grid = Grid::from_fn(3, 2, |p| p.x + 10 * p.y);
    /// assert_eq!(grid[Pos::new(2, 1)], 12);
    /// ```
    ///
    /// # Panics
    /// Only when `width × height` values do not fit in memory, as `vec!` does.
    #[must_use]
    pub fn from_fn(width: u32, height: u32, value: impl FnMut(Pos) -> T) -> Self {
        let cells = (0..height)
            .flat_map(|y| (0..width).map(move |x| Pos::new(x, y)))
            .map(value)
            .collect();
        Self {
            width,
            height,
            cells,
        }
    }

    /// A grid from its cells, row by row, top row first.
    ///
    /// # Errors
    /// When `cells` does not hold exactly `width × height` values; the message gives both counts.
    pub fn from_cells(width: u32, height: u32, cells: Vec<T>) -> Result<Self, Error> {
        let expected = width as usize * height as usize;
        if cells.len() == expected {
            Ok(Self {
                width,
                height,
                cells,
            })
        } else {
            Err(Error::CellCount {
                width,
                height,
                expected,
                got: cells.len(),
            })
        }
    }

    #[must_use]
    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    #[must_use]
    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[must_use]
    /// Whether it has no cells (a side of 0).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    #[must_use]
    /// Whether `p` is on the grid.
    pub fn contains(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The row-major index of `p`, or `None` outside the grid.
    #[must_use]
    pub fn index_of(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| index(self.width, p))
    }

    /// The cell at row-major index `i`: on the grid when `i` is below [`Grid::len`], else
    /// off it.
    #[must_use]
    pub fn pos_of(&self, i: usize) -> Pos {
        let w = (self.width as usize).max(1);
        Pos::new((i % w) as u32, (i / w) as u32)
    }

    #[must_use]
    /// The value at `p`, or `None` off the grid.
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.index_of(p).map(|i| &self.cells[i])
    }

    #[must_use]
    /// The value at `p` to change, or `None` off the grid.
    pub fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.index_of(p).map(|i| &mut self.cells[i])
    }

    /// The cell one step from `p` in direction `d`, if it is on the grid.
    #[must_use]
    pub fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        step_within(self.width, self.height, p, d)
    }

    /// The neighbours of `p` on the grid, in the original's order: left, right, up, down.
    /// Four-way: the cells one can step to.
    pub fn neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width, self.height);
        Dir::ALL
            .into_iter()
            .filter_map(move |d| step_within(w, h, p, d))
    }

    /// The up to eight cells around `p` on the grid, diagonals included, row by row from
    /// the top-left: the cells a wall or a light touches.
    ///
    /// ```
    /// use dungeon_generator::{Grid, Pos};
    ///
    /// let grid = Grid::new(3, 3, 0u8);
    /// assert_eq!(grid.around(Pos::new(1, 1)).count(), 8);
    /// let corner: Vec<Pos> = grid.around(Pos::new(0, 0)).collect();
    /// assert_eq!(corner, [Pos::new(1, 0), Pos::new(0, 1), Pos::new(1, 1)]);
    /// ```
    pub fn around(&self, p: Pos) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width, self.height);
        const RING: [(i32, i32); 8] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        RING.into_iter()
            .filter_map(move |(dx, dy)| p.offset(dx, dy).filter(|q| q.x < w && q.y < h))
    }

    /// Every cell's place, row by row, top row first.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// The cells row by row, top row first.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    /// The cells row by row, top row first.
    #[must_use]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// One row, left to right; `None` when `y` is not below the height.
    #[must_use]
    pub fn row(&self, y: u32) -> Option<&[T]> {
        let w = self.width as usize;
        (y < self.height).then(|| &self.cells[y as usize * w..(y as usize + 1) * w])
    }

    /// A grid of the same size with `f` applied to every cell.
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

/// Whether `cells` hold a 2×2 square of cells somewhere.
#[must_use]
pub fn holds_square(cells: &[Pos]) -> bool {
    let Some(bounds) = Rect::around(cells.iter().copied()) else {
        return false;
    };
    let (w, h) = (bounds.width(), bounds.height());
    let mut inside = Grid::new(w, h, false);
    for p in cells {
        inside[Pos::new(p.x - bounds.x0, p.y - bounds.y0)] = true;
    }
    inside.positions().any(|p| {
        p.x + 1 < w
            && p.y + 1 < h
            && inside[p]
            && inside[Pos::new(p.x + 1, p.y)]
            && inside[Pos::new(p.x, p.y + 1)]
            && inside[Pos::new(p.x + 1, p.y + 1)]
    })
}

/// The cell one step from `p` in direction `d` inside a `width × height` rectangle.
#[inline]
#[must_use]
pub fn step_within(width: u32, height: u32, p: Pos, d: Dir) -> Option<Pos> {
    // Arithmetic instead of a branch per direction: in shuffled order, such branches
    // mispredict and dominate a flood's cost. Stepping off the left or top wraps to a
    // huge value and fails the bounds test like stepping off the right or bottom.
    let (dx, dy) = d.delta();
    let (x, y) = (p.x.wrapping_add(dx), p.y.wrapping_add(dy));
    (x < width && y < height).then_some(Pos::new(x, y))
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;

    /// # Panics
    /// When `p` is outside the grid; the message names the cell and the grid's size.
    fn index(&self, p: Pos) -> &T {
        match self.index_of(p) {
            Some(i) => &self.cells[i],
            None => panic!("{p} is outside the {}×{} grid", self.width, self.height),
        }
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    /// # Panics
    /// When `p` is outside the grid; the message names the cell and the grid's size.
    fn index_mut(&mut self, p: Pos) -> &mut T {
        match self.index_of(p) {
            Some(i) => &mut self.cells[i],
            None => panic!("{p} is outside the {}×{} grid", self.width, self.height),
        }
    }
}

/// A character map prints as one line per row.
impl fmt::Display for Grid<char> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            let line: String = self.row(y).unwrap_or_default().iter().collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A character map parses from lines of equal length; surrounding blank lines and each
/// line's leading and trailing spaces are ignored, so fixtures can be indented in tests.
impl FromStr for Grid<char> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(|line| line.chars().collect())
            .collect();
        let width = rows.first().map_or(0, Vec::len);
        if let Some((row, cells)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(Error::RaggedRow {
                row,
                len: cells.len(),
                width,
            });
        }
        let height = rows.len();
        let too_big = |n: usize| u32::try_from(n).map_err(|_| Error::TooLong(n));
        Grid::from_cells(too_big(width)?, too_big(height)?, rows.concat())
    }
}
