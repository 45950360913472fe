//! The performance workloads of DESIGN section 5, timed in release:
//! `cargo bench --bench generate` prints one table row per workload.

use dungeon_viewer::bench::measure;
use dungeon_viewer::recipe::Recipe;

/// (name, width, height, rooms, iterations)
const WORKLOADS: [(&str, u32, u32, u32, u32); 4] = [
    ("W1", 64, 56, 12, 2001),
    ("W2", 128, 112, 48, 501),
    ("W3", 256, 224, 192, 101),
    ("W4", 1024, 896, 3072, 11),
];

fn main() {
    println!("| workload | grid | rooms | median ms | min ms | flood ms | ratio |");
    println!("|---|---|---|---|---|---|---|");
    for (name, width, height, rooms, iterations) in WORKLOADS {
        let recipe = Recipe {
            width,
            height,
            rooms,
            ..Recipe::default()
        };
        let r = measure(&recipe, iterations).expect("the workloads are in range");
        println!(
            "| {name} | {width}×{height} | {rooms} | {:.4} | {:.4} | {:.4} | {:.2} |",
            r.median_ms,
            r.min_ms,
            r.flood_ms,
            r.ratio()
        );
    }
}
