//! Dungeons of several levels (the recipe's `levels` and `level`): level 1 is the map the
//! recipe makes without them, each level below keeps those above as they were, the stairs
//! line up cell for cell, on room floors, in different rooms, every room reached from the
//! stairs up; pins and vaults stay on their levels.
use crate::common;

use common::random_recipe;
use dungeon_generator::{Cell, Dungeon, Error, PinFault, Pos, Recipe, RoomKind, Vault, generate};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

fn level(recipe: &Recipe, level: u32) -> Dungeon {
    let recipe = Recipe {
        level: Some(level),
        ..recipe.clone()
    };
    generate(&recipe).unwrap_or_else(|e| panic!("{recipe}: {e}"))
}

/// The map itself: tiles, rooms and paths (not the recipe it says it came from).
fn map(
    d: &Dungeon,
) -> (
    &dungeon_generator::Grid<dungeon_generator::Tile>,
    &[dungeon_generator::Room],
    &[dungeon_generator::Path],
) {
    (d.tiles(), d.rooms(), d.paths())
}

#[test]
fn level_one_is_the_map_without_levels_and_adding_levels_keeps_those_above() {
    let mut rng = Pcg64Mcg::new(54);
    for case in 0..60 {
        let recipe = random_recipe(&mut rng);
        let Ok(alone) = generate(&recipe) else {
            continue;
        };
        let levels = rng.random_range(2..=4);
        let deep = Recipe {
            levels,
            ..recipe.clone()
        };
        let first = level(&deep, 1);
        assert_eq!(map(&first), map(&alone), "case {case}: {deep}");
        // One level more keeps every level above cell for cell.
        let deeper = Recipe {
            levels: levels + 1,
            ..recipe.clone()
        };
        for k in 1..=levels {
            assert_eq!(
                map(&level(&deep, k)),
                map(&level(&deeper, k)),
                "case {case}: level {k} of {deep}"
            );
        }
    }
}

