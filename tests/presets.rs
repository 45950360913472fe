//! The presets shipped in the binary: every one parses, generates, and does what its name
//! says; applying one keeps the map's seed.

use std::time::{Duration, Instant};

use dungeon_generator::generate;
use dungeon_generator::recipe::{Choice, Connect, Corridor, Recipe, Shape};
use dungeon_viewer::store::Error as StoreError;
use dungeon_viewer::store::presets::{self, BUILT_IN, Preset, all, built_in, find};

fn preset(name: &str) -> Recipe {
    let presets = built_in();
    find(&presets, name)
        .unwrap_or_else(|| panic!("no preset {name}"))
        .apply(&Recipe::default())
        .unwrap()
}

#[test]
fn every_built_in_preset_parses_and_generates_quickly() {
    let presets = presets::parse(BUILT_IN).expect("assets/presets.txt parses");
    assert_eq!(presets, built_in());
    assert!(presets.len() >= 13, "{presets:?}");
    for preset in &presets {
        let recipe = preset.apply(&Recipe::default()).unwrap();
        let started = Instant::now();
        let dungeon = generate(&recipe).unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{}",
            preset.name
        );
        assert!(!dungeon.rooms().is_empty(), "{}", preset.name);
    }
}

#[test]
fn the_presets_do_what_their_names_say() {
    assert_eq!(preset("Original"), Recipe::default());
    assert_eq!(preset("Winding caverns").stickiness, 1.0);
    assert_eq!(preset("Blobs").stickiness, 0.0);
    assert_eq!(preset("Straight halls").randomness, 0.0);
    let crowded = preset("Crowded");
    assert!(crowded.rooms >= 30, "{crowded}");
    assert_eq!(
        (crowded.width, crowded.height),
        (Recipe::default().width, Recipe::default().height)
    );
    let presets = built_in();
    let recipes: Vec<Recipe> = presets
        .iter()
        .map(|p| p.apply(&Recipe::default()).unwrap())
        .collect();
    for &shape in Shape::ALL {
        assert!(
            recipes.iter().any(|r| r.shape == shape),
            "no preset for {}",
            shape.name()
        );
    }
    for &connect in Connect::ALL {
        assert!(
            recipes.iter().any(|r| r.connect == connect),
            "no preset for {}",
            connect.name()
        );
    }
    for &corridor in Corridor::ALL {
        assert!(
            recipes.iter().any(|r| r.corridor == corridor),
            "no preset for {}",
            corridor.name()
        );
    }
    assert_eq!(preset("Square rooms").shape, Shape::Rect);
    assert_eq!(preset("Nearest neighbours").connect, Connect::Nearest);
}

#[test]
fn applying_a_preset_keeps_the_seed_and_resets_the_keys_it_does_not_name() {
    let base: Recipe = "dv1 seed=42 rooms=3 stickiness=0.2 shape=diamond"
        .parse()
        .unwrap();
    let blobs = find(&built_in(), "blobs").unwrap().apply(&base).unwrap();
    assert_eq!(blobs.seed, 42);
    assert_eq!(blobs.stickiness, 0.0);
    assert_eq!(blobs.rooms, Recipe::default().rooms);
    assert_eq!(blobs.shape, Shape::Cave);
}

#[test]
fn lookup_ignores_case_and_user_presets_follow_the_built_in_ones() {
    let user = [Preset {
        name: "My Caves".to_string(),
        recipe: "dv1 rooms=4".to_string(),
    }];
    let every = all(&user);
    assert_eq!(every.len(), built_in().len() + 1);
    assert_eq!(every.last(), user.last());
    assert_eq!(
        find(&every, "my caves").map(|p| p.recipe.as_str()),
        Some("dv1 rooms=4")
    );
    assert_eq!(
        find(&every, "WINDING CAVERNS").unwrap().name,
        "Winding caverns"
    );
    assert_eq!(find(&every, "nothing like it"), None);
}

#[test]
fn bad_preset_lines_are_errors_that_name_the_line() {
    for (text, line, needle) in [
        ("# fine\nNo colon here", 2, "not of the form"),
        ("A: dv1\n\na: dv1 rooms=2", 3, "given twice"),
        ("Odd: dv1 rooms=0", 1, "rooms"),
        (": dv1", 1, "not of the form"),
    ] {
        let error = presets::parse(text).unwrap_err();
        assert!(
            matches!(error, StoreError::PresetLine { line: at, .. } if at == line),
            "{text}"
        );
        assert!(error.to_string().contains(needle), "{error}");
    }
    let user = Preset {
        name: "Old".to_string(),
        recipe: "dv2 rooms=2".to_string(),
    };
    assert!(user.apply(&Recipe::default()).is_err());
}
