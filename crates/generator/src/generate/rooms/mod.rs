//! Rooms: placing them one after another on the grid, as the original did ([`growing`]),
//! then, with pins or vaults, settling them around those ([`around`]).
//!
//! Each room starts at a random free cell drawn from the placement stream and takes its
//! shape with its own stream ([`Shape`], chosen at one `match` in `grow_room`: one file per
//! shape); its colour comes from a third. Rooms are placed until as many as requested
//! stand or no free cell is left. A shape that does not fit where it starts is placed
//! smaller, never over another room. Pinned rooms and vaults then take their places, and
//! only the rooms in their way are grown again elsewhere.

pub mod around;
pub mod cave;
pub mod cross;
pub mod diamond;
mod free_cells;
pub mod growing;
pub mod rect;
mod vault_places;

use rand::{Rng, RngExt};

use crate::base::flood::fill;
use crate::base::grid::{Grid, Pos, holds_square, index};
use crate::base::streams::{Stage, below, stream};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::parts::Room;
use crate::model::progress::Progress;
use crate::model::recipe::{Fit, Recipe, Shape};
use around::{Fixed, Settling};
use free_cells::FreeCells;
use growing::Growing;
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
            spacing: recipe.rooms_apart(),
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
    let mut growing = Growing::new(free, plan, &[], true);
    progress.start_rooms(plan.rooms, 0);
    while !growing.place_next(progress)? {}
    let (placed, rooms) = growing.finish();
    *tiles = placed;
    Ok(rooms)
}

/// The room stage under way: rooms placed one at a time ([`Placing::place_next`]), so
/// that a caller may stop between any two. The rooms are grown as without pins and vaults
/// (or, for a recipe whose pins have no room numbers, around its pins, first); then, with
/// numbered pins or vaults, settled around those ([`around`]).
pub struct Placing {
    stage: PlacingStage,
}

enum PlacingStage {
    /// Growing the rooms; `around` holds what they are then settled around, if anything.
    Growing {
        growing: Growing,
        around: Option<Fixed>,
    },
    Settling(Settling),
    /// Between the two, or failed.
    Over,
}

impl Placing {
    /// Start placing the rooms of `recipe`.
    #[must_use]
    pub fn of(recipe: &Recipe) -> Self {
        let tiles = Grid::new(recipe.width, recipe.height, Tile::FREE);
        let mut plan = RoomPlan::of(recipe);
        let stage = if recipe.pins_first() || recipe.pins.is_empty() && recipe.vaults.is_empty() {
            PlacingStage::Growing {
                growing: Growing::new(tiles, &plan, &recipe.pins, true),
                around: None,
            }
        } else {
            // The vaults take the last rooms' places: the rooms grown are the first of the
            // map's without them, whatever the vaults.
            plan.rooms = plan.rooms.saturating_sub(recipe.vaults.len() as u32);
            PlacingStage::Growing {
                growing: Growing::new(tiles, &plan, &[], false),
                around: Some(Fixed::of(recipe)),
            }
        };
        Self { stage }
    }

    /// Whether every room has been placed or tried.
    #[must_use]
    pub fn is_done(&self) -> bool {
        match &self.stage {
            PlacingStage::Growing { growing, around } => around.is_none() && growing.is_done(),
            PlacingStage::Settling(settling) => settling.is_done(),
            PlacingStage::Over => true,
        }
    }

    /// Place the next room (or leave it out when it does not fit, or settle the grown
    /// rooms around the pins and vaults: one step); returns whether the stage is done.
    ///
    /// # Errors
    /// [`Error::Cancelled`] when `progress` is cancelled; it is checked first.
    /// [`Error::Vault`] when a vault without a place finds none.
    pub fn place_next(&mut self, progress: &Progress) -> Result<bool, Error> {
        match std::mem::replace(&mut self.stage, PlacingStage::Over) {
            PlacingStage::Growing {
                growing,
                around: Some(fixed),
            } if growing.is_done() => {
                progress.check()?;
                self.stage = PlacingStage::Settling(Settling::new(growing, fixed)?);
            }
            PlacingStage::Growing {
                mut growing,
                around,
            } => {
                let result = growing.place_next(progress);
                self.stage = PlacingStage::Growing { growing, around };
                result?;
            }
            PlacingStage::Settling(mut settling) => {
                let result = settling.place_next(progress);
                self.stage = PlacingStage::Settling(settling);
                result?;
            }
            PlacingStage::Over => return Err(Error::Cancelled),
        }
        Ok(self.is_done())
    }

