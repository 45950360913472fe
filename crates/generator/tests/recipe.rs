use crate::common;

use dungeon_generator::Error as RecipeError;
use dungeon_generator::{Connect, Corridor, Fit, Key, Kind, Recipe, Shape};
use rand_pcg::Pcg64Mcg;

#[test]
fn the_default_is_the_original_map() {
    let r = Recipe::default();
    assert_eq!((r.width, r.height, r.rooms, r.room_size), (64, 56, 12, 90));
    assert_eq!((r.stickiness, r.randomness), (0.5, 1.0));
    assert_eq!(
        r.to_string(),
        "dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1"
    );
}

#[test]
fn display_and_parse_round_trip_across_the_ranges() {
    let mut rng = Pcg64Mcg::new(5);
    for _ in 0..500 {
        let recipe = common::random_recipe(&mut rng);
        let text = recipe.to_string();
        assert_eq!(text.parse::<Recipe>(), Ok(recipe), "{text}");
    }
    let extreme = Recipe {
        seed: u64::MAX,
        width: 2048,
        height: 2048,
        rooms: 10_000,
        room_size: 100,
        stickiness: 0.1 + 0.2,
        randomness: f64::MIN_POSITIVE,
        // Chained, so many rooms take longer than the bound.
        connect: Connect::Nearest,
        ..Recipe::default()
    };
    assert_eq!(extreme.to_string().parse::<Recipe>(), Ok(extreme));
}

#[test]
fn keys_may_come_in_any_order_and_missing_ones_keep_their_defaults() {
    let r: Recipe = "  dv1   rooms=5 seed=77\twidth=10 ".parse().unwrap();
    assert_eq!(
        r,
        Recipe {
            seed: 77,
            width: 10,
            rooms: 5,
            ..Recipe::default()
        }
    );
    assert_eq!("dv1".parse::<Recipe>(), Ok(Recipe::default()));
}

fn error(text: &str) -> String {
    text.parse::<Recipe>().unwrap_err().to_string()
}

#[test]
fn each_error_names_the_problem() {
    assert_eq!(error(""), "the recipe is empty; a recipe starts with `dv1`");
    assert_eq!(
        error("dv2 seed=1"),
        "the recipe starts with `dv2`, not the version tag `dv1`"
    );
    assert_eq!(
        error("dv1 seed"),
        "`seed` in the recipe is not of the form key=value"
    );
    assert_eq!(
        error("dv1 colour=red"),
        "unknown recipe key `colour`; the keys are seed, width, height, rooms, room-size, \
         stickiness, randomness, shape, stretch, corridor, bends, connect, loops, spacing, closed, \
         fit, merge, margin, levels, level, rooms-seed, corridors-seed, pin, vault"
    );
    assert_eq!(
        error("dv1 seed=1 seed=2"),
        "recipe key `seed` is given twice"
    );
    assert_eq!(
        error("dv1 width=5000"),
        "width = 5000 is out of range: allowed 1 to 2048"
    );
    assert_eq!(
        error("dv1 height=0"),
        "height = 0 is out of range: allowed 1 to 2048"
    );
    assert_eq!(
        error("dv1 rooms=10001"),
        "rooms = 10001 is out of range: allowed 1 to 10000"
    );
    assert_eq!(
        error("dv1 room-size=0"),
        "room-size = 0 is out of range: allowed 1 to 4096"
    );
    assert_eq!(
        error("dv1 stickiness=1.5"),
        "stickiness = 1.5 is out of range: allowed 0 to 1"
    );
    assert_eq!(
        error("dv1 randomness=NaN"),
        "randomness = NaN is out of range: allowed 0 to 1"
    );
    assert_eq!(
        error("dv1 seed=-3"),
        "seed = `-3` is not a number in 0 to 18446744073709551615"
    );
    assert_eq!(
        error("dv1 width=wide"),
        "width = `wide` is not a number in 1 to 2048"
    );
}

