//! Universal VTT: the file parses as the format, its picture is the map at its grid size,
//! its walls are exactly the border between walkable cells and rock, its doors are the
//! dungeon's, for every room shape, corridor style and connection style.

use crate::common;

use std::collections::BTreeSet;

use base64::Engine;
use common::{run, scratch, stderr};
use dungeon_viewer::base::grid::Pos;
use dungeon_viewer::draw::raster::{Look, Style, rasterize};
use dungeon_viewer::formats::Error as UvttError;
use dungeon_viewer::formats::uvtt::to_uvtt;
use dungeon_viewer::generate::generate;
use dungeon_viewer::model::dungeon::Dungeon;
use dungeon_viewer::model::features::walkable;
use dungeon_viewer::model::recipe::{KEYS, Kind};
use serde::Deserialize;

/// The format as the importers read it.
#[derive(Deserialize)]
struct Uvtt {
    format: f64,
    resolution: Resolution,
    line_of_sight: Vec<Vec<Point>>,
    objects_line_of_sight: Vec<Vec<Point>>,
    portals: Vec<Portal>,
    environment: Environment,
    lights: Vec<serde_json::Value>,
    image: String,
}

#[derive(Deserialize, Clone, Copy, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
struct Resolution {
    map_origin: Point,
    map_size: Point,
    pixels_per_grid: u32,
}

#[derive(Deserialize)]
struct Portal {
    position: Point,
    bounds: [Point; 2],
    rotation: f64,
    closed: bool,
    freestanding: bool,
}

#[derive(Deserialize)]
struct Environment {
    baked_lighting: bool,
    ambient_light: String,
}

/// A unit edge of the grid: its two corners in grid units, smaller first.
type Edge = ((u32, u32), (u32, u32));

fn corner(p: Point) -> (u32, u32) {
    assert!(
        p.x.fract() == 0.0 && p.y.fract() == 0.0 && p.x >= 0.0 && p.y >= 0.0,
        "{p:?} is not a grid corner"
    );
    (p.x as u32, p.y as u32)
}

/// The unit edges a straight segment covers.
fn unit_edges(a: Point, b: Point) -> Vec<Edge> {
    let (a, b) = (corner(a), corner(b));
    let (a, b) = (a.min(b), a.max(b));
    if a.1 == b.1 {
        (a.0..b.0).map(|x| ((x, a.1), (x + 1, a.1))).collect()
    } else {
        assert_eq!(a.0, b.0, "a wall from {a:?} to {b:?} is not along the grid");
        (a.1..b.1).map(|y| ((a.0, y), (a.0, y + 1))).collect()
    }
}

/// Brute force: every unit edge with a walkable cell on one side and rock or the map's
/// edge on the other.
fn border(d: &Dungeon) -> BTreeSet<Edge> {
    let open = |x: i64, y: i64| {
        x >= 0 && y >= 0 && d.tile(Pos::new(x as u32, y as u32)).is_some_and(walkable)
    };
    let mut edges = BTreeSet::new();
    for y in 0..=i64::from(d.height()) {
        for x in 0..=i64::from(d.width()) {
            let (ux, uy) = (x as u32, y as u32);
            if open(x, y) != open(x, y - 1) && x < i64::from(d.width()) {
                edges.insert(((ux, uy), (ux + 1, uy)));
            }
            if open(x, y) != open(x - 1, y) && y < i64::from(d.height()) {
                edges.insert(((ux, uy), (ux, uy + 1)));
            }
        }
    }
    edges
}

/// The edge between two neighbouring cells.
fn edge_between(a: Pos, b: Pos) -> Edge {
    let (x, y) = (a.x.max(b.x), a.y.max(b.y));
    if a.x == b.x {
        ((x, y), (x + 1, y))
    } else {
        ((x, y), (x, y + 1))
    }
}

fn parse(json: &str) -> Uvtt {
    serde_json::from_str(json).expect("the file parses as Universal VTT")
}

