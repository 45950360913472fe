//! What the recipe does with pinned rooms and vaults: pinning the rooms under cells,
//! unpinning one, moving a pin, checking that every pin and vault can be kept (in time
//! linear in their cells), leaving out those that cannot, and re-seeding a map
//! while keeping them. See [`Recipe::pins`] for how pinned rooms are placed and counted.

use super::footprint::Footprint;
use super::pin::Pin;
use super::vault::Vault;
use super::{HEIGHT, Recipe, WIDTH};
use crate::base::bits::BitGrid;
use crate::base::grid::{Grid, Pos, Rect};
use crate::model::Error;
use crate::model::dungeon::Dungeon;
use crate::model::parts::RoomKind;

/// Why a pin or a vault cannot be kept; an [`Error::Pin`] or [`Error::Vault`] says which.
///
/// ```
/// use dungeon_generator::{Error, PinFault, Pos, Vault};
///
/// // Two cells touching only at a corner are no room.
/// let fault = Vault::new([Pos::new(0, 0), Pos::new(1, 1)]).unwrap_err();
/// assert_eq!(fault, PinFault::Scattered { pieces: 2 });
/// // In a recipe, the error names the pin or vault.
/// let error = "dv1 width=10 vault=9.0.2x1.Aw".parse::<dungeon_generator::Recipe>();
/// assert!(matches!(error, Err(Error::Vault { vault: 1, fault: PinFault::OffMap { .. } })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PinFault {
    /// Its text is not a pin's or a vault's.
    #[error(
        "is not written as the program writes it (N@X.Y.WxH.RRGGBB.CELLS for a pin, \
         [X.Y.]WxH.CELLS for a vault): `{text}`"
    )]
    Malformed {
        /// The text, cut short.
        text: String,
    },
    /// It covers no cell.
    #[error("covers no cell")]
    NoCells,
    /// Its box is wider or taller than the map.
    #[error("is {width}×{height} cells, too big for the {map_width}×{map_height} map")]
    TooBig {
        /// The box's width in cells.
        width: u32,
        /// The box's height in cells.
        height: u32,
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// It reaches past the map's right or bottom edge, or would leave it.
    #[error("would be off the {map_width}×{map_height} map (past its edge)")]
    OffMap {
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// Its cells are not one room: they fall into pieces not joined edge to edge.
    #[error(
        "is not one room: its cells fall into {pieces} pieces, not joined edge to edge \
         (a corridor could not join them all)"
    )]
    Scattered {
        /// How many pieces.
        pieces: usize,
    },
    /// It lies in the cells the recipe's margin keeps clear.
    #[error("lies in the map's margin: the {margin} cells along each edge are kept clear")]
    InMargin {
        /// The margin, in cells.
        margin: u32,
    },
    /// It shares a cell with a pin (an earlier one, for a pin).
    #[error("overlaps pin {other}")]
    Overlaps {
        /// The pin, counted from 1.
        other: usize,
    },
    /// It shares a cell with an earlier vault.
    #[error("overlaps vault {other}")]
    OverlapsVault {
        /// The vault, counted from 1.
        other: usize,
    },
    /// On a closed map, it lies beside a pin (edge or corner), where rooms keep a cell of
    /// rock apart: an earlier pin, for a pin.
    #[error("lies beside pin {other}: on a closed map rooms keep a cell of rock apart")]
    BesidePin {
        /// The pin, counted from 1.
        other: usize,
    },
    /// On a closed map, it lies beside an earlier vault (edge or corner).
    #[error("lies beside vault {other}: on a closed map rooms keep a cell of rock apart")]
    BesideVault {
        /// The vault, counted from 1.
        other: usize,
    },
    /// It is on a level the dungeon does not have.
    #[error("is on level {level}, but the dungeon has {levels} levels")]
    NoSuchLevel {
        /// Its level.
        level: u32,
        /// The levels the recipe has.
        levels: u32,
    },
    /// There are more pins and vaults than rooms asked for: `rooms` counts them.
    #[error(
        "is one more than the {rooms} rooms asked for (rooms counts the pinned ones and the \
         vaults)"
    )]
    BeyondRooms {
        /// Rooms asked for.
        rooms: u32,
    },
    /// No pin of that number.
    #[error("does not exist: the recipe has {pins}")]
    Missing {
        /// The pins the recipe has.
        pins: usize,
    },
    /// A vault without a place found none on the map.
    #[error(
        "finds no place on the map {spacing} cells or more from the pins and the other \
         vaults"
    )]
    NoPlace {
        /// The recipe's spacing.
        spacing: u32,
    },
}

