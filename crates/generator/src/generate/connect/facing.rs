//! Which rooms face each other, and how far apart: one breadth-first flood from every room
//! at once (the breadth-first flood, with many starts) labels each free cell with its nearest room;
//! wherever two labels meet, those two rooms face each other across free ground (or touch),
//! and the steps from one to the other through that spot bound their distance.
//!
//! Every cell ends up labelled (every free region borders some room), so the rooms and the
//! pairs that face each other form one connected graph: a spanning tree of it joins every
//! room through free ground alone.

use crate::base::bits::BitGrid;
use crate::model::parts::Room;

/// A pair of rooms facing each other: `a < b`, and `steps` from a cell of `a` to a cell of
/// `b` along the shortest route through the spot where their floods met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub steps: u32,
    pub a: usize,
    pub b: usize,
}

/// The rooms that face each other, nearest first.
#[derive(Debug)]
pub struct Facing {
    /// Each pair once, at its fewest steps, sorted by (steps, a, b).
    pub edges: Vec<Edge>,
}

/// How many cells [`Facing::new`] scans for meetings between two looks at whether to
/// stop: about a millisecond's work.
const SCAN_BETWEEN_STOPS: usize = 1 << 16;

/// A cell's key in the facing flood: its steps from its room in the high half, its label
/// (the room's number) in the low half, so that the least key of a cell's neighbours is
/// its label's. Half a word when the map's rooms and steps fit in 16 bits each (half the
/// memory to fill and read), else a word.
trait Key: Copy + Ord + std::ops::Add<Output = Self> {
    /// A cell without a label: no flood reached it (yet), or none may enter it (a room's
    /// cell that is no room's, such as a closed map's wall, or the border around the
    /// grid).
    const UNLABELLED: Self;
    /// A step more.
    const STEP: Self;
    /// The key of room `r`'s own cells.
    fn room(r: usize) -> Self;
    fn label(self) -> u32;
    fn steps(self) -> u32;
}

impl Key for u64 {
    const UNLABELLED: Self = u64::MAX;
    const STEP: Self = 1 << 32;
    fn room(r: usize) -> Self {
        r as u64
    }
    fn label(self) -> u32 {
        self as u32
    }
    fn steps(self) -> u32 {
        (self >> 32) as u32
    }
}

impl Key for u32 {
    const UNLABELLED: Self = u32::MAX;
    const STEP: Self = 1 << 16;
    fn room(r: usize) -> Self {
        r as u32
    }
    fn label(self) -> u32 {
        self & 0xffff
    }
    fn steps(self) -> u32 {
        self >> 16
    }
}

/// The most rooms, and the most free cells (so steps), a map may have for keys of half
/// a word: labels and steps below `0xffff`, which an unlabelled key holds.
const HALF_KEYS_MOST: usize = 0xfffe;

impl Facing {
    /// Flood from every room at once over the `free` cells of their map and collect where
    /// the floods meet; `None`
    /// when `stop` answers true (asked at every layer of the flood, and every
    /// [`SCAN_BETWEEN_STOPS`] cells of the scan for meetings): the work was called off.
    ///
    /// The flood runs in layers of equal steps, 64 cells a word: a layer is the free
    /// cells beside the layer before that no layer reached. Of the rooms whose floods reach
    /// a cell first, a breadth-first queue seeded room by room (each layer's cells come in
    /// the order of their rooms) gives it the lowest-numbered: so each cell of a layer
    /// takes, of its neighbours in the layer before, the least label, and the layers give
    /// the labels a queue gives, without a queue. A scan of the cells then finds where two
    /// labels meet.
    #[must_use]
    pub fn new(free: &BitGrid, rooms: &[Room], stop: impl Fn() -> bool) -> Option<Self> {
        let free_cells: usize = free.words().iter().map(|w| w.count_ones() as usize).sum();
        let meetings = if rooms.len() <= HALF_KEYS_MOST && free_cells <= HALF_KEYS_MOST {
            flood::<u32>(free, rooms, stop)
        } else {
            flood::<u64>(free, rooms, stop)
        }?;
        Some(Self {
            edges: meetings.edges(),
        })
    }
}

