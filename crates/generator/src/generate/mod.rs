//! Making a map from a recipe: rooms placed one after another ([`rooms`]), the pairs of
//! rooms to join picked by the connection style ([`connect`]), and a path laid between
//! each pair in the corridor style ([`corridors`]). [`generate`] runs the stages as plain
//! calls in order, each drawing from its own seeded streams, so the same recipe gives the
//! same dungeon on every run and machine. Also here: replays of a finished generation and
//! the benchmark against a plain flood.

pub mod connect;
pub mod corridors;
mod generation;
pub mod levels;
pub mod replay;
pub mod rooms;

pub use generation::Generation;

use crate::model::Error;
use crate::model::dungeon::Dungeon;
use crate::model::progress::Progress;
use crate::model::recipe::Recipe;

/// Make the dungeon a recipe describes. The same recipe gives the same dungeon, always.
///
/// A recipe too crowded for all its rooms makes a map of those that fit:
/// [`Dungeon::shortfall`] says how many and why.
///
/// Big maps use every core (see [`Generation::run`] for when); to keep to the calling
/// thread, `Generation::new(&recipe)?.on_calling_thread().run(&Progress::default())` gives
/// the same map.
///
/// ```
/// use dungeon_generator::{Recipe, generate};
///
/// let recipe: Recipe = "dv1 seed=7 rooms=5".parse()?;
/// let dungeon = generate(&recipe)?;
/// assert_eq!(dungeon, generate(&recipe)?, "the same recipe, the same map");
/// assert_eq!((dungeon.rooms().len(), dungeon.paths().len()), (5, 4));
/// assert!(generate(&Recipe { rooms: 0, ..recipe }).is_err());
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
///
/// # Errors
/// When the recipe does not validate (see [`Recipe::validate`]): a value out of its
/// range, a margin too wide, a pin that cannot be kept, too many room cells, or a recipe
/// that would take too long.
pub fn generate(recipe: &Recipe) -> Result<Dungeon, Error> {
    Generation::new(recipe)?.run(&Progress::default())
}
