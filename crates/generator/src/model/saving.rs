//! Maps that save, with the `serde` feature: a dungeon as its recipe, rooms and paths (the
//! tiles, doors, start and goal follow from them), checked when read back as
//! [`Dungeon::from_parts`] checks them, so that a hostile file gives an error, never a map
//! that panics later. A room is its cells and colour, checked as [`Room::new`] checks
//! them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::base::colour::Rgb;
use crate::base::grid::Pos;
use crate::model::Error;
use crate::model::dungeon::Dungeon;
use crate::model::parts::{Path, Room, RoomKind};
use crate::model::recipe::Recipe;

/// A room as saved.
#[derive(Serialize, Deserialize)]
pub(crate) struct RoomParts {
    cells: Vec<Pos>,
    colour: Rgb,
    /// Absent in a room saved before rooms had kinds: grown.
    #[serde(default)]
    kind: RoomKind,
}

impl From<Room> for RoomParts {
    fn from(room: Room) -> Self {
        RoomParts {
            cells: room.cells().to_vec(),
            colour: room.colour(),
            kind: room.kind(),
        }
    }
}

impl TryFrom<RoomParts> for Room {
    type Error = Error;

    fn try_from(parts: RoomParts) -> Result<Room, Error> {
        Ok(Room::new(parts.cells, parts.colour)?.made_by(parts.kind))
    }
}

/// A dungeon as saved, borrowed to write.
#[derive(Serialize)]
struct DungeonParts<'a> {
    recipe: &'a Recipe,
    rooms: &'a [Room],
    paths: &'a [Path],
    /// On a level below the first, where the stairs down of the level above brought it.
    #[serde(skip_serializing_if = "Option::is_none")]
    stairs_up: Option<Pos>,
}

/// A dungeon as saved, read back.
#[derive(Deserialize)]
struct DungeonRead {
    recipe: Recipe,
    rooms: Vec<Room>,
    paths: Vec<Path>,
    #[serde(default)]
    stairs_up: Option<Pos>,
}

/// `{"recipe": "dv1 …", "rooms": [{"cells": [[x, y], …], "colour": [r, g, b], "kind": …}, …],
/// "paths": [{"from", "to", "cells", "crossed"}, …]}`.
impl Serialize for Dungeon {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DungeonParts {
            recipe: self.recipe(),
            rooms: self.rooms(),
            paths: self.paths(),
            stairs_up: self.features().stairs_up,
        }
        .serialize(serializer)
    }
}

/// Read back as [`Dungeon::from_parts`] makes a dungeon, its errors the reader's.
impl<'de> Deserialize<'de> for Dungeon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = DungeonRead::deserialize(deserializer)?;
        let dungeon = Dungeon::from_parts(&read.recipe, read.rooms, read.paths)
            .map_err(serde::de::Error::custom)?;
        match read.stairs_up {
            Some(cell) if dungeon.tile(cell).and_then(|t| t.room()).is_none() => Err(
                serde::de::Error::custom(format!("the stairs up at {cell} are on no room's floor")),
            ),
            stairs => Ok(dungeon.with_stairs_up(stairs)),
        }
    }
}
