//! Rooms: placing them one after another on the grid, as the original did.
//!
//! Pinned rooms come first, exactly as the recipe keeps them. Each other room starts at a
//! random free cell drawn from the placement stream and takes its shape with its own
//! stream ([`Shape`], chosen at one `match` in `grow_room`: one file per shape); its colour
//! comes from a third. Rooms are placed until as many as requested (pinned ones counted)
//! stand or no free cell is left. A shape that does not fit where it starts is placed
//! smaller, never over another room.

pub mod cave;
pub mod cross;
pub mod diamond;
mod free_cells;
pub mod rect;

use rand::{Rng, RngExt};

use crate::base::colour::room_colour;
use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos, holds_square, index};
use crate::base::streams::{Stage, below, stream};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::Room;
use crate::model::progress::Progress;
use crate::model::recipe::{Fit, Pin, Recipe, Shape};
use free_cells::FreeCells;
use rand_pcg::Pcg64Mcg;

/// How big a room grows and, for caves, how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Growth {
    /// Cells a room grows to at most.
    pub size: u32,
    /// Chance of a cave growing from the cell it added last.
    pub stickiness: f64,
    /// Caves' lean: positive wide, negative tall.
    pub stretch: f64,
}

/// What the room stage asks for: how many rooms, of which shape, how big, on which seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomPlan {
    pub seed: u64,
    pub rooms: u32,
    pub shape: Shape,
    pub growth: Growth,
    /// Cells of rock at least between two rooms, diagonals included.
    pub spacing: u32,
    /// Whether a room that does not fit where it starts shrinks or moves.
    pub fit: Fit,
}

impl RoomPlan {
    /// What `recipe` asks of the room stage.
    #[must_use]
    pub fn of(recipe: &Recipe) -> Self {
        Self {
            seed: recipe.rooms_seed.unwrap_or(recipe.seed),
            rooms: recipe.rooms,
            shape: recipe.shape,
            growth: Growth {
                size: recipe.room_size,
                stickiness: recipe.stickiness,
                stretch: recipe.stretch,
            },
            spacing: recipe.spacing,
            fit: recipe.fit,
        }
    }
}

/// The shapes `mixed` picks from, by the index its stream draws. Fixed for good: a shape
/// added here, or moved, would change the map of every mixed recipe saved before (the
/// golden fingerprints pin them); a new mix would be a new shape.
const MIXED: [Shape; 4] = [Shape::Cave, Shape::Rect, Shape::Diamond, Shape::Cross];

/// Places a room with `fit` move gets before it is left out.
pub const MOVE_TRIES: u32 = 16;

/// Place up to `plan.rooms` rooms on `tiles`, which should be free; returns them in
/// creation order. Each room keeps `plan.spacing` cells of rock from the rooms before it.
/// With `fit` move, a room that does not reach half its size (or, of 4 cells or more, has
/// no 2×2 block) where it starts tries other places and is left out when none fits. Stops
/// early, without error, when no free cell is left.
///
/// # Errors
/// [`Error::Cancelled`] when `progress` is cancelled; it is checked before each room.
#[cfg(test)]
pub fn place_rooms(
    tiles: &mut Grid<Tile>,
    plan: &RoomPlan,
    progress: &Progress,
) -> Result<Vec<Room>, Error> {
    let free = std::mem::replace(tiles, Grid::new(0, 0, Tile::FREE));
    let mut placing = Placing::new(free, plan, &[]);
    progress.start_rooms(plan.rooms, 0);
    while !placing.place_next(progress)? {}
    let (placed, rooms) = placing.finish();
    *tiles = placed;
    Ok(rooms)
}

/// The room stage under way: rooms placed one at a time ([`Placing::place_next`]), so that
/// a caller may stop between any two; pinned rooms first.
pub struct Placing {
    plan: RoomPlan,
    /// The pinned rooms, each placed at a step of its own before the others.
    pins: Vec<Pin>,
    tiles: Grid<Tile>,
    placement: Pcg64Mcg,
    free: FreeCells,
    tries: u32,
    /// The next room to place after the pinned ones, counted from 0: its streams' index
    /// (rooms left out count too).
    id: u32,
    rooms: Vec<Room>,
    /// No free cell left: no more rooms.
    full: bool,
}

