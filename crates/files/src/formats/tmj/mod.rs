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
//! On a level of a dungeon of several, stairs are tiles of their own (stairs up, stairs
//! down) and points in `rooms` (named and typed `stairs up`, `stairs down`). A map of every
//! level of such a dungeon holds a group layer per level (`level 1`, `level 2`…, with the
//! properties `level` and `recipe`, the first one shown), each with its own `dungeon` and
//! `rooms` layers, over one tileset.
//!
//! Its tileset is embedded in the map, its picture a PNG beside it (`<stem>.tiles.png`),
//! named relatively so the two can move together. The tiles are drawn in the viewer's
//! colours: rock gray33 with the dark blue grid edge, floor a light stone, path black,
//! door wood. Rooms have their own colours only in the objects: a tileset of one floor tile
//! serves every map.

use std::borrow::Cow;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::levels::recipe_of;
use super::number::Number;
use super::{Error, png};
use crate::draw::picture_size;
use crate::draw::pixels::Pixels;
use crate::draw::raster::{self, INK, MIN_GRID_CELL, PAPER};
use crate::draw::stairs::{self, Way};
use dungeon_generator::Dungeon;
use dungeon_generator::Rgb;
use dungeon_generator::{Grid, TileKind};

#[cfg(not(target_arch = "wasm32"))]
mod disk;
#[cfg(not(target_arch = "wasm32"))]
pub use disk::check_pair;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use disk::write;

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
    /// A room's cell with stairs up to the level above.
    StairsUp = 4,
    /// A room's cell with stairs down to the level below.
    StairsDown = 5,
}

impl CellKind {
    /// Every kind of a map of one level, in tileset order: its tileset's tiles.
    pub const ALL: [CellKind; 4] = [
        CellKind::Rock,
        CellKind::Floor,
        CellKind::Path,
        CellKind::Door,
    ];
    /// Every kind of a map of a dungeon of several levels, in tileset order: its
    /// tileset's tiles, [`CellKind::ALL`] and the stairs.
    pub const WITH_STAIRS: [CellKind; 6] = [
        CellKind::Rock,
        CellKind::Floor,
        CellKind::Path,
        CellKind::Door,
        CellKind::StairsUp,
        CellKind::StairsDown,
    ];

