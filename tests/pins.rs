//! Pinned rooms and re-rolled stages from the command line and through files: `--pin X,Y`
//! pins the room at a cell of the map the recipe as given makes, the JSON marks pinned
//! rooms, every file that carries a recipe gives the same map back byte for byte, and
//! presets, sweeps, sheets and batches keep the pins.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{run, scratch, stderr};
use base64::Engine;
use dungeon_generator::Recipe;
use dungeon_generator::{Dungeon, Pos, generate};
use dungeon_viewer::store::favourites::Favourite;
use dungeon_viewer::store::presets::{Preset, Presets, UserPresets};
use serde_json::Value;

fn succeeds(out: &Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The process failed with code 2 and one line on stderr containing `needle`.
fn refused(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err:?} does not say {needle:?}");
}

fn cells(cells: impl IntoIterator<Item = Pos>) -> BTreeSet<(u32, u32)> {
    cells.into_iter().map(|p| (p.x, p.y)).collect()
}

/// A cell of room `index` of `dungeon`, as `--pin` takes it.
fn cell_of(dungeon: &Dungeon, index: usize) -> String {
    let p = dungeon.rooms()[index].cells()[0];
    format!("{},{}", p.x, p.y)
}

/// The recipe in a PNG file, read by the `png` crate.
fn png_recipe(file: &Path) -> String {
    recipe_in_png(&fs::read(file).unwrap())
}

/// The recipe in a PNG's bytes, read by the `png` crate.
fn recipe_in_png(bytes: &[u8]) -> String {
    let reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let texts = &reader.info().uncompressed_latin1_text;
    let text = texts
        .iter()
        .find(|t| t.keyword == "recipe")
        .expect("a recipe");
    text.text.clone()
}

#[test]
fn pin_keeps_the_room_at_a_cell_of_the_map_as_given_and_the_json_marks_it() {
    let five = generate(&"dv1 seed=5".parse().unwrap()).unwrap();
    let cell = cell_of(&five, 3);
    let out = run(&[
        "render",
        "--recipe",
        "dv1 seed=5",
        "--pin",
        &cell,
        "--seed",
        "77",
        "-o",
        "-",
    ]);
    let json: Value = serde_json::from_str(&succeeds(&out)).unwrap();
    let recipe: Recipe = json["recipe"].as_str().unwrap().parse().unwrap();
    assert_eq!((recipe.seed, recipe.pins.len()), (77, 1));
    let rooms = json["rooms"].as_array().unwrap();
    let first: BTreeSet<(u32, u32)> = rooms[0]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as u32, c[1].as_u64().unwrap() as u32))
        .collect();
    assert_eq!(first, cells(five.rooms()[3].cells().iter().copied()));
    assert_eq!(rooms[0]["pinned"], true);
    assert!(rooms[1..].iter().all(|r| r.get("pinned").is_none()));
    // The rest is seed 77's: the same map the library makes of the recipe.
    assert_eq!(generate(&recipe).unwrap().rooms().len(), rooms.len());
    assert_ne!(
        generate(&recipe).unwrap().rooms()[1..],
        five.rooms()[1..],
        "seed 5's other rooms"
    );
}

#[test]
fn a_cell_in_no_room_and_pins_that_cannot_be_kept_are_refused_naming_them() {
    let map = generate(&Recipe::default()).unwrap();
    let rock = map
        .tiles()
        .positions()
        .find(|&p| map.tiles()[p].room().is_none())
        .unwrap();
    let rock = format!("{},{}", rock.x, rock.y);
    refused(
        &run(&["render", "--pin", &rock, "-o", "-"]),
        &format!("no room covers cell {rock}"),
    );
    refused(
        &run(&["render", "--pin", "3", "-o", "-"]),
        "write a cell as X,Y",
    );
    refused(
        &run(&["render", "--recipe", "dv1 pin=zz", "-o", "-"]),
        "pin 1 is not written as",
    );
    // A map made too small for the room pinned.
    let cell = cell_of(&map, 0);
    refused(
        &run(&["render", "--pin", &cell, "--width", "3", "-o", "-"]),
        "pin 1 is",
    );
}

