//! What one file of a map costs to draw and write, estimated from its map before any of it
//! is drawn, and the bounds every picture keeps within: [`SECONDS_MOST`] of CPU, as a
//! recipe takes to make, and [`BYTES_MOST`] of memory. A picture that would pass them is
//! refused before it is drawn, saying which cell size fits ([`check`]). A file that holds
//! several levels of a dungeon (see [`super::levels`]) costs what each of them does, added
//! up.
//!
//! Only the hatched look comes near them: its work runs along the floor's outline (see
//! [`crate::draw::hatched::cost`]), which a big crowded map makes long. The other looks are
//! squares of cells, a few nanoseconds a pixel however the map looks, and a picture is at
//! most [`MAX_SIDE`](crate::draw::MAX_SIDE) pixels a side: at most 3 s of CPU, [`MARGIN`]
//! included.

use std::borrow::Borrow;

use super::{Error, Format, Options, uvtt};
use crate::draw::hatched::cost::{self as hatched, Work};
use crate::draw::vector::render::KEEP_MOST;
use dungeon_generator::Dungeon;

/// The most CPU seconds a picture may be estimated to take to draw and write.
pub const SECONDS_MOST: f64 = 5.0;
/// The most bytes of memory a picture may be estimated to take.
pub const BYTES_MOST: u64 = 1_000_000_000;
/// How many times the CPU time measured the estimate is: for slower machines (the one
/// issue 56 was measured on took about twice this one's), as the recipe's bound doubles.
pub const MARGIN: f64 = 2.0;

/// Nanoseconds of work a pixel of a picture in a look of cells takes, drawn and written
/// (measured: 5 for a 16384-pixel-square PNG).
const CELLS_NANOS: f64 = 5.0;
/// Nanoseconds a pixel of a Universal VTT picture adds, its PNG made text (base64) inside
/// the file's JSON.
const TABLETOP_NANOS: f64 = 2.0;
/// Bytes a pixel of a Universal VTT picture holds in memory: its PNG, that as text, and the
/// file's text around it (measured: 0.9 for a hatched picture).
const TABLETOP_BYTES: f64 = 1.5;
/// Microseconds and bytes each cell along the outline adds to a hatched SVG, written as
/// text rather than drawn, with the hatching's strokes and without them (measured: 13.5 µs
/// and 2.2 kB with its shapes, on W4).
const SVG_OUTLINE_MICROS: (f64, f64) = (14.0, 3.0);
const SVG_OUTLINE_BYTES: (f64, f64) = (1000.0, 200.0);
/// Rows of pixels held at once while a picture is drawn: a band, its mask and the rows
/// written.
const HELD_ROWS: f64 = 3.0 * 256.0;

/// What drawing and writing one file costs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// About how many seconds of CPU.
    pub seconds: f64,
    /// About how many bytes of memory.
    pub bytes: u64,
}

impl Cost {
    /// Whether it keeps within [`SECONDS_MOST`] and [`BYTES_MOST`].
    #[must_use]
    pub fn fits(&self) -> bool {
        self.seconds <= SECONDS_MOST && self.bytes <= BYTES_MOST
    }
}

/// What writing a map of `cells` (width, height) whose hatched look does `work` (see
/// [`Work::of`]; unused in other looks) costs as `format` with `options`.
#[must_use]
pub fn estimate(work: &Work, cells: (u32, u32), format: Format, options: &Options) -> Cost {
    drawn(work, cells, format, options, true)
}

