//! Connection styles: which rooms get a corridor between them, the recipe's `connect`,
//! chosen at one `match` in [`pairs`] (one file per style). How each pair is joined is the
//! corridor style's business ([`crate::generate::corridors`]).

mod chain;
mod facing;
mod loops;
mod nearest;

use crate::base::bits::BitGrid;
use crate::model::Error;
use crate::model::parts::Room;
use crate::model::progress::Progress;
use crate::model::recipe::Connect;

/// The pairs of rooms (indices into `rooms`) to join, in the order their paths are made.
/// `loops` is the share of extra corridors for [`Connect::Loops`]; `shuffle`, a recipe's own
/// corridors seed, gives [`Connect::Chain`] a new order. Every style joins every room to
/// every other, directly or through others.
///
/// # Errors
/// [`Error::Cancelled`] when `progress` is cancelled while the rooms that face each other
/// are found.
pub fn pairs(
    style: Connect,
    free: &BitGrid,
    rooms: &[Room],
    (loops, shuffle): (f64, Option<u64>),
    progress: &Progress,
) -> Result<Vec<(usize, usize)>, Error> {
    let facing =
        || facing::Facing::new(free, rooms, || progress.is_cancelled()).ok_or(Error::Cancelled);
    Ok(match style {
        Connect::Chain => chain::pairs(rooms.len(), shuffle),
        Connect::Nearest => nearest::pairs(&facing()?, rooms.len()),
        Connect::Loops => loops::pairs(&facing()?, rooms.len(), loops),
    })
}