impl Placing {
    /// Start placing `pins`, then `plan`'s other rooms, on `tiles`, which should be free;
    /// the pins should be on it and apart (as [`Recipe::check_pins`] makes sure).
    #[must_use]
    pub fn new(tiles: Grid<Tile>, plan: &RoomPlan, pins: &[Pin]) -> Self {
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
            full: false,
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
        if let Some(pin) = self.pins.get(self.rooms.len()) {
            let room = pin.room();
            let tile = Tile::of_room(self.rooms.len() as u32);
            for &cell in room.cells() {
                // A cell near an earlier pin was taken already.
                if self.tiles[cell].is_outside_rooms() {
                    self.free.taken(index(self.tiles.width(), cell));
                }
                self.tiles[cell] = tile;
            }
            keep_apart(
                &mut self.tiles,
                room.cells(),
                self.plan.spacing,
                &mut self.free,
            );
            progress.room_placed(&room);
            self.rooms.push(room);
            return Ok(self.is_done());
        }
        let (plan, tiles, id) = (&self.plan, &mut self.tiles, self.id);
        self.id += 1;
        // Rooms left out leave no gap: a room's tiles carry its place among those placed.
        let slot = self.rooms.len() as u32;
        let mut placed = None;
        for _ in 0..self.tries {
            let Some(origin) = self.free.random(tiles, &mut self.placement) else {
                self.full = true;
                return Ok(true);
            };
            let (cells, planned) = grow_room(plan.shape, tiles, origin, plan, id, slot);
            if plan.fit == Fit::Shrink || fits(&cells, plan.growth.size, planned) {
                placed = Some(cells);
                break;
            }
            for &cell in &cells {
                tiles[cell] = Tile::FREE;
            }
        }
        if let Some(cells) = placed {
            for &cell in &cells {
                self.free.taken(index(tiles.width(), cell));
            }
            keep_apart(tiles, &cells, plan.spacing, &mut self.free);
            let colour = room_colour(&mut stream(plan.seed, Stage::RoomColour, u64::from(id)));
            let room = Room::of(cells, colour);
            progress.room_placed(&room);
            self.rooms.push(room);
        }
        Ok(self.is_done())
    }

    /// The grid with the rooms placed, and the rooms in creation order.
    #[must_use]
    pub fn finish(mut self) -> (Grid<Tile>, Vec<Room>) {
        if self.plan.spacing > 0 {
            for tile in self.tiles.as_mut_slice() {
                if *tile == Tile::NEAR_ROOM {
                    *tile = Tile::FREE;
                }
            }
        }
        (self.tiles, self.rooms)
    }
}

/// Whether a room of `cells` is one a room of `size` may be where it stands, with `fit`
/// move: at least half its size, and, of 4 cells or more, at least 2 cells thick somewhere
/// (a 2×2 block of its cells) unless it came out whole, as `planned` cells: a shape thin
/// by nature (a small cross, a winding cave) is not squeezed.
#[must_use]
pub fn fits(cells: &[Pos], size: u32, planned: usize) -> bool {
    let len = cells.len();
    2 * len >= size as usize && (len < 4 || len >= planned || holds_square(cells))
}

