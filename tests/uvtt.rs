//! Universal VTT: the file parses as the format, its picture is the map at its grid size,
//! its walls are exactly the border between walkable cells and rock plus the edges between
//! rooms and corridors that are not doors, written as polylines that Foundry's importer
//! turns into walls of no zero length; its doors are the dungeon's and shut, for every room
//! shape, corridor style and connection style.

use crate::common;

use std::collections::BTreeSet;

use base64::Engine;
use common::{run, scratch, stderr};
use dungeon_files::draw::raster::{Look, Style, rasterize};
use dungeon_files::formats::Error as UvttError;
use dungeon_files::formats::uvtt::to_uvtt;
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::TileKind;
use dungeon_generator::generate;
use dungeon_generator::{Key, Kind};
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

/// The edges of the dungeon's doors.
fn door_edges(d: &Dungeon) -> BTreeSet<Edge> {
    d.features()
        .doors
        .iter()
        .map(|door| edge_between(door.cell, door.outside))
        .collect()
}

/// Brute force: every unit edge with a walkable cell on one side and rock or the map's
/// edge on the other, and every edge between a room's cell and a path cell that is not a
/// door.
fn expected_walls(d: &Dungeon) -> BTreeSet<Edge> {
    let kind = |x: i64, y: i64| {
        let t = d.tile(Pos::new(u32::try_from(x).ok()?, u32::try_from(y).ok()?))?;
        t.is_walkable().then(|| t.kind())
    };
    let doors = door_edges(d);
    let wall = |a: Option<TileKind>, b: Option<TileKind>, edge: Edge| match (a, b) {
        (Some(TileKind::Room(_)), Some(TileKind::Path))
        | (Some(TileKind::Path), Some(TileKind::Room(_))) => !doors.contains(&edge),
        (a, b) => a.is_some() != b.is_some(),
    };
    let mut edges = BTreeSet::new();
    for y in 0..=i64::from(d.height()) {
        for x in 0..=i64::from(d.width()) {
            let (ux, uy) = (x as u32, y as u32);
            let across = ((ux, uy), (ux + 1, uy));
            if x < i64::from(d.width()) && wall(kind(x, y), kind(x, y - 1), across) {
                edges.insert(across);
            }
            let down = ((ux, uy), (ux, uy + 1));
            if y < i64::from(d.height()) && wall(kind(x, y), kind(x - 1, y), down) {
                edges.insert(down);
            }
        }
    }
    edges
}

/// The unit edges that meet at corner `c`.
fn edges_at((x, y): (u32, u32)) -> Vec<Edge> {
    let mut edges = vec![((x, y), (x + 1, y)), ((x, y), (x, y + 1))];
    if x > 0 {
        edges.push(((x - 1, y), (x, y)));
    }
    if y > 0 {
        edges.push(((x, y - 1), (x, y)));
    }
    edges
}

