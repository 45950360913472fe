//! The web build in a real browser: the page that `assets/web/build` writes to
//! `target/web/`, served from here and driven in Debian's Chromium by
//! `tests/web/drive.mjs` (playwright-core). The page loads and draws the map its address
//! names, with the rooms in the colours `render` gives; a key changes the map and the
//! address, and Back goes back; a favourite survives a reload; Save PNG downloads `render`'s
//! very file, in the hatched look too (its shapes drawn by `tiny-skia` in WebAssembly as
//! natively), whose key the address keeps; a bad address says so and still shows a map.
//!
//! What the tests need is checked once, before any runs ([`missing`]): without the built
//! page, Node.js, the driver's packages or Chromium they are counted as ignored, with the
//! reason; under `CI` they fail instead (`.ci/run` builds the page and installs them).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use dungeon_generator::{Pos, Recipe, Rgb};
use serde_json::Value;

use crate::common::{run, scratch};

#[path = "web/serve.rs"]
mod serve;
use serve::serve;

#[path = "web/pins.rs"]
mod pins;
use pins::thousands_of_pins;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Where `assets/web/build` writes the page.
fn page() -> PathBuf {
    Path::new(ROOT).join("target/web")
}

/// What the web tests need and this machine lacks, if anything: the built page, Node.js,
/// the driver's packages and Chromium.
pub fn missing() -> Option<String> {
    if !page().join("dungeon-viewer.wasm").is_file() {
        return Some("the page is not built: run assets/web/build".into());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no Node.js: apt-get install -y nodejs npm".into());
    }
    let driver = Path::new(ROOT).join("tests/web/node_modules/playwright-core");
    if !driver.is_dir() {
        return Some("the page's driver is not installed: run npm ci --prefix tests/web".into());
    }
    if !Path::new(&chromium()).exists() {
        return Some(format!(
            "no Chromium at {}: apt-get install -y chromium",
            chromium()
        ));
    }
    None
}

fn chromium() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
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

