//! Tiled maps (`render -o map.tmj`) load in Tiled's own parsers and say what the dungeon is.
//!
//! The map is read by the real Tiled (Debian's `tiled` package), which converts our `.tmj`
//! to TMX, and that TMX by the `tiled` crate: two real loaders. Without the `tiled` program
//! these tests are counted as ignored ([`missing`]); under `CI` they fail instead, and
//! `.ci/run` installs it, so CI never skips. `tests/tiled.rs` has the map's tests that
//! need no Tiled.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::pictures::{self, Maker};
use common::tiled::{RECIPES, TILE_SIZES};
use common::{run, scratch, stderr};
use dungeon_files::formats::tmj::{self as tmj, CellKind};
use dungeon_files::formats::{self, Format, Options, Target};
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::Recipe;
use dungeon_generator::Rgb;
use dungeon_generator::TileKind;
use dungeon_generator::generate;
use tiled::{LayerType, ObjectShape, PropertyValue, TileLayer};

/// Why the real Tiled cannot read maps here, if it cannot.
pub fn missing() -> Option<String> {
    let works = tiled_command()
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    (!works).then(|| {
        "the `tiled` program (Tiled's map editor) does not run: apt-get install -y tiled".into()
    })
}

/// `tiled` without a display, its runtime files in a private directory.
fn tiled_command() -> Command {
    qt_command("tiled")
}

/// One of Tiled's programs (`tiled`, `tmxrasterizer`) without a display, its runtime files
/// in a private directory.
fn qt_command(program: &str) -> Command {
    let runtime = std::env::temp_dir().join(format!("dv-test-{}-xdg", std::process::id()));
    let _ = std::fs::create_dir_all(&runtime);
    let _ = std::fs::set_permissions(
        &runtime,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    );
    let mut command = Command::new(program);
    command
        .env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", runtime);
    command
}

/// The `.tmj` read by the real Tiled, written out as TMX and loaded by the `tiled` crate.
fn load(tmj: &Path) -> tiled::Map {
    let tmx = tmj.with_extension("tmx");
    let out = tiled_command()
        .arg("--export-map")
        .arg("tmx")
        .args([tmj, &tmx])
        .output()
        .expect("tiled runs");
    assert!(
        out.status.success(),
        "Tiled cannot read {}: {}",
        tmj.display(),
        stderr(&out)
    );
    tiled::Loader::new()
        .load_tmx_map(&tmx)
        .unwrap_or_else(|e| panic!("the tiled crate cannot read {}: {e}", tmx.display()))
}

/// What Tiled must show at `p`: doors are the path cells just outside a room.
fn expected_kind(d: &Dungeon, doors: &BTreeSet<Pos>, p: Pos) -> CellKind {
    match d.tile(p).expect("inside the map").kind() {
        TileKind::Free => CellKind::Rock,
        TileKind::Room(_) => CellKind::Floor,
        TileKind::Path if doors.contains(&p) => CellKind::Door,
        TileKind::Path => CellKind::Path,
    }
}

fn int(properties: &tiled::Properties, name: &str) -> i32 {
    match properties.get(name) {
        Some(PropertyValue::IntValue(v)) => *v,
        other => panic!("property {name} should be an int, is {other:?}"),
    }
}