/// Mark the free cells within `spacing` of `cells` (diagonals included) as too near a
/// room for another, telling `free`. Only cells on the room's edge need their square of
/// neighbours: an inner cell's lies within its neighbours' squares.
fn keep_apart(tiles: &mut Grid<Tile>, cells: &[Pos], spacing: u32, free: &mut FreeCells) {
    if spacing == 0 {
        return;
    }
    let Some(&first) = cells.first() else {
        return;
    };
    let room = tiles[first];
    let (w, h) = (tiles.width(), tiles.height());
    for &c in cells {
        if tiles.neighbours(c).filter(|&n| tiles[n] == room).count() == 4 {
            continue;
        }
        let (x0, x1) = (c.x.saturating_sub(spacing), (c.x + spacing).min(w - 1));
        for y in c.y.saturating_sub(spacing)..=(c.y + spacing).min(h - 1) {
            let start = index(w, Pos::new(x0, y));
            let row = &mut tiles.as_mut_slice()[start..=start + (x1 - x0) as usize];
            for (i, tile) in row.iter_mut().enumerate() {
                if *tile == Tile::FREE {
                    *tile = Tile::NEAR_ROOM;
                    free.taken(start + i);
                }
            }
        }
    }
}

/// Grow room `id` of `shape` from the free cell `origin`, its tiles marked as the room
/// placed `index`-th: the one place a shape is chosen. Returns its cells and how many it
/// would have with nothing in the way.
fn grow_room(
    shape: Shape,
    tiles: &mut Grid<Tile>,
    origin: Pos,
    plan: &RoomPlan,
    id: u32,
    index: u32,
) -> (Vec<Pos>, usize) {
    let growth = &plan.growth;
    let mut rng = stream(plan.seed, Stage::RoomGrowth, u64::from(id));
    // The shape's plan draws what growing it draws first: from a copy of its stream.
    let mut ahead = rng.clone();
    let size = growth.size;
    match shape {
        Shape::Cave => (
            cave::grow(tiles, origin, growth, index, &mut rng),
            size as usize,
        ),
        Shape::Rect => (
            rect::grow(tiles, origin, growth, index, &mut rng),
            rect::planned(size, &mut ahead),
        ),
        Shape::Diamond => (
            diamond::grow(tiles, origin, growth, index, &mut rng),
            diamond::planned(size),
        ),
        Shape::Cross => (
            cross::grow(tiles, origin, growth, index, &mut rng),
            cross::planned(size, &mut ahead),
        ),
        Shape::Mixed => {
            let mut pick = stream(plan.seed, Stage::RoomShape, u64::from(id));
            let shape = MIXED[below(&mut pick, MIXED.len() as u32) as usize];
            grow_room(shape, tiles, origin, plan, id, index)
        }
    }
}

/// Claim for room `id` the cells of a shape around `origin` (those for which `inside`
/// answers true, all free and joined to `origin` through each other), marking them on
/// `tiles`; returns them nearest to `origin` first, so a replay shows the room spreading
/// from where it started. The marks are the flood's memory: a marked cell is no longer free.
fn claim(tiles: &mut Grid<Tile>, origin: Pos, id: u32, inside: impl Fn(Pos) -> bool) -> Vec<Pos> {
    if !tiles.get(origin).is_some_and(|t| t.is_outside_rooms()) {
        return Vec::new();
    }
    let room = Tile::of_room(id);
    tiles[origin] = room;
    let (width, height) = (tiles.width(), tiles.height());
    fill(width, height, vec![origin], |_, p| {
        let free = inside(p) && tiles[p].is_outside_rooms();
        if free {
            tiles[p] = room;
        }
        free
    })
}

/// Whether every one of `cells` (as signed coordinates) is on the grid and free.
fn all_free(tiles: &Grid<Tile>, mut cells: impl Iterator<Item = (i64, i64)>) -> bool {
    cells.all(|(x, y)| {
        let on_grid = u32::try_from(x)
            .ok()
            .zip(u32::try_from(y).ok())
            .map(|(x, y)| Pos::new(x, y));
        on_grid.is_some_and(|p| tiles.get(p).is_some_and(|t| t.is_outside_rooms()))
    })
}

/// A random number from `lo` to `hi` spread evenly on a log scale: as likely to be halved
/// as doubled.
fn log_uniform<R: Rng + ?Sized>(rng: &mut R, lo: f64, hi: f64) -> f64 {
    (lo.ln() + rng.random::<f64>() * (hi.ln() - lo.ln())).exp()
}
