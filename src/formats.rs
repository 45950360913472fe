//! Every file format a map is written in, chosen by the file's extension, and one function
//! that writes a map in any of them: `render` and the window's Export both call it, so a
//! file exported from the window has the same bytes as `render` makes.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::dungeon::Dungeon;
use crate::export;
use crate::files::{self, write_replacing, write_replacing_with};
use crate::png_file;
use crate::raster::{self, Raster, Style};
use crate::svg;
use crate::tiled::{self, TiledError};
use crate::uvtt::{self, UvttError};

/// A format a map can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The picture, with its recipe inside.
    Png,
    /// The same picture as vector shapes.
    Svg,
    /// Universal VTT (`.dd2vtt`, also `.uvtt`) for virtual tabletops: walls, doors and the
    /// picture.
    Uvtt,
    /// A Tiled map (`.tmj`) with its tileset picture beside it.
    Tiled,
    /// Our JSON: rooms, paths, doors, start, goal.
    Json,
    /// A character map.
    Text,
}

impl Format {
    /// Every format, in the order the window offers them.
    pub const ALL: [Format; 6] = [
        Format::Png,
        Format::Svg,
        Format::Uvtt,
        Format::Tiled,
        Format::Json,
        Format::Text,
    ];

    /// Every extension a file of this format may end in, the one it is written with first.
    #[must_use]
    pub const fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Png => &["png"],
            Format::Svg => &["svg"],
            Format::Uvtt => &["dd2vtt", "uvtt"],
            Format::Tiled => &["tmj"],
            Format::Json => &["json"],
            Format::Text => &["txt"],
        }
    }

    /// The extension a file of this format is written with.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        self.extensions()[0]
    }

    /// Its name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG picture",
            Format::Svg => "SVG",
            Format::Uvtt => "Universal VTT",
            Format::Tiled => "Tiled map",
            Format::Json => "JSON",
            Format::Text => "text",
        }
    }

    /// Pixels a cell unless asked otherwise.
    #[must_use]
    pub const fn default_cell_size(self) -> u32 {
        match self {
            Format::Uvtt => uvtt::DEFAULT_PIXELS_PER_GRID,
            Format::Tiled => tiled::DEFAULT_TILE_SIZE,
            Format::Png | Format::Svg | Format::Json | Format::Text => raster::DEFAULT_CELL_SIZE,
        }
    }

    /// The format a file name asks for, by its extension (any case); `None` for others.
    #[must_use]
    pub fn of(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.extensions().contains(&extension.as_str()))
    }

    /// The extensions known, for messages: `.png, .svg, … or .txt`.
    #[must_use]
    pub fn known() -> String {
        let all: Vec<String> = Format::ALL
            .iter()
            .flat_map(|f| f.extensions())
            .map(|e| format!(".{e}"))
            .collect();
        match all.split_last() {
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// How to draw a map in the formats that draw it: the cell size (each format's default when
/// `None`), grid lines and the look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub cell_size: Option<u32>,
    /// Leave out grid lines.
    pub no_grid: bool,
    pub look: raster::Look,
}

impl Options {
    /// The rasterizer's style for `format`.
    #[must_use]
    pub fn style(&self, format: Format) -> Style {
        Style {
            cell_size: self.cell_size.unwrap_or(format.default_cell_size()),
            grid: !self.no_grid,
            look: self.look,
        }
    }
}

/// Why a map was not written.
#[derive(Debug)]
pub enum WriteError {
    /// What was asked for cannot be made (a cell size out of range, a picture too large, a
    /// name that cannot be used): the user's to change.
    Asked(String),
    /// The file system refused (no such directory, no space, no permission).
    Io(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Asked(m) | WriteError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for WriteError {}

fn cannot_write(file: &Path, e: &io::Error) -> WriteError {
    WriteError::Io(format!("cannot write {}: {e}", file.display()))
}

/// The bytes of `dungeon` in a format that fits in memory as one piece (JSON, text); `None`
/// for the others, which are written as they are made.
#[must_use]
pub fn text_bytes(dungeon: &Dungeon, format: Format) -> Option<Vec<u8>> {
    match format {
        Format::Json => Some(export::to_json(dungeon).into_bytes()),
        Format::Text => Some(export::to_text(dungeon).into_bytes()),
        Format::Png | Format::Svg | Format::Uvtt | Format::Tiled => None,
    }
}

/// Write `dungeon` to `path` in `format`, replacing the file only once the new one is
/// complete (a Tiled map writes its tileset beside it first).
///
/// # Errors
/// [`WriteError::Asked`] for options the format cannot take; [`WriteError::Io`] when a file
/// cannot be written.
pub fn write(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    path: &Path,
) -> Result<(), WriteError> {
    let style = options.style(format);
    match format {
        Format::Png => {
            let raster =
                Raster::new(dungeon, &style).map_err(|e| WriteError::Asked(e.to_string()))?;
            write_replacing_with(path, |out| png_file::write(out, &raster, dungeon.recipe()))
                .map_err(|e| cannot_write(path, &e))
        }
        Format::Svg => {
            let svg = svg::to_svg(dungeon, &style).map_err(|e| WriteError::Asked(e.to_string()))?;
            write_replacing(path, svg.as_bytes()).map_err(|e| cannot_write(path, &e))
        }
        Format::Uvtt => {
            let map = uvtt::to_uvtt(dungeon, style.cell_size, style.look).map_err(|e| match e {
                UvttError::Png(_) => WriteError::Io(e.to_string()),
                _ => WriteError::Asked(e.to_string()),
            })?;
            write_replacing(path, map.as_bytes()).map_err(|e| cannot_write(path, &e))
        }
        Format::Tiled => tiled::write(dungeon, path, style.cell_size).map_err(|e| match e {
            TiledError::Write { .. } => WriteError::Io(e.to_string()),
            TiledError::TileSize(_) | TiledError::Name(_) => WriteError::Asked(e.to_string()),
        }),
        Format::Json | Format::Text => {
            let bytes = text_bytes(dungeon, format).unwrap_or_default();
            write_replacing(path, &bytes).map_err(|e| cannot_write(path, &e))
        }
    }
}

/// Write `dungeon` in `format` to a new file `<stem>.<extension>` in `dir` (made if
/// missing), or `<stem>-2.<extension>`… when taken: an existing file is never written over.
/// Returns the new file's path.
///
/// # Errors
/// As [`write()`], and when the directory cannot be made or no name is free.
pub fn write_new(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    dir: &Path,
    stem: &str,
) -> Result<PathBuf, WriteError> {
    let path = files::reserve_new(dir, stem, format.extension())
        .map_err(|e| WriteError::Io(format!("cannot save in {}: {e}", dir.display())))?;
    write(dungeon, format, options, &path).inspect_err(|_| {
        // The reserved, empty name is not a map: give it back.
        let _ = std::fs::remove_file(&path);
    })?;
    Ok(path)
}
