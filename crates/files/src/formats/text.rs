//! Dungeons as a character map, for people: `.` free, `#` path, rooms as letters, stairs
//! as `<` (up) and `>` (down); the levels of a dungeon one after another.

use std::borrow::Cow;

use crate::draw::stairs::{self, Way};
use dungeon_generator::Dungeon;
use dungeon_generator::TileKind;

/// The letter for room `index`: a to z, then A to Z, then round again.
#[must_use]
pub fn room_letter(index: usize) -> char {
    const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char::from(LETTERS[index % LETTERS.len()])
}

/// `levels` (one map, or every level of a dungeon, top first) as a character map: one
/// line per row, `.` free, `#` path, rooms as letters ([`room_letter`]), stairs `<` up and
/// `>` down; then a blank line and the recipe of the first. Several levels come one after
/// another, each under a line `Level N` and followed by a blank line.
#[must_use]
pub fn to_text(levels: &[Cow<Dungeon>]) -> String {
    let several = levels.len() > 1;
    let mut text = String::new();
    for level in levels {
        let mut map = level.tiles().map(|t| match t.kind() {
            TileKind::Free => '.',
            TileKind::Path => '#',
            TileKind::Room(i) => room_letter(i),
        });
        for (at, way) in stairs::of(level) {
            if let Some(cell) = map.get_mut(at) {
                *cell = match way {
                    Way::Up => '<',
                    Way::Down => '>',
                };
            }
        }
        if several {
            text.push_str(&format!("Level {}\n", level.level()));
        }
        text.push_str(&format!("{map}\n"));
    }
    if let Some(first) = levels.first() {
        text.push_str(&format!("{}\n", first.recipe()));
    }
    text
}
