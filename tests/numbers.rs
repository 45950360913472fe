//! Room numbers read and belong to their rooms: on many maps no two labels come near each
//! other, every label lies inside the picture and over its own room (its middle over the
//! room and more of it over that room than any other, or over no other room at all), and
//! every room without a number is said, by `render` too; the PNG draws exactly those
//! labels (the SVG's digits sit inside them in every renderer: `tests/live/svg.rs`).

use crate::common;

use common::renderers::TWOS;
use common::{dungeon, random_recipe, run, scratch, stderr};
use dungeon_files::draw::numbers::{Label, MIN_NUMBER_CELL, label_size, place, scale};
use dungeon_files::draw::raster::{INK, Look, PAPER, Style, rasterize};
use dungeon_files::formats::svg::to_svg;
use dungeon_generator::Recipe;
use dungeon_generator::{Dungeon, Pos, TileKind, generate};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The issue's maps: two-cell rooms ([`TWOS`]), and 256×224 with 192 rooms (where room
/// 127, one cell inside room 2, was covered by its label).
const W3: &str = "dv1 seed=1 width=256 height=224 rooms=192";

/// The issue's maps and random ones of every kind, from one-cell rooms to big caves.
fn maps() -> Vec<Dungeon> {
    let mut rng = Pcg64Mcg::seed_from_u64(39);
    let mut recipes: Vec<Recipe> = [TWOS, W3, "dv1 seed=7", "dv1 seed=5 room-size=1 rooms=300"]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    recipes.extend((0..40).map(|_| random_recipe(&mut rng)));
    recipes.iter().map(|r| generate(r).unwrap()).collect()
}

/// How many pixels of `label` lie over room `room`'s cells and over other rooms' cells at
/// `n` pixels a cell, and whether its middle pixel is over room `room`.
fn over(d: &Dungeon, label: &Label, room: usize, n: u32) -> (u32, u32, bool) {
    let (mut own, mut other) = (0, 0);
    for y in label.y..label.bottom() {
        for x in label.x..label.right() {
            match d.tiles()[Pos::new(x / n, y / n)].kind() {
                TileKind::Room(r) if r == room => own += 1,
                TileKind::Room(_) => other += 1,
                _ => {}
            }
        }
    }
    let middle = Pos::new(
        (label.x + label.width / 2) / n,
        (label.y + label.height / 2) / n,
    );
    (own, other, d.tiles()[middle].kind() == TileKind::Room(room))
}

#[test]
fn labels_read_inside_the_picture_and_belong_to_their_rooms_on_many_maps() {
    for d in maps() {
        let recipe = d.recipe();
        for n in [MIN_NUMBER_CELL, 12, 24] {
            let labels = place(&d, n);
            let mut numbers: Vec<usize> = labels.placed.iter().map(|l| l.number).collect();
            numbers.extend(&labels.unplaced);
            numbers.sort_unstable();
            assert!(
                numbers.iter().copied().eq(1..=d.rooms().len()),
                "{recipe} at {n} px: each room placed or said once"
            );
            let gap = scale(n);
            for (i, a) in labels.placed.iter().enumerate() {
                assert_eq!((a.width, a.height), label_size(a.number, gap));
                assert!(
                    a.right() <= d.width() * n && a.bottom() <= d.height() * n,
                    "{recipe} at {n} px: {a:?} leaves the picture"
                );
                for b in &labels.placed[i + 1..] {
                    assert!(!a.near(b, gap), "{recipe} at {n} px: {a:?} by {b:?}");
                }
                let (own, other, middle) = over(&d, a, a.number - 1, n);
                assert!(
                    own > 0 && ((middle && own > other) || other == 0),
                    "{recipe} at {n} px: {a:?} is {own} px over its room, {other} over \
                     others, its middle over it: {middle}"
                );
            }
        }
    }
}

