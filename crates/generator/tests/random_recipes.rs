//! Hundreds of seeded random recipes across the ranges, dense ones included, and a few big
//! ones: generation terminates without panicking and every invariant of a dungeon holds.
use crate::common;

use std::collections::BTreeSet;

use common::{
    fewest_crossings, four_connected, free_distance, random_recipe, reference_flood, unit_steps,
};
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::RoomKind;
use dungeon_generator::Tile;
use dungeon_generator::generate;
use dungeon_generator::{Connect, Corridor, Fit, Recipe, Shape};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

#[test]
fn five_hundred_random_recipes_make_sound_dungeons() {
    let mut rng = Pcg64Mcg::new(2026);
    let mut dense = 0;
    let mut crossing = 0;
    let mut kinds = BTreeSet::new();
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
        kinds.insert((
            recipe.shape.index(),
            recipe.corridor.index(),
            recipe.connect.index(),
        ));
    }
    let every = Shape::ALL.len() * Corridor::ALL.len() * Connect::ALL.len();
    assert_eq!(kinds.len(), every, "not every kind of dungeon was tried");
    assert!(dense >= 60, "only {dense} dense maps");
    assert!(crossing >= 20, "only {crossing} maps with walled-in rooms");
}

#[test]
fn random_recipes_with_pinned_rooms_on_new_seeds_make_sound_dungeons() {
    let mut rng = Pcg64Mcg::new(41);
    let mut pinned = 0;
    for case in 0..150 {
        let recipe = random_recipe(&mut rng);
        let first = generate(&recipe).unwrap_or_else(|e| panic!("case {case}: {e}"));
        // With `fit` move, a map too small may hold no room to pin.
        if first.rooms().is_empty() {
            continue;
        }
        // Up to two of its rooms pinned, then every stage re-rolled around them.
        let mut with_pins = recipe.clone();
        for _ in 0..rng.random_range(1..=2) {
            let room = &first.rooms()[rng.random_range(0..first.rooms().len())];
            let p = room.cells()[rng.random_range(0..room.cells().len())];
            with_pins = with_pins.pin_at(&first, p).unwrap();
        }
        // Pinned in their own map, nothing moved.
        let own = generate(&with_pins).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let cells = |d: &Dungeon| {
            d.rooms()
                .iter()
                .map(|r| r.cells().to_vec())
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(&own), cells(&first), "case {case}: {with_pins}");
        let again = with_pins.reseeded(rng.random());
        let context = format!("pinned case {case}: {again}");
        let d = generate(&again).unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_eq!(d.pinned_rooms(), again.pins.len(), "{context}");
        // Each pin is a pinned room: its cells (in any order) and its colour.
        let set = |r: &dungeon_generator::Room| {
            (
                r.cells().iter().copied().collect::<BTreeSet<_>>(),
                r.colour(),
            )
        };
        let pinned_rooms: Vec<_> = d
            .rooms()
            .iter()
            .filter(|r| r.kind() == RoomKind::Pinned)
            .map(set)
            .collect();
        for pin in &again.pins {
            assert!(
                pinned_rooms.contains(&set(&pin.room())),
                "{context}: a pinned room changed"
            );
        }
        pinned += again.pins.len();
        check(&d, &context, 1);
    }
    assert!(pinned >= 150, "only {pinned} rooms pinned");
}

