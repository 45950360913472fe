//! Dungeons as text: JSON for programs, a character map for people.

use serde::Serialize;

use crate::colour::Rgb;
use crate::corridors::Path;
use crate::dungeon::{Dungeon, Stats};
use crate::features::Door;
use crate::grid::Pos;
use crate::tile::TileKind;

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
}

#[derive(Serialize)]
struct JsonStats {
    #[serde(flatten)]
    stats: Stats,
    /// Steps from the start to the goal.
    longest_route: u32,
}

#[derive(Serialize)]
struct JsonRoom<'a> {
    cells: &'a [Pos],
    color: Rgb,
}

/// The dungeon as JSON: `recipe`, `width`, `height`, `rooms` (each with `cells` as `[x, y]`
/// pairs and `color` as `[r, g, b]`), `paths` (`from`, `to`, `cells` from a cell of `from`
/// to a cell of `to`, `crossed`), `doors` (`room`, its `cell` and the path cell `outside`
/// it), `start` and `goal` (`[x, y]`, or null without rooms) and `stats` (with
/// `longest_route`, the steps from start to goal). x runs right, y down, origin top-left.
#[must_use]
pub fn to_json(dungeon: &Dungeon) -> String {
    let features = dungeon.features();
    let map = JsonMap {
        recipe: dungeon.recipe().to_string(),
        width: dungeon.width(),
        height: dungeon.height(),
        rooms: dungeon
            .rooms()
            .iter()
            .map(|r| JsonRoom {
                cells: &r.cells,
                color: r.colour,
            })
            .collect(),
        paths: dungeon.paths(),
        doors: &features.doors,
        start: features.start,
        goal: features.goal,
        stats: JsonStats {
            stats: dungeon.stats(),
            longest_route: features.longest_route,
        },
    };
    let mut json = serde_json::to_string(&map).unwrap_or_else(|e| {
        // Only non-string map keys or failing Serialize impls can fail; ours have neither.
        unreachable!("serialising a dungeon cannot fail: {e}")
    });
    json.push('\n');
    json
}

/// The letter for room `index`: a to z, then A to Z, then round again.
#[must_use]
pub fn room_letter(index: usize) -> char {
    const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char::from(LETTERS[index % LETTERS.len()])
}

/// The dungeon as a character map: one line per row, `.` free, `#` path, rooms as letters
/// ([`room_letter`]); then a blank line and the recipe.
#[must_use]
pub fn to_text(dungeon: &Dungeon) -> String {
    let map = dungeon.tiles().map(|t| match t.kind() {
        TileKind::Free => '.',
        TileKind::Path => '#',
        TileKind::Room(i) => room_letter(i),
    });
    format!("{map}\n{}\n", dungeon.recipe())
}
