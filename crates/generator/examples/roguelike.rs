//! A roguelike's level, as a game would make and use one with this crate alone (no window,
//! no pictures, no random numbers of its own): made on the game's own thread, every cell
//! drawn as walls, floors, corridors and doors, the player at the start and the stairs down
//! in the middle of the farthest room, the walk there marked, two vaults of the game's own
//! (a treasure room placed where it fits, a shrine where the game puts it), and the level
//! saved as JSON and read back the same.
//!
//! ```sh
//! cargo run -p dungeon-generator --example roguelike
//! cargo run -p dungeon-generator --example roguelike -- "dv1 seed=3 shape=rect connect=loops margin=1"
//! ```

use dungeon_generator::{Cell, Dungeon, Generation, Pos, Progress, Recipe, RoomKind, Vault};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "dv1 seed=7 width=60 height=28 rooms=9 room-size=40 shape=mixed spacing=2 margin=1".into()
    });
    let mut recipe: Recipe = text.parse()?;
    // The game's own rooms, counted in `rooms`: a treasure room shaped like a plus, put by
    // the generator where it fits, and a square shrine at the top left, inside the margin.
    let plus = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)].map(|(x, y)| Pos::new(x, y));
    recipe.vaults.push(Vault::new(plus)?);
    let square = (0..9).map(|i| Pos::new(i % 3, i / 3));
    let corner = recipe.margin + 2;
    recipe
        .vaults
        .push(Vault::new(square)?.at(Pos::new(corner, corner)));
    // The level is made on this thread, as a game's loading step would make it.
    let dungeon = Generation::new(&recipe)?
        .on_calling_thread()
        .run(&Progress::default())?;
    if let Some(short) = dungeon.shortfall() {
        println!("note: {short}");
    }

    let features = dungeon.features();
    let start = features.start.ok_or("a level without rooms")?;
    let far = features.farthest_room.ok_or("a level without rooms")?;
    let stairs = dungeon.rooms()[far].centre();
    let walk = dungeon
        .path(start, stairs)
        .ok_or("every room is joined, so the stairs can be reached")?;
    // Monsters wait where the player is slowest to reach: the floor farthest from the start.
    let steps = dungeon.distances([start]);
    let lair = steps
        .positions()
        .filter(|&p| matches!(dungeon.cell(p), Some(Cell::Floor(_))))
        .max_by_key(|&p| steps[p])
        .ok_or("a level without floor")?;

    draw(&dungeon, &walk, [(start, '@'), (stairs, '>'), (lair, 'M')]);
    println!(
        "{} rooms ({} of them vaults), {} doors; the stairs are {} steps from the start, in room {}",
        dungeon.rooms().len(),
        (0..recipe.vaults.len())
            .filter(|&v| dungeon.vault(v).is_some())
            .count(),
        features.doors.len(),
        walk.len() - 1,
        far + 1,
    );

    // Saved as JSON and read back, the same level (the recipe alone makes it again too).
    let saved = serde_json::to_string(&dungeon)?;
    let loaded: Dungeon = serde_json::from_str(&saved)?;
    assert_eq!(loaded, dungeon);
    println!(
        "saved as {} bytes of JSON, or as its recipe: {}",
        saved.len(),
        dungeon.recipe()
    );
    Ok(())
}

/// The level in the terminal: `#` walls, `.` floors and corridors, `$` the vaults' floors,
/// `+` doors, `*` the walk to the stairs, and each mark on its cell.
fn draw(dungeon: &Dungeon, walk: &[Pos], marks: [(Pos, char); 3]) {
    let cells = dungeon.cells();
    for y in 0..cells.height() {
        let row: String = (0..cells.width())
            .map(|x| {
                let p = Pos::new(x, y);
                if let Some(&(_, mark)) = marks.iter().find(|(at, _)| *at == p) {
                    return mark;
                }
                match cells[p] {
                    Cell::Door => '+',
                    Cell::StairsUp(_) => '<',
                    Cell::StairsDown(_) => '>',
                    Cell::Floor(room)
                        if matches!(dungeon.rooms()[room].kind(), RoomKind::Vault(_)) =>
                    {
                        '$'
                    }
                    _ if walk.contains(&p) => '*',
                    Cell::Rock => ' ',
                    Cell::Wall => '#',
                    Cell::Floor(_) | Cell::Corridor => '.',
                }
            })
            .collect();
        println!("{row}");
    }
}
