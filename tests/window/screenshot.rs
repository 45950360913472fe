//! The window's own screenshot (`--screenshot`): the map of the recipe, drawn where the
//! picture says, small maps drawn large, and the README's pictures of the window as their
//! captions make them.

use std::path::Path;
use std::process::{Command, Output};

use dungeon_files::formats::png::decode;
use dungeon_generator::Rgb;
use serde_json::Value;

use super::{BIN, Display, REFUSED, STARTS, display};
use crate::common::pictures::{self, Maker};
use crate::common::scratch;

/// The viewer run on `display` in `dir` (its favourites there too) with `args`, until it
/// ends: a `--screenshot` saves the window and quits.
fn run_on(display: &Display, dir: &Path, args: &[&str]) -> Output {
    let run = || {
        Command::new(BIN)
            .args(args)
            .current_dir(dir)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", dir.join("data"))
            .output()
            .expect("the binary runs")
    };
    let mut out = run();
    for _ in 1..STARTS {
        if !String::from_utf8_lossy(&out.stderr).contains(REFUSED) {
            break;
        }
        out = run();
    }
    out
}

/// The map's place in a window screenshot, from its `map` text: (x, y, scale, cell size).
fn map_place(text: &str) -> (f32, f32, f32, u32) {
    let value = |key: &str| -> f32 {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("no {key} in {text:?}"))
            .parse()
            .unwrap()
    };
    (value("x"), value("y"), value("scale"), value("cell") as u32)
}

pub fn a_screenshot_of_the_window_shows_the_map_of_the_recipe() {
    let display = display();
    let dir = scratch("screenshot");
    let shot = dir.join("window.png");
    let recipe = "dv1 seed=31 rooms=10 randomness=0.5";
    let out = run_on(
        &display,
        &dir,
        &["--recipe", recipe, "--screenshot", shot.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let picture = decode(&std::fs::read(&shot).unwrap(), &shot).unwrap();
    let pixels = &picture.pixels;
    // The default map at 12 pixels a cell beside a 300-pixel panel, above the status bar.
    assert_eq!(pixels.width(), 64 * 12 + 300);
    assert!(
        (56 * 12..56 * 12 + 40).contains(&pixels.height()),
        "{}",
        pixels.height()
    );
    assert_eq!(
        picture
            .text("recipe")
            .unwrap()
            .parse::<dungeon_generator::Recipe>()
            .unwrap()
            .seed,
        31
    );
    let (x0, y0, scale, cell) = map_place(picture.text("map").expect("where the map is"));
    assert_eq!((scale, cell), (1.0, 12));

    let json = Command::new(BIN)
        .args(["render", "--recipe", recipe, "-o", "-"])
        .output()
        .unwrap();
    let map: Value = serde_json::from_slice(&json.stdout).unwrap();
    let centre = |c: &Value| -> Rgb {
        let (cx, cy) = (c[0].as_u64().unwrap() as f32, c[1].as_u64().unwrap() as f32);
        let px = x0 + (cx * cell as f32 + cell as f32 / 2.0) * scale;
        let py = y0 + (cy * cell as f32 + cell as f32 / 2.0) * scale;
        pixels.pixel(px as u32, py as u32).unwrap()
    };
    let mut in_rooms = std::collections::BTreeSet::new();
    for room in map["rooms"].as_array().unwrap() {
        let colour = room["color"].as_array().unwrap();
        let colour = Rgb(
            colour[0].as_u64().unwrap() as u8,
            colour[1].as_u64().unwrap() as u8,
            colour[2].as_u64().unwrap() as u8,
        );
        for c in room["cells"].as_array().unwrap() {
            assert_eq!(centre(c), colour, "room cell {c}");
            in_rooms.insert((c[0].as_u64(), c[1].as_u64()));
        }
    }
    let mut black = 0;
    for path in map["paths"].as_array().unwrap() {
        for c in path["cells"].as_array().unwrap() {
            if !in_rooms.contains(&(c[0].as_u64(), c[1].as_u64())) {
                assert_eq!(centre(c), Rgb::BLACK, "path cell {c}");
                black += 1;
            }
        }
    }
    assert!(black > 20);
    let gray = pixels
        .rgba()
        .chunks_exact(4)
        .filter(|px| px[..3] == [84, 84, 84])
        .count();
    assert!(gray > 100_000, "only {gray} background pixels");
}

pub fn a_small_map_is_drawn_large() {
    let display = display();
    let dir = scratch("small-map");
    let shot = dir.join("window.png");
    let out = run_on(
        &display,
        &dir,
        &[
            "--width",
            "20",
            "--height",
            "15",
            "--rooms",
            "3",
            "--room-size",
            "10",
            "--screenshot",
            shot.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = decode(&std::fs::read(&shot).unwrap(), &shot).unwrap();
    let (_, _, scale, cell) = map_place(picture.text("map").expect("where the map is"));
    // 20 cells across a 480-pixel map area: 24 pixels a cell, not the 12 of big maps.
    assert!(scale * cell as f32 >= 20.0, "{scale} × {cell}");
}

/// The README's pictures of the window are what their captions make, run here on the
/// tests' own display (as `xvfb-run -s "-screen 0 1600x1000x24"` makes one): pixel for
/// pixel, but for the status bar's timing (`tests/common/pictures.rs`).
pub fn the_readmes_pictures_of_the_window_are_what_their_captions_make() {
    let display = display();
    let dir = scratch("window-pictures");
    let made = pictures::made_by(|m| matches!(m, Maker::Window(_)));
    assert!(made.len() >= 3, "only {made:?}");
    let mut failed = Vec::new();
    for (file, maker) in made {
        let Maker::Window(args) = maker else {
            continue;
        };
        pictures::place_in(&dir, &file);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_on(&display, &dir, &args);
        let result = if out.status.success() {
            pictures::hold(&file, &dir.join(&file), pictures::window_differs)
        } else {
            Err(format!(
                "{file}: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ))
        };
        failed.extend(result.err());
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
