//! The levels a file holds. A file of a recipe of one level, or of one that names the
//! `level` it shows, holds that map; a file of a dungeon of several levels whose recipe
//! names none holds every level, each format in the form its readers take: side by side
//! on one sheet, each under its label (PNG, SVG), one after another (text), a group layer
//! each (Tiled), a file each (Universal VTT). The JSON holds the level shown and, for a
//! dungeon of several levels, every level besides.
//!
//! The levels below the one in hand are made from it, one from the other
//! ([`Dungeon::next_level`]): a dungeon of N levels is N maps' work.

use std::borrow::Cow;
use std::io;

use super::{Error, Format, png};
use crate::draw::hatched::PARCHMENT_PAPER;
use crate::draw::look::Look;
#[cfg(not(target_arch = "wasm32"))]
use crate::draw::pixels::Pixels;
use crate::draw::raster::{INK, PAPER, Raster, SheetTile, Style, image_size};
use crate::draw::sheet::{Layout, Paper, SheetSize};
use dungeon_generator::{Dungeon, Recipe, Rgb, generate};

/// The most levels a row of a sheet of levels holds: four, then the next row.
pub const LEVELS_A_ROW: u32 = 4;

/// Whether a file of `recipe` holds every level: a dungeon of several levels whose recipe
/// names none.
#[must_use]
pub fn holds_every_level(recipe: &Recipe) -> bool {
    recipe.levels > 1 && recipe.level.is_none()
}

/// The recipe that makes `level` alone: its own, naming its level where the dungeon has
/// several (so that a file of one level of several opens again at that level).
#[must_use]
pub fn recipe_of(level: &Dungeon) -> Recipe {
    let recipe = level.recipe();
    if recipe.levels > 1 {
        Recipe {
            level: Some(level.level()),
            ..recipe.clone()
        }
    } else {
        recipe.clone()
    }
}

/// The maps of a dungeon a file holds: the one shown, and the levels the file holds, top
/// first (the one shown among them).
#[derive(Debug)]
pub(crate) struct Maps<'a> {
    pub shown: &'a Dungeon,
    pub levels: Vec<Cow<'a, Dungeon>>,
}

impl<'a> Maps<'a> {
    /// What a file of `dungeon` in `format` holds: the map alone, or every level of a
    /// dungeon of several whose recipe names none (see [`holds_every_level`]); the JSON
    /// every level of a dungeon of several, whichever it shows.
    ///
    /// # Errors
    /// A level that cannot be made ([`dungeon_generator::Error::Unreachable`], when the
    /// pins and vaults of a closed map's level wall one of them in).
    pub(crate) fn of(dungeon: &'a Dungeon, format: Format) -> Result<Self, Error> {
        let every = match format {
            Format::Json => dungeon.recipe().levels > 1,
            _ => holds_every_level(dungeon.recipe()),
        };
        let levels = if every {
            every_level(dungeon)?
        } else {
            vec![Cow::Borrowed(dungeon)]
        };
        Ok(Self {
            shown: dungeon,
            levels,
        })
    }

    /// `dungeon` alone, whatever its recipe: a replay's frame, which shows the making of
    /// one level.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn alone(dungeon: &'a Dungeon) -> Self {
        Self {
            shown: dungeon,
            levels: vec![Cow::Borrowed(dungeon)],
        }
    }

    /// Whether the file holds several levels.
    pub(crate) fn several(&self) -> bool {
        self.levels.len() > 1
    }
}

/// Every level of `dungeon`'s dungeon, top first: `dungeon` in its place, the others made,
/// those above it again from its recipe, those below from it.
///
/// # Errors
/// As [`Maps::of`].
fn every_level(dungeon: &Dungeon) -> Result<Vec<Cow<'_, Dungeon>>, Error> {
    let mut levels: Vec<Cow<Dungeon>> = Vec::new();
    if dungeon.level() > 1 {
        let first = generate(&Recipe {
            level: None,
            ..dungeon.recipe().clone()
        })?;
        levels.push(Cow::Owned(first));
        while levels.len() + 1 < dungeon.level() as usize {
            match levels.last().map(|above| above.next_level()).transpose()? {
                Some(Some(next)) => levels.push(Cow::Owned(next)),
                _ => break,
            }
        }
    }
    levels.push(Cow::Borrowed(dungeon));
    while let Some(next) = levels.last().map(|above| above.next_level()).transpose()? {
        match next {
            Some(next) => levels.push(Cow::Owned(next)),
            None => break,
        }
    }
    Ok(levels)
}

