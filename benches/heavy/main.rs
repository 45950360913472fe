//! The heaviest recipes a user may ask for: `cargo bench --bench heavy` makes each once and
//! prints how long it took, or the reason it is refused before any work (see
//! `Recipe::validate`) and then the same recipe with as many rooms as the refusal says fit,
//! the heaviest the bound lets through. The list holds the recipes that once took minutes
//! and the worst found by searching the recipe space; every allowed one should take at most
//! 5 s on a 2-core machine. Each is then called off at moments spread over its making, as
//! the window does when a slider moves, and the longest wait for it to stop is printed:
//! the window's goal is 50 ms.
//!
//! `cargo bench --bench heavy -- --search N [--from S]` searches the recipe space instead:
//! `N` random recipes (samples `S`, `S + 1`, …), every key drawn from its range, each with
//! the most rooms it may have (as many as the map holds, or as the refusal says fit), made
//! once; a making is called off after three times the bound. It prints each as it goes
//! (wall and CPU time, and the estimate) and then the slowest; run it at low priority
//! (`nice`) on a shared machine.

#[path = "../common/cpu.rs"]
mod cpu;
mod search;
mod timing;

use std::thread;
use std::time::{Duration, Instant};

use dungeon_generator::Error;
use dungeon_generator::Generation;
use dungeon_generator::Recipe;
use dungeon_generator::{Progress, Snapshot};
use timing::timed;

/// The recipes, as a user would type them (missing keys keep their defaults).
const HEAVY: &[&str] = &[
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
    // Issue 39: the rooms refusals offered, twisty corridors that merge.
    "dv1 seed=1 width=2048 height=2048 rooms=3973 room-size=20 corridor=twisty bends=8 \
     spacing=8 fit=move merge=1",
    "dv1 seed=1 width=2048 height=2048 rooms=3973 room-size=100 corridor=twisty spacing=3 \
     fit=move merge=1",
    // The worst the search found before: weak merges, crowded maps.
    "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100 merge=0.1",
    "dv1 seed=12726 width=2048 height=2048 rooms=10000 room-size=1 stickiness=1 randomness=0 \
     shape=diamond stretch=-1 corridor=twisty bends=8 spacing=8 fit=move merge=0.65",
    "dv1 seed=3420 width=1888 height=1501 rooms=4723 room-size=200 stickiness=0 \
     randomness=0.24 fit=move merge=0.76",
    // The worst it finds now: a long thin map.
    "dv1 seed=15583 width=368 height=2048 rooms=10000 room-size=22 stickiness=0.3 \
     randomness=0.73 stretch=1 bends=7 spacing=3 merge=1",
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

/// When a making is called off, as shares of the time it takes.
const CALLED_OFF_AT: [f64; 6] = [0.02, 0.1, 0.3, 0.5, 0.7, 0.9];

/// The longest wait for `recipe`'s making to stop once cancelled, over the moments of
/// [`CALLED_OFF_AT`] of its `ms`, with how far it had got; `None` when every making ended
/// before it was called off.
fn longest_stop(recipe: &Recipe, ms: f64) -> Option<(f64, Snapshot)> {
    let mut longest: Option<(f64, Snapshot)> = None;
    for share in CALLED_OFF_AT {
        let progress = Progress::default();
        let (waited, stopped) = thread::scope(|scope| {
            let making = scope.spawn(|| Generation::new(recipe).and_then(|g| g.run(&progress)));
            // The bench waits on purpose: the moment is what is measured.
            thread::sleep(Duration::from_secs_f64(ms * share / 1e3));
            let asked = Instant::now();
            progress.cancel();
            let result = making.join().expect("making a map does not panic");
            (asked.elapsed(), matches!(result, Err(Error::Cancelled)))
        });
        let waited = waited.as_secs_f64() * 1e3;
        if stopped && longest.is_none_or(|(most, _)| waited > most) {
            longest = Some((waited, progress.snapshot()));
        }
    }
    longest
}

/// One line of the table for an allowed `recipe`; returns how long it took on two free
/// cores.
fn row(recipe: &Recipe) -> f64 {
    let took = timed(recipe, Duration::MAX);
    let made = took.made.expect("an allowed recipe makes a map");
    let stop = match longest_stop(recipe, took.wall) {
        Some((waited, at)) => format!(
            "{waited:.1} (at {} of {} rooms, {} of {} paths)",
            at.rooms_placed, at.rooms_total, at.paths_joined, at.paths_total
        ),
        None => "ended first".to_string(),
    };
    println!(
        "| `{recipe}` | {:.0} | {:.0} | {} | {} | {stop} |",
        took.wall,
        took.free,
        made.rooms().len(),
        made.paths().len()
    );
    took.free
}

/// The value after `flag` among the arguments, as a number.
fn number_after(args: &[String], flag: &str) -> Option<u64> {
    let at = args.iter().position(|a| a == flag)?;
    args.get(at + 1)?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(count) = number_after(&args, "--search") {
        search::search(number_after(&args, "--from").unwrap_or(1), count);
        return;
    }
    println!(
        "| recipe | ms | ms on 2 free cores | rooms | paths | longest stop once cancelled, ms |"
    );
    println!("|---|---|---|---|---|---|");
    let mut slowest: f64 = 0.0;
    for text in HEAVY {
        let mut recipe = unchecked(text);
        match recipe.validate() {
            Ok(()) => slowest = slowest.max(row(&recipe)),
            Err(why) => {
                println!("| `{recipe}` | refused: {why} | | | | |");
                if let Error::TooSlow { fits, .. } = why {
                    recipe.rooms = fits;
                    slowest = slowest.max(row(&recipe));
                }
            }
        }
    }
    println!("\nslowest allowed: {slowest:.0} ms");
}
