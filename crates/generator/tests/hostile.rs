//! Never a panic on input: hostile values thrown at every public constructor and function
//! of the crate, each answering with a value or an error. (The one thing not thrown: grids
//! too big for memory, which `Grid::new` documents as `vec!` does.)

use dungeon_generator::{
    Dir, Dungeon, Error, Generation, Grid, Key, Kind, Path, Pos, Progress, Recipe, Rect, Replay,
    Rgb, Room, Shortfall, Snapshot, Tile, TileKind, Value, generate,
};

const FAR: Pos = Pos::new(u32::MAX, u32::MAX);

/// Recipes built as structs, each wrong in one way or at an extreme.
fn hostile_recipes() -> Vec<Recipe> {
    let d = Recipe::default;
    vec![
        Recipe { width: 0, ..d() },
        Recipe { height: 0, ..d() },
        Recipe {
            width: u32::MAX,
            height: u32::MAX,
            ..d()
        },
        Recipe { rooms: 0, ..d() },
        Recipe {
            rooms: u32::MAX,
            ..d()
        },
        Recipe {
            room_size: 0,
            ..d()
        },
        Recipe {
            room_size: u32::MAX,
            ..d()
        },
        Recipe {
            stickiness: f64::NAN,
            ..d()
        },
        Recipe {
            randomness: f64::INFINITY,
            ..d()
        },
        Recipe {
            stretch: -5.0,
            ..d()
        },
        Recipe { bends: 0, ..d() },
        Recipe {
            loops: f64::NEG_INFINITY,
            ..d()
        },
        Recipe {
            spacing: u32::MAX,
            ..d()
        },
        Recipe {
            merge: f64::NAN,
            ..d()
        },
        Recipe {
            margin: u32::MAX,
            ..d()
        },
        Recipe {
            margin: 16,
            width: 20,
            height: 20,
            ..d()
        },
        Recipe {
            seed: u64::MAX,
            rooms_seed: Some(u64::MAX),
            corridors_seed: Some(0),
            ..d()
        },
    ]
}

#[test]
fn recipes_wrong_in_every_way_are_refused_with_a_reason() {
    for recipe in hostile_recipes() {
        let text = recipe.to_string();
        let _ = (
            recipe.seconds(),
            recipe.rooms_that_fit(),
            recipe.room_cells_most(),
        );
        let _ = recipe.consecutive_seeds(3).collect::<Vec<_>>();
        let _ = (
            recipe.reseeded(7),
            recipe.check_pins(),
            recipe.unpin_at(Pos::new(u32::MAX, 0)),
        );
        let _ = recipe.moved_pin(usize::MAX, i64::MIN, i64::MAX);
        if recipe.seed == u64::MAX {
            // The one sound recipe: past the largest seed is refused, the rest made.
            assert!(recipe.consecutive_seeds(2).nth(1).unwrap().is_err());
            assert!(generate(&recipe).is_ok(), "{text}");
            continue;
        }
        let error = recipe.validate().expect_err(&text);
        assert!(!error.to_string().is_empty());
        assert_eq!(generate(&recipe).err(), Some(error.clone()), "{text}");
        assert!(Generation::new(&recipe).is_err(), "{text}");
        assert!(
            Dungeon::from_parts(&recipe, vec![], vec![]).is_err(),
            "{text}"
        );
        // What it prints either parses back to the same refusal or is refused as text.
        assert!(text.parse::<Recipe>().is_err(), "{text}");
    }
}

