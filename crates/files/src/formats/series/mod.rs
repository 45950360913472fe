//! Series of maps written at once: a replay of one generation, a sweep of one key, a batch
//! of consecutive seeds, each as an animated GIF or numbered PNGs in a directory; and
//! contact sheets of consecutive seeds. Every picture is the one `render` makes of its
//! map with the same options (every level of a dungeon of several, side by side, where
//! its recipe names none), but a replay's, which shows the making of one level (the one
//! its recipe names, or the first); and every file appears whole or not at all.
//!
//! [`Series::check`] refuses what cannot be written (a cell size, a picture too big, a
//! destination of the wrong kind) before any map is made, and [`Series::estimate`] says
//! what it will cost (files, the most bytes, about how long: see [`estimate`]; in the
//! hatched look it makes a map of the series to measure what the look draws); a caller
//! refuses what would pass a bound ([`Estimate::over`]) before it starts. Each series keeps
//! within the bytes it announced: a file that would pass them is not put in place. A
//! watcher on another thread can follow the work through the `done` counter each writer
//! takes: one more for each map made.

pub mod estimate;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use super::gif::GifWriter;
use super::levels::{self, Maps};
use super::safe_write::{self, write_named};
use super::{Budget, Error, Format, Options, naming, png};
use crate::draw::hatched::cost::Work;
use crate::draw::pixels::Pixels;
use crate::draw::raster::{Style, image_size, rasterize};
use crate::draw::sheet::{Layout, SheetSize, contact_sheet};
use crate::draw::within_pixels;
use crate::sweep::Sweep;
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;
use dungeon_generator::Replay;
use dungeon_generator::generate;
pub use estimate::{Estimate, Over};
use estimate::{INKED_MARGIN, Written as Drawn};

/// The most frames a replay takes, whatever the map's size: its steps are grouped.
pub const REPLAY_FRAMES: usize = 200;
/// Hundredths of a second a replay's frame shows, and its last frame.
const REPLAY_DELAY: u16 = 4;
const REPLAY_END_DELAY: u16 = 300;
/// Hundredths of a second each value of a sweep shows.
const SWEEP_DELAY: u16 = 60;
/// The most pixels a GIF's frame may have: two frames are held whole while it is written.
pub const GIF_MOST_PIXELS: u64 = 4096 * 4096;
/// The most pixels a contact sheet may have: its tiles and itself are held whole.
pub const SHEET_MOST_PIXELS: u64 = 8192 * 8192;

/// Where a series goes: one animated GIF, or numbered PNG files in a directory. A series
/// never writes over an earlier run unless told to: a GIF takes a free name like the one
/// given (`grow-2.gif` when `grow.gif` is taken) unless `replace`, and the PNGs go to a
/// fresh directory (`frames-2/` when `frames/` holds files; see
/// [`safe_write::fresh_dir`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// An animated GIF.
    Gif {
        /// The file named.
        path: PathBuf,
        /// Write over it, rather than under a free name like it.
        replace: bool,
    },
    /// Numbered PNG files in this directory, or the first fresh one like it.
    Dir(PathBuf),
}

impl Destination {
    /// A directory when `path` ends in `/` or is one, a GIF when it ends in `.gif`;
    /// `replace` writes over the GIF named.
    ///
    /// # Errors
    /// Anything else, saying what to give; `replace` with a directory, which a series
    /// never writes into twice.
    pub fn of(path: &Path, replace: bool) -> Result<Self, Error> {
        let text = path.as_os_str().to_string_lossy();
        if text.ends_with('/') || path.is_dir() {
            if replace {
                return Err(Error::ReplaceDirectory(path.to_path_buf()));
            }
            Ok(Destination::Dir(path.to_path_buf()))
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gif"))
        {
            Ok(Destination::Gif {
                path: path.to_path_buf(),
                replace,
            })
        } else {
            Err(Error::SeriesDestination(path.to_path_buf()))
        }
    }
}

/// What a series wrote: its files (one GIF, a sheet, or each PNG in order), named as the
/// destination was given, and how many pictures they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The files, in order.
    pub files: Vec<PathBuf>,
    /// The pictures in them.
    pub pictures: usize,
}

