//! A border of rock: the recipe's `margin` keeps cells clear along every edge, so that a
//! game's map is closed by walls all round; the map inside is the map of that size.

use dungeon_generator::{Cell, Dungeon, Error, Generation, Pos, Progress, generate};
use dungeon_generator::{PinFault, Recipe};

fn dungeon(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

#[test]
fn a_margin_keeps_rock_along_every_edge_and_walls_close_the_map() {
    for text in [
        "dv1 seed=1 margin=1",
        "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 shape=rect corridor=half-rect margin=2",
        "dv1 seed=3 width=40 height=30 rooms=40 room-size=20 shape=mixed connect=loops margin=3",
        "dv1 seed=2 width=3 height=3 rooms=1 room-size=1 margin=1",
    ] {
        let d = dungeon(text);
        let m = d.recipe().margin;
        let cells = d.cells();
        let (w, h) = (d.width(), d.height());
        assert_eq!((w, h), (cells.width(), cells.height()));
        assert!(!d.rooms().is_empty(), "{text}");
        for p in cells.positions() {
            let in_margin = p.x < m || p.y < m || p.x + m >= w || p.y + m >= h;
            if in_margin {
                assert!(!cells[p].is_walkable(), "{text}: {p} in the margin");
            }
            if cells[p].is_walkable() {
                // Eight neighbours on the map, each walkable or a wall: closed all round.
                assert_eq!(cells.around(p).count(), 8, "{text}: {p} on the edge");
                assert!(
                    cells.around(p).all(|q| cells[q] != Cell::Rock),
                    "{text}: {p}"
                );
            }
        }
    }
}

#[test]
fn the_map_inside_a_margin_is_the_map_of_that_size_moved_in() {
    for (outer, inner, m) in [
        (
            "dv1 seed=3 width=40 height=30 rooms=9 margin=2",
            "dv1 seed=3 width=36 height=26 rooms=9",
            2,
        ),
        (
            "dv1 seed=8 shape=rect corridor=twisty connect=nearest margin=1",
            "dv1 seed=8 width=62 height=54 shape=rect corridor=twisty connect=nearest",
            1,
        ),
    ] {
        let (outer, inner) = (dungeon(outer), dungeon(inner));
        let moved = |p: &Pos| Pos::new(p.x + m, p.y + m);
        assert_eq!(outer.rooms().len(), inner.rooms().len());
        for (a, b) in outer.rooms().iter().zip(inner.rooms()) {
            assert_eq!(a.cells(), b.cells().iter().map(moved).collect::<Vec<_>>());
            assert_eq!(a.colour(), b.colour());
        }
        assert_eq!(outer.paths().len(), inner.paths().len());
        for (a, b) in outer.paths().iter().zip(inner.paths()) {
            assert_eq!(a.cells, b.cells.iter().map(moved).collect::<Vec<_>>());
        }
        let (fa, fb) = (outer.features(), inner.features());
        assert_eq!(fa.start, fb.start.as_ref().map(moved));
        assert_eq!(fa.goal, fb.goal.as_ref().map(moved));
        assert_eq!(fa.doors.len(), fb.doors.len());
    }
}

#[test]
fn a_margin_is_written_only_when_there_is_one() {
    let plain: Recipe = "dv1 seed=4".parse().unwrap();
    assert_eq!(plain.margin, 0);
    assert!(!plain.to_string().contains("margin"));
    let closed: Recipe = "dv1 seed=4 margin=1".parse().unwrap();
    assert_eq!(closed.to_string(), format!("{plain} margin=1"));
    assert_eq!(closed.to_string().parse::<Recipe>().unwrap(), closed);
    assert!("dv1 margin=17".parse::<Recipe>().is_err());
}

#[test]
fn a_margin_that_leaves_no_cell_is_refused_saying_how_wide_one_may_be() {
    let error = "dv1 width=9 height=4 rooms=1 room-size=1 margin=2"
        .parse::<Recipe>()
        .unwrap_err();
    assert!(matches!(
        error,
        Error::MarginTooWide {
            margin: 2,
            width: 9,
            height: 4
        }
    ));
    assert_eq!(
        error.to_string(),
        "margin = 2 leaves no cell inside a 9×4 map: at most 1"
    );
    // Room cells are counted on the map inside the margin.
    let crowded = "dv1 width=600 height=600 rooms=1100 room-size=100 connect=nearest";
    let refused = format!("{crowded} margin=16").parse::<Recipe>();
    assert!(
        matches!(
            refused,
            Err(Error::Crowded {
                width: 568,
                height: 568,
                ..
            })
        ),
        "{refused:?}"
    );
    assert!(crowded.parse::<Recipe>().is_ok());
}

#[test]
fn pins_lie_in_the_whole_map_and_never_in_its_margin() {
    let recipe: Recipe = "dv1 seed=7 margin=2".parse().unwrap();
    let map = generate(&recipe).unwrap();
    // A room near an edge, so that a wider margin reaches it.
    let near_edge = |cells: &[Pos]| {
        let far = |p: &Pos| p.x.min(p.y).min(63 - p.x).min(55 - p.y);
        cells.iter().map(far).min().unwrap()
    };
    let room = map
        .rooms()
        .iter()
        .min_by_key(|r| near_edge(r.cells()))
        .unwrap();
    assert!(near_edge(room.cells()) < 16);
    let cell = room.cells()[0];
    let pinned = recipe.pin_at(&map, cell).unwrap().reseeded(99);
    let again = generate(&pinned).unwrap();
    assert_eq!(again.rooms()[0].cells().len(), room.cells().len());
    let mut kept = again.rooms()[0].cells().to_vec();
    let mut first = room.cells().to_vec();
    kept.sort();
    first.sort();
    assert_eq!(
        kept, first,
        "the pinned room keeps its cells on the whole map"
    );
    // A wider margin reaches the pin: it is refused, saying why.
    let wider = Recipe {
        margin: near_edge(room.cells()) + 1,
        ..pinned
    };
    match wider.validate() {
        Err(Error::Pin {
            pin: 1,
            fault: PinFault::InMargin { margin },
        }) => {
            assert_eq!(margin, wider.margin);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_live_watcher_sees_rooms_and_paths_where_they_lie_on_the_whole_map() {
    let recipe: Recipe = "dv1 seed=11 width=40 height=30 rooms=6 margin=3 merge=1"
        .parse()
        .unwrap();
    let progress = Progress::live();
    let d = Generation::new(&recipe).unwrap().run(&progress).unwrap();
    let (rooms, paths) = progress.made_since(0, 0);
    assert_eq!(rooms, d.rooms());
    assert_eq!(paths, d.paths());
}