/// Check everything a file says about `d`.
fn check(d: &Dungeon, file: &Uvtt, pixels_per_grid: u32) {
    let recipe = d.recipe().to_string();
    assert_eq!(file.format, 0.3);
    assert_eq!(file.resolution.map_origin, Point { x: 0.0, y: 0.0 });
    let size = Point {
        x: f64::from(d.width()),
        y: f64::from(d.height()),
    };
    assert_eq!(file.resolution.map_size, size, "{recipe}");
    assert_eq!(file.resolution.pixels_per_grid, pixels_per_grid);
    assert!(file.objects_line_of_sight.is_empty() && file.lights.is_empty());
    assert!(file.environment.baked_lighting);
    assert_eq!(file.environment.ambient_light, "ffffffff");

    // The walls: exactly the border, each unit edge once, straight runs.
    let mut walls = Vec::new();
    for line in &file.line_of_sight {
        assert!(line.len() >= 2, "{recipe}: a wall of {} points", line.len());
        for pair in line.windows(2) {
            walls.extend(unit_edges(pair[0], pair[1]));
        }
    }
    let wall_set: BTreeSet<Edge> = walls.iter().copied().collect();
    assert_eq!(wall_set.len(), walls.len(), "{recipe}: a wall edge twice");
    assert_eq!(wall_set, border(d), "{recipe}: walls are not the border");
    // Collinear runs are merged: two walls never continue each other in a straight line.
    let ends: BTreeSet<((u32, u32), bool)> = file
        .line_of_sight
        .iter()
        .flat_map(|l| {
            let horizontal = l[0].y == l[1].y;
            [
                (corner(l[0]), horizontal),
                (corner(l[l.len() - 1]), horizontal),
            ]
        })
        .collect();
    assert_eq!(
        ends.len(),
        2 * file.line_of_sight.len(),
        "{recipe}: collinear walls left unmerged"
    );

    // The doors: one closed portal on each door's edge, never under a wall.
    let doors = &d.features().doors;
    assert_eq!(file.portals.len(), doors.len(), "{recipe}");
    for (portal, door) in file.portals.iter().zip(doors) {
        let [a, b] = portal.bounds;
        assert_eq!(
            unit_edges(a, b),
            vec![edge_between(door.cell, door.outside)],
            "{recipe}: {door:?}"
        );
        assert!(!wall_set.contains(&edge_between(door.cell, door.outside)));
        assert_eq!(portal.position.x, f64::midpoint(a.x, b.x));
        assert_eq!(portal.position.y, f64::midpoint(a.y, b.y));
        assert!((portal.rotation - (b.y - a.y).atan2(b.x - a.x)).abs() < 1e-12);
        assert!(portal.closed && !portal.freestanding);
    }
}

/// The picture inside a file, as RGBA pixels.
fn picture(file: &Uvtt) -> (u32, u32, Vec<u8>) {
    assert!(!file.image.starts_with("data:"));
    let png = base64::engine::general_purpose::STANDARD
        .decode(&file.image)
        .expect("the image is plain base64");
    let mut decoder = png::Decoder::new(png.as_slice());
    decoder.set_transformations(png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("the image is a PNG");
    let mut rgba = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgba).expect("the image decodes");
    rgba.truncate(info.buffer_size());
    (info.width, info.height, rgba)
}

/// The names of a choice key's choices.
fn choices(key: &str) -> &'static [&'static str] {
    match KEYS.iter().find(|k| k.name == key).map(|k| k.kind) {
        Some(Kind::Choice(names)) => names,
        _ => panic!("{key} is a choice key"),
    }
}

#[test]
fn walls_and_doors_are_right_for_every_kind_of_dungeon() {
    for (i, shape) in choices("shape").iter().enumerate() {
        for corridor in choices("corridor") {
            for connect in choices("connect") {
                let recipe = format!(
                    "dv1 seed={i} width=40 height=30 rooms=8 room-size=40 shape={shape} \
                     corridor={corridor} connect={connect}"
                );
                let d = generate(&recipe.parse().unwrap()).unwrap();
                assert!(
                    !d.features().doors.is_empty(),
                    "{recipe}: no doors to check"
                );
                check(&d, &parse(&to_uvtt(&d, 3, Look::ORIGINAL).unwrap()), 3);
            }
        }
    }
}