/// A series to write: what its pictures show.
#[derive(Clone, Debug)]
pub enum Series {
    /// The generation of the map of a recipe, replayed.
    Replay(Recipe),
    /// One recipe with a key swept across its values.
    Sweep(Recipe, Sweep),
    /// A contact sheet of consecutive seeds.
    Sheet(Recipe, SheetSize),
    /// Maps of consecutive seeds.
    Batch(Vec<Recipe>),
}

impl Series {
    /// The recipes whose maps are drawn (the replay's one map, each value of a sweep, each
    /// seed of a sheet or batch).
    ///
    /// # Errors
    /// Seeds that would run past the largest seed.
    pub fn recipes(&self) -> Result<Vec<Recipe>, Error> {
        Ok(match self {
            Series::Replay(recipe) => vec![recipe.clone()],
            Series::Sweep(base, sweep) => sweep.recipes(base),
            Series::Sheet(base, size) => base
                .consecutive_seeds(size.tiles())
                .collect::<Result<_, _>>()?,
            Series::Batch(recipes) => recipes.clone(),
        })
    }

    /// Whether the series can be written to `to` with `options`: every recipe valid, every
    /// picture within the size a PNG, a GIF or a sheet may have, a GIF's frames all of one
    /// size, a GIF to be replaced one that may be. Cheap: no map is made.
    ///
    /// # Errors
    /// The first thing that cannot be written.
    pub fn check(&self, options: &Options, to: &Destination) -> Result<(), Error> {
        if let Destination::Gif {
            path,
            replace: true,
        } = to
        {
            safe_write::check_replace(path).map_err(Error::write(path))?;
        }
        let recipes = self.recipes()?;
        let style = options.style(Format::Png);
        let mut sizes = Vec::with_capacity(recipes.len());
        for recipe in &recipes {
            recipe.validate()?;
            let size = self.picture_size(recipe, &style)?;
            sizes.push((size, (recipe.width, recipe.height)));
        }
        let Some(&(first, cells)) = sizes.first() else {
            return Ok(());
        };
        if let Series::Sheet(base, size) = self {
            let sheet = Layout::new(*size, first).sheet();
            within_pixels("contact sheet", sheet, cells, SHEET_MOST_PIXELS)?;
            let bytes = sheet_texts_most(base, &recipes);
            if bytes > png::MAX_HEADER_BYTES {
                return Err(Error::SheetTexts {
                    tiles: recipes.len(),
                    bytes,
                });
            }
        }
        if let Destination::Gif { .. } = to {
            if sizes.iter().any(|(size, _)| *size != first) {
                return Err(Error::FramesDiffer);
            }
            within_pixels("animated GIF", first, cells, GIF_MOST_PIXELS)?;
        }
        Ok(())
    }

    /// What writing the series to `to` with `options` costs: its files, the most bytes
    /// they take (which the series keeps within) and about how long it takes, from its
    /// pictures' sizes and count alone; in the hatched look, from what its first map (and a
    /// sweep's last) draws, too, for which that map is made.
    ///
    /// # Errors
    /// What [`Series::check`] refuses, or a map that cannot be made.
    pub fn estimate(&self, options: &Options, to: &Destination) -> Result<Estimate, Error> {
        self.check(options, to)?;
        let work = self.hatched_work(options)?;
        self.cost(options, to, &work)
    }