pub fn the_page_draws_the_map_its_address_names_in_renders_colours() {
    let dir = page();
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

pub fn a_key_changes_the_map_and_the_address_and_back_goes_back() {
    let dir = page();
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

pub fn a_favourite_kept_in_the_page_is_there_after_a_reload() {
    let dir = page();
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

pub fn save_png_downloads_the_file_render_writes() {
    let recipe = "dv1 seed=7 width=64 height=56 rooms=14 room-size=90 stickiness=0.5 randomness=1";
    saving_downloads_renders_file("web-save", recipe, "", &[]);
}

/// The page's download of `recipe`, its address ending in `look` (` look=…` or nothing), is
/// `render`'s file with `flags`, byte for byte. `name` names the test's own folder: tests
/// run side by side, and one that emptied another's folder would lose its download.
fn saving_downloads_renders_file(name: &str, recipe: &str, look: &str, flags: &[&str]) {
    let dir = page();
    let base = serve(dir);
    let into = scratch(name);
    let seen = drive(
        "save",
        &at(&base, &format!("{recipe}{look}")),
        &[into.to_str().unwrap()],
    );
    let downloaded = std::fs::read(seen["path"].as_str().unwrap()).unwrap();
    let rendered = into.join("render.png");
    let mut args = vec![
        "render",
        "--recipe",
        recipe,
        "-o",
        rendered.to_str().unwrap(),
    ];
    args.extend(flags);
    let out = run(&args);
    assert!(out.status.success());
    assert!(
        downloaded == std::fs::read(&rendered).unwrap(),
        "the download {} is not render's file",
        seen["name"]
    );
}

/// The hatched look's shapes are drawn by tiny-skia in the page's WebAssembly as on the
/// desktop: its rounding, hatching and anti-aliasing give the same bytes.
pub fn in_the_hatched_look_save_png_downloads_the_file_render_writes() {
    let recipe = "dv1 seed=7 width=64 height=56 rooms=14 room-size=90 stickiness=0.5 randomness=1 \
                  spacing=2 fit=move merge=1";
    saving_downloads_renders_file(
        "web-save-hatched",
        recipe,
        " look=doors,marks,numbers,hatched",
        &["--hatched", "--doors", "--marks", "--numbers"],
    );
}

pub fn the_hatched_look_comes_on_with_its_key_and_the_address_keeps_it() {
    let dir = page();
    let base = serve(dir);
    let recipe = "dv1 seed=3 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let shot = scratch("web-look").join("page.png");
    let seen = drive("look", &at(&base, recipe), &["i", shot.to_str().unwrap()]);
    assert_eq!(seen["before"], recipe);
    let hatched = format!("{recipe} look=hatched");
    assert_eq!(seen["after"], hatched.as_str(), "the address lost the look");
    assert_eq!(seen["reloaded"], hatched.as_str(), "a reload lost the look");
    // The page shows the look's parchment, which no other look has.
    let parchment = dungeon_files::draw::hatched::PARCHMENT_PAPER;
    let Rgb(r, g, b) = parchment;
    assert!(
        colours(&shot).contains(&[r, g, b]),
        "the page does not show the hatched look's parchment"
    );
}

/// PageDown shows the level below: the address names the level shown, and a reload opens
/// at it.
pub fn page_down_shows_the_level_below_and_the_address_keeps_it() {
    let dir = page();
    let base = serve(dir);
    let recipe = "dv1 seed=3 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 \
                  levels=3";
    let shot = scratch("web-levels").join("page.png");
    let seen = drive(
        "look",
        &at(&base, recipe),
        &["PageDown", shot.to_str().unwrap()],
    );
    assert_eq!(seen["before"], format!("{recipe} level=1").as_str());
    let below = format!("{recipe} level=2");
    assert_eq!(seen["after"], below.as_str(), "the address lost the level");
    assert_eq!(seen["reloaded"], below.as_str(), "a reload lost the level");
}

pub fn a_bad_address_says_so_and_shows_a_map() {
    let dir = page();
    let base = serve(dir);
    for bad in [
        "dv1 rooms=banana",
        "dv1 width=0",
        "nonsense%ZZ",
        "dv1 seed=7 rooms=14%ZZ",
    ] {
        let shot = scratch("web-bad").join("page.png");
        let seen = drive("first", &at(&base, bad), &[shot.to_str().unwrap()]);
        let status = &seen["status"];
        assert_eq!(status["problem"], true, "{bad}: no problem said: {status}");
        let text = status["text"].as_str().unwrap();
        assert!(text.contains("address"), "{bad}: {status}");
        // A bad escape is named as such, where it is (the spaces are %20 in the address).
        if bad.ends_with("%ZZ") {
            let at = at("", bad).chars().count() - 3;
            let said = format!("`%ZZ`, at character {at} after the #, is not a %-escape");
            assert!(text.contains(&said), "{bad}: {text}");
        }
        let recipe: dungeon_generator::Recipe = seen["recipe"].as_str().unwrap().parse().unwrap();
        assert_eq!(recipe, dungeon_generator::Recipe::default(), "{bad}");
        assert!(colours(&shot).len() > 3, "{bad}: the page is blank");
    }
}

pub fn an_address_changed_in_the_page_opens_its_map() {
    let dir = page();
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

pub fn a_slider_changes_the_map_and_the_address() {
    let dir = page();
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

pub fn a_room_is_pinned_kept_through_new_rooms_and_dragged_in_the_page() {
    let dir = page();
    let base = serve(dir);
    let recipe = "dv1 seed=5 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    // Over seed 5's purple room at the top of the default window's map; then 40 pixels
    // (about three cells) to the right.
    let seen = drive("pin", &at(&base, recipe), &["300", "40", "40"]);
    let read = |what: &str| -> Recipe { seen[what].as_str().unwrap().parse().unwrap() };
    let (pinned, rerolled, dragged) = (read("pinned"), read("rerolled"), read("dragged"));
    assert_eq!(pinned.pins.len(), 1, "Ctrl+click pinned nothing: {pinned}");
    // The status bar names the room pinned by its number, as the numbers look shows it.
    let number = pinned.pins[0].room_index().unwrap() + 1;
    let said = seen["said"]["text"].as_str().unwrap_or_default();
    assert!(
        said.starts_with(&format!("Pinned room {number}:")),
        "{said}"
    );
    assert!(
        rerolled.rooms_seed.is_some(),
        "R made no new rooms: {rerolled}"
    );
    assert_eq!(
        rerolled.pins, pinned.pins,
        "New rooms let the pinned room go"
    );
    let cells = |r: &Recipe| -> Vec<Pos> { r.pins[0].cells().collect() };
    let dx = cells(&dragged)[0].x as i64 - cells(&rerolled)[0].x as i64;
    assert!(dx > 0, "the dragged room did not move right: {dragged}");
    let shifted: Vec<Pos> = cells(&rerolled)
        .iter()
        .map(|p| Pos::new(p.x + dx as u32, p.y))
        .collect();
    assert_eq!(
        cells(&dragged),
        shifted,
        "the dragged room changed its shape"
    );
}

pub fn an_address_of_thousands_of_pins_opens_its_map_or_says_why_not() {
    let base = serve(page());
    // 3,510 winding caves on the largest map, each pinned: over half a megabyte of address,
    // the same map as without the pins; and the same pins with the second moved onto the
    // first, refused. How long the page's frames take with them: `cargo bench --bench web`.
    let (plain, pinned, onto) = thousands_of_pins();
    let texts: Vec<String> = [&plain, &pinned, &onto]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(texts[1].len() > 500_000, "{} bytes", texts[1].len());
    let list = scratch("web-pins").join("recipes.json");
    std::fs::write(&list, serde_json::to_string(&texts).unwrap()).unwrap();
    let seen = drive(
        "frames",
        &at(&base, "dv1 seed=3"),
        &[list.to_str().unwrap()],
    );
    let seen = seen["seen"].as_array().unwrap();
    assert_eq!(
        seen[0]["shown"], true,
        "the plain map: {}",
        seen[0]["status"]
    );
    assert_eq!(
        seen[1]["shown"], true,
        "the pinned map: {}",
        seen[1]["status"]
    );
    assert_eq!(seen[2]["shown"], false, "the refused recipe made a map");
    let status = seen[2]["status"]["text"].as_str().unwrap_or_default();
    assert!(status.contains("pin 2 overlaps pin 1"), "{status}");
}

pub fn with_the_browsers_storage_full_a_favourite_stays_in_the_page_and_says_so() {
    let dir = page();
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

pub fn a_saved_png_or_a_recipe_file_dropped_on_the_page_opens_its_map() {
    let dir = page();
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

/// A file larger than any picture this program writes, dropped on the page, is refused
/// unread with a message naming it (its name escaped); a big one within that opens its map
/// from its start, as the desktop opens it. Reading such files whole left an uncaught
/// `NotReadableError` in the console (at 1.5–2.1 GB) and no message.
pub fn a_huge_dropped_file_is_refused_with_a_message_and_a_big_one_opens_from_its_start() {
    let dir = page();
    let base = serve(dir);
    let files = scratch("web-drop-big");
    let recipe: Recipe = "dv1 seed=21 rooms=7".parse().unwrap();
    // Saved pictures with nothing after their end, as big as asked but taking no room on
    // the disk (sparse).
    let picture = |name: &str, bytes: u64| {
        let path = files.join(name);
        let out = run(&[
            "render",
            "--recipe",
            &recipe.to_string(),
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(bytes)
            .unwrap();
        path
    };
    let huge = picture("huge\u{7}\u{202e}gnp.png", 2_000_000_000);
    let seen = drive("drop", &base, &[huge.to_str().unwrap()]);
    let status = &seen["status"];
    let text = status["text"].as_str().unwrap();
    assert_eq!(status["problem"], true, "{status}");
    assert!(
        text.starts_with("huge\\u{7}\\u{202e}gnp.png is not opened: at 2.0 GB it is larger"),
        "{text}"
    );
    assert!(seen["opened"].is_null(), "{seen}");
    let big = picture("big.png", 900_000_000);
    let seen = drive("drop", &base, &[big.to_str().unwrap()]);
    let opened: Recipe = seen["opened"].as_str().unwrap().parse().unwrap();
    assert_eq!(opened, recipe, "{}", seen["status"]);
}

/// A favourite whose name holds control and direction characters (a bell, U+202E which
/// turns the text around) is named with them escaped, as every message quotes names.
pub fn a_favourites_name_is_shown_with_control_and_direction_characters_escaped() {
    let dir = page();
    let base = serve(dir);
    let recipe = "dv1 seed=41 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let name = "bell\u{7} \u{202e}desrever";
    let seen = drive("named-favourite", &at(&base, recipe), &[name]);
    let text = seen["status"]["text"].as_str().unwrap();
    assert_eq!(text, "Opened “bell\\u{7} \\u{202e}desrever”", "{text:?}");
}

/// Space gives other seeds at each visit: the page's new seeds start from its clock, not
/// from the map's seed (every visit showed the same "new" maps).
pub fn space_gives_other_seeds_at_each_visit() {
    let dir = page();
    let base = serve(dir);
    let recipe = "dv1 seed=3 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1";
    let seeds: Vec<u64> = (0..2)
        .map(|_| {
            let seen = drive("keys", &at(&base, recipe), &[]);
            let after: Recipe = seen["after_space"].as_str().unwrap().parse().unwrap();
            after.seed
        })
        .collect();
    assert!(!seeds.contains(&3), "Space kept the seed: {seeds:?}");
    assert_ne!(seeds[0], seeds[1], "both visits gave the same new seed");
}

/// The README and PERFORMANCE.md give the page's size as `assets/web/build` makes it, to
/// 0.05 MB.
pub fn the_documents_give_the_pages_size_as_built() {
    let file = page().join("dungeon-viewer.wasm");
    let built = std::fs::metadata(file).unwrap().len() as f64 / 1e6;
    for (document, before, after) in [
        ("README.md", "The page is ", " MB of WebAssembly"),
        ("assets/doc/PERFORMANCE.md", "The `.wasm` is ", " MB"),
    ] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(document)).unwrap();
        let stated: f64 = text
            .split(before)
            .nth(1)
            .and_then(|rest| rest.split(after).next())
            .and_then(|size| size.parse().ok())
            .unwrap_or_else(|| panic!("{document} says no longer \"{before}N{after}\""));
        assert!(
            (stated - built).abs() <= 0.05,
            "{document} gives the page as {stated} MB; assets/web/build made {built:.2} MB"
        );
    }
}
