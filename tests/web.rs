//! The web build in a real browser: the page that `assets/web/build` writes to
//! `target/web/`, served from here and driven in Debian's Chromium by
//! `tests/web/drive.mjs` (playwright-core). The page loads and draws the map its address
//! names, with the rooms in the colours `render` gives; a key changes the map and the
//! address, and Back goes back; a favourite survives a reload; Save PNG downloads `render`'s
//! very file; a bad address says so and still shows a map.
//!
//! Without the built page, Node.js, the driver's packages or Chromium these tests print a
//! loud notice and pass; under `CI` they fail instead (`.ci/run` builds the page and
//! installs them).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use dungeon_generator::Recipe;
use serde_json::Value;

use crate::common::{run, scratch};

#[path = "web/serve.rs"]
mod serve;
use serve::serve;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The built page, or why there is none.
fn page() -> Result<PathBuf, String> {
    let dir = Path::new(ROOT).join("target/web");
    if !dir.join("dungeon-viewer.wasm").is_file() {
        return Err("the page is not built (run assets/web/build)".into());
    }
    let driver = Path::new(ROOT).join("tests/web/node_modules/playwright-core");
    if !driver.is_dir() {
        return Err("the driver is not installed (run npm ci --prefix tests/web)".into());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Err("Node.js is not installed (apt-get install nodejs)".into());
    }
    if !Path::new(&chromium()).exists() {
        return Err("Chromium is not installed (apt-get install chromium)".into());
    }
    Ok(dir)
}

fn chromium() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// The page, or `None` after a loud notice; under `CI`, a missing page fails the test.
fn page_or_skip() -> Option<PathBuf> {
    match page() {
        Ok(dir) => Some(dir),
        Err(why) if std::env::var_os("CI").is_some() => panic!("CI must test the web page: {why}"),
        Err(why) => {
            eprintln!("\n!!!! SKIPPING a web page test: {why}.\n");
            None
        }
    }
}

/// Run the driver's `scenario` on `url`; what it saw.
fn drive(scenario: &str, url: &str, args: &[&str]) -> Value {
    let out = Command::new("node")
        .arg(Path::new(ROOT).join("tests/web/drive.mjs"))
        .arg(scenario)
        .arg(url)
        .args(args)
        .env("CHROMIUM", chromium())
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let seen: Value = stdout
        .lines()
        .last()
        .and_then(|line| serde_json::from_str(line).ok())
        .unwrap_or_else(|| {
            let stderr = String::from_utf8_lossy(&out.stderr);
            panic!(
                "the driver said nothing readable: {}",
                stderr.chars().take(500).collect::<String>()
            )
        });
    assert!(seen.get("error").is_none(), "{scenario}: {}", seen["error"]);
    let problems = seen["problems"].as_array().cloned().unwrap_or_default();
    assert!(
        problems.is_empty(),
        "{scenario}: the page reported {problems:?}"
    );
    seen
}

/// The address of the page showing `recipe`, percent-encoded as browsers write it.
fn at(base: &str, recipe: &str) -> String {
    format!("{base}#{}", recipe.replace(' ', "%20"))
}

/// The colours of `png`'s pixels.
fn colours(png: &Path) -> BTreeSet<[u8; 3]> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

#[test]
fn the_page_draws_the_map_its_address_names_in_renders_colours() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=7 width=64 height=56 rooms=14 room-size=90 stickiness=0.5 randomness=1";
    let shot = scratch("web-first").join("page.png");
    let seen = drive("first", &at(&base, recipe), &[shot.to_str().unwrap()]);
    assert_eq!(seen["recipe"], recipe, "the page showed another map");
    assert_eq!(seen["fragment"], recipe, "the address lost its map");
    // Every room's colour, as render's JSON gives it, is on the page.
    let out = run(&["render", "--recipe", recipe, "-o", "-"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let on_page = colours(&shot);
    for room in json["rooms"].as_array().unwrap() {
        let c = &room["color"];
        let rgb = [0, 1, 2].map(|i| c[i].as_u64().unwrap() as u8);
        assert!(
            on_page.contains(&rgb),
            "room colour {rgb:?} is not on the page"
        );
    }
}

#[test]
fn a_key_changes_the_map_and_the_address_and_back_goes_back() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=3 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let seen = drive("keys", &at(&base, recipe), &[]);
    assert_eq!(seen["first"], recipe);
    assert_ne!(seen["after_space"], recipe, "Space kept the map");
    assert_eq!(seen["fragment_after_space"], seen["after_space"]);
    assert_eq!(
        seen["after_back"], recipe,
        "Back did not bring the map back"
    );
    assert_eq!(seen["fragment_after_back"], recipe);
}

#[test]
fn a_favourite_kept_in_the_page_is_there_after_a_reload() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=41 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let seen = drive("favourite", &at(&base, recipe), &[]);
    assert_eq!(seen["kept"], recipe);
    assert_ne!(
        seen["after_reload"], recipe,
        "the reload did not open the map after it"
    );
    assert_eq!(
        seen["reopened"], recipe,
        "1 did not open the kept favourite"
    );
}