/// Where the floods of [`Facing::new`] meet, with keys `K`; `None` when called off.
fn flood<K: Key>(free: &BitGrid, rooms: &[Room], stop: impl Fn() -> bool) -> Option<Meetings> {
    // Each cell's key (see [`Key`]), on the grid with unlabelled cells all round
    // (a row above and below, a column left, and right the rest of the last word and a
    // column more): every cell of the grid has four neighbours, so a step needs no
    // bounds test, a word's cells and theirs lie in windows of fixed length, and the
    // least key of a cell's neighbours is its label's.
    let (w, h) = (free.width() as usize, free.height() as usize);
    let wpr = w.div_ceil(64);
    let stride = 64 * wpr + 2;
    let at = |x: usize, y: usize| (y + 1) * stride + x + 1;
    let mut key = vec![K::UNLABELLED; stride * (h + 2)];
    // The cells no flood has entered, as bits: free ground not reached yet.
    let mut open = free.words().to_vec();
    let mut meetings = Meetings::default();
    let mut layers = Layers::new(wpr, h);
    for (r, room) in rooms.iter().enumerate() {
        for &p in room.cells() {
            let (x, y) = (p.x as usize, p.y as usize);
            key[at(x, y)] = K::room(r);
            layers.seed(x, y);
        }
    }
    layers.start();
    while !layers.now.is_empty() {
        if stop() {
            return None;
        }
        layers.advance(&mut open);
        for &(y, word, bits) in &layers.now {
            // The word's cells with one more each side, and the cells above and below
            // them: windows whose lengths hold every bit's index.
            let first = at(64 * word, y);
            let (before, rest) = key.split_at_mut(first - 1);
            let (row, after) = rest.split_at_mut(66);
            let row: &mut [K; 66] = row.try_into().expect("a row holds its words");
            let above: &[K; 64] = before[first - stride..][..64]
                .try_into()
                .expect("a word of the row above");
            let below: &[K; 64] = after[stride - 65..][..64]
                .try_into()
                .expect("a word of the row below");
            // Even columns, then odd ones: a cell next to the one labelled just before
            // would wait to read its key, which has no say in its label (it is of the
            // same layer).
            for half in [EVEN, !EVEN] {
                let mut bits = bits & half;
                while bits != 0 {
                    let x = bits.trailing_zeros() as usize % 64;
                    bits &= bits - 1;
                    let least = row[x].min(row[x + 2]).min(above[x]).min(below[x]);
                    row[x + 1] = least + K::STEP;
                }
            }
        }
    }
    // Where two labels meet across an edge, those rooms face each other.
    let rows_between_stops = (SCAN_BETWEEN_STOPS / stride).max(1);
    for y in 1..=h {
        if y.is_multiple_of(rows_between_stops) && stop() {
            return None;
        }
        let (row, right, below) = (
            &key[y * stride + 1..][..w],
            &key[y * stride + 2..][..w],
            &key[(y + 1) * stride + 1..][..w],
        );
        for ((&here, &right), &below) in row.iter().zip(right).zip(below) {
            if here != K::UNLABELLED {
                meetings.note(here, right);
                meetings.note(here, below);
            }
        }
    }
    Some(meetings)
}

/// The even columns of a word.
const EVEN: u64 = 0x5555_5555_5555_5555;

/// Where two labels met: each meeting as one number, (a, b, steps) from high bits to low,
/// which sorts faster than the fields do. The same pair meets cell after cell along the
/// edge between their floods: each pair is kept once where it can be, at its fewest steps.
struct Meetings {
    list: Vec<u128>,
    /// Where in `list` (plus one) a pair was put last, by a hash of the pair: 0 for none.
    recent: [u32; RECENT],
}

/// Pairs [`Meetings`] remembers where it put.
const RECENT: usize = 1024;

impl Default for Meetings {
    fn default() -> Self {
        Self {
            list: Vec::new(),
            recent: [0; RECENT],
        }
    }
}

