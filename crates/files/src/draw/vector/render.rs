//! A [`Scene`] into pixels with `tiny-skia`, one band of rows at a time: each band is a
//! picture of its own, `rows` high, whose paths are those of the scene's pieces that reach
//! it, moved up by the band's first row. Moving by a whole number of pixels changes no
//! coordinate's rounding (the picture is at most 16,384 pixels high, where an `f32` holds
//! every multiple of its step), so a row is drawn the same in any band it falls in; and
//! since bands always start at multiples of `rows`, every surface that draws a scene with
//! the same `rows` gets the same bytes.
//!
//! Anti-aliased, in `tiny-skia`'s own integer pipeline for solid colours, whose arithmetic
//! is the same on every machine and in WebAssembly.

use std::borrow::Cow;
use std::sync::OnceLock;

use tiny_skia::{
    FillRule as SkiaRule, LineCap, LineJoin, Mask, Paint as SkiaPaint, PathBuilder, Pixmap, Stroke,
    Transform,
};

use super::{Colour, FillRule, Layer, Paint, Point, Scene, Segment};

/// A scene ready to be drawn band by band, `rows` pixel rows a band, with each layer's
/// pieces sorted into the bands they reach. Made [`Bands::keeping`], the bands drawn are
/// kept when the whole picture is at most [`KEEP_MOST`] pixels, so that drawing it again (a
/// PNG is made twice: once to learn its size) costs nothing.
#[derive(Debug)]
pub struct Bands {
    scene: Scene,
    rows: u32,
    /// For each layer (the clip first, when there is one), for each band, the pieces that
    /// reach it.
    index: Vec<Vec<Vec<u32>>>,
    /// The bands drawn, when they are kept.
    kept: Vec<OnceLock<Vec<u8>>>,
}

/// The most pixels of a picture whose bands are kept once drawn (96 MB of them).
pub const KEEP_MOST: u64 = 24 << 20;

impl Bands {
    /// `scene` to be drawn `rows` pixel rows at a time (at least one).
    #[must_use]
    pub fn new(scene: Scene, rows: u32) -> Self {
        let rows = rows.max(1);
        let count = scene.height.div_ceil(rows).max(1) as usize;
        let index = scene
            .clip
            .iter()
            .chain(&scene.layers)
            .map(|layer| {
                let mut bands = vec![Vec::new(); count];
                let reach = layer.reach() + 1.0;
                for (i, piece) in layer.pieces.iter().enumerate() {
                    let first = ((piece.top - reach).max(0.0) / rows as f32) as usize;
                    let last = ((piece.bottom + reach).max(0.0) / rows as f32) as usize;
                    for band in bands.iter_mut().take(last + 1).skip(first) {
                        band.push(i as u32);
                    }
                }
                bands
            })
            .collect();
        Self {
            scene,
            rows,
            index,
            kept: Vec::new(),
        }
    }

    /// The same, keeping the bands it draws when the picture is at most [`KEEP_MOST`]
    /// pixels.
    #[must_use]
    pub fn keeping(self) -> Self {
        let pixels = u64::from(self.scene.width) * u64::from(self.scene.height);
        if pixels > KEEP_MOST {
            return self;
        }
        Self {
            kept: (0..self.count()).map(|_| OnceLock::new()).collect(),
            ..self
        }
    }

    /// Whether the bands drawn are kept (see [`Bands::keeping`]).
    #[must_use]
    pub fn kept(&self) -> bool {
        !self.kept.is_empty()
    }

