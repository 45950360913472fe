//! Look options: each changes the pixels it should and only those, never the map.

use crate::common;

use std::collections::BTreeSet;

use common::{dungeon, run, scratch, stderr};

use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Look, MIN_MARK_CELL, Style, rasterize};
use dungeon_generator::Dungeon;
use dungeon_generator::Rgb;
use dungeon_generator::{Dir, Pos};
use dungeon_generator::{Tile, TileKind};

const RECIPES: [&str; 3] = [
    "dv1 seed=7",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 stickiness=1",
    "dv1 seed=3 width=40 height=30 rooms=10 room-size=40 shape=rect connect=loops",
];

fn draw(d: &Dungeon, look: Look, cell_size: u32) -> Pixels {
    let style = Style {
        cell_size,
        grid: true,
        look,
    };
    rasterize(d, &style).unwrap()
}

/// Every pixel of cell `p` at `n` pixels a cell, with its place inside the cell.
fn cell_pixels(pixels: &Pixels, p: Pos, n: u32) -> Vec<((u32, u32), Rgb)> {
    (0..n)
        .flat_map(|py| (0..n).map(move |px| (px, py)))
        .map(|(px, py)| {
            let c = pixels.pixel(p.x * n + px, p.y * n + py).unwrap();
            ((px, py), c)
        })
        .collect()
}

/// The cells of `d` where pictures `a` and `b` of it differ in any pixel.
fn changed_cells(d: &Dungeon, a: &Pixels, b: &Pixels) -> BTreeSet<Pos> {
    let n = a.width() / d.width();
    d.tiles()
        .positions()
        .filter(|&p| cell_pixels(a, p, n) != cell_pixels(b, p, n))
        .collect()
}

fn centre(pixels: &Pixels, p: Pos, n: u32) -> Rgb {
    pixels.pixel(p.x * n + n / 2, p.y * n + n / 2).unwrap()
}

#[test]
fn every_option_off_is_the_original_look() {
    assert_eq!(Style::default().look, Look::ORIGINAL);
    assert_eq!(Look::default(), Look::ORIGINAL);
    // The golden images in tests/render.rs pin the original look's bytes.
}

#[test]
fn doors_mark_exactly_the_cells_on_both_sides_of_each_door() {
    let look = Look {
        doors: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        // The bar lies across the door's edge: half in the room's cell, half outside.
        let doors: BTreeSet<Pos> = d
            .features()
            .doors
            .iter()
            .flat_map(|door| [door.cell, door.outside])
            .collect();
        assert!(!doors.is_empty(), "{text}");
        for n in [MIN_MARK_CELL, 12, 24] {
            let plain = draw(&d, Look::ORIGINAL, n);
            assert_eq!(
                changed_cells(&d, &plain, &draw(&d, look, n)),
                doors,
                "{text} at {n} px"
            );
        }
        let small = MIN_MARK_CELL - 1;
        assert_eq!(draw(&d, look, small), draw(&d, Look::ORIGINAL, small));
    }
}