impl Meetings {
    /// A cell of key `here` beside one of key `there`: a meeting where both are labelled,
    /// with other labels.
    #[inline]
    fn note<K: Key>(&mut self, here: K, there: K) {
        let (la, lb) = (here.label(), there.label());
        // One test, seldom true: most labelled cells share their neighbours' label.
        if (la != lb) & (there != K::UNLABELLED) {
            let steps = here.steps() + there.steps() + 1;
            let pair = u64::from(la.min(lb)) << 32 | u64::from(la.max(lb));
            let m = u128::from(pair) << 32 | u128::from(steps);
            let slot = (pair.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize % RECENT;
            match (self.recent[slot] as usize).checked_sub(1) {
                Some(i) if self.list[i] >> 32 == m >> 32 => self.list[i] = self.list[i].min(m),
                _ => {
                    self.list.push(m);
                    self.recent[slot] = self.list.len() as u32;
                }
            }
        }
    }

    /// Each pair once, at its fewest steps, nearest first, as (steps, a, b).
    fn edges(mut self) -> Vec<Edge> {
        self.list.sort_unstable();
        self.list.dedup_by_key(|m| *m >> 32);
        let mut edges: Vec<Edge> = self
            .list
            .into_iter()
            .map(|m| Edge {
                steps: m as u32,
                a: (m >> 64) as usize,
                b: (m >> 32) as u32 as usize,
            })
            .collect();
        edges.sort_unstable();
        edges
    }
}

/// How many times a layer's words must outnumber the words of the rows it spans for the
/// next layer to be found word by word over those rows.
const DENSE: usize = 4;

/// Cells of one row of a layer in one word: (row, word, bits).
type Entry = (usize, usize, u64);

/// The facing flood's layers, as the words of a grid of `wpr` words a row that hold
/// cells of the layer: the layer reached last, and what reaches the next.
struct Layers {
    wpr: usize,
    height: usize,
    /// The layer reached last.
    now: Vec<Entry>,
    /// The cells beside the layer, by word, and the words that have any.
    beside: Vec<u64>,
    touched: Vec<(usize, usize)>,
}

impl Layers {
    fn new(wpr: usize, height: usize) -> Self {
        Self {
            wpr,
            height,
            now: Vec::new(),
            beside: vec![0; wpr * height],
            touched: Vec::new(),
        }
    }

    /// Put cell `(x, y)` in the first layer.
    fn seed(&mut self, x: usize, y: usize) {
        self.beside[y * self.wpr + x / 64] |= 1 << (x % 64);
    }

    /// Make the cells put in by [`Layers::seed`] the layer, row by row.
    fn start(&mut self) {
        self.now.clear();
        for (y, row) in self.beside.chunks_exact_mut(self.wpr).enumerate() {
            for (word, bits) in row.iter_mut().enumerate() {
                if *bits != 0 {
                    self.now.push((y, word, std::mem::take(bits)));
                }
            }
        }
    }

    /// Reach `bits` of word `word` of row `y`.
    #[inline]
    fn reach(&mut self, y: usize, word: usize, bits: u64) {
        if bits != 0 {
            let at = &mut self.beside[y * self.wpr + word];
            if *at == 0 {
                self.touched.push((y, word));
            }
            *at |= bits;
        }
    }

    /// Make the cells beside the layer (left, right, up and down) that are still `open` the
    /// next layer, then no longer open: a word at a time over the rows the layer spans
    /// when it fills enough of their words, else from the layer's words one by one.
    fn advance(&mut self, open: &mut [u64]) {
        let rows = self.now.iter().map(|&(y, ..)| y);
        let (Some(first), Some(last)) = (rows.clone().min(), rows.max()) else {
            return;
        };
        let (first, last) = (first.saturating_sub(1), (last + 1).min(self.height - 1));
        if self.now.len() * DENSE < (last - first + 1) * self.wpr {
            self.spread();
            self.next(open);
            return;
        }
        let (wpr, height) = (self.wpr, self.height);
        let Self { now, beside, .. } = self;
        for &(y, word, bits) in now.iter() {
            beside[y * wpr + word] = bits;
        }
        now.clear();
        for y in first..=last {
            for word in 0..wpr {
                let i = y * wpr + word;
                let here = beside[i];
                let mut reached = here << 1 | here >> 1;
                if word > 0 {
                    reached |= beside[i - 1] >> 63;
                }
                if word + 1 < wpr {
                    reached |= beside[i + 1] << 63;
                }
                if y > 0 {
                    reached |= beside[i - wpr];
                }
                if y + 1 < height {
                    reached |= beside[i + wpr];
                }
                let bits = reached & open[i];
                if bits != 0 {
                    open[i] &= !bits;
                    now.push((y, word, bits));
                }
            }
        }
        beside[first * wpr..(last + 1) * wpr].fill(0);
    }

    /// Reach the cells beside the layer: left, right, up and down.
    fn spread(&mut self) {
        let now = std::mem::take(&mut self.now);
        for &(y, word, bits) in &now {
            self.reach(y, word, bits << 1 | bits >> 1);
            if word > 0 {
                self.reach(y, word - 1, bits << 63);
            }
            if word + 1 < self.wpr {
                self.reach(y, word + 1, bits >> 63);
            }
            if y > 0 {
                self.reach(y - 1, word, bits);
            }
            if y + 1 < self.height {
                self.reach(y + 1, word, bits);
            }
        }
        self.now = now;
    }