#[test]
fn big_random_recipes_make_sound_dungeons_too() {
    let mut rng = Pcg64Mcg::new(7);
    for case in 0..6 {
        let width = rng.random_range(256..=768);
        let height = rng.random_range(256..=768);
        let room_size = rng.random_range(20..=150);
        let map = Recipe {
            width,
            height,
            ..Recipe::default()
        };
        let allowed = map.room_cells_most() / u64::from(room_size);
        let recipe = Recipe {
            seed: rng.random(),
            width,
            height,
            rooms: rng.random_range(1..=allowed.min(2000) as u32),
            room_size,
            stickiness: rng.random_range(0.0..=1.0),
            randomness: rng.random_range(0.0..=1.0),
            shape: common::pick(&mut rng, Shape::ALL),
            corridor: common::pick(&mut rng, Corridor::ALL),
            connect: common::pick(&mut rng, Connect::ALL),
            ..Recipe::default()
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
    // Rooms and corridors keep off the margin.
    let m = recipe.margin;
    let inside = |p: Pos| p.x >= m && p.y >= m && p.x + m < w && p.y + m < h;
    let tiles = d.tiles();
    assert!(
        tiles
            .positions()
            .all(|p| inside(p) || tiles[p] == Tile::FREE),
        "{context}: a room or a path in the margin"
    );
    // With `fit` move a room that fits nowhere is left out: on a map too small for the
    // room size, all of them.
    let placed = d.rooms().len();
    assert!(placed > 0 || recipe.fit == Fit::Move, "{context}: no room");
    assert!(placed <= recipe.rooms as usize, "{context}");
    if placed == 0 {
        assert!(d.paths().is_empty(), "{context}");
        return;
    }
    let mut taken = BTreeSet::new();
    for (i, room) in d.rooms().iter().enumerate() {
        assert!(!room.cells().is_empty() && room.cells().len() <= recipe.room_size as usize);
        if recipe.fit == Fit::Move {
            assert!(
                2 * room.cells().len() >= recipe.room_size as usize,
                "{context}: room {i} is under half its size"
            );
        }
        assert!(
            four_connected(room.cells()),
            "{context}: room {i} is in pieces"
        );
        for &p in room.cells() {
            assert!(p.x < w && p.y < h, "{context}: room {i} leaves the grid");
            assert!(taken.insert(p), "{context}: rooms overlap at {p}");
            assert_eq!(d.tile(p).and_then(Tile::room), Some(i), "{context}");
        }
    }
    rooms_keep_apart(d, context);
    if placed < recipe.rooms as usize && recipe.fit == Fit::Shrink {
        // Placement stopped for want of room: every free cell is within `spacing` of a room.
        let near = near_rooms(d, recipe.spacing);
        assert!(
            tiles
                .positions()
                .all(|p| !inside(p) || !tiles[p].is_outside_rooms() || near.contains(&p)),
            "{context}: placement stopped with free cells left"
        );
    }
    let tree = placed - 1;
    match recipe.connect {
        Connect::Chain | Connect::Nearest => assert_eq!(d.paths().len(), tree, "{context}"),
        Connect::Loops => assert!(d.paths().len() >= tree, "{context}"),
    }
    let mut pairs = BTreeSet::new();
    for (i, path) in d.paths().iter().enumerate() {
        let (a, b) = (path.from, path.to);
        // A chain follows the order rooms were made in, or under its own corridors seed
        // another order: each path starts where the one before ended.
        match (recipe.connect, recipe.corridors_seed, i.checked_sub(1)) {
            (Connect::Chain, None, _) => assert_eq!((a, b), (i, i + 1), "{context}: chain order"),
            (Connect::Chain, Some(_), Some(before)) => {
                assert_eq!(a, d.paths()[before].to, "{context}: chain order");
            }
            _ => {}
        }
        assert!(
            pairs.insert((a.min(b), a.max(b))),
            "{context}: rooms {a} and {b} joined twice"
        );
        assert!(unit_steps(&path.cells), "{context}: path {i} jumps");
        assert!(
            d.rooms()[path.from].cells().contains(&path.cells[0]),
            "{context}"
        );
        assert!(
            d.rooms()[path.to]
                .cells()
                .contains(path.cells.last().unwrap()),
            "{context}"
        );
        let foreign = path
            .cells
            .iter()
            .filter(|&&p| {
                d.tile(p)
                    .and_then(Tile::room)
                    .is_some_and(|r| r != a && r != b)
            })
            .count();
        assert_eq!(
            foreign as u32, path.crossed,
            "{context}: path {i} crossings"
        );
        // Rooms keep `spacing` cells of rock apart, so every corridor runs at least that far.
        let outside = path
            .cells
            .iter()
            .filter(|&&p| d.tile(p).is_some_and(|t| t.room().is_none()))
            .count();
        assert!(
            outside >= recipe.spacing as usize,
            "{context}: path {i} runs {outside} cells between rooms {} apart",
            recipe.spacing
        );
        if i % every != 0 {
            continue;
        }
        if path.crossed == 0 {
            // Flood corridors are shortest; drawn ones only step towards their end.
            let shortest = free_distance(d, a, b).unwrap();
            let length = path.cells.len() as u32 - 1;
            // With `merge` they are the cheapest under its costs, which may be longer.
            if recipe.corridor == Corridor::Flood && recipe.merge == 0.0 {
                assert_eq!(length, shortest, "{context}: path {i} too long");
            } else {
                assert!(
                    length >= shortest,
                    "{context}: path {i} shorter than shortest"
                );
            }
        } else {
            assert_eq!(
                free_distance(d, a, b),
                None,
                "{context}: path {i} crossed needlessly"
            );
            assert_eq!(
                path.crossed,
                fewest_crossings(d, a, b),
                "{context}: path {i} crosses more room cells than it must"
            );
        }
    }
    every_room_reaches_every_other(d, context);
}

/// The cells within `spacing` of a room cell, diagonals included.
fn near_rooms(d: &Dungeon, spacing: u32) -> BTreeSet<Pos> {
    let (w, h) = (d.width(), d.height());
    let mut near = BTreeSet::new();
    for p in d.rooms().iter().flat_map(|r| r.cells().iter()) {
        for y in p.y.saturating_sub(spacing)..=(p.y + spacing).min(h - 1) {
            for x in p.x.saturating_sub(spacing)..=(p.x + spacing).min(w - 1) {
                near.insert(Pos::new(x, y));
            }
        }
    }
    near
}

/// No two rooms come within `spacing` cells of each other, diagonals included.
fn rooms_keep_apart(d: &Dungeon, context: &str) {
    let spacing = d.recipe().spacing;
    let (w, h) = (d.width(), d.height());
    for (i, room) in d.rooms().iter().enumerate() {
        for p in room.cells() {
            for y in p.y.saturating_sub(spacing)..=(p.y + spacing).min(h - 1) {
                for x in p.x.saturating_sub(spacing)..=(p.x + spacing).min(w - 1) {
                    let other = d.tile(Pos::new(x, y)).and_then(Tile::room);
                    assert!(
                        other.is_none_or(|o| o == i),
                        "{context}: rooms {i} and {} closer than {spacing}",
                        other.unwrap_or(i)
                    );
                }
            }
        }
    }
}

/// Walking on room and path cells only, the first room reaches every room.
fn every_room_reaches_every_other(d: &Dungeon, context: &str) {
    let on_paths: BTreeSet<Pos> = d
        .paths()
        .iter()
        .flat_map(|p| p.cells.iter().copied())
        .collect();
    let tiles = d.tiles();
    let open = |p: Pos| tiles[p].room().is_some() || on_paths.contains(&p);
    let first = &d.rooms()[0].cells()[..1];
    let (steps, _) = reference_flood((d.width(), d.height()), first, open, |_| false);
    for (i, room) in d.rooms().iter().enumerate() {
        assert!(
            steps[room.cells()[0]].is_some(),
            "{context}: room {i} is cut off"
        );
    }
}
