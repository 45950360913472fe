//! Dungeons as Tiled maps (`.tmj`, Tiled's JSON map format, version 1.10), for games built
//! with Tiled or any engine that loads its maps.
//!
//! A map is orthogonal, one tile per cell, `tile_size` pixels a side, and holds:
//! - a tile layer `dungeon` whose tiles tell the kinds of cell apart ([`CellKind`]: rock,
//!   room floor, path, door). A door is the path cell just outside a room where a path
//!   leaves or enters it (a door's `outside` cell, [`dungeon_generator::Door`]), so every room
//!   cell stays floor and a room's shape is its floor tiles;
//! - an object group `rooms`: one rectangle per room (its bounding box in pixels, named
//!   by its number, index + 1, as the picture numbers it; type `room`, with the properties
//!   `index`, `colour` and `cells`), then the
//!   start and the goal as points at their cells' centres (named and typed `start`, `goal`);
//! - the map property `recipe`, the recipe that makes the map again.
//!
//! Its tileset is embedded in the map, its picture a PNG beside it (`<stem>.tiles.png`),
//! named relatively so the two can move together. The tiles are drawn in the viewer's
//! colours: rock gray33 with the dark blue grid edge, floor a light stone, path black,
//! door wood. Rooms have their own colours only in the objects: a tileset of one floor tile
//! serves every map.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::number::Number;
use super::safe_write::{Staged, check_replace, open_regular, place_new_with, replace_pair, stage};
use super::{Destination, Error, Place, png};
use crate::draw::picture_size;
use crate::draw::pixels::Pixels;
use crate::draw::raster::{self, MIN_GRID_CELL};
use dungeon_generator::Dungeon;
use dungeon_generator::Rgb;
use dungeon_generator::text::quote_path;
use dungeon_generator::{Grid, Rect, TileKind};

/// Pixels a tile takes when nobody says otherwise: the usual size of Tiled's tiles.
pub const DEFAULT_TILE_SIZE: u32 = 16;
/// The gid of the tileset's first tile.
pub const FIRST_GID: u32 = 1;
/// The map format version written.
pub const VERSION: &str = "1.10";
/// The release of Tiled whose format we follow, which schema validators require.
pub const TILED_VERSION: &str = "1.10.2";
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

/// The tileset picture written beside the map `map`: its stem with `.tiles.png`.
///
/// # Errors
/// [`Error::TilesetName`] when `map` has no UTF-8 file name.
pub fn tileset_path(map: &Path) -> Result<PathBuf, Error> {
    let stem = map
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Error::TilesetName(map.to_path_buf()))?;
    Ok(map.with_file_name(tileset_name(stem)))
}

/// The file name of the tileset of the map `<stem>.tmj`, as the map names it.
fn tileset_name(stem: &str) -> String {
    format!("{stem}.{TILESET_EXTENSION}")
}

/// What a tileset's name ends in.
const TILESET_EXTENSION: &str = "tiles.png";

