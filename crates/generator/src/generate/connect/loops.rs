//! The `loops` connection style: the `nearest` tree, then a share of the other pairs of
//! rooms that face each other, shortest first, so the dungeon has circuits instead of only
//! dead ends. The tree's pairs come first and in the same order as `nearest`'s, so moving
//! the share keeps every path of the tree as it was.

use super::facing::{Facing, tree_and_rest};

/// The tree's pairs, then `share` (0 to 1) of the other facing pairs, shortest first.
#[must_use]
pub fn pairs(facing: &Facing, rooms: usize, share: f64) -> Vec<(usize, usize)> {
    let (tree, rest) = tree_and_rest(facing, rooms);
    let extra = (share.clamp(0.0, 1.0) * rest.len() as f64).round() as usize;
    tree.iter()
        .chain(rest.iter().take(extra))
        .map(|e| (e.a, e.b))
        .collect()
}
