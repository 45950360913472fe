//! The map as a game reads it: every cell rock, wall, floor, corridor or door, checked
//! against the map's own tiles and doors cell by cell.

use dungeon_generator::{Cell, Dungeon, Pos, TileKind, generate};

const RECIPES: [&str; 5] = [
    "dv1 seed=1",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 shape=rect corridor=half-rect",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 connect=nearest shape=diamond",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed corridor=twisty connect=loops spacing=2",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

fn dungeon(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

/// Whether a room's floor or a path lies among the eight cells around `p`, by offsets.
fn walkable_around(d: &Dungeon, p: Pos) -> bool {
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            (dx, dy) != (0, 0)
                && p.offset(dx, dy)
                    .and_then(|q| d.tile(q))
                    .is_some_and(|t| t.kind() != TileKind::Free)
        })
    })
}

#[test]
fn every_cell_is_what_its_tile_its_doors_and_its_neighbours_make_it() {
    for text in RECIPES {
        let d = dungeon(text);
        let cells = d.cells();
        let doors: Vec<Pos> = d.features().doors.iter().map(|door| door.outside).collect();
        assert_eq!((cells.width(), cells.height()), (d.width(), d.height()));
        for p in cells.positions() {
            let expected = match d.tile(p).unwrap().kind() {
                TileKind::Room(i) => Cell::Floor(i),
                TileKind::Path if doors.contains(&p) => Cell::Door,
                TileKind::Path => Cell::Corridor,
                TileKind::Free if walkable_around(&d, p) => Cell::Wall,
                TileKind::Free => Cell::Rock,
            };
            assert_eq!(cells[p], expected, "{text}: cell {p}");
            assert_eq!(d.cell(p), Some(expected), "{text}: cell {p}");
            assert_eq!(
                expected.is_walkable(),
                d.tile(p).unwrap().kind() != TileKind::Free
            );
        }
        assert_eq!(d.cell(Pos::new(d.width(), 0)), None, "{text}");
        assert_eq!(d.cell(Pos::new(0, d.height())), None, "{text}");
    }
}

#[test]
fn a_door_is_the_corridor_cell_just_outside_its_room() {
    for text in RECIPES {
        let d = dungeon(text);
        for door in &d.features().doors {
            assert_eq!(d.cell(door.outside), Some(Cell::Door), "{text}: {door:?}");
            assert_eq!(d.cell(door.cell), Some(Cell::Floor(door.room)), "{text}");
            assert!(door.cell.is_beside(door.outside), "{text}: {door:?}");
        }
        // Every path that leaves a room for a corridor does so through a door.
        for path in d.paths() {
            for step in path.cells.windows(2) {
                let kinds = (d.cell(step[0]).unwrap(), d.cell(step[1]).unwrap());
                if let (Cell::Floor(_), next) | (next, Cell::Floor(_)) = kinds {
                    assert!(
                        matches!(next, Cell::Floor(_) | Cell::Door),
                        "{text}: a path steps from a room to {next:?} at {step:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn rock_never_touches_a_walkable_cell_only_walls_do() {
    let d = dungeon("dv1 seed=4 width=48 height=32 rooms=7 room-size=40");
    let cells = d.cells();
    let mut walls = 0;
    for p in cells.positions() {
        if !cells[p].is_walkable() {
            walls += usize::from(cells[p] == Cell::Wall);
            continue;
        }
        // Every neighbour of a walkable cell, diagonals too, is walkable or a wall.
        for q in cells.around(p) {
            assert!(cells[q] != Cell::Rock, "rock at {q} beside walkable {p}");
        }
        assert_eq!(cells[p].room(), d.tile(p).unwrap().room());
    }
    assert!(walls > 0);
}
