//! Screenshots: rasterizing a map and encoding it as a PNG, timed in release.
//! `cargo bench --bench raster` prints one table row per workload.

use std::hint::black_box;

use dungeon_files::draw::raster::{Style, rasterize};
use dungeon_files::formats::png::encode;
use dungeon_generator::generate;
use dungeon_generator::recipe::Recipe;
use dungeon_viewer::bench::time_ms;

/// (name, width, height, rooms, cell size, iterations)
const WORKLOADS: [(&str, u32, u32, u32, u32, u32); 2] =
    [("W1", 64, 56, 12, 12, 201), ("W3", 256, 224, 192, 4, 101)];

fn main() {
    println!("| workload | cell px | image | rasterize median ms | encode PNG median ms |");
    println!("|---|---|---|---|---|");
    for (name, width, height, rooms, cell_size, iterations) in WORKLOADS {
        let recipe = Recipe {
            width,
            height,
            rooms,
            ..Recipe::default()
        };
        let dungeon = generate(&recipe).expect("the workloads are in range");
        let style = Style {
            cell_size,
            grid: true,
            ..Style::default()
        };
        let pixels = rasterize(&dungeon, &style).expect("the workloads fit");
        let (raster, _) = time_ms(iterations, || {
            black_box(rasterize(black_box(&dungeon), &style).ok());
        });
        let (png, _) = time_ms(iterations, || {
            black_box(encode(black_box(&pixels), &recipe).ok());
        });
        println!(
            "| {name} | {cell_size} | {}×{} | {raster:.3} | {png:.3} |",
            pixels.width(),
            pixels.height()
        );
    }
}
