//! The SVG export, drawn by a real SVG renderer (resvg), looks like the PNG: at N px a cell
//! every cell's centre pixel, and its grid lines, are the rasterizer's; and it carries its
//! recipe.

use crate::common;

use common::{run, scratch, stderr};
use dungeon_files::draw::Error as RasterError;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::Error as SvgError;
use dungeon_files::formats::svg::to_svg;
use dungeon_generator::Dungeon;
use dungeon_generator::generate;
use resvg::{tiny_skia, usvg};

const RECIPES: [&str; 4] = [
    "dv1",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed corridor=twisty connect=loops",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 randomness=0 shape=rect",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

fn dungeon(text: &str) -> Dungeon {
    generate(&text.parse().unwrap()).unwrap()
}

/// `svg` drawn at its own size, as straight RGBA.
fn render_svg(svg: &str) -> (u32, u32, Vec<u8>) {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses");
    let (w, h) = (tree.size().width() as u32, tree.size().height() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).expect("a picture of some size");
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    (w, h, pixmap.take_demultiplied())
}

#[test]
fn drawn_by_resvg_every_cell_centre_matches_the_png() {
    for text in RECIPES {
        let d = dungeon(text);
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
        for (cell_size, grid, print) in looks {
            let style = Style {
                cell_size,
                grid,
                look: Look {
                    print,
                    ..Look::ORIGINAL
                },
            };
            let expected = rasterize(&d, &style).unwrap();
            let (w, h, rgba) = render_svg(&to_svg(&d, &style).unwrap());
            assert_eq!((w, h), (expected.width(), expected.height()), "{text}");
            // Each cell's centre, and its grid lines: its top left corner and the middle
            // of its top row and of its left column.
            let half = cell_size / 2;
            for p in d.tiles().positions() {
                let (left, top) = (p.x * cell_size, p.y * cell_size);
                for (x, y) in [(half, half), (0, 0), (half, 0), (0, half)] {
                    let (x, y) = (left + x, top + y);
                    let at = ((y * w + x) * 4) as usize;
                    let want = expected.pixel(x, y).unwrap();
                    assert_eq!(
                        rgba[at..at + 4],
                        [want.0, want.1, want.2, 255],
                        "{text} at {cell_size}px, grid {grid}, print {print}: cell {p}, \
                         pixel ({x}, {y})"
                    );
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
            inside.parse::<dungeon_generator::recipe::Recipe>().unwrap(),
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
