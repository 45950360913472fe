use crate::common;

use common::fingerprint;
use dungeon_viewer::base::colour::Rgb;
use dungeon_viewer::base::tile::Tile;
use dungeon_viewer::generate::generate;
use dungeon_viewer::model::recipe::Recipe;

fn recipe(seed: u64) -> Recipe {
    Recipe {
        seed,
        ..Recipe::default()
    }
}

#[test]
fn the_same_recipe_gives_the_same_dungeon() {
    for seed in 0..20 {
        let r = recipe(seed);
        assert_eq!(generate(&r).unwrap(), generate(&r).unwrap());
    }
    let big = Recipe {
        width: 256,
        height: 224,
        rooms: 192,
        ..Recipe::default()
    };
    assert_eq!(generate(&big).unwrap(), generate(&big).unwrap());
}

/// Golden fingerprints: if one of these changes, some stream or stage changed and every
/// saved recipe now makes a different map. Change them only on purpose.
#[test]
fn golden_fingerprints_pin_generation() {
    let recipes = [
        "dv1",
        "dv1 seed=42 stickiness=1 randomness=0",
        "dv1 seed=7 width=128 height=112 rooms=48",
        "dv1 seed=3 width=40 height=30 rooms=60 room-size=30 stickiness=0.2 randomness=0.6",
        "dv1 seed=99 width=256 height=224 rooms=192",
    ];
    let actual: Vec<u64> = recipes
        .iter()
        .map(|text| fingerprint(&generate(&text.parse().unwrap()).unwrap()))
        .collect();
    assert_eq!(actual, GOLDEN, "for {recipes:?}");
}

const GOLDEN: [u64; 5] = [
    12683641544473700512,
    687332632704127687,
    5996292856281341603,
    12390730325004293142,
    16794352998891871872,
];

#[test]
fn moving_randomness_leaves_every_room_as_it_was() {
    for seed in 0..20 {
        let a = generate(&Recipe {
            randomness: 1.0,
            ..recipe(seed)
        })
        .unwrap();
        let b = generate(&Recipe {
            randomness: 0.0,
            ..recipe(seed)
        })
        .unwrap();
        let c = generate(&Recipe {
            randomness: 0.37,
            ..recipe(seed)
        })
        .unwrap();
        assert_eq!(a.rooms(), b.rooms());
        assert_eq!(a.rooms(), c.rooms());
        assert_ne!(
            a.paths(),
            b.paths(),
            "seed {seed}: randomness moved no path"
        );
    }
}

#[test]
fn one_more_room_leaves_the_rooms_before_it_as_they_were() {
    for seed in 0..10 {
        let mut before = generate(&Recipe {
            rooms: 1,
            ..recipe(seed)
        })
        .unwrap();
        for rooms in 2..30 {
            let after = generate(&Recipe {
                rooms,
                ..recipe(seed)
            })
            .unwrap();
            // The new room may stand where an old path ran, so old paths may move.
            assert_eq!(&after.rooms()[..before.rooms().len()], before.rooms());
            assert_eq!(after.rooms().len(), rooms as usize);
            before = after;
        }
    }
}

#[test]
fn moving_stickiness_leaves_the_colours_and_the_count() {
    for seed in 0..20 {
        let a = generate(&Recipe {
            stickiness: 0.0,
            ..recipe(seed)
        })
        .unwrap();
        let b = generate(&Recipe {
            stickiness: 1.0,
            ..recipe(seed)
        })
        .unwrap();
        assert_eq!(a.rooms().len(), 12);
        assert_eq!(b.rooms().len(), 12);
        let colours = |d: &dungeon_viewer::model::dungeon::Dungeon| -> Vec<Rgb> {
            d.rooms().iter().map(|r| r.colour).collect()
        };
        assert_eq!(colours(&a), colours(&b));
        assert_ne!(a.rooms()[0].cells, b.rooms()[0].cells);
    }
}

#[test]
fn room_colours_stand_out_from_paths_and_background() {
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let d = generate(&Recipe {
            rooms: 30,
            ..recipe(seed)
        })
        .unwrap();
        for room in d.rooms() {
            let c = room.colour;
            assert!(c.distance(Rgb::BLACK) >= 100.0, "{c:?} is close to black");
            assert!(
                c.distance(Rgb::GRAY33) >= 60.0,
                "{c:?} is close to the background"
            );
            distinct.insert((c.0, c.1, c.2));
        }
    }
    // Random, like the original: thousands of rooms, nearly all different.
    assert!(distinct.len() > 5000, "{}", distinct.len());
}

#[test]
fn tiles_stats_and_rooms_agree() {
    let d = generate(&recipe(5)).unwrap();
    let stats = d.stats();
    assert_eq!(stats.rooms_requested, 12);
    assert_eq!(stats.rooms_placed, 12);
    assert_eq!(stats.paths, 11);
    let room_cells: usize = d.rooms().iter().map(|r| r.cells.len()).sum();
    assert_eq!(stats.room_cells, room_cells as u64);
    let black = d
        .paths()
        .iter()
        .flat_map(|p| &p.cells)
        .filter(|&&p| d.tile(p) == Some(Tile::PATH))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert_eq!(stats.path_cells, black as u64);
    for (i, room) in d.rooms().iter().enumerate() {
        for &p in &room.cells {
            assert_eq!(d.tile(p), Some(Tile::of_room(i as u32)));
        }
    }
}

#[test]
fn an_out_of_range_recipe_is_an_error_not_a_panic() {
    let bad = Recipe {
        rooms: 0,
        ..Recipe::default()
    };
    assert_eq!(
        generate(&bad).unwrap_err().to_string(),
        "rooms = 0 is out of range: allowed 1 to 10000"
    );
}

#[test]
fn a_cancelled_generation_stops_with_cancelled_and_progress_counts_the_work() {
    use dungeon_viewer::generate::generate_watched;
    use dungeon_viewer::model::Error;
    use dungeon_viewer::model::progress::Progress;
    let recipe = recipe(3);
    let progress = Progress::default();
    let d = generate_watched(&recipe, &progress).unwrap();
    let done = progress.snapshot();
    assert_eq!((done.rooms_placed, done.rooms_total), (12, 12));
    assert_eq!((done.paths_joined, done.paths_total), (11, 11));
    assert!((done.fraction() - 1.0).abs() < 1e-9);
    assert_eq!(d, generate(&recipe).unwrap());

    let cancelled = Progress::default();
    cancelled.cancel();
    assert!(matches!(
        generate_watched(&recipe, &cancelled),
        Err(Error::Cancelled)
    ));
    assert_eq!(cancelled.snapshot().rooms_placed, 0);
}
