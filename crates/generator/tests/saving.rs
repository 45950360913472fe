//! Maps that save (the `serde` feature): a dungeon written as JSON and read back is the
//! same dungeon, and a hostile file is refused with a reason, never a panic.

use dungeon_generator::{Cell, Dungeon, Grid, Pos, Rect, Room, Tile, generate};
use dungeon_generator::{Recipe, Vault};
use serde_json::{Value, json};

const RECIPES: [&str; 5] = [
    "dv1 seed=1",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed corridor=twisty connect=loops margin=2",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 shape=rect fit=move stickiness=0.35",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
    "dv1 seed=7 width=8 height=8 rooms=50 room-size=5",
];

#[test]
fn a_map_read_back_is_the_map_written() {
    for text in RECIPES {
        let made = generate(&text.parse().unwrap()).unwrap();
        let json = serde_json::to_string(&made).unwrap();
        let read: Dungeon = serde_json::from_str(&json).unwrap();
        assert_eq!(read, made, "{text}");
        assert_eq!(read.cells(), made.cells(), "{text}");
        assert_eq!(read.features(), made.features(), "{text}");
        assert_eq!(read.shortfall(), made.shortfall(), "{text}");
        // Its parts too.
        let cells: Grid<Cell> =
            serde_json::from_str(&serde_json::to_string(&made.cells()).unwrap()).unwrap();
        assert_eq!(cells, made.cells());
        let tiles: Grid<Tile> =
            serde_json::from_str(&serde_json::to_string(made.tiles()).unwrap()).unwrap();
        assert_eq!(&tiles, made.tiles());
        let features = serde_json::to_string(made.features()).unwrap();
        assert_eq!(
            serde_json::from_str::<dungeon_generator::Features>(&features).unwrap(),
            *made.features()
        );
        let stats = serde_json::to_string(&made.stats()).unwrap();
        assert_eq!(
            serde_json::from_str::<dungeon_generator::Stats>(&stats).unwrap(),
            made.stats()
        );
    }
    // A pinned recipe too: pins travel in the recipe's text.
    let recipe: Recipe = "dv1 seed=9".parse().unwrap();
    let map = generate(&recipe).unwrap();
    let cell = map.rooms()[1].cells()[0];
    let pinned = generate(&recipe.pin_at(&map, cell).unwrap().reseeded(4)).unwrap();
    let json = serde_json::to_string(&pinned).unwrap();
    assert_eq!(serde_json::from_str::<Dungeon>(&json).unwrap(), pinned);
}

#[test]
fn a_map_is_saved_as_its_recipe_rooms_and_paths() {
    let made = generate(&"dv1 seed=4 rooms=3".parse().unwrap()).unwrap();
    let value: Value = serde_json::to_value(&made).unwrap();
    assert_eq!(value["recipe"], made.recipe().to_string());
    let room = &made.rooms()[0];
    assert_eq!(
        value["rooms"][0]["cells"][0],
        json!([room.cells()[0].x, room.cells()[0].y])
    );
    let c = room.colour();
    assert_eq!(value["rooms"][0]["colour"], json!([c.0, c.1, c.2]));
    assert_eq!(value["paths"][0]["from"], 0);
    assert_eq!(value.as_object().unwrap().len(), 3);
    assert_eq!(
        serde_json::to_value(Cell::Floor(2)).unwrap(),
        json!({"floor": 2})
    );
    assert_eq!(serde_json::to_value(Cell::Wall).unwrap(), json!("wall"));
    let rect = Rect {
        x0: 1,
        y0: 2,
        x1: 3,
        y1: 4,
    };
    assert_eq!(
        serde_json::from_value::<Rect>(serde_json::to_value(rect).unwrap()).unwrap(),
        rect
    );
}

