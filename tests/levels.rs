//! The files of a dungeon of several levels (issue 54): stairs drawn in every look, up and
//! down told apart; `render --level K` writes level K and `--from` opens it again at its
//! level; a PNG or SVG of every level is a sheet of them side by side, each labelled; the
//! JSON lists every level with its stairs, the text has them one after another; costs
//! count every level. Universal VTT's files a level are tested in `uvtt.rs`, Tiled's group
//! layers by the real Tiled in `live/tiled.rs`.

use crate::common;

use std::borrow::Cow;
use std::path::Path;

use common::{run, scratch, stderr};
use dungeon_files::draw::look::Look;
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{INK, PAPER, Style, rasterize};
use dungeon_files::draw::stairs::{self, Way};
use dungeon_files::formats::png::decode;
use dungeon_files::formats::series::{Destination, Series};
use dungeon_files::formats::{self, Format, Options, cost, layout, levels, text};
use dungeon_generator::{Dungeon, Pos, Recipe, Rgb, generate};
use resvg::{tiny_skia, usvg};

/// A small dungeon of three closed levels.
const THREE: &str = "dv1 seed=7 width=30 height=22 rooms=6 room-size=30 closed=1 levels=3";

/// Every level of the recipe `text`, top first, each made from the one above.
fn levels_of(text: &str) -> Vec<Dungeon> {
    let mut all = vec![generate(&text.parse().unwrap()).unwrap()];
    while let Some(next) = all.last().unwrap().next_level().unwrap() {
        all.push(next);
    }
    all
}

/// The pixels of the PNG `file` and its recipe, as the `png` crate and our reader read them.
fn read_png(file: &Path) -> (Pixels, String) {
    let picture = decode(&std::fs::read(file).unwrap(), file).unwrap();
    let recipe = picture.text("recipe").expect("a recipe inside").to_string();
    (picture.pixels, recipe)
}

/// The `w × h` pixels of `pixels` from (x, y), as RGBA bytes.
fn crop(pixels: &Pixels, (x, y): (u32, u32), (w, h): (u32, u32)) -> Vec<u8> {
    let row = pixels.width() as usize * 4;
    (y..y + h)
        .flat_map(|py| {
            let start = py as usize * row + x as usize * 4;
            pixels.rgba()[start..start + w as usize * 4].iter().copied()
        })
        .collect()
}

/// How much darker than the floor the top and the bottom half of cell `p` are in `pixels`
/// drawn at `n` pixels a cell: the ink of each half.
fn ink_by_half(pixels: &Pixels, p: Pos, n: u32) -> (u32, u32) {
    let mut halves = (0, 0);
    for py in 0..n {
        for px in 0..n {
            let Some(Rgb(r, g, b)) = pixels.pixel(p.x * n + px, p.y * n + py) else {
                continue;
            };
            let dark = u32::from(r < 100 && g < 100 && b < 100);
            if py < n / 2 {
                halves.0 += dark;
            } else if py >= n - n / 2 {
                halves.1 += dark;
            }
        }
    }
    halves
}

#[test]
fn stairs_are_drawn_in_every_look_and_point_the_way_they_go() {
    let all = levels_of(THREE);
    let middle = &all[1];
    let found = stairs::of(middle);
    let features = middle.features();
    assert_eq!(
        found,
        [
            (features.stairs_up.unwrap(), Way::Up),
            (features.stairs_down.unwrap(), Way::Down)
        ]
    );
    assert!(stairs::of(&all[0]).iter().all(|&(_, way)| way == Way::Down));
    assert!(stairs::of(&all[2]).iter().all(|&(_, way)| way == Way::Up));
    // A map of one level has none.
    assert!(stairs::of(&generate(&Recipe::default()).unwrap()).is_empty());

    for look in [
        Look::ORIGINAL,
        Look {
            print: true,
            ..Look::ORIGINAL
        },
        Look {
            hatched: true,
            ..Look::ORIGINAL
        },
    ] {
        // The hatched look's lines need a few more pixels than squares of cells do.
        let sizes: &[u32] = if look.hatched {
            &[8, 12, 24]
        } else {
            &[4, 12, 24]
        };
        for &n in sizes {
            let style = Style {
                cell_size: n,
                look,
                ..Style::default()
            };
            let pixels = rasterize(middle, &style).unwrap();
            for &(at, way) in &found {
                let what = format!("{look:?} at {n} px: {way:?} at {at}");
                // The wedge's wide end is the darker half: at the bottom going up.
                let (top, bottom) = ink_by_half(&pixels, at, n);
                match way {
                    Way::Up => assert!(bottom > top, "{what}: {top} {bottom}"),
                    Way::Down => assert!(top > bottom, "{what}: {top} {bottom}"),
                }
                if look.hatched {
                    continue;
                }
                // The looks of cells draw the glyph's very rectangles.
                let (plate, bars) = stairs::glyph(n, way).unwrap();
                let pixel = |x: u32, y: u32| pixels.pixel(at.x * n + x, at.y * n + y);
                let inside = |(x, y, w, h): stairs::Rect, px: u32, py: u32| {
                    (x..x + w).contains(&px) && (y..y + h).contains(&py)
                };
                for py in 0..n {
                    for px in 0..n {
                        let expected = if bars.iter().any(|&b| inside(b, px, py)) {
                            Some(INK)
                        } else if inside(plate, px, py) {
                            Some(PAPER)
                        } else {
                            continue;
                        };
                        assert_eq!(pixel(px, py), expected, "{what}: pixel {px}, {py}");
                    }
                }
            }
        }
    }
    // Below 4 pixels a cell, stairs are left out: level 2 is drawn as a map without them.
    let style = Style {
        cell_size: 3,
        ..Style::default()
    };
    let drawn = rasterize(middle, &style).unwrap();
    let (at, _) = found[0];
    let room = middle.rooms()[middle.tile(at).unwrap().room().unwrap()].colour();
    assert_eq!(drawn.pixel(at.x * 3 + 1, at.y * 3 + 1), Some(room));
}

