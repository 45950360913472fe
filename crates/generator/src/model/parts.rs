//! The parts a dungeon is made of: rooms and the paths between them, each kept in the
//! order it was made, so that a replay can show them growing.

use crate::base::colour::Rgb;
use crate::base::grid::Pos;

/// A room: its cells in the order they grew (the first is where it started), its colour,
/// and what made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its cells, in the order they were added (a replay grows it in this order).
    pub cells: Vec<Pos>,
    /// Its colour in the pictures.
    pub colour: Rgb,
    /// Whether the rooms stage grew it, a pin kept it, or it is a game's vault.
    pub kind: RoomKind,
}

/// What made a room: the rooms stage, a pin, or a game's vault.
///
/// ```
/// use dungeon_generator::{Pos, Recipe, RoomKind, Vault, generate};
///
/// let mut recipe: Recipe = "dv1 seed=2".parse()?;
/// recipe.vaults.push(Vault::new((0..4).map(|x| Pos::new(x, 0)))?.at(Pos::new(5, 5)));
/// let map = generate(&recipe)?;
/// let vaults = map.rooms().iter().filter(|r| matches!(r.kind, RoomKind::Vault(_)));
/// assert_eq!(vaults.count(), 1);
/// assert!(map.rooms().iter().any(|r| r.kind == RoomKind::Grown));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RoomKind {
    /// Grown by the rooms stage in the recipe's shape.
    #[default]
    Grown,
    /// Kept cell for cell by one of the recipe's pins ([`crate::Recipe::pins`]).
    Pinned,
    /// The recipe's vault of this index ([`crate::Recipe::vaults`]), counted from 0.
    Vault(usize),
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
