//! Maps worth handing to players: with `spacing=2 fit=move merge=1`, every kind of dungeon
//! (room shape × corridor style × connection style) keeps its rooms apart and whole and its
//! corridors from hugging, measured on the maps themselves over 20 seeds at 64×56 with 12
//! rooms (W1) and at 256×224 with 192 rooms (W3), closed too (walls everywhere but the
//! doors); `bends` visibly changes twisty corridors; and every shipped preset but the
//! original's meets the same figures, closed, with as many rooms as without walls.
use dungeon_files::figures::Tally;
use dungeon_generator::generate;
use dungeon_generator::{Connect, Corridor, Recipe, Shape};
use dungeon_viewer::store::presets;

const SEEDS: u64 = 20;
const W1: &str = "dv1";
const W3: &str = "dv1 width=256 height=224 rooms=192";
const READABLE: &str = "spacing=2 fit=move merge=1";

/// The figures of `base` with `keys` over seeds 0 to `SEEDS`.
fn tally(base: &str, keys: &str) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..SEEDS {
        let recipe: Recipe = format!("{base} {keys} seed={seed}").parse().unwrap();
        tally.add(&generate(&recipe).unwrap());
    }
    tally
}

/// The goals of issue 19, each with the figure that missed it.
fn assert_readable(t: &Tally, context: &str, big: bool) {
    let s = &t.sum;
    assert_eq!(s.rooms_touching, 0, "{context}: rooms touch");
    assert_eq!(
        s.zero_length_paths, 0,
        "{context}: corridors of length zero"
    );
    let not_rooms = t.not_rooms_percent();
    assert!(not_rooms <= 2.0, "{context}: {not_rooms:.1} % not rooms");
    let placed = t.placed_percent();
    assert!(!big || placed >= 75.0, "{context}: {placed:.0} % placed");
    let blocks = t.in_blocks_percent();
    assert!(blocks <= 2.0, "{context}: {blocks:.1} % in 2×2 blocks");
    let beside = t.beside_percent();
    assert!(beside <= 3.0, "{context}: {beside:.1} % beside");
    assert!(s.connected, "{context}: a room is cut off");
}

/// Every corridor style and connection style with rooms of `shape`, at W1 and W3.
fn every_kind_with(shape: Shape) {
    for (size, base) in [("W1", W1), ("W3", W3)] {
        for &corridor in Corridor::ALL {
            for &connect in Connect::ALL {
                let keys = format!(
                    "{READABLE} shape={} corridor={} connect={}",
                    shape.name(),
                    corridor.name(),
                    connect.name()
                );
                let context = format!("{size} {keys}");
                assert_readable(&tally(base, &keys), &context, size == "W3");
            }
        }
    }
}

#[test]
fn cave_rooms_make_readable_maps_of_every_kind() {
    every_kind_with(Shape::Cave);
}

#[test]
fn rectangular_rooms_make_readable_maps_of_every_kind() {
    every_kind_with(Shape::Rect);
}

#[test]
fn diamond_rooms_make_readable_maps_of_every_kind() {
    every_kind_with(Shape::Diamond);
}

#[test]
fn cross_rooms_make_readable_maps_of_every_kind() {
    every_kind_with(Shape::Cross);
}

#[test]
fn mixed_rooms_make_readable_maps_of_every_kind() {
    every_kind_with(Shape::Mixed);
}

#[test]
fn today_s_maps_are_the_cluttered_ones_the_new_keys_mend() {
    // The figures measure something: the original's chained caves fail them.
    let t = tally(W1, "");
    assert!(
        t.touching_percent() > 50.0,
        "{:.0} % touch",
        t.touching_percent()
    );
    assert!(
        t.in_blocks_percent() > 5.0,
        "{:.1} %",
        t.in_blocks_percent()
    );
}

#[test]
fn eight_bends_twist_twisty_corridors_at_least_twice_as_much_as_one() {
    for (size, base) in [("W1", W1), ("W3", W3)] {
        let keys = |bends: u32| {
            format!("shape=rect spacing=3 connect=nearest corridor=twisty bends={bends}")
        };
        let (one, eight) = (tally(base, &keys(1)), tally(base, &keys(8)));
        let (one, eight) = (one.turns_per_path(), eight.turns_per_path());
        assert!(
            eight >= 2.0 * one,
            "{size}: {eight:.2} turns a corridor with 8 bends, {one:.2} with 1"
        );
    }
}

#[test]
fn every_shipped_preset_but_the_original_makes_readable_maps() {
    for preset in presets::built_in() {
        if preset.name == "Original" {
            // The original's map, as the original drew it: the window's first map.
            assert_eq!(preset.recipe.parse::<Recipe>().unwrap(), Recipe::default());
            continue;
        }
        let t = tally(&preset.recipe, "");
        let context = format!("preset {}: {}", preset.name, preset.recipe);
        assert_readable(&t, &context, true);
        // Closed, and as full as without walls.
        assert!(t.closed(), "{context}: not closed: {:?}", t.sum);
        let open = tally(&preset.recipe.replace(" closed=1", ""), "");
        assert_eq!(
            t.rooms_placed, open.rooms_placed,
            "{context}: rooms left out"
        );
    }
}

#[test]
fn closed_maps_of_every_kind_are_closed_and_as_readable() {
    for (size, base) in [("W1", W1), ("W3", W3)] {
        for &shape in Shape::ALL {
            for &corridor in Corridor::ALL {
                for &connect in Connect::ALL {
                    let keys = format!(
                        "{READABLE} closed=1 shape={} corridor={} connect={}",
                        shape.name(),
                        corridor.name(),
                        connect.name()
                    );
                    let mut t = Tally::default();
                    for seed in 0..5 {
                        let recipe: Recipe = format!("{base} {keys} seed={seed}").parse().unwrap();
                        t.add(&generate(&recipe).unwrap());
                    }
                    let context = format!("{size} {keys}");
                    assert_readable(&t, &context, size == "W3");
                    assert!(t.closed(), "{context}: not closed: {:?}", t.sum);
                }
            }
        }
    }
}
