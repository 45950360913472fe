//! The ground everything stands on: the grid of cells and what a cell holds, colours, the
//! breadth-first flood, the seeded random streams, work split over the cores, memory kept
//! for the next piece of work, and small
//! helpers for words and times. Nothing here knows of rooms, recipes or files.

pub mod base64;
pub mod bits;
pub mod colour;
pub mod flood;
pub mod grid;
pub mod parallel;
pub mod pool;
pub mod streams;
pub mod text;
pub mod tile;

/// What can go wrong building a grid from its cells.
///
/// ```
/// use dungeon_generator::{Grid, GridError};
///
/// assert_eq!(
///     Grid::from_cells(2, 2, vec![1, 2, 3]),
///     Err(GridError::CellCount { width: 2, height: 2, expected: 4, got: 3 })
/// );
/// let ragged = "ab\nc".parse::<Grid<char>>().unwrap_err();
/// assert_eq!(ragged.to_string(), "row 1 has 1 characters, the first row has 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The cells given do not fill the grid exactly.
    #[error("a {width}×{height} grid needs {expected} cells, got {got}")]
    CellCount {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
        /// Cells the grid needs: width × height.
        expected: usize,
        /// Cells given.
        got: usize,
    },
    /// A character map whose rows are not all as long as the first.
    #[error("row {row} has {len} characters, the first row has {width}")]
    RaggedRow {
        /// The row, counted from 0.
        row: usize,
        /// Its length in characters.
        len: usize,
        /// The first row's length.
        width: usize,
    },
    /// A side longer than a grid may be.
    #[error("{0} cells is too many for a side of a grid")]
    TooLong(usize),
}
