//! The parts a dungeon is made of: rooms and the paths between them, each kept in the
//! order it was made, so that a replay can show them growing.

use std::sync::OnceLock;

use crate::base::bits::BitGrid;
use crate::base::colour::Rgb;
use crate::base::grid::{Pos, Rect};
use crate::model::Error;

/// A room: its cells in the order they grew (the first is where it started), its colour,
/// what made it, and the box around it.
///
/// ```
/// use dungeon_generator::{Pos, Rect, Rgb, Room};
///
/// // An L of three cells.
/// let cells = vec![Pos::new(4, 2), Pos::new(4, 3), Pos::new(5, 3)];
/// let room = Room::new(cells, Rgb(200, 40, 40))?;
/// assert_eq!(room.bounds(), Rect { x0: 4, y0: 2, x1: 5, y1: 3 });
/// assert!(room.contains(Pos::new(5, 3)) && !room.contains(Pos::new(5, 2)));
/// // The centre is a cell of the room: the one nearest the middle of its box.
/// assert_eq!(room.centre(), Pos::new(4, 2));
/// assert!(Room::new(vec![], Rgb(1, 2, 3)).is_err());
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "crate::model::saving::RoomParts",
        try_from = "crate::model::saving::RoomParts"
    )
)]
pub struct Room {
    cells: Vec<Pos>,
    colour: Rgb,
    kind: RoomKind,
    bounds: Rect,
    /// Which cells of the box are the room's, made the first time [`Room::contains`] asks.
    inside: OnceLock<Inside>,
}

/// Which cells are a room's: a bit per cell of its box, or, for a room whose box is larger
/// than the largest map (only a room made by hand can be), its cells in order.
#[derive(Clone, Debug)]
enum Inside {
    Bits(BitGrid),
    Sorted(Vec<Pos>),
}

/// Cells of a box found so far: a bit each, or, for a box larger than the largest map
/// (only a room made by hand can have one), the cells in order.
enum Seen {
    Bits(Rect, BitGrid),
    Set(std::collections::BTreeSet<Pos>),
}

impl Seen {
    fn of(bounds: Rect) -> Self {
        if bounds.area() > BOX_BITS_MOST {
            Seen::Set(std::collections::BTreeSet::new())
        } else {
            Seen::Bits(bounds, BitGrid::new(bounds.width(), bounds.height()))
        }
    }

    /// Note `p`, a cell of the box; whether it was new.
    fn insert(&mut self, p: Pos) -> bool {
        match self {
            Seen::Bits(b, bits) => {
                let local = Pos::new(p.x - b.x0, p.y - b.y0);
                let new = !bits.get(local);
                bits.set(local);
                new
            }
            Seen::Set(set) => set.insert(p),
        }
    }

    fn contains(&self, p: Pos) -> bool {
        match self {
            Seen::Bits(b, bits) => bits.get(Pos::new(p.x - b.x0, p.y - b.y0)),
            Seen::Set(set) => set.contains(&p),
        }
    }
}

/// The most cells a room's box may have for a bit each: the largest map's.
const BOX_BITS_MOST: u64 = 2048 * 2048;

/// Two rooms are equal when their cells (in order), colours and kinds are.
impl PartialEq for Room {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells && self.colour == other.colour && self.kind == other.kind
    }
}

impl Eq for Room {}