    /// The tileset's tiles of a map of a recipe of `levels` levels.
    #[must_use]
    pub fn tiles(levels: u32) -> &'static [CellKind] {
        if levels > 1 {
            &Self::WITH_STAIRS
        } else {
            &Self::ALL
        }
    }

    /// The gid the `dungeon` layer holds for this kind.
    #[must_use]
    pub const fn gid(self) -> u32 {
        FIRST_GID + self as u32
    }

    fn colour(self) -> Rgb {
        match self {
            CellKind::Rock => Rgb::GRAY33,
            CellKind::Floor | CellKind::StairsUp | CellKind::StairsDown => FLOOR,
            CellKind::Path => Rgb::BLACK,
            CellKind::Door => WOOD,
        }
    }

    /// The way of the stairs a tile of this kind shows, if any.
    fn stairs(self) -> Option<Way> {
        match self {
            CellKind::StairsUp => Some(Way::Up),
            CellKind::StairsDown => Some(Way::Down),
            _ => None,
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

/// Whether Tiled maps take tiles of `tile_size` pixels.
///
/// # Errors
/// A tile size out of [`raster::CELL_SIZE`].
pub fn check_tile_size(tile_size: u32) -> Result<(), Error> {
    tileset_picture(&CellKind::ALL, tile_size).map(drop)
}

/// The Tiled map `<stem>.tmj` of `levels` (one map, or every level of a dungeon) with
/// tiles of `tile_size` pixels and its tileset picture `<stem>.tiles.png`, in memory, each
/// with its name: the tileset first.
///
/// # Errors
/// A tile size out of range.
pub(crate) fn encode(
    levels: &[Cow<Dungeon>],
    tile_size: u32,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    files(levels, tile_size, stem)
}

/// The two files of the map `<stem>.tmj` of `levels`: its tileset, then the map.
fn files(
    levels: &[Cow<Dungeon>],
    tile_size: u32,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let Some(first) = levels.first() else {
        return Ok(Vec::new());
    };
    let recipe = if levels.len() > 1 {
        first.recipe().clone()
    } else {
        recipe_of(first)
    };
    let image = tileset_name(stem);
    let kinds = CellKind::tiles(recipe.levels);
    let picture = tileset_picture(kinds, tile_size)?;
    let png = png::encode(&picture, &recipe).map_err(Error::write(Path::new(&image)))?;
    let map = format!("{stem}.tmj");
    let json = serde_json::to_vec(&map_json(levels, tile_size, &image, (&picture, kinds)))
        .map_err(|e| Error::write(Path::new(&map))(io::Error::other(e)))?;
    Ok(vec![(image, png), (map, json)])
}

/// The tileset's picture: one row of the tiles `kinds`, stairs drawn as the pictures of
/// cells draw them from [`stairs::MIN_STAIRS_CELL`] pixels.
fn tileset_picture(kinds: &[CellKind], tile_size: u32) -> Result<Pixels, Error> {
    let tiles = kinds.len() as u32;
    let (width, height) = picture_size(tiles, 1, tile_size, &raster::CELL_SIZE)?;
    let mut pixels = Grid::new(width, height, [0; 4]);
    let glyphs: Vec<_> = kinds
        .iter()
        .map(|kind| kind.stairs().and_then(|way| stairs::glyph(tile_size, way)))
        .collect();
    let inside = |(x, y, w, h): stairs::Rect, px: u32, py: u32| {
        (x..x + w).contains(&px) && (y..y + h).contains(&py)
    };
    for p in pixels.positions() {
        let at = (p.x / tile_size) as usize;
        let kind = kinds[at];
        let (px, py) = (p.x % tile_size, p.y);
        let grid_line = tile_size >= MIN_GRID_CELL && (px == 0 || py == 0);
        let Rgb(r, g, b) = match (kind, &glyphs[at]) {
            (CellKind::Rock, _) if grid_line => Rgb::DARK_BLUE,
            (_, Some((_, bars))) if bars.iter().any(|&bar| inside(bar, px, py)) => INK,
            (_, Some((plate, _))) if inside(*plate, px, py) => PAPER,
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
    for (at, way) in stairs::of(dungeon) {
        if let Some(i) = dungeon.tiles().index_of(at) {
            gids[i] = match way {
                Way::Up => CellKind::StairsUp,
                Way::Down => CellKind::StairsDown,
            }
            .gid();
        }
    }
    gids
}

/// The objects of `dungeon`'s layer `rooms`, with tiles of `size` pixels, their ids from
/// `first_id`: a rectangle for each room, then the start and the goal, then the stairs.
fn objects(dungeon: &Dungeon, size: u32, first_id: usize) -> Vec<Object> {
    let px = |cells: u32| u64::from(cells) * u64::from(size);
    let mut objects: Vec<Object> = dungeon
        .rooms()
        .iter()
        .enumerate()
        .map(|(k, room)| {
            let bounds = room.bounds();
            let Rgb(r, g, b) = room.colour();
            let (x, y) = (px(bounds.x0) as f64, px(bounds.y0) as f64);
            Object {
                width: px(bounds.width()),
                height: px(bounds.height()),
                properties: vec![
                    Property::new("index", "int", k),
                    Property::new("colour", "color", format!("#ff{r:02x}{g:02x}{b:02x}")),
                    Property::new("cells", "int", room.cells().len()),
                ],
                ..Object::new((k + 1).to_string(), "room", x, y)
            }
        })
        .collect();
    let features = dungeon.features();
    let centre = |c: u32| px(c) as f64 + f64::from(size) / 2.0;
    let stairs = stairs::of(dungeon);
    let stairs = stairs.iter().map(|&(at, way)| {
        let name = match way {
            Way::Up => "stairs up",
            Way::Down => "stairs down",
        };
        (name, Some(at))
    });
    for (name, cell) in [("start", features.start), ("goal", features.goal)]
        .into_iter()
        .chain(stairs)
    {
        if let Some(p) = cell {
            objects.push(Object {
                point: true,
                ..Object::new(name.to_owned(), name, centre(p.x), centre(p.y))
            });
        }
    }
    for (id, object) in (first_id..).zip(&mut objects) {
        object.id = id;
    }
    objects
}

/// The layers `dungeon` and `rooms` of `dungeon`, with tiles of `size` pixels, their ids
/// from `first_id` and their objects' from `first_object`.
fn map_layers(dungeon: &Dungeon, size: u32, first_id: u32, first_object: usize) -> [Layer; 2] {
    let (width, height) = (dungeon.width(), dungeon.height());
    [
        Layer {
            id: first_id,
            name: "dungeon".into(),
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
            id: first_id + 1,
            name: "rooms".into(),
            kind: "objectgroup",
            visible: true,
            opacity: Number(1.0),
            x: 0,
            y: 0,
            content: LayerContent::Objects {
                draworder: "topdown",
                objects: objects(dungeon, size, first_object),
            },
        },
    ]
}

fn map_json<'a>(
    levels: &[Cow<Dungeon>],
    size: u32,
    image: &'a str,
    (tiles, kinds): (&Pixels, &[CellKind]),
) -> TiledMap<'a> {
    let first = &levels[0];
    let (width, height) = (first.width(), first.height());
    let (recipe, layers, next_layer, next_object) = if let [one] = levels {
        let layers = map_layers(one, size, 1, 1);
        let objects = layers[1].objects();
        (recipe_of(one), Layers::One(layers), 3, objects + 1)
    } else {
        let mut groups = Vec::new();
        let (mut id, mut object) = (1, 1);
        for level in levels {
            let layers = map_layers(level, size, id + 1, object);
            object += layers[1].objects();
            groups.push(Layer {
                id,
                name: format!("level {}", level.level()),
                kind: "group",
                visible: level.level() == 1,
                opacity: Number(1.0),
                x: 0,
                y: 0,
                content: LayerContent::Group {
                    layers: layers.into(),
                    properties: vec![
                        Property::new("level", "int", level.level()),
                        Property::new("recipe", "string", recipe_of(level).to_string()),
                    ],
                },
            });
            id += 3;
        }
        (first.recipe().clone(), Layers::Groups(groups), id, object)
    };
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
        nextlayerid: next_layer,
        nextobjectid: next_object,
        properties: vec![Property::new("recipe", "string", recipe.to_string())],
        tilesets: [Tileset {
            firstgid: FIRST_GID,
            name: "dungeon",
            image,
            imagewidth: tiles.width(),
            imageheight: tiles.height(),
            tilewidth: size,
            tileheight: size,
            tilecount: kinds.len() as u32,
            columns: kinds.len() as u32,
            margin: 0,
            spacing: 0,
        }],
        layers,
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
    layers: Layers,
}

/// A map's layers: those of its one map, or a group of them for each level.
#[derive(Serialize)]
#[serde(untagged)]
enum Layers {
    One([Layer; 2]),
    Groups(Vec<Layer>),
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
    name: String,
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
    Group {
        layers: Vec<Layer>,
        properties: Vec<Property>,
    },
}

impl Layer {
    /// How many objects it holds.
    fn objects(&self) -> usize {
        match &self.content {
            LayerContent::Objects { objects, .. } => objects.len(),
            LayerContent::Tiles { .. } | LayerContent::Group { .. } => 0,
        }
    }
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
