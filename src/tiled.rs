//! Dungeons as Tiled maps (`.tmj`, Tiled's JSON map format, version 1.10), for games built
//! with Tiled or any engine that loads its maps.
//!
//! A map is orthogonal, one tile per cell, `tile_size` pixels a side, and holds:
//! - a tile layer `dungeon` whose tiles tell the kinds of cell apart ([`CellKind`]: rock,
//!   room floor, path, door). A door is the path cell just outside a room where a path
//!   leaves or enters it (a door's `outside` cell, [`crate::features::Door`]), so every room
//!   cell stays floor and a room's shape is its floor tiles;
//! - an object group `rooms`: one rectangle per room (its bounding box in pixels, named
//!   `room k`, type `room`, with the properties `index`, `colour` and `cells`), then the
//!   start and the goal as points at their cells' centres (named and typed `start`, `goal`);
//! - the map property `recipe`, the recipe that makes the map again.
//!
//! Its tileset is embedded in the map, its picture a PNG beside it (`<stem>.tiles.png`),
//! named relatively so the two can move together. The tiles are drawn in the viewer's
//! colours: rock gray33 with the dark blue grid edge, floor a light stone, path black,
//! door wood. Rooms have their own colours only in the objects: a tileset of one floor tile
//! serves every map.

use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::colour::Rgb;
use crate::dungeon::Dungeon;
use crate::files::{write_replacing, write_replacing_with};
use crate::grid::{Grid, Rect, index};
use crate::png_file;
use crate::raster::{self, MIN_GRID_CELL, Pixels, RasterError, Style};
use crate::tile;

/// Pixels a tile takes when nobody says otherwise: the usual size of Tiled's tiles.
pub const DEFAULT_TILE_SIZE: u32 = 16;
/// The gid of the tileset's first tile.
pub const FIRST_GID: u32 = 1;
/// The map format version written.
pub const VERSION: &str = "1.10";
/// The floor tile's colour, a light stone.
pub const FLOOR: Rgb = Rgb(222, 214, 192);
/// The door tile's colour, wood.
pub const WOOD: Rgb = Rgb(150, 95, 45);

/// What a tile of the `dungeon` layer shows; its local id in the tileset is its number,
/// its gid that plus [`FIRST_GID`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Neither room nor path: solid ground.
    Rock = 0,
    /// A room's cell.
    Floor = 1,
    /// A path cell outside every room.
    Path = 2,
    /// A path cell just outside a room, where a path leaves or enters it.
    Door = 3,
}

impl CellKind {
    /// Every kind, in tileset order.
    pub const ALL: [CellKind; 4] = [
        CellKind::Rock,
        CellKind::Floor,
        CellKind::Path,
        CellKind::Door,
    ];

    /// The gid the `dungeon` layer holds for this kind.
    #[must_use]
    pub const fn gid(self) -> u32 {
        FIRST_GID + self as u32
    }

    fn colour(self) -> Rgb {
        match self {
            CellKind::Rock => Rgb::GRAY33,
            CellKind::Floor => FLOOR,
            CellKind::Path => Rgb::BLACK,
            CellKind::Door => WOOD,
        }
    }
}

/// What keeps a Tiled map from being written.
#[derive(Debug, thiserror::Error)]
pub enum TiledError {
    /// A tile size out of [`raster::CELL_SIZE`].
    #[error("{0}")]
    TileSize(#[from] RasterError),
    /// A map whose file name cannot name its tileset inside the map.
    #[error("cannot name the tileset of {}: the map's file name must be UTF-8 and end in .tmj", .0.display())]
    Name(PathBuf),
    /// A file that could not be written.
    #[error("cannot write {}: {error}", file.display())]
    Write { file: PathBuf, error: io::Error },
}

/// The tileset picture written beside the map `map`: its stem with `.tiles.png`.
///
/// # Errors
/// [`TiledError::Name`] when `map` has no UTF-8 file name.
pub fn tileset_path(map: &Path) -> Result<PathBuf, TiledError> {
    Ok(map.with_file_name(tileset_name(map)?))
}

/// The file name of [`tileset_path`], as the map names it.
fn tileset_name(map: &Path) -> Result<String, TiledError> {
    let stem = map
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| TiledError::Name(map.to_path_buf()))?;
    Ok(format!("{stem}.tiles.png"))
}

