//! What watching a generation costs: `cargo bench --bench watching` times each workload
//! generated with no one watching (as `render` and `bench` do) and watched live (as the
//! window does, keeping each room and path for its fill-in), in turn, round by round, and
//! prints the medians and their ratio.

use std::hint::black_box;

use dungeon_generator::Progress;
use dungeon_generator::Recipe;
use dungeon_generator::{Generation, generate};
use dungeon_viewer::bench::{median, once};

/// (name, width, height, rooms, rounds)
const WORKLOADS: [(&str, u32, u32, u32, u32); 3] = [
    ("W1", 64, 56, 12, 201),
    ("W3", 256, 224, 192, 15),
    ("W4", 1024, 896, 3072, 5),
];

fn main() {
    println!("| workload | unwatched median ms | watched live median ms | watched / unwatched |");
    println!("|---|---|---|---|");
    for (name, width, height, rooms, rounds) in WORKLOADS {
        let recipe = Recipe {
            width,
            height,
            rooms,
            ..Recipe::default()
        };
        let (mut plain, mut live) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            plain.push(once(|| {
                black_box(generate(black_box(&recipe)).ok());
            }));
            live.push(once(|| {
                black_box(
                    Generation::new(black_box(&recipe))
                        .and_then(|g| g.run(&Progress::live()))
                        .ok(),
                );
            }));
        }
        let (plain, live) = (median(&mut plain), median(&mut live));
        println!("| {name} | {plain:.3} | {live:.3} | {:.2} |", live / plain);
    }
}
