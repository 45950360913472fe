use super::common;

use std::collections::BTreeSet;

use super::growth;
use crate::Progress;
use crate::Rgb;
use crate::Room;
use crate::Tile;
use crate::generate;
use crate::generate::corridors::{PathPlan, connect};
use crate::generate::rooms::cave;
use crate::model::recipe::Recipe;
use crate::{Grid, Pos};
use common::{fewest_crossings, free_distance, free_distance_in, turns, unit_steps};
use rand_pcg::Pcg64Mcg;

/// The seed's `test_path`: on an empty 10×10 grid the path from (3, 3) to (7, 6) is as long
/// as their Manhattan distance, runs from the source to the target, one step at a time,
/// however it wiggles: here a flood corridor at randomness 1 between two one-cell rooms.
#[test]
fn test_path() {
    let (source, target) = (Pos::new(3, 3), Pos::new(7, 6));
    let dist = source.manhattan(target);
    assert_eq!(dist, 7);
    let mut tiles = Grid::new(10, 10, Tile::FREE);
    tiles[source] = Tile::of_room(0);
    tiles[target] = Tile::of_room(1);
    let rooms = vec![room(vec![source]), room(vec![target])];
    let mut shapes = BTreeSet::new();
    for seed in 0..20 {
        let plan = PathPlan {
            seed,
            shuffle: None,
            randomness: 1.0,
            ..PathPlan::of(&Recipe::default())
        };
        let paths = connect(&tiles, &rooms, &plan, &Progress::default()).unwrap();
        let path = &paths[0].cells;
        assert_eq!(path.len() as u32, dist + 1);
        assert_eq!(path[0], source);
        assert_eq!(*path.last().unwrap(), target);
        let walked: u32 = path.windows(2).map(|w| w[0].manhattan(w[1])).sum();
        assert_eq!(walked, dist);
        shapes.insert(path.clone());
    }
    assert!(shapes.len() > 1, "randomness 1 wiggles the path");
}

/// The seed's `test_path_with_rooms`: two cave rooms of 5 cells grown at (10, 10) and
/// (25, 25) on a 30×30 grid; the path between them is as long as the nearest of their
/// cells are far apart.
#[test]
fn test_path_with_rooms() {
    for seed in 0..20 {
        let mut tiles = Grid::new(30, 30, Tile::FREE);
        let (source, target) = (Pos::new(10, 10), Pos::new(25, 25));
        let mut rng = Pcg64Mcg::new(seed);
        let a = cave::grow(&mut tiles, source, &growth(5, 0.5), 0, &mut rng);
        let b = cave::grow(&mut tiles, target, &growth(5, 0.5), 1, &mut rng);
        assert_eq!((a.len(), b.len()), (5, 5));

        let rooms = vec![room(a), room(b)];
        let paths = connect(
            &tiles,
            &rooms,
            &PathPlan {
                seed: 1,
                shuffle: None,
                randomness: 1.0,
                ..PathPlan::of(&Recipe::default())
            },
            &Progress::default(),
        )
        .unwrap();
        let joined = &paths[0].cells;
        let nearest = rooms[0]
            .cells()
            .iter()
            .flat_map(|p| rooms[1].cells().iter().map(|q| p.manhattan(*q)))
            .min()
            .unwrap();
        assert_eq!(joined.len() as u32, nearest + 1);
        assert!(rooms[0].cells().contains(&joined[0]));
        assert!(rooms[1].cells().contains(joined.last().unwrap()));
        assert!(unit_steps(joined));
    }
}

fn room(cells: Vec<Pos>) -> Room {
    Room::new(cells, Rgb(200, 100, 50)).unwrap()
}

/// A map from text: `.` free, letters rooms (a is room 0, b room 1, ...).
fn map(text: &str) -> (Grid<Tile>, Vec<Room>) {
    let chars: Grid<char> = text.parse().unwrap();
    let mut cells: Vec<Vec<Pos>> = Vec::new();
    let mut tiles = chars.map(|_| Tile::FREE);
    for p in chars.positions() {
        if let Some(i) = chars[p]
            .is_ascii_lowercase()
            .then(|| (chars[p] as u8 - b'a') as usize)
        {
            while cells.len() <= i {
                cells.push(Vec::new());
            }
            cells[i].push(p);
            tiles[p] = Tile::of_room(i as u32);
        }
    }
    (tiles, cells.into_iter().map(room).collect())
}

