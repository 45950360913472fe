//! Files that belong together, written as one save: a Tiled map and its tileset, the
//! files of a Universal VTT dungeon's levels. All are written completely first, then put
//! in place together: over the file named and those beside it (each as its format allows:
//! a file there already is written over only when it is one this program wrote there), or
//! under one free stem for all of them, never over any other file. A failure changes
//! nothing. The web build downloads the files [`super::encode`] makes instead.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::formats::safe_write::{Located, Staged, place_new_with, replace_all, stage};
use crate::formats::{Destination, Error, Place};

/// Files in memory, each with its name.
type Named = Vec<(String, Vec<u8>)>;

/// Files that belong together, the one a user names last.
pub(crate) struct Together<'f> {
    /// What follows the stem in each file's name (`.tiles.png`, `.tmj`), in order.
    pub endings: Vec<String>,
    /// The files for a stem, named and in the order of `endings`.
    pub files: &'f dyn Fn(&str) -> Result<Named, Error>,
    /// Whether the file `beside` the one named, `named`, may be written: where it is, or
    /// why not.
    pub beside: &'f dyn Fn(&Path, &Path) -> Result<Located, Error>,
}

impl Together<'_> {
    /// Write the files to `to`; returns the file named (or, under a free stem, the last).
    ///
    /// # Errors
    /// What `beside` refuses, a file that cannot be made, or one that cannot be written;
    /// each naming the file.
    pub(crate) fn write(&self, to: &Destination) -> Result<PathBuf, Error> {
        // Each file's failure names that file.
        let stage_all = |stem: &str| -> Result<Vec<Staged>, Error> {
            (self.files)(stem)?
                .into_iter()
                .map(|(name, bytes)| {
                    stage(&to.dir, |out| out.write_all(&bytes))
                        .map_err(Error::write(&to.dir.path().join(name)))
                })
                .collect()
        };
        match &to.place {
            Place::Over(named_at, named) => {
                let stem = named
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default();
                let count = self.endings.len().saturating_sub(1);
                let others: Vec<(PathBuf, Located)> = self.endings[..count]
                    .iter()
                    .map(|ending| {
                        let path = named.with_file_name(format!("{stem}{ending}"));
                        (self.beside)(named, &path).map(|at| (path, at))
                    })
                    .collect::<Result<_, _>>()?;
                let staged = stage_all(stem)?;
                let places = others.iter().map(|(_, at)| at).chain([named_at]);
                replace_all(staged.into_iter().zip(places).collect()).map_err(|(i, source)| {
                    Error::Write {
                        file: others
                            .get(i)
                            .map_or_else(|| named.clone(), |(p, _)| p.clone()),
                        source,
                    }
                })?;
                Ok(named.clone())
            }
            Place::New(stem) => {
                let mut failed = None;
                let placed = place_new_with(&to.dir, stem, &self.endings, |name, _| {
                    stage_all(name).map_err(|e| {
                        failed = Some(e);
                        io::Error::other("not staged")
                    })
                });
                let dir = to.dir.path();
                let name =
                    placed.map_err(|e| failed.take().unwrap_or_else(|| Error::save_in(dir)(e)))?;
                let last = self.endings.last().map_or("", String::as_str);
                Ok(dir.join(format!("{name}{last}")))
            }
        }
    }
}
