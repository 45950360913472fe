//! Universal VTT (`.dd2vtt`, `.uvtt`): the JSON map that Dungeondraft, DungeonFog and
//! Arkenforge write and virtual tabletops (Foundry VTT, Owlbear Rodeo, Fantasy Grounds,
//! MapTool) import: a picture of the map with its walls and doors.
//!
//! Everything is in grid cells, origin top-left, y down, as the importers read it: they
//! multiply by `pixels_per_grid` after subtracting `map_origin` (always 0, 0 here, since the
//! Owlbear Rodeo importer ignores it).
//!
//! - **Walls** (`line_of_sight`) run along every cell edge between a walkable cell (a room's
//!   or a path's) and rock or the map's edge, and between a room's cell and a path cell
//!   beside it that is not a door, written as Dungeondraft does (the `walls` module): one polyline
//!   per closed outline or open run, a point only where it turns.
//! - **Doors** (`portals`, closed) lie on the edge between a room's cell and the path cell
//!   outside it, where a path enters the room; no wall lies on a door, and each end of a
//!   door meets a wall or another door, so closing a room's doors shuts it.
//! - **Numbers** are whole where they are whole (`7`, not `7.0`), as Dungeondraft writes
//!   them.
//! - **The picture** (`image`) is the rasterizer's, in any look but without grid lines
//!   (tabletops draw their own grid), as a base64 PNG with the recipe inside, exactly
//!   `width·pixels_per_grid × height·pixels_per_grid` pixels; the hatched look's shapes
//!   drawn at that size, the other looks' cells at most 64 pixels a side, scaled up.
//!
//! No lights (`baked_lighting`: the picture is lit as it is) and no object walls; the start
//! and the goal have no place in the format, nor have stairs, which the picture shows.
//!
//! A Universal VTT file is one map, and tabletops import one a scene: a dungeon of several
//! levels is a file per level, `<stem>.dd2vtt` the first and `<stem>-level-N.dd2vtt` the
//! others ([`level_file`]), each picture holding the recipe of its own level.

use std::f64::consts::FRAC_PI_2;
use std::ops::RangeInclusive;

use base64::Engine;
use serde::Serialize;

#[cfg(not(target_arch = "wasm32"))]
mod disk;
mod walls;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use disk::write;

use std::borrow::Cow;

use super::levels::recipe_of;
use super::number::Number;
use super::{Error, png};
use crate::draw::picture_size as fit;
use crate::draw::pixels::nearest;
use crate::draw::raster::{self, Look, Raster, Style};
use dungeon_generator::Door;
use dungeon_generator::Dungeon;

/// Pixels a grid cell may take in the picture: Foundry VTT refuses a scene grid under 20
/// pixels, and MapTool's grid stops matching the picture under 9.
pub const PIXELS_PER_GRID: RangeInclusive<u32> = 20..=256;
/// The usual grid size of tabletop maps.
pub const DEFAULT_PIXELS_PER_GRID: u32 = 70;
/// The format version written: the one Dungeondraft writes, and one MapTool accepts.
const FORMAT: f64 = 0.3;

#[derive(Serialize)]
struct Uvtt {
    format: f64,
    resolution: Resolution,
    line_of_sight: Vec<Vec<Point>>,
    objects_line_of_sight: [[Point; 2]; 0],
    portals: Vec<Portal>,
    environment: Environment,
    /// No lights: an empty list, which the Foundry importer needs present.
    lights: [(); 0],
    image: String,
}

#[derive(Clone, Copy, Serialize)]
struct Point {
    x: Number,
    y: Number,
}

impl Point {
    fn at(x: u32, y: u32) -> Self {
        Self {
            x: Number(f64::from(x)),
            y: Number(f64::from(y)),
        }
    }
}

#[derive(Serialize)]
struct Resolution {
    map_origin: Point,
    map_size: Point,
    pixels_per_grid: u32,
}

#[derive(Serialize)]
struct Portal {
    position: Point,
    bounds: [Point; 2],
    rotation: Number,
    closed: bool,
    freestanding: bool,
}

#[derive(Serialize)]
struct Environment {
    baked_lighting: bool,
    /// AARRGGBB: plain white, the picture as it is.
    ambient_light: &'static str,
}

/// `dungeon` as Universal VTT JSON, its picture at `pixels_per_grid` pixels a cell in
/// `look` (without grid lines), with the recipe of its map inside (naming its level, on a
/// dungeon of several).
///
/// # Errors
/// `pixels_per_grid` out of [`PIXELS_PER_GRID`], or a picture over [`crate::draw::MAX_SIDE`] pixels a
/// side.
pub fn to_uvtt(dungeon: &Dungeon, pixels_per_grid: u32, look: Look) -> Result<String, Error> {
    let png = picture(dungeon, pixels_per_grid, look)?;
    let map = Uvtt {
        format: FORMAT,
        resolution: Resolution {
            map_origin: Point::at(0, 0),
            map_size: Point::at(dungeon.width(), dungeon.height()),
            pixels_per_grid,
        },
        line_of_sight: walls::polylines(dungeon)
            .into_iter()
            .map(|line| line.into_iter().map(|(x, y)| Point::at(x, y)).collect())
            .collect(),
        objects_line_of_sight: [],
        portals: dungeon.features().doors.iter().map(portal).collect(),
        environment: Environment {
            baked_lighting: true,
            ambient_light: "ffffffff",
        },
        lights: [],
        image: base64::engine::general_purpose::STANDARD.encode(png),
    };
    let mut json = serde_json::to_string(&map).unwrap_or_else(|e| {
        // Only non-string map keys or failing Serialize impls can fail; ours have neither.
        unreachable!("serialising a map cannot fail: {e}")
    });
    json.push('\n');
    Ok(json)
}