impl Recipe {
    /// This recipe with the room of `dungeon` covering `cell` pinned, after the pins it
    /// has; unchanged when that room is pinned already. The map it makes is `dungeon`'s,
    /// cell for cell, and keeps the room through every re-roll; pinning a vault's room
    /// gives the vault its place in `dungeon`.
    ///
    /// ```
    /// use dungeon_generator::{Recipe, generate};
    ///
    /// let recipe: Recipe = "dv1 seed=7".parse()?;
    /// let map = generate(&recipe)?;
    /// let room = &map.rooms()[2];
    /// let pinned = recipe.pin_at(&map, room.cells()[0])?;
    /// // Pinning moves no other room; every stage re-rolled, the room stays.
    /// let same = generate(&pinned)?;
    /// let others = |i: &usize| *i != 2;
    /// assert!((0..12).filter(others).all(|i| same.rooms()[i].cells() == map.rooms()[i].cells()));
    /// let other = generate(&pinned.reseeded(8))?;
    /// assert!(room.cells().iter().all(|&p| other.rooms()[2].contains(p)));
    /// assert!(other.is_pinned(2));
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::NoRoomAt`] when no room covers the cell; [`Error::Pin`] when the new pin
    /// cannot be kept with this recipe (see [`Recipe::check_pins`]): `dungeon` was not
    /// made from it.
    pub fn pin_at(&self, dungeon: &Dungeon, cell: Pos) -> Result<Recipe, Error> {
        self.pin_each_at(dungeon, &[cell])
    }

    /// This recipe with the rooms of `dungeon` covering each of `cells` pinned, as
    /// [`Recipe::pin_at`] pins one, checked once: in time linear in their cells.
    ///
    /// # Errors
    /// As [`Recipe::pin_at`], for the first cell in no room or the first pin that cannot
    /// be kept.
    pub fn pin_each_at(&self, dungeon: &Dungeon, cells: &[Pos]) -> Result<Recipe, Error> {
        let mut recipe = self.numbered();
        let mut pinned = vec![false; dungeon.rooms().len()];
        for &cell in cells {
            let index = dungeon
                .tile(cell)
                .and_then(|t| t.room())
                .filter(|&i| i < dungeon.rooms().len())
                .ok_or(Error::NoRoomAt {
                    x: cell.x,
                    y: cell.y,
                })?;
            if std::mem::replace(&mut pinned[index], true) {
                continue;
            }
            match dungeon.rooms()[index].kind() {
                RoomKind::Pinned => {}
                RoomKind::Vault(v) => {
                    let bounds = dungeon.rooms()[index].bounds();
                    let corner = Pos::new(bounds.x0, bounds.y0);
                    if let Some(vault) = recipe.vaults.get_mut(v)
                        && vault.place().is_none()
                    {
                        *vault = vault.at(corner);
                    }
                }
                RoomKind::Grown => {
                    // A map not made from this recipe may show a room it pins already.
                    let pin = Pin::of_room(dungeon, index).map(|pin| pin.numbered(index));
                    if let Some(pin) = pin.filter(|pin| {
                        let same = |other: &Pin| {
                            other.level() == pin.level() && other.footprint() == pin.footprint()
                        };
                        !recipe.pins.iter().any(same)
                    }) {
                        recipe.pins.push(pin);
                    }
                }
            }
        }
        recipe.check_pins()?;
        Ok(recipe)
    }

    /// Which pin (counted from 0) covers `cell` on the level this recipe makes (`level`,
    /// else 1): pins on other levels cover their own maps' cells.
    #[must_use]
    pub fn pin_covering(&self, cell: Pos) -> Option<usize> {
        let level = self.level.unwrap_or(1);
        (self.pins.iter()).position(|pin| pin.level() == level && pin.covers(cell))
    }

    /// This recipe without the pin covering `cell` on the level it makes (see
    /// [`Recipe::pin_covering`]); `None` when no pin covers it.
    #[must_use]
    pub fn unpin_at(&self, cell: Pos) -> Option<Recipe> {
        let index = self.pin_covering(cell)?;
        let mut recipe = self.clone();
        recipe.pins.remove(index);
        Some(recipe)
    }

    /// This recipe with pin `index` (counted from 0) moved `dx` cells right and `dy` down.
    /// Only the rooms the pin now meets move.
    ///
    /// # Errors
    /// [`Error::Pin`] naming this pin when there is no such pin, or when it would be off
    /// the map or overlap another pin or a vault (named in the message); naming another
    /// when that one cannot be kept (see [`Recipe::check_pins`]).
    pub fn moved_pin(&self, index: usize, dx: i64, dy: i64) -> Result<Recipe, Error> {
        let fault = |fault| Error::Pin {
            pin: index.saturating_add(1),
            fault,
        };
        let pin = self.pins.get(index).ok_or_else(|| {
            fault(PinFault::Missing {
                pins: self.pins.len(),
            })
        })?;
        let moved = pin.moved_by(dx, dy).ok_or_else(|| fault(self.off_map()))?;
        // The moved pin is the one named, whichever of two is first. Pins and vaults on
        // other levels are on other maps.
        let meets = |other: &Footprint| meets(moved.footprint(), other);
        let level = pin.level();
        let onto = self
            .pins
            .iter()
            .enumerate()
            .find(|&(j, other)| j != index && other.level() == level && meets(other.footprint()))
            .map(|(j, _)| PinFault::Overlaps { other: j + 1 });
        let onto = onto.or_else(|| {
            let placed: Vec<Option<Footprint>> = (self.vaults.iter())
                .map(|v| v.placed().filter(|_| v.level() == level))
                .collect();
            let v = placed.iter().position(|v| v.as_ref().is_some_and(meets))?;
            Some(PinFault::OverlapsVault { other: v + 1 })
        });
        if let Some(why) = self.shape_fault(moved.footprint()).or(onto) {
            return Err(fault(why));
        }
        let mut recipe = self.numbered();
        recipe.pins[index] = moved.numbered(index);
        recipe.check_pins()?;
        Ok(recipe)
    }

    /// Check that every pin and vault can be kept: each is one room within the map, none
    /// overlaps another, and there are no more of them than `rooms`. [`Recipe::validate`]
    /// runs this too. It takes time linear in their cells.
    ///
    /// # Errors
    /// [`Error::Pin`] naming the first pin that cannot be kept (counted from 1) and why:
    /// beyond the rooms asked for, too big for the map, off the map, not one room, or
    /// overlapping an earlier pin; then [`Error::Vault`] for the first such vault (or one
    /// with a place overlapping a pin or an earlier vault). An overlap names the later
    /// of the two. [`Error::OutOfRange`] when the map's width or height is, before any pin.
    pub fn check_pins(&self) -> Result<(), Error> {
        match self.faults(Faults::First).into_iter().next() {
            None => Ok(()),
            Some(error) => Err(error),
        }
    }

    /// This recipe without the pins and vaults it cannot keep (a map made too small for
    /// them, one opened onto another), and why each was left out, in the recipe's order,
    /// each pin or vault named by its place in this recipe; in time linear in their cells.
    /// With the map's width or height out of range, nothing can be judged: it keeps all.
    #[must_use]
    pub fn without_what_cannot_stay(&self) -> (Recipe, Vec<Error>) {
        let mut errors = self.faults(Faults::All);
        errors.retain(|e| matches!(e, Error::Pin { .. } | Error::Vault { .. }));
        let mut pins = vec![true; self.pins.len()];
        let mut vaults = vec![true; self.vaults.len()];
        for error in &errors {
            match *error {
                Error::Pin { pin, .. } => pins[pin - 1] = false,
                Error::Vault { vault, .. } => vaults[vault - 1] = false,
                _ => {}
            }
        }
        let recipe = Recipe {
            pins: keep(&self.pins, &pins),
            vaults: keep(&self.vaults, &vaults),
            ..self.clone()
        };
        (recipe, errors)
    }

    /// The pins and vaults that cannot be kept, in order, and why: each beside the pins and
    /// vaults before it that are kept (with [`Faults::First`], the first only, when all
    /// before it are). Linear in their cells: a bit a cell of the map for those kept, and,
    /// once two meet, which holds each cell.
    fn faults(&self, which: Faults) -> Vec<Error> {
        // Off the ranges, no cell of the map can be named: that is the first fault.
        for (key, value, range) in [
            ("width", self.width, WIDTH),
            ("height", self.height, HEIGHT),
        ] {
            if !range.contains(&value) {
                return vec![Error::OutOfRange {
                    key: key.to_string(),
                    value: value.to_string(),
                    range: format!("{} to {}", range.start(), range.end()),
                }];
            }
        }
        let placed: Vec<Option<Footprint>> = self.vaults.iter().map(|v| v.placed()).collect();
        let shapes: Vec<Option<&Footprint>> = self
            .pins
            .iter()
            .map(|p| Some(p.footprint()))
            .chain(placed.iter().map(Option::as_ref))
            .collect();
        let levels: Vec<u32> = (self.pins.iter().map(Pin::level))
            .chain(self.vaults.iter().map(Vault::level))
            .collect();
        // Pins and vaults meet only on their own level; below the first, the room around
        // the stairs up counts in the rooms too.
        let on_levels = *super::LEVELS.end() as usize;
        let mut taken: Vec<Option<Taken>> = (0..on_levels).map(|_| None).collect();
        let mut count: Vec<usize> = (0..on_levels).map(|l| usize::from(l > 0)).collect();
        let pins = self.pins.len();
        let mut errors = Vec::new();
        for (n, &shape) in shapes.iter().enumerate() {
            let level = levels[n];
            let at = level.clamp(1, on_levels as u32) as usize - 1;
            let fault = if level > self.levels {
                Some(PinFault::NoSuchLevel {
                    level,
                    levels: self.levels,
                })
            } else if count[at] >= self.rooms as usize {
                Some(PinFault::BeyondRooms { rooms: self.rooms })
            } else if let Some(vault) = n.checked_sub(pins).map(|v| &self.vaults[v]) {
                self.size_fault(vault.shape()).or_else(|| match shape {
                    Some(placed) => self.shape_fault(placed),
                    None if vault.place().is_some() => Some(self.off_map()),
                    None => pieces_fault(vault.shape()),
                })
            } else {
                shape.and_then(|s| self.shape_fault(s))
            };
            let taken =
                taken[at].get_or_insert_with(|| Taken::new(self.width, self.height, self.closed));
            let fault = fault.or_else(|| {
                let (other, beside) = taken.first_meeting(shape?)?;
                Some(match (other.checked_sub(pins), beside) {
                    (None, false) => PinFault::Overlaps { other: other + 1 },
                    (Some(v), false) => PinFault::OverlapsVault { other: v + 1 },
                    (None, true) => PinFault::BesidePin { other: other + 1 },
                    (Some(v), true) => PinFault::BesideVault { other: v + 1 },
                })
            });
            match (fault, n.checked_sub(pins)) {
                (None, _) => {
                    if let Some(shape) = shape {
                        taken.keep(n, shape);
                    }
                    count[at] += 1;
                }
                (Some(fault), None) => errors.push(Error::Pin { pin: n + 1, fault }),
                (Some(fault), Some(v)) => errors.push(Error::Vault {
                    vault: v + 1,
                    fault,
                }),
            }
            if which == Faults::First && !errors.is_empty() {
                break;
            }
        }
        errors
    }

    /// Why cells at their place cannot be a room of this map, if they cannot: too big for
    /// it, off it, or not one room.
    fn shape_fault(&self, cells: &Footprint) -> Option<PinFault> {
        if let Some(fault) = self.size_fault(cells) {
            Some(fault)
        } else if !cells.is_within(self.width, self.height) {
            Some(self.off_map())
        } else if self.in_margin(cells) {
            Some(PinFault::InMargin {
                margin: self.margin,
            })
        } else {
            pieces_fault(cells)
        }
    }

    /// Why cells cannot be a room of this map wherever they are: a box too big for it.
    fn size_fault(&self, cells: &Footprint) -> Option<PinFault> {
        let bounds = cells.bounds();
        let (width, height) = (bounds.x1 - bounds.x0 + 1, bounds.y1 - bounds.y0 + 1);
        (width > self.width || height > self.height).then_some(PinFault::TooBig {
            width,
            height,
            map_width: self.width,
            map_height: self.height,
        })
    }

    /// Whether `cells` reach into the margin.
    fn in_margin(&self, cells: &Footprint) -> bool {
        let Rect { x0, y0, x1, y1 } = cells.bounds();
        let m = u64::from(self.margin);
        let past = |near: u32, far: u32, side: u32| {
            u64::from(near) < m || u64::from(far) + 1 + m > u64::from(side)
        };
        past(x0, x1, self.width) || past(y0, y1, self.height)
    }

    fn off_map(&self) -> PinFault {
        PinFault::OffMap {
            map_width: self.width,
            map_height: self.height,
        }
    }

    /// This recipe with each pin written before pins had a number numbered as the room of
    /// its place among the pins, as a map of newer pins takes it: what pinning and moving
    /// pins start from, so that the maps they make follow from then on only what moves.
    fn numbered(&self) -> Recipe {
        Recipe {
            pins: self
                .pins
                .iter()
                .enumerate()
                .map(|(i, pin)| pin.numbered(i))
                .collect(),
            ..self.clone()
        }
    }

    /// Whether the map is made as before pins had numbers: pinned rooms first, the others
    /// around them. Only pins without a number, and no vaults, make a map so.
    pub(crate) fn pins_first(&self) -> bool {
        !self.pins.is_empty()
            && self.vaults.is_empty()
            && self.pins.iter().all(|p| p.room_index().is_none())
    }

    /// This recipe on a new `seed`, every stage new: its own rooms and corridors seeds
    /// (from re-rolling one stage) cleared; pins and vaults kept. What the window's New
    /// does.
    #[must_use]
    pub fn reseeded(&self, seed: u64) -> Recipe {
        Recipe {
            seed,
            rooms_seed: None,
            corridors_seed: None,
            ..self.clone()
        }
    }
}

/// How many faults to find.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Faults {
    /// The first only.
    First,
    /// Every one.
    All,
}

/// `items` where `kept` says so.
fn keep<T: Clone>(items: &[T], kept: &[bool]) -> Vec<T> {
    items
        .iter()
        .zip(kept)
        .filter(|&(_, &k)| k)
        .map(|(item, _)| item.clone())
        .collect()
}

/// Why cells are not one room, if they are not.
fn pieces_fault(cells: &Footprint) -> Option<PinFault> {
    let pieces = cells.pieces();
    (pieces > 1).then_some(PinFault::Scattered { pieces })
}

/// Whether two footprints share a cell: their boxes first, then the cells of one.
fn meets(a: &Footprint, b: &Footprint) -> bool {
    let (p, q) = (a.bounds(), b.bounds());
    let apart = p.x1 < q.x0 || q.x1 < p.x0 || p.y1 < q.y0 || q.y1 < p.y0;
    !apart && a.cells().any(|c| b.covers(c))
}

/// The cells of the pins and vaults kept so far on a map: a bit each (and, on a closed
/// map, a bit for each cell beside one, diagonals included), and, once two have met,
/// which one holds each cell (made then from those kept).
struct Taken<'a> {
    bits: BitGrid,
    /// The cells beside those kept, on a closed map.
    beside: Option<BitGrid>,
    owners: Option<Grid<u32>>,
    kept: Vec<(usize, &'a Footprint)>,
}

impl<'a> Taken<'a> {
    /// Nothing taken on a `width × height` map; with `apart`, rooms may not lie beside
    /// each other either.
    fn new(width: u32, height: u32, apart: bool) -> Self {
        Self {
            bits: BitGrid::new(width, height),
            beside: apart.then(|| BitGrid::new(width, height)),
            owners: None,
            kept: Vec::new(),
        }
    }

    /// The first of those kept that shares a cell with `shape`, which lies on the map, or
    /// (on a closed map) lies beside it; and whether it lies beside it without sharing a
    /// cell.
    fn first_meeting(&mut self, shape: &Footprint) -> Option<(usize, bool)> {
        let near = self.beside.as_ref().unwrap_or(&self.bits);
        if !near.any(shape.cells()) {
            return None;
        }
        let (bits, kept) = (&self.bits, &self.kept);
        let owners = self.owners.get_or_insert_with(|| {
            let mut owners = Grid::new(bits.width(), bits.height(), u32::MAX);
            for &(owner, cells) in kept {
                for p in cells.cells() {
                    owners[p] = owners[p].min(owner as u32);
                }
            }
            owners
        });
        let on = shape.cells().map(|p| owners[p]).min()?;
        if on != u32::MAX {
            return Some((on as usize, false));
        }
        let (w, h) = (owners.width(), owners.height());
        let beside = shape
            .cells()
            .flat_map(|p| around(w, h, p))
            .map(|q| owners[q])
            .min()?;
        (beside != u32::MAX && self.beside.is_some()).then_some((beside as usize, true))
    }

    /// Keep `shape`, of `owner`, which lies on the map.
    fn keep(&mut self, owner: usize, shape: &'a Footprint) {
        for p in shape.cells() {
            self.bits.set(p);
            if let Some(owners) = &mut self.owners {
                owners[p] = owners[p].min(owner as u32);
            }
            if let Some(beside) = &mut self.beside {
                beside.set(p);
                for q in around(beside.width(), beside.height(), p) {
                    beside.set(q);
                }
            }
        }
        self.kept.push((owner, shape));
    }
}

/// `p` and the cells around it on a `width × height` map, diagonals included.
fn around(width: u32, height: u32, p: Pos) -> impl Iterator<Item = Pos> {
    (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
        .filter_map(move |(dx, dy)| p.offset(dx, dy).filter(|q| q.x < width && q.y < height))
}
