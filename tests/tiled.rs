//! Tiled maps (`render -o map.tmj`) as we write them: sizes refused, the tileset's name,
//! whole numbers. The real Tiled reads them in `tests/live/tiled.rs`.

use crate::common;

use std::path::{Path, PathBuf};

use common::tiled::{RECIPES, TILE_SIZES};
use common::{run, scratch, stderr};
use dungeon_files::formats::tmj;
use dungeon_files::formats::{self, Format, Options, Target};
use dungeon_generator::generate;

#[test]
fn a_tile_size_out_of_range_is_refused_before_anything_is_written() {
    let dir = scratch("tiled-bad-size");
    let file = dir.join("map.tmj");
    let out = run(&["render", "--cell-size", "0", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cell size 0 is out of range"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn an_unwritable_directory_is_an_input_output_error() {
    let file = scratch("tiled-missing").join("no/such/dir/map.tmj");
    let out = run(&["render", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    // Refused before the map is made, naming the directory that is missing.
    assert!(
        stderr(&out).contains("cannot write")
            && stderr(&out).contains("tiled-missing/no does not exist"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_tileset_is_named_after_the_map_beside_it() {
    let named = |map: &str| tmj::tileset_path(Path::new(map)).map_err(|e| e.to_string());
    assert_eq!(named("map.tmj"), Ok(PathBuf::from("map.tiles.png")));
    assert_eq!(
        named("out/level.1.tmj"),
        Ok(PathBuf::from("out/level.1.tiles.png"))
    );
    let not_utf8 = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"\xff.tmj");
    let refused = tmj::tileset_path(Path::new(not_utf8))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("must be UTF-8"), "{refused}");
}

/// Every number in `value` that is written as a decimal though it is whole.
fn whole_decimals(value: &serde_json::Value, at: &str, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Number(n) if n.is_f64() && n.as_f64().unwrap().fract() == 0.0 => {
            found.push(format!("{at} = {n}"));
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                whole_decimals(item, &format!("{at}[{i}]"), found);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, item) in fields {
                whole_decimals(item, &format!("{at}.{key}"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn whole_numbers_are_written_whole_as_tiled_writes_them() {
    let dir = scratch("tiled-numbers");
    for (text, size) in RECIPES.iter().zip(TILE_SIZES.iter().cycle()) {
        let file = dir.join("map.tmj");
        let d = generate(&text.parse().unwrap()).unwrap();
        let options = Options {
            cell_size: Some(*size),
            ..Options::default()
        };
        formats::write(&d, Format::Tiled, &options, Target::Replace(&file)).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let mut found = Vec::new();
        whole_decimals(&json, "map", &mut found);
        assert!(found.is_empty(), "{text} at {size} px: {found:?}");
    }
}
