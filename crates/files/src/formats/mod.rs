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

pub mod cost;
pub mod gif;
pub mod json;
pub mod layout;
pub mod levels;
pub mod naming;
mod number;
pub mod png;
#[cfg(not(target_arch = "wasm32"))]
pub mod safe_write;
#[cfg(not(target_arch = "wasm32"))]
pub mod series;
pub mod svg;
pub mod text;
pub mod tmj;
#[cfg(not(target_arch = "wasm32"))]
mod together;
pub mod uvtt;
#[cfg(not(target_arch = "wasm32"))]
mod write;

use std::io;
use std::path::{Path, PathBuf};

use crate::draw::look::{LOOKS, Look, LookOption};
use crate::draw::raster::{self, Raster, Style};
use crate::text::{Bytes, Seconds, join_or, quote_path};
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;
use levels::Maps;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use write::{Budget, Destination, Place, write_maps};
#[cfg(not(target_arch = "wasm32"))]
pub use write::{Target, check_target, write};

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

    /// Whether the format draws the look options (`--hatched`, `--doors`…): a picture of
    /// the map, not Tiled's tiles, which come in its tileset's own colours.
    #[must_use]
    pub const fn draws_looks(self) -> bool {
        match self {
            Format::Png | Format::Svg | Format::Uvtt => true,
            Format::Tiled | Format::Json | Format::Text => false,
        }
    }

    /// What the format is instead of a picture in a look, in words, for messages.
    const fn without_looks(self) -> &'static str {
        match self {
            Format::Tiled => "a Tiled map's tiles come in its tileset's own colours",
            Format::Json => "a JSON file holds the map's parts, not a picture",
            Format::Text => "a text map is characters, not a picture",
            Format::Png | Format::Svg | Format::Uvtt => "a picture draws them",
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
    /// These options as a window hands them to `format`: its look left out where the
    /// format draws none ([`Format::draws_looks`]), which [`check`] refuses from `render`.
    #[must_use]
    pub fn for_format(self, format: Format) -> Options {
        if format.draws_looks() {
            self
        } else {
            Options {
                look: Look::default(),
                ..self
            }
        }
    }

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
    /// Look options asked of a format that draws no look.
    #[error(
        "{}, so it takes no look option (not {})",
        format.without_looks(),
        join_or(&refused.iter().map(|option| option.label).collect::<Vec<_>>())
    )]
    NoLook {
        /// The format.
        format: Format,
        /// The options asked for.
        refused: Vec<&'static LookOption>,
    },
    /// A picture that would take more CPU or memory to draw than a picture may.
    #[error(
        "this map's {} at {cell_size} pixels a cell would take about {} of CPU and {} of \
         memory to draw, more than the {} and {} a picture may take",
        format.name(),
        Seconds(cost.seconds),
        Bytes(cost.bytes),
        Seconds(cost::SECONDS_MOST),
        Bytes(cost::BYTES_MOST)
    )]
    TooDear {
        /// The format.
        format: Format,
        /// The cell size asked for.
        cell_size: u32,
        /// What it would cost.
        cost: cost::Cost,
        /// The largest cell size below it that keeps within the bounds, if one does.
        fits: Option<u32>,
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
    /// A series that would pass a bound (see [`series::Estimate::over`]): refused before
    /// it starts.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("this series would write {estimate}: {over}")]
    SeriesTooBig {
        /// What it would cost.
        estimate: series::Estimate,
        /// The bound it would pass.
        over: series::Over,
    },
    /// A contact sheet whose tiles' recipes would take its file past what is read of a
    /// picture before its image data ([`png::MAX_HEADER_BYTES`]).
    #[error(
        "the recipes of this sheet's {tiles} tiles would take up to {} in its file, more \
         than the {} a picture may hold before its image and be opened again: make a sheet \
         of fewer tiles, or of a recipe with fewer pins or vaults",
        Bytes(*bytes),
        Bytes(png::MAX_HEADER_BYTES)
    )]
    #[cfg(not(target_arch = "wasm32"))]
    SheetTexts {
        /// Its tiles.
        tiles: usize,
        /// The most bytes their recipes take.
        bytes: u64,
    },
    /// A series whose pictures differ in size, which an animated GIF cannot hold.
    #[error(
        "the pictures of this series differ in size (the map's width or height changes): \
         write them as numbered PNGs to a directory instead of a GIF"
    )]
    FramesDiffer,
    /// A directory that could not be made or written in.
    #[error("cannot save in {}: {}", quote_path(dir), reason(source))]
    SaveIn {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file that could not be written; nothing was left half written.
    #[error("cannot write {}: {}", quote_path(file), reason(source))]
    Write {
        /// The file asked for.
        file: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file that could not be read.
    #[error("cannot read {}: {}", quote_path(file), reason(source))]
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
    /// A recipe in a text that runs on past the most of it that is read.
    #[error(
        "the recipe in {} runs on past the first {} MiB of the file, the most read of a \
         text: it is not used cut short; put it on a line of its own near the start",
        quote_path(file),
        most >> 20
    )]
    CutShort {
        /// The file.
        file: PathBuf,
        /// The bytes read of it.
        most: u64,
    },
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
    /// Whether the error is about what was asked (a cell size, a look, a name, a recipe,
    /// a recipe in a file that asks for more than the 5-second bound), which the user must
    /// change, rather than about files.
    #[must_use]
    pub fn is_usage(&self) -> bool {
        if let Error::BadRecipe { source, .. } = self {
            return over_bound(source);
        }
        matches!(
            self,
            Error::Draw(_)
                | Error::Recipe(_)
                | Error::Look { .. }
                | Error::NoLook { .. }
                | Error::TooDear { .. }
                | Error::UnknownFormat(_)
                | Error::TabletopGrid(_)
                | Error::TabletopTooLarge { .. }
                | Error::ReplaceDirectory(_)
                | Error::TilesetName(_)
                | Error::SeriesDestination(_)
                | Error::FramesDiffer
        ) || self.is_series_too_big()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn is_series_too_big(&self) -> bool {
        matches!(self, Error::SeriesTooBig { .. } | Error::SheetTexts { .. })
    }

    #[cfg(target_arch = "wasm32")]
    fn is_series_too_big(&self) -> bool {
        false
    }

    /// The error of a file that could not be written.
    pub(crate) fn write(file: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
        move |source| Error::Write {
            file: file.to_path_buf(),
            source,
        }
    }

    /// The error of a directory that could not be saved in.
    #[cfg(not(target_arch = "wasm32"))]
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

/// Whether a recipe was refused for asking more than the 5-second bound allows (too many
/// rooms chained, pins and vaults too large), which is a matter of what was asked, however
/// the recipe came (typed, in a file, a preset), rather than of a damaged file.
#[must_use]
pub fn over_bound(error: &dungeon_generator::Error) -> bool {
    use dungeon_generator::Error as E;
    matches!(error, E::TooSlow { .. } | E::PinsTooSlow { .. })
}

/// Why a file could not be read or written, in words: the system's own reason (`no such
/// file or directory`, `permission denied`, `no space left on device`…) without its error
/// number, or what this program found.
#[must_use]
pub fn reason(e: &io::Error) -> String {
    let Some(code) = e.raw_os_error() else {
        return e.to_string();
    };
    let text = e.to_string();
    let text = text
        .strip_suffix(&format!(" (os error {code})"))
        .unwrap_or(&text);
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// Whether `format` can draw the map of `recipe` with `options`: its cell size, its
/// picture's size (a sheet of every level, where the file holds them: see
/// [`levels::holds_every_level`]) and its look. Cheap: checked before any map is made.
///
/// # Errors
/// A cell size out of the format's range, a picture over the largest size, or look options
/// the format does not draw.
pub fn check(format: Format, options: &Options, recipe: &Recipe) -> Result<(), Error> {
    let (width, height) = (recipe.width, recipe.height);
    let style = options.style(format);
    if !format.draws_looks() {
        let refused: Vec<_> = LOOKS.iter().filter(|o| o.is_on(&style.look)).collect();
        if !refused.is_empty() {
            return Err(Error::NoLook { format, refused });
        }
    }
    match format {
        Format::Png => {
            levels::picture_size(recipe, &style)?;
        }
        Format::Svg => {
            svg::check_look(&style.look)?;
            levels::picture_size(recipe, &style)?;
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

/// The cell size at which `format` draws room numbers with `options`; `None` when it draws
/// none (numbers are off, or the format has no picture of them).
#[must_use]
pub fn numbers_cell_size(format: Format, options: &Options) -> Option<u32> {
    let cell_size = options.style(format).cell_size;
    match format {
        _ if !options.look.numbers => None,
        Format::Png | Format::Svg => Some(cell_size),
        Format::Uvtt => Some(uvtt::drawn_cell_size(cell_size, &options.look)),
        Format::Tiled | Format::Json | Format::Text => None,
    }
}

/// The bytes of `dungeon` in a format that fits in memory as one piece (JSON, text), with
/// every level it holds (see [`levels`]); `None` for the others, which are written as they
/// are made.
///
/// # Errors
/// A level that cannot be made (see [`levels`]).
pub fn text_bytes(dungeon: &Dungeon, format: Format) -> Result<Option<Vec<u8>>, Error> {
    if !matches!(format, Format::Json | Format::Text) {
        return Ok(None);
    }
    let maps = Maps::of(dungeon, format)?;
    Ok(Some(maps_text(&maps, format)))
}

/// The JSON or the text of `maps`.
fn maps_text(maps: &Maps, format: Format) -> Vec<u8> {
    match format {
        Format::Json => json::to_json(maps.shown, &maps.levels),
        _ => text::to_text(&maps.levels),
    }
    .into_bytes()
}

/// One file of a map, drawn and ready to be written out: a picture is encoded as it is
/// written, a row of cells at a time; the other formats are made whole.
pub(crate) enum Drawn<'a> {
    Picture(Raster<'a>),
    Sheet(levels::Sheet<'a>),
    Bytes(Vec<u8>),
}

impl Drawn<'_> {
    /// Write the file to `out`, a picture with `recipe` inside.
    pub(crate) fn write_to(&self, out: &mut impl io::Write, recipe: &Recipe) -> io::Result<()> {
        match self {
            Drawn::Picture(raster) => png::write(out, raster, recipe),
            Drawn::Sheet(sheet) => sheet.write_png(out, recipe),
            Drawn::Bytes(bytes) => out.write_all(bytes),
        }
    }
}

/// The file of `maps` in `format`, a format of one file (not Tiled's map and tileset, nor
/// the files of Universal VTT's levels), in `style`: a picture of several levels a sheet
/// of them.
///
/// # Errors
/// A picture that cannot be drawn at `style`.
pub(crate) fn drawn<'a>(
    maps: &'a Maps<'a>,
    format: Format,
    style: &Style,
) -> Result<Drawn<'a>, Error> {
    let dungeon = maps.shown;
    Ok(match format {
        Format::Png if maps.several() => Drawn::Sheet(levels::Sheet::new(&maps.levels, style)?),
        Format::Png => Drawn::Picture(Raster::new(dungeon, style)?),
        Format::Svg => Drawn::Bytes(svg::to_svg_levels(&maps.levels, style)?.into_bytes()),
        Format::Uvtt => {
            Drawn::Bytes(uvtt::to_uvtt(dungeon, style.cell_size, style.look)?.into_bytes())
        }
        Format::Json | Format::Text | Format::Tiled => Drawn::Bytes(maps_text(maps, format)),
    })
}

/// The files of `maps` in `format` with `options`, in memory, each with its name: for a
/// file `<stem>.<extension>`, a Tiled map's tileset `<stem>.tiles.png` first, each level
/// of a Universal VTT after the first as `<stem>-level-N.<extension>`.
///
/// # Errors
/// A picture that cannot be drawn.
fn files_of(
    maps: &Maps,
    format: Format,
    options: &Options,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let style = options.style(format);
    match format {
        Format::Tiled => tmj::encode(&maps.levels, style.cell_size, stem),
        Format::Uvtt => uvtt::files(&maps.levels, &style, stem),
        _ => {
            let name = format!("{stem}.{}", format.extension());
            let mut bytes = Vec::new();
            drawn(maps, format, &style)?
                .write_to(&mut bytes, maps.shown.recipe())
                .map_err(Error::write(Path::new(&name)))?;
            Ok(vec![(name, bytes)])
        }
    }
}

/// `dungeon` in `format` as the files `write` would write, in memory, each with its name:
/// `<stem>.<extension>`, for Tiled its tileset `<stem>.tiles.png` first, for Universal VTT
/// each level after the first `<stem>-level-N.<extension>`. The web page hands them to the
/// browser to download; the bytes are `write`'s.
///
/// # Errors
/// What [`check`] refuses, a picture too dear to draw ([`cost::check`]), a level that
/// cannot be made, or a picture that cannot be drawn.
pub fn encode(
    dungeon: &Dungeon,
    format: Format,
    options: &Options,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    check(format, options, dungeon.recipe())?;
    let maps = Maps::of(dungeon, format)?;
    cost::check(&maps.levels, format, options)?;
    files_of(&maps, format, options, stem)
}
