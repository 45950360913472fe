//! The hatched look, as issue 47 asks of it: a W1 cave map at 24 pixels a cell reads as an
//! inked map (light floor, a dark wall along every edge between floor and rock, hatching in
//! the rock beside the floor and paper three cells away, anti-aliased), the same bytes every
//! time; its SVG, with smooth curves for the caves' walls, is drawn by real renderers as its
//! PNG within a few percent in `tests/live/svg.rs`.

use crate::common;

use std::collections::BTreeSet;

use common::renderers::{CAVES, CELL};
use common::{run, scratch};
use dungeon_files::draw::hatched::PARCHMENT_PAPER;
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::formats::png as png_file;
use dungeon_generator::{Dungeon, Pos, Rgb, generate};

fn luminance(Rgb(r, g, b): Rgb) -> f64 {
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)
}

/// The steps of eight neighbours from each cell of `d` to the nearest floor cell (0 on the
/// floor), counted up to `most`.
fn rings(d: &Dungeon, most: u32) -> Vec<u32> {
    let (w, h) = (d.width() as i64, d.height() as i64);
    let floor = |x: i64, y: i64| {
        (0..w).contains(&x)
            && (0..h).contains(&y)
            && d.tiles()[Pos::new(x as u32, y as u32)].is_walkable()
    };
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| {
            (0..=most)
                .find(|&r| {
                    let r = i64::from(r);
                    (-r..=r).any(|dy| (-r..=r).any(|dx| floor(x + dx, y + dy)))
                })
                .unwrap_or(most + 1)
        })
        .collect()
}

/// The ink of the hatched look's walls (on parchment).
const INK: Rgb = Rgb(28, 26, 24);

/// A dark wall runs along every edge between floor and rock, and between floor and the
/// map's edge, in `picture` of `d` at `n` pixels a cell: across the middle of the edge,
/// within a fifth of a cell of it (the wall rounds the caves' steps). Along the map's edge
/// the wall is whole inside the picture: the ink across it adds up to the wall's width
/// (0.075 of a cell, 1.3 pixels at least), not the half of it left when the wall's middle
/// ran along the picture's edge.
fn assert_walled(d: &Dungeon, picture: &Pixels, n: u32) {
    let (w, h) = (i64::from(picture.width()), i64::from(picture.height()));
    let wall = (0.075 * f64::from(n)).max(1.3);
    for p in d
        .tiles()
        .positions()
        .filter(|&p| d.tiles()[p].is_walkable())
    {
        let floor = luminance(picture.pixel(p.x * n + n / 2, p.y * n + n / 2).unwrap());
        // How much of a pixel of `lum` is ink, on this floor.
        let ink = |lum: f64| ((floor - lum) / (floor - luminance(INK))).clamp(0.0, 1.0);
        for (dx, dy) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
            let (qx, qy) = (i64::from(p.x) + dx, i64::from(p.y) + dy);
            let beyond = u32::try_from(qx)
                .ok()
                .zip(u32::try_from(qy).ok())
                .and_then(|(x, y)| d.tile(Pos::new(x, y)));
            if beyond.is_some_and(|t| t.is_walkable()) {
                continue;
            }
            // The middle of the edge, and pixels across it.
            let n64 = i64::from(n);
            let (mx, my) = (
                (2 * i64::from(p.x) * n64 + n64 + dx * n64) / 2,
                (2 * i64::from(p.y) * n64 + n64 + dy * n64) / 2,
            );
            let reach = i64::from(n / 5);
            let across: Vec<f64> = (-reach..=reach)
                .map(|k| (mx + k * dx.abs(), my + k * dy.abs()))
                .filter(|&(x, y)| (0..w).contains(&x) && (0..h).contains(&y))
                .map(|(x, y)| luminance(picture.pixel(x as u32, y as u32).unwrap()))
                .collect();
            let darkest = across.iter().copied().fold(f64::INFINITY, f64::min);
            assert!(
                darkest < 90.0,
                "no wall between {p:?} and ({qx}, {qy}): the darkest pixel is {darkest:.0}"
            );
            if beyond.is_none() {
                let inked: f64 = across.iter().map(|&lum| ink(lum)).sum();
                assert!(
                    inked >= 0.9 * wall,
                    "the wall between {p:?} and the map's edge is {inked:.2} pixels of ink, \
                     not the {wall:.2} of a wall"
                );
            }
        }
    }
}

