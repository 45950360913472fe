//! Hundreds of seeded random recipes across the ranges, dense ones included, and a few big
//! ones: generation terminates without panicking and every invariant of a dungeon holds.
mod common;

use std::collections::BTreeSet;

use common::{fewest_crossings, four_connected, free_distance, random_recipe, unit_steps};
use dungeon_viewer::dungeon::{Dungeon, generate};
use dungeon_viewer::flood::{Flood, FloodSpec};
use dungeon_viewer::grid::Pos;
use dungeon_viewer::recipe::{Recipe, room_cells_allowed};
use dungeon_viewer::tile::Tile;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

#[test]
fn five_hundred_random_recipes_make_sound_dungeons() {
    let mut rng = Pcg64Mcg::new(2026);
    let mut dense = 0;
    let mut crossing = 0;
    for case in 0..500 {
        let recipe = random_recipe(&mut rng);
        let d = generate(&recipe).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let context = format!("case {case}: {recipe}");
        check(&d, &context, 1);
        let cells = u64::from(recipe.width) * u64::from(recipe.height);
        if d.stats().room_cells * 10 >= cells * 7 {
            dense += 1;
        }
        crossing += usize::from(d.stats().paths_crossing_rooms > 0);
    }
    assert!(dense >= 60, "only {dense} dense maps");
    assert!(crossing >= 20, "only {crossing} maps with walled-in rooms");
}

#[test]
fn big_random_recipes_make_sound_dungeons_too() {
    let mut rng = Pcg64Mcg::new(7);
    for case in 0..6 {
        let width = rng.random_range(256..=768);
        let height = rng.random_range(256..=768);
        let room_size = rng.random_range(20..=150);
        let allowed = room_cells_allowed(width, height) / u64::from(room_size);
        let recipe = Recipe {
            seed: rng.random(),
            width,
            height,
            rooms: rng.random_range(1..=allowed.min(2000) as u32),
            room_size,
            stickiness: rng.random_range(0.0..=1.0),
            randomness: rng.random_range(0.0..=1.0),
        };
        let d = generate(&recipe).unwrap_or_else(|e| panic!("big case {case}: {e}"));
        // The reference floods cover the whole map: check a sample of the paths.
        let every = (d.paths().len() / 6).max(1);
        check(&d, &format!("big case {case}: {recipe}"), every);
    }
}

/// Check every invariant of `d`; the shortest and fewest-crossings references only for
/// every `every`-th path.
fn check(d: &Dungeon, context: &str, every: usize) {
    let recipe = d.recipe();
    let (w, h) = (recipe.width, recipe.height);
    assert!(!d.rooms().is_empty(), "{context}: no room");
    assert!(d.rooms().len() <= recipe.rooms as usize, "{context}");
    let mut taken = BTreeSet::new();
    for (i, room) in d.rooms().iter().enumerate() {
        assert!(!room.cells.is_empty() && room.cells.len() <= recipe.room_size as usize);
        assert!(
            four_connected(&room.cells),
            "{context}: room {i} is in pieces"
        );
        for &p in &room.cells {
            assert!(p.x < w && p.y < h, "{context}: room {i} leaves the grid");
            assert!(taken.insert(p), "{context}: rooms overlap at {p}");
            assert_eq!(d.tile(p), Some(Tile::of_room(i as u32)), "{context}");
        }
    }
    if d.rooms().len() < recipe.rooms as usize {
        assert!(
            d.tiles().as_slice().iter().all(|t| !t.is_free()),
            "{context}: placement stopped with free cells left"
        );
    }
    assert_eq!(d.paths().len(), d.rooms().len() - 1, "{context}");
    for (i, path) in d.paths().iter().enumerate() {
        assert_eq!((path.from, path.to), (i, i + 1), "{context}: chain order");
        assert!(unit_steps(&path.cells), "{context}: path {i} jumps");
        assert!(
            d.rooms()[path.from].cells.contains(&path.cells[0]),
            "{context}"
        );
        assert!(
            d.rooms()[path.to]
                .cells
                .contains(path.cells.last().unwrap()),
            "{context}"
        );
        let foreign = path
            .cells
            .iter()
            .filter(|&&p| {
                d.tile(p)
                    .and_then(Tile::room)
                    .is_some_and(|r| r != i && r != i + 1)
            })
            .count();
        assert_eq!(
            foreign as u32, path.crossed,
            "{context}: path {i} crossings"
        );
        if i % every != 0 {
            continue;
        }
        if path.crossed == 0 {
            let shortest = free_distance(d, i, i + 1).unwrap();
            assert_eq!(
                path.cells.len() as u32,
                shortest + 1,
                "{context}: path {i} too long"
            );
        } else {
            assert_eq!(
                free_distance(d, i, i + 1),
                None,
                "{context}: path {i} crossed needlessly"
            );
            assert_eq!(
                path.crossed,
                fewest_crossings(d, i, i + 1),
                "{context}: path {i} crosses more room cells than it must"
            );
        }
    }
    every_room_reaches_every_other(d, context);
}

/// Walking on room and path cells only, the first room reaches every room.
fn every_room_reaches_every_other(d: &Dungeon, context: &str) {
    let on_paths: BTreeSet<Pos> = d
        .paths()
        .iter()
        .flat_map(|p| p.cells.iter().copied())
        .collect();
    let tiles = d.tiles();
    let mut flood = Flood::new(d.width(), d.height());
    let mut spec = FloodSpec::new().select(|p| tiles[p].room().is_some() || on_paths.contains(&p));
    flood.run(&d.rooms()[0].cells[..1], &mut spec, &mut Pcg64Mcg::new(0));
    for (i, room) in d.rooms().iter().enumerate() {
        assert!(
            flood.reached(room.cells[0]),
            "{context}: room {i} is cut off"
        );
    }
}
