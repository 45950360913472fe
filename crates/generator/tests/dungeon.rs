use crate::common;

use common::fingerprints;
use dungeon_generator::Recipe;
use dungeon_generator::Rgb;
use dungeon_generator::Tile;
use dungeon_generator::generate;

fn recipe(seed: u64) -> Recipe {
    Recipe {
        seed,
        ..Recipe::default()
    }
}

#[test]
fn the_same_recipe_gives_the_same_dungeon() {
    for seed in 0..20 {
        let r = recipe(seed);
        assert_eq!(generate(&r).unwrap(), generate(&r).unwrap());
    }
    let big = Recipe {
        width: 256,
        height: 224,
        rooms: 192,
        ..Recipe::default()
    };
    assert_eq!(generate(&big).unwrap(), generate(&big).unwrap());
    // Search memory is kept from map to map: maps of other sizes and with merged
    // corridors made in between leave no trace.
    let first = generate(&big).unwrap();
    for other in [
        "dv1 seed=3 width=40 height=30 rooms=6",
        "dv1 seed=2 merge=1",
    ] {
        generate(&other.parse().unwrap()).unwrap();
    }
    assert_eq!(generate(&big).unwrap(), first);
}

/// Golden fingerprints: if one of these changes, some stream or stage changed and every
/// saved recipe now makes a different map. Change them only on purpose.
#[test]
fn golden_fingerprints_pin_generation() {
    let recipes = [
        "dv1",
        "dv1 seed=42 stickiness=1 randomness=0",
        "dv1 seed=7 width=128 height=112 rooms=48",
        "dv1 seed=3 width=40 height=30 rooms=60 room-size=30 stickiness=0.2 randomness=0.6",
        "dv1 seed=99 width=256 height=224 rooms=192",
    ];
    let actual = fingerprints(&recipes);
    assert_eq!(actual, GOLDEN, "for {recipes:?}");
}

const GOLDEN: [u64; 5] = [
    12683641544473700512,
    687332632704127687,
    5996292856281341603,
    12390730325004293142,
    16794352998891871872,
];

/// Corridors that keep off those laid before (`merge`), pinned the same way: their flood
/// takes costly steps, above and below the target's doors.
#[test]
fn golden_fingerprints_pin_merged_corridors() {
    let recipes = [
        "dv1 seed=1 width=256 height=224 rooms=192 merge=1",
        "dv1 seed=2 width=256 height=224 rooms=192 merge=0.5",
        "dv1 seed=3 width=256 height=224 rooms=192 merge=1 spacing=2 fit=move",
        "dv1 seed=4 width=128 height=112 rooms=48 merge=0.2 corridor=half-rect",
    ];
    let actual = fingerprints(&recipes);
    assert_eq!(actual, GOLDEN_MERGED, "for {recipes:?}");
}

const GOLDEN_MERGED: [u64; 4] = [
    13283567534349191487,
    672210990429643774,
    5682438188032746097,
    7447677913443097009,
];

/// Every kind of dungeon, pinned the same way: each shape with each corridor style and each
/// connection style, small and big.
#[test]
fn golden_fingerprints_pin_every_kind() {
    use dungeon_generator::{Connect, Corridor, Shape};
    let mut recipes = Vec::new();
    for &shape in Shape::ALL {
        for &corridor in Corridor::ALL {
            for &connect in Connect::ALL {
                let kind = format!(
                    "shape={} corridor={} connect={} bends=5 loops=0.5",
                    shape.name(),
                    corridor.name(),
                    connect.name()
                );
                recipes.push(format!("dv1 seed=11 {kind}"));
                recipes.push(format!("dv1 seed=12 width=160 height=120 rooms=80 {kind}"));
            }
        }
    }
    let actual = fingerprints(&recipes);
    assert_eq!(actual, GOLDEN_KINDS, "for {recipes:?}");
}