#[test]
fn rooms_on_the_maps_edge_are_walled_along_it() {
    // The README's map for tonight's game (Classic rooms, seed 7): rooms 2, 4, 5, 8, 10, 11
    // and 12 reach the edge.
    let recipe = "dv1 seed=7 shape=rect corridor=half-rect connect=loops loops=0.3 spacing=2 fit=move merge=1";
    let d = generate(&recipe.parse().unwrap()).unwrap();
    let on_edge = d
        .tiles()
        .positions()
        .filter(|&p| d.tiles()[p].is_walkable())
        .filter(|p| p.x == 0 || p.y == 0 || p.x + 1 == d.width() || p.y + 1 == d.height())
        .count();
    assert!(on_edge > 20, "only {on_edge} floor cells on the map's edge");
    let path = scratch("hatched-edge").join("edge.png");
    for n in [12, CELL] {
        let out = run(&[
            "render",
            "--recipe",
            recipe,
            "--hatched",
            "--doors",
            "--numbers",
            "--cell-size",
            &n.to_string(),
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", common::stderr(&out));
        let picture = png_file::decode(&std::fs::read(&path).unwrap(), &path)
            .unwrap()
            .pixels;
        assert_walled(&d, &picture, n);
    }
}

#[test]
fn a_hatched_cave_map_reads_as_an_inked_map_and_is_the_same_every_time() {
    let dir = scratch("hatched");
    let png = |name: &str| {
        let path = dir.join(name);
        let cell = CELL.to_string();
        let args = ["render", "--recipe", CAVES, "--hatched", "--doors"];
        let out = run(&[
            &args[..],
            &["--cell-size", &cell, "-o", path.to_str().unwrap()],
        ]
        .concat());
        assert!(out.status.success());
        std::fs::read(path).unwrap()
    };
    let first = png("a.png");
    assert!(first == png("b.png"), "two renders differ");
    let picture = png_file::decode(&first, "a.png".as_ref()).unwrap().pixels;
    let d = generate(&CAVES.parse().unwrap()).unwrap();
    let n = CELL;
    let at = |x: u32, y: u32| picture.pixel(x, y).unwrap();

    // Every floor cell is light at its centre.
    for p in d
        .tiles()
        .positions()
        .filter(|&p| d.tiles()[p].is_walkable())
    {
        let c = at(p.x * n + n / 2, p.y * n + n / 2);
        assert!(
            luminance(c) > 200.0,
            "floor cell {p:?} is {c:?} at its centre"
        );
    }

    assert_walled(&d, &picture, n);

    // Rock beside the floor is hatched (darker than the paper), and rock three cells away
    // is paper, every pixel of it.
    let ring = rings(&d, 3);
    let paper = luminance(PARCHMENT_PAPER);
    let (mut beside, mut hatched) = (0, 0);
    for p in d.tiles().positions() {
        let cell: Vec<Rgb> = (0..n * n)
            .map(|i| at(p.x * n + i % n, p.y * n + i / n))
            .collect();
        match ring[(p.y * d.width() + p.x) as usize] {
            1 => {
                beside += 1;
                let mean = cell.iter().map(|&c| luminance(c)).sum::<f64>() / cell.len() as f64;
                if mean < paper - 20.0 {
                    hatched += 1;
                }
            }
            3.. => assert!(
                cell.iter().all(|&c| c == PARCHMENT_PAPER),
                "rock {p:?}, three cells from the floor, is not bare paper"
            ),
            _ => {}
        }
    }
    assert!(
        hatched * 100 >= beside * 95,
        "only {hatched} of {beside} rock cells beside the floor are hatched"
    );

    // Edges are anti-aliased: hundreds of shades, not the handful of colours drawn.
    let shades: BTreeSet<(u8, u8, u8)> = (0..picture.height())
        .flat_map(|y| (0..picture.width()).map(move |x| (x, y)))
        .map(|(x, y)| {
            let Rgb(r, g, b) = at(x, y);
            (r, g, b)
        })
        .collect();
    assert!(shades.len() > 500, "only {} colours", shades.len());
}

#[test]
fn a_look_flag_that_changes_nothing_with_the_others_says_so_and_draws_the_same() {
    let dir = scratch("hatched-notes");
    let drawn = |flags: &[&str]| {
        let path = dir.join("n.png");
        let args = [
            &["render", "--seed", "3", "--rooms", "5"][..],
            flags,
            &["-o", path.to_str().unwrap()],
        ]
        .concat();
        let out = run(&args);
        assert!(out.status.success());
        (common::stderr(&out), std::fs::read(path).unwrap())
    };
    let (said, with) = drawn(&["--hatched", "--outlines"]);
    assert!(
        said.contains("note: --outlines changes nothing here: the hatched look draws every wall"),
        "{said}"
    );
    assert!(
        with == drawn(&["--hatched"]).1,
        "--outlines changed the hatched picture"
    );
    let (said, with) = drawn(&["--colours"]);
    assert!(
        said.contains("note: --colours changes nothing here: only the hatched look"),
        "{said}"
    );
    assert!(with == drawn(&[]).1, "--colours changed the original look");
}

#[test]
fn a_hatched_picture_too_big_to_keep_is_written_in_one_pass_as_the_pixels_drawn() {
    use dungeon_files::draw::raster::{Look, Raster, Style, rasterize};
    use dungeon_files::draw::vector::render::KEEP_MOST;
    let d = generate(&"dv1 seed=3 width=90 height=80 rooms=6".parse().unwrap()).unwrap();
    let style = Style {
        cell_size: 64,
        grid: true,
        look: Look {
            hatched: true,
            ..Look::default()
        },
    };
    let raster = Raster::new(&d, &style).unwrap();
    assert!(u64::from(raster.width()) * u64::from(raster.height()) > KEEP_MOST);
    assert!(!raster.draws_again_cheaply());
    let mut bytes = Vec::new();
    png_file::write(&mut bytes, &raster, d.recipe()).unwrap();
    // Read by the png crate: several image data chunks, the very pixels drawn.
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut rgb).unwrap();
    let drawn = rasterize(&d, &style).unwrap();
    let same = drawn
        .rgba_pixels()
        .iter()
        .zip(rgb.chunks_exact(3))
        .all(|(a, b)| a[..3] == *b);
    assert!(same, "the pixels drawn");
    let chunks = bytes.windows(4).filter(|w| *w == b"IDAT").count();
    assert!(chunks > 1, "{chunks} image data chunks");
    assert_eq!(
        png_file::recipe_of(&bytes, std::path::Path::new("big.png")).unwrap(),
        *d.recipe()
    );
}

#[test]
fn a_hatched_picture_too_dear_to_draw_is_refused_before_it_is_drawn_saying_what_fits() {
    use dungeon_files::draw::raster::Look;
    use dungeon_files::formats::cost::{self, Cost};
    use dungeon_files::formats::{Format, Options};
    let dir = scratch("too-dear");
    let hatched = |cell_size| Options {
        cell_size: Some(cell_size),
        no_grid: false,
        look: Look {
            hatched: true,
            ..Look::default()
        },
    };
    let crowded = "dv1 seed=1 width=256 height=256 rooms=150 connect=nearest";
    // Issue 56's: 91 to 111 s of CPU as a PNG, 38 s and 3.4 GB as an SVG.
    let big = "dv1 seed=1 width=2048 height=2048 rooms=3000 room-size=100 connect=nearest";
    for (recipe, name, size, fits) in [
        (crowded, "map.png", "64", "33"),
        (crowded, "map.dd2vtt", "64", "33"),
        (big, "map.svg", "8", "7"),
    ] {
        let file = dir.join(name);
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
        command.args([
            "render",
            "--recipe",
            recipe,
            "--hatched",
            "--cell-size",
            size,
        ]);
        command.arg("-o").arg(&file);
        let out = common::within(60, command);
        let err = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("more than the 5 s and 1.0 GB a picture may take")
                && err.ends_with(&format!("use --cell-size {fits} or less\n")),
            "{name}: {err}"
        );
        assert!(!file.exists());
        // What it names fits, and no more; the plain look fits at any size.
        let map = generate(&recipe.parse().unwrap()).unwrap();
        let format = Format::of(&file).unwrap();
        let fits: u32 = fits.parse().unwrap();
        assert!(cost::of(&[&map], format, &hatched(fits)).fits(), "{name}");
        assert!(
            !cost::of(&[&map], format, &hatched(fits + 1)).fits(),
            "{name}"
        );
        let plain = Options {
            look: Look::default(),
            ..hatched(size.parse().unwrap())
        };
        assert!(cost::of(&[&map], format, &plain).fits());
        assert_eq!(cost::of(&[&map], Format::Json, &plain), Cost::default());
    }
}
