//! Pinned rooms: kept cell for cell through every re-roll and every slider that can keep
//! them, each in its room's place, the other rooms kept where they are and only those in a
//! pin's way grown again, in colours no one takes for a pin's; written compactly in the
//! recipe, and refused, naming the pin, when they cannot be kept.

use crate::common::{fingerprints, four_connected};
use dungeon_generator::{Dungeon, Error, Pos, Rgb, Room, RoomKind, generate};
use dungeon_generator::{Key, Kind, Pin, PinFault, Recipe, Shape, Value};

fn make(recipe: &Recipe) -> Dungeon {
    generate(recipe).unwrap_or_else(|e| panic!("{recipe}: {e}"))
}

/// `recipe` with its map's room `index` pinned, and that room.
fn pinned(recipe: &Recipe, index: usize) -> (Recipe, Room) {
    let d = make(recipe);
    let room = d.rooms()[index].clone();
    let cell = room.cells()[room.cells().len() / 2];
    (recipe.pin_at(&d, cell).unwrap(), room)
}

/// The room's cells in reading order, and its colour.
fn kept(room: &Room) -> (Vec<Pos>, Rgb) {
    let mut cells = room.cells().to_vec();
    cells.sort_by_key(|p| (p.y, p.x));
    (cells, room.colour())
}

/// The map's pinned rooms, as [`kept`] gives them.
fn pinned_rooms(d: &Dungeon) -> Vec<(Vec<Pos>, Rgb)> {
    let rooms = d.rooms().iter().filter(|r| r.kind() == RoomKind::Pinned);
    rooms.map(kept).collect()
}

/// Whether two maps have the same rooms, cell for cell, whatever their colours (a pinned
/// room keeps its cells in reading order, not in the order they grew).
fn same_cells(a: &Dungeon, b: &Dungeon) -> bool {
    a.rooms().len() == b.rooms().len()
        && a.rooms()
            .iter()
            .zip(b.rooms())
            .all(|(p, q)| kept(p).0 == kept(q).0)
}

/// That the map of `recipe` keeps `room` pinned, as it was, and is sound around it.
fn assert_kept(recipe: &Recipe, room: &Room) {
    let d = make(recipe);
    assert!(
        pinned_rooms(&d) == [kept(room)],
        "{recipe}: the pinned room changed"
    );
    assert_eq!(d.pinned_rooms(), 1);
    assert!(d.rooms().len() <= recipe.rooms as usize, "{recipe}");
}

/// How different two colours look: CIE 1976 ΔE in Lab (D65), computed here from the
/// standard's formulas, apart from the generator's own.
fn delta_e(a: Rgb, b: Rgb) -> f64 {
    fn lab(c: Rgb) -> [f64; 3] {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (lin(c.0), lin(c.1), lin(c.2));
        let xyz = [
            (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
        ];
        let f = xyz.map(|t| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        });
        [
            116.0 * f[1] - 16.0,
            500.0 * (f[0] - f[1]),
            200.0 * (f[1] - f[2]),
        ]
    }
    let (p, q) = (lab(a), lab(b));
    (0..3).map(|i| (p[i] - q[i]).powi(2)).sum::<f64>().sqrt()
}

/// The ΔE below which no other room's colour may come to a pinned room's: a little under
/// the generator's 25, for the rounding of two implementations.
const TOLD_APART: f64 = 24.5;

/// That no room of `d` but the pinned ones has a colour one could take for a pinned room's.
fn assert_pins_stand_out(d: &Dungeon, context: &str) {
    for (i, pin) in d
        .rooms()
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind() == RoomKind::Pinned)
    {
        for (j, other) in d.rooms().iter().enumerate() {
            if other.kind() != RoomKind::Pinned {
                let e = delta_e(pin.colour(), other.colour());
                assert!(
                    e >= TOLD_APART,
                    "{context}: room {j} looks like pinned room {i} (ΔE {e:.1})"
                );
            }
        }
    }
}