#[test]
fn a_recipe_with_pins_read_back_from_each_file_gives_the_same_file() {
    let dir = scratch("pins-round-trip");
    let base: Recipe = "dv1 seed=5 rooms-seed=9 corridors-seed=4".parse().unwrap();
    let map = generate(&base).unwrap();
    let out = run(&[
        "render",
        "--recipe",
        &base.to_string(),
        "--pin",
        &cell_of(&map, 2),
        "--pin",
        &cell_of(&map, 7),
        "-o",
        "-",
    ]);
    let json: Value = serde_json::from_str(&succeeds(&out)).unwrap();
    let recipe = json["recipe"].as_str().unwrap().to_string();
    assert_eq!(recipe.matches('~').count(), 1, "{recipe}");
    for extension in ["png", "json", "txt", "svg", "tmj"] {
        let (first, again) = (dir.join("first"), dir.join("again"));
        let name = format!("map.{extension}");
        let written: PathBuf = first.join(&name);
        fs::create_dir_all(&first).unwrap();
        fs::create_dir_all(&again).unwrap();
        succeeds(&run(&[
            "render",
            "--recipe",
            &recipe,
            "-o",
            written.to_str().unwrap(),
        ]));
        let read = again.join(&name);
        succeeds(&run(&[
            "render",
            "--from",
            written.to_str().unwrap(),
            "-o",
            read.to_str().unwrap(),
        ]));
        assert_eq!(
            fs::read(&written).unwrap(),
            fs::read(&read).unwrap(),
            "{name}"
        );
        if extension == "png" {
            assert_eq!(png_recipe(&read), recipe);
        }
    }
    // Universal VTT carries it in its picture.
    let vtt = dir.join("map.dd2vtt");
    succeeds(&run(&[
        "render",
        "--recipe",
        &recipe,
        "-o",
        vtt.to_str().unwrap(),
    ]));
    let json: Value = serde_json::from_slice(&fs::read(&vtt).unwrap()).unwrap();
    let picture = base64::engine::general_purpose::STANDARD
        .decode(json["image"].as_str().unwrap())
        .unwrap();
    assert_eq!(recipe_in_png(&picture), recipe);

    // A favourite keeps the recipe, and a preset kept from the map gives it back.
    let parsed: Recipe = recipe.parse().unwrap();
    let favourite = Favourite::new(&generate(&parsed).unwrap()).unwrap();
    assert_eq!(favourite.recipe().unwrap().to_string(), recipe);
    let data = scratch("pins-preset");
    let (mut mine, _) = UserPresets::open(&data.join("dungeon-viewer"));
    mine.add(Preset {
        name: "Kept".to_string(),
        recipe: recipe.clone(),
    })
    .unwrap();
    let (by_recipe, by_preset) = (data.join("a.png"), data.join("b.png"));
    for (args, file) in [
        (["--recipe", recipe.as_str()], &by_recipe),
        (["--preset", "kept"], &by_preset),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
            .arg("render")
            .args(args)
            .args(["--seed", "5", "-o", file.to_str().unwrap()])
            .env("XDG_DATA_HOME", &data)
            .output()
            .unwrap();
        succeeds(&out);
    }
    assert_eq!(fs::read(by_recipe).unwrap(), fs::read(by_preset).unwrap());
}

#[test]
fn a_preset_applied_to_a_map_with_pins_keeps_them() {
    let map = generate(&Recipe::default()).unwrap();
    let p = map.rooms()[1].cells()[0];
    let pinned = Recipe::default().pin_at(&map, p.x, p.y).unwrap();
    let presets = Presets::new(&[]);
    let blobs = presets.find("blobs").unwrap().apply(&pinned).unwrap();
    assert_eq!(blobs.pins, pinned.pins);
    assert_eq!(blobs.stickiness, 0.0);
    let d = generate(&blobs).unwrap();
    assert_eq!(
        cells(d.rooms()[0].cells().to_vec()),
        cells(map.rooms()[1].cells().to_vec())
    );
}

#[test]
fn sweeps_sheets_and_batches_keep_the_pinned_room_in_every_map() {
    let dir = scratch("pins-series");
    let base: Recipe = "dv1 seed=3 width=40 height=30 rooms=6".parse().unwrap();
    let map = generate(&base).unwrap();
    let room = cells(map.rooms()[2].cells().to_vec());
    let cell = cell_of(&map, 2);
    let common = [
        "--recipe",
        "dv1 seed=3 width=40 height=30 rooms=6",
        "--pin",
        &cell,
    ];
    let series: [(&[&str], &str, usize); 3] = [
        (&["--sweep", "rooms=2:12:3"], "sweep/", 3),
        (&["--count", "3"], "batch/", 3),
        (&["--sweep", "spacing=0:3:2"], "spaced/", 2),
    ];
    for (flags, out, count) in series {
        let out_dir = dir.join(out);
        let mut args = vec!["render", "-o", out_dir.to_str().unwrap()];
        args.extend_from_slice(&common);
        args.extend_from_slice(flags);
        succeeds(&run(&args));
        let mut files: Vec<PathBuf> = fs::read_dir(&out_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), count, "{flags:?}");
        let mut maps = BTreeSet::new();
        for file in files {
            let recipe: Recipe = png_recipe(&file).parse().unwrap();
            let d = generate(&recipe).unwrap();
            assert_eq!(cells(d.rooms()[0].cells().to_vec()), room, "{file:?}");
            assert!(d.is_pinned(0));
            maps.insert(recipe.to_string());
        }
        assert_eq!(maps.len(), count, "{flags:?}: the maps differ");
    }
    let sheet = dir.join("sheet.png");
    let mut args = vec!["render", "--sheet", "2x1", "-o", sheet.to_str().unwrap()];
    args.extend_from_slice(&common);
    succeeds(&run(&args));
    let reader = png::Decoder::new(std::io::BufReader::new(fs::File::open(&sheet).unwrap()))
        .read_info()
        .unwrap();
    let tiles: Vec<&str> = reader
        .info()
        .uncompressed_latin1_text
        .iter()
        .filter(|t| t.keyword.starts_with("tile"))
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(tiles.len(), 2);
    for tile in tiles {
        let d = generate(&tile.parse().unwrap()).unwrap();
        assert_eq!(cells(d.rooms()[0].cells().to_vec()), room, "{tile}");
    }
}
