//! Replays end in exactly the generated map, for random recipes of every shape, corridor
//! style and connection style, and have one step per room cell and per path step.

use crate::common;

use common::random_recipe;
use dungeon_generator::Connect;
use dungeon_generator::Corridor;
use dungeon_generator::Recipe;
use dungeon_generator::Replay;
use dungeon_generator::Shape;
use dungeon_generator::Tile;
use dungeon_generator::generate;
use rand_pcg::Pcg64Mcg;

fn check(recipe: &Recipe) {
    let map = generate(recipe).unwrap();
    let replay = Replay::new(&map);
    let room_cells: usize = map.rooms().iter().map(|r| r.cells().len()).sum();
    let path_steps: usize = map.paths().iter().map(|p| p.cells.len()).sum();
    assert_eq!(replay.len(), room_cells + path_steps, "{recipe}");
    assert_eq!(replay.room_steps(), room_cells, "{recipe}");
    assert!(
        replay.at(replay.len()) == map,
        "the last step is not the map: {recipe}"
    );
    // Halfway through the rooms, only rooms stand, and fewer cells than at the end.
    let half = replay.at(room_cells / 2);
    assert!(half.paths().is_empty(), "{recipe}");
    let taken = |t: &Tile| *t != Tile::FREE;
    let count =
        |d: &dungeon_generator::Dungeon| d.tiles().as_slice().iter().filter(|t| taken(t)).count();
    assert_eq!(count(&half), room_cells / 2, "{recipe}");
}

#[test]
fn replays_end_in_the_map_for_every_kind_of_dungeon() {
    for &shape in Shape::ALL {
        for &corridor in Corridor::ALL {
            for &connect in Connect::ALL {
                check(&Recipe {
                    seed: 11,
                    rooms: 8,
                    shape,
                    corridor,
                    connect,
                    ..Recipe::default()
                });
            }
        }
    }
}

#[test]
fn replays_end_in_the_map_for_random_recipes() {
    let mut rng = Pcg64Mcg::new(0x5e91a7);
    for _ in 0..60 {
        check(&random_recipe(&mut rng));
    }
}