#[test]
fn the_picture_is_the_map_without_grid_lines_at_the_grid_size() {
    let d = generate(
        &"dv1 seed=3 width=30 height=20 rooms=6 shape=mixed"
            .parse()
            .unwrap(),
    )
    .unwrap();
    // Within the rasterizer's cell sizes the picture is its own; above them, its cells
    // scaled up, every cell still one colour.
    for pixels_per_grid in [1, 12, 64, 70, 101] {
        let file = parse(&to_uvtt(&d, pixels_per_grid, Look::ORIGINAL).unwrap());
        let (width, height, rgba) = picture(&file);
        assert_eq!(
            (width, height),
            (30 * pixels_per_grid, 20 * pixels_per_grid)
        );
        let cells = rasterize(
            &d,
            &Style {
                cell_size: 1,
                grid: false,
                look: Look::ORIGINAL,
            },
        )
        .unwrap();
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            let (x, y) = (i as u32 % width, i as u32 / width);
            let cell =
                cells.rgba_pixels()[(y / pixels_per_grid * 30 + x / pixels_per_grid) as usize];
            assert_eq!(px, cell, "{pixels_per_grid} px a cell, pixel ({x}, {y})");
        }
    }
}

#[test]
fn the_picture_takes_the_look_options() {
    let d = generate(&"dv1 seed=5 width=24 height=16 rooms=5".parse().unwrap()).unwrap();
    let look = Look {
        doors: true,
        marks: true,
        outlines: true,
        ..Look::ORIGINAL
    };
    let file = parse(&to_uvtt(&d, 12, look).unwrap());
    let style = Style {
        cell_size: 12,
        grid: false,
        look,
    };
    assert_eq!(picture(&file).2, rasterize(&d, &style).unwrap().rgba());
}

#[test]
fn sizes_out_of_range_are_refused() {
    let d = generate(&"dv1 width=100 height=10".parse().unwrap()).unwrap();
    for bad in [0, 257] {
        assert!(matches!(
            to_uvtt(&d, bad, Look::ORIGINAL),
            Err(UvttError::Draw(dungeon_viewer::draw::Error::CellSize { size, .. })) if size == bad
        ));
    }
    let too_large = to_uvtt(&d, 200, Look::ORIGINAL).unwrap_err().to_string();
    assert!(too_large.contains("20000×2000"), "{too_large}");
}

#[test]
fn render_writes_both_extensions_at_70_px_a_cell_unless_told() {
    let dir = scratch("uvtt-render");
    let recipe = "dv1 seed=4 width=20 height=12 rooms=4 room-size=20";
    for (name, size, expected) in [
        ("map.dd2vtt", None, 70),
        ("map.UVTT", None, 70),
        ("small.uvtt", Some("8"), 8),
    ] {
        let out = dir.join(name);
        let mut args = vec!["render", "--recipe", recipe, "-o", out.to_str().unwrap()];
        args.extend(size.iter().flat_map(|s| ["--cell-size", s]));
        let done = run(&args);
        assert!(done.status.success(), "{name}: {}", stderr(&done));
        let file = parse(&std::fs::read_to_string(&out).unwrap());
        let d = generate(&recipe.parse().unwrap()).unwrap();
        check(&d, &file, expected);
        assert_eq!(picture(&file).0, 20 * expected);
    }
    let out = dir.join("huge.dd2vtt");
    let done = run(&["render", "--width", "300", "-o", out.to_str().unwrap()]);
    assert_eq!(done.status.code(), Some(2));
    assert!(stderr(&done).contains("too large"), "{}", stderr(&done));
    assert!(!out.exists());
}
