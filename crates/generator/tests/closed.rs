//! Closed maps (the recipe's `closed`): walls everywhere but the doors. No corridor runs
//! along a room, no two rooms share an edge, every door shuts its room, and every room is
//! reached from the start through doors; for every kind of dungeon, with pins and vaults,
//! and where a room no door can reach is left out, the map says so.
use crate::common;

use std::collections::BTreeSet;

use common::{closed_faults, random_recipe};
use dungeon_generator::{Connect, Corridor, Pos, Recipe, Shape, Shortfall, Vault, generate};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

#[test]
fn random_closed_recipes_keep_walls_everywhere_but_the_doors() {
    let mut rng = Pcg64Mcg::new(53);
    let mut kinds = BTreeSet::new();
    let mut crossing = 0;
    for case in 0..800 {
        let recipe = Recipe {
            closed: true,
            ..random_recipe(&mut rng)
        };
        let d = generate(&recipe).unwrap_or_else(|e| panic!("case {case}: {recipe}: {e}"));
        let faults = closed_faults(&d);
        assert!(
            faults.is_empty(),
            "case {case}: {recipe}\n{}",
            faults.join("\n")
        );
        kinds.insert((
            recipe.shape.index(),
            recipe.corridor.index(),
            recipe.connect.index(),
        ));
        crossing += usize::from(d.stats().paths_crossing_rooms > 0);
    }
    let every = Shape::ALL.len() * Corridor::ALL.len() * Connect::ALL.len();
    assert_eq!(kinds.len(), every, "not every kind of dungeon was tried");
    assert!(
        crossing >= 20,
        "only {crossing} maps whose paths cross rooms"
    );
}

#[test]
fn closed_maps_with_pins_and_vaults_are_closed_too() {
    let mut rng = Pcg64Mcg::new(54);
    let shrine = Vault::new((0..5).flat_map(|i| [Pos::new(i, 2), Pos::new(2, i)])).unwrap();
    let mut made = 0;
    for case in 0..200 {
        let mut recipe = Recipe {
            closed: true,
            ..random_recipe(&mut rng)
        };
        if recipe.rooms > 2 && recipe.width >= 12 && recipe.height >= 12 {
            recipe.vaults.push(shrine.clone());
        }
        let Ok(first) = generate(&recipe) else {
            continue; // no place for the vault on a crowded map
        };
        if first.rooms().is_empty() {
            continue;
        }
        let room = &first.rooms()[rng.random_range(0..first.rooms().len())];
        let pinned = recipe.pin_at(&first, room.cells()[0]).unwrap();
        // Pinned in its own map, nothing moves; on a new seed, the rest is new.
        let own = generate(&pinned).unwrap();
        assert_eq!(
            own.rooms().len(),
            first.rooms().len(),
            "case {case}: {pinned}"
        );
        for d in [
            first,
            own,
            generate(&pinned.reseeded(rng.random())).unwrap(),
        ] {
            let faults = closed_faults(&d);
            assert!(
                faults.is_empty(),
                "case {case}: {}\n{}",
                d.recipe(),
                faults.join("\n")
            );
            made += 1;
        }
    }
    assert!(made >= 300, "only {made} maps");
}

#[test]
fn the_checks_find_what_an_open_map_does() {
    // The original's map and a readable one, open: rooms touch, corridors run along them.
    for text in [
        "dv1 seed=3",
        "dv1 seed=3 randomness=0 spacing=2 fit=move merge=1",
    ] {
        let open: Recipe = text.parse().unwrap();
        let faults = closed_faults(&generate(&open).unwrap());
        assert!(!faults.is_empty(), "{text}: no fault found");
        let closed = Recipe {
            closed: true,
            ..open
        };
        assert_eq!(
            closed_faults(&generate(&closed).unwrap()),
            Vec::<String>::new()
        );
    }
}

#[test]
fn closed_is_a_key_old_recipes_do_not_have() {
    let old: Recipe = "dv1 seed=3 spacing=2".parse().unwrap();
    assert!(!old.closed);
    let closed: Recipe = "dv1 seed=3 spacing=2 closed=1".parse().unwrap();
    assert!(closed.closed);
    assert_eq!(closed.to_string(), format!("{old} closed=1"));
    assert_eq!(
        "dv1 closed=2".parse::<Recipe>().unwrap_err().to_string(),
        "closed = 2 is out of range: allowed 0 or 1"
    );
    // Rooms a closed map keeps a cell of rock apart: at spacing 1 or more, the same rooms.
    let rooms = |r: &Recipe| generate(r).unwrap().rooms().to_vec();
    assert_eq!(rooms(&closed), rooms(&old));
}

#[test]
fn a_room_no_door_can_reach_is_left_out_and_the_map_says_so() {
    // Four one-cell rooms in the corners of a 4×4 map, a cell of rock apart: doors join
    // two of them, and the other two are left out.
    let recipe: Recipe = "dv1 seed=2131013512116086913 width=4 height=4 rooms=26 room-size=1 \
                          shape=rect connect=nearest fit=move"
        .parse()
        .unwrap();
    let open = generate(&Recipe {
        spacing: 1,
        ..recipe.clone()
    })
    .unwrap();
    let closed = Recipe {
        closed: true,
        ..recipe
    };
    let d = generate(&closed).unwrap();
    assert_eq!(closed_faults(&d), Vec::<String>::new());
    assert_eq!((open.rooms().len(), d.rooms().len()), (4, 2));
    assert_eq!(
        d.shortfall(),
        Some(Shortfall::LeftOut {
            asked: 26,
            placed: 2
        })
    );
    // The rooms kept are those of the open map, cell for cell.
    for room in d.rooms() {
        assert!(open.rooms().contains(room));
    }
    assert_eq!(generate(&closed).unwrap(), d, "the same map every time");
}

#[test]
fn a_vault_no_door_can_reach_is_refused_naming_the_room() {
    // The same corners held by four one-cell vaults, which cannot be left out.
    let cell = Vault::new([Pos::new(0, 0)]).unwrap();
    let corners = [(0, 0), (3, 1), (0, 2), (3, 3)].map(|(x, y)| cell.at(Pos::new(x, y)));
    let recipe = Recipe {
        width: 4,
        height: 4,
        rooms: 4,
        vaults: corners.to_vec(),
        connect: Connect::Nearest,
        closed: true,
        ..Recipe::default()
    };
    let error = generate(&recipe).unwrap_err().to_string();
    assert!(
        error.contains("is pinned or a vault, and on a closed map no door can join it"),
        "{error}"
    );
    // Open, they are joined.
    assert!(
        generate(&Recipe {
            closed: false,
            ..recipe
        })
        .is_ok()
    );
}
