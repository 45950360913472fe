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

/// The cells of the one pinned room of `d`.
fn pinned_cells(d: &Dungeon) -> BTreeSet<(u32, u32)> {
    let pinned: Vec<usize> = (0..d.rooms().len()).filter(|&i| d.is_pinned(i)).collect();
    assert_eq!(pinned.len(), 1, "one pinned room");
    cells(d.rooms()[pinned[0]].cells().iter().copied())
}

#[test]
fn pin_keeps_the_room_at_a_cell_of_the_map_as_given_says_which_and_the_json_marks_it() {
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
    assert_eq!(
        stderr(&out).trim(),
        "note: pinned room 4 of the map of seed 5, as given before --seed 77"
    );
    let recipe: Recipe = json["recipe"].as_str().unwrap().parse().unwrap();
    assert_eq!((recipe.seed, recipe.pins.len()), (77, 1));
    let rooms = json["rooms"].as_array().unwrap();
    // The pinned room keeps its number: the fourth room in seed 77's map too.
    let fourth: BTreeSet<(u32, u32)> = rooms[3]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as u32, c[1].as_u64().unwrap() as u32))
        .collect();
    assert_eq!(fourth, cells(five.rooms()[3].cells().iter().copied()));
    assert_eq!(rooms[3]["pinned"], true);
    let mut others = rooms.iter().enumerate().filter(|&(i, _)| i != 3);
    assert!(others.clone().all(|(_, r)| r.get("pinned").is_none()));
    // The rest is seed 77's: the same map the library makes of the recipe.
    let made = generate(&recipe).unwrap();
    assert_eq!(made.rooms().len(), rooms.len());
    assert!(
        others.all(|(i, _)| made.rooms()[i].cells() != five.rooms()[i].cells()),
        "seed 5's other rooms"
    );
    // The stage seeds of the map pinned from are named too.
    let out = run(&[
        "render",
        "--recipe",
        "dv1 seed=5 rooms-seed=9",
        "--pin",
        &cell_of(
            &generate(&"dv1 seed=5 rooms-seed=9".parse().unwrap()).unwrap(),
            0,
        ),
        "-o",
        "-",
    ]);
    succeeds(&out);
    assert_eq!(
        stderr(&out).trim(),
        "note: pinned room 1 of the map of seed 5, rooms-seed 9"
    );
}

#[test]
fn a_room_pinned_in_its_own_map_changes_nothing_else_in_the_picture() {
    let dir = scratch("pins-own-map");
    let (plain, pinned) = (dir.join("plain.png"), dir.join("pinned.png"));
    let map = generate(&"dv1 seed=9".parse().unwrap()).unwrap();
    succeeds(&run(&[
        "render",
        "--seed",
        "9",
        "-o",
        plain.to_str().unwrap(),
    ]));
    let out = run(&[
        "render",
        "--recipe",
        "dv1 seed=9",
        "--pin",
        &cell_of(&map, 6),
        "-o",
        pinned.to_str().unwrap(),
    ]);
    succeeds(&out);
    // Decoded by the png crate.
    let pixels = |file: &Path| {
        let mut reader = png::Decoder::new(std::io::BufReader::new(fs::File::open(file).unwrap()))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut buf).unwrap();
        buf
    };
    let (a, b) = (pixels(&plain), pixels(&pinned));
    assert_eq!(a.len(), b.len());
    // The library's map: which rooms took another colour to stand apart from the pin.
    let recipe: Recipe = png_recipe(&pinned).parse().unwrap();
    let made = generate(&recipe).unwrap();
    let recoloured: Vec<[u8; 3]> = map
        .rooms()
        .iter()
        .zip(made.rooms())
        .filter(|(before, now)| before.colour() != now.colour())
        .map(|(before, _)| before.colour().into())
        .collect();
    assert!(!made.is_pinned(5) && made.is_pinned(6));
    // Every pixel that changed was one of those rooms'; no cell moved.
    for (p, q) in a.chunks(3).zip(b.chunks(3)) {
        if p != q {
            assert!(
                recoloured.contains(&[p[0], p[1], p[2]]),
                "a pixel of {p:?} changed"
            );
        }
    }
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
    // A pin in two pieces (the issue's own): no corridor could join it all.
    refused(
        &run(&[
            "render",
            "--recipe",
            "dv1 width=30 height=12 rooms=3 room-size=4 pin=2.2.20x8.808080.AQAAAAAAAAAAAAAAAAAAAAAAAIA",
            "-o",
            "-",
        ]),
        "pin 1 is not one room: its cells fall into 2 pieces",
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
    // Vaults travel as pins do: one placed by the rooms stage, one with a place.
    let base: Recipe = "dv1 seed=5 rooms-seed=9 corridors-seed=4 vault=7x7._____-dwAA~40.30.2x2.DQ"
        .parse()
        .unwrap();
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
    assert_eq!(recipe.matches('~').count(), 2, "{recipe}");
    let vaults: Vec<&Value> = json["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.get("vault").is_some())
        .collect();
    assert_eq!(vaults.len(), 2, "the JSON marks both vaults");
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
fn a_preset_applied_to_a_map_with_pins_keeps_them_and_its_vaults() {
    let base: Recipe = "dv1 vault=2x2.DQ".parse().unwrap();
    let map = generate(&base).unwrap();
    let p = map.rooms()[1].cells()[0];
    let pinned = base.pin_at(&map, p).unwrap();
    let presets = Presets::new(&[]);
    let blobs = presets.find("blobs").unwrap().apply(&pinned).unwrap();
    assert_eq!(blobs.pins, pinned.pins);
    assert_eq!(blobs.vaults, pinned.vaults);
    assert_eq!(blobs.stickiness, 0.0);
    let d = generate(&blobs).unwrap();
    assert_eq!(pinned_cells(&d), cells(map.rooms()[1].cells().to_vec()));
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
            assert_eq!(pinned_cells(&d), room, "{file:?}");
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
        assert_eq!(pinned_cells(&d), room, "{tile}");
    }
}
