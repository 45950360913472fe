//! Replaying a generation: the dungeon as it stood after each step, read off the finished
//! one, so that generating pays nothing for it.
//!
//! A step is one cell: first each room's cells, room after room in creation order and each
//! room's in the order it grew (nearest its start first), then each path's cells, path
//! after path in the map's order and each from its first room to its last. After every
//! step the replay is a whole [`Dungeon`] (drawn like any other); after the last it is the
//! dungeon itself.

use crate::model::dungeon::Dungeon;
use crate::model::parts::Path;
use crate::model::parts::Room;

/// The steps of one dungeon's generation.
///
/// ```
/// use dungeon_generator::{Replay, generate};
///
/// let dungeon = generate(&"dv1 seed=3 rooms=4".parse()?)?;
/// let replay = Replay::new(&dungeon);
/// // The first step is one cell of the first room; the last is the dungeon itself.
/// assert_eq!(replay.at(1).rooms()[0].cells().len(), 1);
/// assert_eq!(replay.at(replay.len()), dungeon);
/// // At most 100 frames for an animation, evenly spread.
/// assert_eq!(replay.frames(100).len(), 100);
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Replay<'a> {
    dungeon: &'a Dungeon,
    room_cells: usize,
    path_steps: usize,
}

impl<'a> Replay<'a> {
    #[must_use]
    /// The replay of `dungeon`, at its first step.
    pub fn new(dungeon: &'a Dungeon) -> Self {
        Self {
            dungeon,
            room_cells: dungeon.rooms().iter().map(|r| r.cells().len()).sum(),
            path_steps: dungeon.paths().iter().map(|p| p.cells.len()).sum(),
        }
    }

    /// How many steps there are: room cells plus path steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.room_cells + self.path_steps
    }

    /// Whether there is no step at all (a map without rooms).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The steps that are room cells; path steps follow them.
    #[must_use]
    pub fn room_steps(&self) -> usize {
        self.room_cells
    }

    /// The dungeon as it stood after the first `steps` steps (all of them from
    /// [`Replay::len`] on, when it equals the dungeon replayed).
    #[must_use]
    pub fn at(&self, steps: usize) -> Dungeon {
        let dungeon = self.dungeon;
        let rooms = first_cells(dungeon.rooms(), steps, Room::cells, |r, cells| {
            Room::of(cells, r.colour()).made_by(r.kind())
        });
        let paths = first_cells(
            dungeon.paths(),
            steps.saturating_sub(self.room_cells),
            |p| &p.cells,
            |p, cells| Path { cells, ..p.clone() },
        );
        let slots = dungeon.slots()[..dungeon.slots().len().min(rooms.len())].to_vec();
        Dungeon::assemble(dungeon.recipe(), rooms, paths).with_slots(slots)
    }

    /// The step counts to show in at most `most` frames (at least one), evenly spread
    /// and ending with every step; one frame a step when there are no more steps than
    /// frames. An empty replay has one frame, of no steps.
    #[must_use]
    pub fn frames(&self, most: usize) -> Vec<usize> {
        let (len, most) = (self.len(), most.max(1));
        if len <= most {
            return (1..=len.max(1)).map(|k| k.min(len)).collect();
        }
        (1..=most).map(|i| i * len / most).collect()
    }
}

/// The items of `all` cut to their first `steps` cells in all: whole items while the
/// steps last, then the one they end in (if it got any cell), made by `cut`.
fn first_cells<T, C>(
    all: &[T],
    mut steps: usize,
    cells: impl Fn(&T) -> &[C],
    cut: impl Fn(&T, Vec<C>) -> T,
) -> Vec<T>
where
    C: Clone,
{
    let mut kept = Vec::new();
    for item in all {
        let len = cells(item).len();
        if steps == 0 {
            break;
        }
        kept.push(cut(item, cells(item)[..len.min(steps)].to_vec()));
        steps = steps.saturating_sub(len);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::tile::Tile;
    use crate::generate::generate;
    use crate::model::recipe::Recipe;

    fn dungeon(text: &str) -> Dungeon {
        generate(&text.parse::<Recipe>().unwrap()).unwrap()
    }

    /// Cells that are not free ground.
    fn taken(d: &Dungeon) -> usize {
        d.tiles()
            .as_slice()
            .iter()
            .filter(|t| **t != Tile::FREE)
            .count()
    }

    #[test]
    fn the_last_step_is_the_dungeon_and_the_first_is_one_room_cell() {
        let map = dungeon("dv1 seed=3 rooms=6");
        let replay = Replay::new(&map);
        assert_eq!(replay.at(replay.len()), map);
        assert_eq!(replay.at(replay.len() + 5), map);
        let first = replay.at(1);
        assert_eq!(first.rooms().len(), 1);
        assert_eq!(first.rooms()[0].cells(), vec![map.rooms()[0].cells()[0]]);
        assert_eq!(taken(&first), 1);
        assert_eq!(taken(&replay.at(0)), 0);
    }

    #[test]
    fn each_step_adds_at_most_one_cell_and_paths_come_after_rooms() {
        let map = dungeon("dv1 seed=5 rooms=4 room-size=20 width=24 height=20");
        let replay = Replay::new(&map);
        let mut before = 0;
        for k in 0..=replay.len() {
            let now = taken(&replay.at(k));
            assert!(
                now == before || now == before + 1,
                "step {k}: {before} to {now}"
            );
            if k <= replay.room_steps() {
                assert_eq!(now, k, "every room step claims a cell");
                assert!(replay.at(k).paths().is_empty());
            }
            before = now;
        }
    }

    #[test]
    fn frames_are_spread_evenly_and_end_with_every_step() {
        let map = dungeon("dv1 seed=2");
        let replay = Replay::new(&map);
        let frames = replay.frames(100);
        assert_eq!(frames.len(), 100);
        assert_eq!(frames.last(), Some(&replay.len()));
        assert!(frames.windows(2).all(|w| w[0] < w[1]));
        let all = replay.frames(usize::MAX);
        assert_eq!(all, (1..=replay.len()).collect::<Vec<_>>());
    }
}
