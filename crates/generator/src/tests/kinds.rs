//! The kinds of dungeon: room shapes, stretch, corridor styles and connection styles, each
//! a recipe key that moves only its own part of the map.
use super::common;

use std::collections::BTreeSet;

use crate::Dungeon;
use crate::generate;
use crate::generate::corridors::{half_rect, staircase};
use crate::generate::rooms::diamond::radius_for;
use crate::model::recipe::{Connect, Corridor, Recipe, Shape};
use crate::{Pos, Rect};
use common::{four_connected, turns};
use rand_pcg::Pcg64Mcg;

fn make(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

fn with(seed: u64, f: impl FnOnce(&mut Recipe)) -> Dungeon {
    let mut recipe = Recipe {
        seed,
        ..Recipe::default()
    };
    f(&mut recipe);
    generate(&recipe).unwrap()
}

#[test]
fn every_shape_keeps_its_rooms_within_size_on_the_grid_whole_and_apart() {
    for shape in Shape::ALL {
        for seed in 0..12 {
            for (w, h, rooms, size) in [(64, 56, 12, 90), (40, 30, 60, 30), (20, 20, 40, 25)] {
                let d = with(seed, |r| {
                    (r.width, r.height, r.rooms, r.room_size, r.shape) =
                        (w, h, rooms, size, *shape);
                });
                let mut taken = BTreeSet::new();
                for (i, room) in d.rooms().iter().enumerate() {
                    let context = format!("{}: room {i}", d.recipe());
                    assert!(
                        !room.cells().is_empty() && room.cells().len() <= size as usize,
                        "{context}"
                    );
                    assert!(four_connected(room.cells()), "{context} is in pieces");
                    for &p in room.cells() {
                        assert!(p.x < w && p.y < h, "{context} leaves the grid");
                        assert!(taken.insert(p), "{context} overlaps another at {p}");
                    }
                }
            }
        }
    }
}

/// The bounding box of a room's cells.
fn bounds(cells: &[Pos]) -> Rect {
    Rect::around(cells.iter().copied()).unwrap()
}

#[test]
fn each_shape_has_its_shape() {
    for seed in 0..20 {
        let rect = with(seed, |r| r.shape = Shape::Rect);
        for room in rect.rooms() {
            let b = bounds(room.cells());
            assert_eq!(
                b.area(),
                room.cells().len() as u64,
                "a rect room fills its box"
            );
            let (long, short) = (b.width().max(b.height()), b.width().min(b.height()));
            // Proportions within 1:3, unless cut back by a neighbour.
            if room.cells().len() as u32 > 80 {
                assert!(long <= 3 * short, "{b:?}");
            }
        }
        let diamond = with(seed, |r| r.shape = Shape::Diamond);
        for room in diamond.rooms() {
            let centre = room.cells()[0];
            let r = room
                .cells()
                .iter()
                .map(|p| p.manhattan(centre))
                .max()
                .unwrap();
            assert!(r <= radius_for(90));
            let full = (2 * r * r + 2 * r + 1) as usize;
            assert_eq!(
                room.cells().len(),
                full,
                "a diamond holds every cell within {r}"
            );
        }
        let cross = with(seed, |r| r.shape = Shape::Cross);
        for room in cross.rooms() {
            let c = room.cells()[0];
            // Every cell is in the row band or the column band through the centre.
            let half = room
                .cells()
                .iter()
                .filter(|p| p.x == c.x)
                .map(|p| p.y)
                .collect::<BTreeSet<_>>();
            assert!(half.len() as u32 >= 1);
            let b = bounds(room.cells());
            assert!(
                (room.cells().len() as u64) < b.area() || room.cells().len() <= 9,
                "a cross does not fill its box"
            );
        }
        // A mixed map has rooms of several shapes over a few seeds; colours never move.
        let mixed = with(seed, |r| r.shape = Shape::Mixed);
        let colours = |d: &Dungeon| d.rooms().iter().map(|r| r.colour()).collect::<Vec<_>>();
        assert_eq!(colours(&mixed), colours(&rect));
        assert_eq!(colours(&mixed), colours(&with(seed, |_| {})));
    }
}

/// Mean width over height of the rooms' bounding boxes over many seeds.
fn mean_aspect(stretch: f64) -> f64 {
    let mut sum = 0.0;
    let mut n = 0.0;
    for seed in 0..40 {
        let d = with(seed, |r| r.stretch = stretch);
        for room in d.rooms() {
            let b = bounds(room.cells());
            sum += (f64::from(b.width()) / f64::from(b.height())).ln();
            n += 1.0;
        }
    }
    (sum / n).exp()
}

#[test]
fn stretch_leans_caves_wide_or_tall() {
    let (tall, even, wide) = (mean_aspect(-0.8), mean_aspect(0.0), mean_aspect(0.8));
    // Twice as wide as tall, or the other way round, give or take the map's own shape.
    assert!(wide > 1.8, "stretch 0.8 gave a mean aspect of {wide}");
    assert!(
        tall < 1.0 / 1.8,
        "stretch -0.8 gave a mean aspect of {tall}"
    );
    assert!((0.7..1.4).contains(&even), "stretch 0 gave {even}");
}

#[test]
fn half_rect_never_covers_its_ends_and_has_the_right_length() {
    // thrig's adjacency test: a start and each of its 8 neighbours as the end.
    let start = Pos::new(1, 1);
    for (dx, dy) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        let end = Pos::new((1 + dx) as u32, (1 + dy) as u32);
        for across in [true, false] {
            let cells = half_rect(start, end, across);
            assert!(
                !cells.contains(&start) && !cells.contains(&end),
                "{end}: {cells:?}"
            );
            let diagonal = dx != 0 && dy != 0;
            assert_eq!(cells.len(), usize::from(diagonal), "{end}: {cells:?}");
            if diagonal {
                assert!(cells[0].is_beside(start) && cells[0].is_beside(end));
            }
        }
    }
    assert!(half_rect(start, start, true).is_empty());
    // Straight runs give the cells between; L's the manhattan distance less one, in steps.
    let straight = half_rect(Pos::new(2, 4), Pos::new(9, 4), false);
    assert_eq!(straight, (3..9).map(|x| Pos::new(x, 4)).collect::<Vec<_>>());
    for across in [true, false] {
        let (s, e) = (Pos::new(8, 1), Pos::new(2, 7));
        let cells = half_rect(s, e, across);
        assert_eq!(cells.len() as u32, s.manhattan(e) - 1);
        let mut whole = vec![s];
        whole.extend(&cells);
        whole.push(e);
        assert!(common::unit_steps(&whole), "{whole:?}");
        let corner = if across {
            Pos::new(2, 1)
        } else {
            Pos::new(8, 7)
        };
        assert!(cells.contains(&corner));
    }
}