/// Write `dungeon` as the Tiled map `map` with tiles of `tile_size` pixels, and its tileset
/// picture beside it ([`tileset_path`]), that first. Each file is either its old self or
/// completely new, never half written.
///
/// # Errors
/// A tile size out of range, a map name that cannot name the tileset, or a file that
/// cannot be written.
pub fn write(dungeon: &Dungeon, map: &Path, tile_size: u32) -> Result<(), TiledError> {
    let image = tileset_name(map)?;
    let tileset = map.with_file_name(&image);
    let picture = tileset_picture(tile_size)?;
    let cannot_write = |file: &Path, error| TiledError::Write {
        file: file.to_path_buf(),
        error,
    };
    png_file::encode(&picture, dungeon.recipe())
        .and_then(|bytes| write_replacing(&tileset, &bytes))
        .map_err(|e| cannot_write(&tileset, e))?;
    let json = map_json(dungeon, tile_size, &image, &picture);
    write_replacing_with(map, |out| Ok(serde_json::to_writer(out, &json)?))
        .map_err(|e| cannot_write(map, e))
}

/// The tileset's picture: one row of tiles in [`CellKind::ALL`]'s order.
fn tileset_picture(tile_size: u32) -> Result<Pixels, RasterError> {
    let style = Style {
        cell_size: tile_size,
        ..Style::default()
    };
    let (width, height) = raster::image_size(CellKind::ALL.len() as u32, 1, &style)?;
    let mut pixels = Grid::new(width, height, [0; 4]);
    for p in pixels.positions() {
        let kind = CellKind::ALL[(p.x / tile_size) as usize];
        let grid_line = tile_size >= MIN_GRID_CELL && (p.x % tile_size == 0 || p.y == 0);
        let Rgb(r, g, b) = match kind {
            CellKind::Rock if grid_line => Rgb::DARK_BLUE,
            _ => kind.colour(),
        };
        pixels[p] = [r, g, b, 255];
    }
    let rgba = pixels.as_slice().as_flattened().to_vec();
    Ok(Pixels::from_rgba(width, height, rgba).unwrap_or_else(|e| unreachable!("{e}")))
}

/// The kind of every cell, row by row.
fn tile_kinds(dungeon: &Dungeon) -> Vec<u32> {
    let mut gids: Vec<u32> = dungeon
        .tiles()
        .as_slice()
        .iter()
        .map(|t| match t.kind() {
            tile::TileKind::Free => CellKind::Rock,
            tile::TileKind::Room(_) => CellKind::Floor,
            tile::TileKind::Path => CellKind::Path,
        })
        .map(CellKind::gid)
        .collect();
    for door in &dungeon.features().doors {
        gids[index(dungeon.width(), door.outside)] = CellKind::Door.gid();
    }
    gids
}