    /// [`Series::estimate`] with `work`, what the hatched look draws of each picture's map
    /// (none for the other looks; none known, for its bytes alone).
    fn cost(&self, options: &Options, to: &Destination, work: &[Work]) -> Result<Estimate, Error> {
        self.check(options, to)?;
        let style = options.style(Format::Png);
        let how = match (self, to) {
            (Series::Sheet(..), _) => Drawn::Tile,
            (_, Destination::Gif { .. }) => Drawn::Gif,
            (_, Destination::Dir(_)) => Drawn::Png,
        };
        let mut cost = Estimate::default();
        let recipes = self.recipes()?;
        let frames = match self {
            Series::Replay(_) => REPLAY_FRAMES,
            _ => 1,
        };
        for (i, recipe) in recipes.iter().enumerate() {
            cost.map(recipe);
            let size = self.picture_size(recipe, &style)?;
            // The hatched look's work is on its levels' maps, each of a level's pixels.
            let drawn = f64::from(self.levels_drawn(recipe));
            let tile = image_size(recipe.width, recipe.height, &style)?;
            let pixels = f64::from(tile.0) * f64::from(tile.1);
            let inked = style.look.hatched.then(|| {
                work.get(i).map_or(0.0, |work| {
                    INKED_MARGIN * drawn * work.seconds(&style, pixels)
                })
            });
            let texts = png::text_chunk_most(png::RECIPE_KEYWORD, &recipe.to_string());
            let shown = self.levels_drawn(recipe);
            let across = recipe.width * shown.min(levels::LEVELS_A_ROW);
            for _ in 0..frames {
                cost.picture(size, (across, shown > 1), how, inked, texts);
            }
        }
        if let (Series::Sheet(base, size), Some(first)) = (self, recipes.first()) {
            let tile = self.picture_size(first, &style)?;
            let sheet = Layout::new(*size, tile).sheet();
            let texts = sheet_texts_most(base, &recipes);
            // Made of its tiles' pixels, not drawn again.
            let inked = style.look.hatched.then_some(0.0);
            let across = first.width * self.levels_drawn(first).min(levels::LEVELS_A_ROW);
            cost.picture(
                sheet,
                (across * size.columns, false),
                Drawn::Png,
                inked,
                texts,
            );
        }
        if how == Drawn::Gif {
            cost.files = 1;
        }
        Ok(cost)
    }

    /// How many levels a picture of `recipe` shows: every level of a dungeon of several
    /// whose recipe names none, but in a replay, which shows one.
    fn levels_drawn(&self, recipe: &Recipe) -> u32 {
        match self {
            Series::Replay(_) => 1,
            _ if levels::holds_every_level(recipe) => recipe.levels,
            _ => 1,
        }
    }

    /// The size in pixels of a picture of `recipe` in `style`: a sheet of its levels
    /// where it shows several ([`Series::levels_drawn`]).
    fn picture_size(&self, recipe: &Recipe, style: &Style) -> Result<(u32, u32), Error> {
        if self.levels_drawn(recipe) > 1 {
            levels::picture_size(recipe, style)
        } else {
            Ok(image_size(recipe.width, recipe.height, style)?)
        }
    }

    /// What the hatched look draws of each picture's map, when `options` ask for it (else
    /// nothing): measured on the series' first map and, for a sweep, its last, between
    /// which each value's is taken in proportion, for each map's cells; a replay's frames
    /// show half of its map on average.
    fn hatched_work(&self, options: &Options) -> Result<Vec<Work>, Error> {
        let recipes = self.recipes()?;
        let (Some(first), Some(last)) = (recipes.first(), recipes.last()) else {
            return Ok(Vec::new());
        };
        if !options.look.hatched {
            return Ok(Vec::new());
        }
        let cells = |recipe: &Recipe| f64::from(recipe.width) * f64::from(recipe.height);
        let a_cell = |recipe: &Recipe| -> Result<Work, Error> {
            Ok(Work::of(&generate(recipe)?).scaled(1.0 / cells(recipe)))
        };
        let from = a_cell(first)?;
        let to = match self {
            Series::Sweep(..) if recipes.len() > 1 => a_cell(last)?,
            _ => from,
        };
        let shown = match self {
            Series::Replay(_) => 0.5,
            _ => 1.0,
        };
        let steps = (recipes.len() - 1).max(1) as f64;
        Ok(recipes
            .iter()
            .enumerate()
            .map(|(i, recipe)| {
                let t = i as f64 / steps;
                let between = |a: f64, b: f64| a + (b - a) * t;
                let work = Work {
                    outline: between(from.outline, to.outline),
                    floor: between(from.floor, to.floor),
                };
                work.scaled(cells(recipe) * shown)
            })
            .collect())
    }

    /// The bytes the series announced, which it keeps within (they do not depend on what
    /// the hatched look draws).
    fn budget(&self, options: &Options, to: &Destination) -> Result<Budget, Error> {
        Ok(Budget::new(self.cost(options, to, &[])?.bytes))
    }
}