    /// How many bands the picture has.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.scene.height.div_ceil(self.rows).max(1)
    }

    /// The scene.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Pixel rows a band.
    #[must_use]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Band `band`'s pixels, RGBA and opaque, top row first: `rows` rows of the picture's
    /// width, fewer for the last band. Empty for a band past the picture.
    #[must_use]
    pub fn band(&self, band: u32) -> Cow<'_, [u8]> {
        match self.kept.get(band as usize) {
            Some(kept) => Cow::Borrowed(kept.get_or_init(|| self.draw(band))),
            None => Cow::Owned(self.draw(band)),
        }
    }

    /// Draw band `band` (see [`Bands::band`]).
    fn draw(&self, band: u32) -> Vec<u8> {
        let top = band * self.rows;
        let height = self.rows.min(self.scene.height.saturating_sub(top));
        let Some(mut pixmap) = Pixmap::new(self.scene.width, height) else {
            return Vec::new();
        };
        pixmap.fill(colour(Colour::opaque(self.scene.background)));
        // The clip's index comes first, when there is a clip.
        let clipping = usize::from(self.scene.clip.is_some());
        let mask = self
            .scene
            .clip
            .as_ref()
            .filter(|_| self.scene.layers.iter().any(|l| l.clipped))
            .and_then(|clip| {
                let mut mask = Mask::new(self.scene.width, height)?;
                if let Some(path) = path_of(clip, pieces_in(&self.index[0], band), (top, height)) {
                    let rule = match clip.paint {
                        Paint::Fill(_, rule) => rule,
                        Paint::Stroke(..) => FillRule::NonZero,
                    };
                    mask.fill_path(&path, skia_rule(rule), true, Transform::identity());
                }
                Some(mask)
            });
        let layers = self.scene.layers.iter().zip(&self.index[clipping..]);
        for (layer, pieces) in layers {
            let Some(path) = path_of(layer, pieces_in(pieces, band), (top, height)) else {
                continue;
            };
            let clip = if layer.clipped { mask.as_ref() } else { None };
            if layer.clipped && clip.is_none() {
                continue;
            }
            draw(&mut pixmap, &path, layer.paint, clip);
        }
        pixmap.take()
    }
}

/// The pieces of band `band` in a layer's index.
fn pieces_in(index: &[Vec<u32>], band: u32) -> &[u32] {
    index.get(band as usize).map_or(&[], |pieces| &pieces[..])
}

/// The path of `pieces` of `layer` that draws the band of `rows` pixel rows from `top`,
/// moved up by `top` pixels; `None` when empty.
///
/// Only the segments that reach the band are kept (see [`Cull`]): a piece as long as a
/// wall around the whole map is drawn in every band, and its segments far above or below
/// would cost every band as much as all of them, for no pixel. What is drawn in the band
/// is what the whole path draws there, pixel for pixel.
fn path_of(layer: &Layer, pieces: &[u32], (top, rows): (u32, u32)) -> Option<tiny_skia::Path> {
    if pieces.is_empty() {
        return None;
    }
    // A hairline's ends reach π/8 pixel past its points, and anti-aliasing a pixel more.
    let margin = layer.reach() + 2.0;
    let cull = Cull {
        reach: (top as f32 - margin, (top + rows) as f32 + margin),
        fill: matches!(layer.paint, Paint::Fill(..)),
        top: top as f32,
        path: PathBuilder::new(),
    };
    let mut cull = cull;
    for &i in pieces {
        let piece = &layer.pieces[i as usize];
        let segments = &layer.segments[piece.segments.clone()];
        if cull.within(piece.top, piece.bottom) {
            cull.all(segments);
        } else {
            for subpath in subpaths(segments) {
                cull.subpath(subpath);
            }
        }
    }
    cull.path.finish()
}

/// The subpaths of `segments`: each from a move up to the next.
fn subpaths(segments: &[Segment]) -> impl Iterator<Item = &[Segment]> {
    let starts: Vec<usize> = (0..segments.len())
        .filter(|&i| matches!(segments[i], Segment::Move(_)))
        .chain(std::iter::once(segments.len()))
        .collect();
    (0..starts.len().saturating_sub(1)).map(move |k| &segments[starts[k]..starts[k + 1]])
}

