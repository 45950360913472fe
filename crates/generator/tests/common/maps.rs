//! Helpers for tests of maps: golden fingerprints, reference floods and random recipes.
//! Shared by the generator's tests (its integration tests and its unit tests) and the
//! program's, each of which includes this file as a module.
#![allow(dead_code)]

use std::collections::{BTreeSet, VecDeque};

use dungeon_generator::{
    Connect, Corridor, Dungeon, Fit, Grid, Pos, Recipe, Room, Shape, Tile, generate,
};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// FNV-1a over everything a dungeon holds, to pin generation with golden values.
pub fn fingerprint(d: &Dungeon) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |v: u64| {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(d.rooms().len() as u64);
    for room in d.rooms() {
        eat(room.cells().len() as u64);
        for p in room.cells() {
            eat(u64::from(p.x) << 32 | u64::from(p.y));
        }
        eat(u64::from(room.colour().0) << 16
            | u64::from(room.colour().1) << 8
            | u64::from(room.colour().2));
    }
    eat(d.paths().len() as u64);
    for path in d.paths() {
        eat(path.from as u64);
        eat(path.to as u64);
        for p in &path.cells {
            eat(u64::from(p.x) << 32 | u64::from(p.y));
        }
    }
    h
}

/// Steps from `starts` to each cell of a `width × height` grid that `open` lets in, by a
/// plain breadth-first search over four neighbours (the reference the tests hold the
/// generator's searches to), until `goal` is reached: each cell's steps (`None` where not
/// reached), and the goal reached with its steps, if any.
pub fn reference_flood(
    (width, height): (u32, u32),
    starts: &[Pos],
    open: impl Fn(Pos) -> bool,
    goal: impl Fn(Pos) -> bool,
) -> (Grid<Option<u32>>, Option<(Pos, u32)>) {
    let mut steps = Grid::new(width, height, None);
    let mut queue = VecDeque::new();
    for &p in starts {
        if steps.get(p) == Some(&None) {
            steps[p] = Some(0);
            queue.push_back((p, 0));
        }
    }
    while let Some((p, d)) = queue.pop_front() {
        if goal(p) {
            return (steps, Some((p, d)));
        }
        for q in steps.neighbours(p) {
            if steps[q].is_none() && open(q) {
                steps[q] = Some(d + 1);
                queue.push_back((q, d + 1));
            }
        }
    }
    (steps, None)
}

/// Whether `cells` form one 4-connected group.
pub fn four_connected(cells: &[Pos]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let w = cells.iter().map(|p| p.x).max().unwrap() + 1;
    let h = cells.iter().map(|p| p.y).max().unwrap() + 1;
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let (steps, _) = reference_flood((w, h), &[first], |p| set.contains(&p), |_| false);
    cells.iter().all(|&p| steps[p].is_some())
}

/// Steps of the shortest route from a cell of room `a` to a cell of room `b` through free
/// cells inside the margin only (a plain breadth-first flood, the reference for path
/// lengths); `None` when free cells do not join them.
pub fn free_distance(d: &Dungeon, a: usize, b: usize) -> Option<u32> {
    free_distance_within(d.tiles(), d.rooms(), (a, b), d.recipe().margin)
}

/// [`free_distance`] on any map: `tiles` with its `rooms`.
pub fn free_distance_in(tiles: &Grid<Tile>, rooms: &[Room], a: usize, b: usize) -> Option<u32> {
    free_distance_within(tiles, rooms, (a, b), 0)
}

/// Whether `p` lies inside the margin of `margin` cells along the edges of `tiles`.
pub fn inside_margin(tiles: &Grid<Tile>, margin: u32, p: Pos) -> bool {
    p.x >= margin && p.y >= margin && p.x + margin < tiles.width() && p.y + margin < tiles.height()
}