/// Write the replay of `dungeon`'s generation in at most [`REPLAY_FRAMES`] frames, the last
/// one the picture `render` makes; returns what was written.
///
/// # Errors
/// What [`Series::check`] refuses, or a file that cannot be written.
pub fn write_replay(
    dungeon: &Dungeon,
    options: &Options,
    to: &Destination,
    done: &AtomicU32,
) -> Result<Written, Error> {
    let budget = Series::Replay(dungeon.recipe().clone()).budget(options, to)?;
    let replay = Replay::new(dungeon);
    let frames = replay.frames(REPLAY_FRAMES);
    let last = frames.len() - 1;
    let stem = naming::file_stem(dungeon.recipe());
    write_frames(
        (frames.len(), false),
        |i| Ok(replay.at(frames[i])),
        |i| {
            if i == last {
                REPLAY_END_DELAY
            } else {
                REPLAY_DELAY
            }
        },
        |i, _| format!("{stem}-{:04}", i + 1),
        options,
        (to, &budget),
        done,
    )
}

/// Write one picture for each value of `sweep` applied to `base`; returns what was
/// written.
///
/// # Errors
/// As [`write_replay`].
pub fn write_sweep(
    base: &Recipe,
    sweep: &Sweep,
    options: &Options,
    to: &Destination,
    done: &AtomicU32,
) -> Result<Written, Error> {
    let budget = Series::Sweep(base.clone(), sweep.clone()).budget(options, to)?;
    let recipes = sweep.recipes(base);
    let key = sweep.key();
    write_frames(
        (recipes.len(), true),
        |i| Ok(generate(&recipes[i])?),
        |_| SWEEP_DELAY,
        |i, d| {
            let value = key.format(&key.get(d.recipe()));
            format!("{}-{:03}-{value}", key.name(), i + 1)
        },
        options,
        (to, &budget),
        done,
    )
}

/// Write the map of each recipe as a PNG in a fresh directory like `dir` (see
/// [`Destination`]), named as the window names them; each file is the one `render` writes
/// of its recipe. Returns what was written.
///
/// # Errors
/// As [`write_replay`].
pub fn write_batch(
    recipes: &[Recipe],
    options: &Options,
    dir: &Path,
    done: &AtomicU32,
) -> Result<Written, Error> {
    let to = Destination::Dir(dir.to_path_buf());
    let budget = Series::Batch(recipes.to_vec()).budget(options, &to)?;
    write_frames(
        (recipes.len(), true),
        |i| Ok(generate(&recipes[i])?),
        |_| 0,
        |_, map| naming::file_stem(map.recipe()),
        options,
        (&to, &budget),
        done,
    )
}

