//! Where each room's number goes. A label must read: it lies inside the picture and clear
//! of every other label by the space between two of its digits, so that numbers do not run
//! together. And it must belong to its room, in the first of these ways
//! that it can:
//!
//! 1. wholly over the room's cells, the most interior cell first (the one farthest from the
//!    room's edge by steps through the room), centred on it before moved off it;
//! 2. its middle over one of the room's cells and more of it over that room than over any
//!    other room (a small room's label reaches over its neighbours);
//! 3. partly over the room, the rest over rock or paths only (no other room's cells).
//!
//! Within the second and third, a label over less of other rooms, then over more of its own,
//! is better. Rooms are labelled smallest first, since they have the fewest places; a room
//! whose label then has no place makes way: one label in the way of it moves elsewhere if
//! both then have a place. A room whose label still has none (a one-cell room inside
//! another room, a label wider than the picture) is left without one, and its number said.

use std::collections::HashMap;

use super::{Label, Labels, MIN_NUMBER_CELL, label_size, scale};
use dungeon_generator::{Dungeon, Grid, Pos, Rect, Room, TileKind};

/// Where the numbers of `dungeon`'s rooms go at `cell_size` pixels a cell: each label that
/// reads and belongs to its room (see the module's rules), and the rooms left without one;
/// below [`MIN_NUMBER_CELL`] pixels a cell, every room.
#[must_use]
pub fn place(dungeon: &Dungeon, cell_size: u32) -> Labels {
    let rooms = dungeon.rooms();
    if cell_size < MIN_NUMBER_CELL {
        return Labels {
            placed: Vec::new(),
            unplaced: (1..=rooms.len()).collect(),
        };
    }
    let mut order: Vec<usize> = (0..rooms.len()).collect();
    order.sort_by_key(|&i| (rooms[i].cells().len(), i));
    let mut placer = Placer {
        dungeon,
        n: cell_size,
        scale: scale(cell_size),
        placed: Vec::new(),
        near: HashMap::new(),
    };
    let mut unplaced = Vec::new();
    for room in order {
        match placer.best(room) {
            Some(label) => {
                placer.take(label);
            }
            None => unplaced.push(room),
        }
    }
    unplaced.retain(|&room| !placer.make_way(room));
    let mut placed: Vec<Label> = placer.placed.into_iter().flatten().collect();
    placed.sort_by_key(|l| (l.y, l.x));
    let mut unplaced: Vec<usize> = unplaced.into_iter().map(|room| room + 1).collect();
    unplaced.sort_unstable();
    Labels { placed, unplaced }
}

/// [`place`]'s labels, each moved to the middle of its room's most interior cells where it
/// then lies wholly over its room and clear of the other labels (the hatched look's
/// numbers, centred in their rooms); a label that cannot move stays where `place` put it.
#[must_use]
pub fn place_centred(dungeon: &Dungeon, cell_size: u32) -> Labels {
    let labels = place(dungeon, cell_size);
    let mut placer = Placer {
        dungeon,
        n: cell_size,
        scale: scale(cell_size),
        placed: Vec::new(),
        near: HashMap::new(),
    };
    for &label in &labels.placed {
        placer.take(label);
    }
    let n = f64::from(cell_size);
    for i in 0..labels.placed.len() {
        let Some(label) = placer.placed[i] else {
            continue;
        };
        let room = label.number - 1;
        let cells = depths(&dungeon.rooms()[room]);
        let deepest = cells.iter().map(|&(_, d)| d).max().unwrap_or(0);
        let middle: Vec<Pos> = cells
            .iter()
            .filter(|&&(_, d)| d == deepest)
            .map(|&(p, _)| p)
            .collect();
        let count = middle.len().max(1) as f64;
        let centre = |v: fn(Pos) -> u32| {
            middle.iter().map(|&p| f64::from(v(p)) + 0.5).sum::<f64>() / count * n
        };
        let (cx, cy) = (centre(|p| p.x), centre(|p| p.y));
        let x = (cx - f64::from(label.width) / 2.0).round() as i64;
        let y = (cy - f64::from(label.height) / 2.0).round() as i64;
        placer.placed[i] = None;
        let moved = placer
            .inside(label.number, x, y, label.width, label.height)
            .filter(|l| {
                placer.fit(l, room).is_some_and(|fit| fit.0 == WHOLLY) && placer.crowds(l).is_none()
            });
        placer.placed[i] = Some(label);
        if let Some(moved) = moved {
            placer.placed[i] = None;
            placer.take(moved);
        }
    }
    let mut placed: Vec<Label> = placer.placed.into_iter().flatten().collect();
    placed.sort_by_key(|l| (l.y, l.x));
    Labels {
        placed,
        unplaced: labels.unplaced,
    }
}

