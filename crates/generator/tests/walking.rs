//! Walking a finished map without random numbers: distance maps from any set of cells and
//! shortest paths, checked against a plain breadth-first search written here.

use std::collections::{BTreeMap, VecDeque};

use dungeon_generator::{Dungeon, Pos, generate};

fn dungeon(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

/// Steps from the nearest of `starts` to every walkable cell they reach, by a plain BFS.
fn reference(d: &Dungeon, starts: &[Pos]) -> BTreeMap<Pos, u32> {
    let walkable = |p: Pos| d.cell(p).is_some_and(|c| c.is_walkable());
    let mut seen: BTreeMap<Pos, u32> = BTreeMap::new();
    let mut queue = VecDeque::new();
    for &s in starts.iter().filter(|&&s| walkable(s)) {
        seen.insert(s, 0);
        queue.push_back(s);
    }
    while let Some(p) = queue.pop_front() {
        let d0 = seen[&p];
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if let Some(q) = p.offset(dx, dy).filter(|&q| walkable(q))
                && !seen.contains_key(&q)
            {
                seen.insert(q, d0 + 1);
                queue.push_back(q);
            }
        }
    }
    seen
}

#[test]
fn a_distance_map_from_several_starts_gives_each_cell_its_steps_from_the_nearest() {
    let d = dungeon("dv1 seed=6 width=48 height=32 rooms=8 room-size=40 connect=loops");
    let features = d.features();
    let doors: Vec<Pos> = features.doors.iter().map(|door| door.outside).collect();
    let off_map = Pos::new(500, 500);
    let rock = d
        .cells()
        .positions()
        .find(|&p| d.tile(p).unwrap().room().is_none() && !d.cell(p).unwrap().is_walkable())
        .unwrap();
    for starts in [
        vec![features.start.unwrap()],
        doors.clone(),
        vec![
            features.start.unwrap(),
            features.goal.unwrap(),
            off_map,
            rock,
        ],
        vec![],
    ] {
        let expected = reference(&d, &starts);
        let map = d.distances(starts.iter().copied());
        for p in map.positions() {
            assert_eq!(map[p], expected.get(&p).copied(), "from {starts:?}, at {p}");
        }
    }
}

#[test]
fn a_path_is_a_shortest_walk_and_the_same_each_time() {
    for text in [
        "dv1 seed=2",
        "dv1 seed=8 shape=rect corridor=twisty connect=nearest",
    ] {
        let d = dungeon(text);
        let rooms = d.rooms();
        let from = rooms[0].cells()[0];
        let steps = reference(&d, &[from]);
        for room in rooms {
            let to = *room.cells().last().unwrap();
            let path = d.path(from, to).expect("every room is joined");
            assert_eq!(path.first(), Some(&from));
            assert_eq!(path.last(), Some(&to));
            assert_eq!(path.len() as u32, steps[&to] + 1, "{text}: to {to}");
            assert!(path.windows(2).all(|w| w[0].is_beside(w[1])));
            assert!(path.iter().all(|&p| d.cell(p).unwrap().is_walkable()));
            assert_eq!(d.path(from, to), Some(path));
        }
        assert_eq!(d.path(from, from), Some(vec![from]));
    }
}

#[test]
fn no_path_leads_off_the_map_onto_rock_or_between_cells_nothing_joins() {
    let d = dungeon("dv1 seed=2");
    let start = d.features().start.unwrap();
    let rock = d
        .cells()
        .positions()
        .find(|&p| !d.cell(p).unwrap().is_walkable())
        .unwrap();
    assert_eq!(d.path(start, rock), None);
    assert_eq!(d.path(rock, start), None);
    assert_eq!(d.path(start, Pos::new(u32::MAX, u32::MAX)), None);
    assert_eq!(d.path(Pos::new(64, 0), start), None);
    // Two one-cell rooms a cell of rock apart that no path joins: a map of one room each
    // way, checked on the distance map too.
    let lone = dungeon("dv1 seed=1 width=3 height=1 rooms=1 room-size=1");
    let room = lone.rooms()[0].cells()[0];
    for p in lone.cells().positions().filter(|&p| p != room) {
        assert_eq!(lone.path(room, p), None);
        assert_eq!(lone.distances([room])[p], None);
    }
}
