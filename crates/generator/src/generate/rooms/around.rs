//! Rooms settled around pins and vaults, so that pinning keeps the rest of the map.
//!
//! The rooms are first grown as without pins and vaults ([`super::growing`]). Each pin then
//! takes the place of the room it was ([`crate::Pin::room_index`]; a pin whose room the map
//! does not have comes after the grown rooms, and the last grown rooms give way so that the
//! map keeps its count), the vaults take theirs after all the others
//! ([`super::vault_places`]), and a grown room that overlaps a pin or a vault, or comes
//! within `spacing` of one, is grown again: the same room (the same growth, shape and
//! colour) from a new starting cell drawn from a stream of its own, where it keeps
//! `spacing` from every room kept, before it or after it. Rooms are then put on a fresh
//! grid in order, one at a time, so the tiles carry each room's place as they always did.
//! Every other room keeps its cells; a pinned room in the map it came from changes nothing.
//! Where a room in a pin's way found no other place, or the rooms grown first had filled the
//! grid and a pin left free the ground of the room it took the place of, rooms of the rooms
//! stage's own are grown after all the others, up to as many as there were (or were asked
//! for, on a full grid).
//!
//! Last, a room whose colour could be taken for a pinned room's gets another from its
//! colour stream: one closer to it than [`MISTAKABLE`] in Lab.

use std::collections::BTreeMap;

use super::free_cells::FreeCells;
use super::growing::{self, Growing, clear_fences};
use super::{Attempt, MOVE_TRIES, RoomPlan, fits, grow_somewhere, put, vault_places};
use crate::base::bits::BitGrid;
use crate::base::colour::{Lab, MISTAKABLE, Rgb, room_colour};
use crate::base::grid::{Grid, Pos};
use crate::base::streams::{Stage, stream};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::{Room, RoomKind};
use crate::model::progress::Progress;
use crate::model::recipe::footprint::Footprint;
use crate::model::recipe::{Fit, Pin, Recipe, Vault};

/// Colours drawn for a room whose colour could be taken for a pinned room's, before the
/// one least like any is kept.
const REDRAWS: u32 = 24;

/// What rooms are settled around: the recipe's pins and vaults.
pub struct Fixed {
    pins: Vec<Pin>,
    vaults: Vec<Vault>,
}

impl Fixed {
    /// The pins and vaults of `recipe`.
    #[must_use]
    pub fn of(recipe: &Recipe) -> Self {
        Self {
            pins: recipe.pins.clone(),
            vaults: recipe.vaults.clone(),
        }
    }
}

/// One room of the map, in the order they are put on the grid.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entry {
    /// Pin `pin`, as grown room `slot` of the rooms stage.
    Pin { pin: usize, slot: usize },
    /// Grown room `k`, where it grew.
    Kept(usize),
    /// Grown room `k`, grown again elsewhere.
    Again(usize),
    /// Vault `v`.
    Vault(usize),
}

/// Growing rooms after all the others, in the place of rooms in a pin's way that found no
/// other, and where the rooms grown first had filled the grid (see [`Settling::place_next`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filling {
    /// Not yet: the room of streams' index `id` is the first, and there should be `rooms`
    /// but for the vaults.
    Waiting { id: u32, rooms: usize },
    /// `left` more to try, the next of streams' index `id`.
    Growing { id: u32, left: usize },
    /// None (more).
    Done,
}

/// The rooms being settled, one at a time ([`Settling::place_next`]).
pub struct Settling {
    plan: RoomPlan,
    pins: Vec<Pin>,
    vaults: Vec<Footprint>,
    /// The grown rooms, and each one's streams' index.
    grown: Vec<Room>,
    ids: Vec<u32>,
    entries: Vec<Entry>,
    /// The cells a room grown again may not take: those within `spacing` of every room
    /// kept as it is.
    near_kept: BitGrid,
    tiles: Grid<Tile>,
    free: FreeCells,
    /// The next entry to put on the grid.
    next: usize,
    /// Rooms grown after all the others, in the place of those that found none.
    filling: Filling,
    rooms: Vec<Room>,
    /// Which grown room each room is, and where its colour comes from.
    slots: Vec<u32>,
    colours: Vec<Option<(Stage, u64)>>,
}