const GOLDEN_KINDS: [u64; 90] = [
    10929083593813237766,
    17791884205744903710,
    6332837303612314637,
    6483184653085115786,
    12421128775250941109,
    2904085790079711942,
    13022041906175654628,
    8119665952972804795,
    7689561403606158813,
    14433106350828833697,
    5668786329375258405,
    10557689326488210812,
    13022041906175654628,
    16819897716800165379,
    7689561403606158813,
    14433106350828833697,
    13150534630246429989,
    3089519482922053218,
    9618614106461371175,
    3080032241596327221,
    13577711740657315274,
    7917160133038338827,
    8832256068677033115,
    3444318475239834268,
    4211627926750637377,
    14963739778431978295,
    4355574771981560162,
    1732909612277403907,
    11014267565686605471,
    7665155976107470235,
    18323579012714286431,
    9812500741323917751,
    16089943367027826022,
    1555886723260905341,
    7300511680298065179,
    15175884344311507663,
    4550665331120253066,
    18027392429096795825,
    6104748055577951900,
    1806157086118925780,
    2975168146121643124,
    18133267675634615590,
    7734790762630903102,
    178593924093064631,
    420724137590188760,
    3703865595067229824,
    15013910567834492854,
    12900139478856081324,
    7318033323832039024,
    17654799774679819633,
    13978998084820217650,
    13218077786761368758,
    13184657133203942302,
    3649698763447617488,
    4384546828953489096,
    6228226883322533820,
    6510814389865327439,
    2671028820909839917,
    18283191008130593235,
    16468003888584177297,
    3996415104795802100,
    5398367797090039293,
    16341987106465197707,
    9643248068709660176,
    13633379828995741323,
    8513800107192446475,
    12727337895964115968,
    7605812422145607883,
    503783464975868225,
    2926689173665019124,
    3633695003218969825,
    11773566656382008835,
    13776028156018473670,
    16058631741375373779,
    6618074302514255398,
    13939284782043463468,
    13055241094376590152,
    3591022425904653415,
    2754542615489913478,
    2376451107418021433,
    523008628978294590,
    13245102740556915395,
    11558480926261476146,
    8901971705192151704,
    6080315747246800874,
    1350673435531596381,
    10104845710783197284,
    13187788478691857897,
    6926853071719395894,
    11073745984337261210,
];

#[test]
fn moving_randomness_leaves_every_room_as_it_was() {
    for seed in 0..20 {
        let a = generate(&Recipe {
            randomness: 1.0,
            ..recipe(seed)
        })
        .unwrap();
        let b = generate(&Recipe {
            randomness: 0.0,
            ..recipe(seed)
        })
        .unwrap();
        let c = generate(&Recipe {
            randomness: 0.37,
            ..recipe(seed)
        })
        .unwrap();
        assert_eq!(a.rooms(), b.rooms());
        assert_eq!(a.rooms(), c.rooms());
        assert_ne!(
            a.paths(),
            b.paths(),
            "seed {seed}: randomness moved no path"
        );
    }
}

#[test]
fn one_more_room_leaves_the_rooms_before_it_as_they_were() {
    for seed in 0..10 {
        let mut before = generate(&Recipe {
            rooms: 1,
            ..recipe(seed)
        })
        .unwrap();
        for rooms in 2..30 {
            let after = generate(&Recipe {
                rooms,
                ..recipe(seed)
            })
            .unwrap();
            // The new room may stand where an old path ran, so old paths may move.
            assert_eq!(&after.rooms()[..before.rooms().len()], before.rooms());
            assert_eq!(after.rooms().len(), rooms as usize);
            before = after;
        }
    }
}

#[test]
fn moving_stickiness_leaves_the_colours_and_the_count() {
    for seed in 0..20 {
        let a = generate(&Recipe {
            stickiness: 0.0,
            ..recipe(seed)
        })
        .unwrap();
        let b = generate(&Recipe {
            stickiness: 1.0,
            ..recipe(seed)
        })
        .unwrap();
        assert_eq!(a.rooms().len(), 12);
        assert_eq!(b.rooms().len(), 12);
        let colours = |d: &dungeon_generator::Dungeon| -> Vec<Rgb> {
            d.rooms().iter().map(|r| r.colour()).collect()
        };
        assert_eq!(colours(&a), colours(&b));
        assert_ne!(a.rooms()[0].cells(), b.rooms()[0].cells());
    }
}

#[test]
fn room_colours_stand_out_from_paths_and_background() {
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let d = generate(&Recipe {
            rooms: 30,
            ..recipe(seed)
        })
        .unwrap();
        for room in d.rooms() {
            let c = room.colour();
            assert!(c.distance(Rgb::BLACK) >= 100.0, "{c:?} is close to black");
            assert!(
                c.distance(Rgb::GRAY33) >= 60.0,
                "{c:?} is close to the background"
            );
            distinct.insert((c.0, c.1, c.2));
        }
    }
    // Random, like the original: thousands of rooms, nearly all different.
    assert!(distinct.len() > 5000, "{}", distinct.len());
}

