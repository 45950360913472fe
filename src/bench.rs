//! How heavy a recipe is: generation timed against one plain breadth-first flood of the
//! whole empty grid (a queue over a `Vec<bool>`, four neighbours, memory included), the
//! floor any generator pays. The generator's own flood, as a game asks for it (one
//! distance map of a map that is floor wall to wall, `Dungeon::distances`), is timed
//! beside it, but it is not the floor: it answers for every cell, reached or not. Used by
//! `dungeon-viewer bench` and `cargo bench`.

use std::collections::VecDeque;
use std::fmt;
use std::hint::black_box;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use dungeon_generator::Error;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_generator::{Dungeon, Pos, Rgb, Room};
use dungeon_generator::{Stats, Timings};

/// Timings of a recipe, in milliseconds.
#[derive(Clone, Debug)]
pub struct Report {
    pub recipe: Recipe,
    /// The levels made each time: every level of a recipe of several that names none (as
    /// `render` draws them), else one.
    pub levels: u32,
    pub iterations: u32,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
    /// Medians of the two stages of generation, summed over the levels: placing rooms,
    /// joining them by paths.
    pub rooms_ms: f64,
    pub paths_ms: f64,
    /// Median time of one plain flood of the whole empty grid ([`plain_flood`]).
    pub floor_ms: f64,
    /// Median time of one flood of the whole grid by the generator's own walk
    /// ([`generic_flood`]).
    pub generic_flood_ms: f64,
    pub stats: Stats,
}

impl Report {
    /// Generation's median over the floor's: how many plain whole-grid floods a map costs.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        self.median_ms / self.floor_ms
    }
}

/// Floods timed at least, however few the generations.
const FLOOD_RUNS: u32 = 50;

/// Generate `recipe` (every level it makes, see [`every_level`]) once for its figures (its
/// first level's), then `iterations` times (at least once) timed,
/// and time both floods. The three are timed in turn, round by round, so that load from
/// elsewhere on the machine weighs on all of them alike and their ratio holds. Each
/// generation done adds one to `generations_done`, for a watcher on another thread
/// (`iterations + 1` in all).
///
/// # Errors
/// When the recipe is out of range.
pub fn measure(
    recipe: &Recipe,
    iterations: u32,
    generations_done: &AtomicU32,
) -> Result<Report, Error> {
    let iterations = iterations.max(1);
    let (dungeon, _, levels) = every_level(recipe)?;
    generations_done.fetch_add(1, Ordering::Relaxed);
    let stats = dungeon.stats();
    let (width, height) = (recipe.width, recipe.height);
    let open = open_map(width, height);
    let [mut times, mut floors, mut generic, mut rooms, mut paths] =
        std::array::from_fn(|_| Times::default());
    for round in 0..iterations.max(FLOOD_RUNS) {
        if round < iterations {
            let mut stages = Timings::default();
            times.push(once(|| {
                if let Some((_, timings, _)) = black_box(every_level(black_box(recipe)).ok()) {
                    stages = timings;
                }
            }));
            rooms.push(stages.rooms.as_secs_f64() * 1e3);
            paths.push(stages.paths.as_secs_f64() * 1e3);
            generations_done.fetch_add(1, Ordering::Relaxed);
        }
        floors.push(once(|| {
            black_box(plain_flood(black_box(width), height));
        }));
        generic.push(once(|| {
            black_box(generic_flood(black_box(&open)));
        }));
    }
    Ok(Report {
        recipe: recipe.clone(),
        levels,
        iterations,
        median_ms: times.median(),
        min_ms: times.least,
        max_ms: times.most,
        rooms_ms: rooms.median(),
        paths_ms: paths.median(),
        floor_ms: floors.median(),
        generic_flood_ms: generic.median(),
        stats,
    })
}

