use super::common;

use std::collections::BTreeSet;

use super::growth;
use crate::Progress;
use crate::Tile;
use crate::generate::rooms::{RoomPlan, cave, place_rooms};
use crate::model::recipe::{Fit, Shape};
use crate::{Grid, Pos};
use common::four_connected;
use rand_pcg::Pcg64Mcg;

fn grow_alone(size: u32, stickiness: f64, seed: u128) -> Vec<Pos> {
    let mut tiles = Grid::new(80, 80, Tile::FREE);
    cave::grow(
        &mut tiles,
        Pos::new(40, 40),
        &growth(size, stickiness),
        0,
        &mut Pcg64Mcg::new(seed),
    )
}

#[test]
fn a_rectangle_lists_its_cells_in_the_order_a_flood_from_its_first_cell_reaches_them() {
    use crate::base::flood::fill;
    use crate::generate::rooms::rect::flood_order;
    use crate::{Rect, base::grid::index};
    // Every box of up to 9 × 9 cells, with its origin at each of its cells and the box at
    // the map's edge or away from it.
    for (x0, y0) in [(0, 0), (3, 2)] {
        for (w, h) in (1..=9).flat_map(|w| (1..=9).map(move |h| (w, h))) {
            let room = Rect {
                x0,
                y0,
                x1: x0 + w - 1,
                y1: y0 + h - 1,
            };
            for origin in room.cells() {
                let mut seen = vec![false; 16 * 16];
                seen[index(16, origin)] = true;
                let flooded = fill(16, 16, vec![origin], |_, p| {
                    let new = room.contains(p) && !seen[index(16, p)];
                    seen[index(16, p)] |= new;
                    new
                });
                assert_eq!(
                    flood_order(origin, room),
                    flooded,
                    "{room:?} from {origin:?}"
                );
            }
        }
    }
}

#[test]
fn a_cave_grows_to_its_size_as_one_connected_piece() {
    for seed in 0..50 {
        for stickiness in [0.0, 0.5, 0.9, 1.0] {
            let cells = grow_alone(90, stickiness, seed);
            assert_eq!(cells.len(), 90);
            assert_eq!(cells[0], Pos::new(40, 40));
            assert_eq!(
                cells.iter().collect::<BTreeSet<_>>().len(),
                90,
                "a cell twice"
            );
            assert!(four_connected(&cells));
        }
    }
}

#[test]
fn with_stickiness_one_a_cave_grows_from_its_newest_cell_whenever_it_can() {
    for seed in 0..30 {
        let cells = grow_alone(200, 1.0, seed);
        let mut taken = BTreeSet::new();
        for k in 0..cells.len() - 1 {
            taken.insert(cells[k]);
            let (x, y) = (cells[k].x, cells[k].y);
            let around = [
                Pos::new(x - 1, y),
                Pos::new(x + 1, y),
                Pos::new(x, y - 1),
                Pos::new(x, y + 1),
            ];
            if around.iter().any(|p| !taken.contains(p)) {
                assert!(cells[k + 1].is_beside(cells[k]), "seed {seed}, step {k}");
            }
        }
    }
}

/// Mean distance of a room's cells from where it started.
fn spread(cells: &[Pos]) -> f64 {
    cells
        .iter()
        .map(|p| f64::from(p.manhattan(cells[0])))
        .sum::<f64>()
        / cells.len() as f64
}

#[test]
fn stickiness_zero_makes_compact_blobs_and_one_long_winding_caverns() {
    let mean = |stickiness: f64| -> f64 {
        (0..40)
            .map(|seed| spread(&grow_alone(90, stickiness, seed)))
            .sum::<f64>()
            / 40.0
    };
    let (blob, half, cavern) = (mean(0.0), mean(0.5), mean(1.0));
    // A 90-cell diamond has a mean spread of about 4.5.
    assert!(blob < 6.5, "stickiness 0 spread {blob}");
    assert!(blob < half && half < cavern, "{blob} {half} {cavern}");
    assert!(
        cavern > 2.0 * blob,
        "stickiness 1 spread {cavern} against {blob}"
    );
}

#[test]
fn a_walled_in_cave_stops_at_the_cells_it_has() {
    let mut tiles: Grid<Tile> = Grid::new(5, 3, Tile::of_room(7));
    for x in 1..4 {
        tiles[Pos::new(x, 1)] = Tile::FREE;
    }
    let cells = cave::grow(
        &mut tiles,
        Pos::new(2, 1),
        &growth(90, 0.5),
        0,
        &mut Pcg64Mcg::new(1),
    );
    assert_eq!(cells.len(), 3);
    assert!(cells.iter().all(|p| p.y == 1 && (1..4).contains(&p.x)));
}

#[test]
fn a_cave_never_starts_on_a_taken_cell_or_off_the_grid() {
    let mut tiles = Grid::new(4, 4, Tile::FREE);
    tiles[Pos::new(1, 1)] = Tile::of_room(0);
    let mut rng = Pcg64Mcg::new(1);
    assert!(cave::grow(&mut tiles, Pos::new(1, 1), &growth(5, 0.5), 1, &mut rng).is_empty());
    assert!(cave::grow(&mut tiles, Pos::new(9, 1), &growth(5, 0.5), 1, &mut rng).is_empty());
}

#[test]
fn placed_rooms_stay_on_the_grid_never_overlap_and_match_the_tiles() {
    for seed in 0..30 {
        let mut tiles = Grid::new(40, 30, Tile::FREE);
        let plan = RoomPlan {
            seed,
            rooms: 20,
            shape: Shape::Cave,
            growth: growth(60, 0.7),
            spacing: 0,
            fit: Fit::Shrink,
        };
        let rooms = place_rooms(&mut tiles, &plan, &Progress::default()).unwrap();
        let mut seen = BTreeSet::new();
        for (i, room) in rooms.iter().enumerate() {
            assert!(!room.cells().is_empty());
            assert!(room.cells().len() <= 60);
            assert!(four_connected(room.cells()));
            for &p in room.cells() {
                assert!(tiles.contains(p));
                assert!(seen.insert(p), "two rooms share {p}");
                assert_eq!(tiles[p], Tile::of_room(i as u32));
            }
        }
        let marked = tiles
            .as_slice()
            .iter()
            .filter(|t| !t.is_outside_rooms())
            .count();
        assert_eq!(marked, seen.len());
    }
}

#[test]
fn a_full_grid_stops_placement_instead_of_looping() {
    let mut tiles = Grid::new(6, 5, Tile::FREE);
    let plan = RoomPlan {
        seed: 9,
        rooms: 1000,
        shape: Shape::Cave,
        growth: growth(4, 0.5),
        spacing: 0,
        fit: Fit::Shrink,
    };
    let rooms = place_rooms(&mut tiles, &plan, &Progress::default()).unwrap();
    assert!(rooms.len() < 1000);
    assert!(tiles.as_slice().iter().all(|t| !t.is_outside_rooms()));
    assert_eq!(rooms.iter().map(|r| r.cells().len()).sum::<usize>(), 30);
}