#[test]
fn the_issues_maps_number_every_room_that_can_be() {
    let labels = place(&dungeon(TWOS), 12);
    assert_eq!(labels.unplaced, Vec::<usize>::new());
    // Room 127 is one cell inside room 2: any label over it mostly covers room 2.
    let d = dungeon(W3);
    assert_eq!(d.rooms()[126].cells().len(), 1);
    assert_eq!(place(&d, 12).unplaced, [127]);
    // 300 one-cell rooms, many touching, with three-digit labels wider than a cell.
    let ones = dungeon("dv1 seed=5 room-size=1 rooms=300");
    assert!(place(&ones, 12).unplaced.len() <= 10);
    // Labels at the left edge stay in the picture (the SVG had `<rect x="-2"`).
    let d = dungeon(TWOS);
    let edge: Vec<usize> = (0..d.rooms().len())
        .filter(|&i| d.rooms()[i].cells().iter().any(|p| p.x == 0))
        .collect();
    assert!(!edge.is_empty());
    let labels = place(&d, 12);
    assert!(
        edge.iter()
            .all(|&i| labels.placed.iter().any(|l| l.number == i + 1))
    );
    let svg = to_svg(
        &d,
        &Style {
            look: Look {
                numbers: true,
                ..Look::ORIGINAL
            },
            ..Style::default()
        },
    )
    .unwrap();
    assert!(!svg.contains("=\"-"), "a negative coordinate");
    // Below the least size every room is said, and nothing is drawn.
    let small = place(&d, MIN_NUMBER_CELL - 1);
    assert!(small.placed.is_empty() && small.unplaced.len() == d.rooms().len());
}

#[test]
fn the_png_draws_exactly_the_placed_labels_in_ink_on_paper() {
    for (text, n) in [(TWOS, 12), (TWOS, 8), ("dv1 seed=7", 24)] {
        let d = dungeon(text);
        let style = |numbers| Style {
            cell_size: n,
            grid: true,
            look: Look {
                numbers,
                ..Look::ORIGINAL
            },
        };
        let (plain, numbered) = (
            rasterize(&d, &style(false)).unwrap(),
            rasterize(&d, &style(true)).unwrap(),
        );
        let labels = place(&d, n).placed;
        let label_at = |x: u32, y: u32| {
            labels
                .iter()
                .find(|l| (l.x..l.right()).contains(&x) && (l.y..l.bottom()).contains(&y))
        };
        let mut ink = vec![0; labels.len()];
        for y in 0..numbered.height() {
            for x in 0..numbered.width() {
                let c = numbered.pixel(x, y).unwrap();
                match label_at(x, y) {
                    Some(label) => {
                        assert!(c == PAPER || c == INK, "{text} at {n} px: {c:?} in a label");
                        if c == INK {
                            ink[labels.iter().position(|l| l == label).unwrap()] += 1;
                        }
                    }
                    None => assert_eq!(c, plain.pixel(x, y).unwrap(), "{text}: ({x}, {y})"),
                }
            }
        }
        assert!(
            ink.iter().all(|&i| i > 0),
            "{text} at {n} px: a label without ink"
        );
    }
}

#[test]
fn render_says_which_rooms_have_no_number_and_when_the_cells_are_too_small() {
    let dir = scratch("numbers-render");
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let args = |recipe: &str, more: &[&str], file: &str| {
        let mut args = vec!["render", "--recipe", recipe, "--numbers"];
        args.extend(more);
        args.extend(["-o", file]);
        run(&args.iter().map(|s| &s[..]).collect::<Vec<_>>())
    };
    let (png, svg, uvtt) = (out("w3.png"), out("w3.svg"), out("w3.dd2vtt"));
    let note = "note: 1 room number could not be placed where it would read and belong to its \
                room: room 127";
    for file in [&png, &svg] {
        let done = args(W3, &[], file);
        assert!(done.status.success(), "{}", stderr(&done));
        assert!(stderr(&done).contains(note), "{file}: {}", stderr(&done));
    }
    // The tabletop picture at 70 pixels a cell has the rasterizer's labels at 64.
    let ones = "dv1 seed=5 room-size=1 rooms=300";
    let done = args(ones, &[], &uvtt);
    let note = place(&dungeon(ones), 64).note(64).unwrap();
    assert!(
        stderr(&done).contains(&format!("note: {note}\n")),
        "{}",
        stderr(&done)
    );
    let done = args(W3, &["--cell-size", "5"], &png);
    assert!(
        stderr(&done).contains(
            "note: room numbers are left out: they need 8 pixels a cell, not 5: use \
             --cell-size 8 or more"
        ),
        "{}",
        stderr(&done)
    );
    // Every room numbered, or no numbers asked for: nothing to say.
    for done in [
        args(TWOS, &[], &png),
        run(&["render", "--recipe", W3, "-o", &png]),
    ] {
        assert!(!stderr(&done).contains("room number"), "{}", stderr(&done));
    }
}