impl Settling {
    /// Settle the rooms `growing` grew (done) around the pins and vaults of `fixed`: one
    /// step, linear in the map's cells.
    ///
    /// # Errors
    /// [`Error::Vault`] when a vault without a place finds none.
    pub fn new(growing: Growing, fixed: Fixed) -> Result<Self, Error> {
        let plan = *growing.plan();
        let growing::Grown {
            tiles: grown_tiles,
            rooms: grown,
            ids,
            next_id,
            full,
        } = growing.into_grown();
        let (width, height) = (grown_tiles.width(), grown_tiles.height());
        let vaults = vault_places::places(&fixed.vaults, &fixed.pins, &grown_tiles, &plan)?;
        let mut taken = BitGrid::new(width, height);
        let fixed_cells = fixed.pins.iter().flat_map(|p| p.cells());
        for p in fixed_cells.chain(vaults.iter().flat_map(Footprint::cells)) {
            taken.set(p);
        }
        let near_fixed = taken.dilated(plan.spacing);
        let entries = entries(&fixed.pins, &grown, &near_fixed, plan.rooms as usize);
        for entry in &entries {
            if let Entry::Kept(k) = *entry {
                for &p in grown[k].cells() {
                    taken.set(p);
                }
            }
        }
        let before_vaults = entries.len();
        let entries = entries
            .into_iter()
            .chain((0..vaults.len()).map(Entry::Vault))
            .collect();
        let tiles = Grid::new(width, height, Tile::FREE);
        Ok(Self {
            plan,
            pins: fixed.pins,
            vaults,
            grown,
            ids,
            entries,
            near_kept: taken.dilated(plan.spacing),
            free: FreeCells::new(&tiles),
            tiles,
            next: 0,
            filling: Filling::Waiting {
                id: next_id,
                rooms: if full {
                    plan.rooms as usize
                } else {
                    before_vaults
                },
            },
            rooms: Vec::new(),
            slots: Vec::new(),
            colours: Vec::new(),
        })
    }

