//! The `chain` connection style, the original's: each room joined to the next one
//! made. Paths may cross the whole map, and on big maps they run side by side.
//!
//! Under a recipe's own `corridors-seed` the chain takes a new order, a shuffle of the
//! rooms drawn from that seed (its own stage, [`Stage::ChainOrder`]), so that re-rolling
//! the corridors re-rolls which rooms follow each other too.

use crate::base::streams::{Stage, below, stream};

/// `(0, 1), (1, 2), …` for `rooms` rooms in creation order, or in the order `shuffle`
/// (a corridors seed) draws.
#[must_use]
pub fn pairs(rooms: usize, shuffle: Option<u64>) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..rooms).collect();
    if let Some(seed) = shuffle {
        // Fisher–Yates, from the last room down.
        let mut rng = stream(seed, Stage::ChainOrder, 0);
        for i in (1..rooms).rev() {
            let j = below(&mut rng, i as u32 + 1) as usize;
            order.swap(i, j);
        }
    }
    order.windows(2).map(|w| (w[0], w[1])).collect()
}