/// Room b sits in a pocket of room c whose wall is one cell thick only at the bottom.
const WALLED_IN: &str = "
    a.........
    ..........
    ..cccccc..
    ..cccccc..
    ..cc.bcc..
    ..cccccc..
    ..........
";

#[test]
fn a_walled_in_room_is_reached_across_the_fewest_cells_of_other_rooms() {
    let (tiles, rooms) = map(WALLED_IN);
    for randomness in [0.0, 0.5, 1.0] {
        let paths = connect(
            &tiles,
            &rooms,
            &PathPlan {
                seed: 3,
                shuffle: None,
                randomness,
                ..PathPlan::of(&Recipe::default())
            },
            &Progress::default(),
        )
        .unwrap();
        assert_eq!(paths.len(), 2);
        let into_pocket = &paths[0];
        assert_eq!((into_pocket.from, into_pocket.to), (0, 1));
        // Through the top: 9 steps crossing 2 cells; through the bottom: 13 crossing 1.
        assert_eq!(into_pocket.crossed, 1);
        assert_eq!(into_pocket.cells[0], Pos::new(0, 0));
        assert_eq!(*into_pocket.cells.last().unwrap(), Pos::new(5, 4));
        assert!(unit_steps(&into_pocket.cells));
        let crossed = into_pocket
            .cells
            .iter()
            .filter(|&&p| tiles[p] == Tile::of_room(2))
            .count();
        assert_eq!(crossed, 1);
        // b touches c: two cells, no crossing.
        assert_eq!(paths[1].cells.len(), 2);
        assert_eq!(paths[1].crossed, 0);
    }
}

#[test]
fn a_room_walled_in_at_the_start_also_gets_out() {
    // Same map with the rooms' roles swapped: the path starts in the pocket.
    let (tiles, mut rooms) = map(WALLED_IN);
    rooms.swap(0, 1);
    let mut tiles = tiles;
    for (i, r) in rooms.iter().enumerate() {
        for &p in r.cells() {
            tiles[p] = Tile::of_room(i as u32);
        }
    }
    let paths = connect(
        &tiles,
        &rooms,
        &PathPlan {
            seed: 3,
            shuffle: None,
            randomness: 1.0,
            ..PathPlan::of(&Recipe::default())
        },
        &Progress::default(),
    )
    .unwrap();
    assert_eq!(paths[0].crossed, 1);
    assert_eq!(paths[0].cells[0], Pos::new(5, 4));
    assert_eq!(*paths[0].cells.last().unwrap(), Pos::new(0, 0));
    assert!(unit_steps(&paths[0].cells));
}

/// Room b sits in a pocket of room c that opens only at the bottom, below b's doors.
const OPEN_BELOW: &str = "
    a...........
    ............
    ..cccccccc..
    ..cccccccc..
    ..ccc.bccc..
    ..ccc..ccc..
    ..ccc..ccc..
    ............
    ............
";

#[test]
fn a_room_open_only_below_its_doors_is_reached_the_shortest_way_from_under_them() {
    // The flood's layers turn below the last row of the target's doors (a step up leads
    // towards them there): the path must dip below it, and is as short as a plain flood's.
    let (tiles, rooms) = map(OPEN_BELOW);
    let shortest = free_distance_in(&tiles, &rooms, 0, 1).unwrap();
    assert_eq!(shortest, 16);
    for randomness in [0.0, 0.5, 1.0] {
        for seed in 0..8 {
            let paths = connect(
                &tiles,
                &rooms,
                &PathPlan {
                    seed,
                    shuffle: None,
                    randomness,
                    ..PathPlan::of(&Recipe::default())
                },
                &Progress::default(),
            )
            .unwrap();
            let path = &paths[0];
            assert_eq!((path.from, path.to, path.crossed), (0, 1, 0));
            assert_eq!(path.cells.len() as u32, shortest + 1, "seed {seed}");
            assert!(unit_steps(&path.cells));
            assert_eq!(path.cells[0], Pos::new(0, 0));
            assert_eq!(*path.cells.last().unwrap(), Pos::new(6, 4));
            assert!(
                path.cells[1..path.cells.len() - 1]
                    .iter()
                    .all(|&p| tiles[p] == Tile::FREE)
            );
            // Under the pocket: below the doors' last row (5).
            assert!(path.cells.iter().any(|p| p.y == 7), "{:?}", path.cells);
        }
    }
}