    /// Make what was reached and is still `open` the layer, then no longer open.
    fn next(&mut self, open: &mut [u64]) {
        self.now.clear();
        for (y, word) in self.touched.drain(..) {
            let i = y * self.wpr + word;
            let bits = std::mem::take(&mut self.beside[i]) & open[i];
            open[i] &= !bits;
            if bits != 0 {
                self.now.push((y, word, bits));
            }
        }
    }
}

/// Rooms joined so far, as sets that merge (union-find).
pub struct Joined {
    parent: Vec<usize>,
}

impl Joined {
    #[must_use]
    pub fn new(rooms: usize) -> Self {
        Self {
            parent: (0..rooms).collect(),
        }
    }

    fn root(&mut self, mut r: usize) -> usize {
        while self.parent[r] != r {
            self.parent[r] = self.parent[self.parent[r]];
            r = self.parent[r];
        }
        r
    }

    /// Join the sets of `a` and `b`; false when they were already one.
    pub fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return false;
        }
        self.parent[ra.max(rb)] = ra.min(rb);
        true
    }
}

/// The shortest edges that join every room (Kruskal's spanning tree, nearest first), and
/// the rest, nearest first.
#[must_use]
pub fn tree_and_rest(facing: &Facing, rooms: usize) -> (Vec<Edge>, Vec<Edge>) {
    let mut joined = Joined::new(rooms);
    facing
        .edges
        .iter()
        .copied()
        .partition(|e| joined.join(e.a, e.b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::colour::Rgb;
    use crate::base::grid::{Grid, Pos};
    use crate::base::tile::Tile;

    #[test]
    fn facing_rooms_are_found_unless_called_off() {
        // Two one-cell rooms on a free row, three cells apart.
        let mut tiles = Grid::new(5, 1, Tile::FREE);
        let rooms: Vec<Room> = [0, 4]
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                tiles[Pos::new(x, 0)] = Tile::of_room(i as u32);
                Room::of(vec![Pos::new(x, 0)], Rgb(0, 0, 0))
            })
            .collect();
        let free = BitGrid::of(&tiles, |t| t.is_outside_rooms());
        let facing = Facing::new(&free, &rooms, || false).expect("not called off");
        assert_eq!(
            facing.edges,
            vec![Edge {
                steps: 4,
                a: 0,
                b: 1
            }]
        );
        assert!(Facing::new(&free, &rooms, || true).is_none());
    }

    #[test]
    fn keys_of_half_a_word_and_of_a_word_find_the_same_meetings() {
        // A map two words wide with walls here and there, rooms of one to three cells
        // strewn over it, and two rooms that touch.
        let (w, h) = (70u32, 40u32);
        let mut tiles = Grid::new(w, h, Tile::FREE);
        let mut state = 12_345u64;
        let mut next = |n: u32| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as u32 % n
        };
        for _ in 0..300 {
            let p = Pos::new(next(w), next(h));
            tiles[p] = Tile::WALL;
        }
        let mut rooms: Vec<Room> = Vec::new();
        let mut place = |tiles: &mut Grid<Tile>, cells: Vec<Pos>| {
            let id = rooms.len() as u32;
            for &c in &cells {
                tiles[c] = Tile::of_room(id);
            }
            rooms.push(Room::of(cells, Rgb(0, 0, 0)));
        };
        place(&mut tiles, vec![Pos::new(10, 10), Pos::new(11, 10)]);
        place(&mut tiles, vec![Pos::new(12, 10)]);
        for _ in 0..40 {
            let (x, y) = (next(w - 3), next(h));
            let cells: Vec<Pos> = (x..x + 1 + next(3)).map(|x| Pos::new(x, y)).collect();
            if cells.iter().all(|&c| tiles[c] == Tile::FREE) {
                place(&mut tiles, cells);
            }
        }
        let free = BitGrid::of(&tiles, |t| t.is_outside_rooms());
        let half = flood::<u32>(&free, &rooms, || false).expect("not called off");
        let word = flood::<u64>(&free, &rooms, || false).expect("not called off");
        let (half, word) = (half.edges(), word.edges());
        assert!(half.len() > rooms.len(), "{} meetings", half.len());
        assert!(half.contains(&Edge {
            steps: 1,
            a: 0,
            b: 1
        }));
        assert_eq!(half, word);
    }
}
