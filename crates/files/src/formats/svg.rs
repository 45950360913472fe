//! The map as SVG: the rasterizer's look as vector shapes, for printing and for editing in a
//! drawing program.
//!
//! It follows the rasterizer's pixel layout (see [`crate::draw::raster`]): at cell size `N` the
//! picture is `width·N × height·N` units, cell (x, y) covers `[x·N, x·N+N) × [y·N, y·N+N)`,
//! and grid lines take the first row and column of each free cell. Drawn in that order: the
//! gray33 ground, one dark blue line a unit wide along every row and column of cells (rooms
//! and paths cover them where they lie), then one shape per colour (each room, and all
//! paths), each made of horizontal runs of cells. The print look draws white ground, grey
//! rooms and paths, its grid lines over them, black walls over the lines, and the dark lines
//! where two rooms touch. The recipe is in the `<metadata>` element.
//!
//! The hatched look is the scene of vector shapes the pictures are drawn from
//! ([`crate::draw::hatched`]), written as it is: one `<path>` per layer, filled or stroked
//! in its colour, the layers that lie inside the floor clipped to it (`<clipPath>`), so
//! that an SVG renderer draws the PNG's picture.

use std::borrow::Cow;
use std::fmt::Write;

use super::Error;
use crate::draw::hatched;
use crate::draw::look::LOOKS;
use crate::draw::numbers;
use crate::draw::raster::{self, Look, MIN_GRID_CELL, PAPER, Style, WALL};
use crate::draw::stairs::{self, Rect};
use crate::draw::vector::{Colour, FillRule, Paint, Point, Scene, Segment};
use crate::runs::runs;
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::Rgb;

/// What of `look` SVG draws: in the hatched look, everything; otherwise the print look and
/// room numbers (and room colours, which only the hatched look uses). It refuses the other
/// options, new ones included.
fn drawn(look: &Look) -> Look {
    if look.hatched {
        return *look;
    }
    Look {
        print: look.print,
        numbers: look.numbers,
        colours: look.colours,
        ..Look::ORIGINAL
    }
}

/// Whether SVG draws `look`: the hatched look with any option, or the original look or the
/// print look with room numbers and no other option.
///
/// # Errors
/// [`Error::Look`] naming the options it leaves out.
pub fn check_look(look: &Look) -> Result<(), Error> {
    let drawn = drawn(look);
    let refused: Vec<_> = LOOKS
        .iter()
        .filter(|option| option.is_on(look) && !option.is_on(&drawn))
        .collect();
    if refused.is_empty() {
        Ok(())
    } else {
        Err(Error::Look {
            format: "an SVG",
            refused,
        })
    }
}