/// [`free_distance`] from room `a` to room `b` over the cells inside a margin of `margin`.
fn free_distance_within(
    tiles: &Grid<Tile>,
    rooms: &[Room],
    (a, b): (usize, usize),
    margin: u32,
) -> Option<u32> {
    let target = |t: Tile| t.room() == Some(b);
    let open = |p: Pos| {
        inside_margin(tiles, margin, p) && (tiles[p].is_outside_rooms() || target(tiles[p]))
    };
    let size = (tiles.width(), tiles.height());
    let (_, goal) = reference_flood(size, rooms[a].cells(), open, |p| target(tiles[p]));
    goal.map(|(_, steps)| steps)
}

/// The golden fingerprint of the map each recipe text makes.
pub fn fingerprints(recipes: &[impl AsRef<str>]) -> Vec<u64> {
    recipes
        .iter()
        .map(|text| fingerprint(&generate(&text.as_ref().parse().unwrap()).unwrap()))
        .collect()
}

/// The fewest cells of other rooms any route from room `a` into room `b` must cross, inside
/// the margin: a breadth-first search with two queues (0-1 BFS), the reference for
/// crossing paths.
pub fn fewest_crossings(d: &Dungeon, a: usize, b: usize) -> u32 {
    let tiles = d.tiles();
    let (ta, tb) = (Some(a), Some(b));
    let mut cost = vec![u32::MAX; tiles.len()];
    let mut queue = std::collections::VecDeque::new();
    for &p in d.rooms()[a].cells() {
        cost[tiles.index_of(p).unwrap()] = 0;
        queue.push_back(p);
    }
    while let Some(p) = queue.pop_front() {
        let c = cost[tiles.index_of(p).unwrap()];
        if tiles[p].room() == tb {
            return c;
        }
        for n in tiles
            .neighbours(p)
            .filter(|&n| inside_margin(tiles, d.recipe().margin, n))
        {
            let t = tiles[n];
            let step = u32::from(!(t.is_outside_rooms() || t.room() == ta || t.room() == tb));
            let i = tiles.index_of(n).unwrap();
            if c + step < cost[i] {
                cost[i] = c + step;
                if step == 0 {
                    queue.push_front(n);
                } else {
                    queue.push_back(n);
                }
            }
        }
    }
    u32::MAX
}

/// How many times a path of unit steps turns.
pub fn turns(cells: &[Pos]) -> usize {
    cells
        .windows(3)
        .filter(|w| (w[0].x == w[1].x) != (w[1].x == w[2].x))
        .count()
}

/// Whether every step of `cells` goes left, right, up or down.
pub fn unit_steps(cells: &[Pos]) -> bool {
    cells.windows(2).all(|w| w[0].is_beside(w[1]))
}

/// A random recipe across the allowed ranges, mostly small enough for debug builds, with
/// dense maps (rooms covering most of the grid) one time in four.
pub fn random_recipe(rng: &mut Pcg64Mcg) -> Recipe {
    let width = log_uniform(rng, 1, 160);
    let height = log_uniform(rng, 1, 160);
    let cells = width * height;
    let (rooms, room_size) = if rng.random_bool(0.25) {
        let room_size = log_uniform(rng, 1, 400);
        (((cells * 9 / 10) / room_size).clamp(1, 600), room_size)
    } else {
        (log_uniform(rng, 1, 200), log_uniform(rng, 1, 300))
    };
    Recipe {
        seed: rng.random(),
        width,
        height,
        rooms,
        room_size,
        stickiness: rng.random_range(0.0..=1.0),
        randomness: rng.random_range(0.0..=1.0),
        shape: pick(rng, Shape::ALL),
        stretch: if rng.random_bool(0.5) {
            0.0
        } else {
            rng.random_range(-1.0..=1.0)
        },
        corridor: pick(rng, Corridor::ALL),
        bends: rng.random_range(1..=8),
        connect: pick(rng, Connect::ALL),
        loops: rng.random_range(0.0..=1.0),
        spacing: if rng.random_bool(0.5) {
            0
        } else {
            rng.random_range(0..=8)
        },
        fit: pick(rng, Fit::ALL),
        merge: if rng.random_bool(0.5) {
            0.0
        } else {
            rng.random_range(0.0..=1.0)
        },
        // Drawn last, so that the draws above give the recipes they gave before.
        rooms_seed: rng.random_bool(0.25).then(|| rng.random()),
        corridors_seed: rng.random_bool(0.25).then(|| rng.random()),
        pins: Vec::new(),
        vaults: Vec::new(),
        margin: if width.min(height) >= 3 && rng.random_bool(0.2) {
            rng.random_range(1..=((width.min(height) - 1) / 2).min(3))
        } else {
            0
        },
        closed: false,
        levels: 1,
        level: None,
    }
}