#[test]
fn randomness_zero_gives_a_straight_path_and_one_a_wiggly_one_of_the_same_length() {
    // A 30×30 field with one-cell rooms in opposite corners.
    let mut text = String::new();
    for y in 0..30 {
        for x in 0..30 {
            text.push(match (x, y) {
                (0, 0) => 'a',
                (29, 29) => 'b',
                _ => '.',
            });
        }
        text.push('\n');
    }
    let (tiles, rooms) = map(&text);
    let straight = connect(
        &tiles,
        &rooms,
        &PathPlan {
            seed: 1,
            shuffle: None,
            randomness: 0.0,
            ..PathPlan::of(&Recipe::default())
        },
        &Progress::default(),
    )
    .unwrap();
    assert_eq!(straight[0].cells.len(), 59);
    // Along one side, along the other, and into the corner room.
    assert!(turns(&straight[0].cells) <= 2, "{:?}", straight[0].cells);
    let mut total_turns = 0;
    for seed in 0..10 {
        let wiggly = connect(
            &tiles,
            &rooms,
            &PathPlan {
                seed,
                shuffle: None,
                randomness: 1.0,
                ..PathPlan::of(&Recipe::default())
            },
            &Progress::default(),
        )
        .unwrap();
        assert_eq!(wiggly[0].cells.len(), 59);
        assert!(unit_steps(&wiggly[0].cells));
        total_turns += turns(&wiggly[0].cells);
    }
    assert!(
        total_turns >= 10 * 15,
        "only {total_turns} turns in 10 wiggly paths"
    );
}

/// Every path of the map `recipe` makes joins its rooms by unit steps, and one through free
/// cells is as short as a plain flood finds (one across rooms only when no free way exists).
fn assert_paths_shortest(recipe: &Recipe) {
    let d = generate(recipe).unwrap();
    for path in d.paths() {
        assert!(unit_steps(&path.cells));
        assert!(d.rooms()[path.from].cells().contains(&path.cells[0]));
        assert!(
            d.rooms()[path.to]
                .cells()
                .contains(path.cells.last().unwrap())
        );
        let (seed, from, to) = (recipe.seed, path.from, path.to);
        if path.crossed == 0 {
            let shortest = free_distance(&d, from, to).unwrap();
            let found = path.cells.len() as u32 - 1;
            assert_eq!(found, shortest, "seed {seed}, rooms {from} to {to}");
        } else {
            assert_eq!(free_distance(&d, from, to), None);
        }
    }
}

#[test]
fn paths_in_generated_maps_are_as_short_as_a_plain_flood_finds() {
    for seed in 0..40 {
        for randomness in [0.0, 0.3, 1.0] {
            assert_paths_shortest(&Recipe {
                seed,
                randomness,
                ..Recipe::default()
            });
        }
    }
}

#[test]
fn long_chained_paths_are_as_short_as_a_plain_flood_finds() {
    // 192 rooms on 256 × 224 cells: most paths cross the map, and some must leave the
    // window the flood first tries, by any of its sides.
    for seed in 1..=8 {
        assert_paths_shortest(&Recipe {
            seed,
            width: 256,
            height: 224,
            rooms: 192,
            ..Recipe::default()
        });
    }
}

#[test]
fn on_big_crowded_maps_the_landmark_guided_crossings_are_still_the_fewest() {
    // Over 65 536 cells with rooms covering more than half: crossing searches are guided
    // by landmarks there, and must still find the fewest crossings.
    for seed in 0..2 {
        let recipe = Recipe {
            seed,
            width: 260,
            height: 256,
            rooms: 1600,
            room_size: 40,
            ..Recipe::default()
        };
        let d = generate(&recipe).unwrap();
        assert!(
            2 * d.stats().room_cells > 260 * 256,
            "not crowded: {:?}",
            d.stats()
        );
        // Every seventh crossing path against a 0-1 BFS keeps this quick.
        let crossing: Vec<_> = d.paths().iter().filter(|p| p.crossed > 0).collect();
        assert!(
            crossing.len() > 100,
            "only {} crossing paths",
            crossing.len()
        );
        for path in crossing.iter().step_by(7) {
            assert!(unit_steps(&path.cells));
            assert_eq!(
                path.crossed,
                fewest_crossings(&d, path.from, path.to),
                "seed {seed}"
            );
        }
    }
}