/// `dungeon` as an SVG document drawn in `style`, whose look must be the hatched look, or
/// the original or the print look (with no other option but numbers).
///
/// # Errors
/// Another look ([`Error::Look`]), a cell size out of range, or a picture too large (see
/// [`raster::image_size`]).
pub fn to_svg(dungeon: &Dungeon, style: &Style) -> Result<String, Error> {
    check_look(&style.look)?;
    let (width, height) = raster::image_size(dungeon.width(), dungeon.height(), style)?;
    let mut svg = header((width, height), &dungeon.recipe().to_string(), &style.look);
    svg.push_str(&body(dungeon, style, "floor"));
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// `levels` as an SVG document drawn in `style`: one map as [`to_svg`] draws it; every
/// level of a dungeon side by side as the PNG's sheet lays them out ([`crate::formats::levels::layout`]),
/// each under its label (in the PNG's pixel font, as squares of ink), each level's shapes
/// in a group moved to its place, with the dungeon's recipe.
///
/// # Errors
/// As [`to_svg`], and a sheet too large.
pub fn to_svg_levels(levels: &[Cow<Dungeon>], style: &Style) -> Result<String, Error> {
    let [first, ..] = levels else {
        return Err(crate::draw::Error::SheetTiles.into());
    };
    if levels.len() == 1 {
        return to_svg(first, style);
    }
    check_look(&style.look)?;
    let tile = raster::image_size(first.width(), first.height(), style)?;
    let count = u32::try_from(levels.len()).unwrap_or(u32::MAX);
    let layout = crate::formats::levels::layout(count, tile);
    let size = layout.checked_sheet()?;
    let paper = crate::formats::levels::paper(&style.look);
    let [r, g, b, _] = paper.background;
    let mut svg = header(size, &first.recipe().to_string(), &style.look);
    let _ = writeln!(
        svg,
        "<rect width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"none\"/>",
        size.0,
        size.1,
        hex(Rgb(r, g, b))
    );
    let mut ink = String::new();
    for (i, level) in (0..count).zip(levels) {
        let label = crate::formats::levels::label(level.level());
        for (x, y, side) in layout.label_squares(i, &label) {
            let _ = write!(ink, "M{x} {y}h{side}v{side}h-{side}z");
        }
    }
    let [r, g, b, _] = paper.ink;
    shape(&mut svg, Rgb(r, g, b), &ink);
    for (i, level) in (0..count).zip(levels) {
        let (x, y) = layout.tile_at(i);
        let _ = writeln!(svg, "<g transform=\"translate({x} {y})\">");
        svg.push_str(&body(level, style, &format!("floor-{}", level.level())));
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// The start of an SVG document of `width × height` units holding `recipe`, drawn in
/// `look`: its cells' edges crisp but in the hatched look.
fn header((width, height): (u32, u32), recipe: &str, look: &Look) -> String {
    let crisp = if look.hatched {
        ""
    } else {
        " shape-rendering=\"crispEdges\""
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\"{crisp}>\n\
         <metadata>{}</metadata>\n",
        escape(recipe)
    )
}

/// The shapes of `dungeon` drawn in `style`, its ground first, the floor's clip path (in
/// the hatched look) named `clip`.
fn body(dungeon: &Dungeon, style: &Style, clip: &str) -> String {
    let look = style.look;
    if look.hatched {
        return shapes(&hatched::scene(dungeon, style), clip);
    }
    let n = style.cell_size;
    let (width, height) = (dungeon.width() * n, dungeon.height() * n);
    // The ground: the colour of a free cell away from everything.
    let ground = if look.print { PAPER } else { Rgb::GRAY33 };
    let mut svg = format!(
        "<rect width=\"{width}\" height=\"{height}\" fill=\"{}\" stroke=\"none\"/>\n",
        hex(ground)
    );
    // Every line drawn clockwise, so that crossings stay filled.
    let mut lines = String::new();
    if style.grid && n >= MIN_GRID_CELL {
        for y in 0..dungeon.height() {
            let _ = write!(lines, "M0 {}h{width}v1h-{width}z", y * n);
        }
        for x in 0..dungeon.width() {
            let _ = write!(lines, "M{} 0h1v{height}h-1z", x * n);
        }
    }
    let grid = raster::grid_colour(&look);
    // Grid lines lie on free ground only in the original look: rooms and paths cover them.
    // In the print look they lie on rooms and paths too, and walls cover them.
    let walls = look.print.then_some(WALL);
    if walls.is_none() && !lines.is_empty() {
        shape(&mut svg, grid, &lines);
    }
    let cells = shapes_by_colour(dungeon, &look, n);
    for (colour, d) in &cells {
        if *colour != ground && Some(*colour) != walls {
            shape(&mut svg, *colour, d);
        }
    }
    if let Some(wall) = walls {
        if !lines.is_empty() {
            shape(&mut svg, grid, &lines);
        }
        for (colour, d) in cells.iter().filter(|(c, _)| *c == wall) {
            shape(&mut svg, *colour, d);
        }
        let lines = room_lines(dungeon, &look, n);
        if !lines.is_empty() {
            shape(&mut svg, raster::INK, &lines);
        }
    }
    draw_stairs(&mut svg, dungeon, n);
    if look.numbers {
        number_rooms(&mut svg, dungeon, n);
    }
    svg
}

/// `scene` as SVG elements: its background, then each layer as one path, clipped to the
/// scene's clip, named `clip`, where the layer is.
fn shapes(scene: &Scene, clip_id: &str) -> String {
    let (width, height) = (scene.width, scene.height);
    let mut svg = format!(
        "<rect width=\"{width}\" height=\"{height}\" fill=\"{}\" stroke=\"none\"/>\n",
        hex(scene.background)
    );
    if let Some(clip) = &scene.clip {
        let rule = match clip.paint {
            Paint::Fill(_, FillRule::EvenOdd) => "evenodd",
            _ => "nonzero",
        };
        let _ = writeln!(
            svg,
            "<defs><clipPath id=\"{clip_id}\"><path clip-rule=\"{rule}\" d=\"{}\"/></clipPath></defs>",
            path_data(clip.segments())
        );
    }
    for layer in scene.layers.iter().filter(|l| !l.is_empty()) {
        let paint = match layer.paint {
            Paint::Fill(c, rule) => format!(
                "fill=\"{}\"{} fill-rule=\"{}\" stroke=\"none\"",
                hex(c.rgb),
                opacity("fill", c),
                match rule {
                    FillRule::NonZero => "nonzero",
                    FillRule::EvenOdd => "evenodd",
                }
            ),
            Paint::Stroke(c, width) => format!(
                "fill=\"none\" stroke=\"{}\"{} stroke-width=\"{}\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"",
                hex(c.rgb),
                opacity("stroke", c),
                decimal(width)
            ),
        };
        let clip = if layer.clipped {
            format!(" clip-path=\"url(#{clip_id})\"")
        } else {
            String::new()
        };
        let _ = writeln!(
            svg,
            "<path {paint}{clip} d=\"{}\"/>",
            path_data(layer.segments())
        );
    }
    svg
}

/// ` fill-opacity="…"` (or stroke's) for a colour that is not opaque.
fn opacity(what: &str, c: Colour) -> String {
    if c.alpha == 255 {
        String::new()
    } else {
        format!(
            " {what}-opacity=\"{}\"",
            decimal(f32::from(c.alpha) / 255.0)
        )
    }
}

/// `segments` as an SVG path's data.
fn path_data(segments: &[Segment]) -> String {
    let mut d = String::with_capacity(segments.len() * 16);
    let point = |d: &mut String, p: Point| {
        d.push_str(&decimal(p.x));
        d.push(' ');
        d.push_str(&decimal(p.y));
    };
    for segment in segments {
        match *segment {
            Segment::Move(p) => {
                d.push('M');
                point(&mut d, p);
            }
            Segment::Line(p) => {
                d.push('L');
                point(&mut d, p);
            }
            Segment::Quad(c, p) => {
                d.push('Q');
                point(&mut d, c);
                d.push(' ');
                point(&mut d, p);
            }
            Segment::Close => d.push('Z'),
        }
    }
    d
}

/// `v` with at most two decimals, without trailing zeros: `12.5`, `3`, `0.07`.
fn decimal(v: f32) -> String {
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_string(),
        t => t.to_string(),
    }
}

/// The cells of `dungeon` in `look` as path data, one entry per colour in the order the
/// colours first appear, each made of horizontal runs of cells `n` units wide.
fn shapes_by_colour(dungeon: &Dungeon, look: &Look, n: u32) -> Vec<(Rgb, String)> {
    let mut shapes: Vec<(Rgb, String)> = Vec::new();
    for y in 0..dungeon.height() {
        let row = |x| raster::cell_colour(dungeon, look, Pos::new(x, y));
        for (colour, run) in runs(0..dungeon.width(), row) {
            let at = match shapes.iter().position(|(c, _)| *c == colour) {
                Some(at) => at,
                None => {
                    shapes.push((colour, String::new()));
                    shapes.len() - 1
                }
            };
            let (left, top, across) = (run.start * n, y * n, run.len() as u32 * n);
            let _ = write!(shapes[at].1, "M{left} {top}h{across}v{n}h-{across}z");
        }
    }
    shapes
}

/// The rasterizer's dark lines inside room cells in `look` (in the print look, where two
/// rooms touch) as path data.
fn room_lines(dungeon: &Dungeon, look: &Look, n: u32) -> String {
    let mut d = String::new();
    for p in dungeon.tiles().positions() {
        for (x, y, w, h) in raster::room_lines(dungeon, look, n as usize, p) {
            let (x, y) = (p.x * n + x as u32, p.y * n + y as u32);
            let _ = write!(d, "M{x} {y}h{w}v{h}h-{w}z");
        }
    }
    d
}

/// Append the stairs as the rasterizer draws them: their plates, then their steps.
fn draw_stairs(svg: &mut String, dungeon: &Dungeon, n: u32) {
    let (mut plates, mut steps) = (String::new(), String::new());
    for (p, way) in stairs::of(dungeon) {
        let Some((plate, bars)) = stairs::glyph(n, way) else {
            continue;
        };
        let rect = |d: &mut String, (x, y, w, h): Rect| {
            let _ = write!(d, "M{} {}h{w}v{h}h-{w}z", p.x * n + x, p.y * n + y);
        };
        rect(&mut plates, plate);
        for bar in bars {
            rect(&mut steps, bar);
        }
    }
    if !plates.is_empty() {
        shape(svg, PAPER, &plates);
        shape(svg, raster::INK, &steps);
    }
}

/// The font of the numbers' `<text>`: DejaVu Sans Mono, the usual `monospace` on Linux,
/// whose digits stand [`DIGIT_HEIGHT`] em above the baseline and advance 0.602 em. Named
/// alone: ImageMagick's own renderer takes the whole of a list (`…, monospace`) as one
/// name, fails to find it and stops drawing.
const FONT: &str = "DejaVu Sans Mono";
/// The height of the font's digits in ems (its cap height; round digits overshoot it by
/// 0.014 em above and below).
const DIGIT_HEIGHT: f64 = 0.729;
/// The font's size for each time the PNG's pixel font is scaled up: its digits' ink is then
/// 4.4 of the pixel font's 5 pixels high, and no wider than the PNG's digits.
const FONT_SIZE: u32 = 6;

/// Append each room's number as `<text>` on a paper label, the PNG's labels in the PNG's
/// places. The text is set on its baseline (`dominant-baseline` is not honoured by every
/// renderer), worked out from the font's digit height so that the digits sit in the
/// middle of their label.
fn number_rooms(svg: &mut String, dungeon: &Dungeon, n: u32) {
    let size = FONT_SIZE * numbers::scale(n);
    for label in numbers::place(dungeon, n).placed {
        let (w, h) = (label.width, label.height);
        let middle = f64::from(label.x) + f64::from(w) / 2.0;
        let baseline = f64::from(label.y) + (f64::from(h) + DIGIT_HEIGHT * f64::from(size)) / 2.0;
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" fill=\"{}\" stroke=\"none\"/>\n\
             <text x=\"{middle}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"{size}\" \
             text-anchor=\"middle\" fill=\"{}\" stroke=\"none\">{}</text>",
            label.x,
            label.y,
            hex(PAPER),
            (baseline * 100.0).round() / 100.0,
            hex(raster::INK),
            label.number
        );
    }
}

/// Append a `<path>` filled with `colour` and not stroked: renderers that stroke shapes
/// without a `stroke` (ImageMagick's own) would draw its edges black.
fn shape(svg: &mut String, colour: Rgb, d: &str) {
    let _ = writeln!(
        svg,
        "<path fill=\"{}\" stroke=\"none\" d=\"{d}\"/>",
        hex(colour)
    );
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
