//! Series of maps written at once: a replay of one generation, a sweep of one key, a batch
//! of consecutive seeds, each as an animated GIF or numbered PNGs in a directory; and
//! contact sheets of consecutive seeds. Every picture is the one `render` makes of its
//! map with the same options.
//!
//! A watcher on another thread can follow the work through the `done` counter each writer
//! takes: one more for each map made.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::dungeon::{Dungeon, generate};
use crate::files;
use crate::formats::{self, Format, Options, WriteError};
use crate::gif_file::GifWriter;
use crate::png_file;
use crate::raster::{Pixels, image_size, rasterize};
use crate::recipe::{Recipe, RecipeError};
use crate::replay::Replay;
use crate::screenshots;
use crate::sheet::{Layout, SheetSize, contact_sheet};
use crate::sweep::Sweep;

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

/// Where a series goes: one animated GIF, or numbered PNG files in a directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    Gif(PathBuf),
    Dir(PathBuf),
}

impl Destination {
    /// A directory when `path` ends in `/` or is one, a GIF when it ends in `.gif`.
    ///
    /// # Errors
    /// Anything else, saying what to give.
    pub fn of(path: &Path) -> Result<Self, String> {
        let text = path.as_os_str().to_string_lossy();
        if text.ends_with('/') || path.is_dir() {
            Ok(Destination::Dir(path.to_path_buf()))
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gif"))
        {
            Ok(Destination::Gif(path.to_path_buf()))
        } else {
            Err(format!(
                "write a series to a .gif file or to a directory (end it in /), not {}",
                path.display()
            ))
        }
    }
}

/// `count` recipes like `base` on consecutive seeds from `base`'s.
///
/// # Errors
/// When the seeds would run past the largest seed.
pub fn consecutive_seeds(base: &Recipe, count: u32) -> Result<Vec<Recipe>, RecipeError> {
    (0..u64::from(count))
        .map(|i| {
            let mut recipe = base.clone();
            // Past the largest seed, the seed key says how far seeds go.
            let seed = u128::from(base.seed) + u128::from(i);
            recipe.set("seed", &seed.to_string())?;
            Ok(recipe)
        })
        .collect()
}

/// Write the replay of `dungeon`'s generation in at most [`REPLAY_FRAMES`] frames, the last
/// one the picture `render` makes; returns how many frames were written.
///
/// # Errors
/// Options the PNG look cannot take, or a file that cannot be written.
pub fn write_replay(
    dungeon: &Dungeon,
    options: &Options,
    to: &Destination,
    done: &AtomicU32,
) -> Result<usize, WriteError> {
    let replay = Replay::new(dungeon);
    let frames = replay.frames(REPLAY_FRAMES);
    let last = frames.len() - 1;
    let stem = screenshots::file_stem(dungeon.recipe());
    write_frames(
        frames.len(),
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
        to,
        done,
    )?;
    Ok(frames.len())
}

/// Write one picture for each value of `sweep` applied to `base`; returns how many.
///
/// # Errors
/// As [`write_replay`].
pub fn write_sweep(
    base: &Recipe,
    sweep: &Sweep,
    options: &Options,
    to: &Destination,
    done: &AtomicU32,
) -> Result<usize, WriteError> {
    let recipes = sweep.recipes(base);
    let key = sweep.key();
    write_frames(
        recipes.len(),
        |i| generate(&recipes[i]).map_err(|e| WriteError::Asked(e.to_string())),
        |_| SWEEP_DELAY,
        |i, d| {
            let value = key.format(key.get(d.recipe()));
            format!("{}-{:03}-{value}", key.name, i + 1)
        },
        options,
        to,
        done,
    )?;
    Ok(recipes.len())
}

/// Write the map of each recipe as a PNG in `dir`, named as the window names them and
/// never over an existing file; each file is the one `render` writes of its recipe.
/// Returns the files written.
///
/// # Errors
/// As [`write_replay`].
pub fn write_batch(
    recipes: &[Recipe],
    options: &Options,
    dir: &Path,
    done: &AtomicU32,
) -> Result<Vec<PathBuf>, WriteError> {
    recipes
        .iter()
        .map(|recipe| {
            let dungeon = generate(recipe).map_err(|e| WriteError::Asked(e.to_string()))?;
            let stem = screenshots::file_stem(recipe);
            let path = formats::write_new(&dungeon, Format::Png, options, dir, &stem)?;
            done.fetch_add(1, Ordering::Relaxed);
            Ok(path)
        })
        .collect()
}

/// Write a contact sheet of `size` of consecutive seeds from `base`'s to a new PNG named
/// like `path` (`sheet-2.png` when `sheet.png` is taken: nothing is written over). Each
/// tile is labelled with its seed; the PNG holds the first tile's recipe, as any saved map
/// does, and every tile's in a `tEXt` chunk `tile N`. Returns the file written.
///
/// # Errors
/// A sheet too big for a PNG, options the PNG look cannot take, or a file that cannot be
/// written.
pub fn write_sheet(
    base: &Recipe,
    size: SheetSize,
    options: &Options,
    path: &Path,
    done: &AtomicU32,
) -> Result<PathBuf, WriteError> {
    let recipes = consecutive_seeds(base, size.tiles())
        .map_err(|e| WriteError::Asked(format!("a sheet from seed {}: {e}", base.seed)))?;
    // Checked before any map is made: the tiles and the sheet are held whole.
    let tile = image_size(base.width, base.height, &options.style(Format::Png))
        .map_err(|e| WriteError::Asked(e.to_string()))?;
    let (w, h) = Layout::new(size, tile).sheet();
    if u64::from(w) * u64::from(h) > SHEET_MOST_PIXELS {
        return Err(WriteError::Asked(format!(
            "a {size} sheet of these maps would be {w}×{h} pixels, more than a sheet may \
             hold ({SHEET_MOST_PIXELS} pixels): use a smaller --cell-size or fewer tiles"
        )));
    }
    let tiles = recipes
        .iter()
        .map(|recipe| {
            let dungeon = generate(recipe).map_err(|e| WriteError::Asked(e.to_string()))?;
            let pixels = picture(&dungeon, options)?;
            done.fetch_add(1, Ordering::Relaxed);
            Ok((pixels, format!("seed {}", recipe.seed)))
        })
        .collect::<Result<Vec<_>, WriteError>>()?;
    let sheet = contact_sheet(size, &tiles).map_err(WriteError::Asked)?;
    let texts: Vec<(String, String)> = recipes
        .iter()
        .enumerate()
        .map(|(i, r)| (format!("tile {}", i + 1), r.to_string()))
        .collect();
    let texts: Vec<(&str, String)> = texts.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    let bytes = png_file::encode_with(&sheet, base, &texts)
        .map_err(|e| WriteError::Io(format!("cannot encode the sheet: {e}")))?;
    let dir = files::parent_dir(path);
    let here = path.parent().is_none_or(|p| p.as_os_str().is_empty());
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let saved = files::save_new(dir, &stem, "png", &bytes)
        .map_err(|e| WriteError::Io(format!("cannot save in {}: {e}", dir.display())))?;
    // Named as the user named it: `sheet.png`, not `./sheet.png`.
    Ok(match (here, saved.file_name()) {
        (true, Some(name)) => PathBuf::from(name),
        _ => saved,
    })
}

/// The picture `render` makes of `dungeon` as a PNG with `options`.
fn picture(dungeon: &Dungeon, options: &Options) -> Result<Pixels, WriteError> {
    rasterize(dungeon, &options.style(Format::Png)).map_err(|e| WriteError::Asked(e.to_string()))
}

/// Write `count` maps, made in order by `frame`, to `to`: as GIF frames shown `delay(i)`
/// hundredths of a second, or as new PNGs named `name(i, map)` in a directory.
fn write_frames(
    count: usize,
    frame: impl Fn(usize) -> Result<Dungeon, WriteError>,
    delay: impl Fn(usize) -> u16,
    name: impl Fn(usize, &Dungeon) -> String,
    options: &Options,
    to: &Destination,
    done: &AtomicU32,
) -> Result<(), WriteError> {
    match to {
        Destination::Dir(dir) => (0..count).try_for_each(|i| {
            let map = frame(i)?;
            formats::write_new(&map, Format::Png, options, dir, &name(i, &map))?;
            done.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }),
        Destination::Gif(path) => {
            // Checked before the file is opened, so a bad option leaves no file behind.
            let map = frame(0)?;
            let style = options.style(Format::Png);
            let (w, h) = image_size(map.width(), map.height(), &style)
                .map_err(|e| WriteError::Asked(e.to_string()))?;
            if u64::from(w) * u64::from(h) > GIF_MOST_PIXELS {
                let most = (GIF_MOST_PIXELS as f64
                    / (f64::from(map.width()) * f64::from(map.height())))
                .sqrt()
                .floor();
                return Err(WriteError::Asked(format!(
                    "a {w}×{h}-pixel animated GIF is too big (at most {GIF_MOST_PIXELS} pixels \
                     a frame): use --cell-size {} or less, or write PNGs to a directory",
                    most.max(1.0)
                )));
            }
            let first = picture(&map, options)?;
            let mut failure = None;
            files::write_replacing_with(path, |out| {
                let mut gif = GifWriter::new(out, first.width(), first.height())?;
                gif.frame(first, delay(0))?;
                done.fetch_add(1, Ordering::Relaxed);
                for i in 1..count {
                    let pixels = match frame(i).and_then(|map| picture(&map, options)) {
                        Ok(pixels) => pixels,
                        Err(e) => {
                            let message = e.to_string();
                            failure = Some(e);
                            return Err(std::io::Error::other(message));
                        }
                    };
                    gif.frame(pixels, delay(i))?;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                gif.finish().map(drop)
            })
            .map_err(|e| {
                failure.take().unwrap_or_else(|| {
                    WriteError::Io(format!("cannot write {}: {e}", path.display()))
                })
            })
        }
    }
}