fn map_json<'a>(dungeon: &Dungeon, size: u32, image: &'a str, tiles: &Pixels) -> TiledMap<'a> {
    let (width, height) = (dungeon.width(), dungeon.height());
    let px = |cells: u32| u64::from(cells) * u64::from(size);
    let mut objects: Vec<Object> = dungeon
        .rooms()
        .iter()
        .enumerate()
        .filter_map(|(k, room)| {
            let bounds = Rect::around(room.cells.iter().copied())?;
            let Rgb(r, g, b) = room.colour;
            let (x, y) = (px(bounds.x0) as f64, px(bounds.y0) as f64);
            Some(Object {
                width: px(bounds.width()),
                height: px(bounds.height()),
                properties: vec![
                    Property::new("index", "int", k),
                    Property::new("colour", "color", format!("#ff{r:02x}{g:02x}{b:02x}")),
                    Property::new("cells", "int", room.cells.len()),
                ],
                ..Object::new(format!("room {k}"), "room", x, y)
            })
        })
        .collect();
    let features = dungeon.features();
    let centre = |c: u32| px(c) as f64 + f64::from(size) / 2.0;
    for (name, cell) in [("start", features.start), ("goal", features.goal)] {
        if let Some(p) = cell {
            objects.push(Object {
                point: true,
                ..Object::new(name.to_owned(), name, centre(p.x), centre(p.y))
            });
        }
    }
    for (id, object) in (1..).zip(&mut objects) {
        object.id = id;
    }
    TiledMap {
        kind: "map",
        version: VERSION,
        orientation: "orthogonal",
        renderorder: "right-down",
        infinite: false,
        compressionlevel: -1,
        width,
        height,
        tilewidth: size,
        tileheight: size,
        nextlayerid: 3,
        nextobjectid: objects.len() + 1,
        properties: vec![Property::new(
            "recipe",
            "string",
            dungeon.recipe().to_string(),
        )],
        tilesets: [Tileset {
            firstgid: FIRST_GID,
            name: "dungeon",
            image,
            imagewidth: tiles.width(),
            imageheight: tiles.height(),
            tilewidth: size,
            tileheight: size,
            tilecount: CellKind::ALL.len() as u32,
            columns: CellKind::ALL.len() as u32,
            margin: 0,
            spacing: 0,
        }],
        layers: (
            Layer {
                id: 1,
                name: "dungeon",
                kind: "tilelayer",
                visible: true,
                opacity: 1.0,
                x: 0,
                y: 0,
                content: LayerContent::Tiles {
                    width,
                    height,
                    data: tile_kinds(dungeon),
                },
            },
            Layer {
                id: 2,
                name: "rooms",
                kind: "objectgroup",
                visible: true,
                opacity: 1.0,
                x: 0,
                y: 0,
                content: LayerContent::Objects {
                    draworder: "topdown",
                    objects,
                },
            },
        ),
    }
}

/// The map, in the field names of Tiled's JSON format.
#[derive(Serialize)]
struct TiledMap<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: &'static str,
    orientation: &'static str,
    renderorder: &'static str,
    infinite: bool,
    compressionlevel: i32,
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    nextlayerid: u32,
    nextobjectid: usize,
    properties: Vec<Property>,
    tilesets: [Tileset<'a>; 1],
    layers: (Layer, Layer),
}

#[derive(Serialize)]
struct Tileset<'a> {
    firstgid: u32,
    name: &'static str,
    image: &'a str,
    imagewidth: u32,
    imageheight: u32,
    tilewidth: u32,
    tileheight: u32,
    tilecount: u32,
    columns: u32,
    margin: u32,
    spacing: u32,
}

#[derive(Serialize)]
struct Layer {
    id: u32,
    name: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    visible: bool,
    opacity: f64,
    x: u32,
    y: u32,
    #[serde(flatten)]
    content: LayerContent,
}

#[derive(Serialize)]
#[serde(untagged)]
enum LayerContent {
    Tiles {
        width: u32,
        height: u32,
        data: Vec<u32>,
    },
    Objects {
        draworder: &'static str,
        objects: Vec<Object>,
    },
}

#[derive(Serialize)]
struct Object {
    id: usize,
    name: String,
    #[serde(rename = "type")]
    kind: &'static str,
    x: f64,
    y: f64,
    width: u64,
    height: u64,
    rotation: f64,
    visible: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    point: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<Property>,
}

impl Object {
    /// A visible point at (x, y) pixels, its id given later.
    fn new(name: String, kind: &'static str, x: f64, y: f64) -> Self {
        Self {
            id: 0,
            name,
            kind,
            x,
            y,
            width: 0,
            height: 0,
            rotation: 0.0,
            visible: true,
            point: false,
            properties: Vec::new(),
        }
    }
}

#[derive(Serialize)]
struct Property {
    name: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    value: serde_json::Value,
}

impl Property {
    fn new(name: &'static str, kind: &'static str, value: impl Into<serde_json::Value>) -> Self {
        Self {
            name,
            kind,
            value: value.into(),
        }
    }
}