/// How well a label belongs to its room, better as greater: which of the module's ways
/// (3 is the first), then the fewest pixels over other rooms, then the most over its own.
type Fit = (u8, std::cmp::Reverse<u64>, u64);

/// The labels placed so far, and which cells each lies near.
struct Placer<'a> {
    dungeon: &'a Dungeon,
    /// Pixels a cell.
    n: u32,
    /// The font's scale, which is also the pixels of map at least between two labels.
    scale: u32,
    /// The labels placed, `None` where one was taken back.
    placed: Vec<Option<Label>>,
    /// For each cell, the labels placed whose box, widened by the gap between labels, lies
    /// over it.
    near: HashMap<Pos, Vec<usize>>,
}

impl Placer<'_> {
    /// The places where room `room`'s label reads and belongs to it, clear of the labels
    /// placed or not, each with how well it fits: the most interior cells first, and the
    /// label centred on a cell before moved off it.
    fn candidates(&self, room: usize) -> impl Iterator<Item = (Fit, Label)> + '_ {
        let number = room + 1;
        let (width, height) = label_size(number, self.scale);
        let n = i64::from(self.n);
        // Offsets of the label from centred on a cell, in half cells, nearest first: across
        // as far as the label still lies over the cell, and up or down by half a cell.
        let across = i64::from(width.div_ceil(self.n));
        let mut offsets: Vec<(i64, i64)> = (-across..=across)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .collect();
        offsets.sort_by_key(|&(dx, dy)| (dx.abs() + dy.abs(), dy, dx));
        by_depth(&self.dungeon.rooms()[room])
            .into_iter()
            .flat_map(move |p| {
                let (cx, cy) = (i64::from(p.x) * n + n / 2, i64::from(p.y) * n + n / 2);
                offsets.clone().into_iter().map(move |(dx, dy)| {
                    let x = cx - i64::from(width / 2) + dx * n / 2;
                    let y = cy - i64::from(height / 2) + dy * n / 2;
                    (x, y)
                })
            })
            .filter_map(move |(x, y)| {
                let label = self.inside(number, x, y, width, height)?;
                Some((self.fit(&label, room)?, label))
            })
    }

    /// The best place for room `room`'s label clear of those placed, if it has one: the
    /// first of those that fit best.
    fn best(&self, room: usize) -> Option<Label> {
        let mut best: Option<(Fit, Label)> = None;
        for (fit, label) in self.candidates(room) {
            if best.is_some_and(|(b, _)| b >= fit) || self.crowds(&label).is_some() {
                continue;
            }
            if fit.0 == WHOLLY {
                // Nothing fits better, and it comes first.
                return Some(label);
            }
            best = Some((fit, label));
        }
        best.map(|(_, label)| label)
    }

    /// Make way for room `room`'s label, which has no place: move one label in the way of
    /// one of its places elsewhere, if both then have a place. Whether it did.
    fn make_way(&mut self, room: usize) -> bool {
        let mut in_way: Vec<usize> = self
            .candidates(room)
            .filter_map(|(_, label)| self.crowds(&label))
            .collect();
        in_way.sort_unstable();
        in_way.dedup();
        for i in in_way {
            let Some(moved) = self.placed[i].take() else {
                continue;
            };
            if let Some(label) = self.best(room) {
                let at = self.take(label);
                if let Some(elsewhere) = self.best(moved.number - 1) {
                    self.take(elsewhere);
                    return true;
                }
                self.placed[at] = None;
            }
            self.placed[i] = Some(moved);
        }
        false
    }

    /// `number`'s label at (x, y), when it lies inside the picture.
    fn inside(&self, number: usize, x: i64, y: i64, width: u32, height: u32) -> Option<Label> {
        let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        let label = Label {
            number,
            x,
            y,
            width,
            height,
        };
        let fits = label.right() <= self.dungeon.width() * self.n
            && label.bottom() <= self.dungeon.height() * self.n;
        fits.then_some(label)
    }

    /// How well `label` belongs to room `room`; `None` when it does not.
    fn fit(&self, label: &Label, room: usize) -> Option<Fit> {
        let (mut own, mut other) = (0, 0);
        for p in self.cells_under(label, 0).cells() {
            let TileKind::Room(r) = self.dungeon.tiles()[p].kind() else {
                continue;
            };
            let (x0, y0) = (p.x * self.n, p.y * self.n);
            let across = label.right().min(x0 + self.n) - label.x.max(x0);
            let down = label.bottom().min(y0 + self.n) - label.y.max(y0);
            let area = u64::from(across) * u64::from(down);
            if r == room {
                own += area;
            } else {
                other += area;
            }
        }
        let middle = Pos::new(
            (label.x + label.width / 2) / self.n,
            (label.y + label.height / 2) / self.n,
        );
        let middle_in_room = self.dungeon.tiles()[middle].kind() == TileKind::Room(room);
        let way = if own == u64::from(label.width) * u64::from(label.height) {
            WHOLLY
        } else if middle_in_room && own > other {
            2
        } else if other == 0 && own > 0 {
            1
        } else {
            return None;
        };
        Some((way, std::cmp::Reverse(other), own))
    }

    /// The cells under `label`'s box widened by `gap` pixels (within the map).
    fn cells_under(&self, label: &Label, gap: u32) -> Rect {
        let last = |end: u32, cells: u32| ((end + gap - 1) / self.n).min(cells - 1);
        Rect {
            x0: label.x.saturating_sub(gap) / self.n,
            y0: label.y.saturating_sub(gap) / self.n,
            x1: last(label.right(), self.dungeon.width()),
            y1: last(label.bottom(), self.dungeon.height()),
        }
    }

    /// The first label placed that `label` comes within the gap between labels of, if any.
    fn crowds(&self, label: &Label) -> Option<usize> {
        self.cells_under(label, self.scale).cells().find_map(|p| {
            self.near
                .get(&p)?
                .iter()
                .copied()
                .find(|&i| self.placed[i].is_some_and(|placed| placed.near(label, self.scale)))
        })
    }

    /// Place `label`; returns its index among those placed.
    fn take(&mut self, label: Label) -> usize {
        let i = self.placed.len();
        for p in self.cells_under(&label, self.scale).cells() {
            self.near.entry(p).or_default().push(i);
        }
        self.placed.push(Some(label));
        i
    }
}