/// Check everything the map `map` (written from `d` at `size` pixels a tile) says.
fn check(d: &Dungeon, written: &Path, map: &tiled::Map, size: u32) {
    let what = format!("{} at {size}px", d.recipe());
    assert_eq!(
        (map.width, map.height, map.tile_width, map.tile_height),
        (d.width(), d.height(), size, size),
        "{what}"
    );
    assert_eq!(map.orientation, tiled::Orientation::Orthogonal, "{what}");
    // Schema validators require the Tiled release beside the format version.
    if written.extension().is_some_and(|e| e == "tmj") {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(written).unwrap()).unwrap();
        assert_eq!(json["version"], "1.10", "{what}");
        assert_eq!(json["tiledversion"], tmj::TILED_VERSION, "{what}");
    }
    assert_eq!(
        map.properties.get("recipe"),
        Some(&PropertyValue::StringValue(d.recipe().to_string())),
        "{what}"
    );

    // The tileset: embedded, its picture beside the map, of the declared size.
    let [tileset] = map.tilesets() else {
        panic!("{what}: one tileset expected");
    };
    let image = tileset.image.as_ref().expect("the tileset has a picture");
    assert_eq!(image.source, tmj::tileset_path(written).unwrap(), "{what}");
    let kinds = CellKind::ALL.len() as u32;
    assert_eq!((tileset.tile_width, tileset.tile_height), (size, size));
    assert_eq!((tileset.tilecount, tileset.columns), (kinds, kinds));
    assert_eq!(
        (image.width, image.height),
        ((kinds * size) as i32, size as i32)
    );
    check_tileset_picture(&image.source, size);

    // The tile layer: every cell's kind.
    let doors: BTreeSet<Pos> = d.features().doors.iter().map(|door| door.outside).collect();
    let layers: Vec<_> = map.layers().collect();
    assert_eq!(layers.len(), 2, "{what}");
    assert_eq!(layers[0].name, "dungeon");
    let LayerType::Tiles(TileLayer::Finite(tiles)) = layers[0].layer_type() else {
        panic!("{what}: the first layer should hold tiles");
    };
    assert_eq!((tiles.width(), tiles.height()), (d.width(), d.height()));
    for p in d.tiles().positions() {
        let tile = tiles.get_tile(p.x as i32, p.y as i32).expect("a tile");
        assert_eq!(tile.tileset_index(), 0);
        let gid = tile.id() + tmj::FIRST_GID;
        assert_eq!(gid, expected_kind(d, &doors, p).gid(), "{what}: cell {p}");
    }

    // The objects: rooms as rectangles, then start and goal as points.
    assert_eq!(layers[1].name, "rooms");
    let LayerType::Objects(group) = layers[1].layer_type() else {
        panic!("{what}: the second layer should hold objects");
    };
    let objects: Vec<_> = group.objects().collect();
    let features = d.features();
    let marks = [("start", features.start), ("goal", features.goal)];
    let marked: Vec<_> = marks.iter().filter_map(|&(n, p)| Some((n, p?))).collect();
    assert_eq!(objects.len(), d.rooms().len() + marked.len(), "{what}");
    let px = |cells: u32| (cells * size) as f32;
    for (k, (room, object)) in d.rooms().iter().zip(&objects).enumerate() {
        let bounds = room.bounds();
        assert_eq!(
            object.name,
            (k + 1).to_string(),
            "rooms are named by their numbers"
        );
        assert_eq!(object.user_type, "room");
        assert_eq!(
            (object.x, object.y),
            (px(bounds.x0), px(bounds.y0)),
            "{what}"
        );
        let ObjectShape::Rect { width, height } = object.shape else {
            panic!(
                "{what}: room {k} should be a rectangle, is {:?}",
                object.shape
            );
        };
        assert_eq!((width, height), (px(bounds.width()), px(bounds.height())));
        assert_eq!(int(&object.properties, "index"), k as i32);
        assert_eq!(int(&object.properties, "cells"), room.cells().len() as i32);
        let Some(PropertyValue::ColorValue(c)) = object.properties.get("colour") else {
            panic!("{what}: room {k} has no colour");
        };
        assert_eq!((c.alpha, Rgb(c.red, c.green, c.blue)), (255, room.colour()));
    }
    for ((name, cell), object) in marked.iter().zip(&objects[d.rooms().len()..]) {
        assert_eq!(
            (object.name.as_str(), object.user_type.as_str()),
            (*name, *name)
        );
        assert!(
            matches!(object.shape, ObjectShape::Point(..)),
            "{what}: {name}"
        );
        let centre = |c: u32| px(c) + size as f32 / 2.0;
        assert_eq!(
            (object.x, object.y),
            (centre(cell.x), centre(cell.y)),
            "{what}: {name}"
        );
    }
}

/// The tileset picture decodes at its declared size, each tile in its colour.
fn check_tileset_picture(file: &Path, size: u32) {
    let decoder = png::Decoder::new(std::fs::File::open(file).expect("the tileset is there"));
    let mut reader = decoder.read_info().expect("the tileset is a PNG");
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).expect("the tileset decodes");
    assert_eq!((info.width, info.height), (4 * size, size));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let pixel = |x: u32, y: u32| {
        let at = (y * info.width + x) as usize * 3;
        Rgb(rgb[at], rgb[at + 1], rgb[at + 2])
    };
    let colours = [Rgb::GRAY33, tmj::FLOOR, Rgb::BLACK, tmj::WOOD];
    for (kind, colour) in CellKind::ALL.into_iter().zip(colours) {
        let x0 = kind as u32 * size;
        assert_eq!(
            pixel(x0 + size - 1, size - 1),
            colour,
            "{kind:?} at {size}px"
        );
        let edge = if kind == CellKind::Rock && size >= 4 {
            Rgb::DARK_BLUE
        } else {
            colour
        };
        assert_eq!(pixel(x0, 0), edge, "{kind:?}'s corner at {size}px");
    }
}

pub fn real_tiled_reads_every_cell_room_start_and_goal() {
    let dir = scratch("tiled-maps");
    for (n, text) in RECIPES.iter().enumerate() {
        let recipe: Recipe = text.parse().unwrap();
        let d = generate(&recipe).unwrap();
        for size in TILE_SIZES {
            let file = dir.join(format!("map{n}-{size}.tmj"));
            let options = Options {
                cell_size: Some(size),
                ..Options::default()
            };
            formats::write(&d, Format::Tiled, &options, Target::Replace(&file)).unwrap();
            check(&d, &file, &load(&file), size);
        }
    }
}