/// The layout of a sheet of `count` levels whose pictures are `tile` pixels: side by
/// side, [`LEVELS_A_ROW`] at most to a row.
#[must_use]
pub fn layout(count: u32, tile: (u32, u32)) -> Layout {
    let count = count.max(1);
    let columns = count.min(LEVELS_A_ROW);
    let size = SheetSize {
        columns,
        rows: count.div_ceil(columns),
    };
    Layout::new(size, tile)
}

/// The label over level `level` on a sheet, in the capitals of the sheets' pixel font:
/// `LEVEL 2`.
#[must_use]
pub fn label(level: u32) -> String {
    format!("LEVEL {level}")
}

/// The size in pixels of the picture (PNG or SVG) of a map of `recipe` in `style`: a sheet
/// of its levels where its files hold every level.
///
/// # Errors
/// A cell size out of range, or a picture (a sheet) over
/// [`crate::draw::MAX_SIDE`] pixels a side.
pub fn picture_size(recipe: &Recipe, style: &Style) -> Result<(u32, u32), Error> {
    let tile = image_size(recipe.width, recipe.height, style)?;
    if !holds_every_level(recipe) {
        return Ok(tile);
    }
    Ok(layout(recipe.levels, tile).checked_sheet()?)
}

/// The page a sheet of levels is drawn on in `look`: the hatched look's paper
/// (parchment, or white in the print look), else white; labels in ink.
#[must_use]
pub fn paper(look: &Look) -> Paper {
    let Rgb(r, g, b) = if look.hatched && !look.print {
        PARCHMENT_PAPER
    } else {
        PAPER
    };
    let Rgb(ir, ig, ib) = INK;
    Paper {
        background: [r, g, b, 255],
        ink: [ir, ig, ib, 255],
    }
}

/// Several levels to be drawn side by side on one sheet, each under its label.
pub(crate) struct Sheet<'a> {
    rasters: Vec<Raster<'a>>,
    labels: Vec<String>,
    layout: Layout,
    paper: Paper,
}

impl<'a> Sheet<'a> {
    /// `levels`, top first, drawn in `style`.
    ///
    /// # Errors
    /// A cell size out of range, or a sheet over [`crate::draw::MAX_SIDE`] pixels a side.
    pub(crate) fn new(levels: &'a [Cow<'a, Dungeon>], style: &Style) -> Result<Self, Error> {
        let rasters = levels
            .iter()
            .map(|level| Raster::once(level, style))
            .collect::<Result<Vec<_>, _>>()?;
        let tile = rasters.first().map_or((0, 0), |r| (r.width(), r.height()));
        let count = u32::try_from(rasters.len()).unwrap_or(u32::MAX);
        let layout = layout(count, tile);
        layout.checked_sheet()?;
        Ok(Self {
            rasters,
            labels: levels.iter().map(|level| label(level.level())).collect(),
            layout,
            paper: paper(&style.look),
        })
    }

    /// The sheet's pixels, held whole (a frame of an animation, a contact sheet's tile).
    ///
    /// # Errors
    /// None that drawing in memory can meet but pixels that do not make a picture.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn pixels(&self) -> Result<Pixels, Error> {
        let (width, height) = self.layout.sheet();
        let mut pixels = Vec::with_capacity(width as usize * height as usize * 4);
        let Ok(()) = self.for_each_band(|band| {
            pixels.extend(band.iter().flatten());
            Ok::<(), std::convert::Infallible>(())
        });
        Ok(Pixels::from_rgba(width, height, pixels)?)
    }

    /// Hand `band` the sheet's pixels, a band of rows at a time, top first.
    fn for_each_band<E>(&self, band: impl FnMut(&[[u8; 4]]) -> Result<(), E>) -> Result<(), E> {
        let count = u32::try_from(self.rasters.len()).unwrap_or(u32::MAX);
        let tile = |i: u32| SheetTile::of(&self.rasters[i as usize]);
        self.layout
            .for_each_band(self.paper, (count, &self.labels), tile, band)
    }

    /// Write the sheet as PNG to `out`, with `recipe` inside, a band of rows at a time.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub(crate) fn write_png(&self, out: impl io::Write, recipe: &Recipe) -> io::Result<()> {
        let again = self.rasters.iter().all(Raster::draws_again_cheaply);
        png::write_banded(out, self.layout.sheet(), recipe, again, |each| {
            self.for_each_band(each)
        })
    }
}