#[test]
fn staircases_step_towards_their_end_with_at_most_their_bends() {
    let mut rng = Pcg64Mcg::new(3);
    for bends in 1..=8 {
        for (s, e) in [((0, 0), (20, 13)), ((30, 2), (4, 19)), ((5, 5), (5, 12))] {
            let (s, e) = (Pos::new(s.0, s.1), Pos::new(e.0, e.1));
            let cells = staircase(s, e, bends, &mut rng);
            assert_eq!(cells.len() as u32, s.manhattan(e) - 1);
            let mut whole = vec![s];
            whole.extend(&cells);
            whole.push(e);
            assert!(common::unit_steps(&whole));
            let turns = turns(&whole);
            assert!(turns as u32 <= bends, "{turns} turns for {bends} bends");
        }
    }
}

#[test]
fn one_control_moves_one_thing() {
    for seed in 0..10 {
        let base = with(seed, |r| r.shape = Shape::Mixed);
        for corridor in Corridor::ALL {
            for connect in Connect::ALL {
                let other = with(seed, |r| {
                    (r.shape, r.corridor, r.connect) = (Shape::Mixed, *corridor, *connect);
                });
                assert_eq!(
                    other.rooms(),
                    base.rooms(),
                    "{corridor:?} {connect:?} moved rooms"
                );
            }
        }
        // More loops keep the tree's paths, and add to them.
        let tree = with(seed, |r| (r.connect, r.loops) = (Connect::Loops, 0.0));
        let nearest = with(seed, |r| r.connect = Connect::Nearest);
        assert_eq!(tree.paths(), nearest.paths());
        assert_eq!(tree.paths().len(), tree.rooms().len() - 1);
        let more = with(seed, |r| (r.connect, r.loops) = (Connect::Loops, 0.6));
        assert_eq!(&more.paths()[..tree.paths().len()], tree.paths());
        assert!(
            more.paths().len() > tree.paths().len(),
            "seed {seed}: no loop added"
        );
    }
}

#[test]
fn nearest_joins_with_short_corridors_and_chain_stays_the_original() {
    let chain = make("dv1 seed=4 width=256 height=224 rooms=192");
    let nearest = make("dv1 seed=4 width=256 height=224 rooms=192 connect=nearest");
    let cells = |d: &Dungeon| d.paths().iter().map(|p| p.cells.len()).sum::<usize>();
    assert_eq!(nearest.paths().len(), 191);
    assert!(
        cells(&nearest) * 4 < cells(&chain),
        "nearest corridors are not short: {} against the chain's {}",
        cells(&nearest),
        cells(&chain)
    );
}

#[test]
fn new_keys_print_only_when_they_differ_from_their_default() {
    let plain = Recipe::default().to_string();
    assert!(
        !plain.contains("shape") && !plain.contains("corridor"),
        "{plain}"
    );
    let text = "dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1 \
                shape=cross stretch=-0.25 corridor=twisty bends=5 connect=loops loops=0.5";
    let recipe: Recipe = text.parse().unwrap();
    assert_eq!(recipe.to_string(), text);
    assert_eq!(recipe.shape, Shape::Cross);
    // Numbers print as the shortest text that reads back: no float noise, no `-0`.
    let tiny: Recipe = "dv1 stickiness=1e-320 randomness=-0".parse().unwrap();
    assert_eq!(
        tiny.to_string(),
        "dv1 seed=1 width=64 height=56 rooms=12 room-size=90 stickiness=1e-320 randomness=0"
    );
    assert_eq!(tiny.to_string().parse::<Recipe>().unwrap(), tiny);
}

#[test]
fn drawn_corridors_are_ls_and_staircases_where_there_is_room() {
    let (mut ls, mut stairs, mut total) = (0, 0, 0);
    for seed in 0..40 {
        let two = |corridor: Corridor| {
            with(seed, |r| {
                (r.rooms, r.room_size, r.shape, r.corridor, r.bends) =
                    (2, 30, Shape::Rect, corridor, 4);
            })
        };
        let (l, stair) = (two(Corridor::HalfRect), two(Corridor::Twisty));
        let (Some(l), Some(stair)) = (l.paths().first(), stair.paths().first()) else {
            continue;
        };
        total += 1;
        // The turns into and out of the rooms come on top of the corridor's own.
        ls += usize::from(turns(&l.cells) <= 3);
        stairs += usize::from(turns(&stair.cells) <= 4 + 2);
        assert!(common::unit_steps(&l.cells) && common::unit_steps(&stair.cells));
    }
    assert!(
        ls * 10 >= total * 8,
        "only {ls} of {total} half-rect corridors were L's"
    );
    assert!(
        stairs * 10 >= total * 8,
        "only {stairs} of {total} twisty corridors were staircases"
    );
}
