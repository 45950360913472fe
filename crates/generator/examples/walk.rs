//! A game's use of the generator: make a map from a recipe, then walk its parts — the
//! rooms with their cells, the paths between them, the doors, where the adventurer starts
//! and the goal farthest from there — and draw it in the terminal. It needs only this
//! crate: no window, no pictures, no command line.
//!
//! ```sh
//! cargo run -p dungeon-generator --example walk
//! cargo run -p dungeon-generator --example walk -- "dv1 seed=7 rooms=6 shape=rect connect=loops"
//! ```

use dungeon_generator::TileKind;
use dungeon_generator::{Pos, Recipe, generate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "dv1 seed=7 width=48 height=24 rooms=6 room-size=40".into());
    let recipe: Recipe = text.parse()?;
    let dungeon = generate(&recipe)?;

    for (number, room) in (1..).zip(dungeon.rooms()) {
        let first = room.cells()[0];
        println!(
            "room {number}: {} cells, grown from ({}, {})",
            room.cells().len(),
            first.x,
            first.y
        );
    }
    for path in dungeon.paths() {
        println!(
            "path from room {} to room {}: {} steps",
            path.from + 1,
            path.to + 1,
            path.cells.len() - 1
        );
    }
    let features = dungeon.features();
    println!("{} doors", features.doors.len());
    let (start, goal) = (features.start, features.goal);
    if let (Some(start), Some(goal)) = (start, goal) {
        println!(
            "start at ({}, {}), goal at ({}, {}), {} steps apart",
            start.x, start.y, goal.x, goal.y, features.longest_route
        );
    }

    // The map in the terminal: rooms as their numbers' last digit, paths as '#'.
    for y in 0..dungeon.height() {
        let row: String = (0..dungeon.width())
            .map(|x| {
                let p = Pos::new(x, y);
                if Some(p) == start {
                    return '@';
                }
                if Some(p) == goal {
                    return '>';
                }
                match dungeon.tile(p).map(|t| t.kind()) {
                    Some(TileKind::Room(i)) => char::from(b'0' + ((i + 1) % 10) as u8),
                    Some(TileKind::Path) => '#',
                    _ => ' ',
                }
            })
            .collect();
        println!("{row}");
    }
    Ok(())
}
