//! The performance workloads of DESIGN section 5, timed in release:
//! `cargo bench --bench generate` prints one table row per workload.
//!
//! A workload fixes the grid and the room count; the seed decides how tangled the map is,
//! so each workload is timed over several seeds and the row gives the median of their
//! medians, the fastest run, the floor (the median of one plain breadth-first flood of the
//! empty grid), the ratio of generation to the floor, and our generic flood for scale.
//! Every workload is timed with each connection style, on the same rooms.

use std::sync::atomic::AtomicU32;

use dungeon_generator::{Connect, Recipe};
use dungeon_viewer::bench::{Report, measure, median};

/// (name, width, height, rooms, seeds, iterations per seed)
const WORKLOADS: [(&str, u32, u32, u32, u64, u32); 4] = [
    ("W1", 64, 56, 12, 32, 201),
    ("W2", 128, 112, 48, 16, 51),
    ("W3", 256, 224, 192, 8, 15),
    ("W4", 1024, 896, 3072, 3, 3),
];

fn main() {
    println!(
        "| workload | grid | rooms | connect | median ms | min ms | floor ms | ratio | generic flood ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, width, height, rooms, seeds, iterations) in WORKLOADS {
        for &connect in Connect::ALL {
            let reports: Vec<_> = (1..=seeds)
                .map(|seed| {
                    let recipe = Recipe {
                        seed,
                        width,
                        height,
                        rooms,
                        connect,
                        ..Recipe::default()
                    };
                    measure(&recipe, iterations, &AtomicU32::default())
                        .expect("the workloads are in range")
                })
                .collect();
            let of = |figure: fn(&Report) -> f64| {
                median(&mut reports.iter().map(figure).collect::<Vec<_>>())
            };
            let generation = of(|r| r.median_ms);
            let fastest = reports
                .iter()
                .map(|r| r.min_ms)
                .fold(f64::INFINITY, f64::min);
            let floor = of(|r| r.floor_ms);
            let generic = of(|r| r.generic_flood_ms);
            println!(
                "| {name} | {width}×{height} | {rooms} | {} | {generation:.3} | {fastest:.3} | {floor:.4} | {:.1} | {generic:.4} |",
                connect.name(),
                generation / floor
            );
        }
    }
}