/// A path for one band of rows, of the segments that reach it.
///
/// A segment reaches the band when its points (a curve's control point included, which
/// bounds it) come within a margin of its rows: the layer's half stroke and two pixels
/// (a hairline's cap, anti-aliasing). Others paint no pixel of the band: a fill's coverage in a row comes from
/// the edges that cross the row, and a stroke's from the segments within half its width.
/// So a fill leaves out each run of segments that lie beyond the band on one side, joining
/// its ends (both on that side) with a straight line that lies there too; a stroke breaks
/// there, its new ends' caps as far from the band as the joins they stand for. A closed
/// stroke that breaks starts after a break, so that every joint it keeps in the band is
/// the joint it was.
struct Cull {
    /// The rows a segment must come within, margin included.
    reach: (f32, f32),
    /// Whether the layer is filled (every subpath closed) rather than stroked.
    fill: bool,
    /// How far the band is moved up.
    top: f32,
    path: PathBuilder,
}

/// An edge of a subpath: where it starts, and the segment that draws it.
type Edge = (Point, Segment);

impl Cull {
    /// Whether rows `from..=to` all lie within the band's reach.
    fn within(&self, from: f32, to: f32) -> bool {
        self.reach.0 <= from && to <= self.reach.1
    }

    /// Whether the edge reaches the band.
    fn reaches(&self, (from, segment): &Edge) -> bool {
        let (low, high) = match *segment {
            Segment::Line(p) | Segment::Move(p) => (from.y.min(p.y), from.y.max(p.y)),
            Segment::Quad(c, p) => (from.y.min(c.y).min(p.y), from.y.max(c.y).max(p.y)),
            Segment::Close => (from.y, from.y),
        };
        high >= self.reach.0 && low <= self.reach.1
    }

    /// Add `segments` as they are.
    fn all(&mut self, segments: &[Segment]) {
        for &segment in segments {
            self.segment(segment);
        }
    }

    /// Add one segment, moved up by the band's top.
    fn segment(&mut self, segment: Segment) {
        let top = self.top;
        match segment {
            Segment::Move(p) => self.path.move_to(p.x, p.y - top),
            Segment::Line(p) => self.path.line_to(p.x, p.y - top),
            Segment::Quad(c, p) => self.path.quad_to(c.x, c.y - top, p.x, p.y - top),
            Segment::Close => self.path.close(),
        }
    }

    /// Add what of the subpath `segments` (a move, then lines and curves, perhaps a
    /// close) reaches the band.
    fn subpath(&mut self, segments: &[Segment]) {
        let Some((&Segment::Move(start), rest)) = segments.split_first() else {
            return;
        };
        let closed = matches!(segments.last(), Some(Segment::Close));
        let mut edges: Vec<Edge> = Vec::with_capacity(segments.len());
        let mut at = start;
        for &segment in rest {
            match segment {
                Segment::Line(p) | Segment::Quad(_, p) => {
                    edges.push((at, segment));
                    at = p;
                }
                Segment::Move(_) | Segment::Close => {}
            }
        }
        // A fill closes every subpath; a stroke only those it was told to.
        if (closed || self.fill) && at != start {
            edges.push((at, Segment::Line(start)));
        }
        let kept: Vec<bool> = edges.iter().map(|edge| self.reaches(edge)).collect();
        match kept.iter().position(|&k| !k) {
            _ if edges.is_empty() => {
                if self.reaches(&(start, Segment::Close)) {
                    self.all(segments);
                }
            }
            None => self.all(segments),
            Some(_) if self.fill => self.fill_runs(&edges, &kept),
            // A closed stroke starts after a break, to keep its joint at the start.
            Some(first) if closed => {
                let order = (first + 1..edges.len()).chain(0..=first);
                self.stroke_runs(order.map(|i| (edges[i], kept[i])));
            }
            Some(_) => self.stroke_runs(edges.iter().copied().zip(kept.iter().copied())),
        }
    }

