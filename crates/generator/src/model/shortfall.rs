//! A map with fewer rooms than its recipe asked for, and why: what a game must not miss.

/// Fewer rooms placed than the recipe asked for, and why: [`crate::Dungeon::shortfall`].
/// A map is still made (every room placed is joined); a game that wants every room can
/// turn it into an error, as it is one (`Error::Shortfall` with `?`).
///
/// ```
/// use dungeon_generator::{Error, Recipe, Shortfall, generate};
///
/// let crowded: Recipe = "dv1 width=8 height=8 rooms=50 room-size=5".parse()?;
/// let dungeon = generate(&crowded)?;
/// let short = dungeon.shortfall().expect("50 rooms do not fit on 8×8 cells");
/// assert!(matches!(short, Shortfall::Full { asked: 50, .. }));
/// assert_eq!(short.placed() as usize, dungeon.rooms().len());
/// assert_eq!(short.to_string(), format!("placed {} of 50 rooms: {}", short.placed(), short.why()));
/// // A game that wants every room it asked for:
/// let strict = || -> Result<(), Error> {
///     if let Some(short) = generate(&crowded)?.shortfall() {
///         return Err(short.into());
///     }
///     Ok(())
/// };
/// assert!(matches!(strict(), Err(Error::Shortfall(_))));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Shortfall {
    /// The map filled up: no free cell was left for another room (with `spacing`, none
    /// that far from the rooms placed).
    #[error("placed {placed} of {asked} rooms: {}", self.why())]
    Full {
        /// Rooms asked for.
        asked: u32,
        /// Rooms placed.
        placed: u32,
    },
    /// With `fit` move, the rooms that found no place to reach half their size were left
    /// out.
    #[error("placed {placed} of {asked} rooms: {}", self.why())]
    LeftOut {
        /// Rooms asked for.
        asked: u32,
        /// Rooms placed.
        placed: u32,
    },
}

impl Shortfall {
    /// Rooms the recipe asked for.
    #[must_use]
    pub const fn asked(self) -> u32 {
        match self {
            Shortfall::Full { asked, .. } | Shortfall::LeftOut { asked, .. } => asked,
        }
    }

    /// Rooms placed.
    #[must_use]
    pub const fn placed(self) -> u32 {
        match self {
            Shortfall::Full { placed, .. } | Shortfall::LeftOut { placed, .. } => placed,
        }
    }

    /// Why, in a few words: `the map is full`.
    #[must_use]
    pub const fn why(self) -> &'static str {
        match self {
            Shortfall::Full { .. } => "the map is full",
            Shortfall::LeftOut { .. } => "the others found no place where they fit",
        }
    }
}