#[test]
fn tiles_stats_and_rooms_agree() {
    let d = generate(&recipe(5)).unwrap();
    let stats = d.stats();
    assert_eq!(stats.rooms_requested, 12);
    assert_eq!(stats.rooms_placed, 12);
    assert_eq!(stats.paths, 11);
    let room_cells: usize = d.rooms().iter().map(|r| r.cells().len()).sum();
    assert_eq!(stats.room_cells, room_cells as u64);
    let black = d
        .paths()
        .iter()
        .flat_map(|p| &p.cells)
        .filter(|&&p| d.tile(p) == Some(Tile::PATH))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert_eq!(stats.path_cells, black as u64);
    for (i, room) in d.rooms().iter().enumerate() {
        for &p in room.cells() {
            assert_eq!(d.tile(p).and_then(Tile::room), Some(i));
        }
    }
}

#[test]
fn an_out_of_range_recipe_is_an_error_not_a_panic() {
    let bad = Recipe {
        rooms: 0,
        ..Recipe::default()
    };
    assert_eq!(
        generate(&bad).unwrap_err().to_string(),
        "rooms = 0 is out of range: allowed 1 to 10000"
    );
}

#[test]
fn a_cancelled_generation_stops_with_cancelled_and_progress_counts_the_work() {
    use dungeon_generator::{Error, Generation, Progress};
    let recipe = recipe(3);
    let watched = |progress: &Progress| Generation::new(&recipe).unwrap().run(progress);
    let progress = Progress::default();
    let d = watched(&progress).unwrap();
    let done = progress.snapshot();
    assert_eq!((done.rooms_placed, done.rooms_total), (12, 12));
    assert_eq!((done.paths_joined, done.paths_total), (11, 11));
    assert!((done.fraction() - 1.0).abs() < 1e-9);
    assert_eq!(d, generate(&recipe).unwrap());

    let cancelled = Progress::default();
    cancelled.cancel();
    assert!(matches!(watched(&cancelled), Err(Error::Cancelled)));
    assert_eq!(cancelled.snapshot().rooms_placed, 0);
}

#[test]
fn a_dungeon_from_parts_is_refused_naming_what_would_not_make_a_map() {
    use dungeon_generator::{Dungeon, Error, Path, Pos, Room};
    let made = generate(
        &"dv1 seed=6 width=30 height=20 rooms=4 room-size=20"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let recipe = made.recipe().clone();
    let (rooms, paths) = (made.rooms().to_vec(), made.paths().to_vec());
    assert_eq!(
        Dungeon::from_parts(&recipe, rooms.clone(), paths.clone()),
        Ok(made.clone())
    );
    let parts = |rooms: Vec<Room>, paths: Vec<Path>| Dungeon::from_parts(&recipe, rooms, paths);
    // A room off the map.
    let off = Room::new(vec![Pos::new(30, 0)], Rgb(1, 2, 3)).unwrap();
    assert_eq!(
        parts(vec![off], vec![]),
        Err(Error::CellOffMap {
            cell: Pos::new(30, 0),
            width: 30,
            height: 20
        })
    );
    // Two rooms sharing a cell.
    let twin = Room::new(vec![rooms[0].cells()[0]], Rgb(1, 2, 3)).unwrap();
    assert_eq!(
        parts(vec![rooms[0].clone(), twin], vec![]),
        Err(Error::CellTwice {
            cell: rooms[0].cells()[0]
        })
    );
    // A path to a room not given, one that leaps, one that ends off the map.
    let mut to_nowhere = paths[0].clone();
    to_nowhere.to = 9;
    assert_eq!(
        parts(rooms.clone(), vec![to_nowhere]),
        Err(Error::PathToNoRoom {
            path: 0,
            room: 9,
            rooms: 4
        })
    );
    let mut leaping = paths[1].clone();
    leaping.cells.swap(0, 2);
    assert!(matches!(
        parts(rooms.clone(), vec![paths[0].clone(), leaping]),
        Err(Error::PathLeaps { path: 1, .. })
    ));
    let off_map = Path {
        from: 0,
        to: 0,
        cells: vec![Pos::new(0, 25)],
        crossed: 0,
    };
    assert!(matches!(
        parts(rooms.clone(), vec![off_map]),
        Err(Error::CellOffMap { .. })
    ));
    // A recipe built by hand with no width: refused, not divided by.
    let flat = dungeon_generator::Recipe {
        width: 0,
        ..recipe.clone()
    };
    assert!(matches!(
        Dungeon::from_parts(&flat, vec![], vec![]),
        Err(Error::OutOfRange { .. })
    ));
}
