//! Growing rooms one after another on the grid, as the original did: each starts at a
//! random free cell drawn from the placement stream and takes its shape with its own
//! stream; its colour comes from a third. Pins written without room numbers come first,
//! exactly as the recipe keeps them, as they always did.

use super::free_cells::FreeCells;
use super::{Attempt, RoomPlan, grow_somewhere, put};
use super::{MOVE_TRIES, fits};
use crate::base::colour::room_colour;
use crate::base::grid::Grid;
use crate::base::streams::{Stage, stream};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::Room;
use crate::model::progress::Progress;
use crate::model::recipe::{Fit, Pin};
use rand_pcg::Pcg64Mcg;

/// Rooms being grown, one at a time ([`Growing::place_next`]); pins without room numbers
/// first.
pub struct Growing {
    plan: RoomPlan,
    /// The pins placed first, each at a step of its own before the other rooms.
    pins: Vec<Pin>,
    tiles: Grid<Tile>,
    placement: Pcg64Mcg,
    free: FreeCells,
    tries: u32,
    /// The next room to place after the pinned ones, counted from 0: its streams' index
    /// (rooms left out count too).
    id: u32,
    rooms: Vec<Room>,
    /// Each grown room's streams' index.
    ids: Vec<u32>,
    /// No free cell left: no more rooms.
    full: bool,
    /// Whether the rooms are the map's, to report to a watcher as they are placed (rather
    /// than rooms to settle around pins and vaults).
    report: bool,
}

impl Growing {
    /// Start placing `pins`, then `plan`'s other rooms, on `tiles`, which should be free;
    /// the pins should be on it and apart (as [`crate::Recipe::check_pins`] makes sure).
    /// Rooms are reported to the watcher when `report` says so.
    #[must_use]
    pub fn new(tiles: Grid<Tile>, plan: &RoomPlan, pins: &[Pin], report: bool) -> Self {
        Self {
            plan: *plan,
            pins: pins.to_vec(),
            placement: stream(plan.seed, Stage::Placement, 0),
            free: FreeCells::new(&tiles),
            tries: match plan.fit {
                Fit::Shrink => 1,
                Fit::Move => MOVE_TRIES,
            },
            tiles,
            id: 0,
            rooms: Vec::new(),
            ids: Vec::new(),
            full: false,
            report,
        }
    }

    /// Whether every room has been tried, or the grid is full.
    #[must_use]
    pub fn is_done(&self) -> bool {
        let pinned = self.pins.len() as u32;
        self.rooms.len() >= self.pins.len()
            && (self.full || self.id >= self.plan.rooms.saturating_sub(pinned))
    }

    /// Place the next room, or leave it out when it does not fit; returns whether the
    /// stage is done (every room tried, or the grid full).
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled; it is checked first.
    pub fn place_next(&mut self, progress: &Progress) -> Result<bool, Error> {
        if self.is_done() {
            return Ok(true);
        }
        progress.check()?;
        let slot = self.rooms.len() as u32;
        if let Some(pin) = self.pins.get(self.rooms.len()) {
            let room = pin.room();
            let spacing = self.plan.spacing;
            put(&mut self.tiles, &mut self.free, room.cells(), slot, spacing);
            self.placed(room, u32::MAX, progress);
            return Ok(self.is_done());
        }
        let (plan, id) = (self.plan, self.id);
        self.id += 1;
        // Rooms left out leave no gap: a room's tiles carry its place among those placed.
        let keep = |cells: &[_], planned| {
            plan.fit == Fit::Shrink || fits(cells, plan.growth.size, planned)
        };
        let (tiles, free) = (&mut self.tiles, &mut self.free);
        match grow_somewhere(
            tiles,
            free,
            &mut self.placement,
            &plan,
            id,
            slot,
            self.tries,
            keep,
        ) {
            Attempt::Placed(cells) => {
                let colour = room_colour(&mut stream(plan.seed, Stage::RoomColour, id.into()));
                self.placed(Room::of(cells, colour), id, progress);
            }
            Attempt::LeftOut => {}
            Attempt::Full => self.full = true,
        }
        Ok(self.is_done())
    }

    /// What it was asked to place.
    #[must_use]
    pub fn plan(&self) -> &RoomPlan {
        &self.plan
    }

    fn placed(&mut self, room: Room, id: u32, progress: &Progress) {
        if self.report {
            progress.room_placed(&room);
        }
        self.rooms.push(room);
        self.ids.push(id);
    }

    /// What was grown: the grid with the rooms placed (and the cells within the spacing of
    /// a room marked [`Tile::NEAR_ROOM`]), the rooms in creation order, each room's
    /// streams' index (`u32::MAX` for a pinned one), and whether the grid was full.
    #[must_use]
    pub fn into_grown(self) -> Grown {
        Grown {
            tiles: self.tiles,
            rooms: self.rooms,
            ids: self.ids,
            next_id: self.id,
            full: self.full,
        }
    }

    /// The grid with the rooms placed, and the rooms in creation order.
    #[must_use]
    pub fn finish(self) -> (Grid<Tile>, Vec<Room>) {
        let spacing = self.plan.spacing;
        let Grown {
            mut tiles, rooms, ..
        } = self.into_grown();
        clear_fences(&mut tiles, spacing);
        (tiles, rooms)
    }
}

/// What [`Growing`] grew.
pub struct Grown {
    /// The grid, the cells within the spacing of a room marked [`Tile::NEAR_ROOM`].
    pub tiles: Grid<Tile>,
    /// The rooms in creation order.
    pub rooms: Vec<Room>,
    /// Each room's streams' index (`u32::MAX` for a pinned one).
    pub ids: Vec<u32>,
    /// The streams' index the next room would have had.
    pub next_id: u32,
    /// Whether growing stopped because no free cell was left.
    pub full: bool,
}

/// Free again the cells marked too near a room while rooms were placed `spacing` apart.
pub fn clear_fences(tiles: &mut Grid<Tile>, spacing: u32) {
    if spacing > 0 {
        for tile in tiles.as_mut_slice() {
            if *tile == Tile::NEAR_ROOM {
                *tile = Tile::FREE;
            }
        }
    }
}