#[test]
fn recipe_text_of_any_shape_is_refused_not_panicked_on() {
    let long = "9".repeat(100_000);
    let texts = [
        String::new(),
        " ".into(),
        "dv1".into(),
        "dv2 seed=1".into(),
        "dv1 seed".into(),
        "dv1 =".into(),
        "dv1 seed==1".into(),
        "dv1 seed=99999999999999999999999".into(),
        "dv1 seed=-1".into(),
        "dv1 width=NaN height=inf".into(),
        "dv1 stickiness=1e309".into(),
        "dv1 stickiness=-0".into(),
        "dv1 shape=\u{202e}evac".into(),
        "dv1 margin=1000".into(),
        "dv1 width=1 height=1 margin=1".into(),
        "dv1 pin=~~~".into(),
        "dv1 pin=0.0.1x1.ffffff.AQ~0.0.1x1.ffffff.AQ".into(),
        "dv1 pin=4294967295.4294967295.1x1.ffffff.AQ".into(),
        format!("dv1 seed={long}"),
        format!("dv1 {long}={long}"),
        "dv1 rooms=10000 width=2048 height=2048 room-size=4096".into(),
        "dv1 \u{0}=\u{0}".into(),
    ];
    for text in &texts {
        match text.parse::<Recipe>() {
            Ok(recipe) => assert!(generate(&recipe).is_ok() || recipe.validate().is_err()),
            Err(e) => assert!(e.to_string().len() < 2_000, "{e}"),
        }
        let mut recipe = Recipe::default();
        let before = recipe.clone();
        for (key, value) in [
            (text.as_str(), "1"),
            ("seed", text.as_str()),
            ("pin", text.as_str()),
        ] {
            if recipe.set(key, value).is_err() {
                assert_eq!(
                    recipe, before,
                    "a refused value leaves the recipe as it was"
                );
            }
            recipe = before.clone();
        }
    }
}

#[test]
fn every_key_takes_any_text_and_any_value_without_panicking() {
    let values = [
        Value::Whole(u64::MAX),
        Value::Whole(0),
        Value::Fraction(f64::NAN),
        Value::Fraction(-1e300),
        Value::Choice(usize::MAX),
        Value::Absent,
        Value::Pins(Vec::new()),
    ];
    assert!(Key::named("").is_none() && Key::named("\u{202e}").is_none());
    for key in Key::all() {
        let _ = (
            key.name(),
            key.help(),
            key.kind().allowed(),
            key.sweepable(),
        );
        let mut recipe = Recipe::default();
        let _ = (key.get(&recipe), key.default_value(), key.applies(&recipe));
        for text in [
            "",
            "-1",
            "NaN",
            "1e309",
            "18446744073709551616",
            "cave",
            "~",
            "\u{1b}[2J",
        ] {
            if let Ok(value) = key.parse(text) {
                assert!(key.set(&mut recipe, value).is_ok(), "{}={text}", key.name());
            }
        }
        for value in &values {
            let _ = key.format(value);
            let before = recipe.clone();
            if key.set(&mut recipe, value.clone()).is_err() {
                assert_eq!(recipe, before);
            }
        }
        if let Kind::Choice { names, .. } = key.kind() {
            assert!(!names.is_empty());
        }
    }
}

#[test]
fn grids_positions_and_rectangles_take_any_cell() {
    let empty: Grid<u8> = Grid::new(0, 0, 0);
    let grid = Grid::new(3, 2, 7u8);
    for g in [&empty, &grid] {
        let _ = (
            g.get(FAR),
            g.index_of(FAR),
            g.pos_of(usize::MAX),
            g.row(u32::MAX),
        );
        let _ = (
            g.contains(FAR),
            g.step(FAR, Dir::Right),
            g.len(),
            g.is_empty(),
        );
        assert_eq!(g.neighbours(FAR).count() + g.around(FAR).count(), 0);
        let _ = g.map(|v| v + 1).positions().count();
    }
    assert!(!empty.contains(empty.pos_of(5)));
    let _ = Grid::from_fn(0, 5, |p| p.x);
    assert!(Grid::from_cells(2, 2, vec![1]).is_err());
    assert!(Grid::from_cells(u32::MAX, u32::MAX, vec![1]).is_err());
    for text in ["", "\n\n", "ab\nc", "\u{202e}", "a\u{0}b"] {
        let _ = text.parse::<Grid<char>>().map(|g| g.to_string());
    }
    let mut owned = grid.clone();
    assert!(owned.get_mut(FAR).is_none());

    assert_eq!(FAR.offset(1, 1), None);
    assert_eq!(Pos::new(0, 0).offset(i32::MIN, i32::MAX), None);
    assert_eq!(FAR.manhattan(Pos::new(0, 0)), u32::MAX);
    let inverted = Rect {
        x0: 9,
        y0: 9,
        x1: 0,
        y1: 0,
    };
    let whole = Rect {
        x0: 0,
        y0: 0,
        x1: u32::MAX,
        y1: u32::MAX,
    };
    for r in [inverted, whole] {
        let _ = (
            r.width(),
            r.height(),
            r.area(),
            r.contains(FAR),
            r.distance_to(FAR),
        );
        let _ = (
            r.gap(&inverted),
            r.gap(&whole),
            r.union(inverted),
            r.grown(u32::MAX, 0, 0),
        );
    }
    assert_eq!(inverted.cells().count(), 0);
    assert_eq!(Rect::around([]), None);
    let _ = (
        Rgb(0, 0, 0).distance(Rgb(255, 255, 255)),
        Rgb(1, 2, 3).inverted(),
    );
    for tile in [Tile::FREE, Tile::PATH, Tile::default()] {
        let _ = (
            tile.room(),
            tile.kind(),
            tile.is_walkable(),
            tile.is_outside_rooms(),
        );
    }
    assert_eq!(Tile::FREE.kind(), TileKind::Free);
}

