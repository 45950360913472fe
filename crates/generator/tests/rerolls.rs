//! Re-rolling one stage: a recipe's own `rooms-seed` or `corridors-seed` changes that stage
//! and keeps the other, and a recipe without them keeps its map and its text.

use dungeon_generator::{Connect, Corridor, Recipe, Shape};
use dungeon_generator::{Dungeon, Room, generate};

fn make(recipe: &Recipe) -> Dungeon {
    generate(recipe).unwrap_or_else(|e| panic!("{recipe}: {e}"))
}

fn cells(d: &Dungeon) -> Vec<&Room> {
    d.rooms().iter().collect()
}

/// Every corridor style with every connection style.
fn kinds() -> impl Iterator<Item = (Corridor, Connect)> {
    Corridor::ALL
        .iter()
        .flat_map(|&c| Connect::ALL.iter().map(move |&k| (c, k)))
}

#[test]
fn new_corridors_keep_every_room_and_change_the_corridors() {
    for (corridor, connect) in kinds() {
        let mut changed = 0;
        for seed in 0..12 {
            let recipe = Recipe {
                seed,
                corridor,
                connect,
                rooms: 8,
                ..Recipe::default()
            };
            let before = make(&recipe);
            let after = make(&Recipe {
                corridors_seed: Some(seed + 1000),
                ..recipe.clone()
            });
            assert_eq!(cells(&before), cells(&after), "{recipe}: rooms moved");
            changed += usize::from(before.paths() != after.paths());
        }
        // A map's corridors may come out the same (rooms touching, or near rooms whose
        // half-rect corridors have one way only: a few random choices), but not most.
        assert!(
            changed >= 6,
            "{corridor:?} {connect:?}: {changed} of 12 changed"
        );
    }
}

#[test]
fn under_a_corridors_seed_a_chain_takes_a_new_order_of_every_room() {
    let recipe = Recipe {
        corridors_seed: Some(5),
        ..Recipe::default()
    };
    let d = make(&recipe);
    let order: Vec<usize> = std::iter::once(d.paths()[0].from)
        .chain(d.paths().iter().map(|p| p.to))
        .collect();
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..12).collect::<Vec<_>>(), "{order:?}");
    assert_ne!(order, sorted, "the order of creation");
}

#[test]
fn new_rooms_keep_the_styles_and_change_the_rooms() {
    for &shape in Shape::ALL {
        for (corridor, connect) in kinds() {
            let recipe = Recipe {
                seed: 3,
                shape,
                corridor,
                connect,
                rooms: 6,
                ..Recipe::default()
            };
            let rerolled = Recipe {
                rooms_seed: Some(77),
                ..recipe.clone()
            };
            let (before, after) = (make(&recipe), make(&rerolled));
            assert_ne!(cells(&before), cells(&after), "{rerolled}: same rooms");
            let styles = |r: &Recipe| (r.shape, r.corridor, r.connect, r.seed, r.corridors_seed);
            assert_eq!(styles(after.recipe()), styles(&recipe));
        }
    }
}

#[test]
fn a_rooms_seed_gives_the_rooms_that_seed_gives() {
    // The rooms' own seed stands for `seed` in every room stream, so its rooms are those
    // of the map on that seed.
    for seed in [4, 90] {
        let own = make(&Recipe {
            rooms_seed: Some(seed),
            ..Recipe::default()
        });
        let plain = make(&Recipe {
            seed,
            ..Recipe::default()
        });
        assert_eq!(cells(&own), cells(&plain), "seed {seed}");
    }
}

#[test]
fn stage_seeds_print_and_parse_only_when_given() {
    let plain = Recipe::default();
    assert_eq!(
        plain.to_string(),
        "dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1"
    );
    let text = "dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 \
                rooms-seed=7 corridors-seed=18446744073709551615";
    let recipe: Recipe = text.parse().unwrap();
    assert_eq!(
        (recipe.rooms_seed, recipe.corridors_seed),
        (Some(7), Some(u64::MAX))
    );
    assert_eq!(recipe.to_string(), text);
    assert!(
        "dv1 rooms-seed=x"
            .parse::<Recipe>()
            .unwrap_err()
            .to_string()
            .contains("rooms-seed")
    );
}

#[test]
fn reseeded_makes_every_stage_new_and_keeps_the_pins() {
    let recipe: Recipe = "dv1 seed=5 rooms-seed=6 corridors-seed=7".parse().unwrap();
    let d = make(&recipe);
    let cell = d.rooms()[3].cells()[0];
    let pinned = recipe.pin_at(&d, cell).unwrap();
    let new = pinned.reseeded(9);
    assert_eq!(
        (new.seed, new.rooms_seed, new.corridors_seed),
        (9, None, None)
    );
    assert_eq!(new.pins, pinned.pins);
}

#[test]
fn consecutive_seeds_step_the_stages_own_seeds_too() {
    let recipe: Recipe = "dv1 seed=5 rooms-seed=6 corridors-seed=18446744073709551615"
        .parse()
        .unwrap();
    let tiles: Vec<Recipe> = recipe.consecutive_seeds(3).map(Result::unwrap).collect();
    assert_eq!(tiles[0], recipe);
    let seeds: Vec<_> = tiles
        .iter()
        .map(|r| (r.seed, r.rooms_seed, r.corridors_seed))
        .collect();
    assert_eq!(
        seeds,
        [
            (5, Some(6), Some(u64::MAX)),
            (6, Some(7), Some(0)),
            (7, Some(8), Some(1)),
        ]
    );
    // Every tile is a map of its own.
    let maps: Vec<Dungeon> = tiles.iter().map(make).collect();
    assert_ne!(cells(&maps[0]), cells(&maps[1]));
    assert_ne!(maps[1].paths(), maps[2].paths());
}
