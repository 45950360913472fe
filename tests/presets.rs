//! The presets shipped in the binary: every one parses, generates, and does what its name
//! says; applying one keeps the map's seed.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use dungeon_generator::generate;
use dungeon_generator::{Connect, Corridor, Recipe, Shape};
use dungeon_viewer::store::Error as StoreError;
use dungeon_viewer::store::presets::{self, BUILT_IN, Preset, Presets, built_in};

use crate::common::{scratch, stderr, within};

fn preset(name: &str) -> Recipe {
    Presets::new(&[])
        .find(name)
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
    let blobs = Presets::new(&[])
        .find("blobs")
        .unwrap()
        .apply(&base)
        .unwrap();
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
    let every = Presets::new(&user);
    assert_eq!(every.all().len(), built_in().len() + 1);
    assert_eq!(every.all().last(), user.last());
    assert_eq!(
        every.find("my caves").map(|p| p.recipe.as_str()),
        Some("dv1 rooms=4")
    );
    assert_eq!(
        every.find("WINDING CAVERNS").unwrap().name,
        "Winding caverns"
    );
    assert_eq!(every.find("nothing like it"), None);
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

#[test]
fn a_preset_behind_an_earlier_one_of_its_name_is_hidden_and_messages_name_a_few() {
    let others = (0..presets::NAMES_LISTED).map(|n| format!("Other {n}"));
    let user: Vec<Preset> = ["ORIGINAL", "Mine", "mine"]
        .map(String::from)
        .into_iter()
        .chain(others)
        .map(|name| Preset {
            name,
            recipe: "dv1 rooms=3".to_string(),
        })
        .collect();
    let every = Presets::new(&user);
    let hidden: Vec<&str> = every.hidden().map(|p| p.name.as_str()).collect();
    assert_eq!(hidden, ["ORIGINAL", "mine"]);
    assert_eq!(every.shown().len(), every.all().len() - 2);
    assert_eq!(every.find("original").unwrap().recipe, "dv1");
    assert_eq!(every.find("MINE").unwrap().name, "Mine");
    let names = every.names();
    let more = every.shown().len() - presets::NAMES_LISTED;
    assert!(names.ends_with(&format!(" and {more} more")), "{names}");
    assert!(!names.contains("ORIGINAL"), "{names}");
}

/// A user's presets file of `count` presets, `Preset 0` to `Preset {count - 1}`, in the data
/// directory under `data`.
fn many_presets(data: &Path, count: usize) {
    let dir = data.join("dungeon-viewer");
    fs::create_dir_all(&dir).unwrap();
    let presets: Vec<Preset> = (0..count)
        .map(|n| Preset {
            name: format!("Preset {n}"),
            recipe: format!("dv1 rooms={}", n % 50 + 1),
        })
        .collect();
    fs::write(
        dir.join("presets.json"),
        serde_json::to_vec(&presets).unwrap(),
    )
    .unwrap();
}

#[test]
fn two_hundred_thousand_presets_are_listed_and_picked_in_seconds() {
    // Each preset was compared with every one before it: 2·10¹⁰ comparisons, hours.
    let data = scratch("many-presets");
    many_presets(&data, 200_000);
    let run = |args: &[&str]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
        command.args(args).env("XDG_DATA_HOME", &data);
        within(60, command)
    };
    let out = run(&["presets"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(listed.lines().count(), built_in().len() + 200_000);
    assert!(listed.ends_with("\nPreset 199999: dv1 seed=1 width=64 height=56 rooms=50 room-size=90 stickiness=0.5 randomness=1\n"));

    let out = run(&["render", "--preset", "PRESET 199998", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rooms"].as_array().unwrap().len(), 49);

    let out = run(&["render", "--preset", "none of them", "-o", "-"]);
    let message = stderr(&out);
    assert!(!out.status.success());
    assert!(message.len() < 2000, "{} bytes", message.len());
    assert!(
        message.contains(&format!(
            "and {} more",
            built_in().len() + 200_000 - presets::NAMES_LISTED
        )),
        "{message}"
    );
}
