//! The SVG export, drawn by resvg, is the PNG, every pixel of it; and it carries its
//! recipe. Other renderers draw it in `tests/live/svg.rs`.

use crate::common;

use common::renderers::{RECIPES, Renderer, pixels, styles};
use common::{dungeon, run, scratch, stderr};
use dungeon_files::draw::Error as RasterError;
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::Error as SvgError;
use dungeon_files::formats::svg::to_svg;
use dungeon_generator::Rgb;

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