#[test]
fn rooms_may_ask_for_a_third_of_a_big_map_and_at_most_a_million_cells() {
    let allowed = |width, height| {
        Recipe {
            width,
            height,
            ..Recipe::default()
        }
        .room_cells_most()
    };
    assert_eq!(allowed(64, 56), 65_536);
    assert_eq!(allowed(1024, 896), 305_834);
    assert_eq!(allowed(2048, 2048), 1_000_000);
    // The workloads and the largest map with the original's rooms are allowed (the largest
    // joined to its nearest neighbours: chained, fewer rooms are made within the bound).
    for text in [
        "dv1 width=1024 height=896 rooms=3072",
        "dv1 width=2048 height=2048 rooms=10000 connect=nearest",
        "dv1 width=2048 height=2048 rooms=10000 room-size=100 connect=nearest",
        "dv1 width=64 height=56 rooms=700 room-size=90",
    ] {
        assert!(text.parse::<Recipe>().is_ok(), "{text}");
    }
    assert_eq!(
        error("dv1 width=1024 height=1024 rooms=10000"),
        "rooms × room-size = 10000 × 90 = 900000 room cells is too many for a 1024×1024 map: \
         at most 349525, a third of its cells"
    );
    assert!(
        error("dv1 width=2048 height=2048 rooms=10000 room-size=101")
            .ends_with("at most 1000000, the most any map may hold")
    );
    // A small map names its own limit, once.
    assert_eq!(
        error("dv1 rooms=729 room-size=90"),
        "rooms × room-size = 729 × 90 = 65610 room cells is too many for a 64×56 map: \
         at most 65536, which any map may hold"
    );
}

#[test]
fn set_checks_the_value_and_leaves_the_recipe_alone_on_error() {
    let mut r = Recipe::default();
    r.set("room-size", "30").unwrap();
    assert_eq!(r.room_size, 30);
    let before = r.clone();
    assert!(matches!(
        r.set("stickiness", "2"),
        Err(RecipeError::OutOfRange { .. })
    ));
    assert!(matches!(
        r.set("size", "2"),
        Err(RecipeError::UnknownKey { .. })
    ));
    assert_eq!(r, before);
}

#[test]
fn validate_catches_values_set_directly() {
    let r = Recipe {
        width: 0,
        ..Recipe::default()
    };
    assert_eq!(
        r.validate().unwrap_err().to_string(),
        "width = 0 is out of range: allowed 1 to 2048"
    );
    assert!(Recipe::default().validate().is_ok());
}

/// Each style of a key's table, given by its place and its name, is at its own place in
/// `ALL` and is the one its name in recipes sets.
fn each_style_is_set_by_its_name(name: &str, styles: &[(usize, &str)]) {
    let key = Key::named(name).unwrap();
    assert!(!styles.is_empty());
    for (i, &(index, style)) in styles.iter().enumerate() {
        assert_eq!(index, i, "{style}");
        let mut r = Recipe::default();
        r.set(name, style).unwrap();
        assert_eq!(key.format(&key.get(&r)), style);
    }
}

/// The place and name of each style of a table.
macro_rules! styles {
    ($style:ty) => {
        <$style>::ALL
            .iter()
            .map(|s| (s.index(), s.name()))
            .collect::<Vec<_>>()
    };
}

#[test]
fn a_style_key_takes_and_explains_every_style_of_its_table() {
    each_style_is_set_by_its_name("shape", &styles!(Shape));
    each_style_is_set_by_its_name("corridor", &styles!(Corridor));
    each_style_is_set_by_its_name("connect", &styles!(Connect));
    each_style_is_set_by_its_name("fit", &styles!(Fit));
    assert_eq!(
        Key::named("shape").unwrap().help(),
        "The rooms' shape: cave (grown cell by cell), rect (rectangles), diamond, cross (two \
         crossing bars) or mixed (each room picks one)."
    );
    for key in Key::all() {
        if let Kind::Choice { names, glosses } = key.kind() {
            assert_eq!(names.len(), glosses.len(), "{}", key.name());
            let help = key.help();
            assert!(names.iter().all(|n| help.contains(n)), "{help}");
        }
    }
}
