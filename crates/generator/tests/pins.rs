//! Pinned rooms: kept cell for cell through every re-roll and every slider that can keep
//! them, the others placed around them keeping `spacing`, written compactly in the recipe,
//! and refused, naming the pin, when they cannot be kept.

use dungeon_generator::{Dungeon, Error, Pos, Room, generate};
use dungeon_generator::{Key, Kind, Pin, Recipe, Shape, Value};

fn make(recipe: &Recipe) -> Dungeon {
    generate(recipe).unwrap_or_else(|e| panic!("{recipe}: {e}"))
}

/// `recipe` with its map's room `index` pinned, and that room.
fn pinned(recipe: &Recipe, index: usize) -> (Recipe, Room) {
    let d = make(recipe);
    let room = d.rooms()[index].clone();
    let Pos { x, y } = room.cells()[room.cells().len() / 2];
    (recipe.pin_at(&d, x, y).unwrap(), room)
}

/// The room's cells in reading order, and its colour.
fn kept(room: &Room) -> (Vec<Pos>, dungeon_generator::Rgb) {
    let mut cells = room.cells().to_vec();
    cells.sort_by_key(|p| (p.y, p.x));
    (cells, room.colour())
}

/// That the pinned room is the map's first room, as it was, and the map is sound around it.
fn assert_kept(recipe: &Recipe, room: &Room) {
    let d = make(recipe);
    assert_eq!(d.pinned_rooms(), 1, "{recipe}");
    assert_eq!(kept(&d.rooms()[0]), kept(room), "{recipe}");
    assert!(!d.is_pinned(1));
    assert!(d.rooms().len() <= recipe.rooms as usize, "{recipe}");
}

#[test]
fn a_pinned_room_keeps_its_cells_through_every_re_roll_for_every_shape() {
    for &shape in Shape::ALL {
        for index in [0, 5] {
            let base = Recipe {
                seed: 11,
                shape,
                ..Recipe::default()
            };
            let (recipe, room) = pinned(&base, index);
            for rerolled in [
                recipe.reseeded(12),
                recipe.reseeded(13),
                Recipe {
                    rooms_seed: Some(40),
                    ..recipe.clone()
                },
                Recipe {
                    corridors_seed: Some(41),
                    ..recipe.clone()
                },
            ] {
                assert_kept(&rerolled, &room);
            }
            // The rest changed: New rooms moved the other rooms.
            let others = |r: &Recipe| make(r).rooms()[1..].to_vec();
            assert_ne!(others(&recipe), others(&recipe.reseeded(12)), "{recipe}");
        }
    }
}

/// Every value a sweep plays of each key it may play: every choice, every whole number,
/// fractions in tenths of their range.
fn swept() -> impl Iterator<Item = (&'static Key, Value)> {
    Key::all().iter().filter(|k| k.sweepable()).flat_map(|key| {
        let values: Vec<Value> = match key.kind() {
            Kind::Choice { names, .. } => (0..names.len()).map(Value::Choice).collect(),
            Kind::Whole { min, max } => (min..=max).map(Value::Whole).collect(),
            Kind::Fraction { min, max } => (0..=10)
                .map(|i| Value::Fraction(min + (max - min) * f64::from(i) / 10.0))
                .collect(),
            Kind::Pins => Vec::new(),
        };
        values.into_iter().map(move |v| (key, v))
    })
}

#[test]
fn a_pinned_room_keeps_its_cells_through_a_sweep_of_every_slider() {
    for &shape in Shape::ALL {
        let base = Recipe {
            seed: 8,
            shape,
            ..Recipe::default()
        };
        let (recipe, room) = pinned(&base, 2);
        // Down to the least map that holds the room where it is.
        let (x, y, w, h) = recipe.pins[0].bounds();
        let sizes = [
            ("rooms", [1, 7, 14, 27, 40]),
            ("room-size", [1, 50, 100, 150, 200]),
            ("width", [x + w, x + w + 1, 100, 150, 200]),
            ("height", [y + h, y + h + 1, 100, 150, 200]),
        ];
        let sized = sizes.iter().flat_map(|&(name, values)| {
            let key = Key::named(name).unwrap();
            values.map(move |v| (key, Value::Whole(v.into())))
        });
        for (key, value) in swept().chain(sized) {
            let mut r = recipe.clone();
            key.set(&mut r, value).unwrap();
            assert_kept(&r, &room);
        }
    }
}

#[test]
fn rooms_count_the_pinned_ones_and_keep_spacing_from_them() {
    let base: Recipe = "dv1 seed=21 rooms=10 spacing=3".parse().unwrap();
    let (one, _) = pinned(&base, 4);
    let (two, _) = pinned(&one, 7);
    assert_eq!(two.pins.len(), 2);
    for seed in 0..10 {
        let d = make(&two.reseeded(seed));
        assert_eq!(d.rooms().len(), 10, "seed {seed}");
        assert_eq!(d.pinned_rooms(), 2);
        for pinned in &d.rooms()[..2] {
            for other in &d.rooms()[2..] {
                let near = pinned.cells().iter().any(|a| {
                    other
                        .cells()
                        .iter()
                        .any(|b| a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)) <= 3)
                });
                assert!(!near, "seed {seed}: a room within 3 cells of a pinned one");
            }
        }
    }
}

