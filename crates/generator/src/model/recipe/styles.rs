//! The named styles a recipe picks from: room shapes, corridor styles and connection
//! styles. Each is an enum the recipe carries and the generator dispatches on at one
//! `match`, declared with its table by `choices!`: a new style is one line there (its
//! variant, its name in recipes and a few words for the help), one file and the arm of that
//! `match` the compiler then asks for.

/// A recipe key that picks one of a few named styles: what the key table reads of each.
pub(crate) trait Choice: Copy + PartialEq + 'static {
    /// Every style, the default first.
    const ALL: &'static [Self];
    /// Their names in recipes, in the same order.
    const NAMES: &'static [&'static str];
    /// A few words on each for the key's help (empty for none), in the same order.
    const GLOSSES: &'static [&'static str];

    /// Its place in [`Choice::ALL`].
    fn index(self) -> usize {
        Self::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }

    /// Its name in recipes.
    fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// Declares a style enum and its [`Choice`] table from one list, so that no style can be
/// missing from [`Choice::ALL`], from the names a recipe takes or from the key's help. Each
/// line is a variant, its name in recipes and a few words on it for the help (`""` for
/// none); the first is the default.
macro_rules! choices {
    (
        $(#[$meta:meta])*
        pub enum $enum:ident {
            $(#[$first_meta:meta])*
            $first:ident => $first_name:literal : $first_gloss:literal,
            $(
                $(#[$other_meta:meta])*
                $other:ident => $other_name:literal : $other_gloss:literal,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        pub enum $enum {
            $(#[$first_meta])*
            #[default]
            $first,
            $(
                $(#[$other_meta])*
                $other,
            )*
        }

        impl $enum {
            /// Every style, the default first.
            pub const ALL: &'static [Self] = &[$enum::$first, $($enum::$other),*];
            /// Their names in recipes, in the same order.
            pub const NAMES: &'static [&'static str] = &[$first_name, $($other_name),*];

            /// Its place in [`Self::ALL`].
            #[must_use]
            pub fn index(self) -> usize {
                Choice::index(self)
            }

            /// Its name in recipes.
            #[must_use]
            pub fn name(self) -> &'static str {
                Choice::name(self)
            }
        }

        impl Choice for $enum {
            const ALL: &'static [Self] = $enum::ALL;
            const NAMES: &'static [&'static str] = $enum::NAMES;
            const GLOSSES: &'static [&'static str] = &[$first_gloss, $($other_gloss),*];
        }
    };
}

choices! {
    /// The rooms' shape, the recipe's `shape`.
    ///
    /// ```
    /// use dungeon_generator::{Recipe, Shape, generate};
    ///
    /// assert_eq!(Shape::ALL.iter().map(|s| s.name()).collect::<Vec<_>>(), Shape::NAMES);
    /// let rect = Recipe { shape: Shape::Rect, ..Recipe::default() };
    /// assert_eq!(rect, "dv1 shape=rect".parse()?);
    /// // Each rectangular room fills the box around it.
    /// for room in generate(&rect)?.rooms() {
    ///     assert_eq!(room.cells().len() as u64, room.bounds().area());
    /// }
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    pub enum Shape {
        /// Grown cell by cell like a cave, the original's.
        Cave => "cave": "grown cell by cell",
        /// A whole rectangle, proportions within 1:3.
        Rect => "rect": "rectangles",
        /// Every cell within a number of steps of the centre.
        Diamond => "diamond": "",
        /// Two bars crossing at the centre.
        Cross => "cross": "two crossing bars",
        /// Each room one of the others, picked from its own stream.
        Mixed => "mixed": "each room picks one",
    }
}

choices! {
    /// How a corridor runs between two rooms, the recipe's `corridor`.
    ///
    /// ```
    /// use dungeon_generator::{Corridor, Recipe};
    ///
    /// let recipe = Recipe { corridor: Corridor::HalfRect, ..Recipe::default() };
    /// assert_eq!(recipe.to_string(), format!("{} corridor=half-rect", Recipe::default()));
    /// assert_eq!(Corridor::HalfRect.name(), "half-rect");
    /// ```
    pub enum Corridor {
        /// The shortest way through free cells, wiggled by randomness.
        Flood => "flood": "the shortest way, wiggled by randomness",
        /// thrig's box trick: one L between the rooms.
        HalfRect => "half-rect": "one L-shaped bend",
        /// The box trick repeated: a staircase of up to `bends` bends.
        Twisty => "twisty": "several bends, up to `bends`",
    }
}

choices! {
    /// What a room does where it has no room to grow, the recipe's `fit`.
    ///
    /// ```
    /// use dungeon_generator::{Fit, Recipe, Shortfall, generate};
    ///
    /// // Rooms that do not fit are left out, and the map says so.
    /// let crowded = Recipe { fit: Fit::Move, width: 12, height: 12, rooms: 9, ..Recipe::default() };
    /// let dungeon = generate(&crowded)?;
    /// assert!(matches!(dungeon.shortfall(), Some(Shortfall::LeftOut { asked: 9, .. })));
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    pub enum Fit {
        /// It grows smaller where it starts, as the original's did: it may come out tiny or
        /// thin.
        Shrink => "shrink": "as the original did: it may come out tiny or thin",
        /// It tries other places, a few of them, and is left out where none lets it reach
        /// half its size with a 2×2 block of floor.
        Move => "move": "it tries other places, and is left out where none lets it reach half \
                         its size: fewer rooms are placed",
    }
}

choices! {
    /// Which rooms get a corridor between them, the recipe's `connect`.
    ///
    /// ```
    /// use dungeon_generator::{Connect, Recipe, generate};
    ///
    /// // A tree of short corridors: one path fewer than rooms.
    /// let nearest = Recipe { connect: Connect::Nearest, rooms: 8, ..Recipe::default() };
    /// let dungeon = generate(&nearest)?;
    /// assert_eq!(dungeon.paths().len() + 1, dungeon.rooms().len());
    /// assert_eq!(Connect::ALL[Connect::Nearest.index()], Connect::Nearest);
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    pub enum Connect {
        /// Each room to the next one made, the original's.
        Chain => "chain": "each to the next one made, crossing the map",
        /// A spanning tree of the shortest corridors between rooms that face each other.
        Nearest => "nearest": "each to its nearest neighbours: short corridors, no cycles",
        /// The tree plus a share of the other short corridors, making circuits.
        Loops => "loops": "nearest plus extra short corridors that make circuits",
    }
}
