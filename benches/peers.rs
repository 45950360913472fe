//! Ours against the generators a roguelike developer would pick instead, timed in release
//! in one run, on one core: `cargo bench --bench peers` first pins itself to one core (the
//! last it may run on), so that ours and the peers alike run on one core, as a game making
//! its levels on one thread, the web page and a busy machine give us. It prints one
//! Markdown table of what each made and its median, every time also as a ratio to the
//! floor (one plain breadth-first flood of the empty grid), then the goals of issue 55:
//! ours over the peer doing the same job, in the same rounds. Each round runs every
//! contender once, so load from elsewhere weighs on all of them alike.
//!
//! - **floor**: [`plain_flood`].
//! - **ours, chain**: the default recipe at that size (cave rooms of 90 cells grown cell by
//!   cell, each joined to the next by a path proven shortest), made as [`generate`] makes
//!   it.
//! - **A\* chain**: the same rooms (our room stage, same recipe, made once before the
//!   rounds), each joined to the next by `bracket-pathfinding`'s A* from the first cell of
//!   one to the first cell of the other, through free cells and the two rooms' cells, as
//!   our paths run; timed on the pairs it joins (of those free cells join, the ones it
//!   finds within its 65,536 steps; ours crosses other rooms for the rest, which A* cannot).
//! - **mapgen**: rectangles of about 90 cells placed the way its `SimpleRooms` places them
//!   (whose constructor fixes 30 tries at sides of 6 to 9, so the same loop runs here with
//!   our room count and size), then its `NearestCorridors`, through its `MapBuilder`.
//! - **ours, rect + nearest + half-rect**: the recipe closest to mapgen's.
//!
//! Then, where the machine lets it run on two cores, the same program again in a process of
//! its own on two (its first call to [`generate`] asks how many cores it has): ours as
//! [`generate`] makes each workload (W1 to W4), on every core it finds worth a thread,
//! against the same map made on the calling thread, in turn, round by round.

use std::hint::black_box;

use bracket_pathfinding::prelude::{Algorithm2D, BaseMap, Point, SmallVec, a_star_search};
use mapgen::geometry::Rect;
use mapgen::{MapBuffer, MapBuilder, MapFilter, NearestCorridors};
use rand_08::rngs::StdRng;
use rand_08::{Rng, SeedableRng};

use dungeon_generator::Dungeon;
use dungeon_generator::Grid;
use dungeon_generator::Room;
use dungeon_generator::Tile;
use dungeon_generator::{Connect, Corridor, Recipe, Shape};
use dungeon_generator::{Generation, Progress, generate};
use dungeon_viewer::bench::{median, once, plain_flood};
use rustix::thread::{CpuSet, sched_getaffinity, sched_setaffinity};

/// (name, width, height, rooms, rounds)
const WORKLOADS: [(&str, u32, u32, u32, u32); 3] = [
    ("W1", 64, 56, 12, 301),
    ("W3", 256, 224, 192, 21),
    ("W4", 1024, 896, 3072, 3),
];

/// Our grid as `bracket-pathfinding` sees it for one path: free cells and the cells of the
/// two rooms it joins are passable, four neighbours, each step costing 1.
struct Passable<'a> {
    tiles: &'a Grid<Tile>,
    /// The two rooms' indices.
    ends: [usize; 2],
}

impl Passable<'_> {
    fn open(&self, p: Point) -> bool {
        self.in_bounds(p) && {
            let tile = self.tiles.as_slice()[self.point2d_to_index(p)];
            tile.room().is_none_or(|room| self.ends.contains(&room))
        }
    }
}

impl BaseMap for Passable<'_> {
    fn get_available_exits(&self, idx: usize) -> SmallVec<[(usize, f32); 10]> {
        let p = self.index_to_point2d(idx);
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .map(|(dx, dy)| Point::new(p.x + dx, p.y + dy))
            .filter(|&n| self.open(n))
            .map(|n| (self.point2d_to_index(n), 1.0))
            .collect()
    }

    fn get_pathing_distance(&self, a: usize, b: usize) -> f32 {
        let (a, b) = (self.index_to_point2d(a), self.index_to_point2d(b));
        ((a.x - b.x).abs() + (a.y - b.y).abs()) as f32
    }
}

impl Algorithm2D for Passable<'_> {
    fn dimensions(&self) -> Point {
        Point::new(self.tiles.width(), self.tiles.height())
    }
}

/// Room `b` joined to room `b − 1` by A* between their first cells, for each `b` of
/// `joins`; the `b`s it found a path for.
fn a_star_chain(tiles: &Grid<Tile>, rooms: &[Room], joins: &[usize]) -> Vec<usize> {
    let first_cell = |room: &Room| {
        tiles
            .index_of(room.cells()[0])
            .expect("rooms are on the map")
    };
    joins
        .iter()
        .copied()
        .filter(|&b| {
            let map = Passable {
                tiles,
                ends: [b - 1, b],
            };
            a_star_search(first_cell(&rooms[b - 1]), first_cell(&rooms[b]), &map).success
        })
        .collect()
}

