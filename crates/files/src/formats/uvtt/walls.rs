//! The walls of a Universal VTT map as Dungeondraft writes them: each closed outline as one
//! polyline that ends on its first point, each open run as one polyline, with a point only
//! where the wall turns. Importers join consecutive points of an entry into walls, so no
//! entry ever repeats a point or continues another in a straight line.
//!
//! A wall lies on every cell edge between a walkable cell and rock or the map's edge, and on
//! every edge between a room's cell and a path cell that is not a door: closing a room's
//! doors shuts it off from its corridors, where a corridor runs along a room as well.

use std::collections::BTreeSet;

use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::TileKind;

/// A corner of the grid: (x, y) in cells, origin top-left.
pub type Corner = (u32, u32);

/// The unit edges of the grid that are walls, as bits.
struct Edges {
    width: u32,
    height: u32,
    /// Edge from (x, y) to (x + 1, y), at `y * width + x`.
    across: Vec<bool>,
    /// Edge from (x, y) to (x, y + 1), at `y * (width + 1) + x`.
    down: Vec<bool>,
}

/// A way along the grid lines from a corner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Right,
    Down,
    Left,
    Up,
}

impl Way {
    /// In the order a trace tries them after going straight on.
    const ALL: [Way; 4] = [Way::Right, Way::Down, Way::Left, Way::Up];
}

impl Edges {
    /// The walls of `dungeon`.
    fn of(dungeon: &Dungeon) -> Self {
        let (width, height) = (dungeon.width(), dungeon.height());
        let doors: BTreeSet<(Pos, Pos)> = dungeon
            .features()
            .doors
            .iter()
            .flat_map(|d| [(d.cell, d.outside), (d.outside, d.cell)])
            .collect();
        let tile = |x: i64, y: i64| {
            let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
            dungeon.tile(Pos::new(x, y)).filter(|t| t.is_walkable())
        };
        // Whether the edge between cells a and b (either may be off the map) is a wall.
        let wall = |a: (i64, i64), b: (i64, i64)| match (tile(a.0, a.1), tile(b.0, b.1)) {
            (Some(s), Some(t)) => {
                let room_and_path = matches!(
                    (s.kind(), t.kind()),
                    (TileKind::Room(_), TileKind::Path) | (TileKind::Path, TileKind::Room(_))
                );
                let pos = |(x, y): (i64, i64)| Pos::new(x as u32, y as u32);
                room_and_path && !doors.contains(&(pos(a), pos(b)))
            }
            (s, t) => s.is_some() != t.is_some(),
        };
        let mut across = vec![false; width as usize * (height as usize + 1)];
        for y in 0..=i64::from(height) {
            for x in 0..i64::from(width) {
                across[(y * i64::from(width) + x) as usize] = wall((x, y - 1), (x, y));
            }
        }
        let mut down = vec![false; (width as usize + 1) * height as usize];
        for y in 0..i64::from(height) {
            for x in 0..=i64::from(width) {
                down[(y * (i64::from(width) + 1) + x) as usize] = wall((x - 1, y), (x, y));
            }
        }
        Self {
            width,
            height,
            across,
            down,
        }
    }

    /// The slot of the edge from corner `c` going `way`; `None` off the grid.
    fn slot(&mut self, (x, y): Corner, way: Way) -> Option<&mut bool> {
        let (w, h) = (self.width, self.height);
        match way {
            Way::Right if x < w => self.across.get_mut((y * w + x) as usize),
            Way::Left if x > 0 => self.across.get_mut((y * w + x - 1) as usize),
            Way::Down if y < h => self.down.get_mut((y * (w + 1) + x) as usize),
            Way::Up if y > 0 => self.down.get_mut(((y - 1) * (w + 1) + x) as usize),
            _ => None,
        }
    }

    /// Whether a wall not yet traced leaves `c` going `way`.
    fn has(&mut self, c: Corner, way: Way) -> bool {
        self.slot(c, way).is_some_and(|e| *e)
    }

    /// How many walls not yet traced meet at `c`.
    fn degree(&mut self, c: Corner) -> usize {
        Way::ALL.iter().filter(|&&w| self.has(c, w)).count()
    }

    /// Follow walls from `start`, straight on where it can, taking each as it goes, until
    /// none is left at the corner reached: the corners where the line turns, both ends
    /// included.
    fn trace(&mut self, start: Corner) -> Vec<Corner> {
        let mut line = vec![start];
        let (mut at, mut ahead) = (start, None);
        while let Some(way) = ahead.into_iter().chain(Way::ALL).find(|&w| self.has(at, w)) {
            if let Some(edge) = self.slot(at, way) {
                *edge = false;
            }
            at = match way {
                Way::Right => (at.0 + 1, at.1),
                Way::Left => (at.0 - 1, at.1),
                Way::Down => (at.0, at.1 + 1),
                Way::Up => (at.0, at.1 - 1),
            };
            match line.last_mut() {
                Some(last) if ahead == Some(way) => *last = at,
                _ => line.push(at),
            }
            ahead = Some(way);
        }
        line
    }
}

/// The walls of `dungeon` as polylines: first the open runs, each from a corner where an
/// odd number of walls meet, then the closed outlines, each ending on its first corner.
/// Corners are visited row by row, so the same map gives the same lines.
#[must_use]
pub fn polylines(dungeon: &Dungeon) -> Vec<Vec<Corner>> {
    let mut edges = Edges::of(dungeon);
    let corners: Vec<Corner> = (0..=edges.height)
        .flat_map(|y| (0..=edges.width).map(move |x| (x, y)))
        .collect();
    let mut lines = Vec::new();
    for odd in [true, false] {
        for &c in &corners {
            loop {
                let degree = edges.degree(c);
                if degree == 0 || (degree % 2 == 1) != odd {
                    break;
                }
                lines.push(edges.trace(c));
            }
        }
    }
    lines
}