    /// The grid with the rooms placed, the rooms in creation order, and which room of the
    /// rooms stage each is, where that is not its index (see [`crate::Dungeon::slot`]).
    #[must_use]
    pub fn finish(self) -> (Grid<Tile>, Vec<Room>, Vec<u32>) {
        match self.stage {
            PlacingStage::Growing { growing, .. } => {
                let (tiles, rooms) = growing.finish();
                (tiles, rooms, Vec::new())
            }
            PlacingStage::Settling(settling) => settling.finish(),
            PlacingStage::Over => (Grid::new(0, 0, Tile::FREE), Vec::new(), Vec::new()),
        }
    }
}

/// What came of growing a room somewhere.
enum Attempt {
    /// Its cells, taken and fenced by the spacing.
    Placed(Vec<Pos>),
    /// It fitted nowhere it tried.
    LeftOut,
    /// No free cell was left to start it at.
    Full,
}

/// Grow room `id` of `plan` (its tiles marked as the room placed `slot`-th) from up to
/// `tries` random free cells drawn from `origins`, keeping the first growth `keep` takes
/// (given the cells and how many it would have with nothing in the way) and undoing the
/// others; the room kept is taken from `free` and fenced by `plan.spacing`.
#[allow(clippy::too_many_arguments)]
fn grow_somewhere(
    tiles: &mut Grid<Tile>,
    free: &mut FreeCells,
    origins: &mut Pcg64Mcg,
    plan: &RoomPlan,
    id: u32,
    slot: u32,
    tries: u32,
    keep: impl Fn(&[Pos], usize) -> bool,
) -> Attempt {
    for _ in 0..tries {
        let Some(origin) = free.random(tiles, origins) else {
            return Attempt::Full;
        };
        let (cells, planned) = grow_room(plan.shape, tiles, origin, plan, id, slot);
        if keep(&cells, planned) {
            for &cell in &cells {
                free.taken(index(tiles.width(), cell));
            }
            keep_apart(tiles, &cells, plan.spacing, free);
            return Attempt::Placed(cells);
        }
        for &cell in &cells {
            tiles[cell] = Tile::FREE;
        }
    }
    Attempt::LeftOut
}

/// Put the cells of a room kept as it is (pinned, a vault, a room grown before) on
/// `tiles` as the room placed `slot`-th, taken from `free` and fenced by `spacing`. Its
/// cells may lie in the fence of a pin before it, never on a room.
fn put(tiles: &mut Grid<Tile>, free: &mut FreeCells, cells: &[Pos], slot: u32, spacing: u32) {
    let tile = Tile::of_room(slot);
    for &cell in cells {
        // A cell near an earlier pin was taken already.
        if tiles[cell].is_outside_rooms() {
            free.taken(index(tiles.width(), cell));
        }
        tiles[cell] = tile;
    }
    keep_apart(tiles, cells, spacing, free);
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

/// Room 0 of `plan` grown from `origin` on `tiles`, where nothing else stands: its cells.
pub fn grow_alone(tiles: &mut Grid<Tile>, origin: Pos, plan: &RoomPlan) -> Vec<Pos> {
    grow_room(plan.shape, tiles, origin, plan, 0, 0).0
}

/// Grow room `id` of `shape` from the free cell `origin`, its tiles marked as the room
/// placed `index`-th: the one place a shape is chosen. Returns its cells and how many it
/// would have with nothing in the way. Room `id` grows the same way wherever it starts.
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