pub fn render_writes_the_map_and_its_tileset_beside_it() {
    let dir = scratch("tiled-render");
    let file: PathBuf = dir.join("cave.tmj");
    let (text, size) = (RECIPES[0], 8);
    let out = run(&[
        "render",
        "--recipe",
        text,
        "--cell-size",
        &size.to_string(),
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.join("cave.tiles.png").is_file());
    let d = generate(&text.parse().unwrap()).unwrap();
    check(&d, &file, &load(&file), size);

    // Without --cell-size, tiles take Tiled's usual 16 pixels.
    let out = run(&["render", "--recipe", text, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    check(&d, &file, &load(&file), tmj::DEFAULT_TILE_SIZE);
}

/// A map of every level of a dungeon holds a group layer a level (`level 1`, `level 2`…,
/// the first shown), each with its own tile layer, stairs tiles on the stairs' cells, and
/// its rooms, start, goal and stairs as objects; one tileset of six tiles serves them all.
pub fn real_tiled_reads_every_level_as_a_group_with_its_stairs() {
    let dir = scratch("tiled-levels");
    let text = "dv1 seed=6 width=24 height=16 rooms=5 room-size=20 closed=1 levels=3";
    let file = dir.join("levels.tmj");
    let out = run(&["render", "--recipe", text, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let map = load(&file);
    let recipe: Recipe = text.parse().unwrap();
    assert_eq!(
        map.properties.get("recipe"),
        Some(&PropertyValue::StringValue(recipe.to_string()))
    );
    let [tileset] = map.tilesets() else {
        panic!("one tileset expected");
    };
    assert_eq!(tileset.tilecount, CellKind::WITH_STAIRS.len() as u32);
    let groups: Vec<_> = map.layers().collect();
    assert_eq!(groups.len(), 3);
    let mut level = Some(generate(&recipe).unwrap());
    for (k, group) in (1..).zip(&groups) {
        let d = level.take().expect("three levels");
        assert_eq!(group.name, format!("level {k}"));
        assert_eq!(group.visible, k == 1, "only the first level is shown");
        assert_eq!(int(&group.properties, "level"), k);
        let own = Recipe {
            level: Some(k as u32),
            ..recipe.clone()
        };
        assert_eq!(
            group.properties.get("recipe"),
            Some(&PropertyValue::StringValue(own.to_string()))
        );
        let LayerType::Group(inner) = group.layer_type() else {
            panic!("level {k} should be a group");
        };
        let layers: Vec<_> = inner.layers().collect();
        assert_eq!(
            layers.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
            ["dungeon", "rooms"]
        );
        let LayerType::Tiles(TileLayer::Finite(tiles)) = layers[0].layer_type() else {
            panic!("level {k}: the first layer should hold tiles");
        };
        let doors: BTreeSet<Pos> = d.features().doors.iter().map(|door| door.outside).collect();
        let features = d.features();
        for p in d.tiles().positions() {
            let expected = if features.stairs_up == Some(p) {
                CellKind::StairsUp
            } else if features.stairs_down == Some(p) {
                CellKind::StairsDown
            } else {
                expected_kind(&d, &doors, p)
            };
            let tile = tiles.get_tile(p.x as i32, p.y as i32).expect("a tile");
            assert_eq!(tile.id() + tmj::FIRST_GID, expected.gid(), "level {k}: {p}");
        }
        let LayerType::Objects(objects) = layers[1].layer_type() else {
            panic!("level {k}: the second layer should hold objects");
        };
        let centre = |c: u32| (c * 16) as f32 + 8.0;
        for (name, at) in [
            ("stairs up", features.stairs_up),
            ("stairs down", features.stairs_down),
        ] {
            let found: Vec<_> = objects
                .objects()
                .filter(|o| o.name == name)
                .map(|o| (o.x, o.y))
                .collect();
            let expected: Vec<_> = at.iter().map(|p| (centre(p.x), centre(p.y))).collect();
            assert_eq!(found, expected, "level {k}: {name}");
        }
        level = d.next_level().unwrap();
    }
}

/// The README's picture of a map in Tiled is what Tiled's own `tmxrasterizer` draws of the
/// map its caption's command writes, pixel for pixel (`UPDATE_PICTURES=1` makes it again).
pub fn the_readmes_picture_of_tiled_is_what_tiled_draws_of_its_map() {
    let dir = scratch("tiled-picture");
    let pictures = pictures::made_by(|m| matches!(m, Maker::Tiled { .. }));
    assert_eq!(pictures.len(), 1, "{pictures:?}");
    for (file, maker) in pictures {
        let Maker::Tiled { render, map } = maker else {
            continue;
        };
        let out = Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
            .args(&render)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let drawn = pictures::place_in(&dir, &file);
        let out = qt_command("tmxrasterizer")
            .arg(dir.join(&map))
            .arg(&drawn)
            .output()
            .expect("tmxrasterizer runs");
        assert!(out.status.success(), "tmxrasterizer: {}", stderr(&out));
        let same = |old: &[u8], new: &[u8]| pictures::pixels_differ(old, new, |_, _| false);
        if let Err(why) = pictures::hold(&file, &drawn, same) {
            panic!("{why}");
        }
    }
}
