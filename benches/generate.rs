//! The performance workloads of DESIGN section 5, timed in release:
//! `cargo bench --bench generate` prints one table row per workload.
//!
//! A workload fixes the grid and the room count; the seed decides how tangled the map is,
//! so each workload is timed over several seeds and the row gives the median of their
//! medians, the fastest run, and the median of one breadth-first flood of the empty grid.
//! Every workload is timed with each connection style, on the same rooms.

use std::sync::atomic::AtomicU32;

use dungeon_viewer::bench::measure;
use dungeon_viewer::recipe::{Choice, Connect, Recipe};

/// (name, width, height, rooms, seeds, iterations per seed)
const WORKLOADS: [(&str, u32, u32, u32, u64, u32); 4] = [
    ("W1", 64, 56, 12, 32, 201),
    ("W2", 128, 112, 48, 16, 51),
    ("W3", 256, 224, 192, 8, 15),
    ("W4", 1024, 896, 3072, 3, 3),
];

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    println!("| workload | grid | rooms | connect | median ms | min ms | flood ms | ratio |");
    println!("|---|---|---|---|---|---|---|---|");
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
            let generation = median(&mut reports.iter().map(|r| r.median_ms).collect::<Vec<_>>());
            let fastest = reports
                .iter()
                .map(|r| r.min_ms)
                .fold(f64::INFINITY, f64::min);
            let flood = median(&mut reports.iter().map(|r| r.flood_ms).collect::<Vec<_>>());
            println!(
                "| {name} | {width}×{height} | {rooms} | {} | {generation:.3} | {fastest:.3} | {flood:.4} | {:.1} |",
                connect.name(),
                generation / flood
            );
        }
    }
}