#[test]
fn a_hostile_map_file_is_refused_with_a_reason() {
    let made = generate(
        &"dv1 seed=4 width=20 height=10 rooms=3 room-size=10"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let good: Value = serde_json::to_value(&made).unwrap();
    let with = |change: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        change(&mut v);
        serde_json::from_value::<Dungeon>(v)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(with(&|_| {}), Ok(()));
    /// What a hostile file says, and what reading it back says.
    type Refusal<'a> = (&'a str, &'a dyn Fn(&mut Value));
    let refusals: [Refusal; 10] = [
        ("out of range", &|v| v["recipe"] = json!("dv1 width=0")),
        ("version tag", &|v| v["recipe"] = json!("hello")),
        ("off the 20×10 map", &|v| {
            v["rooms"][0]["cells"][0] = json!([500, 500])
        }),
        ("given twice", &|v| {
            v["rooms"][1]["cells"][0] = v["rooms"][0]["cells"][0].clone()
        }),
        ("at least one cell", &|v| v["rooms"][0]["cells"] = json!([])),
        ("joins room 7", &|v| v["paths"][0]["to"] = json!(7)),
        ("leaps", &|v| v["paths"][0]["cells"][1] = json!([19, 9])),
        ("invalid type", &|v| v["rooms"][0]["colour"] = json!("red")),
        ("missing field", &|v| {
            v.as_object_mut().unwrap().remove("paths");
        }),
        ("invalid value", &|v| {
            v["paths"][0]["cells"][0] = json!([-1, 0])
        }),
    ];
    for (reason, change) in refusals {
        let error = with(change).expect_err(reason);
        assert!(error.contains(reason), "{reason:?} not in {error:?}");
    }
    // Grids whose sizes and cells disagree, and tiles of rooms past the last.
    let grid =
        serde_json::from_value::<Grid<u8>>(json!({"width": 3, "height": 2, "cells": [1, 2]}));
    assert!(
        grid.unwrap_err()
            .to_string()
            .contains("needs 6 cells, got 2")
    );
    assert!(serde_json::from_value::<Tile>(json!({"room": 4294967295u64})).is_err());
    assert!(
        serde_json::from_value::<Room>(json!({"cells": [[1, 1], [1, 1]], "colour": [1, 2, 3]}))
            .is_err()
    );
    assert_eq!(
        serde_json::from_value::<Pos>(json!([3, 4])).unwrap(),
        Pos::new(3, 4)
    );
}

/// A cross five cells wide and high.
fn cross() -> Vault {
    Vault::new((0..5).flat_map(|i| [Pos::new(i, 2), Pos::new(2, i)])).unwrap()
}

#[test]
fn maps_with_vaults_pins_and_closed_rooms_read_back_as_written() {
    let mut checked = 0;
    for seed in 1..=60 {
        for text in [
            "dv1 spacing=1",
            "dv1 closed=1 margin=1",
            "dv1 shape=rect corridor=half-rect connect=loops spacing=2 fit=move merge=1 closed=1",
            "dv1 width=40 height=30 rooms=20 room-size=30 closed=1",
        ] {
            let mut recipe: Recipe = text.parse().unwrap();
            recipe.seed = seed;
            recipe.vaults = vec![cross(), cross().at(Pos::new(20, 10))];
            let first = generate(&recipe).unwrap();
            // A pinned room of its own map, then the map of a new seed around it.
            let cell = first.rooms()[seed as usize % first.rooms().len()].cells()[0];
            let pinned = recipe.pin_at(&first, cell).unwrap().reseeded(seed + 1000);
            for made in [first, generate(&pinned).unwrap()] {
                let json = serde_json::to_string(&made).unwrap();
                let read: Dungeon = serde_json::from_str(&json)
                    .unwrap_or_else(|e| panic!("{}: {e}", made.recipe()));
                assert_eq!(read, made);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 480);
}

#[test]
fn a_map_file_is_refused_where_its_rooms_and_paths_break_its_recipe() {
    let mut recipe: Recipe = "dv1 seed=4 width=30 height=20 rooms=4 room-size=12 margin=1"
        .parse()
        .unwrap();
    recipe.vaults = vec![cross().at(Pos::new(12, 8))];
    let made = generate(&recipe).unwrap();
    let vault = made.vault_room(0).unwrap();
    let grown = (vault + 1) % made.rooms().len();
    let good: Value = serde_json::to_value(&made).unwrap();
    let with = |change: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        change(&mut v);
        serde_json::from_value::<Dungeon>(v)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(with(&|_| {}), Ok(()));
    type Refusal<'a> = (String, &'a dyn Fn(&mut Value));
    let refusals: [Refusal; 5] = [
        (
            format!("room {vault} is marked vault 3, but the recipe has 1 vaults"),
            &|v| v["rooms"][vault]["kind"] = json!({"Vault": 3}),
        ),
        (
            format!(
                "rooms {} and {} are both marked vault 0",
                grown.min(vault),
                grown.max(vault)
            ),
            &|v| v["rooms"][grown]["kind"] = json!({"Vault": 0}),
        ),
        ("in the map's margin of 1 cells".to_string(), &|v| {
            v["rooms"][0]["cells"]
                .as_array_mut()
                .unwrap()
                .push(json!([0, 5]))
        }),
        (
            "cells are not one room: cell (28, 18) is not joined".to_string(),
            &|v| {
                v["rooms"][0]["cells"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!([28, 18]))
            },
        ),
        ("path 0 ends at".to_string(), &|v| {
            let cells = v["paths"][0]["cells"].as_array_mut().unwrap();
            cells.pop();
        }),
    ];
    for (reason, change) in refusals {
        let error = with(change).expect_err(&reason);
        assert!(error.contains(&reason), "{reason:?} not in {error:?}");
    }
}
