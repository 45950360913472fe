//! The web build against the native one, on the same recipes in the same minutes:
//! `cargo bench --bench web` (after `assets/web/build`) prints one Markdown table. For each
//! recipe, the page is opened on its address in Debian's Chromium (driven by
//! `tests/web/drive.mjs`) a few times, and the time the page spent making the map (the sum
//! of its slices of frames) and the time until the map was on screen (from the page's
//! start) are taken; the native build makes the same recipe as `dungeon-viewer bench`
//! does. Also printed: the size of the page's files.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicU32;

use dungeon_generator::Recipe;
use dungeon_viewer::bench::{measure, median};

#[path = "../tests/web/serve.rs"]
mod serve;
use serve::serve;

#[path = "../tests/web/pins.rs"]
mod pins;
use pins::thousands_of_pins;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Page loads per recipe.
const LOADS: usize = 5;
/// (name, recipe) at seeds 1 to 3.
const WORKLOADS: [(&str, &str); 2] = [
    ("W1", "dv1 width=64 height=56 rooms=12"),
    ("W3", "dv1 width=256 height=224 rooms=192"),
];

fn main() {
    let dir = Path::new(ROOT).join("target/web");
    let wasm = dir.join("dungeon-viewer.wasm");
    let Ok(size) = std::fs::metadata(&wasm).map(|m| m.len()) else {
        eprintln!("no page to measure: run assets/web/build first");
        std::process::exit(1);
    };
    let files: u64 = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum();
    println!(
        "The page: {:.2} MB of WebAssembly, {:.2} MB in all\n",
        size as f64 / 1e6,
        files as f64 / 1e6
    );
    let base = serve(dir);
    println!(
        "| workload | seed | browser ms, cold (median of {LOADS} page loads) | browser ms, warm \
         (median of {LOADS}) | native ms (median of 20) | warm browser / native | first \
         map on screen, ms after the page opened (median) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, text) in WORKLOADS {
        for seed in 1..=3 {
            let recipe: Recipe = format!("{text} seed={seed}").parse().unwrap();
            let address = format!("{base}#{}", recipe.to_string().replace(' ', "%20"));
            let (mut cold, mut first) = (Vec::new(), Vec::new());
            for _ in 0..LOADS {
                let (made, shown) = opened(&address);
                cold.push(made);
                first.push(shown);
            }
            // Warm: the page's code run first on other seeds of the workload, then this
            // recipe made as part of a run of its own.
            let warm_up = (100..100 + LOADS as u64).map(|s| with_seed(&recipe, s));
            let own = (0..LOADS as u64).map(|k| with_seed(&recipe, 1000 * (k + 1) + seed));
            let list: Vec<Recipe> = warm_up.chain(own).collect();
            let mut warm = made_in_turn(&base, &list)[LOADS..].to_vec();
            let native: Vec<f64> = list[LOADS..]
                .iter()
                .map(|r| {
                    measure(r, 20, &AtomicU32::new(0))
                        .expect("an allowed recipe")
                        .median_ms
                })
                .collect();
            let (warm, native) = (median(&mut warm), median(&mut native.clone()));
            println!(
                "| {name} | {seed} | {:.1} | {warm:.1} | {native:.2} | {:.2} | {:.0} |",
                median(&mut cold),
                warm / native,
                median(&mut first)
            );
        }
    }
    pins(&base);
}

/// The longest frames while the page opens a map of thousands of pins, the same map
/// without them, and the pins refused, each the median over [`LOADS`] runs.
fn pins(base: &str) {
    let (plain, pinned, onto) = thousands_of_pins();
    let texts: Vec<String> = [&plain, &pinned, &onto]
        .iter()
        .map(ToString::to_string)
        .collect();
    let list = std::env::temp_dir().join(format!("dv-bench-pins-{}.json", std::process::id()));
    std::fs::write(&list, serde_json::to_string(&texts).expect("texts")).expect("a temporary file");
    let mut longest = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..LOADS {
        let out = Command::new("node")
            .arg(Path::new(ROOT).join("tests/web/drive.mjs"))
            .args(["frames", &format!("{base}#dv1%20seed=3")])
            .arg(&list)
            .output()
            .expect("node runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let seen: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap_or_default()).unwrap_or_default();
        for (i, times) in longest.iter_mut().enumerate() {
            let ms = seen["seen"][i]["longest_ms"].as_f64();
            times.push(ms.unwrap_or_else(|| panic!("{text}")));
        }
    }
    let _ = std::fs::remove_file(&list);
    let [mut a, mut b, mut c] = longest;
    let (a, b, c) = (median(&mut a), median(&mut b), median(&mut c));
    println!(
        "\n| address | bytes | longest frame ms (median of {LOADS}) | over the map without pins |"
    );
    println!("|---|---|---|---|");
    println!(
        "| the map without pins | {} | {a:.0} | 1.00 |",
        texts[0].len()
    );
    println!(
        "| every room pinned | {} | {b:.0} | {:.2} |",
        texts[1].len(),
        b / a
    );
    println!(
        "| pins refused (one onto another) | {} | {c:.0} | {:.2} |",
        texts[2].len(),
        c / a
    );
}

/// `recipe` with another seed.
fn with_seed(recipe: &Recipe, seed: u64) -> Recipe {
    Recipe {
        seed,
        ..recipe.clone()
    }
}

/// Open the page on `list`'s first recipe, then each of them in turn: how long each took
/// to make, in milliseconds.
fn made_in_turn(base: &str, list: &[Recipe]) -> Vec<f64> {
    let texts: Vec<String> = list.iter().map(|r| format!("\"{r}\"")).collect();
    let json = format!("[{}]", texts.join(","));
    let out = Command::new("node")
        .arg(Path::new(ROOT).join("tests/web/drive.mjs"))
        .args(["made", base, &json])
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let at = text.find("\"times\":[").unwrap_or_else(|| panic!("{text}"));
    text[at + 9..]
        .split(']')
        .next()
        .unwrap_or_default()
        .split(',')
        .map(|n| n.parse().unwrap_or_else(|_| panic!("{text}")))
        .collect()
}

/// Open the page at `address`: the time it spent making its map, and when the map was on
/// screen, in milliseconds.
fn opened(address: &str) -> (f64, f64) {
    let out = Command::new("node")
        .arg(Path::new(ROOT).join("tests/web/drive.mjs"))
        .args(["first", address])
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| -> f64 {
        let at = text
            .find(&format!("\"{name}\":"))
            .unwrap_or_else(|| panic!("{text}"));
        text[at + name.len() + 3..]
            .split([',', '}'])
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{text}"))
    };
    (field("made_ms"), field("first_ms"))
}
