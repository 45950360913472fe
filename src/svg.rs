//! The map as SVG: the rasterizer's look as vector shapes, for printing and for editing in a
//! drawing program.
//!
//! It follows the rasterizer's pixel layout (see [`crate::raster`]): at cell size `N` the
//! picture is `width·N × height·N` units, cell (x, y) covers `[x·N, x·N+N) × [y·N, y·N+N)`,
//! and grid lines take the first row and column of each free cell. Drawn in that order: the
//! gray33 ground, one dark blue line a unit wide along every row and column of cells (rooms
//! and paths cover them where they lie), then one shape per room and one for all paths, each
//! made of horizontal runs of cells. The recipe is in the `<metadata>` element.

use std::fmt::Write;

use crate::colour::Rgb;
use crate::dungeon::Dungeon;
use crate::raster::{self, Look, MIN_GRID_CELL, RasterError, Style};
use crate::tile::TileKind;

/// What keeps a dungeon from being drawn as SVG.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SvgError {
    /// Look options other than the original look, which the SVG does not draw (yet).
    #[error(
        "an SVG is drawn in the original look only: leave out --doors, --marks, --distance, \
         --outlines and --print, or write a PNG"
    )]
    Look,
    #[error(transparent)]
    Raster(#[from] RasterError),
}

/// `dungeon` as an SVG document drawn in `style`, whose look must be the original.
///
/// # Errors
/// Another look ([`SvgError::Look`]), a cell size out of range, or a picture too large (see
/// [`raster::image_size`]).
pub fn to_svg(dungeon: &Dungeon, style: &Style) -> Result<String, SvgError> {
    if style.look != Look::ORIGINAL {
        return Err(SvgError::Look);
    }
    let (width, height) = raster::image_size(dungeon.width(), dungeon.height(), style)?;
    let n = style.cell_size;
    let mut svg = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" shape-rendering=\"crispEdges\">\n\
         <metadata>{}</metadata>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"{}\"/>\n",
        escape(&dungeon.recipe().to_string()),
        hex(Rgb::GRAY33)
    );
    if style.grid && n >= MIN_GRID_CELL {
        // Every line drawn clockwise, so that crossings stay filled.
        let mut lines = String::new();
        for y in 0..dungeon.height() {
            let _ = write!(lines, "M0 {}h{width}v1h-{width}z", y * n);
        }
        for x in 0..dungeon.width() {
            let _ = write!(lines, "M{} 0h1v{height}h-1z", x * n);
        }
        shape(&mut svg, Rgb::DARK_BLUE, &lines);
    }

    // The runs of each room, then of the paths (the last entry).
    let mut runs = vec![String::new(); dungeon.rooms().len() + 1];
    for y in 0..dungeon.height() {
        let row = dungeon.tiles().row(y);
        let mut x = 0;
        while let Some(&tile) = row.get(x) {
            let length = row[x..].iter().take_while(|&&t| t == tile).count();
            let index = match tile.kind() {
                TileKind::Free => None,
                TileKind::Room(i) => Some(i),
                TileKind::Path => Some(runs.len() - 1),
            };
            if let Some(i) = index {
                let (left, top, across) = (x as u32 * n, y * n, length as u32 * n);
                let _ = write!(runs[i], "M{left} {top}h{across}v{n}h-{across}z");
            }
            x += length;
        }
    }
    let colours = dungeon.rooms().iter().map(|r| r.colour);
    for (colour, d) in colours.chain([Rgb::BLACK]).zip(&runs) {
        if !d.is_empty() {
            shape(&mut svg, colour, d);
        }
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// Append a `<path>` filled with `colour`.
fn shape(svg: &mut String, colour: Rgb, d: &str) {
    let _ = writeln!(svg, "<path fill=\"{}\" d=\"{d}\"/>", hex(colour));
}

/// `#rrggbb`.
fn hex(Rgb(r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `text` safe inside an XML element or attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