impl Room {
    /// The room of `cells`, in the order they grew (a replay grows it in this order), in
    /// `colour`.
    ///
    /// # Errors
    /// [`Error::RoomWithoutCells`] for no cell; [`Error::CellTwice`] naming a cell given
    /// twice.
    pub fn new(cells: Vec<Pos>, colour: Rgb) -> Result<Room, Error> {
        if cells.is_empty() {
            return Err(Error::RoomWithoutCells);
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(twice) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::CellTwice { cell: twice[0] });
        }
        Ok(Room::of(cells, colour))
    }

    /// The room of `cells`, which the generator grew: at least one, none twice.
    pub(crate) fn of(cells: Vec<Pos>, colour: Rgb) -> Room {
        Room {
            bounds: Rect::around(cells.iter().copied()).unwrap_or(Rect::at(Pos::default())),
            cells,
            colour,
            kind: RoomKind::Grown,
            inside: OnceLock::new(),
        }
    }

    /// Its cells, in the order they were added (the first is where it started).
    #[must_use]
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// Its colour in the pictures.
    #[must_use]
    pub fn colour(&self) -> Rgb {
        self.colour
    }

    /// The smallest rectangle holding every cell of the room.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        self.bounds
    }

    /// The cell of the room nearest the middle of its box (the first in reading order of
    /// those as near): always the room's own cell, where a caller may put what goes "in
    /// the middle" (stairs, a label), even in a room shaped like an L or a ring.
    #[must_use]
    pub fn centre(&self) -> Pos {
        let Rect { x0, y0, x1, y1 } = self.bounds;
        // Twice the distance, in whole numbers: the middle may fall between cells.
        let (mx, my) = (
            i128::from(x0) + i128::from(x1),
            i128::from(y0) + i128::from(y1),
        );
        let away = |p: &&Pos| {
            let (dx, dy) = (2 * i128::from(p.x) - mx, 2 * i128::from(p.y) - my);
            (dx * dx + dy * dy, p.y, p.x)
        };
        self.cells
            .iter()
            .min_by_key(away)
            .copied()
            .unwrap_or(Pos::new(x0, y0))
    }

    /// Whether `p` is a cell of the room, in constant time (the first call makes a bit
    /// per cell of the box; a room made by hand whose box is larger than the largest map,
    /// 2048 × 2048 cells, is searched instead, in logarithmic time).
    #[must_use]
    pub fn contains(&self, p: Pos) -> bool {
        let Rect { x0, y0, .. } = self.bounds;
        if !self.bounds.contains(p) {
            return false;
        }
        let inside = self.inside.get_or_init(|| {
            if self.bounds.area() > BOX_BITS_MOST {
                let mut sorted = self.cells.clone();
                sorted.sort_unstable();
                return Inside::Sorted(sorted);
            }
            let mut bits = BitGrid::new(self.bounds.width(), self.bounds.height());
            for c in &self.cells {
                bits.set(Pos::new(c.x - x0, c.y - y0));
            }
            Inside::Bits(bits)
        });
        match inside {
            Inside::Bits(bits) => bits.get(Pos::new(p.x - x0, p.y - y0)),
            Inside::Sorted(cells) => cells.binary_search(&p).is_ok(),
        }
    }

    /// A cell of the room not joined to its first cell edge to edge, if any: a room is
    /// one piece.
    pub(crate) fn loose_cell(&self) -> Option<Pos> {
        let first = *self.cells.first()?;
        let mut seen = Seen::of(self.bounds);
        seen.insert(first);
        let mut queue = vec![first];
        let mut reached = 1;
        while let Some(p) = queue.pop() {
            let around = [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|(dx, dy)| p.offset(dx, dy));
            for q in around.into_iter().flatten() {
                if self.contains(q) && seen.insert(q) {
                    reached += 1;
                    queue.push(q);
                }
            }
        }
        (reached < self.cells.len())
            .then(|| self.cells.iter().copied().find(|&c| !seen.contains(c)))
            .flatten()
    }

    /// The same room `by` cells right and down: where it lies on a map with a margin.
    pub(crate) fn shifted(&self, by: u32) -> Room {
        Room::of(shifted(&self.cells, by), self.colour).made_by(self.kind)
    }

    /// What made it: the rooms stage, a pin, or a game's vault.
    #[must_use]
    pub fn kind(&self) -> RoomKind {
        self.kind
    }

    /// Give it `colour` instead.
    pub(crate) fn recolour(&mut self, colour: Rgb) {
        self.colour = colour;
    }

    /// The same room, made by `kind`.
    pub(crate) fn made_by(mut self, kind: RoomKind) -> Room {
        self.kind = kind;
        self
    }
}

/// What made a room: the rooms stage, a pin, or a game's vault.
///
/// ```
/// use dungeon_generator::{Pos, Recipe, RoomKind, Vault, generate};
///
/// let mut recipe: Recipe = "dv1 seed=2".parse()?;
/// recipe.vaults.push(Vault::new((0..4).map(|x| Pos::new(x, 0)))?.at(Pos::new(5, 5)));
/// let map = generate(&recipe)?;
/// let vaults = map.rooms().iter().filter(|r| matches!(r.kind(), RoomKind::Vault(_)));
/// assert_eq!(vaults.count(), 1);
/// assert!(map.rooms().iter().any(|r| r.kind() == RoomKind::Grown));
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
///
/// ```
/// use dungeon_generator::generate;
///
/// let dungeon = generate(&"dv1 seed=3 rooms=4".parse()?)?;
/// let path = &dungeon.paths()[0];
/// let (first, last) = (path.cells[0], path.cells[path.cells.len() - 1]);
/// assert!(dungeon.rooms()[path.from].contains(first));
/// assert!(dungeon.rooms()[path.to].contains(last));
/// assert!(path.cells.windows(2).all(|step| step[0].is_beside(step[1])));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
