//! Doors, start and goal: read off a finished dungeon, checked against brute force.
use crate::common;

use std::collections::{BTreeSet, VecDeque};

use common::random_recipe;
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_generator::{Tile, TileKind};
use rand_pcg::Pcg64Mcg;

/// Steps from `from` to every walkable cell, by a plain breadth-first search.
fn distances(d: &Dungeon, from: Pos) -> std::collections::BTreeMap<Pos, u32> {
    let tiles = d.tiles();
    let mut seen = std::collections::BTreeMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let here = seen[&p];
        for n in tiles.neighbours(p) {
            if tiles[n] != Tile::FREE && !seen.contains_key(&n) {
                seen.insert(n, here + 1);
                queue.push_back(n);
            }
        }
    }
    seen
}

#[test]
fn doors_lie_where_paths_leave_rooms_each_once_and_every_path_has_its_ends() {
    let mut rng = Pcg64Mcg::new(11);
    for case in 0..150 {
        let recipe = random_recipe(&mut rng);
        let d = generate(&recipe).unwrap();
        let f = d.features();
        let mut edges = BTreeSet::new();
        for door in &f.doors {
            assert_eq!(
                d.tile(door.cell).and_then(Tile::room),
                Some(door.room),
                "case {case}"
            );
            assert_eq!(d.tile(door.outside), Some(Tile::PATH), "case {case}");
            assert!(door.cell.is_beside(door.outside), "case {case}");
            assert!(
                edges.insert((door.cell, door.outside)),
                "case {case}: a door twice"
            );
        }
        for (i, path) in d.paths().iter().enumerate() {
            // A path that runs outside rooms leaves its first room and enters its last
            // through a door.
            let outside = |p: &Pos| d.tile(*p) == Some(Tile::PATH);
            let Some(first_out) = path.cells.iter().position(outside) else {
                continue;
            };
            let last_out = path.cells.iter().rposition(outside).unwrap();
            let leave = (path.cells[first_out - 1], path.cells[first_out]);
            let enter = (path.cells[last_out + 1], path.cells[last_out]);
            assert!(
                edges.contains(&leave),
                "case {case}: path {i} leaves by no door"
            );
            assert!(
                edges.contains(&enter),
                "case {case}: path {i} enters by no door"
            );
        }
    }
}

#[test]
fn the_goal_is_a_farthest_cell_from_the_start() {
    let mut rng = Pcg64Mcg::new(12);
    for case in 0..120 {
        let recipe = random_recipe(&mut rng);
        let d = generate(&recipe).unwrap();
        let f = d.features();
        // With `fit` move, a map too small for its room size may have none.
        let Some(start) = f.start else {
            assert!(d.rooms().is_empty() && f.goal.is_none(), "case {case}");
            continue;
        };
        assert!(matches!(
            d.tile(start).map(Tile::kind),
            Some(TileKind::Room(_))
        ));
        let reach = distances(&d, start);
        let farthest = reach.values().copied().max().unwrap();
        let goal = f.goal.unwrap();
        assert_eq!(
            reach.get(&goal),
            Some(&farthest),
            "case {case}: {}",
            d.recipe()
        );
        assert_eq!(f.longest_route, farthest, "case {case}");
    }
}

#[test]
fn start_goal_and_doors_stay_put_and_are_in_the_json() {
    let recipe = Recipe {
        seed: 21,
        ..Recipe::default()
    };
    let a = generate(&recipe).unwrap();
    let b = generate(&recipe).unwrap();
    assert_eq!(a.features(), b.features());
    // Asking for the features does not change the dungeon.
    assert_eq!(a, generate(&recipe).unwrap());
    let json: serde_json::Value =
        serde_json::from_str(&dungeon_files::formats::json::to_json(&a, &[])).unwrap();
    let f = a.features();
    let start = f.start.unwrap();
    assert_eq!(json["start"], serde_json::json!([start.x, start.y]));
    assert_eq!(json["doors"].as_array().unwrap().len(), f.doors.len());
    assert_eq!(
        json["stats"]["longest_route"],
        serde_json::json!(f.longest_route)
    );
    assert!(json["stats"]["rooms_placed"].is_number());
}