#[test]
fn pins_are_written_compactly_and_read_back() {
    let (recipe, room) = pinned(&Recipe::default(), 3);
    let text = recipe.to_string();
    let pin = text.split(" pin=").nth(1).unwrap();
    assert!(room.cells().len() >= 80, "{} cells", room.cells().len());
    assert!(pin.len() < 80, "{} characters: {pin}", pin.len());
    let read: Recipe = text.parse().unwrap();
    assert_eq!(read, recipe);
    assert_eq!(read.to_string(), text);
    let (two, _) = pinned(&recipe, 6);
    let text = two.to_string();
    assert_eq!(text.matches('~').count(), 1, "{text}");
    assert_eq!(text.parse::<Recipe>().unwrap(), two);
    // What a pin covers is the room's cells.
    let pin = &two.pins[0];
    let mut cells: Vec<Pos> = pin.cells().map(|(x, y)| Pos::new(x, y)).collect();
    cells.sort_by_key(|p| (p.y, p.x));
    assert_eq!((cells.clone(), pin.colour()), kept(&room));
    assert!(cells.iter().all(|p| pin.covers(p.x, p.y)));
    assert!(!pin.covers(cells[0].x.wrapping_sub(1), cells[0].y));
    assert_eq!(Pin::of_room(&room), *pin);
}

#[test]
fn pinning_and_unpinning_by_a_cell() {
    let recipe = Recipe::default();
    let d = make(&recipe);
    let rock = d
        .tiles()
        .positions()
        .find(|&p| d.tiles()[p].room().is_none())
        .unwrap();
    assert_eq!(
        recipe.pin_at(&d, rock.x, rock.y).unwrap_err().to_string(),
        format!("no room covers cell {},{} to pin", rock.x, rock.y)
    );
    let cell = d.rooms()[2].cells()[0];
    let one = recipe.pin_at(&d, cell.x, cell.y).unwrap();
    // Pinning the pinned room again changes nothing.
    let d = make(&one);
    assert_eq!(one.pin_at(&d, cell.x, cell.y).unwrap(), one);
    assert_eq!(one.unpin_at(cell.x, cell.y), Some(recipe.clone()));
    assert_eq!(recipe.unpin_at(cell.x, cell.y), None);
}

#[test]
fn a_moved_pin_stays_on_the_map_and_off_other_pins() {
    let (one, _) = pinned(&Recipe::default(), 0);
    let (two, _) = pinned(&one, 1);
    let (x, y, w, h) = two.pins[0].bounds();
    let moved = two.moved_pin(0, 1, 0);
    // It moves when it fits there, and the room moves with it.
    if let Ok(moved) = &moved {
        assert_eq!(moved.pins[0], two.pins[0].moved_by(1, 0).unwrap());
        let d = make(moved);
        assert!(
            d.rooms()[0]
                .cells()
                .iter()
                .all(|p| two.pins[0].covers(p.x - 1, p.y))
        );
    }
    let error = |dx: i64, dy: i64| two.moved_pin(0, dx, dy).unwrap_err().to_string();
    assert!(error(-i64::from(x) - 1, 0).starts_with("pin 1 would be off the 64×56 map"));
    assert!(error(0, i64::from(56 - h - y) + 1).starts_with("pin 1 would be off"));
    assert!(error(i64::from(64 - w - x) + 1, 0).starts_with("pin 1 would be off"));
    // Onto the other pin.
    let (ox, oy, _, _) = two.pins[1].bounds();
    let onto = two.pins[1].cells().next().unwrap();
    let first = two.pins[0].cells().next().unwrap();
    let (dx, dy) = (
        i64::from(onto.0) - i64::from(first.0),
        i64::from(onto.1) - i64::from(first.1),
    );
    assert_eq!(error(dx, dy), "pin 1 overlaps pin 2", "to {ox},{oy}");
    assert!(
        two.moved_pin(2, 0, 0)
            .unwrap_err()
            .to_string()
            .contains("pin 3 does not exist")
    );
}

#[test]
fn pins_that_cannot_be_kept_are_refused_naming_the_pin() {
    let (recipe, _) = pinned(&Recipe::default(), 3);
    let pin = recipe.pins[0].to_string();
    let (x, y, w, h) = recipe.pins[0].bounds();
    let error = |text: &str| text.parse::<Recipe>().unwrap_err().to_string();
    // Too small a map for it, or one it reaches off.
    let small = format!("dv1 width={} pin={pin}", w - 1);
    assert_eq!(
        error(&small),
        format!("pin 1 is {w}×{h} cells, too big for the {}×56 map", w - 1)
    );
    let short = format!("dv1 height={} pin={pin}", y + h - 1);
    assert!(
        error(&short).starts_with("pin 1 would be off the 64×"),
        "{}",
        error(&short)
    );
    // Over another, or beyond the rooms asked for.
    assert_eq!(
        error(&format!("dv1 pin={pin}~{pin}")),
        "pin 2 overlaps pin 1"
    );
    assert!(
        error(&format!(
            "dv1 rooms=1 pin={pin}~{}",
            recipe.pins[0].moved_by(0, 0).unwrap()
        ))
        .starts_with("pin 2 is one pin more than the 1 rooms")
    );
    // Malformed: another form, a loose box, bits that are not the box's, a capital colour.
    let loose = format!(
        "{}.{}.{}x{}.{}",
        x,
        y,
        w + 1,
        h,
        &pin[pin.rfind('.').unwrap() - 6..]
    );
    for bad in [
        "x",
        "1.2.3x4",
        &loose,
        &pin.replacen('.', ".0", 1),
        &pin.to_uppercase(),
        &format!("{pin}A"),
        "0.0.1x1.ffffff.AA",
    ] {
        let message = error(&format!("dv1 pin={pin}~{bad}"));
        assert!(
            message.starts_with("pin 2 is not written as X.Y.WxH.RRGGBB.CELLS"),
            "{bad}: {message}"
        );
    }
    assert_eq!(
        "dv1 pin=".parse::<Recipe>().unwrap_err(),
        Error::Pin {
            pin: 1,
            fault: dungeon_generator::PinFault::Malformed {
                text: String::new()
            }
        }
    );
}
