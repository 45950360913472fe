//! Writing the files of a dungeon's levels to disk as one save (see
//! [`crate::formats::together`]): the file named holds the first level, and the others
//! go beside it.

use std::borrow::Cow;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::{files_named, level_ending};
use crate::draw::raster::Style;
use crate::formats::safe_write::{Dir, Located, checks, open_regular};
use crate::formats::together::Together;
use crate::formats::{Destination, Error, Format, Place};
use crate::text::quote_path;
use dungeon_generator::Dungeon;

/// Whether the file `level`, which holds a level below the first of the dungeon whose
/// first level is the file `named`, may be written: where it is. The command line never
/// writes over a file the user did not name but one this program wrote there: a file
/// already there is written over only when it is a Universal VTT file.
///
/// # Errors
/// A name taken by a file that is not a Universal VTT file, or by one that may not be
/// written over; each naming the file.
fn check_level_file(named: &Path, level: &Path) -> Result<Located, Error> {
    let at = Dir::locate(level).map_err(Error::write(level))?;
    let taken = at.stat().map_err(Error::write(level))?.is_some();
    if taken && !is_uvtt(level) {
        let name = named.file_name().unwrap_or_default();
        let why = format!(
            "it is there already and is not a Universal VTT file: it is left as it is (move \
             it away, or name the map otherwise than {})",
            quote_path(Path::new(name))
        );
        return Err(Error::Write {
            file: level.to_path_buf(),
            source: io::Error::new(io::ErrorKind::AlreadyExists, why),
        });
    }
    checks::replaceable(&at).map_err(Error::write(level))?;
    Ok(at)
}

/// Whether the file `path` begins as every Universal VTT file this program (or
/// Dungeondraft) writes: `{"format":`.
fn is_uvtt(path: &Path) -> bool {
    const START: &[u8] = b"{\"format\":";
    let mut start = [0; START.len()];
    open_regular(path).is_ok_and(|mut file| file.read_exact(&mut start).is_ok() && start == START)
}

/// Write `levels`, every level of a dungeon, as Universal VTT files at `style` to `to`:
/// the first as the file named (or under a free stem), the others beside it as
/// `<stem>-level-N.<extension>`, all written completely first and put in place together.
/// Returns the first level's file.
///
/// # Errors
/// What [`check_level_file`] refuses, a picture that cannot be drawn, or a file that
/// cannot be written; each naming the file.
pub(crate) fn write(
    levels: &[Cow<Dungeon>],
    style: &Style,
    to: &Destination,
) -> Result<PathBuf, Error> {
    let extension = match &to.place {
        Place::Over(_, named) => named
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or(Format::Uvtt.extension())
            .to_string(),
        Place::New(_) => Format::Uvtt.extension().to_string(),
    };
    // The first level's file, the one named, goes last.
    let mut endings: Vec<String> = (levels.iter().skip(1))
        .map(|level| level_ending(level.level(), &extension))
        .collect();
    endings.push(level_ending(1, &extension));
    Together {
        endings,
        files: &|stem| {
            let mut files = files_named(levels, style, stem, &extension)?;
            files.rotate_left(1);
            Ok(files)
        },
        beside: &check_level_file,
    }
    .write(to)
}
