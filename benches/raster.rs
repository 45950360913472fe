//! Screenshots: rasterizing a map and encoding it as a PNG, timed in release; then room
//! numbers: placing their labels, against rasterizing the map without them.
//! `cargo bench --bench raster` prints a table row per workload for each.

use std::hint::black_box;

use dungeon_files::draw::numbers::place;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::png::encode;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_viewer::bench::time_ms;

/// (name, width, height, rooms, cell size, iterations)
type Workload = (&'static str, u32, u32, u32, u32, u32);

const WORKLOADS: [Workload; 2] = [("W1", 64, 56, 12, 12, 201), ("W3", 256, 224, 192, 4, 101)];

/// Room numbers at a cell size that draws them; W4's picture is not drawn (its pixels
/// would take a gigabyte), only its labels placed.
const NUMBERED: [Workload; 3] = [
    ("W1", 64, 56, 12, 12, 201),
    ("W3", 256, 224, 192, 12, 21),
    ("W4", 1024, 896, 3072, 8, 5),
];

fn main() {
    screenshots();
    numbers();
}

fn screenshots() {
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

fn numbers() {
    println!();
    println!(
        "| workload | cell px | rooms without a label | place labels median ms | rasterize \
         without numbers median ms | with numbers / without |"
    );
    println!("|---|---|---|---|---|---|");
    for (name, width, height, rooms, cell_size, iterations) in NUMBERED {
        let recipe = Recipe {
            width,
            height,
            rooms,
            ..Recipe::default()
        };
        let dungeon = generate(&recipe).expect("the workloads are in range");
        let unplaced = place(&dungeon, cell_size).unplaced.len();
        let (placing, _) = time_ms(iterations, || {
            black_box(place(black_box(&dungeon), cell_size));
        });
        let drawn = if name == "W4" {
            "– | –".to_string()
        } else {
            let style = |numbers| Style {
                cell_size,
                grid: true,
                look: Look {
                    numbers,
                    ..Look::ORIGINAL
                },
            };
            let (plain, _) = time_ms(iterations, || {
                black_box(rasterize(black_box(&dungeon), &style(false)).ok());
            });
            let (numbered, _) = time_ms(iterations, || {
                black_box(rasterize(black_box(&dungeon), &style(true)).ok());
            });
            format!("{plain:.3} | {:.2}", numbered / plain)
        };
        println!("| {name} | {cell_size} | {unplaced} | {placing:.3} | {drawn} |");
    }
}
