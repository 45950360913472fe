//! Dragging a pinned room: `cargo bench --bench drag` times the map made afresh at each
//! step of a drag, as the window makes it while a pinned room moves under the pointer, at
//! the default size (W1) and at W3.
//!
//! For each of several seeds, a room of the map is pinned and dragged a cell at a time
//! round a square (steps it may not take, off the map or onto another pin, are skipped, as
//! the window keeps the last place that fits). Each step's map is timed beside the same
//! recipe without the pin and the floor (one plain flood of the empty grid), round by
//! round, so load from elsewhere weighs on all three alike. The row gives the medians over
//! every step and the ratios: a drag step against the floor, and against a map without
//! pins.

use std::hint::black_box;

use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_viewer::bench::{median, once, plain_flood};

/// (name, width, height, rooms, seeds, cells a side of the square dragged round)
const WORKLOADS: [(&str, u32, u32, u32, u64, i64); 2] =
    [("W1", 64, 56, 12, 8, 6), ("W3", 256, 224, 192, 3, 4)];

/// The recipes of a drag of a room of `recipe`'s map round a square of `side` cells, one
/// cell a step, leaving out the steps refused.
fn drag(recipe: &Recipe, side: i64) -> Vec<Recipe> {
    let map = generate(recipe).expect("the workloads are in range");
    let room = &map.rooms()[map.rooms().len() / 2];
    let cell = room.cells()[0];
    let mut at = recipe.pin_at(&map, cell).expect("a room's cell pins it");
    let moves = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        .into_iter()
        .flat_map(|step| std::iter::repeat_n(step, side as usize));
    let mut steps = Vec::new();
    for (dx, dy) in moves {
        if let Ok(next) = at.moved_pin(0, dx, dy) {
            steps.push(next.clone());
            at = next;
        }
    }
    steps
}

fn main() {
    println!(
        "| workload | grid | rooms | steps | drag step median ms | unpinned median ms | floor ms | step / floor | step / unpinned |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, width, height, rooms, seeds, side) in WORKLOADS {
        let (mut step_ms, mut plain_ms, mut floor_ms) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 1..=seeds {
            let recipe = Recipe {
                seed,
                width,
                height,
                rooms,
                ..Recipe::default()
            };
            for step in drag(&recipe, side) {
                let unpinned = Recipe {
                    pins: Vec::new(),
                    ..step.clone()
                };
                step_ms.push(once(|| {
                    black_box(generate(black_box(&step)).ok());
                }));
                plain_ms.push(once(|| {
                    black_box(generate(black_box(&unpinned)).ok());
                }));
                floor_ms.push(once(|| {
                    black_box(plain_flood(black_box(width), black_box(height)));
                }));
            }
        }
        let steps = step_ms.len();
        let (step, plain, floor) = (
            median(&mut step_ms),
            median(&mut plain_ms),
            median(&mut floor_ms),
        );
        println!(
            "| {name} | {width}×{height} | {rooms} | {steps} | {step:.3} | {plain:.3} | {floor:.4} | {:.1} | {:.2} |",
            step / floor,
            step / plain
        );
    }
}
