//! Where the map's picture sits in the window: fitting it, zooming at the pointer, panning,
//! and finding the cell under the pointer. Plain arithmetic, no window code.

/// A rectangle of the window, in screen pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// The picture's top-left corner on screen and how many screen pixels one of its pixels
/// takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub x: f32,
    pub y: f32,
    pub scale: f32,
}

/// How far one can zoom in: a picture pixel this many screen pixels wide.
const MAX_SCALE: f32 = 64.0;

impl View {
    /// A `width × height` picture fitted in `area`, centred: at the largest whole scale when
    /// it fits (so pixels stay crisp), else shrunk just enough. The corner lands on a whole
    /// screen pixel.
    #[must_use]
    pub fn fit(area: Area, width: f32, height: f32) -> View {
        let fits = (area.w / width.max(1.0)).min(area.h / height.max(1.0));
        let scale = if fits >= 1.0 {
            fits.floor()
        } else {
            fits.max(f32::EPSILON)
        };
        View {
            x: (area.x + (area.w - width * scale) / 2.0).round(),
            y: (area.y + (area.h - height * scale) / 2.0).round(),
            scale,
        }
    }

    /// Zoomed by `factor` around the screen point `(px, py)`, which keeps showing the same
    /// spot of the picture. The scale stays between a sixteenth of `fitted` (or of 1) and
    /// 64 (a picture pixel 64 screen pixels wide).
    #[must_use]
    pub fn zoom_at(self, px: f32, py: f32, factor: f32, fitted: View) -> View {
        let least = fitted.scale.min(1.0) / 16.0;
        let scale = (self.scale * factor).clamp(least, MAX_SCALE);
        let k = scale / self.scale;
        View {
            x: px - (px - self.x) * k,
            y: py - (py - self.y) * k,
            scale,
        }
    }

    /// Moved by `(dx, dy)` screen pixels.
    #[must_use]
    pub fn pan(self, dx: f32, dy: f32) -> View {
        View {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }

    /// The picture pixel under screen point `(px, py)`, if the point is on a
    /// `width × height` picture.
    #[must_use]
    pub fn pixel_at(self, px: f32, py: f32, width: u32, height: u32) -> Option<(u32, u32)> {
        let (ix, iy) = ((px - self.x) / self.scale, (py - self.y) / self.scale);
        let inside = ix >= 0.0 && iy >= 0.0 && ix < width as f32 && iy < height as f32;
        inside.then_some((ix as u32, iy as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Area = Area {
        x: 0.0,
        y: 0.0,
        w: 800.0,
        h: 700.0,
    };

    #[test]
    fn a_small_picture_is_fitted_at_a_whole_scale_and_centred() {
        let v = View::fit(AREA, 300.0, 200.0);
        assert_eq!(v.scale, 2.0);
        assert_eq!((v.x, v.y), (100.0, 150.0));
        let exact = View::fit(AREA, 800.0, 700.0);
        assert_eq!((exact.x, exact.y, exact.scale), (0.0, 0.0, 1.0));
    }

    #[test]
    fn a_big_picture_is_shrunk_to_fit() {
        let v = View::fit(AREA, 4096.0, 3584.0);
        assert!(v.scale < 1.0);
        assert!(4096.0 * v.scale <= 800.01 && 3584.0 * v.scale <= 700.01);
    }

    #[test]
    fn zooming_keeps_the_spot_under_the_pointer() {
        let v = View::fit(AREA, 300.0, 200.0);
        let before = v.pixel_at(250.0, 300.0, 300, 200).unwrap();
        let z = v.zoom_at(250.0, 300.0, 3.0, v);
        assert_eq!(z.scale, 6.0);
        assert_eq!(z.pixel_at(250.0, 300.0, 300, 200).unwrap(), before);
        // Never beyond the limits, whatever the wheel does.
        let far = (0..100).fold(v, |z, _| z.zoom_at(10.0, 10.0, 2.0, v));
        assert_eq!(far.scale, MAX_SCALE);
        let near = (0..100).fold(v, |z, _| z.zoom_at(10.0, 10.0, 0.5, v));
        assert_eq!(near.scale, 1.0 / 16.0);
    }

    #[test]
    fn panning_moves_the_picture_and_pixel_at_follows() {
        let v = View::fit(AREA, 300.0, 200.0).pan(-100.0, 50.0);
        assert_eq!(v.pixel_at(0.0, 200.0, 300, 200), Some((0, 0)));
        assert_eq!(v.pixel_at(0.0, 199.0, 300, 200), None);
        assert_eq!(v.pixel_at(599.0, 599.0, 300, 200), Some((299, 199)));
        assert_eq!(v.pixel_at(600.0, 599.0, 300, 200), None);
    }
}
