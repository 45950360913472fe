//! The `chain` connection style, the original's: each room joined to the next one
//! made. Paths may cross the whole map, and on big maps they run side by side.

/// `(0, 1), (1, 2), …` for `rooms` rooms.
#[must_use]
pub fn pairs(rooms: usize) -> Vec<(usize, usize)> {
    (1..rooms).map(|b| (b - 1, b)).collect()
}