/// The name of the file of level `level` of a dungeon whose first level is
/// `<stem>.<extension>`: that, or `<stem>-level-N.<extension>` for the others.
#[must_use]
pub fn level_file(stem: &str, level: u32, extension: &str) -> String {
    format!("{stem}{}", level_ending(level, extension))
}

/// What follows the stem in the name of level `level`'s file.
fn level_ending(level: u32, extension: &str) -> String {
    if level <= 1 {
        format!(".{extension}")
    } else {
        format!("-level-{level}.{extension}")
    }
}

/// The files of `levels` (one map, or every level of a dungeon) at `style`'s cell size
/// and look, each named by [`level_file`] for `stem`, top level first.
///
/// # Errors
/// As [`to_uvtt`].
pub(crate) fn files(
    levels: &[Cow<Dungeon>],
    style: &Style,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    files_named(levels, style, stem, super::Format::Uvtt.extension())
}

/// [`files`], with the extension `extension`.
fn files_named(
    levels: &[Cow<Dungeon>],
    style: &Style,
    stem: &str,
    extension: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let several = levels.len() > 1;
    levels
        .iter()
        .map(|level| {
            let number = if several { level.level() } else { 1 };
            let json = to_uvtt(level, style.cell_size, style.look)?;
            Ok((level_file(stem, number, extension), json.into_bytes()))
        })
        .collect()
}

/// The size in pixels of the picture of a `width × height`-cell map at `pixels_per_grid`.
///
/// # Errors
/// [`Error::TabletopGrid`] under 20 pixels, `pixels_per_grid` over [`PIXELS_PER_GRID`], or
/// a picture over the largest size.
pub fn picture_size(width: u32, height: u32, pixels_per_grid: u32) -> Result<(u32, u32), Error> {
    if pixels_per_grid < *PIXELS_PER_GRID.start() {
        return Err(Error::TabletopGrid(pixels_per_grid));
    }
    fit(width, height, pixels_per_grid, &PIXELS_PER_GRID).map_err(|e| match e {
        crate::draw::Error::TooLarge {
            width: wide,
            height: high,
        } => {
            let most = crate::draw::MAX_SIDE / width.max(height).max(1);
            Error::TabletopTooLarge {
                width: wide,
                height: high,
                fits: PIXELS_PER_GRID.contains(&most).then_some(most),
            }
        }
        other => other.into(),
    })
}

/// The cell size the rasterizer draws the picture at for `pixels_per_grid` pixels a cell in
/// `look`: the hatched look's shapes at that size, other looks at most
/// [`raster::CELL_SIZE`]'s largest, scaled up beyond.
#[must_use]
pub fn drawn_cell_size(pixels_per_grid: u32, look: &Look) -> u32 {
    if look.hatched {
        pixels_per_grid
    } else {
        pixels_per_grid.min(*raster::CELL_SIZE.end())
    }
}

/// The map drawn in `look` without grid lines at `pixels_per_grid` pixels a cell, as PNG
/// with the recipe inside, made one row of cells at a time. The rasterizer draws cells of
/// [`drawn_cell_size`] pixels; larger cells are its cells scaled up, each pixel of a cell
/// taken from the nearest pixel of the same cell.
fn picture(dungeon: &Dungeon, pixels_per_grid: u32, look: Look) -> Result<Vec<u8>, Error> {
    let (width, height) = picture_size(dungeon.width(), dungeon.height(), pixels_per_grid)?;
    let drawn = drawn_cell_size(pixels_per_grid, &look);
    let style = Style {
        cell_size: drawn,
        grid: false,
        look,
    };
    let raster = Raster::within(dungeon, &style, &PIXELS_PER_GRID)?;
    let columns = nearest(drawn, pixels_per_grid, width);
    let rows = nearest(drawn, pixels_per_grid, pixels_per_grid);
    let mut png = Vec::new();
    let again = raster.draws_again_cheaply();
    let recipe = recipe_of(dungeon);
    png::write_banded(&mut png, (width, height), &recipe, again, |each| {
        let mut scaled = Vec::with_capacity(width as usize * pixels_per_grid as usize);
        raster.for_each_band(|band| {
            scaled.clear();
            for &y in &rows {
                let row = &band[y * raster.width() as usize..];
                scaled.extend(columns.iter().map(|&x| row[x]));
            }
            each(&scaled)
        })
    })
    .map_err(|e| Error::Write {
        file: "the map's picture".into(),
        source: e,
    })?;
    Ok(png)
}

/// A closed door on the edge between the door's room cell and the path cell outside it.
fn portal(door: &Door) -> Portal {
    let (a, b) = (door.cell, door.outside);
    let (x, y) = (a.x.max(b.x), a.y.max(b.y));
    // Cells one above the other meet on a horizontal edge, side by side on a vertical one.
    let (end, rotation) = if a.x == b.x {
        (Point::at(x + 1, y), 0.0)
    } else {
        (Point::at(x, y + 1), FRAC_PI_2)
    };
    let start = Point::at(x, y);
    Portal {
        position: Point {
            x: Number(f64::midpoint(start.x.0, end.x.0)),
            y: Number(f64::midpoint(start.y.0, end.y.0)),
        },
        bounds: [start, end],
        rotation: Number(rotation),
        closed: true,
        freestanding: false,
    }
}