/// Make the levels `recipe` makes: the one it names, or, naming none, every level (each
/// made from the one above, as a file of them all is). Returns the first level made, the
/// stages' times summed over the levels, and how many levels were made.
///
/// # Errors
/// When the recipe is out of range, or a level's pins and vaults wall a room in.
pub fn every_level(recipe: &Recipe) -> Result<(Dungeon, Timings, u32), Error> {
    let first = generate(recipe)?;
    let mut timings = first.timings();
    let mut made = 1;
    let mut below = if recipe.level.is_none() {
        first.next_level()?
    } else {
        None
    };
    while let Some(level) = below {
        timings.rooms += level.timings().rooms;
        timings.paths += level.timings().paths;
        made += 1;
        below = level.next_level()?;
    }
    Ok((first, timings, made))
}

/// Times kept at most by [`Times`]: 512 KiB of them.
pub const KEPT_MOST: usize = 1 << 16;

/// Times to take the median of, in bounded memory, however many there are: every one up to
/// [`KEPT_MOST`], and past that a sample of that many, each time as likely as any other to
/// be in it (reservoir sampling, its picks drawn from a fixed seed). Up to [`KEPT_MOST`]
/// times the median is exact; beyond, it is the sample's, whose rank among all the times
/// lies within ±0.4 % of the middle 19 times in 20, far closer than a shared machine's
/// times agree. The least and the most are exact, always.
#[derive(Clone, Debug)]
pub struct Times {
    kept: Vec<f64>,
    seen: u64,
    /// The least time seen (infinite before the first).
    pub least: f64,
    /// The most time seen (0 before the first).
    pub most: f64,
    picks: Pcg64Mcg,
}

impl Default for Times {
    fn default() -> Self {
        Self {
            kept: Vec::new(),
            seen: 0,
            least: f64::INFINITY,
            most: 0.0,
            picks: Pcg64Mcg::seed_from_u64(0),
        }
    }
}

impl Times {
    /// Add a time: kept while fewer than [`KEPT_MOST`] are, else in the place of a kept one
    /// with the chance that keeps the sample even.
    pub fn push(&mut self, ms: f64) {
        self.seen += 1;
        self.least = self.least.min(ms);
        self.most = self.most.max(ms);
        if self.kept.len() < KEPT_MOST {
            self.kept.push(ms);
        } else {
            let at = self.picks.random_range(0..self.seen);
            if let Some(place) = usize::try_from(at)
                .ok()
                .and_then(|at| self.kept.get_mut(at))
            {
                *place = ms;
            }
        }
    }

    /// How many times were added.
    #[must_use]
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// How many are kept: at most [`KEPT_MOST`].
    #[must_use]
    pub fn kept(&self) -> usize {
        self.kept.len()
    }

    /// The median of the times kept (0 without any).
    pub fn median(&mut self) -> f64 {
        if self.kept.is_empty() {
            return 0.0;
        }
        median(&mut self.kept)
    }
}

/// The floor: one plain breadth-first flood of an empty `width × height` grid from its
/// top-left cell, memory included, in the simplest correct code; returns how many cells
/// it reached.
#[must_use]
pub fn plain_flood(width: u32, height: u32) -> usize {
    let (w, h) = (width as usize, height as usize);
    let mut seen = vec![false; w * h];
    let mut queue = VecDeque::new();
    if w * h > 0 {
        seen[0] = true;
        queue.push_back((0usize, 0usize));
    }
    let mut reached = 0;
    while let Some((x, y)) = queue.pop_front() {
        reached += 1;
        // Stepping off the left or top wraps to a huge value, off the grid like the others.
        let neighbours = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        for (nx, ny) in neighbours {
            if nx < w && ny < h && !seen[ny * w + nx] {
                seen[ny * w + nx] = true;
                queue.push_back((nx, ny));
            }
        }
    }
    reached
}

/// A `width × height` map that is one room wall to wall (none for an empty one), for
/// [`generic_flood`].
#[must_use]
pub fn open_map(width: u32, height: u32) -> Option<Dungeon> {
    let recipe = Recipe {
        width,
        height,
        rooms: 1,
        room_size: 1,
        ..Recipe::default()
    };
    let all = (0..height).flat_map(|y| (0..width).map(move |x| Pos::new(x, y)));
    let room = Room::new(all.collect(), Rgb::BLACK).ok()?;
    Dungeon::from_parts(&recipe, vec![room], Vec::new()).ok()
}

