//! The heaviest recipes a user may ask for: `cargo bench --bench heavy` makes each once and
//! prints how long it took, or the reason it is refused before any work (see
//! `Recipe::validate`). The list holds the recipes that once took minutes and the worst
//! found by searching the recipe space; every allowed one should take at most 5 s on a
//! 2-core machine.

use dungeon_viewer::generate::bench::once;
use dungeon_viewer::generate::generate;
use dungeon_viewer::model::recipe::Recipe;
use std::hint::black_box;

/// The recipes, as a user would type them (missing keys keep their defaults).
const HEAVY: [&str; 18] = [
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 stickiness=1",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 stickiness=1 stretch=1",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 stickiness=1 stretch=-1",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 stickiness=0.9 stretch=0.5",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 merge=1",
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 spacing=8",
    "dv1 seed=1 width=2048 height=2048 rooms=1000 room-size=100 stickiness=1 stretch=1",
    "dv1 seed=1 width=1024 height=1024 rooms=10000 room-size=34 stickiness=1 stretch=1",
    "dv1 seed=419 width=1024 height=1024 rooms=10000 room-size=29 stickiness=0.52 \
     randomness=0.72 shape=mixed corridor=half-rect spacing=8 fit=move",
    "dv1 seed=1 width=2048 height=64 rooms=10000 room-size=6",
    "dv1 seed=1 width=2048 height=64 rooms=5000 room-size=8",
    "dv1 seed=1 width=2048 height=16 rooms=10000 room-size=3",
    "dv1 seed=1 width=300 height=218 rooms=10000 room-size=6",
    "dv1 seed=1 width=300 height=218 rooms=5000 room-size=13",
    "dv1 seed=79 width=83 height=1251 rooms=10000 room-size=6 stickiness=1 randomness=0.27 \
     shape=cross corridor=half-rect bends=6 merge=1",
    "dv1 seed=70 width=2048 height=16 rooms=10000 room-size=6 stickiness=0.02 randomness=0 \
     shape=mixed stretch=-1 corridor=twisty bends=5 loops=1 fit=move merge=1",
    "dv1 seed=76 width=1028 height=1829 rooms=3000 room-size=208 shape=cave connect=loops \
     loops=1 spacing=8 fit=move",
];

/// The recipe `text` spells, its values set one by one but not checked as a whole: the
/// check is what the benchmark reports.
fn unchecked(text: &str) -> Recipe {
    let mut recipe = Recipe::default();
    for word in text.split_whitespace().skip(1) {
        let (key, value) = word.split_once('=').expect("key=value");
        recipe.set(key, value).expect("a value in its key's range");
    }
    recipe
}

fn main() {
    println!("| recipe | ms | rooms | paths |");
    println!("|---|---|---|---|");
    let mut slowest: f64 = 0.0;
    for text in HEAVY {
        let recipe = unchecked(text);
        let shown = recipe.to_string();
        if let Err(why) = recipe.validate() {
            println!("| `{shown}` | refused: {why} | | |");
            continue;
        }
        let mut made = None;
        let ms = once(|| made = black_box(generate(black_box(&recipe)).ok()));
        let made = made.expect("an allowed recipe makes a map");
        slowest = slowest.max(ms);
        println!(
            "| `{shown}` | {ms:.0} | {} | {} |",
            made.rooms().len(),
            made.paths().len()
        );
    }
    println!("\nslowest allowed: {slowest:.0} ms");
}
