//! Screenshots: rasterizing a map and encoding it as a PNG, timed in release; then room
//! numbers: placing their labels, against rasterizing the map without them; then the
//! hatched look against its goals (issue 47), in CPU time (drawing is on one thread, so it
//! is the time on a free core, whatever else loads the machine): in the window a W1 map
//! within a frame or two (33 ms) and a W3 map within 100 ms of the plain one, at the cell
//! sizes the window draws them at; `render --hatched` of a W3 map at 12 pixels a cell
//! (made, drawn and encoded) within 2 s; then pictures near their bound (issue 56: 5 s of
//! CPU, 1 GB), each drawn and written once beside the estimate `formats::cost` makes of
//! it, which must not fall short of it. `cargo bench --bench raster` prints a table row per
//! workload for each.

use std::hint::black_box;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_ms;

use dungeon_files::draw::numbers::place;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::png::encode;
use dungeon_files::formats::{self, Format, Options, cost};
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
    hatched();
    bounded();
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

/// (name, width, height, rooms, cell size, iterations, what is timed, goal in ms)
type Goal = (&'static str, u32, u32, u32, u32, u32, Timed, f64);

/// What a row of the hatched look's table times, in CPU time.
#[derive(Clone, Copy, PartialEq)]
enum Timed {
    /// Drawing the window's texture.
    Texture,
    /// `render`: making, drawing and encoding the PNG, CPU time.
    Render,
}

const HATCHED: [Goal; 3] = [
    ("W1", 64, 56, 12, 12, 51, Timed::Texture, 33.0),
    ("W3", 256, 224, 192, 4, 21, Timed::Texture, 100.0),
    ("W3", 256, 224, 192, 12, 5, Timed::Render, 2000.0),
];

fn hatched() {
    println!();
    println!(
        "| workload | cell px | image | timed | hatched median ms | plain median ms | hatched / \
         plain | goal ms | met |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, width, height, rooms, cell_size, iterations, timed, goal) in HATCHED {
        let recipe = Recipe {
            width,
            height,
            rooms,
            ..Recipe::default()
        };
        let dungeon = generate(&recipe).expect("the workloads are in range");
        let style = |hatched| Style {
            cell_size,
            grid: true,
            look: Look {
                hatched,
                ..Look::ORIGINAL
            },
        };
        // CPU time, which a machine loaded by other work inflates far less than the
        // clock: drawing is on one thread, so it is the time on a free core.
        let time = |hatched: bool| match timed {
            Timed::Texture => median_cpu_ms(iterations, || {
                black_box(rasterize(black_box(&dungeon), &style(hatched)).ok());
            }),
            Timed::Render => median_cpu_ms(iterations, || {
                let made = generate(black_box(&recipe)).expect("in range");
                let pixels = rasterize(&made, &style(hatched)).expect("fits");
                black_box(encode(&pixels, &recipe).ok());
            }),
        };
        let (hatched, plain) = (time(true), time(false));
        let (w, h) = (width * cell_size, height * cell_size);
        let what = match timed {
            Timed::Texture => "window's texture: drawn; CPU",
            Timed::Render => "render: made, drawn, encoded; CPU",
        };
        println!(
            "| {name} | {cell_size} | {w}×{h} | {what} | {hatched:.1} | {plain:.1} | {:.0} | \
             {goal:.0} | {} |",
            hatched / plain,
            if hatched <= goal { "yes" } else { "no" }
        );
    }
}

/// Pictures near the bound, the largest each cell size lets through: (recipe, cell size,
/// format). The first is issue 56's, which took 91 to 111 s of CPU at 8 pixels a cell.
const BOUNDED: [(&str, u32, Format); 6] = [
    (
        "dv1 seed=1 width=2048 height=2048 rooms=3000 room-size=100 connect=nearest",
        5,
        Format::Png,
    ),
    (
        "dv1 seed=1 width=2048 height=2048 rooms=3000 room-size=100 connect=nearest",
        7,
        Format::Svg,
    ),
    (
        "dv1 seed=1 width=1024 height=896 rooms=3072",
        4,
        Format::Png,
    ),
    (
        "dv1 seed=1 width=256 height=256 rooms=150 connect=nearest",
        33,
        Format::Png,
    ),
    (
        "dv1 seed=1 width=256 height=224 rooms=192",
        24,
        Format::Uvtt,
    ),
    (
        "dv1 seed=1 width=819 height=819 rooms=600 room-size=100 connect=nearest",
        11,
        Format::Png,
    ),
];

fn bounded() {
    println!();
    println!("| recipe | format | cell px | estimate s | CPU s | CPU / estimate |");
    println!("|---|---|---|---|---|---|");
    for (text, cell_size, format) in BOUNDED {
        let recipe: Recipe = text.parse().expect("a recipe");
        let dungeon = generate(&recipe).expect("in range");
        let options = Options {
            cell_size: Some(cell_size),
            no_grid: false,
            look: Look {
                hatched: true,
                ..Look::ORIGINAL
            },
        };
        let estimate = cost::of(&[&dungeon], format, &options).seconds;
        let before = cpu_ms();
        black_box(formats::encode(&dungeon, format, &options, "map").expect("within bounds"));
        let cpu = (cpu_ms() - before) / 1000.0;
        println!(
            "| `{text}` | {} | {cell_size} | {estimate:.1} | {cpu:.1} | {:.2} |",
            format.name(),
            cpu / estimate
        );
    }
}

/// The median CPU time of `n` runs of `f`, in milliseconds: the process's own, all threads.
fn median_cpu_ms(n: u32, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..n.max(1))
        .map(|_| {
            let before = cpu_ms();
            f();
            cpu_ms() - before
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
