//! Colours: the RGB type, the random, always visible colour of a room, and how alike two
//! colours look.

use rand::{Rng, RngExt};
/// An opaque colour, 8 bits a channel.
///
/// ```
/// use dungeon_generator::{Rgb, generate};
///
/// let dungeon = generate(&"dv1 seed=2 rooms=3".parse()?)?;
/// let Rgb(r, g, b) = dungeon.rooms()[0].colour();
/// // Every room's colour stands out from the black paths and the grey rock.
/// assert!(dungeon.rooms()[0].colour().is_visible_room_colour());
/// assert_eq!(Rgb(r, g, b).inverted(), Rgb(255 - r, 255 - g, 255 - b));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "[u8; 3]", from = "[u8; 3]"))]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// pygame's "gray33", the original background.
    pub const GRAY33: Rgb = Rgb(84, 84, 84);
    /// Paths.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// pygame's "darkblue", the original grid lines.
    pub const DARK_BLUE: Rgb = Rgb(0, 0, 139);

    /// Straight-line distance in RGB space.
    #[must_use]
    pub fn distance(self, other: Rgb) -> f64 {
        let d = |a: u8, b: u8| f64::from(a) - f64::from(b);
        let (r, g, b) = (d(self.0, other.0), d(self.1, other.1), d(self.2, other.2));
        (r * r + g * g + b * b).sqrt()
    }

    /// The opposite colour, every channel turned around.
    #[must_use]
    pub fn inverted(self) -> Rgb {
        Rgb(255 - self.0, 255 - self.1, 255 - self.2)
    }

    /// Whether a room in this colour stands out from black paths and the gray33 background.
    #[must_use]
    pub fn is_visible_room_colour(self) -> bool {
        self.distance(Rgb::BLACK) >= MIN_FROM_BLACK && self.distance(Rgb::GRAY33) >= MIN_FROM_GRAY
    }
}

impl From<Rgb> for [u8; 3] {
    fn from(c: Rgb) -> Self {
        [c.0, c.1, c.2]
    }
}

impl From<[u8; 3]> for Rgb {
    fn from([r, g, b]: [u8; 3]) -> Self {
        Rgb(r, g, b)
    }
}

/// How far a room colour stays from black paths.
const MIN_FROM_BLACK: f64 = 110.0;
/// How far a room colour stays from the gray33 background.
const MIN_FROM_GRAY: f64 = 70.0;
/// Draws before giving up on chance; the inverted last draw is always visible.
const DRAWS: usize = 8;

/// A random room colour like the original's `Color(randint(0, 255), ...)`, redrawn while it
/// is too close to black or to the background. After a few unlucky draws the last one is
/// inverted instead, which always lands far from both, so this never loops for long.
pub fn room_colour<R: Rng + ?Sized>(rng: &mut R) -> Rgb {
    let mut colour = Rgb::BLACK;
    for _ in 0..DRAWS {
        colour = Rgb(rng.random(), rng.random(), rng.random());
        if colour.is_visible_room_colour() {
            return colour;
        }
    }
    colour.inverted()
}

/// How far apart in Lab (CIE 1976 ΔE) two room colours must be for no one to take one
/// for the other in a picture: about ten times the least difference a person notices
/// side by side (2.3), so that two rooms apart on a map, or on a printed page, still read
/// as two colours.
pub const MISTAKABLE: f64 = 25.0;

/// A colour in CIE L*a*b* (D65), where straight-line distance follows how different two
/// colours look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab(pub [f64; 3]);

impl Lab {
    /// `colour` (sRGB) in Lab.
    #[must_use]
    pub fn of(colour: Rgb) -> Lab {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (linear(colour.0), linear(colour.1), linear(colour.2));
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
        let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83;
        let f = |t: f64| {
            const EDGE: f64 = 6.0 / 29.0;
            if t > EDGE * EDGE * EDGE {
                t.cbrt()
            } else {
                t / (3.0 * EDGE * EDGE) + 4.0 / 29.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        Lab([116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)])
    }

    /// How different the two look: CIE 1976 ΔE.
    #[must_use]
    pub fn distance(self, other: Lab) -> f64 {
        let [a, b, c] = [0, 1, 2].map(|i| self.0[i] - other.0[i]);
        (a * a + b * b + c * c).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_puts_black_white_and_red_where_the_standard_does() {
        let close = |c: Rgb, lab: [f64; 3]| Lab::of(c).distance(Lab(lab)) < 0.05;
        assert!(close(Rgb(0, 0, 0), [0.0, 0.0, 0.0]));
        assert!(close(Rgb(255, 255, 255), [100.0, 0.0, 0.0]));
        assert!(close(Rgb(255, 0, 0), [53.24, 80.09, 67.20]));
    }

    #[test]
    fn shades_a_person_tells_apart_are_not_mistakable_and_near_ones_are() {
        let mistakable = |a: Rgb, b: Rgb| Lab::of(a).distance(Lab::of(b)) < MISTAKABLE;
        assert!(mistakable(Rgb(35, 53, 221), Rgb(35, 53, 221)));
        assert!(mistakable(Rgb(35, 53, 221), Rgb(45, 60, 210)));
        assert!(!mistakable(Rgb(35, 53, 221), Rgb(35, 160, 221)));
        assert!(!mistakable(Rgb(200, 40, 40), Rgb(40, 160, 40)));
    }

    #[test]
    fn inverting_a_colour_too_close_to_black_or_gray_makes_it_visible() {
        for r in (0..=255u8).step_by(5) {
            for g in (0..=255u8).step_by(5) {
                for b in (0..=255u8).step_by(5) {
                    let c = Rgb(r, g, b);
                    if !c.is_visible_room_colour() {
                        assert!(c.inverted().is_visible_room_colour(), "{c:?}");
                    }
                }
            }
        }
    }
}
