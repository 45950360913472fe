//! Readability figures summed over many maps, for measuring kinds of dungeon.

use dungeon_generator::Dungeon;

use super::Figures;

/// Figures summed over many maps, with the rooms asked for and placed and the paths made,
/// and the shares the readability goals are stated in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Maps added.
    pub maps: u32,
    /// Rooms their recipes asked for.
    pub rooms_asked: u64,
    /// Rooms placed.
    pub rooms_placed: u64,
    /// Paths made.
    pub paths: u64,
    /// Each figure summed; `connected` when every map was.
    pub sum: Figures,
}

impl Tally {
    /// Count `dungeon` in.
    pub fn add(&mut self, dungeon: &Dungeon) {
        let f = Figures::of(dungeon);
        let s = &mut self.sum;
        s.connected = self.maps == 0 || s.connected;
        self.maps += 1;
        self.rooms_asked += u64::from(dungeon.recipe().rooms);
        self.rooms_placed += dungeon.rooms().len() as u64;
        self.paths += dungeon.paths().len() as u64;
        s.rooms_touching += f.rooms_touching;
        s.rooms_under_half += f.rooms_under_half;
        s.rooms_not_rooms += f.rooms_not_rooms;
        s.corridor_cells += f.corridor_cells;
        s.corridor_in_blocks += f.corridor_in_blocks;
        s.corridor_beside += f.corridor_beside;
        s.zero_length_paths += f.zero_length_paths;
        s.turns += f.turns;
        s.dead_ends += f.dead_ends;
        s.loops += f.loops;
        s.longest_route = s.longest_route.max(f.longest_route);
        s.connected &= f.connected;
        s.corridor_along_rooms += f.corridor_along_rooms;
        s.rooms_sharing_edges += f.rooms_sharing_edges;
        s.doors_open_beside += f.doors_open_beside;
        s.rooms_behind_no_door += f.rooms_behind_no_door;
    }

    /// Percent of the corridor cells that run along a room away from a door.
    #[must_use]
    pub fn along_rooms_percent(&self) -> f64 {
        percent(self.sum.corridor_along_rooms, self.sum.corridor_cells)
    }

    /// Whether every map was closed: no corridor along a room, no rooms sharing an edge,
    /// no door with an opening beside it, every room reached through doors.
    #[must_use]
    pub fn closed(&self) -> bool {
        let s = &self.sum;
        s.corridor_along_rooms == 0
            && s.rooms_sharing_edges == 0
            && s.doors_open_beside == 0
            && s.rooms_behind_no_door == 0
    }

    /// Percent of the rooms asked for that were placed.
    #[must_use]
    pub fn placed_percent(&self) -> f64 {
        percent(self.rooms_placed, self.rooms_asked)
    }

    /// Percent of the placed rooms that touch another.
    #[must_use]
    pub fn touching_percent(&self) -> f64 {
        percent(u64::from(self.sum.rooms_touching), self.rooms_placed)
    }

    /// Percent of the placed rooms that are not rooms (tiny or thin).
    #[must_use]
    pub fn not_rooms_percent(&self) -> f64 {
        percent(u64::from(self.sum.rooms_not_rooms), self.rooms_placed)
    }

    /// Percent of the corridor cells in a 2×2 block of corridor.
    #[must_use]
    pub fn in_blocks_percent(&self) -> f64 {
        percent(self.sum.corridor_in_blocks, self.sum.corridor_cells)
    }

    /// Percent of the corridor cells beside another corridor they do not share.
    #[must_use]
    pub fn beside_percent(&self) -> f64 {
        percent(self.sum.corridor_beside, self.sum.corridor_cells)
    }

    /// Mean turns a path.
    #[must_use]
    pub fn turns_per_path(&self) -> f64 {
        self.sum.turns as f64 / self.paths.max(1) as f64
    }
}

/// `part` as a percent of `whole` (0 when `whole` is).
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