/// The tileset written with a map that replaces the file `map`: `<stem>.tiles.png`,
/// checked before any work is done. The command line never writes over a file the user
/// did not name: a file already there is replaced only when it is the tileset the map
/// there now names (the pair written before), else refused.
///
/// # Errors
/// A map name that cannot name its tileset; a tileset name taken by a file that is not
/// the map's tileset, or by one that may not be written over; each naming the tileset.
pub fn check_pair(map: &Path) -> Result<PathBuf, Error> {
    let tileset = tileset_path(map)?;
    let taken = std::fs::symlink_metadata(&tileset).is_ok();
    let name = |path: &Path| {
        path.file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    if taken && !names_tileset(map, &name(&tileset)) {
        let why = format!(
            "it is there already and is not the tileset of {}: it is left as it is (move it \
             away, or name the map otherwise)",
            quote_path(Path::new(&name(map)))
        );
        return Err(Error::Write {
            file: tileset,
            source: io::Error::new(io::ErrorKind::AlreadyExists, why),
        });
    }
    check_replace(&tileset).map_err(Error::write(&tileset))?;
    Ok(tileset)
}

/// Whether the Tiled map in the file `map` names `image` as a tileset's picture; false
/// when there is no such map or it cannot be read.
fn names_tileset(map: &Path, image: &str) -> bool {
    #[derive(Deserialize)]
    struct Map {
        tilesets: Vec<Tileset>,
    }
    #[derive(Deserialize)]
    struct Tileset {
        image: Option<String>,
    }
    /// Maps are read up to this many bytes: a 2048×2048 map is far less.
    const MOST: u64 = 1 << 30;
    let Ok(file) = open_regular(map) else {
        return false;
    };
    let reader = io::BufReader::new(file.take(MOST));
    serde_json::from_reader::<_, Map>(reader).is_ok_and(|map| {
        map.tilesets
            .iter()
            .any(|t| t.image.as_deref() == Some(image))
    })
}

/// Whether Tiled maps take tiles of `tile_size` pixels.
///
/// # Errors
/// A tile size out of [`raster::CELL_SIZE`].
pub fn check_tile_size(tile_size: u32) -> Result<(), Error> {
    tileset_picture(tile_size).map(drop)
}

/// Write `dungeon` as a Tiled map with tiles of `tile_size` pixels, and its tileset picture
/// beside it (`<stem>.tiles.png`), to `to`. Both are written completely first, then put in
/// place together: over the map named and its tileset (see [`check_pair`]), or under one
/// free name for both, never over any other file. A failure changes nothing. Returns the
/// map's file.
///
/// # Errors
/// A tile size out of range, what [`check_pair`] refuses, or a file that cannot be
/// written; each naming the file.
pub(crate) fn write(dungeon: &Dungeon, tile_size: u32, to: &Destination) -> Result<PathBuf, Error> {
    let picture = tileset_picture(tile_size)?;
    let png = png::encode(&picture, dungeon.recipe()).map_err(Error::write(&to.dir))?;
    // Each file's failure names that file.
    let stage_both = |stem: &str| -> Result<Vec<Staged>, Error> {
        let image = tileset_name(stem);
        let json = map_json(dungeon, tile_size, &image, &picture);
        let tileset = stage(&to.dir, |out| out.write_all(&png))
            .map_err(Error::write(&to.dir.join(&image)))?;
        let map = stage(&to.dir, |out| Ok(serde_json::to_writer(out, &json)?))
            .map_err(Error::write(&to.dir.join(format!("{stem}.tmj"))))?;
        Ok(vec![tileset, map])
    };
    match &to.place {
        Place::Over(map) => {
            let tileset = check_pair(map)?;
            let stem = map.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            let mut files = stage_both(stem)?.into_iter();
            let (Some(picture), Some(json)) = (files.next(), files.next()) else {
                unreachable!("two files were staged");
            };
            replace_pair((picture, &tileset), (json, map))
                .map_err(|(file, source)| Error::Write { file, source })?;
            Ok(map.clone())
        }
        Place::New(stem) => {
            let mut failed = None;
            let placed = place_new_with(&to.dir, stem, &[TILESET_EXTENSION, "tmj"], |name, _| {
                stage_both(name).map_err(|e| {
                    failed = Some(e);
                    io::Error::other("not staged")
                })
            });
            let name =
                placed.map_err(|e| failed.take().unwrap_or_else(|| Error::save_in(&to.dir)(e)))?;
            Ok(to.dir.join(format!("{name}.tmj")))
        }
    }
}

/// The tileset's picture: one row of tiles in [`CellKind::ALL`]'s order.
fn tileset_picture(tile_size: u32) -> Result<Pixels, Error> {
    let tiles = CellKind::ALL.len() as u32;
    let (width, height) = picture_size(tiles, 1, tile_size, &raster::CELL_SIZE)?;
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
    Ok(Pixels::from_pixels(
        width,
        height,
        pixels.as_slice().to_vec(),
    )?)
}

/// The kind of every cell, row by row.
fn tile_kinds(dungeon: &Dungeon) -> Vec<u32> {
    let mut gids: Vec<u32> = dungeon
        .tiles()
        .as_slice()
        .iter()
        .map(|t| match t.kind() {
            TileKind::Free => CellKind::Rock,
            TileKind::Room(_) => CellKind::Floor,
            TileKind::Path => CellKind::Path,
        })
        .map(CellKind::gid)
        .collect();
    for door in &dungeon.features().doors {
        if let Some(i) = dungeon.tiles().index_of(door.outside) {
            gids[i] = CellKind::Door.gid();
        }
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
                ..Object::new((k + 1).to_string(), "room", x, y)
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
        tiledversion: TILED_VERSION,
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
                opacity: Number(1.0),
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
                opacity: Number(1.0),
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
    tiledversion: &'static str,
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
    opacity: Number,
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
    x: Number,
    y: Number,
    width: u64,
    height: u64,
    rotation: Number,
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
            x: Number(x),
            y: Number(y),
            width: 0,
            height: 0,
            rotation: Number(0.0),
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
