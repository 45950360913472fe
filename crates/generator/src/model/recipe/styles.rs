//! The named styles a recipe picks from: room shapes, corridor styles and connection
//! styles. Each is an enum the recipe carries and the generator dispatches on at one
//! `match`; a new style is one variant here, one name in its `NAMES`, one file and one arm
//! of that `match`.

/// A recipe key that picks one of a few named styles.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every style, the default first.
    const ALL: &'static [Self];
    /// Their names in recipes, in the same order.
    const NAMES: &'static [&'static str];

    /// Its place in [`Choice::ALL`].
    fn index(self) -> usize {
        Self::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }

    /// Its name in recipes.
    fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// The rooms' shape, the recipe's `shape`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shape {
    /// Grown cell by cell like a cave, the original's.
    #[default]
    Cave,
    /// A whole rectangle, proportions within 1:3.
    Rect,
    /// Every cell within a number of steps of the centre.
    Diamond,
    /// Two bars crossing at the centre.
    Cross,
    /// Each room one of the others, picked from its own stream.
    Mixed,
}

impl Choice for Shape {
    const ALL: &'static [Self] = &[
        Shape::Cave,
        Shape::Rect,
        Shape::Diamond,
        Shape::Cross,
        Shape::Mixed,
    ];
    const NAMES: &'static [&'static str] = &["cave", "rect", "diamond", "cross", "mixed"];
}

/// How a corridor runs between two rooms, the recipe's `corridor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Corridor {
    /// The shortest way through free cells, wiggled by randomness.
    #[default]
    Flood,
    /// thrig's box trick: one L between the rooms.
    HalfRect,
    /// The box trick repeated: a staircase of up to `bends` bends.
    Twisty,
}

impl Choice for Corridor {
    const ALL: &'static [Self] = &[Corridor::Flood, Corridor::HalfRect, Corridor::Twisty];
    const NAMES: &'static [&'static str] = &["flood", "half-rect", "twisty"];
}

/// What a room does where it has no room to grow, the recipe's `fit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Fit {
    /// It grows smaller where it starts, as the original's did: it may come out tiny or
    /// thin.
    #[default]
    Shrink,
    /// It tries other places, a few of them, and is left out where none lets it reach half
    /// its size with a 2×2 block of floor.
    Move,
}

impl Choice for Fit {
    const ALL: &'static [Self] = &[Fit::Shrink, Fit::Move];
    const NAMES: &'static [&'static str] = &["shrink", "move"];
}

/// Which rooms get a corridor between them, the recipe's `connect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Connect {
    /// Each room to the next one made, the original's.
    #[default]
    Chain,
    /// A spanning tree of the shortest corridors between rooms that face each other.
    Nearest,
    /// The tree plus a share of the other short corridors, making circuits.
    Loops,
}

impl Choice for Connect {
    const ALL: &'static [Self] = &[Connect::Chain, Connect::Nearest, Connect::Loops];
    const NAMES: &'static [&'static str] = &["chain", "nearest", "loops"];
}