/// Our rooms for `recipe` on a fresh grid, without the paths between them.
fn our_rooms(recipe: &Recipe) -> (Grid<Tile>, Vec<Room>) {
    let rooms = generate(recipe).expect("in range").rooms().to_vec();
    let alone = Dungeon::from_parts(recipe, rooms.clone(), Vec::new()).expect("its own rooms");
    (alone.tiles().clone(), rooms)
}

/// mapgen's `SimpleRooms` loop with a room count and size of our choosing: rectangles with
/// sides drawn from `sides`, at random places, kept when they overlap no room before them.
struct SizedRooms {
    rooms: usize,
    sides: std::ops::Range<usize>,
}

/// Tries per room wanted before the loop gives up on a crowded map.
const TRIES_PER_ROOM: usize = 10;

impl MapFilter for SizedRooms {
    fn modify_map(&self, rng: &mut StdRng, map: &MapBuffer) -> MapBuffer {
        let mut new_map = map.clone();
        for _ in 0..TRIES_PER_ROOM * self.rooms {
            if new_map.rooms.len() == self.rooms {
                break;
            }
            let w = rng.gen_range(self.sides.clone());
            let h = rng.gen_range(self.sides.clone());
            let x = rng.gen_range(1..new_map.width - w);
            let y = rng.gen_range(1..new_map.height - h);
            let room = Rect::new(x, y, w, h);
            if !new_map.rooms.iter().any(|r| room.intersect(r)) {
                new_map.add_room(room);
            }
        }
        new_map
    }
}

/// mapgen's map of about the recipe's rooms: sides 7 to 12 make 90 cells on average.
fn mapgen_map(recipe: &Recipe) -> MapBuffer {
    MapBuilder::new(recipe.width as usize, recipe.height as usize)
        .with(Box::new(SizedRooms {
            rooms: recipe.rooms as usize,
            sides: 7..13,
        }))
        .with(NearestCorridors::new())
        .build_with_rng(&mut StdRng::seed_from_u64(recipe.seed))
}

/// What a contender does once, timed.
type Run = Box<dyn FnMut()>;

/// One line of the table: what runs, and what it made (from one untimed run).
struct Contender {
    name: &'static str,
    run: Run,
    made: String,
}

/// The default recipe at a workload's size: cave rooms in a chain.
fn chain(width: u32, height: u32, rooms: u32) -> Recipe {
    Recipe {
        width,
        height,
        rooms,
        ..Recipe::default()
    }
}

/// The recipe closest to mapgen's: rectangles, each joined to its nearest by half a
/// rectangle.
fn drawn(chain: &Recipe) -> Recipe {
    Recipe {
        shape: Shape::Rect,
        connect: Connect::Nearest,
        corridor: Corridor::HalfRect,
        ..chain.clone()
    }
}

/// The contenders, in the order of [`FLOOR`], [`OURS_CHAIN`], [`A_STAR`], [`MAPGEN`] and
/// [`OURS_DRAWN`].
fn contenders(width: u32, height: u32, rooms: u32) -> Vec<Contender> {
    let chain = chain(width, height, rooms);
    let drawn = drawn(&chain);
    let ours = |recipe: &Recipe| {
        let stats = generate(recipe).expect("in range").stats();
        format!(
            "{} rooms, {} paths ({} crossing rooms)",
            stats.rooms_placed, stats.paths, stats.paths_crossing_rooms
        )
    };
    // A* gets the pairs that free cells join (the chain's paths that cross no room): the
    // others it cannot join, and each such search would run to its step limit. Of those,
    // it is timed on the ones it finds within its limit.
    let joins: Vec<usize> = generate(&chain)
        .expect("in range")
        .paths()
        .iter()
        .filter(|p| p.crossed == 0)
        .map(|p| p.to)
        .collect();
    let (tiles, placed) = our_rooms(&chain);
    let found = a_star_chain(&tiles, &placed, &joins);
    let map = mapgen_map(&chain);
    let made = vec![
        format!("{} cells", width * height),
        ours(&chain),
        format!(
            "{} rooms; of the {} pairs free cells join, the {} found within its step limit",
            placed.len(),
            joins.len(),
            found.len()
        ),
        format!("{} rooms", map.rooms.len()),
        ours(&drawn),
    ];
    let runs: Vec<(&'static str, Run)> = vec![
        (
            "floor: plain flood",
            Box::new(move || {
                black_box(plain_flood(black_box(width), height));
            }),
        ),
        (
            "ours: chain",
            Box::new({
                let chain = chain.clone();
                move || {
                    black_box(generate(black_box(&chain)).ok());
                }
            }),
        ),
        (
            "our rooms + A* chain (bracket-pathfinding)",
            Box::new(move || {
                black_box(a_star_chain(black_box(&tiles), &placed, &found));
            }),
        ),
        (
            "mapgen: rooms + NearestCorridors",
            Box::new({
                let chain = chain.clone();
                move || {
                    black_box(mapgen_map(black_box(&chain)));
                }
            }),
        ),
        (
            "ours: rect + nearest + half-rect",
            Box::new(move || {
                black_box(generate(black_box(&drawn)).ok());
            }),
        ),
    ];
    runs.into_iter()
        .zip(made)
        .map(|((name, run), made)| Contender { name, run, made })
        .collect()
}

