//! Dungeons as a character map, for people: `.` free, `#` path, rooms as letters.

use dungeon_generator::Dungeon;
use dungeon_generator::TileKind;

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
