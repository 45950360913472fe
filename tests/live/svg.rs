//! The SVG export drawn by real renderers other than resvg, which need programs beyond
//! Rust ([`renderers::missing`]): rsvg-convert and Inkscape draw the PNG's every pixel,
//! ImageMagick's own renderer each shape a pixel further right and down; the room numbers'
//! digits sit inside their labels; a hatched map's SVG is drawn within a few percent of its
//! PNG. `tests/svg.rs`, `tests/numbers.rs` and `tests/hatched.rs` test the rest with resvg.

use crate::common;

use common::renderers::{self, CAVES, CELL, RECIPES, Renderer, TWOS, pixels, styles};
use common::{dungeon, scratch};
use dungeon_files::draw::numbers::{Label, place, scale};
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::svg::to_svg;
use dungeon_generator::{Pos, Rgb, Tile, generate};

/// rsvg-convert and Inkscape draw the PNG's pixels. ImageMagick's own renderer puts pixel
/// centres on whole coordinates, so each shape covers one more pixel column at its right
/// and one more row at its bottom: every pixel is the PNG's there, or the PNG's one pixel
/// left, up, or up and left of it, and grid lines are two pixels wide (`assets/doc/
/// FORMATS.md` says so).
pub fn rsvg_and_inkscape_draw_the_pngs_pixels_and_imagemagick_one_pixel_right_and_down() {
    let dir = scratch("svg-renderers");
    let d = dungeon(RECIPES[1]);
    let external: Vec<Renderer> = renderers::at_hand()
        .into_iter()
        .filter(|&r| r != Renderer::Resvg)
        .collect();
    for style in styles().into_iter().filter(|s| s.cell_size >= 4) {
        let expected = rasterize(&d, &style).unwrap();
        let png = |x: u32, y: u32| {
            let Rgb(r, g, b) = expected.pixel(x, y).unwrap();
            [r, g, b, 255]
        };
        let svg = to_svg(&d, &style).unwrap();
        for &renderer in &external {
            let drawn = renderer.draw(&svg, &dir);
            assert_eq!(
                (drawn.width, drawn.height),
                (expected.width(), expected.height())
            );
            let mut differ = 0;
            for (x, y) in pixels(drawn.width, drawn.height) {
                let c = drawn.pixel(x, y);
                if renderer != Renderer::ImageMagick {
                    assert_eq!(c, png(x, y), "{renderer:?}, {style:?}: ({x}, {y})");
                    continue;
                }
                let (left, up) = (x.saturating_sub(1), y.saturating_sub(1));
                let near = [png(x, y), png(left, y), png(x, up), png(left, up)];
                assert!(
                    near.contains(&c),
                    "{renderer:?}, {style:?}: ({x}, {y}) is {c:?}"
                );
                differ += u32::from(c != png(x, y));
            }
            if renderer == Renderer::ImageMagick {
                assert!(differ > 0, "{style:?}: ImageMagick drew the PNG's pixels");
                // A grid line's second pixel column, in rock away from rooms and paths.
                let n = style.cell_size;
                let rock = d.tiles().positions().find(|&p| {
                    p.x + 1 < d.width()
                        && d.tiles().get(Pos::new(p.x + 1, p.y)) == Some(&Tile::FREE)
                        && d.tiles()[p] == Tile::FREE
                        && !d.tiles().neighbours(p).any(|q| d.tiles()[q] != Tile::FREE)
                });
                if let (Some(p), true, false) = (rock, style.grid, style.look.print) {
                    let (x, y) = (p.x * n + 1, p.y * n + n / 2);
                    assert_eq!(drawn.pixel(x, y), png(p.x * n, y), "{style:?}: {p}");
                    assert_ne!(png(x, y), png(p.x * n, y));
                }
            }
        }
    }
}

/// Whether `c`, inside a label, is the digits' ink or a renderer's smoothing of it: well
/// darker than the paper.
fn inky(c: [u8; 4]) -> bool {
    c[..3].iter().all(|&c| c < 180)
}

