//! Pictures as vector shapes: a [`Scene`] is layers of paths (lines and quadratic curves),
//! each filled or stroked in one colour, painted in order over a background, some of them
//! only inside the scene's clip. It is described once and drawn twice: into pixels by
//! `tiny-skia` ([`render`]), and as the same paths into an SVG
//! ([`crate::formats::svg`]).
//!
//! Coordinates are pixels of the picture, `y` down, as `f32` (what the rasterizer takes):
//! whoever builds a scene works out its geometry once and scales it here. Every path is
//! made of pieces (one or more closed or open subpaths), each knowing the rows of pixels it
//! reaches, so that a band of the picture is drawn from the pieces that reach it only.

pub mod render;

use dungeon_generator::Rgb;

/// A point of a picture, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Pixels from the left edge.
    pub x: f32,
    /// Pixels from the top edge.
    pub y: f32,
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    /// Start a subpath at the point.
    Move(Point),
    /// A straight line to the point.
    Line(Point),
    /// A quadratic Bézier curve through the control point (first) to the point.
    Quad(Point, Point),
    /// Close the subpath with a line back to its start.
    Close,
}

/// A colour with its opacity (255 opaque).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// The colour.
    pub rgb: Rgb,
    /// Its opacity, 0 to 255.
    pub alpha: u8,
}

impl Colour {
    /// `rgb`, opaque.
    #[must_use]
    pub const fn opaque(rgb: Rgb) -> Self {
        Self { rgb, alpha: 255 }
    }
}

/// Which parts of a path a fill covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillRule {
    /// Inside any subpath that winds around the point (overlapping shapes are one).
    NonZero,
    /// Inside an odd number of subpaths (a ring inside a ring is a hole).
    EvenOdd,
}

/// How a layer's path is painted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Paint {
    /// Filled with a colour.
    Fill(Colour, FillRule),
    /// Stroked with a colour, `width` pixels wide, with round caps and joins.
    Stroke(Colour, f32),
}

/// Some subpaths of a layer and the rows of pixels they reach (stroke width aside).
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    segments: std::ops::Range<usize>,
    top: f32,
    bottom: f32,
}

/// One path painted one way.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// How it is painted.
    pub paint: Paint,
    /// Whether it is painted only inside the scene's clip.
    pub clipped: bool,
    segments: Vec<Segment>,
    pieces: Vec<Piece>,
}

impl Layer {
    /// An empty layer painted with `paint`, everywhere.
    #[must_use]
    pub fn new(paint: Paint) -> Self {
        Self {
            paint,
            clipped: false,
            segments: Vec::new(),
            pieces: Vec::new(),
        }
    }

    /// The same, painted only inside the scene's clip.
    #[must_use]
    pub fn clipped(self) -> Self {
        Self {
            clipped: true,
            ..self
        }
    }

    /// Add a piece made of `segments`, whole subpaths starting with a move. Empty pieces
    /// are left out.
    pub fn push(&mut self, segments: impl IntoIterator<Item = Segment>) {
        let start = self.segments.len();
        self.segments.extend(segments);
        let added = &self.segments[start..];
        let ys = added.iter().flat_map(|s| match *s {
            Segment::Move(p) | Segment::Line(p) => [Some(p.y), None],
            Segment::Quad(c, p) => [Some(c.y), Some(p.y)],
            Segment::Close => [None, None],
        });
        let (top, bottom) = ys
            .flatten()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(t, b), y| {
                (t.min(y), b.max(y))
            });
        if top <= bottom {
            self.pieces.push(Piece {
                segments: start..self.segments.len(),
                top,
                bottom,
            });
        } else {
            self.segments.truncate(start);
        }
    }

    /// Every segment, piece after piece.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether it has nothing to paint.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// How far outside its pieces' points it paints: half a stroke's width.
    fn reach(&self) -> f32 {
        match self.paint {
            Paint::Fill(..) => 0.0,
            Paint::Stroke(_, width) => width / 2.0,
        }
    }
}

/// A picture as layers of shapes over a background.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The colour under everything.
    pub background: Rgb,
    /// The path that clipped layers are painted inside of, filled by its fill rule; its
    /// paint's colour is not used.
    pub clip: Option<Layer>,
    /// The layers, painted in order.
    pub layers: Vec<Layer>,
}
