//! Animated GIF: pictures of one size, played in order and looped, for replays and sweeps.
//!
//! Each frame after the first holds only the rectangle of pixels that changed since the
//! frame before (kept under it), so a map growing cell by cell makes a small file. A frame
//! gets its own palette of the colours in that rectangle: exact whenever they are at most
//! 256, which maps of up to a couple of hundred rooms always are; beyond that the frame is
//! quantised (NeuQuant), close but not exact.

use std::collections::HashMap;
use std::io::{self, Write};

use gif::{DisposalMethod, Encoder, EncodingError, Frame, Repeat};

use crate::draw::pixels::Pixels;

/// The colours a GIF palette holds at most.
const PALETTE: usize = 256;

/// Writes frames of one size as an endlessly looping animated GIF.
pub struct GifWriter<W: Write> {
    encoder: Encoder<W>,
    size: (u16, u16),
    previous: Option<Pixels>,
}

impl<W: Write> GifWriter<W> {
    /// Start a GIF of `width × height` pixels on `out`.
    ///
    /// # Errors
    /// When a side is 0 or over 65 535 pixels (GIF's limit), or `out` cannot be written.
    pub fn new(out: W, width: u32, height: u32) -> io::Result<Self> {
        let side = |n: u32| u16::try_from(n).ok().filter(|&n| n > 0);
        let (Some(w), Some(h)) = (side(width), side(height)) else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a GIF is 1 to 65535 pixels a side, not {width}×{height}"),
            ));
        };
        let mut encoder = Encoder::new(out, w, h, &[]).map_err(io_error)?;
        encoder.set_repeat(Repeat::Infinite).map_err(io_error)?;
        Ok(Self {
            encoder,
            size: (w, h),
            previous: None,
        })
    }

    /// Add `pixels` as the next frame, shown for `delay` hundredths of a second.
    ///
    /// # Errors
    /// When the picture is not the GIF's size, or `out` cannot be written.
    pub fn frame(&mut self, pixels: Pixels, delay: u16) -> io::Result<()> {
        if (pixels.width(), pixels.height()) != (u32::from(self.size.0), u32::from(self.size.1)) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "a {}×{} frame in a {}×{} GIF",
                    pixels.width(),
                    pixels.height(),
                    self.size.0,
                    self.size.1
                ),
            ));
        }
        let (left, top, width, height) = match &self.previous {
            None => (0, 0, self.size.0, self.size.1),
            // Nothing changed: one pixel again, so the frame still counts.
            Some(before) => changed(before, &pixels).unwrap_or((0, 0, 1, 1)),
        };
        let mut rgb = Vec::with_capacity(usize::from(width) * usize::from(height) * 3);
        let row = pixels.width() as usize;
        for y in usize::from(top)..usize::from(top + height) {
            let start = y * row + usize::from(left);
            for px in &pixels.rgba_pixels()[start..start + usize::from(width)] {
                rgb.extend_from_slice(&px[..3]);
            }
        }
        let mut frame = match exact_palette(&rgb) {
            Some((palette, indices)) => Frame {
                width,
                height,
                palette: Some(palette),
                buffer: indices.into(),
                ..Frame::default()
            },
            None => Frame::from_rgb_speed(width, height, &rgb, 10),
        };
        frame.left = left;
        frame.top = top;
        frame.delay = delay;
        frame.dispose = DisposalMethod::Keep;
        self.encoder.write_frame(&frame).map_err(io_error)?;
        self.previous = Some(pixels);
        Ok(())
    }

    /// Finish the GIF; returns what it was written to.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub fn finish(self) -> io::Result<W> {
        self.encoder.into_inner().map_err(io_error)
    }
}

/// The smallest rectangle `(left, top, width, height)` holding every pixel that differs
/// between two pictures of one size; `None` when none does.
fn changed(before: &Pixels, after: &Pixels) -> Option<(u16, u16, u16, u16)> {
    let width = after.width() as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    let rows = before
        .rgba_pixels()
        .chunks(width)
        .zip(after.rgba_pixels().chunks(width));
    for (y, (a, b)) in rows.enumerate() {
        let Some(first) = a.iter().zip(b).position(|(p, q)| p != q) else {
            continue;
        };
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(first);
        (x0, x1) = (x0.min(first), x1.max(last));
        (y0, y1) = (y0.min(y), y);
    }
    // Sides were checked to fit in u16.
    let side = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    (y0 != usize::MAX).then(|| (side(x0), side(y0), side(x1 - x0 + 1), side(y1 - y0 + 1)))
}

/// A palette of the colours of `rgb` in the order they first come, and each pixel's index
/// in it; `None` when there are more than 256.
fn exact_palette(rgb: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut index: HashMap<[u8; 3], u8> = HashMap::new();
    let mut palette = Vec::new();
    let mut indices = Vec::with_capacity(rgb.len() / 3);
    for px in rgb.chunks_exact(3) {
        let colour = [px[0], px[1], px[2]];
        let i = match index.get(&colour) {
            Some(&i) => i,
            None => {
                let i = u8::try_from(index.len())
                    .ok()
                    .filter(|_| index.len() < PALETTE)?;
                index.insert(colour, i);
                palette.extend_from_slice(&colour);
                i
            }
        };
        indices.push(i);
    }
    Some((palette, indices))
}

fn io_error(e: EncodingError) -> io::Error {
    match e {
        EncodingError::Io(e) => e,
        other => io::Error::other(other.to_string()),
    }
}
