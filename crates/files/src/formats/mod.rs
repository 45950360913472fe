//! Every file format a map is written in, chosen by the file's extension, and one function
//! that writes a map in any of them: `render` and the window's Export both call it, so a
//! file exported from the window has the same bytes as `render` makes. One module per
//! format ([`png`], [`gif`], [`svg`], [`uvtt`], [`tmj`], [`json`], [`text`]); beside them
//! how saved maps are named ([`naming`]), how files are written safely ([`safe_write`]),
//! reading a layout back from a file ([`layout`]) and series of many pictures
//! ([`series`]).
//!
//! Everything a format cannot take (a cell size, a picture's size, a look) is checked by
//! [`check`] before any map is made, so a long generation never ends in a refusal.

pub mod gif;
pub mod json;
pub mod layout;
pub mod naming;
mod number;
pub mod png;
pub mod safe_write;
pub mod series;
pub mod svg;
pub mod text;
pub mod tmj;
pub mod uvtt;

use std::io;
use std::path::{Path, PathBuf};

use crate::draw::look::{Look, LookOption};
use crate::draw::raster::{self, Raster, Style};
use dungeon_generator::Dungeon;
use dungeon_generator::text::{join_or, quote_path};
use safe_write::{check_replace, parent_dir, stage};

/// Declares [`Format`] and [`Format::ALL`] from one list of variants, so that no format can
/// be missing from `ALL` (and so refused by `render -o` and absent from the window's Export
/// menu). The `match`es below then ask for each new format's arms.
macro_rules! formats {
    ($($(#[$meta:meta])* $format:ident,)+) => {
        /// A format a map can be written in.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Format {
            $($(#[$meta])* $format,)+
        }

        impl Format {
            /// Every format, in the order the window offers them.
            pub const ALL: [Format; [$(Format::$format),+].len()] = [$(Format::$format),+];
        }
    };
}

formats! {
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
            Format::Tiled => tmj::DEFAULT_TILE_SIZE,
            Format::Png | Format::Svg | Format::Json | Format::Text => raster::DEFAULT_CELL_SIZE,
        }
    }

    /// The cell sizes the format takes.
    #[must_use]
    pub const fn cell_sizes(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Format::Uvtt => uvtt::PIXELS_PER_GRID,
            Format::Png | Format::Svg | Format::Tiled | Format::Json | Format::Text => {
                raster::CELL_SIZE
            }
        }
    }

    /// Whether the format draws the map as a picture at a cell size.
    #[must_use]
    pub const fn is_picture(self) -> bool {
        match self {
            Format::Png | Format::Svg | Format::Uvtt | Format::Tiled => true,
            Format::Json | Format::Text => false,
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
        join_or(&all)
    }
}

/// How to draw a map in the formats that draw it: the cell size (each format's default when
/// `None`), grid lines and the look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Pixels a cell; `None` for the format's own default.
    pub cell_size: Option<u32>,
    /// Leave out grid lines.
    pub no_grid: bool,
    /// The look options to draw.
    pub look: Look,
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

/// Why a map was not written or read, by category: what was asked cannot be made
/// ([`Error::is_usage`]), or the file system or a file's contents refused.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A picture that cannot be drawn at this cell size.
    #[error(transparent)]
    Draw(#[from] crate::draw::Error),
    /// A recipe, or a series of them, that is not valid.
    #[error(transparent)]
    Recipe(#[from] dungeon_generator::Error),
    /// Look options a format does not draw.
    #[error(
        "{format} is drawn in the original look or the print look only, not with {}",
        join_or(&refused.iter().map(|option| option.label).collect::<Vec<_>>())
    )]
    Look {
        /// The format.
        format: &'static str,
        /// The options asked for that it does not draw.
        refused: Vec<&'static LookOption>,
    },
    /// A Universal VTT grid too small for the tabletops that import it.
    #[error(
        "a Universal VTT grid of {0} pixels is too small: Foundry VTT refuses scene grids under \
         20 pixels and MapTool's grid stops matching the picture under 9; use 20 to 256 pixels \
         a cell (70, the default, is the tabletops' usual)"
    )]
    TabletopGrid(u32),
    /// A Universal VTT picture over the largest side at the grid size asked for.
    #[error(
        "a {width}×{height}-pixel Universal VTT picture is too large (at most {} pixels a \
         side): {}",
        crate::draw::MAX_SIDE,
        match fits {
            Some(n) => format!("use a cell size of {n} pixels or less"),
            None => format!(
                "the map is too large for the format (at most {} cells a side, at the \
                 smallest grid tabletops take, {} pixels)",
                crate::draw::MAX_SIDE / uvtt::PIXELS_PER_GRID.start(),
                uvtt::PIXELS_PER_GRID.start()
            ),
        }
    )]
    TabletopTooLarge {
        /// The picture's width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
        /// The largest grid size that fits, when one of those tabletops take does.
        fits: Option<u32>,
    },
    /// A file name whose extension names no format.
    #[error("cannot tell the format of {}: end the name in {known}", quote_path(.0), known = Format::known())]
    UnknownFormat(PathBuf),
    /// A Tiled map whose file name cannot name its tileset.
    #[error("cannot name the tileset of {}: the map's file name must be UTF-8 and end in .tmj", quote_path(.0))]
    TilesetName(PathBuf),
    /// A series written to something that is neither a GIF nor a directory.
    #[error(
        "write a series to a .gif file or to a directory (end it in /), not {}",
        quote_path(.0)
    )]
    SeriesDestination(PathBuf),
    /// A series asked to write over a directory, which a series never writes into twice.
    #[error(
        "{dir} is a directory: a series never writes over an earlier one, and goes to a \
         fresh directory instead (the first of {name}-2, {name}-3… that is missing or \
         empty); only a file can be replaced",
        dir = quote_path(.0),
        name = quote_path(Path::new(.0.file_name().unwrap_or_default()))
    )]
    ReplaceDirectory(PathBuf),
    /// A series whose pictures differ in size, which an animated GIF cannot hold.
    #[error(
        "the pictures of this series differ in size (the map's width or height changes): \
         write them as numbered PNGs to a directory instead of a GIF"
    )]
    FramesDiffer,
    /// A directory that could not be made or written in.
    #[error("cannot save in {}: {source}", quote_path(dir))]
    SaveIn {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file that could not be written; nothing was left half written.
    #[error("cannot write {}: {source}", quote_path(file))]
    Write {
        /// The file asked for.
        file: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file that could not be read.
    #[error("cannot read {}: {source}", quote_path(file))]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file that is not a PNG.
    #[error("{} is not a PNG image", quote_path(.0))]
    NotPng(PathBuf),
    /// A PNG that breaks off or is otherwise damaged.
    #[error("{} is a damaged PNG image: {detail}", quote_path(file))]
    Damaged {
        /// The file.
        file: PathBuf,
        /// What is wrong, as the decoder says.
        detail: String,
    },
    /// A picture larger than this program reads.
    #[error(
        "{} is {width}×{height} pixels: larger than the {most_w}×{most_h} pixels this \
         program reads{here}",
        quote_path(file),
        here = if most_w == most_h { format!(" ({most_w} pixels a side)") } else { String::new() }
    )]
    PictureTooLarge {
        /// The file.
        file: PathBuf,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// The widest picture read.
        most_w: u32,
        /// The tallest picture read.
        most_h: u32,
    },
    /// A good file without a recipe: `what` says so, after the file's name.
    #[error("{} {what}", quote_path(file))]
    NoRecipe {
        /// The file.
        file: PathBuf,
        /// What it is instead, in words.
        what: String,
    },
    /// A PNG with two recipes, of which neither can be told to be its map's.
    #[error(
        "{} holds two recipes (two `recipe` chunks), so which map it is cannot be told: \
         neither is used",
        quote_path(.0)
    )]
    TwoRecipes(PathBuf),
    /// A recipe inside a file that does not parse.
    #[error("the recipe in {}: {source}", quote_path(file))]
    BadRecipe {
        /// The file.
        file: PathBuf,
        /// What is wrong with the recipe.
        source: dungeon_generator::Error,
    },
}