/// [`estimate`], the hatched look's bands kept once drawn where `keeps` and the picture is
/// small enough (see [`KEEP_MOST`]): not on a sheet of levels, which draws each once.
fn drawn(
    work: &Work,
    (width, height): (u32, u32),
    format: Format,
    options: &Options,
    keeps: bool,
) -> Cost {
    let style = options.style(format);
    let cells = f64::from(width) * f64::from(height);
    let at_size = |cell_size: u32| {
        let pixels = cells * f64::from(cell_size) * f64::from(cell_size);
        let held = 4.0 * f64::from(width) * f64::from(cell_size) * HELD_ROWS;
        if style.look.hatched {
            let kept = if keeps && pixels <= KEEP_MOST as f64 {
                4.0 * pixels
            } else {
                0.0
            };
            Cost {
                seconds: MARGIN * work.seconds(&style, pixels),
                bytes: (work.bytes(&style) + kept + held) as u64,
            }
        } else {
            Cost {
                seconds: MARGIN * pixels * CELLS_NANOS * 1e-9,
                bytes: held as u64,
            }
        }
    };
    match format {
        Format::Png => at_size(style.cell_size),
        Format::Uvtt => {
            let picture = at_size(uvtt::drawn_cell_size(style.cell_size, &style.look));
            let pixels = cells * f64::from(style.cell_size) * f64::from(style.cell_size);
            Cost {
                seconds: picture.seconds + MARGIN * pixels * TABLETOP_NANOS * 1e-9,
                bytes: picture.bytes + (pixels * TABLETOP_BYTES) as u64,
            }
        }
        Format::Svg if style.look.hatched => {
            let pick = |(strokes, bare): (f64, f64)| {
                if hatched::strokes(&style) {
                    strokes
                } else {
                    bare
                }
            };
            Cost {
                seconds: MARGIN * work.outline * pick(SVG_OUTLINE_MICROS) * 1e-6,
                bytes: (work.bytes(&style) + work.outline * pick(SVG_OUTLINE_BYTES)) as u64,
            }
        }
        // Runs of cells as text: 0.35 s for 2048×2048 cells, measured.
        Format::Svg | Format::Tiled | Format::Json | Format::Text => Cost::default(),
    }
}

/// What the hatched look of `dungeon` does, when `format` draws it with `options`.
fn work(dungeon: &Dungeon, format: Format, options: &Options) -> Work {
    if options.look.hatched && format.draws_looks() {
        Work::of(dungeon)
    } else {
        Work::default()
    }
}

/// What writing maps of `cells` (width, height) whose hatched looks do `works`, one a map,
/// costs as `format` with `options`: each map's [`estimate`], added up (a PNG's sheet of
/// several keeps none of their bands).
fn total(works: &[Work], cells: (u32, u32), format: Format, options: &Options) -> Cost {
    let keeps = works.len() == 1 || format != Format::Png;
    works
        .iter()
        .map(|work| drawn(work, cells, format, options, keeps))
        .fold(Cost::default(), |sum, cost| Cost {
            seconds: sum.seconds + cost.seconds,
            bytes: sum.bytes + cost.bytes,
        })
}

/// The hatched look's work of each of `levels` and their maps' size in cells.
fn measured<D: Borrow<Dungeon>>(
    levels: &[D],
    format: Format,
    options: &Options,
) -> (Vec<Work>, (u32, u32)) {
    let works = (levels.iter())
        .map(|level| work(level.borrow(), format, options))
        .collect();
    let cells = levels
        .first()
        .map_or((0, 0), |l| (l.borrow().width(), l.borrow().height()));
    (works, cells)
}

/// What writing a file of `levels` (one map, or the levels of a dungeon a file holds) as
/// `format` with `options` costs: [`estimate`] of each map, added up.
#[must_use]
pub fn of<D: Borrow<Dungeon>>(levels: &[D], format: Format, options: &Options) -> Cost {
    let (works, cells) = measured(levels, format, options);
    total(&works, cells, format, options)
}

/// `Ok` when writing a file of `levels` (as [`of`]) as `format` with `options` keeps
/// within the bounds.
///
/// # Errors
/// [`Error::TooDear`], saying what it would cost and the largest cell size (of those the
/// format takes, below the one asked for) that keeps within them, if one does.
pub fn check<D: Borrow<Dungeon>>(
    levels: &[D],
    format: Format,
    options: &Options,
) -> Result<(), Error> {
    let (works, cells) = measured(levels, format, options);
    let cost = total(&works, cells, format, options);
    if cost.fits() {
        return Ok(());
    }
    let cell_size = options.style(format).cell_size;
    let fits = format
        .cell_sizes()
        .rev()
        .filter(|&n| n < cell_size)
        .find(|&n| {
            let smaller = Options {
                cell_size: Some(n),
                ..*options
            };
            total(&works, cells, format, &smaller).fits()
        });
    Err(Error::TooDear {
        format,
        cell_size,
        cost,
        fits,
    })
}
