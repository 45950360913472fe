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

use super::{Colour, FillRule, Layer, Paint, Scene, Segment};

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
                if let Some(path) = path_of(clip, pieces_in(&self.index[0], band), top) {
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
            let Some(path) = path_of(layer, pieces_in(pieces, band), top) else {
                continue;
            };
            let clip = if layer.clipped { mask.as_ref() } else { None };
            if layer.clipped && clip.is_none() {
                continue;
            }
            match layer.paint {
                Paint::Fill(c, rule) => {
                    pixmap.fill_path(
                        &path,
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
                    pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), clip);
                }
            }
        }
        pixmap.take()
    }
}

/// The pieces of band `band` in a layer's index.
fn pieces_in(index: &[Vec<u32>], band: u32) -> &[u32] {
    index.get(band as usize).map_or(&[], |pieces| &pieces[..])
}

/// The path of `pieces` of `layer`, moved up by `top` pixels; `None` when empty.
fn path_of(layer: &Layer, pieces: &[u32], top: u32) -> Option<tiny_skia::Path> {
    if pieces.is_empty() {
        return None;
    }
    let top = top as f32;
    let mut path = PathBuilder::new();
    for &i in pieces {
        let piece = &layer.pieces[i as usize];
        for segment in &layer.segments[piece.segments.clone()] {
            match *segment {
                Segment::Move(p) => path.move_to(p.x, p.y - top),
                Segment::Line(p) => path.line_to(p.x, p.y - top),
                Segment::Quad(c, p) => path.quad_to(c.x, c.y - top, p.x, p.y - top),
                Segment::Close => path.close(),
            }
        }
    }
    path.finish()
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

fn paint(c: Colour) -> SkiaPaint<'static> {
    let mut paint = SkiaPaint::default();
    paint.set_color(colour(c));
    paint.anti_alias = true;
    paint
}