/// Where each contender stands in [`contenders`].
const FLOOR: usize = 0;
const OURS_CHAIN: usize = 1;
const A_STAR: usize = 2;
const MAPGEN: usize = 3;
const OURS_DRAWN: usize = 4;

/// Issue 55's goals: at most this much of the peer's time, per workload, for the chain
/// (against the A* chain) and for rect + nearest + half-rect (against mapgen).
const GOALS: [(&str, f64, f64); 3] = [("W1", 0.5, 1.0), ("W3", 0.2, 0.8), ("W4", 0.2, 0.1)];

/// The CPUs this process may run on.
fn allowed_cpus() -> Vec<usize> {
    let set = sched_getaffinity(None).expect("the process's CPUs");
    (0..CpuSet::MAX_CPU).filter(|&c| set.is_set(c)).collect()
}

/// Run this thread, and the threads it starts, on `cpus` only.
fn pin(cpus: &[usize]) {
    let mut set = CpuSet::new();
    for &c in cpus {
        set.set(c);
    }
    sched_setaffinity(None, &set).expect("pinned");
}

/// The flag that makes the program measure two cores against one, on the CPUs after it.
const TWO_CORES: &str = "--two-cores";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == TWO_CORES) {
        let cpus: Vec<usize> = args[at + 1]
            .split(',')
            .map(|c| c.parse().expect("a CPU"))
            .collect();
        pin(&cpus);
        two_cores();
        return;
    }
    let cpus = allowed_cpus();
    let one = *cpus.last().expect("a CPU to run on");
    pin(&[one]);
    println!("On one core (CPU {one}):\n");
    println!("| workload | grid | rooms | generator | made | median ms | ratio to floor |");
    println!("|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    for (name, width, height, rooms, rounds) in WORKLOADS {
        let mut contenders = contenders(width, height, rooms);
        let mut times = vec![Vec::new(); contenders.len()];
        for _ in 0..rounds {
            for (c, t) in contenders.iter_mut().zip(&mut times) {
                t.push(once(&mut c.run));
            }
        }
        let medians: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
        for (c, ms) in contenders.iter().zip(&medians) {
            println!(
                "| {name} | {width}×{height} | {rooms} | {} | {} | {ms:.3} | {:.1} |",
                c.name,
                c.made,
                ms / medians[FLOOR]
            );
        }
        ratios.push((
            medians[OURS_CHAIN] / medians[A_STAR],
            medians[OURS_DRAWN] / medians[MAPGEN],
        ));
    }
    println!("\n| workload | ours / peer | goal | met |");
    println!("|---|---|---|---|");
    for ((name, chain_goal, drawn_goal), (chain, drawn)) in GOALS.iter().zip(ratios) {
        for (what, ratio, goal) in [
            ("chain, against the A* chain", chain, chain_goal),
            (
                "rect + nearest + half-rect, against mapgen",
                drawn,
                drawn_goal,
            ),
        ] {
            let met = if ratio <= *goal { "yes" } else { "no" };
            println!("| {what}, {name} | {ratio:.2}× | ≤ {goal}× | {met} |");
        }
    }
    if let [.., a, b] = cpus[..] {
        // A process of its own: this one's count of cores is one for good.
        let status = std::process::Command::new(std::env::current_exe().expect("this program"))
            .args([TWO_CORES, &format!("{a},{b}")])
            .status()
            .expect("the two-core run");
        assert!(status.success(), "the two-core run failed");
    }
}

/// Ours on two cores against ours on the calling thread, each workload and both recipes,
/// in turn, round by round.
fn two_cores() {
    println!("\nOn two cores: ours as `generate` makes it, against the calling thread alone:\n");
    println!(
        "| workload | recipe | one thread median ms | `generate` median ms | two cores / one |"
    );
    println!("|---|---|---|---|---|");
    const ALL: [(&str, u32, u32, u32, u32); 4] = [
        ("W1", 64, 56, 12, 301),
        ("W2", 128, 112, 48, 101),
        ("W3", 256, 224, 192, 21),
        ("W4", 1024, 896, 3072, 3),
    ];
    for (name, width, height, rooms, rounds) in ALL {
        let chain = chain(width, height, rooms);
        for (what, recipe) in [
            ("chain", chain.clone()),
            ("rect + nearest + half-rect", drawn(&chain)),
        ] {
            let (mut alone, mut spread) = (Vec::new(), Vec::new());
            for _ in 0..rounds {
                alone.push(once(|| {
                    let here = Generation::new(black_box(&recipe)).expect("in range");
                    black_box(here.on_calling_thread().run(&Progress::default()).ok());
                }));
                spread.push(once(|| {
                    black_box(generate(black_box(&recipe)).ok());
                }));
            }
            let (alone, spread) = (median(&mut alone), median(&mut spread));
            println!(
                "| {name} | {what} | {alone:.3} | {spread:.3} | {:.2} |",
                spread / alone
            );
        }
    }
}
