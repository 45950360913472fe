//! Room numbers, as game masters key their notes to them: each room's number (its index + 1,
//! the order of the JSON's rooms and the names of Tiled's room objects) in ink digits of a
//! small pixel font ([`for_each_ink`]) on a paper label, placed where it reads and belongs
//! to its room ([`place`]). The PNG, the Universal VTT picture and the SVG put the same labels in
//! the same places.

mod font;
mod place;

pub use font::{for_each_ink, label_size, scale};
pub use place::{place, place_centred};

/// Below this cell size numbers are left out: the digits would not be readable.
pub const MIN_NUMBER_CELL: u32 = 8;

/// A room's number and where its paper label lies in the picture, in pixels: the box
/// `[x, x + width) × [y, y + height)`, the digits inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The room's number, its index + 1.
    pub number: usize,
    /// The box's first pixel column.
    pub x: u32,
    /// The box's first pixel row.
    pub y: u32,
    /// The box's width in pixels.
    pub width: u32,
    /// The box's height in pixels.
    pub height: u32,
}

impl Label {
    /// The first pixel column right of the box.
    #[must_use]
    pub fn right(&self) -> u32 {
        self.x + self.width
    }

    /// The first pixel row below the box.
    #[must_use]
    pub fn bottom(&self) -> u32 {
        self.y + self.height
    }

    /// Whether the boxes of `self` and `other` overlap, or come within `gap` pixels of
    /// each other.
    #[must_use]
    pub fn near(&self, other: &Label, gap: u32) -> bool {
        self.x < other.right() + gap
            && other.x < self.right() + gap
            && self.y < other.bottom() + gap
            && other.y < self.bottom() + gap
    }
}

/// The room numbers of a picture: the labels drawn, and the rooms left without one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The labels drawn, top to bottom (by their first row, then their first column).
    pub placed: Vec<Label>,
    /// The numbers of the rooms whose label has no place where it reads and belongs to
    /// its room, smallest first; every room's below [`MIN_NUMBER_CELL`] pixels a cell.
    pub unplaced: Vec<usize>,
}

/// The most room numbers a note names.
const MOST_NAMED: usize = 12;

impl Labels {
    /// What a user should be told of these labels, drawn at `cell_size` pixels a cell: that
    /// numbers are left out below [`MIN_NUMBER_CELL`] pixels, or which rooms have none (the
    /// first dozen named); `None` when every room has its number.
    #[must_use]
    pub fn note(&self, cell_size: u32) -> Option<String> {
        if self.unplaced.is_empty() {
            return None;
        }
        if cell_size < MIN_NUMBER_CELL {
            return Some(format!(
                "room numbers are left out: they need {MIN_NUMBER_CELL} pixels a cell, not \
                 {cell_size}"
            ));
        }
        let count = self.unplaced.len();
        let named: Vec<String> = self
            .unplaced
            .iter()
            .take(MOST_NAMED)
            .map(usize::to_string)
            .collect();
        let more = count.saturating_sub(MOST_NAMED);
        Some(format!(
            "{count} room number{s} could not be placed where {they} would read and belong to \
             {its} room: room{s} {}{}",
            named.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            },
            s = if count == 1 { "" } else { "s" },
            they = if count == 1 { "it" } else { "they" },
            its = if count == 1 { "its" } else { "their" },
        ))
    }
}