/// The first of the module's ways: wholly over the room.
const WHOLLY: u8 = 3;

/// `room`'s cells, the most interior first: by their steps through the room from the
/// nearest cell outside it, most first, then in the room's order.
fn by_depth(room: &Room) -> Vec<Pos> {
    let mut cells = depths(room);
    cells.sort_by_key(|&(_, depth)| std::cmp::Reverse(depth));
    cells.into_iter().map(|(p, _)| p).collect()
}

/// Each of `room`'s cells, in the room's order, with its steps through the room from the
/// nearest cell outside it (1 for a cell on its edge).
fn depths(room: &Room) -> Vec<(Pos, u32)> {
    let bounds = room.bounds();
    let local = |p: Pos| Pos::new(p.x - bounds.x0 + 1, p.y - bounds.y0 + 1);
    // The room's cells with a ring of outside around them.
    let mut depth = Grid::new(bounds.width() + 2, bounds.height() + 2, 0u32);
    for &p in room.cells() {
        depth[local(p)] = u32::MAX;
    }
    let mut front: Vec<Pos> = room
        .cells()
        .iter()
        .map(|&p| local(p))
        .filter(|&p| depth.neighbours(p).any(|q| depth[q] == 0))
        .collect();
    for &p in &front {
        depth[p] = 1;
    }
    let mut level = 1;
    while !front.is_empty() {
        level += 1;
        let mut next = Vec::new();
        for &p in &front {
            for q in depth.neighbours(p) {
                if depth[q] == u32::MAX {
                    depth[q] = level;
                    next.push(q);
                }
            }
        }
        front = next;
    }
    room.cells().iter().map(|&p| (p, depth[local(p)])).collect()
}