#[test]
fn rooms_dungeons_and_their_walks_take_any_part_and_any_cell() {
    let far_room = Room::new(vec![FAR, Pos::new(0, 0)], Rgb(9, 9, 9)).unwrap();
    let _ = (far_room.bounds(), far_room.centre());
    assert!(far_room.contains(FAR) && far_room.contains(Pos::new(0, 0)));
    assert!(!far_room.contains(Pos::new(1, 1)));
    let d = generate(
        &"dv1 seed=3 width=20 height=12 rooms=3 room-size=12"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let recipe = d.recipe().clone();
    assert!(Dungeon::from_parts(&recipe, vec![far_room], vec![]).is_err());
    let wild = Path {
        from: usize::MAX,
        to: 0,
        cells: vec![FAR],
        crossed: u32::MAX,
    };
    assert!(Dungeon::from_parts(&recipe, d.rooms().to_vec(), vec![wild]).is_err());
    let empty = Path {
        from: 0,
        to: 1,
        cells: vec![],
        crossed: 0,
    };
    let thin = Dungeon::from_parts(&recipe, d.rooms().to_vec(), vec![empty]).unwrap();
    let _ = (
        thin.features(),
        thin.cells(),
        thin.stats(),
        thin.shortfall(),
    );
    for map in [&d, &thin] {
        assert_eq!(map.cell(FAR), None);
        assert_eq!(map.path(FAR, Pos::new(0, 0)), None);
        assert_eq!(map.path(Pos::new(0, 0), FAR), None);
        let _ = map.distances([FAR, FAR, Pos::new(0, 0)]);
        let _ = map.distances(std::iter::repeat_n(FAR, 1000));
        assert_eq!(map.tile(FAR), None);
        let replay = Replay::new(map);
        let _ = (
            replay.at(usize::MAX),
            replay.at(0),
            replay.frames(0),
            replay.frames(usize::MAX),
        );
        assert!(recipe.pin_at(map, Pos::new(u32::MAX, u32::MAX)).is_err());
    }
    // A generation asked for more after handing its map out, or called off, says so.
    let progress = Progress::default();
    let mut generation = Generation::new(&recipe).unwrap();
    let made = loop {
        if let Some(done) = generation.advance(&progress, || true).unwrap() {
            break done;
        }
    };
    assert_eq!(made, d);
    assert_eq!(
        generation.advance(&progress, || true),
        Err(Error::Cancelled)
    );
    let off = Progress::live();
    off.cancel();
    assert_eq!(
        Generation::new(&recipe).unwrap().run(&off),
        Err(Error::Cancelled)
    );
    let _ = off.made_since(usize::MAX, usize::MAX);
    let odd = Snapshot {
        rooms_placed: u32::MAX,
        rooms_total: 0,
        paths_joined: 9,
        paths_total: 1,
    };
    assert!(odd.fraction().is_finite());
    let short = Shortfall::Full {
        asked: 0,
        placed: u32::MAX,
    };
    let _ = (
        short.asked(),
        short.placed(),
        short.why(),
        short.to_string(),
    );
}
