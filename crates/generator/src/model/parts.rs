//! The parts a dungeon is made of: rooms and the paths between them, each kept in the
//! order it was made, so that a replay can show them growing.

use crate::base::colour::Rgb;
use crate::base::grid::Pos;

/// A room: its cells in the order they grew (the first is where it started) and its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its cells, in the order they were added (a replay grows it in this order).
    pub cells: Vec<Pos>,
    /// Its colour in the pictures.
    pub colour: Rgb,
}

impl Room {
    /// The same room `by` cells right and down: where it lies on a map with a margin.
    pub(crate) fn shifted(&self, by: u32) -> Room {
        Room {
            cells: shifted(&self.cells, by),
            colour: self.colour,
        }
    }
}

/// A path between two rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Path {
    /// The room it starts in (index in creation order).
    pub from: usize,
    /// The room it ends in.
    pub to: usize,
    /// From a cell of `from` to a cell of `to`, both included, one step at a time.
    pub cells: Vec<Pos>,
    /// Cells of other rooms it had to cross (0 unless those rooms walled a room in).
    pub crossed: u32,
}

impl Path {
    /// The same path `by` cells right and down: where it lies on a map with a margin.
    pub(crate) fn shifted(&self, by: u32) -> Path {
        Path {
            cells: shifted(&self.cells, by),
            ..self.clone()
        }
    }
}

/// `cells` each `by` cells right and down.
fn shifted(cells: &[Pos], by: u32) -> Vec<Pos> {
    cells
        .iter()
        .map(|p| Pos::new(p.x.saturating_add(by), p.y.saturating_add(by)))
        .collect()
}
