//! Writing a Tiled map and its tileset to disk as one save: both staged, then put in place
//! together, over the pair named or under one free name. The web build downloads the two
//! files [`super::encode`] makes instead.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{TILESET_EXTENSION, files, tileset_path};
use crate::formats::safe_write::{
    Dir, Located, Staged, checks, open_regular, place_new_with, replace_pair, stage,
};
use crate::formats::{Destination, Error, Place};
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
    // Each file's failure names that file.
    let stage_both = |stem: &str| -> Result<Vec<Staged>, Error> {
        files(dungeon, tile_size, stem)?
            .into_iter()
            .map(|(name, bytes)| {
                stage(&to.dir, |out| out.write_all(&bytes))
                    .map_err(Error::write(&to.dir.path().join(name)))
            })
            .collect()
    };
    match &to.place {
        Place::Over(map_at, map) => {
            let (tileset, tileset_at) = check_pair(map)?;
            let stem = map.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            let mut files = stage_both(stem)?.into_iter();
            let (Some(picture), Some(json)) = (files.next(), files.next()) else {
                unreachable!("two files were staged");
            };
            replace_pair((picture, &tileset_at), (json, map_at)).map_err(|(i, source)| {
                Error::Write {
                    file: if i == 0 { tileset } else { map.clone() },
                    source,
                }
            })?;
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
            let dir = to.dir.path();
            let name =
                placed.map_err(|e| failed.take().unwrap_or_else(|| Error::save_in(dir)(e)))?;
            Ok(dir.join(format!("{name}.tmj")))
        }
    }
}
