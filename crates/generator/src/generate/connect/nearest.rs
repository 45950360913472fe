//! The `nearest` connection style: a spanning tree over the rooms that face each other,
//! shortest corridors first (Kruskal's), so every room is joined by short corridors and
//! none crosses the map. Which rooms face each other, and how far apart, comes from one
//! flood from every room at once ([`super::facing`]).

use super::facing::{Facing, tree_and_rest};

/// The tree's pairs, shortest first: `rooms − 1` of them.
#[must_use]
pub fn pairs(facing: &Facing, rooms: usize) -> Vec<(usize, usize)> {
    let (tree, _) = tree_and_rest(facing, rooms);
    tree.iter().map(|e| (e.a, e.b)).collect()
}