pub fn the_svgs_digits_sit_inside_their_labels_in_every_renderer() {
    let dir = scratch("numbers-svg");
    let small = "dv1 seed=7 width=30 height=20 rooms=6 room-size=40";
    for (text, n) in [(TWOS, 12), (TWOS, 8), (small, 24), (small, 64)] {
        let d = dungeon(text);
        let style = |numbers| Style {
            cell_size: n,
            grid: true,
            look: Look {
                numbers,
                print: n == 24,
                ..Look::ORIGINAL
            },
        };
        let (plain, numbered) = (
            to_svg(&d, &style(false)).unwrap(),
            to_svg(&d, &style(true)).unwrap(),
        );
        assert!(!numbered.contains("dominant-baseline"));
        let labels = place(&d, n).placed;
        for renderer in renderers::at_hand() {
            let (a, b) = (renderer.draw(&plain, &dir), renderer.draw(&numbered, &dir));
            // ImageMagick's own renderer draws each shape a pixel further right and down.
            let reach = u32::from(renderer == Renderer::ImageMagick);
            let in_label = |l: &Label, x: u32, y: u32| {
                (l.x..l.right() + reach).contains(&x) && (l.y..l.bottom() + reach).contains(&y)
            };
            let mut ink = vec![0; labels.len()];
            for y in 0..b.height {
                for x in 0..b.width {
                    let (was, is) = (a.pixel(x, y), b.pixel(x, y));
                    let Some(i) = labels.iter().position(|l| in_label(l, x, y)) else {
                        assert_eq!(was, is, "{renderer:?}, {text} at {n} px: ({x}, {y})");
                        continue;
                    };
                    ink[i] += u32::from(inky(is));
                }
            }
            // Each label holds its digits: a stroke down each at least.
            for (label, ink) in labels.iter().zip(ink) {
                let digits = label.number.to_string().len() as u32;
                assert!(
                    ink >= digits * 2 * scale(n),
                    "{renderer:?}, {text} at {n} px: room {} has {ink} px of ink",
                    label.number
                );
            }
        }
    }
}

/// How far `drawn`'s pixels are from `expected`'s: the mean difference of a channel, and
/// the share of pixels with a channel off by more than a tenth, both as fractions.
fn difference(expected: &Pixels, drawn: &renderers::Drawn) -> (f64, f64) {
    let (mut total, mut off, mut count) = (0.0, 0u64, 0u64);
    for y in 0..expected.height() {
        for x in 0..expected.width() {
            let Rgb(r, g, b) = expected.pixel(x, y).unwrap();
            let [dr, dg, db, _] = drawn.pixel(x, y);
            let diffs = [r.abs_diff(dr), g.abs_diff(dg), b.abs_diff(db)];
            total += diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / 3.0;
            off += u64::from(diffs.iter().any(|&d| d > 25));
            count += 1;
        }
    }
    (total / count as f64 / 255.0, off as f64 / count as f64)
}

pub fn the_svg_of_a_hatched_map_has_smooth_caves_and_renderers_draw_its_png() {
    let dir = scratch("hatched-svg");
    let d = generate(&CAVES.parse().unwrap()).unwrap();
    for (look, cell_size) in [
        (
            Look {
                hatched: true,
                doors: true,
                marks: true,
                numbers: true,
                ..Look::ORIGINAL
            },
            CELL,
        ),
        (
            Look {
                hatched: true,
                print: true,
                colours: true,
                distance: true,
                ..Look::ORIGINAL
            },
            12,
        ),
    ] {
        let style = Style {
            cell_size,
            grid: true,
            look,
        };
        let svg = to_svg(&d, &style).unwrap();
        // The walls are stroked paths with curves (quadratic Béziers) around the caves.
        let curves = svg
            .lines()
            .filter(|l| l.starts_with("<path fill=\"none\" stroke="))
            .map(|l| l.matches('Q').count())
            .max();
        assert!(
            curves.is_some_and(|c| c > 100),
            "the caves' walls have few curves: {curves:?}"
        );
        let expected = rasterize(&d, &style).unwrap();
        for renderer in renderers::at_hand()
            .into_iter()
            .filter(|&r| matches!(r, Renderer::Resvg | Renderer::Rsvg))
        {
            let drawn = renderer.draw(&svg, &dir);
            assert_eq!(
                (drawn.width, drawn.height),
                (expected.width(), expected.height())
            );
            let (mean, off) = difference(&expected, &drawn);
            assert!(
                mean < 0.02 && off < 0.03,
                "{renderer:?} at {cell_size} px: off by {:.2} % on average, {:.2} % of \
                 pixels by more than a tenth",
                mean * 100.0,
                off * 100.0
            );
        }
    }
}
