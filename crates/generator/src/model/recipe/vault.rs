//! Vaults: rooms of a game's own shape (a throne room, a shrine, a prefab of its own), with
//! or without a place, that the generator puts among its own rooms and joins like any
//! room (see [`crate::Recipe::vaults`]).
//!
//! In a recipe, a vault is written `WxH.CELLS` (a shape the rooms stage places) or
//! `X.Y.WxH.CELLS` (one at a place): the size of the box around its cells, the box's
//! corner, and which cells of the box are the room's, one bit each, row by row from the
//! top-left, in base64url, as pins write theirs. Several vaults are joined by `~`.

use std::fmt;

use super::footprint::{Footprint, SIDE_MOST, Unfit, level_of, level_prefix};
use super::pins::PinFault;
use crate::base::grid::{Pos, Rect};

/// A room of a game's own shape: its cells, and where it goes or that the rooms stage
/// picks a place for it.
///
/// ```
/// use dungeon_generator::{Pos, Recipe, RoomKind, Vault, generate};
///
/// // A cross-shaped shrine, 5 cells wide and high.
/// let shrine = Vault::new((0..5).flat_map(|i| [Pos::new(i, 2), Pos::new(2, i)]))?;
/// let mut recipe: Recipe = "dv1 seed=7".parse()?;
/// // One where the rooms stage puts it, one with its corner at cell (3, 4).
/// recipe.vaults = vec![shrine.clone(), shrine.at(Pos::new(3, 4))];
/// let map = generate(&recipe)?;
/// let placed = map.vault(1).expect("a vault with a place is always made");
/// assert!(placed.contains(Pos::new(5, 4)));
/// assert_eq!(placed.kind(), RoomKind::Vault(1));
/// // The same recipe gives the same map: the first vault lands where it did.
/// assert_eq!(generate(&recipe)?.vault(0), map.vault(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Vault {
    /// Its cells, from the top-left cell of the map.
    cells: Footprint,
    /// Where the top-left corner of their box goes, when it has a place.
    place: Option<Pos>,
    /// The level it is on, from 1.
    level: u32,
}

impl Vault {
    /// A vault of these cells (in any order; a cell given twice counts once), without a
    /// place: the rooms stage picks one (see [`crate::Recipe::vaults`]). Only their shape
    /// counts, not where they are: give it a place with [`Vault::at`].
    ///
    /// # Errors
    /// [`PinFault::NoCells`] for no cells; [`PinFault::TooBig`] when the box around them
    /// is wider or taller than the largest map; [`PinFault::Scattered`] when they are not
    /// one room, joined edge to edge.
    pub fn new(cells: impl IntoIterator<Item = Pos>) -> Result<Vault, PinFault> {
        let cells: Vec<Pos> = cells.into_iter().collect();
        let footprint = Footprint::of(&cells).map_err(|unfit| match unfit {
            Unfit::NoCells => PinFault::NoCells,
            Unfit::TooBig(width, height) => PinFault::TooBig {
                width,
                height,
                map_width: SIDE_MOST,
                map_height: SIDE_MOST,
            },
        })?;
        let pieces = footprint.pieces();
        if pieces > 1 {
            return Err(PinFault::Scattered { pieces });
        }
        Ok(Vault {
            cells: footprint.at(Pos::new(0, 0)).ok_or(PinFault::NoCells)?,
            place: None,
            level: 1,
        })
    }

    /// The same vault on `level`, from 1 at the top (see [`crate::Recipe::levels`]):
    /// the maps of other levels do not have it. Whether the dungeon has that level is the
    /// recipe's to check.
    #[must_use]
    pub fn on_level(&self, level: u32) -> Vault {
        Vault {
            level,
            ..self.clone()
        }
    }

    /// The level it is on, from 1 at the top.
    #[must_use]
    pub fn level(&self) -> u32 {
        self.level
    }

    /// The same vault with the top-left corner of the box around its cells at `corner`.
    /// Whether it fits the map is the recipe's to check.
    #[must_use]
    pub fn at(&self, corner: Pos) -> Vault {
        Vault {
            place: Some(corner),
            ..self.clone()
        }
    }