impl Error {
    /// Whether the error is about what was asked (a cell size, a look, a name, a recipe),
    /// which the user must change, rather than about files.
    #[must_use]
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::Draw(_)
                | Error::Recipe(_)
                | Error::Look { .. }
                | Error::UnknownFormat(_)
                | Error::TabletopGrid(_)
                | Error::TabletopTooLarge { .. }
                | Error::ReplaceDirectory(_)
                | Error::TilesetName(_)
                | Error::SeriesDestination(_)
                | Error::FramesDiffer
        )
    }

    /// The error of a file that could not be written.
    pub(crate) fn write(file: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
        move |source| Error::Write {
            file: file.to_path_buf(),
            source,
        }
    }

    /// The error of a directory that could not be saved in.
    pub(crate) fn save_in(dir: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
        move |source| Error::SaveIn {
            dir: dir.to_path_buf(),
            source,
        }
    }

    /// The error of a file that could not be read.
    pub(crate) fn read(file: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
        move |source| Error::Read {
            file: file.to_path_buf(),
            source,
        }
    }
}

/// Whether `format` can draw a `width × height`-cell map with `options`: its cell size,
/// its picture's size and its look. Cheap: checked before any map is made.
///
/// # Errors
/// A cell size out of the format's range, a picture over the largest size, or look options
/// the format does not draw.
pub fn check(format: Format, options: &Options, width: u32, height: u32) -> Result<(), Error> {
    let style = options.style(format);
    match format {
        Format::Png => {
            raster::image_size(width, height, &style)?;
        }
        Format::Svg => {
            svg::check_look(&style.look)?;
            raster::image_size(width, height, &style)?;
        }
        Format::Uvtt => {
            uvtt::picture_size(width, height, style.cell_size)?;
        }
        Format::Tiled => {
            tmj::check_tile_size(style.cell_size)?;
        }
        Format::Json | Format::Text => {}
    }
    Ok(())
}

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