#[test]
fn pinning_a_room_in_its_own_map_changes_no_other_room_for_seeds_1_to_30() {
    for seed in 1..=30 {
        let recipe = Recipe {
            seed,
            ..Recipe::default()
        };
        let map = make(&recipe);
        for index in 0..map.rooms().len() {
            let (pinned, room) = pinned(&recipe, index);
            let context = format!("seed {seed}, room {index}");
            let d = make(&pinned);
            assert!(same_cells(&d, &map), "{context}: a room moved");
            assert!(
                kept(&d.rooms()[index]) == kept(&room),
                "{context}: the pin changed"
            );
            assert!(d.is_pinned(index), "{context}");
            assert!(d.paths() == map.paths(), "{context}: the corridors changed");
            assert_pins_stand_out(&d, &context);
        }
    }
}

#[test]
fn moving_a_pin_by_one_cell_keeps_most_other_rooms_cell_for_cell() {
    let (mut kept_rooms, mut others) = (0, 0);
    for seed in 1..=60 {
        for shape in ["cave", "rect", "mixed"] {
            let recipe: Recipe = format!("dv1 seed={seed} shape={shape}").parse().unwrap();
            let (one, _) = pinned(&recipe, seed as usize % 12);
            let before = make(&one);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let Ok(moved) = one.moved_pin(0, dx, dy) else {
                    continue;
                };
                let after = make(&moved);
                let index = one.pins[0].room_index().unwrap();
                let same = |i: usize| {
                    after.rooms().get(i).map(|r| r.cells()) == Some(before.rooms()[i].cells())
                };
                let rest = (0..before.rooms().len()).filter(|&i| i != index);
                others += rest.clone().count();
                kept_rooms += rest.filter(|&i| same(i)).count();
            }
        }
    }
    let share = kept_rooms as f64 / others as f64;
    println!(
        "moved by a cell: {kept_rooms} of {others} other rooms kept ({:.1} %)",
        100.0 * share
    );
    assert!(
        share >= 0.8,
        "only {:.1} % of the other rooms kept",
        100.0 * share
    );
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
                let d = make(&rerolled);
                assert!(d.is_pinned(index), "{rerolled}: not in its room's place");
                assert_pins_stand_out(&d, &rerolled.to_string());
            }
            // The rest changed: New rooms moved the other rooms.
            let others = |r: &Recipe| make(r).rooms()[index + 1..].to_vec();
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
            Kind::Pins | Kind::Vaults => Vec::new(),
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
        let bounds = recipe.pins[0].bounds();
        let sizes = [
            ("rooms", [1, 7, 14, 27, 40]),
            ("room-size", [1, 50, 100, 150, 200]),
            ("width", [bounds.x1 + 1, bounds.x1 + 2, 100, 150, 200]),
            ("height", [bounds.y1 + 1, bounds.y1 + 2, 100, 150, 200]),
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
    // Pinned in their own map, nothing moved.
    assert!(same_cells(&make(&two), &make(&base)));
    let mut placed = 0;
    for seed in 0..10 {
        let d = make(&two.reseeded(seed));
        assert!(d.rooms().len() <= 10, "seed {seed}");
        placed += d.rooms().len();
        assert_eq!(d.pinned_rooms(), 2);
        let (pins, others): (Vec<&Room>, Vec<&Room>) =
            d.rooms().iter().partition(|r| r.kind() == RoomKind::Pinned);
        for pinned in pins {
            for other in &others {
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
    // A room in a pin's way finds another place nearly always.
    assert!(placed >= 98, "{placed} rooms of 100");
}

#[test]
fn pins_are_written_compactly_with_their_room_number_and_read_back() {
    let (recipe, room) = pinned(&Recipe::default(), 3);
    let text = recipe.to_string();
    let pin = text.split(" pin=").nth(1).unwrap();
    assert!(
        pin.starts_with("4@"),
        "{pin}: room 3 is numbered 4, as the numbers show it"
    );
    assert!(room.cells().len() >= 80, "{} cells", room.cells().len());
    assert!(pin.len() < 80, "{} characters: {pin}", pin.len());
    let read: Recipe = text.parse().unwrap();
    assert_eq!(read, recipe);
    assert_eq!(read.to_string(), text);
    assert_eq!(read.pins[0].room_index(), Some(3));
    let (two, _) = pinned(&recipe, 6);
    let text = two.to_string();
    assert_eq!(text.matches('~').count(), 1, "{text}");
    assert_eq!(text.parse::<Recipe>().unwrap(), two);
    // What a pin covers is the room's cells, and its box is around them.
    let pin = &two.pins[0];
    let mut cells: Vec<Pos> = pin.cells().collect();
    cells.sort_by_key(|p| (p.y, p.x));
    assert!((cells.clone(), pin.colour()) == kept(&room));
    assert!(cells.iter().all(|&p| pin.covers(p)));
    assert!(!pin.covers(Pos::new(cells[0].x.wrapping_sub(1), cells[0].y)));
    let b = pin.bounds();
    assert!(
        cells
            .iter()
            .all(|p| (b.x0..=b.x1).contains(&p.x) && (b.y0..=b.y1).contains(&p.y))
    );
    assert_eq!(
        Pin::of_room(&make(&Recipe::default()), 3).as_ref(),
        Some(pin)
    );
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
        recipe.pin_at(&d, rock).unwrap_err().to_string(),
        format!("no room covers cell {},{} to pin", rock.x, rock.y)
    );
    let cell = d.rooms()[2].cells()[0];
    let one = recipe.pin_at(&d, cell).unwrap();
    // Pinning the pinned room again changes nothing.
    let d = make(&one);
    assert_eq!(one.pin_at(&d, cell).unwrap(), one);
    assert_eq!(one.unpin_at(cell), Some(recipe.clone()));
    assert_eq!(recipe.unpin_at(cell), None);
    // Many at once, a room named twice pinned once.
    let cells = [
        d.rooms()[0].cells()[0],
        d.rooms()[0].cells()[1],
        d.rooms()[5].cells()[0],
    ];
    let three = one.pin_each_at(&d, &cells).unwrap();
    assert_eq!(three.pins.len(), 3);
    assert!(same_cells(&make(&three), &d));
}

#[test]
fn a_moved_pin_stays_on_the_map_and_off_other_pins() {
    let (one, _) = pinned(&Recipe::default(), 0);
    let (two, _) = pinned(&one, 1);
    let b = two.pins[0].bounds();
    let moved = two.moved_pin(0, 1, 0);
    // It moves when it fits there, and the room moves with it.
    if let Ok(moved) = &moved {
        assert_eq!(moved.pins[0], two.pins[0].moved_by(1, 0).unwrap());
        let d = make(moved);
        assert!(
            d.rooms()[0]
                .cells()
                .iter()
                .all(|p| two.pins[0].covers(Pos::new(p.x - 1, p.y)))
        );
    }
    let error = |dx: i64, dy: i64| two.moved_pin(0, dx, dy).unwrap_err().to_string();
    assert!(error(-i64::from(b.x0) - 1, 0).starts_with("pin 1 would be off the 64×56 map"));
    assert!(error(0, i64::from(55 - b.y1) + 1).starts_with("pin 1 would be off"));
    assert!(error(i64::from(63 - b.x1) + 1, 0).starts_with("pin 1 would be off"));
    // Onto the other pin.
    let onto = two.pins[1].cells().next().unwrap();
    let first = two.pins[0].cells().next().unwrap();
    let (dx, dy) = (
        i64::from(onto.x) - i64::from(first.x),
        i64::from(onto.y) - i64::from(first.y),
    );
    assert_eq!(error(dx, dy), "pin 1 overlaps pin 2");
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
    let b = recipe.pins[0].bounds();
    let (w, h) = (b.x1 - b.x0 + 1, b.y1 - b.y0 + 1);
    let error = |text: &str| text.parse::<Recipe>().unwrap_err().to_string();
    // Too small a map for it, or one it reaches off.
    let small = format!("dv1 width={} pin={pin}", w - 1);
    assert_eq!(
        error(&small),
        format!("pin 1 is {w}×{h} cells, too big for the {}×56 map", w - 1)
    );
    let short = format!("dv1 height={} pin={pin}", b.y1);
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
    let elsewhere = recipe.pins[0].moved_by(0, 20).unwrap();
    assert!(
        error(&format!("dv1 rooms=1 pin={pin}~{elsewhere}"))
            .starts_with("pin 2 is one more than the 1 rooms")
    );
    // Malformed: another form, a loose box, bits that are not the box's, a capital colour,
    // room number 0.
    let at = pin.find('@').unwrap();
    let loose = format!(
        "{}.{}.{}x{}.{}",
        b.x0,
        b.y0,
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
        &format!("0{}", &pin[at..]),
        "0.0.1x1.ffffff.AA",
    ] {
        let message = error(&format!("dv1 pin={pin}~{bad}"));
        assert!(
            message.starts_with("pin 2 is not written as the program writes it"),
            "{bad}: {message}"
        );
    }
    assert_eq!(
        "dv1 pin=".parse::<Recipe>().unwrap_err(),
        Error::Pin {
            pin: 1,
            fault: PinFault::Malformed {
                text: String::new()
            }
        }
    );
}

#[test]
fn a_pin_whose_cells_are_not_joined_edge_to_edge_is_refused() {
    // The issue's own: cells in two pieces, and one touching another only at a corner.
    let apart = "dv1 width=30 height=12 rooms=3 room-size=4 pin=2.2.20x8.808080.AQAAAAAAAAAAAAAAAAAAAAAAAIA";
    let corner = "dv1 pin=1@5.5.2x2.808080.CQ";
    for text in [apart, corner] {
        let message = text.parse::<Recipe>().unwrap_err().to_string();
        assert!(
            message.starts_with("pin 1 is not one room: its cells fall into 2 pieces"),
            "{message}"
        );
    }
    // Every room a map makes is one piece, and so every pin of one.
    let d = make(&Recipe::default());
    assert!(d.rooms().iter().all(|r| four_connected(r.cells())));
}

#[test]
fn a_pin_of_a_map_pinned_before_pins_had_numbers_numbers_them_all() {
    let old: Recipe = "dv1 seed=2 pin=13.21.14x10.538ff9.oAPuyf_z___H__B__AfwB34A"
        .parse()
        .unwrap();
    assert_eq!(old.pins[0].room_index(), None);
    let d = make(&old);
    // Made as before: the pinned room first.
    assert!(d.is_pinned(0));
    let cell = d.rooms()[4].cells()[0];
    let two = old.pin_at(&d, cell).unwrap();
    assert_eq!(
        two.pins.iter().map(Pin::room_index).collect::<Vec<_>>(),
        [Some(0), Some(4)]
    );
    assert!(
        two.to_string().contains("pin=1@13.21.14x10.538ff9"),
        "{two}"
    );
    // From then on, pinning more keeps every other room.
    let after = make(&two);
    let cell = after.rooms()[7].cells()[0];
    let three = two.pin_at(&after, cell).unwrap();
    assert!(same_cells(&make(&three), &after));
}

#[test]
fn many_pins_each_take_their_own_room_and_others_find_other_places() {
    // Rooms of seed 3's map pinned into seed 4's: a pin takes its room's place, and no
    // room of the map shares a cell with a pin or looks like one.
    let three: Recipe = "dv1 seed=3 width=128 height=112 rooms=48".parse().unwrap();
    let map = make(&three);
    let cells: Vec<Pos> = map
        .rooms()
        .iter()
        .step_by(3)
        .map(|r| r.cells()[0])
        .collect();
    let pinned = three.pin_each_at(&map, &cells).unwrap();
    for seed in [4, 5] {
        let d = make(&pinned.reseeded(seed));
        let context = format!("seed {seed}");
        assert_eq!(d.pinned_rooms(), cells.len(), "{context}");
        for pin in &pinned.pins {
            let index = pin.room_index().unwrap();
            assert!(
                d.is_pinned(index),
                "{context}: pin of room {index} elsewhere"
            );
            assert!(
                kept(&d.rooms()[index]) == kept(&pin.room()),
                "{context}: a pin changed"
            );
        }
        assert_pins_stand_out(&d, &context);
        // Every room, pinned or not, stays one piece and is joined.
        assert!(
            d.rooms().iter().all(|r| four_connected(r.cells())),
            "{context}"
        );
    }
}

/// Recipes saved with pins before a pin said which room it was (pins first, counted in
/// `rooms`), pinned golden like every saved recipe: they make the maps they always made.
#[test]
fn recipes_pinned_before_pins_had_room_numbers_make_the_maps_they_made() {
    let recipes = [
        "dv1 seed=2 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 pin=13.21.14x10.538ff9.oAPuyf_z___H__B__AfwB34A",
        "dv1 seed=9 width=64 height=56 rooms=10 room-size=90 stickiness=0.5 randomness=1 spacing=2 pin=41.28.16x13.899a6c.ABsAP4CfwP_A_8B_wD_8H_4H8gGzARgACAA~25.19.15x12.eeaa61.AAIAG-Af_______9_wg_AD-ADsADgAA",
        "dv1 seed=8 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 shape=mixed spacing=1 fit=move pin=20.12.15x6.108808.______________8D",
        "dv1 seed=4 width=40 height=30 rooms=6 room-size=90 stickiness=0.5 randomness=1 pin=28.19.12x11.3ca7cf.4AI_eIEf_OP__v__-I__-A8",
        "dv1 seed=22 width=128 height=112 rooms=48 room-size=90 stickiness=0.5 randomness=1 corridor=twisty pin=97.47.14x14.3b97ea.QAB4AAhgB5AB_uB_wA_4B__u_7sv_w0AAg~119.23.9x17.96a739.GLjhh8_f_3___v3zhw8eMGDggAA~71.67.13x14.e89af2.BIAG8AB_8AP6QD_6d_8f_sM__gcOAAE",
        "dv1 seed=4 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 shape=rect connect=loops pin=14.0.13x6.dccc2d.____________Pw",
    ];
    for text in recipes {
        let recipe: Recipe = text.parse().unwrap();
        assert_eq!(recipe.to_string(), text, "written as it was read");
    }
    assert_eq!(
        fingerprints(&recipes),
        GOLDEN_PINNED_FIRST,
        "for {recipes:?}"
    );
}

const GOLDEN_PINNED_FIRST: [u64; 6] = [
    16842801825064603319,
    16290885903485137066,
    5014160126078544659,
    2824987395550637174,
    2084686178199969608,
    11776113275993479884,
];

#[test]
fn pins_that_cannot_stay_are_left_out_each_beside_those_kept() {
    let map = make(&Recipe::default());
    let cells: Vec<Pos> = [0, 3, 7]
        .iter()
        .map(|&i| map.rooms()[i].cells()[0])
        .collect();
    let three = Recipe::default().pin_each_at(&map, &cells).unwrap();
    // Pin 1 moved off a narrower map; a fourth pin onto pin 1's old place, which is kept
    // once pin 1 is gone, and a fifth onto pin 2, which stays.
    let mut recipe = Recipe {
        width: 60,
        ..three.clone()
    };
    let off = recipe.pins[0].moved_by(i64::from(60 - recipe.pins[0].bounds().x0), 0);
    let (first, second) = (recipe.pins[0].clone(), recipe.pins[1].clone());
    recipe.pins[0] = off.unwrap();
    recipe.pins.push(first);
    recipe.pins.push(second);
    let (kept, why) = recipe.without_what_cannot_stay();
    let names: Vec<String> = why.iter().map(ToString::to_string).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names[0].starts_with("pin 1 would be off the 60×56 map"),
        "{names:?}"
    );
    assert_eq!(names[1], "pin 5 overlaps pin 2");
    assert_eq!(
        kept.pins,
        [&three.pins[1], &three.pins[2], &three.pins[0]].map(Clone::clone)
    );
    assert_eq!(kept.check_pins(), Ok(()));
    // A map's size out of range names it before any pin.
    let wide = Recipe {
        width: 5000,
        ..three
    };
    assert_eq!(
        wide.check_pins().unwrap_err().to_string(),
        "width = 5000 is out of range: allowed 1 to 2048"
    );
    assert_eq!(wide.without_what_cannot_stay().0, wide);
}

#[test]
fn pins_too_many_or_too_big_to_place_in_time_are_refused_before_any_work() {
    // A staircase from corner to corner of the largest map: 4,095 cells in a box of 4
    // million; 32 of them are more than can be placed in 5 s.
    let stairs = (0..2048).flat_map(|i| [Pos::new(i, i), Pos::new((i + 1).min(2047), i)]);
    let stairs = dungeon_generator::Vault::new(stairs).unwrap();
    let recipe = Recipe {
        width: 2048,
        height: 2048,
        rooms: 100,
        vaults: vec![stairs; 32],
        ..Recipe::default()
    };
    let error = recipe.validate().unwrap_err();
    assert!(matches!(error, Error::PinsTooSlow { .. }), "{error}");
    assert!(
        error.to_string().starts_with(
            "the pins and vaults hold 134217728 cells in their boxes: placing them would take \
             about 6 s"
        ),
        "{error}"
    );
    // As text, refused before it is read.
    let text = format!("dv1 pin={}", "A".repeat(21_000_000));
    let error = text.parse::<Recipe>().unwrap_err();
    assert!(matches!(error, Error::PinsTooSlow { .. }), "{error}");
}
