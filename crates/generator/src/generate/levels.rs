//! Dungeons of several levels (the recipe's `levels`): what the stages make for each.
//!
//! Level 1 is the recipe's own map, as without the key. Each level below is a map of its
//! own, on seeds drawn for it from the recipe's ([`Stage::Level`]), with the pins and
//! vaults on that level, and one more room: grown first, on its own stream
//! ([`Stage::StairsRoom`]), around the stairs down of the level above, where its stairs up
//! go, then kept where it grew as a vault with a place is, the other rooms grown around
//! it. So the stairs line up cell for cell, and a level depends only on those above it:
//! adding levels changes none of them.

use std::collections::BTreeSet;

use rand::Rng;

use crate::base::colour::room_colour;
use crate::base::grid::{Grid, Pos};
use crate::base::streams::{Stage, stream};
use crate::base::tile::Tile;
use crate::generate::Generation;
use crate::generate::rooms::{RoomPlan, grow_alone};
use crate::model::Error;
use crate::model::dungeon::Dungeon;
use crate::model::parts::{Room, RoomKind};
use crate::model::progress::Progress;
use crate::model::recipe::{Pin, Recipe, Vault};

/// What the stages make for one level of a recipe: a recipe of one level, which of the
/// recipe's vaults each of its vaults is (`None` for the room around the stairs up, when it
/// is one), and whether its one pin is that room.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub recipe: Recipe,
    vaults: Vec<Option<usize>>,
    stairs_pin: bool,
}

impl Level {
    /// Level `level` of `recipe` (from 1), whose stairs up are at `stairs` (the stairs
    /// down of the level above; `None` on the first level). The room around the stairs is
    /// placed first, the other rooms grown around it, as a pin written before pins had
    /// numbers is; on a level with pins or vaults of its own, it is a vault with a place
    /// among them, and the rooms in its way are grown again elsewhere.
    #[must_use]
    pub fn of(recipe: &Recipe, level: u32, stairs: Option<Pos>) -> Self {
        let derive = |seed: u64| {
            if level == 1 {
                seed
            } else {
                stream(seed, Stage::Level, u64::from(level)).next_u64()
            }
        };
        let on_level: Vec<usize> = (0..recipe.vaults.len())
            .filter(|&v| recipe.vaults[v].level() == level)
            .collect();
        let mut one = Recipe {
            seed: derive(recipe.seed),
            rooms_seed: recipe.rooms_seed.map(derive),
            corridors_seed: recipe.corridors_seed.map(derive),
            pins: recipe
                .pins
                .iter()
                .filter(|p| p.level() == level)
                .map(|p| p.on_first_level())
                .collect(),
            vaults: on_level
                .iter()
                .map(|&v| recipe.vaults[v].on_level(1))
                .collect(),
            levels: 1,
            level: None,
            ..recipe.clone()
        };
        let mut vaults: Vec<Option<usize>> = on_level.into_iter().map(Some).collect();
        let Some(cells) = stairs.and_then(|at| stairs_room(&one, at)) else {
            return Self {
                recipe: one,
                vaults,
                stairs_pin: false,
            };
        };
        let stairs_pin = one.pins.is_empty() && one.vaults.is_empty();
        if stairs_pin {
            let colour = room_colour(&mut stream(one.seed, Stage::StairsRoom, 1));
            one.pins = Pin::first(&cells, colour).into_iter().collect();
        } else if let Ok(room) = Vault::new(cells.iter().copied()) {
            // The stairs line up: a pin or a vault in the way of their room (made when the
            // levels above were another) gives way to it.
            let taken: BTreeSet<Pos> = cells.iter().copied().collect();
            let in_way = |c: Pos| taken.contains(&c);
            one.pins.retain(|p| !p.cells().any(in_way));
            let kept: Vec<bool> = (one.vaults.iter())
                .map(|v| v.place().is_none() || !v.cells().any(in_way))
                .collect();
            let mut keep = kept.iter();
            one.vaults.retain(|_| *keep.next().unwrap_or(&true));
            let mut keep = kept.iter();
            vaults.retain(|_| *keep.next().unwrap_or(&true));
            one.vaults.push(room.at(corner(&cells)));
            vaults.push(None);
        }
        Self {
            recipe: one,
            vaults,
            stairs_pin,
        }
    }

    /// `rooms`, made by this level's stages, marked as the recipe's: its vaults by their
    /// places among the recipe's, the room around the stairs up as grown.
    pub fn mark(&self, rooms: &mut [Room]) {
        for room in rooms {
            let kind = match room.kind() {
                RoomKind::Vault(v) => match self.vaults.get(v).copied().flatten() {
                    Some(v) => RoomKind::Vault(v),
                    None => RoomKind::Grown,
                },
                RoomKind::Pinned if self.stairs_pin => RoomKind::Grown,
                kind => kind,
            };
            *room = room.clone().made_by(kind);
        }
    }
}

/// The top-left corner of the box around `cells`.
fn corner(cells: &[Pos]) -> Pos {
    cells.iter().fold(Pos::new(u32::MAX, u32::MAX), |c, p| {
        Pos::new(c.x.min(p.x), c.y.min(p.y))
    })
}

/// The room a level below the first grows around `stairs` (a cell of the whole map),
/// first, in `level`'s shape and size on its own stream: its cells on the whole map;
/// `None` where the cell lies in the margin (no stairs above are).
fn stairs_room(level: &Recipe, stairs: Pos) -> Option<Vec<Pos>> {
    let m = level.margin;
    let origin = Pos::new(stairs.x.checked_sub(m)?, stairs.y.checked_sub(m)?);
    let (width, height) = level.inner_size();
    let mut tiles = Grid::new(width, height, Tile::FREE);
    tiles.get(origin)?;
    let plan = RoomPlan {
        seed: stream(level.seed, Stage::StairsRoom, 0).next_u64(),
        ..RoomPlan::of(level)
    };
    let cells = grow_alone(&mut tiles, origin, &plan);
    Some(cells.iter().map(|p| Pos::new(p.x + m, p.y + m)).collect())
}

impl Dungeon {
    /// The next level down, its stairs up on this level's stairs down (see
    /// [`Recipe::levels`]): one map's work, not the levels above again. `None` on the
    /// last level.
    ///
    /// ```
    /// use dungeon_generator::{Cell, Recipe, generate};
    ///
    /// let recipe: Recipe = "dv1 seed=4 levels=3".parse()?;
    /// let first = generate(&recipe)?;
    /// let down = first.features().stairs_down.expect("a level above another has stairs down");
    /// let second = first.next_level()?.expect("a second level");
    /// assert_eq!(second.level(), 2);
    /// assert_eq!(second.features().stairs_up, Some(down));
    /// assert!(matches!(second.cell(down), Some(Cell::StairsUp(_))));
    /// // The same as asking for level 2 of the recipe.
    /// assert_eq!(second, generate(&Recipe { level: Some(2), ..recipe })?);
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Cancelled`] never (nothing calls it off); [`Error::Unreachable`] when the
    /// next level's pins and vaults wall one of them in on a closed map.
    pub fn next_level(&self) -> Result<Option<Dungeon>, Error> {
        Generation::below(self)
            .map(|below| below.run(&Progress::default()))
            .transpose()
    }
}