/// The cell size at which `format` draws room numbers with `options`; `None` when it draws
/// none (numbers are off, or the format has no picture of them).
#[must_use]
pub fn numbers_cell_size(format: Format, options: &Options) -> Option<u32> {
    let cell_size = options.style(format).cell_size;
    match format {
        _ if !options.look.numbers => None,
        Format::Png | Format::Svg => Some(cell_size),
        Format::Uvtt => Some(uvtt::drawn_cell_size(cell_size)),
        Format::Tiled | Format::Json | Format::Text => None,
    }
}

/// The bytes of `dungeon` in a format that fits in memory as one piece (JSON, text); `None`
/// for the others, which are written as they are made.
#[must_use]
pub fn text_bytes(dungeon: &Dungeon, format: Format) -> Option<Vec<u8>> {
    match format {
        Format::Json => Some(json::to_json(dungeon).into_bytes()),
        Format::Text => Some(text::to_text(dungeon).into_bytes()),
        Format::Png | Format::Svg | Format::Uvtt | Format::Tiled => None,
    }
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

/// A [`Target`] on disk: the directory its files are written in, and where in it.
pub(crate) struct Destination {
    pub dir: PathBuf,
    pub place: Place,
}

/// Where in its directory a file goes.
pub(crate) enum Place {
    /// Over this file, as named (its links followed when it is written).
    Over(PathBuf),
    /// Under the first free name with this stem.
    New(String),
}

impl Target<'_> {
    /// Where the files go.
    pub(crate) fn resolve(self) -> Result<Destination, Error> {
        match self {
            Target::Replace(path) => {
                let target = check_replace(path).map_err(Error::write(path))?;
                Ok(Destination {
                    dir: parent_dir(&target).to_path_buf(),
                    place: Place::Over(path.to_path_buf()),
                })
            }
            Target::New { dir, stem } => {
                safe_write::make_dir(dir).map_err(Error::save_in(dir))?;
                Ok(Destination {
                    dir: dir.to_path_buf(),
                    place: Place::New(stem.to_string()),
                })
            }
        }
    }
}

/// Write `dungeon` in `format` to `target`: every file is written completely before it is
/// put in place, so that a failure (or a stop) leaves every file as it was; a Tiled map and
/// its tileset are put in place together. Returns the map's file, named as the target
/// names it (see [`Target`]).
///
/// # Errors
/// What [`check`] refuses, a file that may not be written over (a special file, a
/// read-only one, one with other hard links, a link another user planted in a shared
/// directory: see [`safe_write`]), refused before the map is drawn, or a file that cannot
/// be written.
pub fn write(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    target: Target<'_>,
) -> Result<PathBuf, Error> {
    check(format, options, dungeon.width(), dungeon.height())?;
    let style = options.style(format);
    let to = target.resolve()?;
    let shown = match &to.place {
        Place::Over(path) => path.clone(),
        Place::New(_) => to.dir.clone(),
    };
    let staged = match format {
        Format::Png => {
            let raster = Raster::new(dungeon, &style)?;
            stage(&to.dir, |out| png::write(out, &raster, dungeon.recipe()))
        }
        Format::Svg => {
            let svg = svg::to_svg(dungeon, &style)?;
            stage(&to.dir, |out| io::Write::write_all(out, svg.as_bytes()))
        }
        Format::Uvtt => {
            let map = uvtt::to_uvtt(dungeon, style.cell_size, style.look)?;
            stage(&to.dir, |out| io::Write::write_all(out, map.as_bytes()))
        }
        Format::Tiled => return tmj::write(dungeon, style.cell_size, &to),
        Format::Json | Format::Text => {
            let bytes = text_bytes(dungeon, format).unwrap_or_default();
            stage(&to.dir, |out| io::Write::write_all(out, &bytes))
        }
    }
    .map_err(Error::write(&shown))?;
    match to.place {
        Place::Over(path) => {
            staged.replace(&path).map_err(Error::write(&path))?;
            Ok(path)
        }
        Place::New(stem) => staged
            .place_new(&to.dir, &stem, format.extension())
            .map_err(Error::save_in(&to.dir)),
    }
}
