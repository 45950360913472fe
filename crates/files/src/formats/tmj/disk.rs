//! Writing a Tiled map and its tileset to disk as one save (see
//! [`crate::formats::together`]): both staged, then put in place together, over the pair
//! named or under one free name. The web build downloads the two files
//! [`super::encode`] makes instead.

use std::borrow::Cow;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{TILESET_EXTENSION, files, tileset_path};
use crate::formats::safe_write::{Dir, Located, checks, open_regular};
use crate::formats::together::Together;
use crate::formats::{Destination, Error};
use crate::text::quote_path;
use dungeon_generator::Dungeon;

/// The tileset written with a map that replaces the file `map`: `<stem>.tiles.png` (its
/// name as given, and where it goes), checked before any work is done. The command line never writes over a file the user
/// did not name: a file already there is replaced only when it is the tileset the map
/// there now names (the pair written before), else refused.
///
/// # Errors
/// A map name that cannot name its tileset; a tileset name taken by a file that is not
/// the map's tileset, or by one that may not be written over; each naming the tileset.
pub fn check_pair(map: &Path) -> Result<(PathBuf, Located), Error> {
    let tileset = tileset_path(map)?;
    let at = Dir::locate(&tileset).map_err(Error::write(&tileset))?;
    let taken = at.stat().map_err(Error::write(&tileset))?.is_some();
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
    checks::replaceable(&at).map_err(Error::write(&tileset))?;
    Ok((tileset, at))
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

/// Write `levels` as a Tiled map with tiles of `tile_size` pixels, and its tileset picture
/// beside it (`<stem>.tiles.png`), to `to`. Both are written completely first, then put in
/// place together: over the map named and its tileset (see [`check_pair`]), or under one
/// free name for both, never over any other file. A failure changes nothing. Returns the
/// map's file.
///
/// # Errors
/// A tile size out of range, what [`check_pair`] refuses, or a file that cannot be
/// written; each naming the file.
pub(crate) fn write(
    levels: &[Cow<Dungeon>],
    tile_size: u32,
    to: &Destination,
) -> Result<PathBuf, Error> {
    Together {
        endings: vec![format!(".{TILESET_EXTENSION}"), ".tmj".to_string()],
        files: &|stem| files(levels, tile_size, stem),
        beside: &|map, _| check_pair(map).map(|(_, at)| at),
    }
    .write(to)
}