#[test]
fn save_png_downloads_the_file_render_writes() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=7 width=64 height=56 rooms=14 room-size=90 stickiness=0.5 randomness=1";
    let into = scratch("web-save");
    let seen = drive("save", &at(&base, recipe), &[into.to_str().unwrap()]);
    let downloaded = std::fs::read(seen["path"].as_str().unwrap()).unwrap();
    let rendered = into.join("render.png");
    let out = run(&[
        "render",
        "--recipe",
        recipe,
        "-o",
        rendered.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(
        downloaded == std::fs::read(&rendered).unwrap(),
        "the download {} is not render's file",
        seen["name"]
    );
}

#[test]
fn a_bad_address_says_so_and_shows_a_map() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    for bad in ["dv1 rooms=banana", "dv1 width=0", "nonsense%ZZ"] {
        let shot = scratch("web-bad").join("page.png");
        let seen = drive("first", &at(&base, bad), &[shot.to_str().unwrap()]);
        let status = &seen["status"];
        assert_eq!(status["problem"], true, "{bad}: no problem said: {status}");
        assert!(
            status["text"].as_str().unwrap().contains("address"),
            "{bad}: {status}"
        );
        let recipe: dungeon_generator::Recipe = seen["recipe"].as_str().unwrap().parse().unwrap();
        assert_eq!(recipe, dungeon_generator::Recipe::default(), "{bad}");
        assert!(colours(&shot).len() > 3, "{bad}: the page is blank");
    }
}

#[test]
fn an_address_changed_in_the_page_opens_its_map() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipes: Vec<String> = [5, 6]
        .map(|seed| {
            let recipe: dungeon_generator::Recipe = format!("dv1 seed={seed}").parse().unwrap();
            format!("\"{recipe}\"")
        })
        .to_vec();
    // The driver waits for each map the address names to be on screen.
    let seen = drive("made", &base, &[&format!("[{}]", recipes.join(","))]);
    assert_eq!(seen["times"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_slider_changes_the_map_and_the_address() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=3 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    // Near the right end of the stickiness slider, in the default window's panel.
    let seen = drive("slider", &at(&base, recipe), &["880", "164"]);
    let after: dungeon_generator::Recipe = seen["after"].as_str().unwrap().parse().unwrap();
    assert!(after.stickiness > 0.8, "stickiness is {}", after.stickiness);
    assert_eq!(after.seed, 3);
    assert_eq!(
        seen["fragment"], seen["after"],
        "the address did not follow the slider"
    );
}

#[test]
fn a_room_is_pinned_kept_through_new_rooms_and_dragged_in_the_page() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=5 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    // Over seed 5's purple room at the top of the default window's map; then 40 pixels
    // (about three cells) to the right.
    let seen = drive("pin", &at(&base, recipe), &["300", "40", "40"]);
    let read = |what: &str| -> Recipe { seen[what].as_str().unwrap().parse().unwrap() };
    let (pinned, rerolled, dragged) = (read("pinned"), read("rerolled"), read("dragged"));
    assert_eq!(pinned.pins.len(), 1, "Ctrl+click pinned nothing: {pinned}");
    assert!(
        rerolled.rooms_seed.is_some(),
        "R made no new rooms: {rerolled}"
    );
    assert_eq!(
        rerolled.pins, pinned.pins,
        "New rooms let the pinned room go"
    );
    let cells = |r: &Recipe| -> Vec<(u32, u32)> { r.pins[0].cells().collect() };
    let dx = cells(&dragged)[0].0 as i64 - cells(&rerolled)[0].0 as i64;
    assert!(dx > 0, "the dragged room did not move right: {dragged}");
    let shifted: Vec<(u32, u32)> = cells(&rerolled)
        .iter()
        .map(|&(x, y)| (x + dx as u32, y))
        .collect();
    assert_eq!(
        cells(&dragged),
        shifted,
        "the dragged room changed its shape"
    );
}

#[test]
fn with_the_browsers_storage_full_a_favourite_stays_in_the_page_and_says_so() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let recipe = "dv1 seed=41 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let seen = drive("full-storage", &at(&base, recipe), &[]);
    let status = seen["status"]["text"].as_str().unwrap();
    assert!(status.contains("storage is full"), "{status}");
    assert_eq!(
        seen["reopened"], recipe,
        "the favourite kept in the page did not open"
    );
}

#[test]
fn a_saved_png_or_a_recipe_file_dropped_on_the_page_opens_its_map() {
    let Some(dir) = page_or_skip() else {
        return;
    };
    let base = serve(dir);
    let files = scratch("web-drop");
    let recipe: dungeon_generator::Recipe = "dv1 seed=12 rooms=9".parse().unwrap();
    let png = files.join("saved.png");
    let out = run(&[
        "render",
        "--recipe",
        &recipe.to_string(),
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = files.join("notes.txt");
    std::fs::write(
        &text,
        format!(
            "for tonight: {}\n",
            recipe.to_string().replace("seed=12", "seed=13")
        ),
    )
    .unwrap();
    for (file, seed) in [(&png, 12), (&text, 13)] {
        let seen = drive("drop", &base, &[file.to_str().unwrap()]);
        let opened: dungeon_generator::Recipe = seen["opened"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            opened,
            dungeon_generator::Recipe {
                seed,
                ..recipe.clone()
            },
            "{}",
            file.display()
        );
    }
}
