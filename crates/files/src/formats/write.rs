//! Writing a map's files to disk, safely: every file written completely before it is put
//! in place, never over a file not named, never through a planted link (see
//! [`super::safe_write`]). The web build has no disk: it hands the files [`super::encode`]
//! makes to the browser.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::levels::Maps;
use super::safe_write::{Dir, Located, check_replace, stage};
use super::{Error, Format, Options, check, drawn, tmj, uvtt};

use dungeon_generator::Dungeon;

/// Whether `target` can take a map in `format`: a file named that may be written over
/// (with a Tiled map's tileset, see [`tmj::check_pair`]). Cheap: asked before any map is
/// made; writing asks again.
///
/// # Errors
/// A file that may not be written over, saying which and why.
pub fn check_target(format: Format, target: Target<'_>) -> Result<(), Error> {
    if let Target::Replace(path) = target {
        check_replace(path).map_err(Error::write(path))?;
        if format == Format::Tiled {
            tmj::check_pair(path)?;
        }
    }
    Ok(())
}

/// Where a map is written: over a file named by the user, or under a new name in a
/// directory, never over an existing file. Either way the file written is named as given:
/// the path the user named, or the directory given joined with the new name.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// This file, replaced once the new one is complete.
    Replace(&'a Path),
    /// `<stem>.<extension>` in this directory (made if missing), or `<stem>-2.<extension>`…
    /// when taken.
    New {
        /// The directory.
        dir: &'a Path,
        /// The name before the extension.
        stem: &'a str,
    },
}

/// A [`Target`] on disk: the directory its files are written in, held open, where in it,
/// and the bytes it may take, when bounded.
pub(crate) struct Destination {
    pub dir: Dir,
    pub place: Place,
    pub budget: Option<Budget>,
}

/// Bytes a series may still write: the most it announced before it started, less what it
/// wrote. A file that would pass them is not put in place.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    most: u64,
    left: Arc<AtomicU64>,
}

impl Budget {
    pub(crate) fn new(most: u64) -> Self {
        Self {
            most,
            left: Arc::new(AtomicU64::new(most)),
        }
    }

    /// Take `bytes` from what is left.
    ///
    /// # Errors
    /// When fewer are left, saying that the series stops there.
    pub(crate) fn spend(&self, bytes: u64) -> io::Result<()> {
        self.left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(bytes)
            })
            .map(drop)
            .map_err(|_| {
                io::Error::other(format!(
                    "the series would write more than the {} it announced: it stops here, \
                     every file written before whole",
                    crate::text::Bytes(self.most)
                ))
            })
    }

    /// `out`, spending this budget on every byte written to it.
    pub(crate) fn writer<W: Write>(&self, out: W) -> Spending<'_, W> {
        Spending { budget: self, out }
    }
}

/// A writer that spends a [`Budget`] on what goes through it, and fails once it is spent.
pub(crate) struct Spending<'a, W> {
    budget: &'a Budget,
    out: W,
}

impl<W: Write> Write for Spending<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.budget.spend(buf.len() as u64)?;
        self.out.write(buf).inspect(|&n| {
            // What was not written goes back.
            self.budget
                .left
                .fetch_add((buf.len() - n) as u64, Ordering::Relaxed);
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Where in its directory a file goes.
pub(crate) enum Place {
    /// Over this file (its links followed), named as the user named it.
    Over(Located, PathBuf),
    /// Under the first free name with this stem.
    New(String),
}

impl Target<'_> {
    /// Where the files go: the directory resolved once, into a handle.
    pub(crate) fn resolve(self) -> Result<Destination, Error> {
        match self {
            Target::Replace(path) => {
                let at = check_replace(path).map_err(Error::write(path))?;
                Ok(Destination {
                    dir: at.dir.clone(),
                    place: Place::Over(at, path.to_path_buf()),
                    budget: None,
                })
            }
            Target::New { dir, stem } => Ok(Destination {
                dir: Dir::make(dir).map_err(Error::save_in(dir))?,
                place: Place::New(stem.to_string()),
                budget: None,
            }),
        }
    }
}

/// Write `dungeon` in `format` to `target`: every file is written completely before it is
/// put in place, so that a failure (or a stop) leaves every file as it was; a Tiled map and
/// its tileset, and the files of a Universal VTT dungeon's levels, are put in place
/// together. A dungeon of several levels whose recipe names none is written with every
/// level (see [`super::levels`]), those below `dungeon` made from it. Returns the map's
/// file, named as the target names it (see [`Target`]).
///
/// # Errors
/// What [`check`] refuses, a level that cannot be made, a picture too dear to draw
/// ([`super::cost::check`]), a file that may not be written over (a special file, a
/// read-only one, one with other hard links, a link another user planted in a shared
/// directory: see [`super::safe_write`]), refused before the map is drawn, or a file that
/// cannot be written.
pub fn write(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    target: Target<'_>,
) -> Result<PathBuf, Error> {
    check(format, options, dungeon.recipe())?;
    let maps = Maps::of(dungeon, format)?;
    super::cost::check(&maps.levels, format, options)?;
    write_maps(&maps, format, options, target.resolve()?)
}

/// [`write`] of `maps` to a destination already resolved, without the checks.
pub(crate) fn write_maps(
    maps: &Maps,
    format: Format,
    options: &Options,
    to: Destination,
) -> Result<PathBuf, Error> {
    let style = options.style(format);
    match format {
        Format::Tiled => return tmj::write(&maps.levels, style.cell_size, &to),
        Format::Uvtt if maps.several() => return uvtt::write(&maps.levels, &style, &to),
        _ => {}
    }
    let shown = match &to.place {
        Place::Over(_, path) => path.clone(),
        Place::New(_) => to.dir.path().to_path_buf(),
    };
    let file = drawn(maps, format, &style)?;
    let recipe = maps.shown.recipe();
    let staged = stage(&to.dir, |out| file.write_to(out, recipe)).map_err(Error::write(&shown))?;
    if let Some(budget) = &to.budget {
        let bytes = staged.written().map_err(Error::write(&shown))?;
        budget.spend(bytes).map_err(Error::write(&shown))?;
    }
    match to.place {
        Place::Over(at, path) => {
            staged.replace(&at).map_err(Error::write(&path))?;
            Ok(path)
        }
        Place::New(stem) => staged
            .place_new(&stem, format.extension())
            .map_err(Error::save_in(to.dir.path())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_lets_through_what_it_holds_and_not_a_byte_more() {
        let budget = Budget::new(10);
        budget.spend(4).unwrap();
        let mut out = Vec::new();
        let mut writer = budget.writer(&mut out);
        writer.write_all(b"123456").unwrap();
        let e = writer.write_all(b"7").unwrap_err();
        assert!(
            e.to_string()
                .contains("more than the 10 bytes it announced"),
            "{e}"
        );
        assert_eq!(out, b"123456");
        assert!(
            budget.clone().spend(1).is_err(),
            "the clones share what is left"
        );
    }
}