    /// The top-left corner of the box around its cells, when it has a place.
    #[must_use]
    pub fn place(&self) -> Option<Pos> {
        self.place
    }

    /// Its cells, row by row from the top-left: on the map when it has a place, else
    /// from cell (0, 0).
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let corner = self.place.unwrap_or_default();
        self.cells
            .cells()
            .map(move |p| Pos::new(p.x.saturating_add(corner.x), p.y.saturating_add(corner.y)))
    }

    /// The size of the box around its cells: width and height.
    #[must_use]
    pub fn size(&self) -> (u32, u32) {
        let Rect { x1, y1, .. } = self.cells.bounds();
        (x1 + 1, y1 + 1)
    }

    /// Its cells from the top-left cell of the map.
    pub(crate) fn shape(&self) -> &Footprint {
        &self.cells
    }

    /// Its cells at its place; `None` without a place, or with one so far out that the box
    /// would end past the largest cell number.
    pub(crate) fn placed(&self) -> Option<Footprint> {
        self.cells.at(self.place?)
    }

    /// Read a vault as `Display` writes it; `None` for any other text. Linear in the text.
    pub(crate) fn read(text: &str) -> Option<Vault> {
        let (level, text) = level_of(text)?;
        let parts: Vec<&str> = text.split('.').collect();
        let (corner, size, cells) = match parts.as_slice() {
            [size, cells] => (None, size, cells),
            [x, y, size, cells] => (Some((*x, *y)), size, cells),
            _ => return None,
        };
        let cells = Footprint::read(corner, size, cells)?;
        Some(Vault {
            place: corner.map(|_| cells.corner()),
            cells: cells.at(Pos::new(0, 0))?,
            level,
        })
    }
}

/// `X.Y.WxH.CELLS`, or `WxH.CELLS` without a place: the corner of the box around its cells
/// (for a vault with a place), the box's size, and which cells of the box are the vault's,
/// one bit each, row by row from the top-left (the lowest bit of a byte first), in
/// base64url; after `L:` for a vault on level L below the first.
impl fmt::Display for Vault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&level_prefix(self.level))?;
        let [_, size, cells] = self.cells.parts();
        if let Some(Pos { x, y }) = self.place {
            write!(f, "{x}.{y}.")?;
        }
        write!(f, "{size}.{cells}")
    }
}

/// A vault from its text, as `Display` writes it.
impl TryFrom<String> for Vault {
    type Error = PinFault;

    fn try_from(text: String) -> Result<Vault, PinFault> {
        Vault::read(&text).ok_or_else(|| PinFault::Malformed {
            text: crate::base::text::quote(&text),
        })
    }
}

impl From<Vault> for String {
    fn from(vault: Vault) -> String {
        vault.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vault_reads_back_as_written_with_and_without_a_place() {
        let ell = Vault::new([Pos::new(7, 7), Pos::new(7, 8), Pos::new(8, 8)]).unwrap();
        assert_eq!(ell.place(), None);
        assert_eq!(ell.to_string(), "2x2.DQ");
        let placed = ell.at(Pos::new(10, 3));
        assert_eq!(placed.to_string(), "10.3.2x2.DQ");
        assert_eq!(placed.place(), Some(Pos::new(10, 3)));
        for vault in [ell, placed] {
            assert_eq!(Vault::read(&vault.to_string()), Some(vault));
        }
        assert_eq!(Vault::read("1.2x2.DQ"), None);
        assert_eq!(
            Vault::try_from("10.3.2x2.DQ".to_string()).map(|v| v.place()),
            Ok(Some(Pos::new(10, 3)))
        );
        assert!(matches!(
            Vault::try_from("2x2".to_string()),
            Err(PinFault::Malformed { .. })
        ));
    }

    #[test]
    fn cells_not_joined_edge_to_edge_are_no_vault() {
        let apart = Vault::new([Pos::new(0, 0), Pos::new(1, 1)]);
        assert_eq!(apart, Err(PinFault::Scattered { pieces: 2 }));
        assert_eq!(Vault::new([]), Err(PinFault::NoCells));
    }
}