#[test]
fn door_bars_show_two_pixels_of_wood_a_side_inside_ink_from_nine_pixels_a_cell() {
    let look = Look {
        doors: true,
        ..Look::ORIGINAL
    };
    let (wood, ink) = (Rgb(222, 184, 135), Rgb(16, 16, 16));
    for text in RECIPES {
        let d = dungeon(text);
        for n in [9, 12, 24] {
            let drawn = draw(&d, look, n);
            for door in &d.features().doors {
                // Across the door's edge at the middle of its side, from the edge into
                // each of its two cells.
                let (a, b) = (door.cell, door.outside);
                let across = |from: Pos, to: Pos, depth: u32| {
                    let middle = |c: u32| c * n + n / 2;
                    let edge = |c: u32, o: u32| {
                        if o > c {
                            (c + 1) * n - 1 - depth
                        } else {
                            c * n + depth
                        }
                    };
                    let (x, y) = if from.y == to.y {
                        (edge(from.x, to.x), middle(from.y))
                    } else {
                        (middle(from.x), edge(from.y, to.y))
                    };
                    drawn.pixel(x, y).unwrap()
                };
                for (from, to) in [(a, b), (b, a)] {
                    let grain = (0..n / 2)
                        .take_while(|&i| across(from, to, i) == wood)
                        .count();
                    let frame = across(from, to, grain as u32);
                    assert!(
                        grain >= 2 && frame == ink,
                        "{text} at {n} px: door {a} {b}: {grain} px of wood, then {frame:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn marks_change_only_the_start_and_the_goal_green_and_red() {
    let look = Look {
        marks: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        let f = d.features();
        let (start, goal) = (f.start.unwrap(), f.goal.unwrap());
        for n in [MIN_MARK_CELL, 12, 24] {
            let marked = draw(&d, look, n);
            let plain = draw(&d, Look::ORIGINAL, n);
            assert_eq!(
                changed_cells(&d, &plain, &marked),
                BTreeSet::from([start, goal]),
                "{text} at {n} px"
            );
            let Rgb(r, g, b) = centre(&marked, start, n);
            assert!(g > r && g > b, "{text} at {n} px: start {r} {g} {b}");
            let Rgb(r, g, b) = centre(&marked, goal, n);
            assert!(r > g && r > b, "{text} at {n} px: goal {r} {g} {b}");
        }
    }
}

#[test]
fn the_distance_tint_shades_walkable_cells_by_distance_and_leaves_rock_alone() {
    let look = Look {
        distance: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        let n = 6;
        let (plain, tinted) = (draw(&d, Look::ORIGINAL, n), draw(&d, look, n));
        let changed = changed_cells(&d, &plain, &tinted);
        let walkable_cells: BTreeSet<Pos> = d
            .tiles()
            .positions()
            .filter(|&p| d.tiles()[p].is_walkable())
            .collect();
        // Rock untouched; every walkable cell (all reachable here) shaded, evenly.
        assert_eq!(changed, walkable_cells, "{text}");
        for &p in &walkable_cells {
            let pixels = cell_pixels(&tinted, p, n);
            assert!(pixels.iter().all(|(_, c)| *c == pixels[0].1), "{text} {p}");
        }
        // Within one base colour (a room's, or the paths' black): the nearer, the warmer.
        let distances = d.distances([d.features().start.unwrap()]);
        let base = |p: Pos| match d.tiles()[p].kind() {
            TileKind::Room(i) => Some(i),
            _ => None,
        };
        let mut cells: Vec<Pos> = walkable_cells.into_iter().collect();
        cells.sort_by_key(|&p| (base(p), distances[p]));
        for pair in cells.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if base(a) != base(b) {
                continue;
            }
            let (ca, cb) = (centre(&tinted, a, n), centre(&tinted, b, n));
            assert!(
                ca.0 >= cb.0 && ca.2 <= cb.2,
                "{text}: {a} at {:?} is {ca:?}, {b} at {:?} is {cb:?}",
                distances[a],
                distances[b]
            );
        }
        // The start and the goal are the two ends of the scale.
        let f = d.features();
        let (s, g) = (
            centre(&tinted, f.start.unwrap(), n),
            centre(&tinted, f.goal.unwrap(), n),
        );
        assert_ne!(s, g, "{text}");
    }
}

#[test]
fn outlines_only_darken_room_border_pixels_facing_rock_edges_or_other_rooms() {
    let look = Look {
        outlines: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        let n = 12;
        let (plain, outlined) = (draw(&d, Look::ORIGINAL, n), draw(&d, look, n));
        let tiles = d.tiles();
        let faces_out = |p: Pos, room: usize, dir: Dir| {
            tiles.step(p, dir).is_none_or(|q| match tiles[q].kind() {
                TileKind::Free => true,
                TileKind::Path => false,
                TileKind::Room(other) => other != room,
            })
        };
        let mut outlined_cells = 0;
        for p in tiles.positions() {
            let before = cell_pixels(&plain, p, n);
            let after = cell_pixels(&outlined, p, n);
            let TileKind::Room(room) = tiles[p].kind() else {
                assert_eq!(before, after, "{text}: {p} is not a room cell");
                continue;
            };
            for (((px, py), was), ((_, _), now)) in before.iter().zip(&after) {
                let on_side = |dir: Dir| match dir {
                    Dir::Left => *px == 0,
                    Dir::Right => *px == n - 1,
                    Dir::Up => *py == 0,
                    Dir::Down => *py == n - 1,
                };
                let should = Dir::ALL
                    .into_iter()
                    .any(|dir| on_side(dir) && faces_out(p, room, dir));
                if should {
                    assert!(
                        now.0 < 40 && now.1 < 40 && now.2 < 40,
                        "{text}: {p} pixel ({px}, {py}) is {now:?}"
                    );
                } else {
                    assert_eq!(was, now, "{text}: {p} pixel ({px}, {py})");
                }
            }
            outlined_cells += usize::from(before != after);
        }
        assert!(outlined_cells > 0, "{text}");
        let small = MIN_MARK_CELL - 1;
        assert_eq!(draw(&d, look, small), draw(&d, Look::ORIGINAL, small));
    }
}

#[test]
fn the_print_look_draws_a_dark_line_where_two_rooms_touch_and_nowhere_else() {
    let look = Look {
        print: true,
        ..Look::ORIGINAL
    };
    let spaced = "dv1 seed=7 spacing=1";
    for text in RECIPES.into_iter().chain([spaced]) {
        let d = dungeon(text);
        let tiles = d.tiles();
        let parts = |p: Pos, dir: Dir| match (tiles[p].kind(), tiles.step(p, dir)) {
            (TileKind::Room(a), Some(q)) => tiles[q].room().is_some_and(|b| b != a),
            _ => false,
        };
        let touching = tiles
            .positions()
            .filter(|&p| Dir::ALL.into_iter().any(|dir| parts(p, dir)))
            .count();
        assert_eq!(touching == 0, text == spaced, "{text}");
        for n in [MIN_MARK_CELL - 1, MIN_MARK_CELL, 12, 24] {
            let printed = draw(&d, look, n);
            let thin = (n / 12).max(1);
            for p in tiles.positions() {
                for ((px, py), c) in cell_pixels(&printed, p, n) {
                    let on_side = |dir: Dir| match dir {
                        Dir::Left => px < thin,
                        Dir::Right => px >= n - thin,
                        Dir::Up => py < thin,
                        Dir::Down => py >= n - thin,
                    };
                    let line = n >= MIN_MARK_CELL
                        && Dir::ALL
                            .into_iter()
                            .any(|dir| on_side(dir) && parts(p, dir));
                    assert_eq!(
                        c == Rgb(16, 16, 16),
                        line,
                        "{text} at {n} px: cell {p}, pixel ({px}, {py})"
                    );
                }
            }
        }
    }
}

#[test]
fn the_print_look_has_white_ground_black_walls_and_grey_floors() {
    let look = Look {
        print: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        let n = 12;
        let printed = draw(&d, look, n);
        let tiles = d.tiles();
        let beside_walkable = |p: Pos| {
            (-1..=1_i64).any(|dy| {
                (-1..=1_i64).any(|dx| {
                    let (x, y) = (i64::from(p.x) + dx, i64::from(p.y) + dy);
                    x >= 0
                        && y >= 0
                        && tiles
                            .get(Pos::new(x as u32, y as u32))
                            .is_some_and(|t| t.is_walkable())
                })
            })
        };
        let (mut walls, mut paper) = (0, 0);
        for p in tiles.positions() {
            let c = centre(&printed, p, n);
            if tiles[p] == Tile::FREE {
                if beside_walkable(p) {
                    // A wall: black all over, no grid line.
                    assert!(
                        cell_pixels(&printed, p, n)
                            .iter()
                            .all(|(_, c)| *c == Rgb(0, 0, 0)),
                        "{text}: wall {p}"
                    );
                    walls += 1;
                } else {
                    assert_eq!(c, Rgb(255, 255, 255), "{text}: rock {p}");
                    paper += 1;
                }
            } else {
                let Rgb(r, g, b) = c;
                assert!(
                    r == g && g == b && r > 150 && r < 255,
                    "{text}: floor {p} {c:?}"
                );
            }
        }
        assert!(walls > 0 && paper > 0, "{text}");
        // A light grid: the first pixel row of rock and floors is grey, not black.
        let rock = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::FREE && !beside_walkable(p))
            .unwrap();
        let Rgb(r, _, _) = printed.pixel(rock.x * n + n / 2, rock.y * n).unwrap();
        assert!(r > 100 && r < 255, "{text}: grid line {r}");
    }
}

#[test]
fn start_goal_and_doors_stay_put_whatever_the_look() {
    let all = Look {
        doors: true,
        marks: true,
        distance: true,
        outlines: true,
        print: true,
        numbers: true,
        hatched: false,
        colours: false,
    };
    for text in RECIPES {
        let before = dungeon(text).features().clone();
        let d = dungeon(text);
        for look in [Look::ORIGINAL, all] {
            draw(&d, look, 12);
            assert_eq!(d.features(), &before, "{text}");
        }
        // With every other option on, the marks still change only start and goal.
        let without_marks = Look {
            marks: false,
            ..all
        };
        let n = 12;
        assert_eq!(
            changed_cells(&d, &draw(&d, without_marks, n), &draw(&d, all, n)),
            BTreeSet::from([before.start.unwrap(), before.goal.unwrap()]),
            "{text}"
        );
    }
}

#[test]
fn render_with_every_look_flag_writes_a_png_a_decoder_reads() {
    let dir = scratch("look-render");
    let file = dir.join("look.png");
    let file_text = file.to_str().unwrap();
    let out = run(&[
        "render",
        "--seed",
        "7",
        "--cell-size",
        "8",
        "--doors",
        "--marks",
        "--distance",
        "--outlines",
        "--print",
        "--numbers",
        "-o",
        file_text,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let decoder = png::Decoder::new(std::fs::File::open(&file).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (64 * 8, 56 * 8));
    // The very pixels the rasterizer draws in that look.
    let d = dungeon("dv1 seed=7");
    let drawn = draw(
        &d,
        Look {
            doors: true,
            marks: true,
            distance: true,
            outlines: true,
            print: true,
            numbers: true,
            hatched: false,
            colours: false,
        },
        8,
    );
    let rgb: Vec<u8> = drawn
        .rgba_pixels()
        .iter()
        .flat_map(|&[r, g, b, _]| [r, g, b])
        .collect();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert!(
        buf[..info.buffer_size()] == rgb[..],
        "other pixels than drawn"
    );
}

#[test]
fn each_cave_is_numbered_inside_it_and_the_svg_has_the_same_labels() {
    use dungeon_files::draw::numbers::{MIN_NUMBER_CELL, place};
    let look = Look {
        numbers: true,
        ..Look::ORIGINAL
    };
    for text in RECIPES {
        let d = dungeon(text);
        for n in [MIN_NUMBER_CELL, 12, 24] {
            let labels = place(&d, n);
            assert!(labels.unplaced.is_empty(), "{text} at {n} px");
            for label in &labels.placed {
                let room = &d.rooms()[label.number - 1];
                // Wholly over its room, centred on a cell away from the room's edge.
                let cells = (label.y / n..=(label.bottom() - 1) / n)
                    .flat_map(|y| (label.x / n..=(label.right() - 1) / n).map(move |x| (x, y)));
                for (x, y) in cells {
                    assert!(room.cells().contains(&Pos::new(x, y)), "{text} at {n} px");
                }
                let middle = Pos::new(
                    (label.x + label.width / 2) / n,
                    (label.y + label.height / 2) / n,
                );
                let inside = |p: Pos| {
                    Dir::ALL.iter().all(|&dir| {
                        d.tiles()
                            .step(p, dir)
                            .is_some_and(|q| room.cells().contains(&q))
                    })
                };
                if room.cells().iter().any(|&p| inside(p)) {
                    assert!(inside(middle), "{text}: {middle:?} is on the room's edge");
                }
            }
        }
        // Below the least size nothing changes.
        let small = MIN_NUMBER_CELL - 1;
        assert_eq!(draw(&d, look, small), draw(&d, Look::ORIGINAL, small));
        // The SVG writes the same labels, each with its number as text in its middle.
        let svg = dungeon_files::formats::svg::to_svg(
            &d,
            &Style {
                cell_size: 12,
                grid: true,
                look,
            },
        )
        .unwrap();
        for l in place(&d, 12).placed {
            let label = format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" \
                 stroke=\"none\"/>\n<text x=\"{}\" ",
                l.x,
                l.y,
                l.width,
                l.height,
                f64::from(l.x) + f64::from(l.width) / 2.0
            );
            let at = svg
                .find(&label)
                .unwrap_or_else(|| panic!("{text}: no label {l:?}"));
            let number = format!(">{}</text>", l.number);
            assert!(svg[at..].find(&number).is_some_and(|end| end < 300));
        }
    }
}