/// Whether, with every door closed, a room's cells reach a path cell: walking over
/// walkable cells, never across a wall or a door.
fn a_room_leaks(d: &Dungeon, walls: &BTreeSet<Edge>) -> Option<Pos> {
    let doors = door_edges(d);
    for room in d.rooms() {
        let mut seen: BTreeSet<Pos> = room.cells().iter().copied().collect();
        let mut todo: Vec<Pos> = room.cells().to_vec();
        while let Some(p) = todo.pop() {
            let kind = d.tile(p).map(|t| t.kind());
            if kind == Some(TileKind::Path) {
                return Some(p);
            }
            let steps = [
                p.x.checked_sub(1).map(|x| Pos::new(x, p.y)),
                Some(Pos::new(p.x + 1, p.y)),
                p.y.checked_sub(1).map(|y| Pos::new(p.x, y)),
                Some(Pos::new(p.x, p.y + 1)),
            ];
            for q in steps.into_iter().flatten() {
                let open = d.tile(q).is_some_and(|t| t.is_walkable());
                let edge = edge_between(p, q);
                if open && !walls.contains(&edge) && !doors.contains(&edge) && seen.insert(q) {
                    todo.push(q);
                }
            }
        }
    }
    None
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

    // The walls as Foundry's importer makes them: a wall between each two consecutive
    // points of an entry. None has zero length, none lies on another, and together they are
    // exactly the walls expected.
    let mut walls = Vec::new();
    for line in &file.line_of_sight {
        assert!(line.len() >= 2, "{recipe}: a wall of {} points", line.len());
        for pair in line.windows(2) {
            assert!(
                pair[0] != pair[1],
                "{recipe}: a zero-length wall at {:?}",
                pair[0]
            );
            walls.extend(unit_edges(pair[0], pair[1]));
        }
        // A point only where the line turns (a closed line turns at its first point too).
        let closed = line.len() > 2 && line[0] == line[line.len() - 1];
        let mut points: Vec<Point> = line.clone();
        if closed {
            points.push(line[1]);
        }
        for t in points.windows(3) {
            let across = |a: Point, b: Point| a.y == b.y;
            assert!(
                across(t[0], t[1]) != across(t[1], t[2]),
                "{recipe}: a line goes straight on through {:?}",
                t[1]
            );
        }
    }
    let wall_set: BTreeSet<Edge> = walls.iter().copied().collect();
    assert_eq!(wall_set.len(), walls.len(), "{recipe}: a wall edge twice");
    let expected = expected_walls(d);
    assert!(
        wall_set == expected,
        "{recipe}: walls differ from the expected ones at {} edges",
        wall_set.symmetric_difference(&expected).count()
    );
    let door_edges = door_edges(d);
    // Each end of a door meets a wall or another door, and closed doors shut every room.
    for &door in &door_edges {
        for end in [door.0, door.1] {
            let held = edges_at(end)
                .iter()
                .any(|e| *e != door && (wall_set.contains(e) || door_edges.contains(e)));
            assert!(held, "{recipe}: the door {door:?} is open at {end:?}");
        }
    }
    assert_eq!(
        a_room_leaks(d, &wall_set),
        None,
        "{recipe}: a room reaches a corridor past its closed doors"
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
    match Key::all()
        .iter()
        .find(|k| k.name() == key)
        .map(|k| k.kind())
    {
        Some(Kind::Choice { names, .. }) => names,
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
                check(&d, &parse(&to_uvtt(&d, 20, Look::ORIGINAL).unwrap()), 20);
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
    for pixels_per_grid in [20, 64, 70, 101] {
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
    let file = parse(&to_uvtt(&d, 24, look).unwrap());
    let style = Style {
        cell_size: 24,
        grid: false,
        look,
    };
    assert_eq!(picture(&file).2, rasterize(&d, &style).unwrap().rgba());
}

#[test]
fn sizes_out_of_range_are_refused() {
    let d = generate(&"dv1 width=100 height=10".parse().unwrap()).unwrap();
    assert!(matches!(
        to_uvtt(&d, 257, Look::ORIGINAL),
        Err(UvttError::Draw(dungeon_files::draw::Error::CellSize {
            size: 257,
            ..
        }))
    ));
    // Under 20 pixels Foundry refuses the scene: the message says so.
    for bad in [0, 1, 8, 19] {
        let error = to_uvtt(&d, bad, Look::ORIGINAL).unwrap_err();
        assert!(matches!(error, UvttError::TabletopGrid(size) if size == bad));
        assert!(error.to_string().contains("Foundry"), "{error}");
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
        ("small.uvtt", Some("20"), 20),
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
    // A grid under 20 pixels is refused before any work, saying why.
    let out = dir.join("tiny.dd2vtt");
    let done = run(&["render", "--cell-size", "8", "-o", out.to_str().unwrap()]);
    assert_eq!(done.status.code(), Some(2));
    assert!(stderr(&done).contains("Foundry"), "{}", stderr(&done));
    assert!(!out.exists());
    let out = dir.join("huge.dd2vtt");
    let done = run(&["render", "--width", "300", "-o", out.to_str().unwrap()]);
    assert_eq!(done.status.code(), Some(2));
    assert!(stderr(&done).contains("too large"), "{}", stderr(&done));
    assert!(!out.exists());
}

#[test]
fn a_one_cell_map_has_one_closed_wall_and_numbers_are_whole() {
    let d = generate(&"dv1 width=1 height=1 rooms=1".parse().unwrap()).unwrap();
    let json = to_uvtt(&d, 20, Look::ORIGINAL).unwrap();
    let file = parse(&json);
    check(&d, &file, 20);
    assert_eq!(file.line_of_sight.len(), 1, "one outline");
    assert_eq!(
        file.line_of_sight[0].len(),
        5,
        "four walls, closed on the first point"
    );
    // Whole coordinates are written as integers, as Dungeondraft writes them.
    let d = generate(&"dv1 seed=7 rooms=14".parse().unwrap()).unwrap();
    let json = to_uvtt(&d, 70, Look::ORIGINAL).unwrap();
    let before_image = &json[..json.find("\"image\"").unwrap()];
    for whole in [".0,", ".0}", ".0]"] {
        assert!(
            !before_image.contains(whole),
            "a whole number written as a decimal"
        );
    }
    assert!(before_image.contains("\"pixels_per_grid\":70"));
}

/// A dungeon of several levels is a file a level, as tabletops import one map a scene:
/// `map.dd2vtt` the first level, `map-level-N.dd2vtt` the others, each with its level's
/// walls, doors and picture (its stairs drawn), the recipe inside naming its level. A file
/// in a level's place that is not a Universal VTT file is never written over.
#[test]
fn a_dungeon_of_several_levels_is_a_file_a_level() {
    use dungeon_files::formats::png::decode;
    let dir = scratch("uvtt-levels");
    let recipe = "dv1 seed=6 width=24 height=16 rooms=5 room-size=20 closed=1 levels=3";
    let named = dir.join("map.dd2vtt");
    let render = |recipe: &str| {
        run(&[
            "render",
            "--recipe",
            recipe,
            "--cell-size",
            "20",
            "--doors",
            "-o",
            named.to_str().unwrap(),
        ])
    };
    let done = render(recipe);
    assert!(done.status.success(), "{}", stderr(&done));
    assert!(
        stderr(&done).contains("map-level-2.dd2vtt") && stderr(&done).contains("level 1"),
        "render says where the levels are: {}",
        stderr(&done)
    );
    let mut level = Some(generate(&recipe.parse().unwrap()).unwrap());
    for k in 1..=3 {
        let d = level.take().expect("three levels");
        let name = if k == 1 {
            "map.dd2vtt".to_string()
        } else {
            format!("map-level-{k}.dd2vtt")
        };
        let file = parse(&std::fs::read_to_string(dir.join(&name)).unwrap());
        check(&d, &file, 20);
        let style = Style {
            cell_size: 20,
            grid: false,
            look: Look {
                doors: true,
                ..Look::ORIGINAL
            },
        };
        let (_, _, rgba) = picture(&file);
        assert!(rgba == rasterize(&d, &style).unwrap().rgba(), "{name}");
        let png = base64::engine::general_purpose::STANDARD
            .decode(&file.image)
            .unwrap();
        let inside = decode(&png, std::path::Path::new(&name)).unwrap();
        let own = dungeon_generator::Recipe {
            level: Some(k),
            ..recipe.parse().unwrap()
        };
        assert_eq!(
            inside.text("recipe"),
            Some(own.to_string().as_str()),
            "{name} opens again at its level"
        );
        level = d.next_level().unwrap();
    }
    assert!(level.is_none() && !dir.join("map-level-4.dd2vtt").exists());

    // Notes where a level's file would go are left as they are, and so is every file.
    let notes = dir.join("map-level-3.dd2vtt");
    std::fs::write(&notes, "my notes").unwrap();
    let before = std::fs::read(&named).unwrap();
    let done = render("dv1 seed=7 width=24 height=16 rooms=5 closed=1 levels=3");
    assert_eq!(done.status.code(), Some(1));
    assert!(
        stderr(&done).contains("map-level-3.dd2vtt")
            && stderr(&done).contains("not a Universal VTT file"),
        "{}",
        stderr(&done)
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    assert_eq!(std::fs::read(&named).unwrap(), before);
}
