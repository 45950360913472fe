//! The SVG export, drawn by real SVG renderers, is the PNG: resvg, rsvg-convert and
//! Inkscape draw its every pixel, ImageMagick's own renderer each shape a pixel further
//! right and down, as the formats' document says; and it carries its recipe.

use crate::common;

use common::renderers::{self, Renderer};
use common::{run, scratch, stderr};
use dungeon_files::draw::Error as RasterError;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::Error as SvgError;
use dungeon_files::formats::svg::to_svg;
use dungeon_generator::generate;
use dungeon_generator::{Dungeon, Pos, Rgb, Tile};

const RECIPES: [&str; 4] = [
    "dv1",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed corridor=twisty connect=loops",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 randomness=0 shape=rect",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

fn dungeon(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

/// The styles a renderer draws: grid lines or not, original or print look, at cell sizes
/// from too small for grid lines to large.
fn styles() -> Vec<Style> {
    let looks = [
        (4, true, false),
        (8, true, false),
        (12, true, false),
        (12, false, false),
        (3, true, false),
        (4, true, true),
        (12, true, true),
        (12, false, true),
    ];
    looks
        .into_iter()
        .map(|(cell_size, grid, print)| Style {
            cell_size,
            grid,
            look: Look {
                print,
                ..Look::ORIGINAL
            },
        })
        .collect()
}

#[test]
fn drawn_by_resvg_every_pixel_matches_the_png() {
    let dir = scratch("svg-resvg");
    for text in RECIPES {
        let d = dungeon(text);
        for style in styles() {
            let expected = rasterize(&d, &style).unwrap();
            let drawn = Renderer::Resvg.draw(&to_svg(&d, &style).unwrap(), &dir);
            assert_eq!(
                (drawn.width, drawn.height),
                (expected.width(), expected.height())
            );
            for (x, y) in pixels(drawn.width, drawn.height) {
                let Rgb(r, g, b) = expected.pixel(x, y).unwrap();
                assert_eq!(
                    drawn.pixel(x, y),
                    [r, g, b, 255],
                    "{text}, {style:?}: ({x}, {y})"
                );
            }
        }
    }
}

/// Every pixel of a `width × height` picture, row by row.
fn pixels(width: u32, height: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..height).flat_map(move |y| (0..width).map(move |x| (x, y)))
}

/// rsvg-convert and Inkscape draw the PNG's pixels. ImageMagick's own renderer puts pixel
/// centres on whole coordinates, so each shape covers one more pixel column at its right
/// and one more row at its bottom: every pixel is the PNG's there, or the PNG's one pixel
/// left, up, or up and left of it, and grid lines are two pixels wide (`assets/doc/
/// FORMATS.md` says so).
#[test]
fn rsvg_and_inkscape_draw_the_pngs_pixels_and_imagemagick_one_pixel_right_and_down() {
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

#[test]
fn rooms_are_drawn_as_runs_not_cells() {
    let d = dungeon(RECIPES[1]);
    let svg = to_svg(&d, &Style::default()).unwrap();
    // One shape per room, one for the paths, one for the grid lines.
    assert_eq!(svg.matches("<path").count(), d.rooms().len() + 2);
    // Nothing is stroked, also in renderers (ImageMagick's own) that stroke by default.
    let shapes = svg.matches("<path").count() + svg.matches("<rect").count();
    assert_eq!(svg.matches("stroke=\"none\"").count(), shapes);
    let cells = d.stats().room_cells + d.stats().path_cells;
    let runs = svg.matches('M').count() as u64 - u64::from(d.width() + d.height());
    assert!(runs * 2 < cells, "{runs} runs for {cells} cells");
}

#[test]
fn the_recipe_reads_back_from_the_metadata() {
    for text in RECIPES {
        let d = dungeon(text);
        let svg = to_svg(&d, &Style::default()).unwrap();
        let inside = svg
            .split_once("<metadata>")
            .and_then(|(_, rest)| rest.split_once("</metadata>"))
            .map(|(recipe, _)| recipe)
            .expect("a metadata element");
        assert_eq!(inside, d.recipe().to_string());
        assert_eq!(
            inside.parse::<dungeon_generator::Recipe>().unwrap(),
            *d.recipe()
        );
    }
}

#[test]
fn render_writes_svg_with_the_cell_size_and_refuses_bad_ones() {
    let dir = scratch("svg-render");
    let out = dir.join("map.svg");
    let path = out.to_str().unwrap();
    let done = run(&[
        "render",
        "--recipe",
        RECIPES[1],
        "--cell-size",
        "8",
        "-o",
        path,
    ]);
    assert!(done.status.success(), "{}", stderr(&done));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg,
        to_svg(
            &dungeon(RECIPES[1]),
            &Style {
                cell_size: 8,
                ..Style::default()
            }
        )
        .unwrap()
    );
    assert!(svg.contains("width=\"320\" height=\"240\" viewBox=\"0 0 320 240\""));

    let d = dungeon(RECIPES[0]);
    assert!(matches!(
        to_svg(
            &d,
            &Style {
                cell_size: 65,
                ..Style::default()
            }
        ),
        Err(SvgError::Draw(RasterError::CellSize { size: 65, .. }))
    ));
    let doors = Style {
        look: Look {
            doors: true,
            print: true,
            ..Look::ORIGINAL
        },
        ..Style::default()
    };
    assert!(matches!(to_svg(&d, &doors), Err(SvgError::Look { .. })));
    assert!(run(&["render", "--print", "-o", path]).status.success());
    let done = run(&["render", "--doors", "--print", "--marks", "-o", path]);
    assert_eq!(done.status.code(), Some(2));
    assert!(
        stderr(&done).contains(
            "original look or the print look only, not with doors or start and goal marks: \
             leave out --doors --marks, or write a PNG"
        ),
        "{}",
        stderr(&done)
    );
    let done = run(&["render", "--cell-size", "0", "-o", path]);
    assert_eq!(done.status.code(), Some(2));
    assert!(
        stderr(&done).contains("cell size 0 is out of range"),
        "{}",
        stderr(&done)
    );
}