    /// Whether every room has been put on the grid, or tried.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.next >= self.entries.len() && self.filling == Filling::Done
    }

    /// Put the next room on the grid (or grow it again, or leave it out when it finds no
    /// place); returns whether every room is.
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled; it is checked first.
    pub fn place_next(&mut self, progress: &Progress) -> Result<bool, Error> {
        let Some(&entry) = self.entries.get(self.next) else {
            progress.check()?;
            self.fill_next(progress);
            return Ok(self.is_done());
        };
        progress.check()?;
        self.next += 1;
        let index = self.rooms.len() as u32;
        let spacing = self.plan.spacing;
        let (tiles, free) = (&mut self.tiles, &mut self.free);
        let placed = match entry {
            Entry::Pin { pin, slot } => {
                let mut room = self.pins[pin].room();
                // Pinned in the map it came from, it is the room grown there: its cells in
                // the order they grew, as the corridors and a replay take them.
                let grown = self.grown.get(slot).map(Room::cells);
                if let Some(cells) = grown.filter(|c| is_same(c, self.pins[pin].footprint())) {
                    room = Room::of(cells.to_vec(), room.colour()).made_by(RoomKind::Pinned);
                }
                put(tiles, free, room.cells(), index, spacing);
                Some((room, slot, None))
            }
            Entry::Kept(k) => {
                let room = self.grown[k].clone();
                put(tiles, free, room.cells(), index, spacing);
                let streams = Some((Stage::RoomColour, u64::from(self.ids[k])));
                Some((room, k, streams))
            }
            Entry::Again(k) => {
                let (plan, id, near) = (&self.plan, self.ids[k], &self.near_kept);
                let mut origins = stream(plan.seed, Stage::Regrowth, id.into());
                let keep = |cells: &[_], planned| {
                    (plan.fit == Fit::Shrink || fits(cells, plan.growth.size, planned))
                        && !near.any(cells.iter().copied())
                };
                match grow_somewhere(tiles, free, &mut origins, plan, id, index, MOVE_TRIES, keep) {
                    Attempt::Placed(cells) => {
                        let colour = self.grown[k].colour();
                        let streams = Some((Stage::RoomColour, u64::from(id)));
                        Some((Room::of(cells, colour), k, streams))
                    }
                    Attempt::LeftOut | Attempt::Full => None,
                }
            }
            Entry::Vault(v) => {
                let cells: Vec<_> = self.vaults[v].cells().collect();
                put(tiles, free, &cells, index, spacing);
                let streams = (Stage::VaultColour, v as u64);
                let colour = room_colour(&mut stream(self.plan.seed, streams.0, streams.1));
                let room = Room::of(cells, colour).made_by(RoomKind::Vault(v));
                Some((room, self.grown.len() + v, Some(streams)))
            }
        };
        if let Some((room, slot, colours)) = placed {
            self.placed(room, slot, colours, progress);
        }
        Ok(self.is_done())
    }

    /// Grow one more room, of the rooms stage's own after those it grew, while there are
    /// fewer than there were before the pins and vaults took their places: rooms in their
    /// way that found no other place, and, where the rooms grown first had filled the grid,
    /// the room a pin left behind.
    fn fill_next(&mut self, progress: &Progress) {
        let plan = self.plan;
        let (id, left) = match self.filling {
            Filling::Waiting { id, rooms } => {
                let grown = self
                    .rooms
                    .iter()
                    .filter(|r| !matches!(r.kind(), RoomKind::Vault(_)));
                (id, rooms.saturating_sub(grown.count()))
            }
            Filling::Growing { id, left } => (id, left),
            Filling::Done => return,
        };
        if left == 0 {
            self.filling = Filling::Done;
            return;
        }
        self.filling = Filling::Growing {
            id: id + 1,
            left: left - 1,
        };
        let tries = match plan.fit {
            Fit::Shrink => 1,
            Fit::Move => MOVE_TRIES,
        };
        let keep = |cells: &[_], planned| {
            plan.fit == Fit::Shrink || fits(cells, plan.growth.size, planned)
        };
        let mut origins = stream(plan.seed, Stage::Regrowth, id.into());
        let (tiles, free, index) = (&mut self.tiles, &mut self.free, self.rooms.len() as u32);
        match grow_somewhere(tiles, free, &mut origins, &plan, id, index, tries, keep) {
            Attempt::Placed(cells) => {
                let streams = (Stage::RoomColour, u64::from(id));
                let colour = room_colour(&mut stream(plan.seed, streams.0, streams.1));
                let room = Room::of(cells, colour);
                let slot = self.grown.len() + self.vaults.len() + self.slots.len();
                self.placed(room, slot, Some(streams), progress);
            }
            Attempt::LeftOut => {}
            Attempt::Full => self.filling = Filling::Done,
        }
    }

    fn placed(
        &mut self,
        room: Room,
        slot: usize,
        colours: Option<(Stage, u64)>,
        progress: &Progress,
    ) {
        progress.room_placed(&room);
        self.rooms.push(room);
        self.slots.push(slot as u32);
        self.colours.push(colours);
    }

    /// The grid with the rooms placed, the rooms in order, and which grown room each is;
    /// the colours that could be taken for a pinned room's drawn again.
    #[must_use]
    pub fn finish(mut self) -> (Grid<Tile>, Vec<Room>, Vec<u32>) {
        recolour(&mut self.rooms, &self.colours, self.plan.seed);
        clear_fences(&mut self.tiles, self.plan.spacing);
        (self.tiles, self.rooms, self.slots)
    }
}

/// Whether `cells` are exactly those of `footprint`.
fn is_same(cells: &[Pos], footprint: &Footprint) -> bool {
    Footprint::of(cells).is_ok_and(|f| f == *footprint)
}

