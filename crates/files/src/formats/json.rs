//! Dungeons as JSON, for programs: rooms with their cells and colours, paths, doors, start,
//! goal and figures; for a dungeon of several levels, every level besides, with its stairs.

use std::borrow::Cow;

use serde::Serialize;

use dungeon_generator::Door;
use dungeon_generator::Path;
use dungeon_generator::Pos;
use dungeon_generator::Rgb;
use dungeon_generator::{Dungeon, RoomKind, Stats};

use super::levels::recipe_of;
use crate::figures::Figures;

#[derive(Serialize)]
struct JsonMap<'a> {
    recipe: String,
    width: u32,
    height: u32,
    rooms: Vec<JsonRoom<'a>>,
    paths: &'a [Path],
    doors: &'a [Door],
    start: Option<Pos>,
    goal: Option<Pos>,
    stats: JsonStats,
    /// On a dungeon of several levels: which level, and its stairs.
    #[serde(flatten)]
    level: Option<JsonLevel>,
    /// On a dungeon of several levels, in the map shown: every level, top first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    levels: Vec<JsonMap<'a>>,
}

#[derive(Serialize)]
struct JsonLevel {
    level: u32,
    stairs_up: Option<Pos>,
    stairs_down: Option<Pos>,
}

#[derive(Serialize)]
struct JsonStats {
    #[serde(flatten)]
    stats: Stats,
    #[serde(flatten)]
    figures: Figures,
}

#[derive(Serialize)]
struct JsonRoom<'a> {
    cells: &'a [Pos],
    color: Rgb,
    /// Only pinned rooms say so, so that a map without pins is written as before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pinned: bool,
    /// Which of the recipe's vaults the room is, for vaults only.
    #[serde(skip_serializing_if = "Option::is_none")]
    vault: Option<usize>,
}

/// The dungeon as JSON: `recipe`, `width`, `height`, `rooms` (each with `cells` as `[x, y]`
/// pairs, `color` as `[r, g, b]`, `"pinned": true` for a pinned room and `"vault": N` for
/// the recipe's vault N, from 0), `paths` (`from`, `to`, `cells` from a cell of `from`
/// to a cell of `to`, `crossed`), `doors` (`room`, its `cell` and the path cell `outside`
/// it), `start` and `goal` (`[x, y]`, or null without rooms) and `stats` (counts, the
/// readability figures of [`Figures`], and `longest_route`, the steps from start to
/// goal). x runs right, y down, origin top-left.
///
/// With `levels`, every level of a dungeon of several, top first (`dungeon` among them),
/// it adds `level` (its number, from 1), `stairs_up` and `stairs_down` (`[x, y]`, or null
/// where there are none), and `levels`: each level in the same shape, its `recipe` naming
/// its level. With one level or none, the JSON is the map's alone.
#[must_use]
pub fn to_json(dungeon: &Dungeon, levels: &[Cow<Dungeon>]) -> String {
    let several = levels.len() > 1;
    let mut map = json_map(dungeon, dungeon.recipe().to_string(), several);
    if several {
        map.levels = levels
            .iter()
            .map(|level| json_map(level, recipe_of(level).to_string(), true))
            .collect();
    }
    let mut json = serde_json::to_string(&map).unwrap_or_else(|e| {
        // Only non-string map keys or failing Serialize impls can fail; ours have neither.
        unreachable!("serialising a dungeon cannot fail: {e}")
    });
    json.push('\n');
    json
}

/// `dungeon`'s JSON object, with `recipe`, and its level and stairs when `levelled`.
fn json_map(dungeon: &Dungeon, recipe: String, levelled: bool) -> JsonMap<'_> {
    let features = dungeon.features();
    JsonMap {
        recipe,
        width: dungeon.width(),
        height: dungeon.height(),
        rooms: dungeon
            .rooms()
            .iter()
            .enumerate()
            .map(|(i, r)| JsonRoom {
                cells: r.cells(),
                color: r.colour(),
                pinned: dungeon.is_pinned(i),
                vault: match r.kind() {
                    RoomKind::Vault(v) => Some(v),
                    RoomKind::Grown | RoomKind::Pinned => None,
                },
            })
            .collect(),
        paths: dungeon.paths(),
        doors: &features.doors,
        start: features.start,
        goal: features.goal,
        stats: JsonStats {
            stats: dungeon.stats(),
            figures: Figures::of(dungeon),
        },
        level: levelled.then(|| JsonLevel {
            level: dungeon.level(),
            stairs_up: features.stairs_up,
            stairs_down: features.stairs_down,
        }),
        levels: Vec::new(),
    }
}
