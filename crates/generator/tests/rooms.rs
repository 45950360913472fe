//! Rooms a game can use: the box around each, a centre that is the room's own cell, a
//! constant-time `contains`, and the farthest room from the start for the stairs down.

use dungeon_generator::{Cell, Error, Pos, Rect, Rgb, Room, generate};

const RECIPES: [&str; 4] = [
    "dv1 seed=1",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed stickiness=1 stretch=0.7",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 shape=cross",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

#[test]
fn a_rooms_box_centre_and_cells_agree_with_its_cells() {
    for text in RECIPES {
        let d = generate(&text.parse().unwrap()).unwrap();
        for (i, room) in d.rooms().iter().enumerate() {
            let cells = room.cells();
            assert_eq!(Some(room.bounds()), Rect::around(cells.iter().copied()));
            // Every cell of the box and the ring around it, and far cells: contains is
            // the room's cells, no more.
            let b = room.bounds();
            for y in b.y0.saturating_sub(1)..=b.y1 + 1 {
                for x in b.x0.saturating_sub(1)..=b.x1 + 1 {
                    let p = Pos::new(x, y);
                    assert_eq!(
                        room.contains(p),
                        cells.contains(&p),
                        "{text}: room {i} at {p}"
                    );
                }
            }
            assert!(!room.contains(Pos::new(u32::MAX, u32::MAX)));
            // The centre is a cell of the room, none nearer the box's middle.
            let centre = room.centre();
            assert!(room.contains(centre), "{text}: room {i}");
            assert_eq!(d.cell(centre), Some(Cell::Floor(i)));
            let away = |p: Pos| {
                let dx = 2.0 * f64::from(p.x) - f64::from(b.x0 + b.x1);
                let dy = 2.0 * f64::from(p.y) - f64::from(b.y0 + b.y1);
                dx * dx + dy * dy
            };
            assert!(
                cells.iter().all(|&p| away(p) >= away(centre)),
                "{text}: room {i}"
            );
        }
    }
}

#[test]
fn a_room_is_made_of_cells_each_given_once() {
    let colour = Rgb(10, 200, 30);
    assert_eq!(Room::new(vec![], colour), Err(Error::RoomWithoutCells));
    let twice = vec![Pos::new(1, 1), Pos::new(2, 1), Pos::new(1, 1)];
    let error = Room::new(twice, colour).unwrap_err();
    assert_eq!(
        error,
        Error::CellTwice {
            cell: Pos::new(1, 1)
        }
    );
    assert_eq!(error.to_string(), "cell (1, 1) is given twice");
    // A ring: its centre is on the ring, never the hole in the middle.
    let ring: Vec<Pos> = Rect {
        x0: 0,
        y0: 0,
        x1: 2,
        y1: 2,
    }
    .cells()
    .filter(|&p| p != Pos::new(1, 1))
    .collect();
    let room = Room::new(ring.clone(), colour).unwrap();
    assert_eq!(room.cells(), ring);
    assert_eq!(room.colour(), colour);
    assert_eq!(room.centre(), Pos::new(1, 0));
    assert!(!room.contains(Pos::new(1, 1)));
}

#[test]
fn the_stairs_down_go_in_the_farthest_room_from_the_start_never_in_a_corridor() {
    let mut goal_in_corridor = 0;
    for seed in 0..200 {
        let d = generate(&format!("dv1 seed={seed}").parse().unwrap()).unwrap();
        let features = d.features();
        let start = features.start.unwrap();
        let far = features.farthest_room.expect("a map with rooms has one");
        let steps = d.distances([start]);
        let stairs = d.rooms()[far].centre();
        assert_eq!(d.cell(stairs), Some(Cell::Floor(far)), "seed {seed}");
        for (i, room) in d.rooms().iter().enumerate() {
            let (to_room, to_far) = (steps[room.centre()], steps[stairs]);
            assert!(
                to_room <= to_far,
                "seed {seed}: room {i} is farther than {far}"
            );
            if to_room == to_far {
                assert!(i >= far, "seed {seed}: the first of the farthest");
            }
        }
        let goal = features.goal.unwrap();
        goal_in_corridor += usize::from(d.cell(goal).and_then(Cell::room).is_none());
    }
    // The goal (kept as it was for the pictures) can be a corridor's cell; the farthest
    // room never is.
    assert!(goal_in_corridor > 0);
}