/// One flood of `open` (an [`open_map`]) from its top-left cell by the generator's own
/// walk, a distance map as a game asks for one, memory included; returns how many cells
/// it reached.
#[must_use]
pub fn generic_flood(open: &Option<Dungeon>) -> usize {
    open.as_ref().map_or(0, |map| {
        let distances = map.distances([Pos::new(0, 0)]);
        distances.as_slice().iter().filter(|d| d.is_some()).count()
    })
}

/// The median and the fastest of `n` runs of `f` (at least one), in milliseconds.
pub fn time_ms(n: u32, mut f: impl FnMut()) -> (f64, f64) {
    let mut times = Times::default();
    for _ in 0..n.max(1) {
        times.push(once(&mut f));
    }
    (times.median(), times.least)
}

/// Milliseconds one run of `f` took.
pub fn once(f: impl FnOnce()) -> f64 {
    let start = Instant::now();
    f();
    start.elapsed().as_secs_f64() * 1e3
}

/// Sorts `times` and returns their median.
///
/// # Panics
/// When `times` is empty.
pub fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    }
}

/// `key: value` lines, one per figure.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "recipe: {}", self.recipe)?;
        writeln!(f, "levels: {}", self.levels)?;
        writeln!(
            f,
            "cells: {}",
            u64::from(self.recipe.width) * u64::from(self.recipe.height)
        )?;
        writeln!(f, "rooms_placed: {}", self.stats.rooms_placed)?;
        writeln!(f, "room_cells: {}", self.stats.room_cells)?;
        writeln!(f, "path_cells: {}", self.stats.path_cells)?;
        writeln!(f, "iterations: {}", self.iterations)?;
        writeln!(f, "median_ms: {:.4}", self.median_ms)?;
        writeln!(f, "min_ms: {:.4}", self.min_ms)?;
        writeln!(f, "max_ms: {:.4}", self.max_ms)?;
        writeln!(f, "rooms_ms: {:.4}", self.rooms_ms)?;
        writeln!(f, "paths_ms: {:.4}", self.paths_ms)?;
        writeln!(f, "floor_ms: {:.4}", self.floor_ms)?;
        writeln!(f, "ratio: {:.2}", self.ratio())?;
        writeln!(f, "generic_flood_ms: {:.4}", self.generic_flood_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_floods_reach_every_cell() {
        for (w, h) in [(1, 1), (64, 56), (7, 300)] {
            assert_eq!(plain_flood(w, h), (w * h) as usize);
            assert_eq!(generic_flood(&open_map(w, h)), (w * h) as usize);
        }
        assert_eq!(plain_flood(0, 5), 0);
        assert_eq!(generic_flood(&open_map(0, 5)), 0);
    }

    /// `n` different times, 0 to `n - 1` ms, in a scrambled order.
    fn scrambled(n: u64) -> impl Iterator<Item = f64> {
        // 7919 is prime and no factor of the counts used: every time comes once.
        (0..n).map(move |i| ((i * 7919) % n) as f64)
    }

    #[test]
    fn times_give_the_exact_median_of_up_to_the_most_kept() {
        let mut times = Times::default();
        for ms in scrambled(101) {
            times.push(ms);
        }
        assert_eq!(times.median(), 50.0);
        assert_eq!((times.least, times.most, times.seen()), (0.0, 100.0, 101));
    }

    #[test]
    fn millions_of_times_keep_a_bounded_sample_whose_median_is_near_the_middle() {
        let (n, mut times) = (3_000_000, Times::default());
        for ms in scrambled(n) {
            times.push(ms);
        }
        assert_eq!(times.kept(), KEPT_MOST);
        assert_eq!(times.seen(), n);
        assert_eq!((times.least, times.most), (0.0, (n - 1) as f64));
        let middle = (n / 2) as f64;
        // Within 1 % of the middle rank: five standard deviations of the sample's.
        assert!(
            (times.median() - middle).abs() < 0.01 * n as f64,
            "{}",
            times.median()
        );
    }
}