#[test]
fn render_level_writes_that_level_and_from_opens_it_again_at_it() {
    let dir = scratch("levels-level");
    let all = levels_of(THREE);
    let file = dir.join("second.png");
    let out = run(&[
        "render",
        "--recipe",
        THREE,
        "--level",
        "2",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (pixels, recipe) = read_png(&file);
    let second: Recipe = recipe.parse().unwrap();
    assert_eq!(second.level, Some(2));
    assert!(pixels == rasterize(&all[1], &Style::default()).unwrap());

    // The PNG of level 2 opens at level 2.
    let json = dir.join("again.json");
    let out = run(&[
        "render",
        "--from",
        file.to_str().unwrap(),
        "-o",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(map["level"], 2);
    assert_eq!(map["recipe"], second.to_string());
    let down = all[0].features().stairs_down.unwrap();
    assert_eq!(map["stairs_up"], serde_json::json!([down.x, down.y]));
}

#[test]
fn a_png_of_every_level_is_a_sheet_of_them_side_by_side_each_labelled() {
    let dir = scratch("levels-sheet");
    let all = levels_of(THREE);
    for (flags, n) in [(&[][..], 12), (&["--hatched", "--doors"][..], 8)] {
        let file = dir.join(format!("sheet-{n}.png"));
        let size = n.to_string();
        let mut args = vec!["render", "--recipe", THREE, "--cell-size", &size];
        args.extend(flags);
        args.extend(["-o", file.to_str().unwrap()]);
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let (sheet, recipe) = read_png(&file);
        // The recipe inside is the dungeon's: it opens every level again.
        assert_eq!(recipe, THREE.parse::<Recipe>().unwrap().to_string());
        let look = Look {
            hatched: !flags.is_empty(),
            doors: !flags.is_empty(),
            ..Look::ORIGINAL
        };
        let style = Style {
            cell_size: n,
            look,
            ..Style::default()
        };
        let tile = (30 * n, 22 * n);
        let layout = levels::layout(3, tile);
        assert_eq!((sheet.width(), sheet.height()), layout.sheet());
        let paper = levels::paper(&look);
        for (i, level) in (0..3).zip(&all) {
            // Each level is its own picture, pixel for pixel, in its place.
            let alone = rasterize(level, &style).unwrap();
            assert!(
                crop(&sheet, layout.tile_at(i), tile) == alone.rgba(),
                "{flags:?}: level {} differs from its own picture",
                i + 1
            );
            // Its label above it, in ink on the page.
            let label = levels::label(i + 1);
            assert_eq!(label, format!("LEVEL {}", i + 1));
            let squares: Vec<_> = layout.label_squares(i, &label).collect();
            assert!(squares.len() > 20, "{label}");
            for (x, y, _) in squares {
                assert_eq!(
                    sheet.rgba()[(y * sheet.width() + x) as usize * 4],
                    paper.ink[0]
                );
            }
        }
        // Between the levels, the page.
        let (x, y) = layout.tile_at(1);
        let page = sheet.pixel(x - 1, y).unwrap();
        assert_eq!([page.0, page.1, page.2, 255], paper.background);
    }

    // A recipe that names a level, or has one, is a picture of that map alone.
    let one = dir.join("one.png");
    let out = run(&[
        "render",
        "--seed",
        "7",
        "--width",
        "30",
        "-o",
        one.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_png(&one).0.width(), 30 * 12);
}

#[test]
fn the_svg_of_every_level_draws_the_pngs_sheet() {
    let dir = scratch("levels-svg");
    for look in ["--print", "--numbers"] {
        let (png, svg) = (dir.join("sheet.png"), dir.join("sheet.svg"));
        for file in [&png, &svg] {
            let out = run(&[
                "render",
                "--recipe",
                THREE,
                look,
                "--cell-size",
                "6",
                "-o",
                file.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{}", stderr(&out));
        }
        let text = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(text.matches("<g transform=").count(), 3);
        let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).unwrap();
        let (sheet, _) = read_png(&png);
        let mut pixmap = tiny_skia::Pixmap::new(sheet.width(), sheet.height()).unwrap();
        resvg::render(
            &tree,
            tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        let differ = (pixmap.data().chunks_exact(4))
            .zip(sheet.rgba().chunks_exact(4))
            .filter(|(a, b)| a[..3] != b[..3])
            .count();
        if look == "--print" {
            assert_eq!(
                differ, 0,
                "resvg draws the print look's sheet pixel for pixel"
            );
        } else {
            // The numbers' digits are the font's, not the PNG's pixel font.
            assert!(
                differ < sheet.rgba().len() / 4 / 50,
                "{differ} pixels differ"
            );
        }
    }
    // The hatched look's levels each clip to their own floor.
    let svg = dir.join("hatched.svg");
    let out = run(&[
        "render",
        "--recipe",
        THREE,
        "--hatched",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    for k in 1..=3 {
        assert!(
            text.contains(&format!("<clipPath id=\"floor-{k}\">")),
            "level {k}"
        );
    }
    usvg::Tree::from_str(&text, &usvg::Options::default()).expect("the SVG parses");
}

#[test]
fn the_json_lists_every_level_with_stairs_that_line_up() {
    let dir = scratch("levels-json");
    let all = levels_of(THREE);
    for (level, shown) in [(None, 0), (Some("3"), 2)] {
        let file = dir.join("map.json");
        let mut args = vec!["render", "--recipe", THREE];
        args.extend(level.iter().flat_map(|l| ["--level", l]));
        args.extend(["-o", file.to_str().unwrap()]);
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let map: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        // Today's fields for the level shown.
        let d = &all[shown];
        assert_eq!(map["level"], shown + 1);
        assert_eq!(map["rooms"].as_array().unwrap().len(), d.rooms().len());
        assert_eq!(
            map["doors"].as_array().unwrap().len(),
            d.features().doors.len()
        );
        let levels = map["levels"].as_array().unwrap();
        assert_eq!(levels.len(), 3);
        let at =
            |p: Option<Pos>| p.map_or(serde_json::Value::Null, |p| serde_json::json!([p.x, p.y]));
        for (k, (entry, d)) in levels.iter().zip(&all).enumerate() {
            let features = d.features();
            assert_eq!(entry["level"], k + 1);
            assert_eq!(entry["stairs_up"], at(features.stairs_up));
            assert_eq!(entry["stairs_down"], at(features.stairs_down));
            assert_eq!(entry["start"], at(features.start));
            assert_eq!(entry["rooms"].as_array().unwrap().len(), d.rooms().len());
            let own: Recipe = entry["recipe"].as_str().unwrap().parse().unwrap();
            assert_eq!(own.level, Some(k as u32 + 1));
            assert!(entry.get("levels").is_none());
        }
        assert_eq!(levels[0]["stairs_up"], serde_json::Value::Null);
        assert_eq!(levels[2]["stairs_down"], serde_json::Value::Null);
        for k in 0..2 {
            assert_eq!(levels[k]["stairs_down"], levels[k + 1]["stairs_up"]);
        }
    }
    // A map of one level keeps today's fields only.
    let d = generate(&Recipe::default()).unwrap();
    let json: serde_json::Value = serde_json::from_str(
        &String::from_utf8(formats::text_bytes(&d, Format::Json).unwrap().unwrap()).unwrap(),
    )
    .unwrap();
    for absent in ["levels", "level", "stairs_up", "stairs_down"] {
        assert!(json.get(absent).is_none(), "{absent}");
    }
}

#[test]
fn the_text_has_every_level_one_after_another_with_its_stairs() {
    let all = levels_of(THREE);
    let text =
        String::from_utf8(formats::text_bytes(&all[0], Format::Text).unwrap().unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Each level: its label, its rows, a blank line; then the recipe.
    assert_eq!(lines.len(), 3 * (1 + 22 + 1) + 1);
    for (k, d) in all.iter().enumerate() {
        let block = &lines[k * 24..(k + 1) * 24];
        assert_eq!(block[0], format!("Level {}", k + 1));
        assert_eq!(block[23], "");
        let features = d.features();
        for (stairs, mark) in [(features.stairs_up, '<'), (features.stairs_down, '>')] {
            let found = block[1..23]
                .iter()
                .enumerate()
                .flat_map(|(y, row)| row.chars().enumerate().map(move |(x, c)| (x, y, c)))
                .filter(|&(_, _, c)| c == mark)
                .map(|(x, y, _)| Pos::new(x as u32, y as u32))
                .collect::<Vec<_>>();
            assert_eq!(
                found,
                stairs.into_iter().collect::<Vec<_>>(),
                "level {}",
                k + 1
            );
        }
    }
    assert_eq!(lines[72], THREE.parse::<Recipe>().unwrap().to_string());
    // The layout reader finds the recipe after the levels.
    let file = scratch("levels-text").join("map.txt");
    std::fs::write(&file, &text).unwrap();
    assert_eq!(
        layout::read_layout(&file).unwrap(),
        THREE.parse::<Recipe>().unwrap()
    );
    // One level of several is its map alone, with its stairs.
    let second = text::to_text(&[Cow::Borrowed(&all[1])]);
    assert!(!second.contains("Level") && second.contains('<') && second.contains('>'));
}

#[test]
fn a_file_of_every_level_costs_what_its_levels_do_and_is_refused_when_they_pass_the_bound() {
    let all = levels_of("dv1 seed=3 width=96 height=84 rooms=30 levels=6");
    let hatched = |n: u32| Options {
        cell_size: Some(n),
        look: Look {
            hatched: true,
            ..Look::ORIGINAL
        },
        ..Options::default()
    };
    for format in [Format::Png, Format::Svg, Format::Uvtt] {
        let options = hatched(if format == Format::Uvtt { 40 } else { 12 });
        let every = cost::of(&all, format, &options);
        let each: f64 = all
            .iter()
            .map(|l| cost::of(&[l], format, &options).seconds)
            .sum();
        assert!(
            (every.seconds - each).abs() < 1e-9 * each,
            "{}",
            format.name()
        );
        assert!(every.seconds > 5.0 * cost::of(&all[..1], format, &options).seconds);
    }
    // A tabletop picture a level: the largest grid one level fits at is too dear for all.
    let one = |n| cost::of(&all[..1], Format::Uvtt, &hatched(n)).fits();
    let n = (20..=170).rev().find(|&n| one(n)).unwrap();
    assert!(
        !cost::of(&all, Format::Uvtt, &hatched(n)).fits(),
        "{n} pixels a cell"
    );
    let refused = formats::encode(&all[0], Format::Uvtt, &hatched(n), "map").unwrap_err();
    let formats::Error::TooDear { fits, .. } = refused else {
        panic!("refused as too dear: {refused}");
    };
    let fits = fits.expect("a smaller grid fits");
    assert!(fits < n && cost::of(&all, Format::Uvtt, &hatched(fits)).fits());
}

#[test]
fn series_count_every_level_their_pictures_hold() {
    let dir = scratch("levels-series");
    let options = Options::default();
    let to = Destination::Dir(dir.join("maps"));
    let one: Recipe = "dv1 seed=4 width=40 height=30 rooms=8".parse().unwrap();
    let three = Recipe {
        levels: 3,
        ..one.clone()
    };
    let estimate = |recipe: &Recipe| {
        Series::Batch(vec![recipe.clone()])
            .estimate(&options, &to)
            .unwrap()
    };
    let (single, every) = (estimate(&one), estimate(&three));
    assert!(every.bytes > 2 * single.bytes, "{single} against {every}");
    assert!(
        every.seconds > 2.5 * single.seconds,
        "{single} against {every}"
    );
    // A level named is one picture.
    let second = Recipe {
        level: Some(2),
        ..three.clone()
    };
    assert!(estimate(&second).bytes < every.bytes / 2);
    // And what is written is the sheet the estimate counted.
    let written = formats::series::write_batch(
        std::slice::from_ref(&three),
        &options,
        &dir.join("maps"),
        &Default::default(),
    )
    .unwrap();
    let (sheet, _) = read_png(&written.files[0]);
    assert_eq!(
        (sheet.width(), sheet.height()),
        levels::layout(3, (40 * 12, 30 * 12)).sheet()
    );
    assert!(std::fs::metadata(&written.files[0]).unwrap().len() <= every.bytes);
}