#[test]
fn stairs_line_up_on_floors_in_different_rooms_and_every_room_is_reached_from_them() {
    let mut rng = Pcg64Mcg::new(55);
    let mut checked = 0;
    for case in 0..80 {
        let mut recipe = random_recipe(&mut rng);
        if recipe.rooms < 2 {
            continue;
        }
        recipe.levels = 3;
        recipe.closed = rng.random_bool(0.5);
        let Ok(top) = generate(&recipe) else { continue };
        let mut above = top;
        for k in 2..=3 {
            if above.rooms().is_empty() {
                break; // a level too crowded for a room has no stairs
            }
            let down = above.features().stairs_down.unwrap_or_else(|| {
                panic!("case {case}: {recipe}: level {} has no stairs down", k - 1)
            });
            assert!(
                matches!(above.cell(down), Some(Cell::StairsDown(_))),
                "case {case}: {recipe}"
            );
            let below = above.next_level().unwrap().expect("the next level");
            assert_eq!(
                below,
                level(&recipe, k),
                "case {case}: next_level is level {k}"
            );
            let features = below.features();
            assert_eq!(features.stairs_up, Some(down), "case {case}: {recipe}");
            assert_eq!(
                features.start,
                Some(down),
                "the adventurer comes down the stairs"
            );
            let up_room = below.cell(down).and_then(Cell::room);
            assert!(
                matches!(below.cell(down), Some(Cell::StairsUp(_))),
                "case {case}"
            );
            // Every room is reached from the stairs up.
            let steps = below.distances([down]);
            for (r, room) in below.rooms().iter().enumerate() {
                assert!(
                    room.cells().iter().any(|&c| steps[c].is_some()),
                    "case {case}: room {r}"
                );
            }
            match features.stairs_down {
                Some(next) => {
                    let down_room = below.cell(next).and_then(Cell::room);
                    assert!(down_room.is_some(), "stairs down on a floor");
                    if below.rooms().len() > 1 {
                        assert_ne!(down_room, up_room, "case {case}: up and down in one room");
                    }
                    assert!(
                        features
                            .doors
                            .iter()
                            .all(|d| d.cell != next || below.rooms()[d.room].cells().len() == 1)
                    );
                }
                None => {
                    // Only the last level has no stairs down, or one whose only room is
                    // the cell of its stairs up.
                    let cells: usize = below.rooms().iter().map(|r| r.cells().len()).sum();
                    assert!(k == 3 || cells == 1, "case {case}: {recipe}: level {k}");
                    break;
                }
            }
            above = below;
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} levels");
}

#[test]
fn a_level_is_refused_past_the_last_and_pins_and_vaults_keep_to_their_levels() {
    assert_eq!(
        "dv1 levels=2 level=3".parse::<Recipe>().unwrap_err(),
        Error::NoSuchLevel {
            level: 3,
            levels: 2
        }
    );
    assert!("dv1 level=1".parse::<Recipe>().is_ok());
    // A room of level 2 pinned stays on level 2 through new seeds; level 1 is new.
    let recipe: Recipe = "dv1 seed=5 levels=2".parse().unwrap();
    let second = level(&recipe, 2);
    let room = &second.rooms()[3];
    let pinned = recipe.pin_at(&second, room.cells()[0]).unwrap();
    assert!(pinned.pins[0].to_string().starts_with("2:4@"), "{pinned}");
    assert_eq!(pinned.to_string().parse::<Recipe>().unwrap(), pinned);
    let reseeded = pinned.reseeded(99);
    assert!(
        level(&reseeded, 2)
            .rooms()
            .iter()
            .any(|r| r.kind() == RoomKind::Pinned)
    );
    assert!(
        level(&reseeded, 1)
            .rooms()
            .iter()
            .all(|r| r.kind() != RoomKind::Pinned)
    );
    // A vault on level 3 of 2 is refused; on level 2 it is made there only.
    let shrine = Vault::new((0..3).map(|x| Pos::new(x, 0))).unwrap();
    let deep = Recipe {
        vaults: vec![shrine.on_level(3)],
        ..recipe.clone()
    };
    assert!(matches!(
        deep.validate(),
        Err(Error::Vault {
            vault: 1,
            fault: PinFault::NoSuchLevel {
                level: 3,
                levels: 2
            }
        })
    ));
    let on_two = Recipe {
        vaults: vec![shrine.on_level(2)],
        ..recipe.clone()
    };
    assert_eq!(on_two.to_string(), format!("{recipe} vault=2:{}", shrine));
    assert!(level(&on_two, 1).vault(0).is_none());
    assert!(level(&on_two, 2).vault(0).is_some());
}

#[test]
fn a_level_below_the_first_reads_back_from_json_with_its_stairs() {
    let recipe: Recipe = "dv1 seed=8 levels=3 level=2 closed=1".parse().unwrap();
    let made = generate(&recipe).unwrap();
    let json = serde_json::to_string(&made).unwrap();
    assert!(json.contains("\"stairs_up\""));
    let read: Dungeon = serde_json::from_str(&json).unwrap();
    assert_eq!(read, made);
    assert_eq!(read.features(), made.features());
    assert_eq!(read.cells(), made.cells());
}

#[test]
fn every_level_counts_in_the_time_a_recipe_may_take() {
    let one = Recipe {
        rooms: 3000,
        .."dv1 width=2048 height=2048 room-size=100".parse().unwrap()
    };
    let four = Recipe {
        levels: 4,
        ..one.clone()
    };
    assert!((four.seconds() - 4.0 * one.seconds()).abs() < 1e-9);
    assert!(four.rooms_that_fit() < one.rooms_that_fit());
    let error = Recipe { levels: 16, ..one }
        .validate()
        .unwrap_err()
        .to_string();
    assert!(error.contains("on each of 16 levels"), "{error}");
}

#[test]
fn a_pin_is_found_unpinned_and_moved_on_its_own_level_only() {
    let recipe: Recipe = "dv1 seed=5 levels=2 level=1".parse().unwrap();
    let first = level(&recipe, 1);
    let cell = first.rooms()[3].cells()[0];
    let on_first = recipe.pin_at(&first, cell).unwrap();
    // The same cell's room of level 2, pinned too: a pin of each level over one cell.
    let on_second = Recipe {
        level: Some(2),
        ..on_first.clone()
    };
    let second = level(&on_second, 2);
    let cell = (second.rooms().iter())
        .flat_map(|r| r.cells().iter().copied())
        .find(|&c| on_first.pins[0].covers(c))
        .expect("level 2 has room cells where level 1's pin is");
    let both = on_second.pin_at(&second, cell).unwrap();
    assert_eq!(both.pins.len(), 2, "{both}");
    assert_eq!((both.pins[0].level(), both.pins[1].level()), (1, 2));
    // Each level's cell is its own pin's; unpinning there lets the other level's stay.
    assert_eq!(both.pin_covering(cell), Some(1));
    let first_level = Recipe {
        level: Some(1),
        ..both.clone()
    };
    assert_eq!(first_level.pin_covering(cell), Some(0));
    let unpinned = both.unpin_at(cell).unwrap();
    assert_eq!(unpinned.pins.len(), 1);
    assert_eq!(unpinned.pins[0].level(), 1);
    // A pin moves over another level's pin: that one is on another map.
    let moved = both.moved_pin(1, 1, 0).unwrap();
    assert_eq!(moved.pins[0], both.pins[0]);
    assert!(moved.pins[1].covers(Pos::new(cell.x + 1, cell.y)));
}