    /// A fill's kept edges in order, each run of left-out edges between them a straight
    /// line, closed.
    fn fill_runs(&mut self, edges: &[Edge], kept: &[bool]) {
        let mut begun = false;
        for (i, &(from, segment)) in edges.iter().enumerate().filter(|&(i, _)| kept[i]) {
            if !begun {
                self.segment(Segment::Move(from));
                begun = true;
            } else if !kept[i - 1] {
                self.segment(Segment::Line(from));
            }
            self.segment(segment);
        }
        self.segment(Segment::Close);
    }

    /// A stroke's kept edges in the order given, a new subpath after each left out.
    fn stroke_runs(&mut self, edges: impl Iterator<Item = (Edge, bool)>) {
        let mut drawing = false;
        for ((from, segment), kept) in edges {
            if !kept {
                drawing = false;
                continue;
            }
            if !drawing {
                self.segment(Segment::Move(from));
                drawing = true;
            }
            self.segment(segment);
        }
    }
}

fn skia_rule(rule: FillRule) -> SkiaRule {
    match rule {
        FillRule::NonZero => SkiaRule::Winding,
        FillRule::EvenOdd => SkiaRule::EvenOdd,
    }
}

fn colour(c: Colour) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.rgb.0, c.rgb.1, c.rgb.2, c.alpha)
}

/// Fill or stroke `path` on `pixmap` as `how` says, within `clip` where given.
fn draw(pixmap: &mut Pixmap, path: &tiny_skia::Path, how: Paint, clip: Option<&Mask>) {
    match how {
        Paint::Fill(c, rule) => {
            pixmap.fill_path(
                path,
                &paint(c),
                skia_rule(rule),
                Transform::identity(),
                clip,
            );
        }
        Paint::Stroke(c, width) => {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            pixmap.stroke_path(path, &paint(c), &stroke, Transform::identity(), clip);
        }
    }
}

fn paint(c: Colour) -> SkiaPaint<'static> {
    let mut paint = SkiaPaint::default();
    paint.set_color(colour(c));
    paint.anti_alias = true;
    paint
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::hatched::scene;
    use crate::draw::raster::{Look, Style};

    /// Every layer's path `path_of` leaves segments out of paints a band as the band's
    /// pieces whole do, pixel for pixel, filled, stroked or clipping.
    #[test]
    fn a_band_is_painted_as_by_the_whole_path_though_far_segments_are_left_out() {
        let recipe = "dv1 seed=4 width=60 height=40 rooms=30 connect=nearest";
        let d = dungeon_generator::generate(&recipe.parse().unwrap()).unwrap();
        let style = Style {
            cell_size: 9,
            grid: true,
            look: Look {
                hatched: true,
                distance: true,
                doors: true,
                ..Look::default()
            },
        };
        let scene = scene(&d, &style);
        let rows = 27;
        let bands = Bands::new(scene.clone(), rows);
        let layers = scene.clip.iter().chain(&scene.layers);
        let mut culled = 0;
        for (layer, index) in layers.zip(&bands.index) {
            for band in 0..bands.count() {
                let top = band * rows;
                let pieces = pieces_in(index, band);
                // The band's pieces whole, as the whole picture's band takes them.
                let (Some(some), Some(whole)) = (
                    path_of(layer, pieces, (top, rows)),
                    path_of(layer, pieces, (0, scene.height)),
                ) else {
                    continue;
                };
                culled += usize::from(some.len() < whole.len());
                let whole = whole
                    .transform(Transform::from_translate(0.0, -(top as f32)))
                    .unwrap();
                let paint = |path: &tiny_skia::Path| {
                    let mut pixmap = Pixmap::new(scene.width, rows).unwrap();
                    draw(&mut pixmap, path, layer.paint, None);
                    pixmap.take()
                };
                assert!(
                    paint(&some) == paint(&whole),
                    "{:?}, band {band}",
                    layer.paint
                );
            }
        }
        assert!(culled > 20, "{culled} bands left segments out");
    }
}