/// The rooms before the vaults, in order: each pin in its room's place (or after the grown
/// rooms, when the map has no such room or another pin took it), each grown room where it
/// grew or, within `spacing` of a pin (`near_pins`), grown again; the last grown rooms
/// left out so that there are no more than `most`.
fn entries(pins: &[Pin], grown: &[Room], near_pins: &BitGrid, most: usize) -> Vec<Entry> {
    let mut pinned: Vec<Option<usize>> = vec![None; grown.len()];
    let mut after = Vec::new();
    for (i, pin) in pins.iter().enumerate() {
        // A pin written before pins had numbers is the room of its place among the pins.
        let slot = pin.room_index().unwrap_or(i);
        match pinned.get_mut(slot) {
            Some(taken @ None) => *taken = Some(i),
            _ => after.push(i),
        }
    }
    let mut entries: Vec<Entry> = pinned
        .iter()
        .zip(grown)
        .enumerate()
        .map(|(k, (&pin, room))| match pin {
            Some(pin) => Entry::Pin { pin, slot: k },
            None if near_pins.any(room.cells().iter().copied()) => Entry::Again(k),
            None => Entry::Kept(k),
        })
        .collect();
    let first_after = entries.len();
    entries.extend(after.iter().enumerate().map(|(j, &pin)| Entry::Pin {
        pin,
        slot: first_after + j,
    }));
    // The last grown rooms give way.
    let mut excess = entries.len().saturating_sub(most);
    let mut keep = vec![true; entries.len()];
    for (k, entry) in entries.iter().enumerate().rev() {
        if excess == 0 {
            break;
        }
        if !matches!(entry, Entry::Pin { .. }) {
            keep[k] = false;
            excess -= 1;
        }
    }
    entries
        .into_iter()
        .zip(keep)
        .filter_map(|(entry, keep)| keep.then_some(entry))
        .collect()
}

/// Give each room whose colour could be taken for a pinned room's (closer to it than
/// [`MISTAKABLE`] in Lab) the next colour of its colour stream (`colours`,
/// `None` for a pinned room) that could not, or, among [`REDRAWS`] draws, the one least
/// like any pinned room's.
fn recolour(rooms: &mut [Room], colours: &[Option<(Stage, u64)>], seed: u64) {
    let pinned = PinColours::of(rooms.iter().filter(|r| r.kind() == RoomKind::Pinned));
    if pinned.is_empty() {
        return;
    }
    for (room, from) in rooms.iter_mut().zip(colours) {
        let Some((stage, index)) = *from else {
            continue;
        };
        if pinned.nearest(room.colour()).is_none() {
            continue;
        }
        let mut rng = stream(seed, stage, index);
        // The first draw is the colour it has.
        room_colour(&mut rng);
        let mut best = (f64::NEG_INFINITY, room.colour());
        for _ in 0..REDRAWS {
            let colour = room_colour(&mut rng);
            let Some(distance) = pinned.nearest(colour) else {
                best = (f64::INFINITY, colour);
                break;
            };
            if distance > best.0 {
                best = (distance, colour);
            }
        }
        room.recolour(best.1);
    }
}

/// The pinned rooms' colours, by cubes of [`MISTAKABLE`] a side in Lab, so that the colours
/// near one are found among a few cubes, however many pins there are.
struct PinColours(BTreeMap<[i32; 3], Vec<Lab>>);

impl PinColours {
    fn of<'a>(rooms: impl Iterator<Item = &'a Room>) -> Self {
        let mut cubes: BTreeMap<[i32; 3], Vec<Lab>> = BTreeMap::new();
        for room in rooms {
            let lab = Lab::of(room.colour());
            cubes.entry(cube(lab)).or_default().push(lab);
        }
        Self(cubes)
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How far the pinned colour nearest to `colour` is, when one is near enough to be
    /// taken for it.
    fn nearest(&self, colour: Rgb) -> Option<f64> {
        let lab = Lab::of(colour);
        let [a, b, c] = cube(lab);
        let mut nearest: Option<f64> = None;
        for da in -1..=1 {
            for db in -1..=1 {
                for dc in -1..=1 {
                    for other in self.0.get(&[a + da, b + db, c + dc]).into_iter().flatten() {
                        let d = lab.distance(*other);
                        if d < MISTAKABLE && nearest.is_none_or(|n| d < n) {
                            nearest = Some(d);
                        }
                    }
                }
            }
        }
        nearest
    }
}

/// The cube of [`PinColours`] a colour falls in.
fn cube(lab: Lab) -> [i32; 3] {
    lab.0.map(|v| (v / MISTAKABLE).floor() as i32)
}
