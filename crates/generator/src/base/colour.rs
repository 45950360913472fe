//! Colours: the RGB type and the random, always visible colour of a room.

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

#[cfg(test)]
mod tests {
    use super::*;

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