/// One of a style's choices (its `ALL`), at random.
pub fn pick<C: Copy>(rng: &mut Pcg64Mcg, all: &[C]) -> C {
    all[rng.random_range(0..all.len())]
}

fn log_uniform(rng: &mut Pcg64Mcg, lo: u32, hi: u32) -> u32 {
    let (a, b) = ((lo as f64).ln(), (hi as f64 + 1.0).ln());
    (rng.random_range(a..b).exp() as u32).clamp(lo, hi)
}

/// Where `d` is not closed (see `Recipe::closed`), one line each, at most a few: a
/// corridor cell beside a room's floor away from a door, two rooms sharing an edge, a
/// door with an opening beside it, a room not reached from the start through doors.
pub fn closed_faults(d: &Dungeon) -> Vec<String> {
    let tiles = d.tiles();
    let features = d.features();
    let doors: std::collections::BTreeSet<(Pos, Pos)> =
        features.doors.iter().map(|d| (d.cell, d.outside)).collect();
    let floor = |p: Pos| tiles[p].room();
    let rock = |p: Option<Pos>| p.is_none_or(|p| tiles.get(p).is_none_or(|t| *t == Tile::FREE));
    let mut faults = Vec::new();
    for p in tiles.positions() {
        for n in tiles.neighbours(p) {
            match (floor(p), floor(n), tiles[p] == Tile::PATH) {
                (None, Some(room), true) if !doors.contains(&(n, p)) => {
                    faults.push(format!("corridor cell {p} runs along room {room} at {n}"));
                }
                (Some(a), Some(b), _) if a < b => {
                    faults.push(format!("rooms {a} and {b} share an edge at {p}, {n}"));
                }
                _ => {}
            }
        }
    }
    for door in &features.doors {
        let (c, o) = (door.cell, door.outside);
        let sides: [(i32, i32); 2] = if c.x == o.x {
            [(-1, 0), (1, 0)]
        } else {
            [(0, -1), (0, 1)]
        };
        for (dx, dy) in sides {
            if !rock(c.offset(dx, dy)) && !rock(o.offset(dx, dy)) {
                faults.push(format!(
                    "door {c}-{o} of room {} has an opening beside it",
                    door.room
                ));
            }
        }
    }
    // Walking from the start, between floor and corridor through doors only.
    let step_ok = |p: Pos, q: Pos| match (floor(p), floor(q)) {
        (Some(a), Some(b)) => a == b,
        (Some(_), None) => doors.contains(&(p, q)),
        (None, Some(_)) => doors.contains(&(q, p)),
        (None, None) => true,
    };
    let mut seen = Grid::new(tiles.width(), tiles.height(), false);
    let mut reached = vec![false; d.rooms().len()];
    if let Some(start) = features.start {
        let mut queue = vec![start];
        seen[start] = true;
        while let Some(p) = queue.pop() {
            if let Some(r) = floor(p) {
                reached[r] = true;
            }
            for q in tiles.neighbours(p) {
                if !seen[q] && tiles[q].is_walkable() && step_ok(p, q) {
                    seen[q] = true;
                    queue.push(q);
                }
            }
        }
    }
    let unreached: Vec<usize> = (0..reached.len()).filter(|&r| !reached[r]).collect();
    if !unreached.is_empty() && !d.rooms().is_empty() {
        faults.push(format!(
            "rooms {unreached:?} are not reached from the start through doors"
        ));
    }
    faults.truncate(6);
    faults
}