/// Write a contact sheet of `size` of consecutive seeds from `base`'s to the PNG `path`:
/// replaced when `replace`, else under a free name like it (`sheet-2.png` when `sheet.png`
/// is taken: nothing is written over). Each tile is labelled with its seed; the PNG holds
/// the first tile's recipe, as any saved map does, and every tile's in a text chunk
/// `tile N`. Returns the file written.
///
/// # Errors
/// A sheet too big for a PNG, options the PNG look cannot take, a file to replace that
/// may not be, or a file that cannot be written.
pub fn write_sheet(
    base: &Recipe,
    size: SheetSize,
    options: &Options,
    (path, replace): (&Path, bool),
    done: &AtomicU32,
) -> Result<Written, Error> {
    let series = Series::Sheet(base.clone(), size);
    let budget = series.budget(
        options,
        &Destination::Dir(safe_write::parent_dir(path).into()),
    )?;
    if replace {
        safe_write::check_replace(path).map_err(Error::write(path))?;
    }
    let recipes = series.recipes()?;
    let tiles = recipes
        .iter()
        .map(|recipe| {
            let pixels = picture(&generate(recipe)?, options, true)?;
            done.fetch_add(1, Ordering::Relaxed);
            Ok((pixels, format!("seed {}", recipe.seed)))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let sheet = contact_sheet(size, &tiles)?;
    let texts = tile_texts(&recipes);
    let texts: Vec<(&str, String)> = texts.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    let bytes = png::encode_with(&sheet, base, &texts).map_err(Error::write(path))?;
    budget
        .spend(bytes.len() as u64)
        .map_err(Error::write(path))?;
    let file = safe_write::write_named(path, replace, |out| out.write_all(&bytes))
        .map_err(Error::write(path))?;
    Ok(Written {
        files: vec![file],
        pictures: tiles.len(),
    })
}

/// Each tile's recipe of a contact sheet of `recipes`, as its text chunk `tile N` holds it.
fn tile_texts(recipes: &[Recipe]) -> Vec<(String, String)> {
    recipes
        .iter()
        .enumerate()
        .map(|(i, r)| (format!("tile {}", i + 1), r.to_string()))
        .collect()
}

/// The most bytes the text chunks of a contact sheet of `recipes` from `base` take: the
/// recipe and the program, as any picture's, and each tile's recipe.
fn sheet_texts_most(base: &Recipe, recipes: &[Recipe]) -> u64 {
    let (software, version) = png::software();
    let texts = tile_texts(recipes);
    [(png::RECIPE_KEYWORD, base.to_string()), (software, version)]
        .iter()
        .map(|(keyword, text)| (*keyword, text.as_str()))
        .chain(
            texts
                .iter()
                .map(|(keyword, text)| (keyword.as_str(), text.as_str())),
        )
        .map(|(keyword, text)| png::text_chunk_most(keyword, text))
        .sum()
}

/// The picture `render` makes of `dungeon` as a PNG with `options`: a sheet of its
/// levels where its file holds every level and `every` (not a replay's frame).
fn picture(dungeon: &Dungeon, options: &Options, every: bool) -> Result<Pixels, Error> {
    let style = options.style(Format::Png);
    let maps = held(dungeon, every)?;
    if maps.several() {
        return levels::Sheet::new(&maps.levels, &style)?.pixels();
    }
    Ok(rasterize(dungeon, &style)?)
}

/// The maps a PNG of `dungeon` holds: every level of a dungeon of several where `every`
/// (see [`Maps::of`]), else the map alone.
fn held(dungeon: &Dungeon, every: bool) -> Result<Maps<'_>, Error> {
    if every {
        Maps::of(dungeon, Format::Png)
    } else {
        Ok(Maps::alone(dungeon))
    }
}

/// Write `count` maps, made in order by `frame`, to `to`: as GIF frames shown `delay(i)`
/// hundredths of a second, or as new PNGs named `name(i, map)` in a fresh directory;
/// never more bytes than `budget` holds. Each picture holds every level of its map where
/// `every` (see [`picture`]).
fn write_frames(
    (count, every): (usize, bool),
    frame: impl Fn(usize) -> Result<Dungeon, Error>,
    delay: impl Fn(usize) -> u16,
    name: impl Fn(usize, &Dungeon) -> String,
    options: &Options,
    (to, budget): (&Destination, &Budget),
    done: &AtomicU32,
) -> Result<Written, Error> {
    let files = match to {
        Destination::Dir(dir) => {
            let dir = safe_write::fresh_dir(dir).map_err(Error::save_in(dir))?;
            (0..count)
                .map(|i| {
                    let map = frame(i)?;
                    let to = super::Destination {
                        dir: dir.clone(),
                        place: super::Place::New(name(i, &map)),
                        budget: Some(budget.clone()),
                    };
                    let file = super::write_maps(&held(&map, every)?, Format::Png, options, to)?;
                    done.fetch_add(1, Ordering::Relaxed);
                    Ok(file)
                })
                .collect::<Result<Vec<_>, Error>>()?
        }
        Destination::Gif { path, replace } => {
            let mut failure = None;
            let mut fail = |e: Error| {
                let message = e.to_string();
                failure = Some(e);
                std::io::Error::other(message)
            };
            let file = write_named(path, *replace, |out| {
                let out = &mut budget.writer(out);
                let first = frame(0).and_then(|map| picture(&map, options, every));
                let first = first.map_err(&mut fail)?;
                let mut gif = GifWriter::new(out, first.width(), first.height())?;
                gif.frame(first, delay(0))?;
                done.fetch_add(1, Ordering::Relaxed);
                for i in 1..count {
                    let pixels = frame(i).and_then(|map| picture(&map, options, every));
                    gif.frame(pixels.map_err(&mut fail)?, delay(i))?;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                gif.finish().map(drop)
            })
            .map_err(|e| failure.take().unwrap_or_else(|| Error::write(path)(e)))?;
            vec![file]
        }
    };
    Ok(Written {
        files,
        pictures: count,
    })
}
